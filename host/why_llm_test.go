package host_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
	"github.com/mnemohq/mnemo/host/wire"
)

// TestWhyNamesTheModel ingests an episode through the llm-extractor on a
// host whose [llm] names its models, with the scripted model of the
// poisoning suite behind the real client, and asks why of the fact: the
// episode that stated it names the extractor and, as its rule, the model
// that extracted it (the configured name for the role the plugin asked
// for, or the name the endpoint reported), not the role.
func TestWhyNamesTheModel(t *testing.T) {
	tests := []struct {
		name     string
		config   string // the llm-extractor's plugin_config
		reported string // the model the endpoint says answered; "" echoes the request's
		want     string
	}{
		{name: "main model", want: "model acme-large"},
		{name: "small model", config: `{"extract_model": "small"}`, want: "model acme-small"},
		{name: "endpoint names its snapshot", reported: "acme-large-2026-01-15", want: "model acme-large-2026-01-15"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Handle(func(r llmtest.Request) (llmtest.Answer, bool) {
				a, ok := scriptedModel(r)
				a.Model = tt.reported
				return a, ok
			})
			h := openHost(t, func(c *host.Config) {
				c.LLM.BaseURL = srv.URL()
				c.LLM.APIKey = "test-key"
				c.LLM.Model = "acme-large"
				c.LLM.SmallModel = "acme-small"
				c.Plugins.Default.Extractor = "llm-extractor"
				if tt.config != "" {
					c.Plugins.Default.PluginConfig = map[string]string{"llm-extractor": tt.config}
				}
			})
			fact := ingestOne(t, h, "why", "Maya: I moved to Lisbon last month.")
			w, err := h.ShowWhy(context.Background(), "why", fact.UUID)
			if err != nil {
				t.Fatalf("ShowWhy(%s) = %v", fact.UUID, err)
			}
			if !slices.ContainsFunc(w.Steps, func(s wire.WhyStep) bool {
				return s.Step == core.WhyStated && s.Extractor == "llm-extractor" && s.Rule == tt.want
			}) {
				t.Errorf("ShowWhy(%q).Steps = %+v, want a stated step by llm-extractor with rule %q", fact.Text, w.Steps, tt.want)
			}
			if len(srv.RequestsFor("extract")) != 1 {
				t.Errorf("the model got %d extract requests, want 1", len(srv.RequestsFor("extract")))
			}
		})
	}
}

// ingestOne ingests one user message into group g, waits for it and
// returns the one fact it stated.
func ingestOne(t *testing.T, h *host.Host, g, content string) core.Fact {
	t.Helper()
	ingestWait(t, h, g, content, time.Date(2025, 3, 14, 9, 0, 0, 0, time.UTC))
	page, err := h.Engine.ListFacts(context.Background(), g, core.ListOptions{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Items) != 1 {
		t.Fatalf("episode %q stated facts %+v, want one", content, page.Items)
	}
	return page.Items[0]
}

// ingestWait ingests one message of the user, sent at at, into group g
// and waits until it is done.
func ingestWait(t *testing.T, h *host.Host, g, content string, at time.Time) {
	t.Helper()
	ctx := context.Background()
	ep := core.Episode{GroupID: g, Source: core.SourceMessage, Content: content, ValidAt: at, Trust: core.TrustUser}
	res, err := h.Engine.Ingest(ctx, []core.Episode{ep})
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	reports, err := h.Engine.Wait(wctx, g, res[0].UUID)
	if err != nil {
		t.Fatal(err)
	}
	if reports[0].Status != core.EpisodeDone {
		t.Fatalf("episode %q: %s (%s)", content, reports[0].Status, reports[0].Error)
	}
}
