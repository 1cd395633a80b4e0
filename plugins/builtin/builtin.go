// Package builtin embeds the built-in plugins, built by `make plugins` from
// plugins/<name>/ and committed as plugins/builtin/<name>.wasm, so that the
// mnemo binary carries them.
package builtin

import "embed"

// FS holds <name>.wasm for every built-in plugin.
//
//go:embed *.wasm
var FS embed.FS

// Described is describe.json: the describe answer of every built-in, by
// name, as its module gives it, so that a host can load a built-in lazily
// (compiling it at its first call) without compiling it to ask.
// TestBuiltinDescribe in package host checks it against the modules;
// `go test ./host -run TestBuiltinDescribe -update` rewrites it after
// `make plugins`.
//
//go:embed describe.json
var Described []byte

// Uninterruptible reports whether a host may run the built-in name without
// the checks that stop a call at its deadline (wasm.Manifest.Uninterruptible):
// its work is bounded by its input, it runs no code of anyone else's and it
// waits on nothing outside itself. The rule extractor is such a plugin; the
// script reranker runs tenants' scripts and the LLM extractor waits on an
// LLM, so they keep the checks.
func Uninterruptible(name string) bool { return name == "rule-extractor" }
