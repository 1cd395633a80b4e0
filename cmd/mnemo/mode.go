package main

import (
	"fmt"
	"strings"

	"mnemo/host"
)

// mode describes, for start-up banners and summaries, what serves the
// default plugin set and the embeddings under cfg's effective values:
// the configured extractor, not the built-in one a banner once assumed.
// llmModel is the main model's name, empty without an LLM.
func mode(cfg host.Config, llmModel string) string {
	var parts []string
	if llmModel == "" {
		parts = append(parts, "offline: no LLM")
	} else {
		parts = append(parts, "LLM "+llmModel)
	}
	parts = append(parts, "extractor "+cfg.Plugins.Default.Extractor)
	if r := cfg.Plugins.Default.Reranker; r != "" {
		parts = append(parts, "rerank plugin "+r)
	}
	switch e := cfg.Embedder; {
	case e.Provider == "local":
		parts = append(parts, "local embedder")
	case e.Model != "":
		parts = append(parts, fmt.Sprintf("embedder %s (%s)", e.Model, e.Provider))
	default:
		parts = append(parts, "embedder "+e.Provider)
	}
	if n := len(cfg.Plugins.Tenants); n == 1 {
		parts = append(parts, "1 tenant rule")
	} else if n > 1 {
		parts = append(parts, fmt.Sprintf("%d tenant rules", n))
	}
	return strings.Join(parts, ", ")
}
