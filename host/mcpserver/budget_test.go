package mcpserver_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/hosttest"
	"github.com/mnemohq/mnemo/host/mcpserver"
)

// TestAddMemoryBudget checks add_memory against the budgets: over stdio
// (an in-memory transport, the same server) a group's budget refuses the
// third episode of a minute with the budget and its retry time, and over
// HTTP a key's budget refuses what its group's budget would admit.
func TestAddMemoryBudget(t *testing.T) {
	cfg := hosttest.Config(t)
	const key = "mcp-budget-key-0123456789"
	cfg.Budget.Default = host.BudgetLimits{EpisodesPerMinute: 2}
	h, err := host.Open(context.Background(), cfg, host.OpenOptions{Now: clock.now})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	ctx := context.Background()

	st, ct := mcp.NewInMemoryTransports()
	go mcpserver.New(h, mcpserver.Options{DefaultGroup: "budget-stdio"}).Serve(ctx, st)
	s, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for i := range 2 {
		if msg := call(t, s, "add_memory", map[string]any{"name": "m", "episode_body": "Hana met Ivo."}, &map[string]any{}); msg != "" {
			t.Fatalf("add_memory %d: %s", i, msg)
		}
	}
	if msg := call(t, s, "add_memory", map[string]any{"name": "m", "episode_body": "Hana met Ivo."}, &map[string]any{}); !strings.Contains(msg, `episodes_per_minute budget of group "budget-stdio"`) || !strings.Contains(msg, "retry after") {
		t.Errorf("add_memory over the budget = %q, want the budget's refusal", msg)
	}

	hk := *h
	hk.Config.HTTP.Keys = []host.APIKeyConfig{{Key: key, Groups: []string{"budget-*"}, Budget: host.BudgetLimits{EpisodesPerMinute: 1}}}
	srv := httptest.NewServer(mcpserver.New(&hk, mcpserver.Options{DefaultGroup: "budget-http"}).Handler())
	defer srv.Close()
	sk, err := connect(t, srv.URL, key)
	if err != nil {
		t.Fatal(err)
	}
	defer sk.Close()
	if msg := call(t, sk, "add_memory", map[string]any{"name": "m", "episode_body": "Hana met Ivo."}, &map[string]any{}); msg != "" {
		t.Fatalf("add_memory with the key: %s", msg)
	}
	if msg := call(t, sk, "add_memory", map[string]any{"name": "m", "episode_body": "Hana met Ivo."}, &map[string]any{}); !strings.Contains(msg, "http.keys[0]") || strings.Contains(msg, key) {
		t.Errorf("add_memory over the key's budget = %q, want the refusal naming http.keys[0], never the key", msg)
	}
}
