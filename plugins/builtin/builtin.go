// Package builtin embeds the built-in plugins, built by `make plugins` from
// plugins/<name>/ and committed as plugins/builtin/<name>.wasm, so that the
// mnemo binary carries them.
package builtin

import "embed"

// FS holds <name>.wasm for every built-in plugin.
//
//go:embed *.wasm
var FS embed.FS
