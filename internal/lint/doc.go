// Package lint holds checks of the module written as tests, so that
// `make test` and `make check` run them: the dependency arrows of the
// layout (only kuzu/ imports go-kuzu, only wasm/ wazero, only host/llm
// openai-go; core and engine build with the standard library alone and
// CGO_ENABLED=0; core imports no engine package, a stage of the engine
// imports neither engine nor another stage, an adapter no engine package;
// wasm/abi is a leaf), surfaces that reach the store through the engine,
// and a package comment on every package of the module, for the host and
// for wasip1. Its code is in test files; this file only names the package.
package lint
