package host

import (
	"context"
	"fmt"
	"log/slog"

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
	// Problems say where the configured mode cannot work.
	Problems []string
}

// CheckLLM probes the LLM endpoint of cfg, without opening the database:
// for each model, one small request per structured-output mode. It makes
// real requests, which the endpoint may bill. An endpoint that cannot be
// reached is an error wrapping core.ErrUnavailable; no LLM configured, one
// wrapping core.ErrInvalid.
func CheckLLM(ctx context.Context, cfg Config, logger *slog.Logger) (LLMCheck, error) {
	if !cfg.LLM.Configured() {
		return LLMCheck{}, fmt.Errorf("%w: no LLM is configured: set llm.base_url, llm.api_key or llm.model", core.ErrInvalid)
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	h := &Host{Config: cfg, Logger: logger}
	c, err := llm.New(h.llmOptions())
	if err != nil {
		return LLMCheck{}, fmt.Errorf("open llm client: %w", err)
	}
	eff := cfg.Effective().LLM
	out := LLMCheck{BaseURL: eff.BaseURL, Configured: eff.StructuredOutput, Uses: map[string]string{}}
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
