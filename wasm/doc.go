// Package wasm runs mnemo's plugins: WebAssembly modules, sandboxed by
// wazero, that extract, resolve, rerank and summarize for the pipeline. It
// is the only package that imports wazero, and no wazero type appears in
// its API.
//
// A Runtime holds the compilation cache; Runtime.Load compiles a module (once
// per module, on disk with Options.CacheDir), checks that it speaks the ABI
// of package github.com/mnemohq/mnemo/wasm/abi (docs/plugins.md), and returns a Plugin. A Plugin
// keeps a pool of instances, because an instance runs one call at a time:
// each call takes an idle instance or makes one (the module's _initialize,
// then mnemo_configure with the manifest's configuration), runs under a
// deadline and returns the instance to the pool, unless it failed in a way
// that leaves its state in doubt (a trap, the deadline, an answer outside the
// ABI), in which case the instance is discarded.
//
// # Memory
//
// A plugin's cost is its instances. The plugins of a Runtime with the same
// memory limit share one wazero runtime, and those of the same module share
// its compiled code and decoded form, so loading the same module for
// another tenant adds an instance (4 to 6 MB for the built-in Go modules)
// and nothing else of note. Load makes one instance to check the module
// and closes it, so a plugin costs no linear memory until it is called.
// LoadLazily goes further for a module whose describe answer is known
// beforehand (a built-in's): it compiles nothing until the first call, so
// a plugin never called costs neither compiled code nor compilation.
// An idle instance is closed after Options.IdleTimeout, except each plugin's most recently used one, so a
// burst of concurrent calls does not keep its instances. On Linux a linear
// memory is an anonymous mapping of the memory limit that grows in place:
// only the pages a plugin touches are resident (memory_linux.go).
//
// # Sandbox
//
// A plugin gets what its Manifest grants and nothing else: no filesystem
// (WASI calls on paths fail), no network (no socket is ever preopened), a
// fixed fake clock and a deterministic random source unless granted, a
// memory cap, a deadline per call (an infinite loop ends in an error
// matching context.DeadlineExceeded, and the next call works), a size limit
// on every message, and a budget of host calls and log lines per call. The
// host functions llm_complete and embed reach the Options' core.LLM and
// core.Embedder with the call's context, so a core.Meter in the caller's
// context counts a plugin's LLM usage.
//
// # Errors
//
// Every failure of a plugin is a *PluginError naming the plugin and the
// export; errors.Is tells ErrTrap, ErrMemoryLimit, ErrMalformed, ErrFailed,
// core.ErrTooLarge, core.ErrInvalid (a module or configuration refused at
// load) and the context errors apart. Nothing a plugin does panics the host.
// Plugin.Stats counts calls and failures so the host can report a plugin
// that keeps failing.
//
// # Adapters
//
// Extractor, EntityResolver, FactResolver, Reranker and Summarizer make a
// Plugin satisfy core's interfaces, converting between core values and ABI
// messages and dropping any part of an answer that refers to objects the
// request did not contain. Dates in answers are RFC 3339 or YYYY-MM-DD; an
// extracted fact with any other date is dropped with a warning in the
// Extraction.
package wasm
