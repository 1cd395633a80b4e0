package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// configure returns the plugin configured with script (as JSON).
func configure(t *testing.T, script string) sdk.Plugin {
	t.Helper()
	p := newPlugin()
	cfg, err := json.Marshal(config{Script: script})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sdk.Call(p, sdk.FuncConfigure, cfg); err != nil {
		t.Fatalf("configure(%q): %v", script, err)
	}
	return p
}

// rerank runs req through the plugin's JSON boundary and returns the
// ranked uuids.
func rerank(t *testing.T, p sdk.Plugin, req abi.RerankRequest) []string {
	t.Helper()
	in, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	out, err := sdk.Call(p, abi.CapRerank, in)
	if err != nil {
		t.Fatalf("rerank: %v", err)
	}
	var resp abi.RerankResponse
	if err := json.Unmarshal(out, &resp); err != nil {
		t.Fatal(err)
	}
	uuids := []string{}
	for _, r := range resp.Results {
		uuids = append(uuids, r.UUID)
	}
	return uuids
}

func readExample(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const now = "2025-06-01T12:00:00Z"

func TestRecencyRRFExample(t *testing.T) {
	p := configure(t, readExample(t, "recency-rrf.expr"))
	tests := []struct {
		name       string
		candidates []abi.RerankCandidate
		want       []string
	}{
		{
			name: "same ranks: the newer wins",
			candidates: []abi.RerankCandidate{
				{UUID: "old", Ranks: map[string]int{"cosine": 1}, ValidAt: "2025-01-01T00:00:00Z"},
				{UUID: "new", Ranks: map[string]int{"cosine": 1}, ValidAt: "2025-05-30T00:00:00Z"},
			},
			want: []string{"new", "old"},
		},
		{
			name: "a much better rank beats a little recency",
			candidates: []abi.RerankCandidate{
				{UUID: "newer-weak", Ranks: map[string]int{"cosine": 40}, ValidAt: "2025-05-25T00:00:00Z"},
				{UUID: "older-strong", Ranks: map[string]int{"cosine": 1, "bm25": 1}, ValidAt: "2025-05-20T00:00:00Z"},
			},
			want: []string{"older-strong", "newer-weak"},
		},
		{
			name: "unknown age keeps its fused score; ended facts sink",
			candidates: []abi.RerankCandidate{
				{UUID: "ended", Ranks: map[string]int{"cosine": 1, "bm25": 1}, ValidAt: "2025-05-31T00:00:00Z", InvalidAt: "2025-05-31T12:00:00Z"},
				{UUID: "undated", Ranks: map[string]int{"cosine": 2}},
				{UUID: "not-found", Ranks: map[string]int{}},
			},
			want: []string{"undated", "ended", "not-found"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := rerank(t, p, abi.RerankRequest{Query: "q", Now: now, Candidates: tt.candidates})
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("order mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMentionsDistanceExample(t *testing.T) {
	p := configure(t, readExample(t, "mentions-distance.expr"))
	tests := []struct {
		name       string
		candidates []abi.RerankCandidate
		want       []string
	}{
		{
			name: "mentioned often and close wins",
			candidates: []abi.RerankCandidate{
				{UUID: "far-rare", Mentions: 1, Distance: 3},
				{UUID: "close-common", Mentions: 12, Distance: 1},
				{UUID: "close-rare", Mentions: 1, Distance: 1},
			},
			want: []string{"close-common", "close-rare", "far-rare"},
		},
		{
			name: "unknown distance scores as far away; bm25 breaks ties",
			candidates: []abi.RerankCandidate{
				{UUID: "unknown", Mentions: 2, Distance: -1},
				{UUID: "tie-low", Mentions: 2, Distance: 2, Scores: map[string]float64{"bm25": 1}},
				{UUID: "tie-high", Mentions: 2, Distance: 2, Scores: map[string]float64{"bm25": 3}},
			},
			want: []string{"tie-high", "tie-low", "unknown"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := rerank(t, p, abi.RerankRequest{Query: "q", Now: now, Candidates: tt.candidates})
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("order mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestVariables(t *testing.T) {
	candidates := []abi.RerankCandidate{
		{UUID: "a", Text: "Alice works at Acme", Scores: map[string]float64{"cosine": 0.5}, Ranks: map[string]int{"cosine": 3}, Mentions: 2, Distance: 1,
			ValidAt: "2025-05-22T12:00:00Z", CreatedAt: "2025-05-30T00:00:00Z"},
		{UUID: "b", Text: "Bob", CreatedAt: "2025-05-31T12:00:00Z"},
		{UUID: "c", Text: "Carol", Distance: -1},
	}
	tests := []struct {
		script string
		want   []string
	}{
		{"-position", []string{"a", "b", "c"}},
		{"position", []string{"c", "b", "a"}},
		{"age_days", []string{"a", "b", "c"}},                  // 10, 1, -1 (unknown)
		{"scores.cosine ?? 0", []string{"a", "b", "c"}},        // 0.5, 0, 0
		{"text contains 'A' ? 1 : 0", []string{"a", "b", "c"}}, // only a; ties keep the input order
		{"lower(text) contains lower(query) ? 1 : 0", []string{"b", "a", "c"}},
		{"rrf", []string{"a", "b", "c"}},
		{"distance", []string{"a", "b", "c"}},
		{"created_at.IsZero() ? 1 : 0", []string{"c", "a", "b"}},
		{"now - created_at < duration('48h') ? 1 : 0", []string{"b", "a", "c"}}, // 60.5h, 24h, unknown
		{"count == 3 && limit == 2 && scope == 'facts' ? 1 : 0", []string{"a", "b"}},
		{"exp(mentions) + log(1)", []string{"a", "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.script, func(t *testing.T) {
			p := configure(t, tt.script)
			limit := 0
			if len(tt.want) == 2 {
				limit = 2
			}
			got := rerank(t, p, abi.RerankRequest{Query: "BOB", Scope: "facts", Now: now, Limit: limit, Candidates: candidates})
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("order mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestConfigureErrors(t *testing.T) {
	tests := []struct {
		name   string
		config string
		want   string
	}{
		{"empty", ``, "no script"},
		{"empty script", `{"script": ""}`, "empty script"},
		{"unknown field", `{"scrip": "1"}`, "unknown field"},
		{"bad JSON", `{"script": `, "read configuration"},
		{"syntax error", `{"script": "rrf *"}`, "compile script"},
		{"unknown name", `{"script": "popularity * 2"}`, "unknown name popularity"},
		{"not a number", `{"script": "text"}`, "expected float64"},
		{"clock builtin disabled", `{"script": "now().Year()"}`, "compile script"},
		{"too big", `{"script": "` + strings.Repeat("1+", 3000) + `1"}`, "compile script"},
		// The README once showed scores.rrf, which read 0 for every candidate.
		{"no such method in scores", `{"script": "scores.rrf * (1 + 0.1 * mentions)"}`, "scores.rrf: scores and ranks are keyed by search method"},
		{"no such method in ranks", `{"script": "1 / (ranks[\"BM25\"] ?? 100)"}`, "ranks.BM25"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := sdk.Call(newPlugin(), sdk.FuncConfigure, []byte(tt.config))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("configure(%s) = %v, want an error containing %q", tt.config, err, tt.want)
			}
		})
	}
}

func TestMethodNamesAccepted(t *testing.T) {
	for _, script := range []string{"(scores.cosine ?? 0) + (scores?.bm25 ?? 0) + (ranks[\"bfs\"] ?? 0)", "rrf * (1 + 0.1 * mentions)"} {
		if _, err := sdk.Call(newPlugin(), sdk.FuncConfigure, []byte(script)); err != nil {
			t.Errorf("configure(%s) = %v, want accepted", script, err)
		}
	}
}

func TestPlainScriptConfiguration(t *testing.T) {
	p := newPlugin()
	if _, err := sdk.Call(p, sdk.FuncConfigure, []byte("  mentions\n")); err != nil {
		t.Fatalf("configure with the script's text: %v", err)
	}
	got := rerank(t, p, abi.RerankRequest{Candidates: []abi.RerankCandidate{{UUID: "x", Mentions: 1}, {UUID: "y", Mentions: 5}}})
	if diff := cmp.Diff([]string{"y", "x"}, got); diff != "" {
		t.Errorf("order mismatch (-want +got):\n%s", diff)
	}
}

func TestRerankErrors(t *testing.T) {
	tests := []struct {
		name   string
		script string
		req    abi.RerankRequest
		want   string
	}{
		{"NaN score", "log(-1 - mentions)", abi.RerankRequest{Candidates: []abi.RerankCandidate{{UUID: "a"}}}, "scored candidate a NaN"},
		{"bad time", "1", abi.RerankRequest{Candidates: []abi.RerankCandidate{{UUID: "a", ValidAt: "yesterday"}}}, `valid_at "yesterday"`},
		{"bad now", "1", abi.RerankRequest{Now: "soon"}, `now "soon"`},
		{"runaway range", "sum(map(1..100000000, #))", abi.RerankRequest{Candidates: []abi.RerankCandidate{{UUID: "a"}}}, "memory budget"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, _ := json.Marshal(tt.req)
			_, err := sdk.Call(configure(t, tt.script), abi.CapRerank, in)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("rerank = %v, want an error containing %q", err, tt.want)
			}
		})
	}
	if _, err := sdk.Call(newPlugin(), abi.CapRerank, []byte(`{}`)); err == nil {
		t.Error("rerank without a configured script succeeded")
	}
}

func TestInfiniteScoresClamped(t *testing.T) {
	p := configure(t, "mentions > 0 ? exp(1000) : -exp(1000)")
	got := rerank(t, p, abi.RerankRequest{Candidates: []abi.RerankCandidate{{UUID: "low"}, {UUID: "high", Mentions: 1}}})
	if diff := cmp.Diff([]string{"high", "low"}, got); diff != "" {
		t.Errorf("order mismatch (-want +got):\n%s", diff)
	}
}
