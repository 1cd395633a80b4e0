// Package llmtest is an in-process OpenAI-compatible server for tests of
// everything that reaches a model: it serves POST /v1/chat/completions and
// POST /v1/embeddings (also without the /v1 prefix) from answers the test
// scripts, injects failures, and records every request. Tests talk to it
// through the real llm.Client and llm.Embedder (and so through openai-go),
// never through a fake of core.LLM.
//
// # Use
//
//	srv := llmtest.New(t) // closed when the test ends
//	srv.Script("extract", llmtest.JSON(map[string]any{"entities": []string{"Alice"}}))
//	c, err := llm.New(srv.ClientOptions())
//	...
//	got, err := c.Complete(ctx, core.CompletionRequest{Prompt: "extract", ...})
//	reqs := srv.RequestsFor("extract") // what the client sent, parsed
//
// # Choosing an answer
//
// For a chat request the server takes, in order:
//
//  0. a 400 when the request asks for a response format the server was
//     told to refuse (RefuseFormats), as servers without json_schema do;
//  1. the next one-shot fault queued with FailNext, MalformNext or
//     DelayNext (any endpoint; a DelayNext fault delays and then goes on
//     down this list);
//  2. the first Handle function that accepts the request;
//  3. the next answer scripted for the request's prompt name with Script
//     (answers are used in order and the last one repeats);
//  4. for llm.ProbePrompt (Client.Probe), the answer a model gives;
//  5. otherwise the test fails (t.Errorf) and the client gets a 400.
//
// Embedding requests go through steps 1 and 2, then get one deterministic
// vector per input from core/hashembed: the request's dimensions, or
// SetDimension's (default 64).
//
// The prompt name is the llm.PromptHeader header (X-Mnemo-Prompt) that
// llm.Client sends with every request; embeddings carry llm.EmbedPrompt.
//
// # Usage figures
//
// Every answer reports usage: Answer.PromptTokens and
// Answer.CompletionTokens when set, otherwise bytes/4 of the request's
// messages (or inputs) and of the answer's content, at least 1.
//
// # Concurrency
//
// A Server is safe for concurrent use; InFlight and PeakInFlight count the
// API requests being served at once, which tests of llm.Limiter assert.
package llmtest
