package llm

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Defaults of Options and EmbedderOptions.
const (
	DefaultBaseURL            = "https://api.openai.com/v1"
	DefaultModel              = "gpt-4.1-mini"
	DefaultSmallModel         = "gpt-4.1-nano"
	DefaultEmbeddingModel     = "text-embedding-3-small"
	DefaultEmbeddingDimension = 1536
	DefaultMaxTokens          = 4096
	DefaultRequestTimeout     = 2 * time.Minute
	DefaultMaxRetries         = 4
	DefaultBackoffBase        = 500 * time.Millisecond
	DefaultBackoffMax         = 30 * time.Second
	DefaultMaxRetryAfter      = 2 * time.Minute
	DefaultMaxReprompts       = 2
	DefaultMaxBatchTexts      = 128
	DefaultMaxBatchTokens     = 50_000
)

// Structured-output modes (Options.StructuredOutput).
const (
	// Auto uses the strongest mode the endpoint honours for each model:
	// JSONSchema, then JSONObject, then PromptOnly. The first request with
	// a schema finds out: one the endpoint refuses (status 400) is sent
	// again at once in the next weaker mode, and the mode answered is kept
	// for the model. A request refused in every mode fails with the first
	// refusal and settles nothing.
	Auto = "auto"
	// JSONSchema sends the schema as response_format json_schema: the
	// server constrains the answer to it. OpenAI, Azure OpenAI, vLLM,
	// llama.cpp server, LM Studio and Ollama 0.5 and later support it.
	JSONSchema = "json_schema"
	// JSONObject sends response_format json_object (any JSON object) and
	// puts the schema in the prompt, for servers without json_schema.
	JSONObject = "json_object"
	// PromptOnly sends no response_format and puts the schema in the
	// prompt, for servers that reject both formats.
	PromptOnly = "prompt"
)

// Names of the answer-length parameter (Options.MaxTokensParam).
const (
	MaxCompletionTokens = "max_completion_tokens"
	MaxTokensLegacy     = "max_tokens"
)

// PromptHeader is the HTTP header that carries CompletionRequest.Prompt (and
// "embed" for embeddings) on every request, so that logs, proxies and the
// llmtest server can tell prompts apart.
const PromptHeader = "X-Mnemo-Prompt"

// Options configures a Client. The zero value talks to OpenAI with
// DefaultModel once APIKey is set; every zero field means the default its
// documentation names.
type Options struct {
	// BaseURL is the OpenAI-compatible endpoint, up to and including the
	// version ("http://localhost:11434/v1"). Empty means DefaultBaseURL.
	BaseURL string
	// APIKey is sent as a bearer token. It is required for OpenAI's
	// endpoint; local servers usually need none.
	APIKey string
	// Model is the main model (extraction). Empty means DefaultModel with
	// OpenAI's endpoint; with any other BaseURL it is required.
	Model string
	// SmallModel serves core.ModelSmall requests (resolution, reranking).
	// Empty means DefaultSmallModel with OpenAI's endpoint, else Model.
	SmallModel string
	// Temperature is sent with every request unless the request sets its
	// own; nil sends none and the server's default applies (reasoning
	// models accept only their default).
	Temperature *float64
	// MaxTokens caps each answer unless the request sets its own. Zero
	// means DefaultMaxTokens. With vLLM, prompt plus MaxTokens must fit the
	// model's context.
	MaxTokens int
	// MaxTokensParam names the parameter that carries MaxTokens:
	// MaxCompletionTokens (the default, which OpenAI's reasoning models
	// require) or MaxTokensLegacy for servers that know only the old name.
	MaxTokensParam string
	// StructuredOutput is how a request with a schema asks for JSON:
	// Auto (the default), JSONSchema, JSONObject or PromptOnly. In every
	// mode the answer is validated against the schema here, and an invalid
	// one is sent back for repair (MaxReprompts).
	StructuredOutput string
	// StrictSchema sends strict: true in JSONSchema mode. OpenAI then
	// guarantees the schema, which must meet its strict subset (every
	// property required, additionalProperties false).
	StrictSchema bool
	// MaxReprompts bounds how many times an answer that is not valid JSON
	// for the schema is sent back to the model with the validation error.
	// Zero means DefaultMaxReprompts; negative means none.
	MaxReprompts int
	// CacheDir, when set, keeps every validated answer on disk keyed by
	// model, messages, schema and sampling settings, and answers a repeated
	// request from it without a call. Off by default.
	CacheDir string

	// RequestTimeout bounds one attempt; a timed-out attempt is retried.
	// Zero means DefaultRequestTimeout.
	RequestTimeout time.Duration
	// MaxRetries bounds the retries of one request after a 429, a 5xx, a
	// timeout or a connection error. Zero means DefaultMaxRetries;
	// negative means none.
	MaxRetries int
	// BackoffBase and BackoffMax shape the wait before retry n (from 0):
	// a random duration in [0, min(BackoffMax, BackoffBase·2ⁿ)] ("full
	// jitter"). Zero means DefaultBackoffBase and DefaultBackoffMax.
	BackoffBase time.Duration
	BackoffMax  time.Duration
	// MaxRetryAfter is the longest Retry-After the client honours; a
	// server asking for longer fails the request at once. Zero means
	// DefaultMaxRetryAfter.
	MaxRetryAfter time.Duration
	// Limiter is the process-wide concurrency and rate limit, shared with
	// the other clients the host creates. Nil gives this Client a Limiter
	// of its own with LimiterOptions' defaults.
	Limiter *Limiter
	// HTTPClient sends the requests; nil means a client with
	// http.DefaultTransport's settings.
	HTTPClient *http.Client
	// Logger receives retries, re-prompts and cache errors; nil discards.
	Logger *slog.Logger
	// Now is the clock, used for Retry-After dates; nil means time.Now.
	Now func() time.Time
	// Sleep waits before retries; nil means a timer. It must return ctx's
	// error when ctx is done.
	Sleep func(ctx context.Context, d time.Duration) error
}

