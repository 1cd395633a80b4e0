package wasm_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// The third-party example, plugins/examples/keyword-boost, is written from
// docs/plugins.md alone (no SDK). These tests build it and replay the
// worked example of that document, so the document and the host cannot
// drift apart unnoticed.

func keywordBoost(tb testing.TB) []byte {
	tb.Helper()
	return buildModule(tb, "keyword-boost", filepath.Join("..", "plugins", "examples", "keyword-boost"))
}

func TestThirdPartyExample(t *testing.T) {
	var logs syncBuffer
	rt := openRuntime(t, wasm.Options{Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	p, err := rt.Load(context.Background(), "keyword-boost", keywordBoost(t), wasm.Manifest{Config: []byte(`{"keywords":["lisbon"],"boost":0.05}`)})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close(context.Background())

	wantDescribe := abi.Describe{
		Name:         "keyword-boost",
		Version:      "1.0.0",
		ABIVersion:   1,
		Description:  "boosts candidates whose text contains configured keywords",
		Capabilities: []string{abi.CapRerank},
		Imports:      []string{abi.HostLog},
	}
	if diff := cmp.Diff(wantDescribe, p.Describe()); diff != "" {
		t.Errorf("Describe() mismatch (-want +got):\n%s", diff)
	}

	// The rerank request of docs/plugins.md, section 5.
	req := []byte(`{
	  "group_id": "acme",
	  "query": "where does alice live",
	  "scope": "facts",
	  "limit": 10,
	  "now": "2025-03-14T09:30:00Z",
	  "candidates": [
	    {"uuid": "f-9", "text": "alice lives in Porto", "scores": {"cosine": 0.82, "bm25": 4.1}, "ranks": {"cosine": 2, "bm25": 1},
	     "valid_at": "2021-06-01T00:00:00Z", "invalid_at": "2025-02-01T00:00:00+01:00", "created_at": "2024-11-02T10:00:00Z",
	     "mentions": 3, "distance": 1},
	    {"uuid": "f-31", "text": "alice lives in Lisbon", "scores": {"cosine": 0.85}, "ranks": {"cosine": 1},
	     "valid_at": "2025-02-01T00:00:00+01:00", "created_at": "2025-03-14T08:26:53Z", "mentions": 1, "distance": 1}
	  ]
	}`)
	out, err := p.Call(context.Background(), abi.CapRerank, req)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"results":[{"uuid":"f-31","score":0.06639344262295083},{"uuid":"f-9","score":0.03252247488101534}]}`
	if string(out) != want {
		t.Errorf("rerank answer = %s, want %s (docs/plugins.md, section 10)", out, want)
	}
	if !strings.Contains(logs.String(), "candidates=2 keywords=1") {
		t.Errorf("the plugin's log line is missing from the host's log:\n%s", logs.String())
	}

	// The same plugin behind core.Reranker.
	r, err := wasm.NewReranker(p, "acme")
	if err != nil {
		t.Fatal(err)
	}
	var creq struct {
		Candidates []struct {
			UUID  string         `json:"uuid"`
			Text  string         `json:"text"`
			Ranks map[string]int `json:"ranks"`
		} `json:"candidates"`
	}
	if err := json.Unmarshal(req, &creq); err != nil {
		t.Fatal(err)
	}
	var cands []core.RerankCandidate
	for _, c := range creq.Candidates {
		cands = append(cands, core.RerankCandidate{UUID: c.UUID, Text: c.Text, Ranks: c.Ranks, Distance: -1})
	}
	got, err := r.Rerank(context.Background(), core.RerankRequest{Query: "where does alice live", Scope: core.ScopeFacts, Now: time.Now(), Candidates: cands})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].UUID != "f-31" || got[1].UUID != "f-9" {
		t.Errorf("Rerank() = %+v, want f-31 then f-9", got)
	}
}

func TestThirdPartyExampleRejectsBadConfiguration(t *testing.T) {
	_, err := shared(t).Load(context.Background(), "keyword-boost", keywordBoost(t), wasm.Manifest{Config: []byte(`{"keywords":[]}`)})
	var pe *wasm.PluginError
	if !errors.As(err, &pe) || pe.Func != "mnemo_configure" || !errors.Is(err, core.ErrInvalid) || !strings.Contains(err.Error(), "no keywords") {
		t.Errorf("Load with no keywords = %v, want a configure error wrapping core.ErrInvalid", err)
	}
}
