package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"github.com/mnemohq/mnemo/core"
)

// Client is a core.LLM on any OpenAI-compatible chat completions endpoint,
// with structured output, retries, re-prompts, limits, accounting and an
// optional cache.
//
// A Client is safe for concurrent use. It holds no resources beyond idle
// HTTP connections and needs no Close.
type Client struct {
	o      Options
	chat   openai.ChatCompletionService
	policy *policy
	cache  *cache
	stats  *core.Meter
	modes  modes
}

var _ core.LLM = (*Client)(nil)

// New returns a Client. It validates o and opens nothing.
func New(o Options) (*Client, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	o = o.withDefaults()
	p, err := newPolicy(o.Limiter, o.MaxRetries, o.RequestTimeout, o.BackoffBase, o.BackoffMax, o.MaxRetryAfter, o.Now, o.Sleep, o.Logger)
	if err != nil {
		return nil, err
	}
	c := &Client{
		o:      o,
		chat:   openai.NewChatCompletionService(serviceOptions(o.BaseURL, o.APIKey, o.HTTPClient)...),
		policy: p,
		stats:  core.NewMeter(),
	}
	if o.CacheDir != "" {
		c.cache = &cache{dir: o.CacheDir}
	}
	return c, nil
}

// serviceOptions configures an openai-go service explicitly, so that the
// process environment (OPENAI_*) has no effect beyond what ApplyEnv put
// in the options, and openai-go's own retries are off: policy governs.
func serviceOptions(base, key string, hc *http.Client) []option.RequestOption {
	if hc == nil {
		hc = &http.Client{Transport: http.DefaultTransport}
		if t, ok := http.DefaultTransport.(*http.Transport); ok {
			hc.Transport = t.Clone()
		}
	}
	opts := []option.RequestOption{
		option.WithBaseURL(base),
		option.WithHTTPClient(hc),
		option.WithMaxRetries(0),
	}
	if key != "" {
		opts = append(opts, option.WithAPIKey(key))
	}
	return opts
}

// Usage returns the usage of every request this Client made, per prompt
// name, since it was created: each attempt (retries and re-prompts
// included) counts as a call. The map is the caller's.
func (c *Client) Usage() map[string]core.Usage { return c.stats.Snapshot() }

// Model returns the model name a request of the given size uses.
func (c *Client) Model(size core.ModelSize) string {
	if size == core.ModelSmall {
		return c.o.SmallModel
	}
	return c.o.Model
}

