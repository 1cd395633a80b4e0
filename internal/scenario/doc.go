// Package scenario tests ingestion end to end on a real Host: the kuzu
// store in a temporary directory, the plugins compiled to wasm under
// wazero, and, in LLM mode, the real LLM client against the scripted test
// server. The scenarios follow a story through the graph (moves,
// out-of-order job changes, entity resolution, relative dates, groups
// kept apart, idempotent re-sends, deletes); a child process killed with
// SIGKILL mid-ingestion checks crash recovery; and the ingestion
// benchmarks of `make bench` (BenchmarkIngestOffline, IngestLLMCalls,
// IngestOverhead) run here. It holds tests only.
package scenario
