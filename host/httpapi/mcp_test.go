package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/httpapi"
	"github.com/mnemohq/mnemo/host/mcpserver"
)

// newMCPAPI serves the shared Host's HTTP API with MCP mounted, as `mnemo
// serve` does, with keys.
func newMCPAPI(t *testing.T, keys []host.APIKeyConfig, defaultGroup string) *api {
	t.Helper()
	h := *shared
	h.Config.HTTP.Keys = keys
	m := mcpserver.New(&h, mcpserver.Options{DefaultGroup: defaultGroup, Version: "test"})
	srv := httptest.NewServer(httpapi.New(&h, httpapi.Options{Version: "test", MCP: m.Handler()}).Handler())
	t.Cleanup(srv.Close)
	return &api{t: t, base: srv.URL}
}

// keyHeader sends a key in a header on every request.
type keyHeader struct{ name, value string }

func (k keyHeader) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set(k.name, k.value)
	return http.DefaultTransport.RoundTrip(r)
}

// mcpConnect connects the official MCP client to url, sending the key in
// header (none when empty).
func mcpConnect(t *testing.T, url, header, key string) (*mcp.ClientSession, error) {
	t.Helper()
	hc := &http.Client{Timeout: time.Minute}
	if header != "" {
		hc.Transport = keyHeader{header, key}
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "httpapi-test", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: hc, MaxRetries: -1}, nil)
}

