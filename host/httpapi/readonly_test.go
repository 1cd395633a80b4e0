package httpapi_test

import (
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/host"
)

// TestReadOnlyKey: a read-only key reads and searches its groups, over
// REST, the Graphiti routes and MCP, and every write is refused, with
// nothing written.
func TestReadOnlyKey(t *testing.T) {
	const rw, ro = "readonly-test-rw-0123456789", "readonly-test-ro-0123456789"
	a := newMCPAPI(t, []host.APIKeyConfig{
		{Key: rw, Groups: []string{"ro-1"}},
		{Key: ro, Groups: []string{"ro-1"}, ReadOnly: true},
	}, "ro-1")
	if code, raw := a.withKey(rw).do("POST", "/v1/groups/ro-1/facts", map[string]any{"source": "Uma", "relation": "LIVES_IN", "target": "Riga"}, nil); code != 201 {
		t.Fatalf("POST facts with the read-write key = %d %s", code, raw)
	}
	ep := map[string]any{"content": "Uma: I moved to Tallinn.", "reference_time": "2024-01-01"}
	tests := []struct {
		name         string
		method, path string
		body         any
		want         int
	}{
		{"list facts", "GET", "/v1/groups/ro-1/facts", nil, 200},
		{"search", "POST", "/v1/groups/ro-1/search", map[string]any{"query": "Uma"}, 200},
		{"context", "POST", "/v1/groups/ro-1/context", map[string]any{"query": "Uma"}, 200},
		{"graphiti search", "POST", "/search", map[string]any{"group_ids": []string{"ro-1"}, "query": "Uma"}, 200},
		{"export", "GET", "/v1/groups/ro-1/export", nil, 200},
		{"add episode", "POST", "/v1/groups/ro-1/episodes", ep, 403},
		{"add fact", "POST", "/v1/groups/ro-1/facts", map[string]any{"source": "Uma", "relation": "LIVES_IN", "target": "Oslo"}, 403},
		{"retry", "POST", "/v1/groups/ro-1/episodes/retry", nil, 403},
		{"build communities", "POST", "/v1/groups/ro-1/communities/build", nil, 403},
		{"delete group", "DELETE", "/v1/groups/ro-1", nil, 403},
		{"graphiti messages", "POST", "/messages", map[string]any{"group_id": "ro-1", "messages": []map[string]any{{"content": "hi", "role_type": "user"}}}, 403},
		{"zep add user", "POST", "/api/v2/users", map[string]any{"user_id": "ro-1"}, 403},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, raw := a.withKey(ro).do(tc.method, tc.path, tc.body, nil)
			if code != tc.want {
				t.Errorf("%s %s with a read-only key = %d %s, want %d", tc.method, tc.path, code, raw, tc.want)
			}
			if code == 403 && !strings.Contains(string(raw), "read-only") {
				t.Errorf("%s %s: error %s does not say the key is read-only", tc.method, tc.path, raw)
			}
		})
	}
	var stats struct {
		Facts int `json:"facts"`
	}
	a.withKey(rw).do("GET", "/v1/groups/ro-1", nil, &stats)
	if stats.Facts != 1 {
		t.Errorf("facts after the refused writes = %d, want 1", stats.Facts)
	}

	var info struct {
		Groups   []string `json:"groups"`
		ReadOnly bool     `json:"read_only"`
	}
	for _, tc := range []struct {
		key  string
		want bool
	}{{ro, true}, {rw, false}} {
		if code, raw := a.withKey(tc.key).do("GET", "/v1/key", nil, &info); code != 200 || info.ReadOnly != tc.want || len(info.Groups) != 1 || info.Groups[0] != "ro-1" {
			t.Errorf("GET /v1/key = %d %s, want groups [ro-1], read_only %v", code, raw, tc.want)
		}
	}

	s, err := mcpConnect(t, a.base+"/mcp", "Authorization", "Bearer "+ro)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var facts mcpFacts
	if msg := mcpCall(t, s, "search_memory_facts", map[string]any{"query": "Uma"}, &facts); msg != "" || len(facts.Facts) == 0 {
		t.Errorf("search_memory_facts with a read-only key = %q, %v; want Uma's fact", msg, facts.texts())
	}
	for _, tool := range []struct {
		name string
		args map[string]any
	}{
		{"add_memory", map[string]any{"name": "x", "episode_body": "Uma: I moved to Oslo."}},
		{"clear_graph", map[string]any{}},
	} {
		if msg := mcpCall(t, s, tool.name, tool.args, nil); !strings.Contains(msg, "read-only") {
			t.Errorf("%s with a read-only key = %q, want a refusal saying read-only", tool.name, msg)
		}
	}
	a.withKey(rw).do("GET", "/v1/groups/ro-1", nil, &stats)
	if stats.Facts != 1 {
		t.Errorf("facts after the refused MCP writes = %d, want 1", stats.Facts)
	}
}
