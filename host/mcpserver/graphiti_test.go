package mcpserver_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/mcpserver"
)

// TestToolAnnotations checks that every tool says whether it reads only,
// destroys, can be repeated, and reaches outside mnemo; and that no input
// schema forbids arguments it does not know.
func TestToolAnnotations(t *testing.T) {
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
	type hints struct{ ReadOnly, Destructive, Idempotent bool }
	want := map[string]hints{
		"add_memory":           {},
		"add_triplet":          {},
		"retry_episodes":       {Idempotent: true},
		"build_communities":    {Destructive: true, Idempotent: true},
		"feedback":             {},
		"evolve":               {Idempotent: true},
		"delete_episode":       {Destructive: true, Idempotent: true},
		"delete_entity_edge":   {Destructive: true, Idempotent: true},
		"clear_graph":          {Destructive: true, Idempotent: true},
		"forget":               {Destructive: true},
		"get_episodes":         {ReadOnly: true},
		"get_episode_entities": {ReadOnly: true},
		"get_entity_edge":      {ReadOnly: true},
		"list_facts":           {ReadOnly: true},
		"why_fact":             {ReadOnly: true},
		"search_memory_facts":  {ReadOnly: true},
		"search_nodes":         {ReadOnly: true},
		"get_context":          {ReadOnly: true},
		"get_status":           {ReadOnly: true},
		"list_recipes":         {ReadOnly: true},
	}
	got := map[string]hints{}
	for _, tool := range res.Tools {
		a := tool.Annotations
		if a == nil || a.OpenWorldHint == nil || *a.OpenWorldHint || a.Title == "" {
			t.Errorf("tool %s: annotations %+v, want a title and openWorldHint false", tool.Name, a)
			continue
		}
		if !a.ReadOnlyHint && a.DestructiveHint == nil {
			t.Errorf("tool %s writes and does not say whether it destroys", tool.Name)
			continue
		}
		got[tool.Name] = hints{a.ReadOnlyHint, a.DestructiveHint != nil && *a.DestructiveHint, a.IdempotentHint}
		b, err := json.Marshal(tool.InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), `"additionalProperties":false`) {
			t.Errorf("tool %s: input schema %s forbids unknown arguments", tool.Name, b)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tool hints (-want +got):\n%s", diff)
	}
}

