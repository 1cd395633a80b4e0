package mcpserver_test

import (
	"net/http/httptest"
	"testing"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/mcpserver"
)

// TestEvolveTools: the feedback and evolve tools, and include_archived on
// the fact search, as an agent calls them.
func TestEvolveTools(t *testing.T) {
	const key = "mcp-evolve-key-0123456789"
	h := openHost(t, []host.APIKeyConfig{{Key: key, Groups: []string{"ev"}}})
	srv := httptest.NewServer(mcpserver.New(h, mcpserver.Options{DefaultGroup: "ev"}).Handler())
	defer srv.Close()
	s, err := connect(t, srv.URL, key)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var sink map[string]any
	// Ana is the hub of five facts, so that one of them is peripheral.
	for _, tgt := range []string{"Lyon", "Tea", "Jazz", "Rome", "Chess"} {
		if e := call(t, s, "add_triplet", map[string]any{"source_node_name": "Ana", "edge_name": "KNOWS", "target_node_name": tgt}, &sink); e != "" {
			t.Fatalf("add_triplet: %s", e)
		}
	}
	type facts struct {
		Facts []struct {
			UUID string `json:"uuid"`
		} `json:"facts"`
	}
	var found facts
	if e := call(t, s, "search_memory_facts", map[string]any{"query": "Ana knows Lyon", "max_facts": 1}, &found); e != "" || len(found.Facts) != 1 {
		t.Fatalf("search_memory_facts = %q %+v", e, found)
	}
	lyon := found.Facts[0].UUID
	if e := call(t, s, "feedback", map[string]any{"scope": "fact", "uuid": lyon, "feedback": "love"}, &sink); e == "" {
		t.Error("feedback love = accepted, want an error")
	}
	if e := call(t, s, "feedback", map[string]any{"scope": "fact", "uuid": lyon, "feedback": "pin"}, &sink); e != "" {
		t.Fatalf("feedback pin: %s", e)
	}
	var rep struct {
		Archived []struct {
			UUID string `json:"uuid"`
		} `json:"archived"`
		Active struct {
			Facts int `json:"facts"`
		} `json:"active"`
	}
	if e := call(t, s, "evolve", map[string]any{"now": "2099-01-01"}, &rep); e != "" {
		t.Fatalf("evolve: %s", e)
	}
	if rep.Active.Facts != 1 {
		t.Errorf("evolve left %d facts active, want the pinned one", rep.Active.Facts)
	}
	for _, it := range rep.Archived {
		if it.UUID == lyon {
			t.Errorf("evolve archived the pinned fact")
		}
	}
	var now, all facts
	call(t, s, "search_memory_facts", map[string]any{"query": "Ana knows", "max_facts": 10}, &now)
	call(t, s, "search_memory_facts", map[string]any{"query": "Ana knows", "max_facts": 10, "include_archived": true}, &all)
	if len(now.Facts) != 1 || len(all.Facts) != 5 {
		t.Errorf("search_memory_facts = %d facts, with include_archived %d; want 1 and 5", len(now.Facts), len(all.Facts))
	}
}
