// Package retrievaltest tests retrieval end to end: engine.Engine's Search,
// Context and SearchBatch on a real Kuzu store (package kuzu), with the
// offline embedder, and the cross-encoder through the real LLM client
// against the in-process OpenAI-compatible server (host/llm/llmtest).
// These tests live outside core because core may not import kuzu or host.
//
// The graphs are written with the store directly, with known timestamps and
// embeddings, so each test knows its right answer.
package retrievaltest
