package host

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/llm"
)

// LLMCheck is what CheckLLM found out about the configured endpoint.
type LLMCheck struct {
	BaseURL string
	// Configured is llm.structured_output as configured ("auto" when
	// unset).
	Configured string
	// Models has a probe per model: the main one, and the small one when
	// it is another.
	Models []llm.ProbeReport
	// Uses is the mode mnemo will use for each model, by name.
	Uses map[string]string
	// Embedder is the check of the [embedder] endpoint, nil with the
	// local embedder.
	Embedder *EmbedderCheck
	// Problems say where the configured mode cannot work, or the
	// embedder does not answer as configured.
	Problems []string
}

// EmbedderCheck is what CheckLLM found out about the embedding endpoint:
// one request with one text.
type EmbedderCheck struct {
	BaseURL string
	Model   string
	// Dimension is embedder.dimensions.
	Dimension int
	// Works is whether the endpoint answered with a vector of Dimension.
	Works  bool
	Detail string
}

// CheckLLM probes the LLM endpoint of cfg, without opening the database:
// for each model, one small request per structured-output mode. It makes
// real requests, which the endpoint may bill. An endpoint that cannot be
// reached is an error wrapping core.ErrUnavailable; no LLM configured, one
// wrapping core.ErrInvalid.
//
// With an embedding endpoint configured (embedder.provider = "openai"), it
// also embeds one text there and checks the vector's dimension; an LLM is
// then not required.
func CheckLLM(ctx context.Context, cfg Config, logger *slog.Logger) (LLMCheck, error) {
	remote := cfg.Embedder.Provider != "local"
	if !cfg.LLM.Configured() && !remote {
		return LLMCheck{}, fmt.Errorf("%w: no LLM is configured: set llm.base_url, llm.api_key or llm.model (and [embedder] for an embedding endpoint)", core.ErrInvalid)
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	h := &Host{Config: cfg, Logger: logger}
	var out LLMCheck
	if remote {
		ec, err := checkEmbedder(ctx, h)
		if err != nil {
			return out, err
		}
		out.Embedder = &ec
		if !ec.Works {
			out.Problems = append(out.Problems, fmt.Sprintf("embedder %s at %s: %s", ec.Model, ec.BaseURL, ec.Detail))
		}
	}
	if !cfg.LLM.Configured() {
		return out, nil
	}
	c, err := llm.New(h.llmOptions())
	if err != nil {
		return LLMCheck{}, fmt.Errorf("open llm client: %w", err)
	}
	eff := cfg.Effective().LLM
	out.BaseURL, out.Configured, out.Uses = eff.BaseURL, eff.StructuredOutput, map[string]string{}
	sizes := []core.ModelSize{core.ModelMain}
	if c.Model(core.ModelSmall) != c.Model(core.ModelMain) {
		sizes = append(sizes, core.ModelSmall)
	}
	for _, size := range sizes {
		rep, err := c.Probe(ctx, size)
		if err != nil {
			return out, err
		}
		out.Models = append(out.Models, rep)
		uses := rep.Chosen
		if out.Configured != "auto" {
			uses = map[string]string{"json_schema": llm.JSONSchema, "json_object": llm.JSONObject, "prompt_only": llm.PromptOnly}[out.Configured]
			for _, m := range rep.Modes {
				if m.Mode == uses && !m.Works {
					out.Problems = append(out.Problems, fmt.Sprintf("model %s: llm.structured_output = %q does not work with this endpoint (%s); set it to \"auto\" or %q",
						rep.Model, out.Configured, m.Detail, ModeName(rep.Chosen)))
				}
			}
		}
		out.Uses[rep.Model] = uses
	}
	return out, nil
}

// ModeName is the configuration's name of an llm structured-output mode.
func ModeName(mode string) string {
	if mode == llm.PromptOnly {
		return "prompt_only"
	}
	return mode
}

// checkEmbedder embeds one text with the configured embedding endpoint;
// an endpoint that fails or answers wrongly is reported in the check.
func checkEmbedder(ctx context.Context, h *Host) (EmbedderCheck, error) {
	c := h.Config.Embedder
	out := EmbedderCheck{BaseURL: c.BaseURL, Model: c.Model, Dimension: c.Dimensions}
	if out.BaseURL == "" {
		out.BaseURL = llm.DefaultBaseURL
	}
	if err := h.openEmbedder(); err != nil {
		return out, err
	}
	vs, err := h.Embedder.Embed(ctx, []string{"mnemo llm check"})
	switch {
	case err != nil:
		out.Detail = cleanCheckErr(err)
	case len(vs) != 1 || len(vs[0]) != c.Dimensions:
		out.Detail = fmt.Sprintf("the answer is not one vector of %d dimensions", c.Dimensions)
	default:
		out.Works, out.Detail = true, fmt.Sprintf("%d dimensions", len(vs[0]))
	}
	return out, nil
}

// cleanCheckErr is err's message without a sentinel's prefix.
func cleanCheckErr(err error) string {
	s := err.Error()
	for _, e := range []error{core.ErrInvalid, core.ErrUnavailable} {
		s = strings.TrimPrefix(s, e.Error()+": ")
	}
	return s
}
