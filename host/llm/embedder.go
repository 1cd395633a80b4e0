package llm

import (
	"context"
	"fmt"
	"math"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/mnemohq/mnemo/core"
)

// EmbedPrompt is the prompt name under which embedding requests are
// recorded in core.Meter and Embedder.Usage, and sent in PromptHeader.
const EmbedPrompt = "embed"

// Embedder is a core.Embedder on any OpenAI-compatible embeddings endpoint,
// with batching, retries, limits and accounting.
//
// An Embedder is safe for concurrent use. It holds no resources beyond idle
// HTTP connections and needs no Close.
type Embedder struct {
	o      EmbedderOptions
	svc    openai.EmbeddingService
	policy *policy
	stats  *core.Meter
}

var _ core.Embedder = (*Embedder)(nil)

// NewEmbedder returns an Embedder. It validates o and opens nothing.
func NewEmbedder(o EmbedderOptions) (*Embedder, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	o = o.withDefaults()
	p, err := newPolicy(o.Limiter, o.MaxRetries, o.RequestTimeout, o.BackoffBase, o.BackoffMax, o.MaxRetryAfter, o.Now, o.Sleep, o.Logger)
	if err != nil {
		return nil, err
	}
	return &Embedder{
		o:      o,
		svc:    openai.NewEmbeddingService(serviceOptions(o.BaseURL, o.APIKey, o.HTTPClient)...),
		policy: p,
		stats:  core.NewMeter(),
	}, nil
}

// Dimension returns the configured dimension.
func (e *Embedder) Dimension() int { return e.o.Dimension }

// Usage returns the usage of every request this Embedder made, under
// EmbedPrompt; each attempt counts as a call. The map is the caller's.
func (e *Embedder) Usage() map[string]core.Usage { return e.stats.Snapshot() }

// Embed returns one L2-normalized vector per text, in order, sending the
// texts in as few requests as MaxBatchTexts and MaxBatchTokens allow, one
// after another. An empty text is sent as a single space, which endpoints
// accept. Usage is added to core.MeterFrom(ctx) and Usage() under
// EmbedPrompt.
//
// A vector whose length is not Dimension() fails the call with an error
// wrapping core.ErrInvalid; other errors are as for Client.Complete.
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	meter := core.MeterFrom(ctx)
	record := func(u core.Usage) {
		meter.Add(EmbedPrompt, u)
		e.stats.Add(EmbedPrompt, u)
	}
	for start := 0; start < len(texts); {
		end, tokens := e.batchEnd(texts, start)
		if err := e.embedBatch(ctx, texts[start:end], tokens, out[start:end], record); err != nil {
			return nil, err
		}
		start = end
	}
	return out, nil
}

// batchEnd returns where the batch starting at start ends, and its
// estimated tokens.
func (e *Embedder) batchEnd(texts []string, start int) (int, int) {
	end, tokens := start, 0
	for end < len(texts) && end-start < e.o.MaxBatchTexts {
		t := textTokens(texts[end])
		if end > start && tokens+t > e.o.MaxBatchTokens {
			break
		}
		tokens += t
		end++
	}
	return end, tokens
}

// textTokens estimates one text's tokens (bytes/4, at least 1).
func textTokens(s string) int { return max(1, (len(s)+3)/4) }

// embedBatch embeds one request's worth of texts into out.
func (e *Embedder) embedBatch(ctx context.Context, texts []string, tokens int, out [][]float32, record func(core.Usage)) error {
	what := fmt.Sprintf("embed %d texts", len(texts))
	input := make([]string, len(texts))
	for i, t := range texts {
		if t == "" {
			t = " "
		}
		input[i] = t
	}
	params := openai.EmbeddingNewParams{
		Model:          openai.EmbeddingModel(e.o.Model),
		Input:          openai.EmbeddingNewParamsInputUnion{OfArrayOfStrings: input},
		EncodingFormat: openai.EmbeddingNewParamsEncodingFormatFloat,
	}
	if e.o.SendDimensions {
		params.Dimensions = openai.Int(int64(e.o.Dimension))
	}
	var res *openai.CreateEmbeddingResponse
	err := e.policy.run(ctx, what, EmbedPrompt, tokens, record, func(actx context.Context, opts ...option.RequestOption) (core.Usage, error) {
		r, err := e.svc.New(actx, params, opts...)
		if err != nil {
			return core.Usage{}, err
		}
		res = r
		return core.Usage{PromptTokens: int(r.Usage.PromptTokens)}, nil
	})
	if err != nil {
		return err
	}
	if len(res.Data) != len(texts) {
		return fmt.Errorf("%s: the answer has %d vectors: %w", what, len(res.Data), core.ErrUnavailable)
	}
	for _, d := range res.Data {
		i := int(d.Index)
		if i < 0 || i >= len(texts) || out[i] != nil {
			return fmt.Errorf("%s: the answer has a bad or repeated index %d: %w", what, d.Index, core.ErrUnavailable)
		}
		if len(d.Embedding) != e.o.Dimension {
			hint := ""
			if !e.o.SendDimensions && len(d.Embedding) > e.o.Dimension {
				hint = " (set SendDimensions if the model can shorten its vectors)"
			}
			return fmt.Errorf("%s: model %q returned %d dimensions, want %d%s: %w",
				what, e.o.Model, len(d.Embedding), e.o.Dimension, hint, core.ErrInvalid)
		}
		v, err := normalize(d.Embedding)
		if err != nil {
			return fmt.Errorf("%s: text %d: %w", what, i, err)
		}
		out[i] = v
	}
	return nil
}

// normalize returns v scaled to unit length, in float32.
func normalize(v []float64) ([]float32, error) {
	var sum float64
	for _, x := range v {
		sum += x * x
	}
	if sum == 0 || math.IsNaN(sum) || math.IsInf(sum, 0) {
		return nil, fmt.Errorf("the vector has no direction (norm %v): %w", math.Sqrt(sum), core.ErrUnavailable)
	}
	inv := 1 / math.Sqrt(sum)
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(x * inv)
	}
	return out, nil
}
