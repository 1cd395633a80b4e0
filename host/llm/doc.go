// Package llm implements core.LLM and core.Embedder on any
// OpenAI-compatible endpoint (OpenAI, Azure OpenAI's v1 API, Ollama, vLLM,
// llama.cpp server, LM Studio) with github.com/openai/openai-go. It is the
// only package of mnemo that imports openai-go.
//
// # Pieces
//
//   - Client (New, Options) sends chat completions. A request with a
//     schema gets structured output in one of three modes (JSONSchema,
//     JSONObject, PromptOnly), and its answer is cleaned (reasoning
//     blocks, code fences) and validated against the schema here whatever
//     the mode; an invalid answer is sent back with the validation error,
//     a bounded number of times.
//   - Embedder (NewEmbedder, EmbedderOptions) sends embeddings in batches,
//     checks every vector's dimension (never truncating) and normalizes it.
//   - Limiter (NewLimiter, LimiterOptions) is the one concurrency limit and
//     request and token rate limit of the process. The host creates one and
//     passes it to every Client and Embedder.
//
// # Retries
//
// Each attempt waits for the Limiter and has its own timeout. A 408, 409,
// 429 or 5xx answer, a timeout, a connection error or an answer body that
// does not decode is retried up to MaxRetries times after a wait: the
// server's retry-after-ms or Retry-After (seconds or an HTTP date) when it
// sends one, up to MaxRetryAfter; otherwise a random wait in [0,
// min(BackoffMax, BackoffBase·2ⁿ)]. Other 4xx answers fail at once with a
// *StatusError wrapping core.ErrInvalid. When ctx is done, waiting and
// retrying stop at once and the error satisfies errors.Is(err, ctx.Err()).
// openai-go's own retries are off.
//
// # Accounting
//
// Every attempt, failed or not, retries and re-prompts included, adds
// core.Usage{Calls: 1, PromptTokens, CompletionTokens} under the prompt
// name to the core.Meter in the request's context (core.WithMeter) and to
// the Client's or Embedder's totals (Usage). Embeddings are recorded under
// EmbedPrompt ("embed").
//
// # Prompt names on the wire
//
// Every request carries its prompt name in the PromptHeader HTTP header
// (X-Mnemo-Prompt). Package llmtest's server scripts answers by it.
//
// # Environment
//
// The clients never read the environment themselves; the host calls
// Options.ApplyEnv and EmbedderOptions.ApplyEnv, which fill empty APIKey
// and BaseURL fields from OPENAI_API_KEY and OPENAI_BASE_URL.
package llm
