package main

import (
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// callTool calls a tool and decodes its structured result into out. It
// fails the test on a protocol error; a tool error is returned.
func callTool(t *testing.T, s *mcp.ClientSession, name string, args map[string]any, out any) *mcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("call %s: %v", name, err)
	}
	if out != nil && !res.IsError {
		b, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s: decode %s: %v", name, b, err)
		}
	}
	return res
}

func toolText(r *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range r.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

type mcpFacts struct {
	Facts []mcpFact `json:"facts"`
}

type mcpFact struct {
	UUID      string  `json:"uuid"`
	Fact      string  `json:"fact"`
	ExpiredAt *string `json:"expired_at"`
}

func TestMCPOverStdio(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	cmd := exec.Command(bin, "mcp", "--group", "mcp-1")
	cmd.Env = testEnv(db)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "mnemo-test", Version: "1"}, nil)
	s, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to mnemo mcp: %v", err)
	}
	defer s.Close()

	tools, err := s.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools.Tools {
		names = append(names, tl.Name)
	}
	slices.Sort(names)
	want := []string{"add_memory", "add_triplet", "build_communities", "clear_graph", "delete_entity_edge", "delete_episode", "evolve", "feedback", "forget", "get_context",
		"get_entity_edge", "get_episode_entities", "get_episodes", "get_status", "list_facts", "list_recipes", "retry_episodes", "search_memory_facts", "search_nodes", "why_fact"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("tools (-want +got):\n%s", diff)
	}

	var added struct {
		UUID   string `json:"uuid"`
		Status string `json:"status"`
		Facts  []struct {
			Fact string `json:"fact"`
		} `json:"facts"`
	}
	callTool(t, s, "add_memory", map[string]any{"episode_body": "Alice: I live in Paris and I work at Acme Corp.", "reference_time": "2024-03-01T10:00:00Z", "wait_seconds": 60}, &added)
	if added.Status != "done" || len(added.Facts) != 2 {
		t.Fatalf("add_memory = %+v, want done with 2 facts", added)
	}
	first := added.UUID
	callTool(t, s, "add_memory", map[string]any{"episode_body": "Alice: I moved to Berlin last week.", "reference_time": "2024-05-01T10:00:00Z", "wait_seconds": 60}, &added)
	if added.Status != "done" {
		t.Fatalf("second add_memory = %+v", added)
	}

	var hist, then mcpFacts
	callTool(t, s, "list_facts", map[string]any{"include_history": true}, &hist)
	superseded := map[string]bool{}
	for _, f := range hist.Facts {
		superseded[f.Fact] = f.ExpiredAt != nil
	}
	if diff := cmp.Diff(map[string]bool{"Alice lives in Paris": true, "Alice works at Acme Corp": false, "Alice moved to Berlin": false}, superseded); diff != "" {
		t.Errorf("list_facts include_history: superseded (-want +got):\n%s", diff)
	}
	callTool(t, s, "list_facts", map[string]any{"valid_at": "2024-04-01", "relation": "LIVES_IN"}, &then)
	if len(then.Facts) != 1 || then.Facts[0].Fact != "Alice lives in Paris" {
		t.Errorf("list_facts valid_at 2024-04-01 = %+v, want Paris", then.Facts)
	}

	bad := []struct {
		name string
		args map[string]any
		want string
	}{
		{"add_memory", map[string]any{"episode_body": "Alice: hi", "reference_time": "soon"}, `time "soon"`},
		{"add_memory", map[string]any{"episode_body": "", "reference_time": "2024-01-01"}, "content is empty"},
		{"list_facts", map[string]any{"group_id": "no spaces allowed"}, "group id"},
		{"delete_episode", map[string]any{"uuid": "nope"}, "not found"},
		// An unknown argument is ignored, as Graphiti's server does; a
		// missing one is still refused.
		{"add_memory", map[string]any{"body": "x"}, `missing properties: ["episode_body"]`},
	}
	for _, b := range bad {
		res := callTool(t, s, b.name, b.args, nil)
		if !res.IsError || !strings.Contains(toolText(res), b.want) {
			t.Errorf("%s(%v) = error %v %q, want a tool error containing %q", b.name, b.args, res.IsError, toolText(res), b.want)
		}
	}

	var eps struct {
		Episodes []struct {
			UUID string `json:"uuid"`
		} `json:"episodes"`
	}
	callTool(t, s, "get_episodes", map[string]any{"last_n": 5}, &eps)
	if len(eps.Episodes) != 2 || eps.Episodes[0].UUID != first {
		t.Errorf("get_episodes = %+v, want 2, oldest first", eps.Episodes)
	}
	var del struct {
		Deleted struct {
			Episodes int `json:"episodes"`
		} `json:"deleted"`
	}
	callTool(t, s, "delete_episode", map[string]any{"uuid": first}, &del)
	if del.Deleted.Episodes != 1 {
		t.Errorf("delete_episode = %+v", del)
	}
	callTool(t, s, "clear_graph", map[string]any{}, &del)
	callTool(t, s, "get_episodes", map[string]any{}, &eps)
	if len(eps.Episodes) != 0 {
		t.Errorf("episodes after clear_graph = %d, want 0", len(eps.Episodes))
	}
}
