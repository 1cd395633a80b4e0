package mcpserver_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/mcpserver"
)

// call calls a tool and decodes its structured result into out. It
// returns the error text when the tool failed.
func call(t *testing.T, s *mcp.ClientSession, tool string, args map[string]any, out any) string {
	t.Helper()
	res, err := s.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s(%v): %v", tool, args, err)
	}
	if res.IsError {
		text := ""
		for _, c := range res.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				text += tc.Text
			}
		}
		return text
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("%s(%v): decode %s: %v", tool, args, b, err)
	}
	return ""
}

type factsResult struct {
	Facts []struct {
		Fact      string  `json:"fact"`
		Source    string  `json:"source"`
		Target    string  `json:"target"`
		ExpiredAt *string `json:"expired_at"`
	} `json:"facts"`
}

func (r factsResult) texts() []string {
	out := []string{}
	for _, f := range r.Facts {
		out = append(out, f.Fact)
	}
	return out
}

// TestSearchTools drives search_memory_facts, search_nodes and get_context
// with the SDK's client over HTTP, with a key bound to team-a.
func TestSearchTools(t *testing.T) {
	const keyA = "mcp-search-key-a-0123456789"
	h := openHost(t, []host.APIKeyConfig{{Key: keyA, Groups: []string{"team-a"}}})
	ctx := context.Background()
	res, err := h.Engine.Ingest(ctx, []core.Episode{{GroupID: "team-b", Source: core.SourceMessage,
		Content: "Bob: I work at Initech and I live in Austin.", ValidAt: time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Engine.Wait(ctx, "team-b", res[0].UUID); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(mcpserver.New(h, mcpserver.Options{DefaultGroup: "team-a"}).Handler())
	defer srv.Close()
	s, err := connect(t, srv.URL, keyA)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	var added map[string]any
	add := func(body, ref string) {
		t.Helper()
		if e := call(t, s, "add_memory", map[string]any{"episode_body": body, "reference_time": ref, "wait_seconds": 60}, &added); e != "" || added["status"] != "done" {
			t.Fatalf("add_memory(%q) = %v %s, want done", body, added, e)
		}
	}
	add("Alice: I work at Acme Corp and I live in Paris.", "2024-03-01T10:00:00Z")
	clock.advance(time.Second)
	beforeMove := clock.now().UTC().Format(time.RFC3339Nano)
	clock.advance(time.Second)
	add("Alice: I moved to Berlin last week.", "2024-05-01T10:00:00Z")
	if e := call(t, s, "add_triplet", map[string]any{"source_name": "Gina", "source_type": "Person", "relation": "LIVES_IN",
		"target_name": "Springfield", "target_type": "Location"}, &added); e != "" {
		t.Fatalf("add_triplet: %s", e)
	}

	t.Run("search_memory_facts", func(t *testing.T) {
		var r factsResult
		if e := call(t, s, "search_memory_facts", map[string]any{"query": "Who works at Acme Corp?"}, &r); e != "" {
			t.Fatal(e)
		}
		if len(r.Facts) == 0 || r.Facts[0].Fact != "Alice works at Acme Corp" {
			t.Fatalf("facts = %q, want \"Alice works at Acme Corp\" first", r.texts())
		}
		if got := r.texts(); slices.Contains(got, "Alice lives in Paris") || slices.Contains(got, "Bob works at Initech") {
			t.Errorf("facts = %q: a superseded fact or team-b's", got)
		}
		call(t, s, "search_memory_facts", map[string]any{"query": "Alice", "max_facts": 1}, &r)
		if len(r.Facts) != 1 {
			t.Errorf("facts with max_facts 1 = %q", r.texts())
		}
	})
	t.Run("search_memory_facts in time", func(t *testing.T) {
		var then, known factsResult
		call(t, s, "search_memory_facts", map[string]any{"query": "Where does Alice live?", "valid_at": "2024-04-01"}, &then)
		if got := then.texts(); !slices.Contains(got, "Alice lives in Paris") || slices.Contains(got, "Alice moved to Berlin") {
			t.Errorf("facts valid at 2024-04-01 = %q, want Paris and not Berlin", got)
		}
		call(t, s, "search_memory_facts", map[string]any{"query": "Where does Alice live?", "known_at": beforeMove}, &known)
		if got := known.texts(); !slices.Contains(got, "Alice lives in Paris") || slices.Contains(got, "Alice moved to Berlin") {
			t.Errorf("facts known at %s = %q, want Paris and not Berlin", beforeMove, got)
		}
	})
	t.Run("list_recipes and a recipe by name", func(t *testing.T) {
		var rl struct {
			DefaultRecipe string `json:"default_recipe"`
			Recipes       []struct {
				Name   string                     `json:"name"`
				Scopes map[string]json.RawMessage `json:"scopes"`
			} `json:"recipes"`
		}
		if e := call(t, s, "list_recipes", map[string]any{}, &rl); e != "" {
			t.Fatal(e)
		}
		names := map[string]bool{}
		for _, r := range rl.Recipes {
			names[r.Name] = len(r.Scopes) > 0
		}
		if rl.DefaultRecipe != "default" || !names["facts"] || !names["entities"] || !names["hybrid_rrf"] {
			t.Fatalf("list_recipes = default %q, recipes %v; want default, and facts, entities and hybrid_rrf with scopes", rl.DefaultRecipe, names)
		}
		var r factsResult
		if e := call(t, s, "search_memory_facts", map[string]any{"query": "Who works at Acme Corp?", "recipe": "hybrid_rrf"}, &r); e != "" || len(r.Facts) == 0 {
			t.Errorf("search_memory_facts with recipe hybrid_rrf = %q, error %q; want facts", r.texts(), e)
		}
		// A plugin the group lacks orders by rrf, as over HTTP.
		if e := call(t, s, "search_memory_facts", map[string]any{"query": "Who works at Acme Corp?", "plugin": "no-such-plugin"}, &r); e != "" || len(r.Facts) == 0 {
			t.Errorf("search_memory_facts with an unknown plugin = %q, error %q; want facts ordered by rrf", r.texts(), e)
		}
		if e := call(t, s, "search_memory_facts", map[string]any{"query": "x", "recipe": "no-such-recipe"}, &r); !strings.Contains(e, "no-such-recipe") {
			t.Errorf("search_memory_facts with an unknown recipe: error %q, want one naming it", e)
		}
	})
	t.Run("search_nodes", func(t *testing.T) {
		var r struct {
			Nodes []struct {
				UUID   string   `json:"uuid"`
				Name   string   `json:"name"`
				Labels []string `json:"labels"`
			} `json:"nodes"`
		}
		if e := call(t, s, "search_nodes", map[string]any{"query": "Acme Corp"}, &r); e != "" {
			t.Fatal(e)
		}
		if len(r.Nodes) == 0 || r.Nodes[0].Name != "Acme Corp" {
			t.Fatalf("nodes = %+v, want Acme Corp first", r.Nodes)
		}
		// Offline entities carry their type too (Paris and Berlin are
		// Locations), so the filter keeps only Locations, the one the
		// query names first.
		call(t, s, "search_nodes", map[string]any{"query": "Gina Springfield Acme Corp Alice", "entity_types": []string{"Location"}}, &r)
		if len(r.Nodes) == 0 || r.Nodes[0].Name != "Springfield" {
			t.Errorf("Location nodes = %+v, want Springfield first", r.Nodes)
		}
		for _, n := range r.Nodes {
			if !slices.Contains(n.Labels, "Location") {
				t.Errorf("Location nodes include %q with labels %v", n.Name, n.Labels)
			}
		}
		call(t, s, "search_nodes", map[string]any{"query": "Initech Austin Bob"}, &r)
		for _, n := range r.Nodes {
			if n.Name == "Bob" || n.Name == "Initech" || n.Name == "Austin" {
				t.Errorf("search_nodes in team-a found %q of team-b", n.Name)
			}
		}
	})
	t.Run("get_context", func(t *testing.T) {
		var full, small, then struct {
			Context string `json:"context"`
		}
		if e := call(t, s, "get_context", map[string]any{"query": "Where does Alice work?"}, &full); e != "" {
			t.Fatal(e)
		}
		if !strings.Contains(full.Context, "Alice works at Acme Corp") || strings.Contains(full.Context, "Initech") {
			t.Errorf("context = %q, want Alice's job and nothing of team-b", full.Context)
		}
		const budget = 60
		call(t, s, "get_context", map[string]any{"query": "Where does Alice work?", "budget": budget}, &small)
		if n := retrieval.EstimateTokens(small.Context); n == 0 || n > budget || n >= retrieval.EstimateTokens(full.Context) {
			t.Errorf("context within %d tokens = %d tokens: %q", budget, n, small.Context)
		}
		call(t, s, "get_context", map[string]any{"query": "Where did Alice live?", "valid_at": "2024-04-01"}, &then)
		if !strings.Contains(then.Context, "Alice lives in Paris") {
			t.Errorf("context valid at 2024-04-01 = %q, want Paris", then.Context)
		}
	})
	t.Run("refusals", func(t *testing.T) {
		tests := []struct {
			name    string
			tool    string
			args    map[string]any
			wantErr string
		}{
			{"facts of another group", "search_memory_facts", map[string]any{"query": "Initech", "group_ids": []string{"team-a", "team-b"}}, `may not use group "team-b"`},
			{"nodes of another group", "search_nodes", map[string]any{"query": "Initech", "group_ids": []string{"team-b"}}, `may not use group "team-b"`},
			{"context of another group", "get_context", map[string]any{"query": "Initech", "group_id": "team-b"}, `may not use group "team-b"`},
			{"too many facts", "search_memory_facts", map[string]any{"query": "x", "max_facts": 500}, "max_facts 500"},
			{"negative nodes", "search_nodes", map[string]any{"query": "x", "max_nodes": -1}, "max_nodes -1"},
			{"bad valid_at", "search_memory_facts", map[string]any{"query": "x", "valid_at": "soon"}, `valid_at: time "soon"`},
			{"bad known_at", "get_context", map[string]any{"query": "x", "known_at": "later"}, `known_at: time "later"`},
			{"unknown centre", "search_memory_facts", map[string]any{"query": "x", "center_node_uuid": "no-such-entity"}, "not found"},
			{"empty query", "search_nodes", map[string]any{"query": ""}, "empty query"},
			{"bad format", "get_context", map[string]any{"query": "x", "format": "xml"}, `format "xml"`},
			{"huge budget", "get_context", map[string]any{"query": "x", "budget": 1 << 30}, "budget"},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				var out any
				if e := call(t, s, tc.tool, tc.args, &out); !strings.Contains(e, tc.wantErr) || e == "" {
					t.Errorf("%s(%v) = %v (error %q), want an error containing %q", tc.tool, tc.args, out, e, tc.wantErr)
				}
			})
		}
	})
}

// TestRecipeNamesInToolSchemas checks that every built-in recipe
// (retrieval.BuiltinRecipes, the one table of them) reaches the recipe
// argument of each search tool's schema, where a client's model reads
// what it may name.
func TestRecipeNamesInToolSchemas(t *testing.T) {
	h := openHost(t, nil)
	srv := httptest.NewServer(mcpserver.New(h, mcpserver.Options{}).Handler())
	defer srv.Close()
	s, err := connect(t, srv.URL, "")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	res, err := s.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var withRecipe []string
	for _, tool := range res.Tools {
		b, err := json.Marshal(tool.InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		var schema struct {
			Properties map[string]struct {
				Description string `json:"description"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(b, &schema); err != nil {
			t.Fatal(err)
		}
		p, ok := schema.Properties["recipe"]
		if !ok {
			continue
		}
		withRecipe = append(withRecipe, tool.Name)
		for name := range retrieval.BuiltinRecipes() {
			if !strings.Contains(p.Description, name) {
				t.Errorf("tool %s: the recipe argument's description %q does not name built-in recipe %q", tool.Name, p.Description, name)
			}
		}
	}
	slices.Sort(withRecipe)
	if want := []string{"get_context", "search_memory_facts", "search_nodes"}; !slices.Equal(withRecipe, want) {
		t.Errorf("tools with a recipe argument = %v, want %v", withRecipe, want)
	}
}