// Complete sends one prompt. With req.Schema set, it asks for JSON in the
// configured StructuredOutput mode (under Auto, the mode the model's first
// probe chose), strips reasoning blocks and code
// fences from the answer, validates it against the schema and re-prompts
// with the validation error up to MaxReprompts times; the Content it
// returns is then the JSON document alone. A text answer is returned
// without its <think>…</think> reasoning, if any. The Completion's Model
// is the name the endpoint gave the model that answered, or the configured
// name when it gave none (answeredBy).
//
// Usage in the Completion sums every attempt; it is also added to
// core.MeterFrom(ctx) and to Usage() under req.Prompt. A cache hit makes
// no request and records no usage.
//
// Errors wrap core.ErrInvalid for a bad request or a request the endpoint
// refuses as bad, core.ErrUnavailable when the endpoint keeps failing or
// the answers stay invalid, and ctx's error when ctx is done.
func (c *Client) Complete(ctx context.Context, req core.CompletionRequest) (core.Completion, error) {
	what := fmt.Sprintf("complete prompt %q", req.Prompt)
	if req.Prompt == "" {
		return core.Completion{}, fmt.Errorf("complete prompt: the request has no prompt name: %w", core.ErrInvalid)
	}
	if len(req.Messages) == 0 {
		return core.Completion{}, fmt.Errorf("%s: no messages: %w", what, core.ErrInvalid)
	}
	var sch *schema
	if req.Schema != nil {
		var err error
		if sch, err = compileSchema(req.Schema); err != nil {
			return core.Completion{}, fmt.Errorf("%s: %w: %w", what, err, core.ErrInvalid)
		}
	}
	model := c.Model(req.Model)
	mode, settled := c.modeFor(model)
	params := c.params(req, mode)
	var key string
	if c.cache != nil {
		key = cacheKey(params)
		if e, ok := c.cache.get(key); ok {
			c.policy.logger.Debug("llm cache hit", "prompt", req.Prompt)
			return core.Completion{Content: e.Content, Model: answeredBy(e.Model, model)}, nil
		}
	}
	meter := core.MeterFrom(ctx)
	var total core.Usage
	record := func(u core.Usage) {
		meter.Add(req.Prompt, u)
		c.stats.Add(req.Prompt, u)
		total = total.Add(u)
	}
	estimate := estimateTokens(req.Messages) + int(maxTokensOf(params))
	var lastErr, refusal error
	var refused []string
	for round := 0; ; round++ {
		var res *openai.ChatCompletion
		err := c.policy.run(ctx, what, req.Prompt, estimate, record, func(actx context.Context, opts ...option.RequestOption) (core.Usage, error) {
			r, err := c.chat.New(actx, params, opts...)
			if err != nil {
				return core.Usage{}, err
			}
			res = r
			return core.Usage{PromptTokens: int(r.Usage.PromptTokens), CompletionTokens: int(r.Usage.CompletionTokens)}, nil
		})
		if err != nil && sch != nil && !settled && round == 0 && formatRefusal(err) {
			// Under Auto, a refusal before the mode is settled may be
			// the response format's: send it again in the next weaker
			// mode. Refused in every mode, it is the request's.
			if refusal == nil {
				refusal = err
			}
			refused = append(refused, mode)
			if next, ok := weaker(mode); ok {
				mode = next
				params = c.params(req, mode)
				round--
				continue
			}
			return core.Completion{Usage: total}, refusal
		}
		if err != nil {
			return core.Completion{Usage: total}, err
		}
		if sch != nil && !settled {
			c.settle(model, mode, refused)
			settled = true
		}
		if len(res.Choices) == 0 {
			return core.Completion{Usage: total}, fmt.Errorf("%s: the answer has no choices: %w", what, core.ErrUnavailable)
		}
		choice := res.Choices[0]
		msg := choice.Message
		if msg.Content == "" && msg.Refusal != "" {
			return core.Completion{Usage: total}, fmt.Errorf("%s: the model refused: %s: %w", what, msg.Refusal, core.ErrInvalid)
		}
		out := core.Completion{Content: msg.Content, Model: answeredBy(res.Model, model), Usage: total}
		if sch == nil {
			out.Content = stripThink(msg.Content)
			c.store(key, out)
			return out, nil
		}
		doc, verr := checkAnswer(msg.Content, sch)
		if verr == nil {
			out.Content = doc
			c.store(key, out)
			return out, nil
		}
		if choice.FinishReason == "length" {
			verr = fmt.Errorf("%w (the answer was cut off at the token limit, %d)", verr, maxTokensOf(params))
		}
		lastErr = verr
		if round >= c.o.MaxReprompts {
			break
		}
		c.policy.logger.Warn("llm answer invalid, re-prompting", "prompt", req.Prompt, "round", round+1, "err", verr)
		echo, fix := truncate(msg.Content, maxEcho), repairMessage(verr)
		params.Messages = append(params.Messages, openai.AssistantMessage(echo), openai.UserMessage(fix))
		estimate += estimateTokens([]core.Message{{Content: echo}, {Content: fix}})
	}
	return core.Completion{Usage: total}, fmt.Errorf("%s: no valid answer after %d re-prompts: %w: %w",
		what, c.o.MaxReprompts, lastErr, core.ErrUnavailable)
}

// answeredBy names the model that answered a request sent to the
// configured model: the name the endpoint reported in its answer, when it
// gave one, else the configured name. The endpoint's name is the more
// truthful of the two, because the configured name is only what was
// asked for: OpenAI answers an alias ("gpt-4o-mini") with the snapshot
// that served it ("gpt-4o-mini-2024-07-18"), Azure names the model behind
// a deployment, and a router may name the model it picked. A server of
// one model usually echoes the requested name, which changes nothing.
func answeredBy(reported, configured string) string {
	if reported != "" {
		return reported
	}
	return configured
}

