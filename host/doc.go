// Package host is mnemo's composition root: Config (the one struct with
// file tags), Load, and Open, which wires the kuzu store, the embedder, the
// LLM client, the wasm plugin runtime with each group's plugins
// (PluginSets, reloaded when files change) and the core engine into a
// Host. The CLI (cmd/mnemo), the HTTP API (host/httpapi) and the MCP server
// (host/mcpserver) are built on a Host.
package host