// ApplyEnv fills APIKey and BaseURL from OPENAI_API_KEY and OPENAI_BASE_URL
// when they are empty. The client never reads the environment by itself.
func (o *Options) ApplyEnv(getenv func(string) string) {
	o.APIKey, o.BaseURL = applyEnv(getenv, o.APIKey, o.BaseURL)
}

func applyEnv(getenv func(string) string, key, base string) (string, string) {
	if key == "" {
		key = getenv("OPENAI_API_KEY")
	}
	if base == "" {
		base = getenv("OPENAI_BASE_URL")
	}
	return key, base
}

// Validate reports whether the options are usable, with an error wrapping
// core.ErrInvalid.
func (o Options) Validate() error {
	if err := validateEndpoint(o.BaseURL, o.APIKey, o.Model); err != nil {
		return err
	}
	if err := validateRetry(o.RequestTimeout, o.BackoffBase, o.BackoffMax, o.MaxRetryAfter, o.Limiter); err != nil {
		return err
	}
	switch o.StructuredOutput {
	case "", Auto, JSONSchema, JSONObject, PromptOnly:
	default:
		return invalidf("StructuredOutput %q: want %q, %q, %q or %q", o.StructuredOutput, Auto, JSONSchema, JSONObject, PromptOnly)
	}
	switch o.MaxTokensParam {
	case "", MaxCompletionTokens, MaxTokensLegacy:
	default:
		return invalidf("MaxTokensParam %q: want %q or %q", o.MaxTokensParam, MaxCompletionTokens, MaxTokensLegacy)
	}
	if o.MaxTokens < 0 {
		return invalidf("MaxTokens %d is negative", o.MaxTokens)
	}
	if t := o.Temperature; t != nil && (*t < 0 || *t > 2) {
		return invalidf("Temperature %v: want 0 to 2", *t)
	}
	return nil
}

// Effective returns o with its defaults filled in, as a Client uses it
// (the retry policy's too): for tools that show the effective
// configuration.
func (o Options) Effective() Options {
	o = o.withDefaults()
	if o.RequestTimeout == 0 {
		o.RequestTimeout = DefaultRequestTimeout
	}
	if o.MaxRetries == 0 {
		o.MaxRetries = DefaultMaxRetries
	}
	o.MaxRetries = max(o.MaxRetries, 0)
	return o
}

func (o Options) withDefaults() Options {
	o.BaseURL = strings.TrimRight(o.BaseURL, "/")
	if o.BaseURL == "" {
		o.BaseURL = DefaultBaseURL
	}
	openAI := isOpenAI(o.BaseURL)
	if o.Model == "" && openAI {
		o.Model = DefaultModel
	}
	if o.SmallModel == "" {
		o.SmallModel = o.Model
		if openAI && o.Model == DefaultModel {
			o.SmallModel = DefaultSmallModel
		}
	}
	if o.MaxTokens == 0 {
		o.MaxTokens = DefaultMaxTokens
	}
	if o.MaxTokensParam == "" {
		o.MaxTokensParam = MaxCompletionTokens
	}
	if o.StructuredOutput == "" {
		o.StructuredOutput = Auto
	}
	if o.MaxReprompts == 0 {
		o.MaxReprompts = DefaultMaxReprompts
	}
	o.MaxReprompts = max(o.MaxReprompts, 0)
	return o
}

