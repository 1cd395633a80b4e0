package llm

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/mnemohq/mnemo/core"
)

// ProbePrompt is the prompt name of the requests Probe sends.
const ProbePrompt = "structured-output-probe"

// probeSchema is what a probe asks for: small, and easy for any model that
// follows instructions, so that a failure says more about the server than
// about the model.
var probeSchema = []byte(`{"type":"object","properties":{"ok":{"type":"boolean"},"colour":{"type":"string","enum":["blue"]}},"required":["ok","colour"],"additionalProperties":false}`)

var probeMessages = []core.Message{
	{Role: "system", Content: "You answer with JSON only."},
	{Role: "user", Content: `Answer with a JSON object whose field "ok" is true and whose field "colour" is "blue".`},
}

// ModeResult is what a probe found out about one structured-output mode.
type ModeResult struct {
	// Mode is JSONSchema, JSONObject or PromptOnly.
	Mode string
	// Works is true when the endpoint took the request and the answer
	// matched the schema.
	Works bool
	// Detail says why it does not work: the endpoint refused the request
	// (its error), or the answer did not match (the validation error).
	Detail string
}

// ProbeReport is the outcome of Probe for one model.
type ProbeReport struct {
	Model string
	// Modes are the modes tried, strongest first.
	Modes []ModeResult
	// Chosen is the mode requests with a schema use: the first that works,
	// else PromptOnly (its answers are validated and repaired).
	Chosen string
}

// modes remembers, per model, the structured-output mode Auto settled on.
type modes struct {
	mu    sync.Mutex
	known map[string]string
}

// modeFor returns the structured-output mode of requests to model, and
// whether it is settled: the configured mode always is; under Auto, the
// mode a first answered request settled on, else JSONSchema, tentatively.
func (c *Client) modeFor(model string) (string, bool) {
	if c.o.StructuredOutput != Auto {
		return c.o.StructuredOutput, true
	}
	c.modes.mu.Lock()
	defer c.modes.mu.Unlock()
	if m, ok := c.modes.known[model]; ok {
		return m, true
	}
	return JSONSchema, false
}

// settle remembers that the endpoint answered model's request in mode.
func (c *Client) settle(model, mode string, refused []string) {
	c.modes.mu.Lock()
	if c.modes.known == nil {
		c.modes.known = map[string]string{}
	}
	_, had := c.modes.known[model]
	c.modes.known[model] = mode
	c.modes.mu.Unlock()
	if !had && len(refused) > 0 {
		c.policy.logger.Info("llm endpoint refused a structured output mode; using a weaker one for this model",
			"model", model, "refused", strings.Join(refused, ", "), "mode", mode)
	}
}

// weaker returns the mode to try when the endpoint refuses mode.
func weaker(mode string) (string, bool) {
	switch mode {
	case JSONSchema:
		return JSONObject, true
	case JSONObject:
		return PromptOnly, true
	}
	return "", false
}

// Probe sends one small request per structured-output mode to the model
// of the given size, strongest first, and reports which the endpoint
// honours and which mode is the strongest that works. It is what `mnemo
// llm check` prints; it does not change the mode of this Client, which
// under Auto learns from its requests: the first is sent in JSONSchema
// mode, and a refusal (an answer of status 400) is sent again at once in
// the next weaker mode; the mode the endpoint answers is kept for the
// model. Errors are those of
// an endpoint that cannot be reached or keeps failing (core.ErrUnavailable)
// and ctx's.
func (c *Client) Probe(ctx context.Context, size core.ModelSize) (ProbeReport, error) {
	model := c.Model(size)
	rep := ProbeReport{Model: model}
	sch, err := compileSchema(probeSchema)
	if err != nil {
		return rep, fmt.Errorf("probe structured output: %w", err)
	}
	for _, mode := range []string{JSONSchema, JSONObject, PromptOnly} {
		req := core.CompletionRequest{Prompt: ProbePrompt, Messages: probeMessages, Schema: probeSchema, MaxTokens: 64}
		params := c.params(req, mode)
		params.Model = model
		what := fmt.Sprintf("probe structured output %s of model %q", mode, model)
		var res *openai.ChatCompletion
		err := c.policy.run(ctx, what, ProbePrompt, estimateTokens(probeMessages)+64, func(u core.Usage) {
			core.MeterFrom(ctx).Add(ProbePrompt, u)
			c.stats.Add(ProbePrompt, u)
		}, func(actx context.Context, opts ...option.RequestOption) (core.Usage, error) {
			r, err := c.chat.New(actx, params, opts...)
			if err != nil {
				return core.Usage{}, err
			}
			res = r
			return core.Usage{PromptTokens: int(r.Usage.PromptTokens), CompletionTokens: int(r.Usage.CompletionTokens)}, nil
		})
		r := ModeResult{Mode: mode}
		switch {
		case errors.Is(err, core.ErrInvalid):
			// The endpoint refused the request as bad: it does not
			// know the response format.
			r.Detail = "refused: " + err.Error()
		case err != nil:
			return rep, err
		case len(res.Choices) == 0:
			r.Detail = "the answer has no choices"
		default:
			if _, verr := checkAnswer(res.Choices[0].Message.Content, sch); verr != nil {
				r.Detail = "answered, but " + verr.Error()
			} else {
				r.Works = true
			}
		}
		rep.Modes = append(rep.Modes, r)
		if r.Works && rep.Chosen == "" {
			rep.Chosen = mode
		}
	}
	if rep.Chosen == "" {
		rep.Chosen = PromptOnly
	}
	return rep, nil
}
