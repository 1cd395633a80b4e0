package main

import (
	"fmt"
	"strings"

	"github.com/mnemohq/mnemo/host"
)

// mode describes, for start-up banners and summaries, what serves the
// default plugin set and the embeddings: the plugins loaded (set), by the
// names they describe themselves with, with their versions and, for those
// of the plugins directory, their files; not the built-in extractor a
// banner once assumed, nor merely the name the configuration uses.
// llmModel is the main model's name, empty without an LLM.
func mode(cfg host.Config, llmModel string, set host.SetInfo) string {
	var parts []string
	if llmModel == "" {
		parts = append(parts, "offline: no LLM")
	} else {
		parts = append(parts, "LLM "+llmModel)
	}
	parts = append(parts, "extractor "+pluginLabel(set.Extractor, cfg.Plugins.Default.Extractor))
	if r := cfg.Plugins.Default.Reranker; r != "" {
		parts = append(parts, "rerank plugin "+pluginLabel(set.Reranker, r))
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

// pluginLabel names a loaded plugin: "name version" and its file if it is
// not built in; configured is the configuration's name for it, used when
// nothing is loaded.
func pluginLabel(p host.PluginInfo, configured string) string {
	if p.Name == "" {
		return configured
	}
	label := p.Name
	if v := p.Describe.Version; v != "" {
		label += " " + v
	}
	if p.Source != "built-in" {
		label += " (" + p.Source + ")"
	}
	return label
}