// EmbedderOptions configures an Embedder. The zero value embeds with
// DefaultEmbeddingModel on OpenAI once APIKey is set.
type EmbedderOptions struct {
	// BaseURL is the OpenAI-compatible endpoint, as in Options.
	BaseURL string
	// APIKey is sent as a bearer token; required for OpenAI's endpoint.
	APIKey string
	// Model is the embedding model. Empty means DefaultEmbeddingModel with
	// OpenAI's endpoint; with any other BaseURL it is required.
	Model string
	// Dimension is the length of every vector; it must equal the store's.
	// Zero means DefaultEmbeddingDimension with DefaultEmbeddingModel; with
	// any other model it is required. A vector of another length fails the
	// call with core.ErrInvalid: it is never truncated or padded.
	Dimension int
	// SendDimensions sends Dimension as the request's dimensions
	// parameter, for models that can shorten their vectors (OpenAI's
	// text-embedding-3 family). Off by default: many servers reject it.
	SendDimensions bool
	// MaxBatchTexts and MaxBatchTokens split one Embed call into requests
	// of at most that many texts and estimated tokens (bytes/4). A single
	// text above MaxBatchTokens goes alone. Zero means
	// DefaultMaxBatchTexts and DefaultMaxBatchTokens.
	MaxBatchTexts  int
	MaxBatchTokens int

	// RequestTimeout, MaxRetries, BackoffBase, BackoffMax, MaxRetryAfter,
	// Limiter, HTTPClient, Logger, Now and Sleep are as in Options.
	RequestTimeout time.Duration
	MaxRetries     int
	BackoffBase    time.Duration
	BackoffMax     time.Duration
	MaxRetryAfter  time.Duration
	Limiter        *Limiter
	HTTPClient     *http.Client
	Logger         *slog.Logger
	Now            func() time.Time
	Sleep          func(ctx context.Context, d time.Duration) error
}

// ApplyEnv fills APIKey and BaseURL from OPENAI_API_KEY and OPENAI_BASE_URL
// when they are empty.
func (o *EmbedderOptions) ApplyEnv(getenv func(string) string) {
	o.APIKey, o.BaseURL = applyEnv(getenv, o.APIKey, o.BaseURL)
}

// Validate reports whether the options are usable, with an error wrapping
// core.ErrInvalid.
func (o EmbedderOptions) Validate() error {
	if err := validateEndpoint(o.BaseURL, o.APIKey, o.Model); err != nil {
		return err
	}
	if err := validateRetry(o.RequestTimeout, o.BackoffBase, o.BackoffMax, o.MaxRetryAfter, o.Limiter); err != nil {
		return err
	}
	if o.Dimension < 0 || o.MaxBatchTexts < 0 || o.MaxBatchTokens < 0 {
		return invalidf("negative Dimension, MaxBatchTexts or MaxBatchTokens")
	}
	if o.Dimension == 0 && o.Model != "" && o.Model != DefaultEmbeddingModel {
		return invalidf("Dimension is required with model %q", o.Model)
	}
	return nil
}

func (o EmbedderOptions) withDefaults() EmbedderOptions {
	o.BaseURL = strings.TrimRight(o.BaseURL, "/")
	if o.BaseURL == "" {
		o.BaseURL = DefaultBaseURL
	}
	if o.Model == "" {
		o.Model = DefaultEmbeddingModel
	}
	if o.Dimension == 0 {
		o.Dimension = DefaultEmbeddingDimension
	}
	if o.MaxBatchTexts == 0 {
		o.MaxBatchTexts = DefaultMaxBatchTexts
	}
	if o.MaxBatchTokens == 0 {
		o.MaxBatchTokens = DefaultMaxBatchTokens
	}
	return o
}

func validateEndpoint(base, key, model string) error {
	if base != "" {
		u, err := url.Parse(base)
		if err != nil {
			return invalidf("BaseURL %q: %v", base, err)
		}
		if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return invalidf("BaseURL %q: want an http or https URL", base)
		}
	}
	openAI := base == "" || isOpenAI(base)
	if openAI && key == "" {
		return invalidf("APIKey is required for %s (set it or OPENAI_API_KEY)", DefaultBaseURL)
	}
	if !openAI && model == "" {
		return invalidf("Model is required with BaseURL %q", base)
	}
	return nil
}

func validateRetry(timeout, base, maxBackoff, maxRetryAfter time.Duration, l *Limiter) error {
	if timeout < 0 || base < 0 || maxBackoff < 0 || maxRetryAfter < 0 {
		return invalidf("negative RequestTimeout, BackoffBase, BackoffMax or MaxRetryAfter")
	}
	if l != nil && l.sem == nil {
		return invalidf("Limiter: create it with NewLimiter")
	}
	return nil
}

// isOpenAI reports whether base is OpenAI's own endpoint.
func isOpenAI(base string) bool {
	u, err := url.Parse(base)
	return err == nil && u.Host == "api.openai.com"
}

func invalidf(format string, args ...any) error {
	return fmt.Errorf("llm options: %s: %w", fmt.Sprintf(format, args...), core.ErrInvalid)
}
