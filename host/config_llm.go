package host

import (
	"time"
)

// The models: the embedder and the LLM (embedder.*, llm.*).

// EmbedderConfig chooses the embedder.
type EmbedderConfig struct {
	// Provider is "local" (the offline hashing embedder) or "openai" (any
	// OpenAI-compatible endpoint). Default: local, unless Model or BaseURL
	// is set.
	Provider string `toml:"provider" json:"provider"`
	// Model is the embedding model of an OpenAI-compatible endpoint.
	Model   string `toml:"model" json:"model"`
	BaseURL string `toml:"base_url" json:"base_url"`
	APIKey  string `toml:"api_key" json:"api_key"`
	// Dimensions is the vector size; it is fixed when the database is
	// created. Default: 256 for the local embedder; required for others
	// unless the model's default is known.
	Dimensions int `toml:"dimensions" json:"dimensions"`
	// SendDimensions sends "dimensions" to the endpoint (models that can
	// shorten their vectors).
	SendDimensions bool `toml:"send_dimensions" json:"send_dimensions"`
	// MaxBatchTexts caps texts per request. Default: the client's.
	MaxBatchTexts int `toml:"max_batch_texts" json:"max_batch_texts"`
}

// LLMConfig configures the LLM client. With no BaseURL, APIKey or Model
// (here or in OPENAI_*), mnemo runs offline.
type LLMConfig struct {
	BaseURL    string `toml:"base_url" json:"base_url"`
	APIKey     string `toml:"api_key" json:"api_key"`
	Model      string `toml:"model" json:"model"`
	SmallModel string `toml:"small_model" json:"small_model"`
	// StructuredOutput is "auto" (default: the strongest of the others
	// the endpoint takes, found by the first request), "json_schema",
	// "json_object" (servers without schema support) or "prompt_only".
	StructuredOutput string   `toml:"structured_output" json:"structured_output"`
	Temperature      *float64 `toml:"temperature" json:"temperature,omitempty"`
	MaxTokens        int      `toml:"max_tokens" json:"max_tokens"`
	// MaxTokensParam is "max_completion_tokens" (default) or "max_tokens".
	MaxTokensParam string `toml:"max_tokens_param" json:"max_tokens_param"`
	// MaxConcurrency bounds LLM and embedding requests in flight across
	// the whole process. Default: 8.
	MaxConcurrency    int `toml:"max_concurrency" json:"max_concurrency"`
	RequestsPerMinute int `toml:"requests_per_minute" json:"requests_per_minute"`
	TokensPerMinute   int `toml:"tokens_per_minute" json:"tokens_per_minute"`
	// Timeout bounds one request attempt. Default: the client's (60s).
	Timeout    time.Duration `toml:"timeout" json:"timeout"`
	MaxRetries int           `toml:"max_retries" json:"max_retries"`
	// CacheDir keeps answers on disk (off by default).
	CacheDir string `toml:"cache_dir" json:"cache_dir"`
}

// Configured reports whether an LLM endpoint is set.
func (c LLMConfig) Configured() bool { return c.BaseURL != "" || c.APIKey != "" || c.Model != "" }