// mcpCall calls a tool and decodes its structured result into out; it
// returns the error text when the tool failed.
func mcpCall(t *testing.T, s *mcp.ClientSession, tool string, args map[string]any, out any) string {
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
	if out == nil {
		return ""
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

type mcpFacts struct {
	Facts []struct {
		UUID string `json:"uuid"`
		Fact string `json:"fact"`
	} `json:"facts"`
}

func (f mcpFacts) texts() []string {
	out := []string{}
	for _, x := range f.Facts {
		out = append(out, x.Fact)
	}
	return out
}

// TestMCPOnServe drives the MCP endpoint of the HTTP API with the official
// client over real HTTP: keys as the REST routes take them, at /mcp and
// /mcp/, and a key bound to one group reaching nothing of another through
// any tool.
func TestMCPOnServe(t *testing.T) {
	const (
		keyA = "mcp-serve-key-a-0123456789"
		keyB = "mcp-serve-key-b-0123456789"
	)
	a := newMCPAPI(t, []host.APIKeyConfig{{Key: keyA, Groups: []string{"mcp-serve-a"}}, {Key: keyB, Groups: []string{"mcp-serve-b"}}}, "mcp-serve-a")

	t.Run("keys at the door", func(t *testing.T) {
		init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`
		for _, tc := range []struct {
			name, path, header, key string
			want                    int
		}{
			{"no key", "/mcp", "", "", http.StatusUnauthorized},
			{"no key, trailing slash", "/mcp/", "", "", http.StatusUnauthorized},
			{"unknown bearer key", "/mcp", "Authorization", "Bearer not-a-key-0123456789", http.StatusUnauthorized},
			{"unknown X-API-Key", "/mcp/", "X-API-Key", "not-a-key-0123456789", http.StatusUnauthorized},
			{"key under another scheme", "/mcp", "Authorization", "Basic " + keyA, http.StatusUnauthorized},
			// As on the REST routes, the scheme's case does not matter.
			{"lower-case bearer", "/mcp", "Authorization", "bearer " + keyA, http.StatusOK},
			{"X-API-Key", "/mcp/", "X-API-Key", keyB, http.StatusOK},
		} {
			t.Run(tc.name, func(t *testing.T) {
				req, err := http.NewRequest("POST", a.base+tc.path, strings.NewReader(init))
				if err != nil {
					t.Fatal(err)
				}
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Accept", "application/json, text/event-stream")
				if tc.header != "" {
					req.Header.Set(tc.header, tc.key)
				}
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				if resp.StatusCode != tc.want {
					t.Fatalf("POST %s (initialize) with %s = %d, want %d", tc.path, tc.name, resp.StatusCode, tc.want)
				}
				if tc.want != http.StatusUnauthorized {
					return
				}
				var body errorOf
				if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || body.Code != "unauthorized" || resp.Header.Get("WWW-Authenticate") == "" {
					t.Errorf("POST %s with %s = %+v %v (WWW-Authenticate %q), want the REST routes' 401", tc.path, tc.name, body, err, resp.Header.Get("WWW-Authenticate"))
				}
			})
		}
		if s, err := mcpConnect(t, a.base+"/mcp", "", ""); err == nil {
			s.Close()
			t.Errorf("the MCP client connected without a key")
		}
	})

	sa, err := mcpConnect(t, a.base+"/mcp/", "Authorization", "Bearer "+keyA)
	if err != nil {
		t.Fatalf("connect at /mcp/ with a bearer key: %v", err)
	}
	defer sa.Close()
	sb, err := mcpConnect(t, a.base+"/mcp", "X-API-Key", keyB)
	if err != nil {
		t.Fatalf("connect at /mcp with X-API-Key: %v", err)
	}
	defer sb.Close()

	t.Run("tools listed", func(t *testing.T) {
		res, err := sa.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tool := range res.Tools {
			names = append(names, tool.Name)
		}
		for _, want := range []string{"add_memory", "search_memory_facts", "search_nodes", "get_episodes", "get_context", "delete_episode", "clear_graph"} {
			if !slices.Contains(names, want) {
				t.Errorf("tools/list = %v, want %s among them", names, want)
			}
		}
	})

	// Each key adds a memory to its own group and finds it.
	var addA, addB struct {
		UUID   string `json:"uuid"`
		Status string `json:"status"`
	}
	if msg := mcpCall(t, sa, "add_memory", map[string]any{"episode_body": "Ana: I live in Porto and I work at Acme.",
		"reference_time": "2024-01-01", "wait_seconds": 60}, &addA); msg != "" || addA.Status != "done" {
		t.Fatalf("add_memory in mcp-serve-a = %q %+v, want done", msg, addA)
	}
	if msg := mcpCall(t, sb, "add_memory", map[string]any{"episode_body": "Bob: I live in Austin and I work at Initech.",
		"group_id": "mcp-serve-b", "reference_time": "2024-01-01", "wait_seconds": 60}, &addB); msg != "" || addB.Status != "done" {
		t.Fatalf("add_memory in mcp-serve-b = %q %+v, want done", msg, addB)
	}
	var factsA, factsB mcpFacts
	if msg := mcpCall(t, sa, "search_memory_facts", map[string]any{"query": "Where does Ana live?"}, &factsA); msg != "" {
		t.Fatalf("search_memory_facts: %s", msg)
	}
	if !slices.ContainsFunc(factsA.texts(), func(f string) bool { return strings.Contains(f, "Porto") }) {
		t.Errorf("search_memory_facts(Where does Ana live?) = %q, want a fact about Porto", factsA.texts())
	}
	if msg := mcpCall(t, sb, "search_memory_facts", map[string]any{"query": "Where does Bob live?", "group_ids": []string{"mcp-serve-b"}}, &factsB); msg != "" || len(factsB.Facts) == 0 {
		t.Fatalf("search_memory_facts in mcp-serve-b = %q %v, want facts", msg, factsB.texts())
	}

	// Key A reaches nothing of group B, by name or by uuid.
	isolation := []struct {
		name string
		tool string
		args map[string]any
	}{
		{"search facts", "search_memory_facts", map[string]any{"query": "Bob", "group_ids": []string{"mcp-serve-b"}}},
		{"search nodes", "search_nodes", map[string]any{"query": "Bob", "group_ids": []string{"mcp-serve-a", "mcp-serve-b"}}},
		{"context", "get_context", map[string]any{"query": "Bob", "group_id": "mcp-serve-b"}},
		{"episodes", "get_episodes", map[string]any{"group_id": "mcp-serve-b"}},
		{"list facts", "list_facts", map[string]any{"group_id": "mcp-serve-b"}},
		{"add", "add_memory", map[string]any{"episode_body": "Eve: hi", "group_id": "mcp-serve-b"}},
		{"fact by uuid", "get_entity_edge", map[string]any{"uuid": factsB.Facts[0].UUID}},
		{"fact by uuid and group", "get_entity_edge", map[string]any{"uuid": factsB.Facts[0].UUID, "group_id": "mcp-serve-b"}},
		{"delete episode", "delete_episode", map[string]any{"uuid": addB.UUID}},
		{"delete fact", "delete_entity_edge", map[string]any{"uuid": factsB.Facts[0].UUID}},
		{"clear", "clear_graph", map[string]any{"group_ids": []string{"mcp-serve-b"}}},
		{"clear, one group as a string", "clear_graph", map[string]any{"group_ids": "mcp-serve-b"}},
		{"episode entities", "get_episode_entities", map[string]any{"episode_uuids": []string{addB.UUID}}},
		{"build communities", "build_communities", map[string]any{"group_ids": "mcp-serve-b"}},
		{"feedback by uuid", "feedback", map[string]any{"scope": "fact", "uuid": factsB.Facts[0].UUID, "feedback": "pin"}},
		{"feedback in group", "feedback", map[string]any{"scope": "fact", "uuid": factsB.Facts[0].UUID, "feedback": "pin", "group_id": "mcp-serve-b"}},
		{"evolve", "evolve", map[string]any{"group_id": "mcp-serve-b", "dry_run": true}},
	}
	for _, tc := range isolation {
		t.Run("isolation/"+tc.name, func(t *testing.T) {
			if msg := mcpCall(t, sa, tc.tool, tc.args, nil); msg == "" || strings.Contains(msg, "Bob") {
				t.Errorf("%s(%v) with key A = %q, want an error saying nothing of group B", tc.tool, tc.args, msg)
			}
		})
	}
	var status struct {
		Groups []string `json:"groups"`
	}
	if msg := mcpCall(t, sa, "get_status", map[string]any{}, &status); msg != "" {
		t.Fatalf("get_status: %s", msg)
	}
	if diff := cmp.Diff([]string{"mcp-serve-a"}, status.Groups); diff != "" {
		t.Errorf("get_status groups with key A (-want +got):\n%s", diff)
	}
	// Group B is intact after key A's attempts.
	var after mcpFacts
	if msg := mcpCall(t, sb, "list_facts", map[string]any{"group_id": "mcp-serve-b"}, &after); msg != "" || len(after.Facts) != len(factsB.Facts) {
		t.Errorf("list_facts in mcp-serve-b after key A's attempts = %q %q, want %d facts", msg, after.texts(), len(factsB.Facts))
	}
	// The REST routes take the same keys.
	if code, raw := a.withKey(keyA).do("GET", "/v1/groups/mcp-serve-b/facts", nil, nil); code != http.StatusForbidden {
		t.Errorf("GET /v1/groups/mcp-serve-b/facts with key A = %d %s, want 403", code, raw)
	}
}