// formatRefusal reports whether err is an answer that may refuse the
// request's response format: status 400 or 422.
func formatRefusal(err error) bool {
	var se *StatusError
	return errors.As(err, &se) && (se.StatusCode == http.StatusBadRequest || se.StatusCode == http.StatusUnprocessableEntity)
}

// maxEcho bounds how much of an invalid answer is sent back to the model.
const maxEcho = 8 << 10

func repairMessage(err error) string {
	return "Your answer could not be used: " + err.Error() +
		".\nAnswer again with only the corrected JSON document, no other text."
}

// params builds the chat completion request, asking for structured
// output in mode when req has a schema.
func (c *Client) params(req core.CompletionRequest, mode string) openai.ChatCompletionNewParams {
	p := openai.ChatCompletionNewParams{Model: shared.ChatModel(c.Model(req.Model))}
	msgs := req.Messages
	if req.Schema != nil && mode != JSONSchema {
		msgs = withSchemaInstruction(msgs, req.Schema)
	}
	for _, m := range msgs {
		switch m.Role {
		case "system":
			p.Messages = append(p.Messages, openai.SystemMessage(m.Content))
		case "assistant":
			p.Messages = append(p.Messages, openai.AssistantMessage(m.Content))
		default:
			p.Messages = append(p.Messages, openai.UserMessage(m.Content))
		}
	}
	if t := req.Temperature; t != nil {
		p.Temperature = openai.Float(*t)
	} else if t := c.o.Temperature; t != nil {
		p.Temperature = openai.Float(*t)
	}
	n := int64(c.o.MaxTokens)
	if req.MaxTokens > 0 {
		n = int64(req.MaxTokens)
	}
	if c.o.MaxTokensParam == MaxTokensLegacy {
		p.MaxTokens = openai.Int(n)
	} else {
		p.MaxCompletionTokens = openai.Int(n)
	}
	if req.Schema != nil {
		switch mode {
		case JSONSchema:
			js := shared.ResponseFormatJSONSchemaJSONSchemaParam{
				Name:   schemaName(req.Prompt),
				Schema: json.RawMessage(req.Schema),
			}
			if c.o.StrictSchema {
				js.Strict = openai.Bool(true)
			}
			p.ResponseFormat.OfJSONSchema = &shared.ResponseFormatJSONSchemaParam{JSONSchema: js}
		case JSONObject:
			p.ResponseFormat.OfJSONObject = &shared.ResponseFormatJSONObjectParam{}
		}
	}
	return p
}

func maxTokensOf(p openai.ChatCompletionNewParams) int64 {
	if p.MaxTokens.Valid() {
		return p.MaxTokens.Value
	}
	return p.MaxCompletionTokens.Value
}

// withSchemaInstruction appends the schema to the last user message (or
// adds a user message), for modes where the server does not receive it.
func withSchemaInstruction(msgs []core.Message, sch []byte) []core.Message {
	text := "Respond with only a JSON document, no other text, that satisfies this JSON Schema:\n" + string(sch)
	out := append([]core.Message(nil), msgs...)
	for i := len(out) - 1; i >= 0; i-- {
		if out[i].Role == "user" {
			out[i].Content += "\n\n" + text
			return out
		}
	}
	return append(out, core.Message{Role: "user", Content: text})
}

// schemaName makes a json_schema name (a-z, A-Z, 0-9, _ and -, at most 64)
// from a prompt name.
func schemaName(prompt string) string {
	var b strings.Builder
	for _, r := range prompt {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
		if b.Len() == 64 {
			break
		}
	}
	if b.Len() == 0 {
		return "answer"
	}
	return b.String()
}

// estimateTokens guesses a prompt's tokens before sending it: a token is
// about four bytes of English, plus a few tokens of framing per message.
func estimateTokens(msgs []core.Message) int {
	n := 3
	for _, m := range msgs {
		n += 4 + (len(m.Content)+3)/4
	}
	return n
}

func (c *Client) store(key string, out core.Completion) {
	if c.cache == nil || key == "" {
		return
	}
	if err := c.cache.put(key, cacheEntry{Content: out.Content, Model: out.Model}); err != nil {
		c.policy.logger.Warn("llm cache write failed", "err", err)
	}
}

// truncate cuts s to at most n bytes on a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
