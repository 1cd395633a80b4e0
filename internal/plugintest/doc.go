// Package plugintest runs built-in plugins end to end: the built module in
// the real wazero runtime, its host functions served by the real LLM
// client, and the model played by the scripted OpenAI-compatible server.
// It holds tests only; it lives under internal/ because it imports both
// wasm and host/llm, which the dependency arrows keep apart everywhere
// else.
package plugintest
