package host_test

import (
	"context"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
)

// TestBuiltinsCompileAtFirstCall opens a host on the defaults, with a
// Kuzu database, and the script reranker configured beside the rule
// extractor: the reranker, which has a configuration to check, is
// compiled at the start; the extractor is not, and searching does not
// compile it; the first episode compiles it and is extracted. (That
// nothing is compiled before, the compilation cache's files show in
// package wasm's TestLoadLazily.)
func TestBuiltinsCompileAtFirstCall(t *testing.T) {
	ctx := context.Background()
	h := openHost(t, func(c *host.Config) {
		c.Plugins.Default.Reranker = "script-reranker"
		c.Plugins.Default.PluginConfig = map[string]string{"script-reranker": "rrf"}
	})
	compiled := func() map[string]bool {
		out := map[string]bool{}
		for _, p := range h.Plugins.Loaded() {
			out[p.Name] = p.Stats.Compiled
		}
		return out
	}
	if got := compiled(); len(got) != 2 || got["rule-extractor"] || !got["script-reranker"] {
		t.Fatalf("compiled after Open = %v, want rule-extractor false and script-reranker true", got)
	}
	if _, err := h.Engine.Search(ctx, retrieval.Request{Groups: []string{"g"}, Query: "where does Ann work"}); err != nil {
		t.Fatalf("Search: %v", err)
	}
	if got := compiled(); got["rule-extractor"] {
		t.Errorf("compiled after a search = %v, want rule-extractor false", got)
	}

	res, err := h.Engine.Ingest(ctx, []core.Episode{{GroupID: "g", Source: core.SourceMessage, Content: "Ann: I work at Globex now.", ValidAt: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)}})
	if err != nil {
		t.Fatalf("Ingest: %v", err)
	}
	wctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	reports, err := h.Engine.Wait(wctx, "g", res[0].UUID)
	if err != nil {
		t.Fatalf("Wait: %v", err)
	}
	if r := reports[0]; r.Status != core.EpisodeDone || r.Facts == 0 {
		t.Fatalf("Wait() = %+v, want the episode done with a fact", r)
	}
	if got := compiled(); !got["rule-extractor"] {
		t.Errorf("compiled after an episode = %v, want rule-extractor true", got)
	}
}

// TestPluginPoolSize checks that plugins.pool_size bounds the instances
// of a plugin: a batch of episodes, prepared four at once, leaves one
// instance of the rule extractor alive with a pool of one (the default
// pool of eight leaves up to four).
func TestPluginPoolSize(t *testing.T) {
	ctx := context.Background()
	h := openHost(t, func(c *host.Config) { c.Plugins.PoolSize = 1 })
	var eps []core.Episode
	for i := range 12 {
		eps = append(eps, core.Episode{GroupID: "g", Source: core.SourceMessage, Content: "Ann: I work at Globex now and I live in Oslo.",
			ValidAt: time.Date(2026, 3, 1, 0, i, 0, 0, time.UTC)})
	}
	res, err := h.Engine.Ingest(ctx, eps)
	if err != nil {
		t.Fatalf("Ingest: %v", err)
	}
	ids := make([]string, len(res))
	for i, r := range res {
		ids[i] = r.UUID
	}
	wctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	reports, err := h.Engine.Wait(wctx, "g", ids...)
	if err != nil {
		t.Fatalf("Wait: %v", err)
	}
	for _, r := range reports {
		if r.Status != core.EpisodeDone {
			t.Fatalf("episode %s is %s (%s), want done", r.UUID, r.Status, r.Error)
		}
	}
	for _, p := range h.Plugins.Loaded() {
		if p.Name == "rule-extractor" && p.Stats.Instances != 1 {
			t.Errorf("rule-extractor has %d instances alive with plugins.pool_size 1, want 1", p.Stats.Instances)
		}
	}
}