// TestGraphitiArguments calls the tools the way clients of Graphiti's MCP
// server do: group_ids as one string, arguments mnemo does not know, nulls
// for optional arguments, add_triplet's field names, and the tools
// build_communities and get_episode_entities.
func TestGraphitiArguments(t *testing.T) {
	const keyA = "mcp-graphiti-key-a-0123456789"
	h := openHost(t, []host.APIKeyConfig{{Key: keyA, Groups: []string{"g-a", "g-a2"}}})
	srv := httptest.NewServer(mcpserver.New(h, mcpserver.Options{DefaultGroup: "g-a"}).Handler())
	defer srv.Close()
	s, err := connect(t, srv.URL, keyA)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	var added struct {
		UUID   string `json:"uuid"`
		Status string `json:"status"`
	}
	if e := call(t, s, "add_memory", map[string]any{
		"name": "chat", "episode_body": "Alice: I live in Lisbon and I work at Acme Corp.", "group_id": "g-a",
		"source": "message", "source_description": "chat", "uuid": nil, "reference_time": "2024-01-01T00:00:00Z",
		// Graphiti's arguments that mnemo has no use for.
		"excluded_entity_types": []string{"Procedure"}, "custom_extraction_instructions": "none",
		"previous_episode_uuids": []string{}, "update_communities": false, "saga": "onboarding",
		"wait_seconds": 60,
	}, &added); e != "" || added.Status != "done" {
		t.Fatalf("add_memory with Graphiti's arguments = %q %+v, want done", e, added)
	}
	if e := call(t, s, "add_memory", map[string]any{"episode_body": "Carol: I live in Oslo.", "group_id": "g-a2",
		"reference_time": "2024-01-02", "wait_seconds": 60}, &added); e != "" {
		t.Fatalf("add_memory in g-a2: %s", e)
	}

	t.Run("group_ids as a string", func(t *testing.T) {
		var r factsResult
		if e := call(t, s, "search_memory_facts", map[string]any{"query": "Where does Alice live?", "group_ids": "g-a",
			"center_node_uuid": nil, "valid_at_after": "2020-01-01"}, &r); e != "" {
			t.Fatal(e)
		}
		if !slices.Contains(r.texts(), "Alice lives in Lisbon") {
			t.Errorf("search_memory_facts(group_ids \"g-a\") = %q, want Alice lives in Lisbon", r.texts())
		}
		var nodes struct {
			Nodes []struct{ Name string } `json:"nodes"`
		}
		if e := call(t, s, "search_nodes", map[string]any{"query": "Carol", "group_ids": "g-a2"}, &nodes); e != "" || len(nodes.Nodes) == 0 {
			t.Errorf("search_nodes(group_ids \"g-a2\") = %q %+v, want Carol", e, nodes)
		}
		var eps struct {
			Episodes []struct{ Content string } `json:"episodes"`
		}
		if e := call(t, s, "get_episodes", map[string]any{"group_ids": []string{"g-a", "g-a2"}, "max_episodes": 5}, &eps); e != "" || len(eps.Episodes) != 2 {
			t.Errorf("get_episodes(both groups) = %q %+v, want 2 episodes", e, eps)
		}
		if e := call(t, s, "get_episodes", map[string]any{"group_ids": "g-a2", "max_episodes": 5}, &eps); e != "" ||
			len(eps.Episodes) != 1 || eps.Episodes[0].Content != "Carol: I live in Oslo." {
			t.Errorf("get_episodes(group_ids \"g-a2\") = %q %+v, want Carol's episode", e, eps)
		}
		if e := call(t, s, "search_memory_facts", map[string]any{"query": "x", "group_ids": "g-other"}, &r); !strings.Contains(e, `may not use group "g-other"`) {
			t.Errorf("search_memory_facts(group_ids \"g-other\") = %q, want refused", e)
		}
	})

	t.Run("add_triplet with Graphiti's names", func(t *testing.T) {
		var r struct {
			Facts []struct{ Fact, Relation string } `json:"facts"`
		}
		if e := call(t, s, "add_triplet", map[string]any{"source_node_name": "Alice", "edge_name": "WORKS_AT",
			"fact": "Alice works at Globex", "target_node_name": "Globex", "group_id": "g-a",
			"source_node_uuid": nil, "target_node_uuid": "00000000-0000-4000-8000-000000000000"}, &r); e != "" {
			t.Fatal(e)
		}
		if len(r.Facts) != 1 || r.Facts[0].Fact != "Alice works at Globex" || r.Facts[0].Relation != "WORKS_AT" {
			t.Errorf("add_triplet = %+v, want Alice works at Globex", r.Facts)
		}
		if e := call(t, s, "add_triplet", map[string]any{"edge_name": "WORKS_AT", "target_node_name": "Globex"}, &r); !strings.Contains(e, "source_name (or source_node_name) is required") {
			t.Errorf("add_triplet without a source = %q, want it required", e)
		}
	})

	t.Run("get_episode_entities", func(t *testing.T) {
		var eps struct {
			Episodes []struct{ UUID, Content string } `json:"episodes"`
		}
		call(t, s, "get_episodes", map[string]any{"group_id": "g-a"}, &eps)
		i := slices.IndexFunc(eps.Episodes, func(e struct{ UUID, Content string }) bool { return strings.HasPrefix(e.Content, "Alice: I live") })
		if i < 0 {
			t.Fatalf("get_episodes = %+v: Alice's episode is missing", eps)
		}
		var r struct {
			Nodes []struct{ Name string } `json:"nodes"`
			Edges []struct{ Fact string } `json:"edges"`
		}
		if e := call(t, s, "get_episode_entities", map[string]any{"episode_uuids": eps.Episodes[i].UUID}, &r); e != "" {
			t.Fatal(e)
		}
		var names, facts []string
		for _, n := range r.Nodes {
			names = append(names, n.Name)
		}
		for _, f := range r.Edges {
			facts = append(facts, f.Fact)
		}
		slices.Sort(names)
		slices.Sort(facts)
		if diff := cmp.Diff([]string{"Acme Corp", "Alice", "Lisbon"}, names); diff != "" {
			t.Errorf("get_episode_entities nodes (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"Alice lives in Lisbon", "Alice works at Acme Corp"}, facts); diff != "" {
			t.Errorf("get_episode_entities edges (-want +got):\n%s", diff)
		}
		if e := call(t, s, "get_episode_entities", map[string]any{"episode_uuids": []string{}}, &r); e == "" {
			t.Errorf("get_episode_entities with no uuid succeeded, want an error")
		}
	})

	t.Run("build_communities", func(t *testing.T) {
		var r struct {
			CommunityCount int `json:"community_count"`
			Reports        []struct {
				GroupID string `json:"group_id"`
			} `json:"reports"`
		}
		if e := call(t, s, "build_communities", map[string]any{"group_ids": "g-a"}, &r); e != "" {
			t.Fatal(e)
		}
		if len(r.Reports) != 1 || r.Reports[0].GroupID != "g-a" || r.CommunityCount == 0 {
			t.Errorf("build_communities(g-a) = %+v, want one report of g-a with communities", r)
		}
		if e := call(t, s, "build_communities", map[string]any{"group_ids": []string{"g-a", "g-b"}}, &r); !strings.Contains(e, `may not use group "g-b"`) {
			t.Errorf("build_communities(g-a, g-b) = %q, want refused", e)
		}
	})

	t.Run("clear_graph with a string", func(t *testing.T) {
		if e := call(t, s, "clear_graph", map[string]any{"group_ids": "g-a2"}, new(map[string]any)); e != "" {
			t.Fatal(e)
		}
		var eps struct {
			Episodes []any `json:"episodes"`
		}
		if call(t, s, "get_episodes", map[string]any{"group_id": "g-a2"}, &eps); len(eps.Episodes) != 0 {
			t.Errorf("get_episodes(g-a2) after clear_graph = %v, want none", eps.Episodes)
		}
	})
}

// TestEpisodeEntitiesOfAnotherGroup checks that get_episode_entities finds
// nothing of a group the key may not use.
func TestEpisodeEntitiesOfAnotherGroup(t *testing.T) {
	const keyA = "mcp-entities-key-a-0123456789"
	h := openHost(t, []host.APIKeyConfig{{Key: keyA, Groups: []string{"g-a"}}})
	res, err := h.Engine.Ingest(context.Background(), []core.Episode{{GroupID: "g-b", Source: core.SourceMessage,
		Content: "Bob: I live in Austin.", ValidAt: time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Engine.Wait(context.Background(), "g-b", res[0].UUID); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(mcpserver.New(h, mcpserver.Options{DefaultGroup: "g-a"}).Handler())
	defer srv.Close()
	s, err := connect(t, srv.URL, keyA)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, args := range []map[string]any{
		{"episode_uuids": res[0].UUID},
		{"episode_uuids": []string{res[0].UUID}, "group_id": "g-b"},
	} {
		if e := call(t, s, "get_episode_entities", args, new(map[string]any)); e == "" || strings.Contains(e, "Bob") || strings.Contains(e, "Austin") {
			t.Errorf("get_episode_entities(%v) with key A = %q, want an error saying nothing of g-b", args, e)
		}
	}
}
