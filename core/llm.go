package core

import (
	"context"
	"maps"
	"sync"
)

// LLM completes chat prompts. host/llm implements it on any
// OpenAI-compatible endpoint with retries, limits and accounting; the
// pipeline and the plugins reach the model only through it.
type LLM interface {
	// Complete sends one prompt. When req.Schema is set the answer's Content
	// is a JSON document valid for that schema, or the call fails.
	Complete(ctx context.Context, req CompletionRequest) (Completion, error)
}

// Embedder turns texts into vectors of a fixed dimension, L2-normalized.
type Embedder interface {
	// Embed returns one vector per text, in order.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// Dimension is the length of every vector Embed returns.
	Dimension() int
}

// ModelSize picks the configured main or small model.
type ModelSize string

// Model sizes. The small model serves cheap, frequent prompts (resolution,
// reranking); the main model serves extraction.
const (
	ModelMain  ModelSize = "main"
	ModelSmall ModelSize = "small"
)

// Message is one chat message.
type Message struct {
	// Role is "system", "user" or "assistant".
	Role    string
	Content string
}

// CompletionRequest is one prompt.
type CompletionRequest struct {
	// Prompt names the prompt ("extract", "resolve_facts"...). It keys the
	// accounting, appears in errors and logs, and lets a test server script
	// answers per prompt.
	Prompt   string
	Model    ModelSize
	Messages []Message
	// Schema is the JSON Schema the answer must satisfy; nil asks for text.
	Schema []byte
	// Temperature overrides the configured temperature when not nil.
	Temperature *float64
	// MaxTokens caps the answer; zero uses the configured default.
	MaxTokens int
}

// Completion is a model's answer.
type Completion struct {
	Content string
	// Model names the model that answered, as precisely as the LLM knows
	// it ("" when it does not): host/llm gives the name the endpoint
	// reported, else the one it configures for the request's size.
	Model string
	Usage Usage
}

// Usage counts calls and tokens.
type Usage struct {
	Calls            int
	PromptTokens     int
	CompletionTokens int
}

// Add returns the sum of u and v.
func (u Usage) Add(v Usage) Usage {
	return Usage{
		Calls:            u.Calls + v.Calls,
		PromptTokens:     u.PromptTokens + v.PromptTokens,
		CompletionTokens: u.CompletionTokens + v.CompletionTokens,
	}
}

// Meter accumulates usage per prompt name. The engine puts a fresh Meter in
// the context of each episode it ingests (WithMeter); LLM and embedding
// clients add to the Meter they find there (MeterFrom), so usage is counted
// per episode even when many episodes are processed at once.
//
// A Meter is safe for concurrent use; a nil *Meter ignores Add.
type Meter struct {
	mu       sync.Mutex
	byPrompt map[string]Usage
}

// NewMeter returns an empty Meter.
func NewMeter() *Meter { return &Meter{byPrompt: map[string]Usage{}} }

// Add records usage under a prompt name.
func (m *Meter) Add(prompt string, u Usage) {
	if m == nil {
		return
	}
	m.mu.Lock()
	m.byPrompt[prompt] = m.byPrompt[prompt].Add(u)
	m.mu.Unlock()
}

// Snapshot returns a copy of the usage per prompt name.
func (m *Meter) Snapshot() map[string]Usage {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return maps.Clone(m.byPrompt)
}

// Total returns the usage summed over prompt names.
func (m *Meter) Total() Usage {
	var t Usage
	for _, u := range m.Snapshot() {
		t = t.Add(u)
	}
	return t
}

type meterKey struct{}

// WithMeter returns a context carrying m.
func WithMeter(ctx context.Context, m *Meter) context.Context {
	return context.WithValue(ctx, meterKey{}, m)
}

// MeterFrom returns the Meter in ctx, or nil.
func MeterFrom(ctx context.Context) *Meter {
	m, _ := ctx.Value(meterKey{}).(*Meter)
	return m
}
