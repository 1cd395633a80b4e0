package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/host"
)

// waitIdle waits until a group has no pending episode.
func (a *api) waitIdle(group string) {
	a.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		var st map[string]any
		a.do("GET", "/v1/groups/"+group, nil, &st)
		if st["pending_episodes"] == float64(0) {
			return
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("group %s still has pending episodes: %v", group, st)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

type graphitiEpisode struct {
	UUID        string   `json:"uuid"`
	Content     string   `json:"content"`
	GroupID     string   `json:"group_id"`
	Source      string   `json:"source"`
	ValidAt     string   `json:"valid_at"`
	EntityEdges []string `json:"entity_edges"`
}

type graphitiFact struct {
	UUID           string   `json:"uuid"`
	Name           string   `json:"name"`
	Fact           string   `json:"fact"`
	SourceNodeUUID string   `json:"source_node_uuid"`
	TargetNodeUUID string   `json:"target_node_uuid"`
	Episodes       []string `json:"episodes"`
}

func TestGraphitiRoutes(t *testing.T) {
	a := newAPI(t, nil)
	var res map[string]any
	code, raw := a.do("POST", "/messages", map[string]any{"group_id": "gr-1", "messages": []map[string]any{
		{"content": "Bob works at Initech and lives in Austin.", "role_type": "user", "role": "Alice", "timestamp": "2024-06-01T12:00:00Z", "name": "m1"},
		{"content": "Noted.", "role_type": "assistant", "role": "bot", "timestamp": "2024-06-01T12:00:05Z", "uuid": "graphiti-msg-2"},
	}}, &res)
	if code != 202 || res["success"] != true || res["message"] != "Messages added to processing queue" {
		t.Fatalf("POST /messages = %d %s", code, raw)
	}
	a.waitIdle("gr-1")

	var eps []graphitiEpisode
	code, raw = a.do("GET", "/episodes/gr-1?last_n=5", nil, &eps)
	if code != 200 || len(eps) != 2 {
		t.Fatalf("GET /episodes/gr-1 = %d %s, want 2 episodes", code, raw)
	}
	first := eps[0]
	if first.Content != "Alice(user): Bob works at Initech and lives in Austin." || first.Source != "message" || first.ValidAt != "2024-06-01T12:00:00Z" {
		t.Errorf("first episode = %+v, want the message as \"role(role_type): content\" at its timestamp", first)
	}
	if eps[1].UUID != "graphiti-msg-2" {
		t.Errorf("second episode uuid = %q, want graphiti-msg-2 (oldest first)", eps[1].UUID)
	}
	var last []graphitiEpisode
	a.do("GET", "/episodes/gr-1?last_n=1", nil, &last)
	if len(last) != 1 || last[0].UUID != "graphiti-msg-2" {
		t.Errorf("last_n=1 = %+v, want the latest episode only", last)
	}
	if len(first.EntityEdges) != 2 {
		t.Fatalf("entity_edges of the first episode = %v, want 2 facts (works at, lives in)", first.EntityEdges)
	}

	var f graphitiFact
	code, raw = a.do("GET", "/entity-edge/"+first.EntityEdges[0], nil, &f)
	if code != 200 || f.SourceNodeUUID == "" || f.TargetNodeUUID == "" || len(f.Episodes) != 1 || f.Episodes[0] != first.UUID {
		t.Errorf("GET /entity-edge = %d %s, want the fact with its nodes and episode", code, raw)
	}
	if !strings.HasPrefix(f.Fact, "Bob ") || (f.Name != "WORKS_AT" && f.Name != "LIVES_IN") {
		t.Errorf("fact = %+v, want one of Bob's facts", f)
	}
	if code, raw = a.do("DELETE", "/entity-edge/"+f.UUID, nil, &res); code != 200 || res["message"] != "Entity Edge deleted" {
		t.Errorf("DELETE /entity-edge = %d %s", code, raw)
	}
	if code, _ = a.do("GET", "/entity-edge/"+f.UUID, nil, nil); code != 404 {
		t.Errorf("GET a deleted edge = %d, want 404", code)
	}

	var node map[string]any
	code, raw = a.do("POST", "/entity-node", map[string]any{"group_id": "gr-1", "name": "Initech", "summary": "A software company in Austin."}, &node)
	if code != 201 || node["name"] != "Initech" || node["summary"] != "A software company in Austin." {
		t.Errorf("POST /entity-node = %d %s", code, raw)
	}
	var ents struct {
		Entities []map[string]any `json:"entities"`
	}
	a.do("GET", "/v1/groups/gr-1/entities", nil, &ents)
	n := 0
	for _, e := range ents.Entities {
		if e["name"] == "Initech" {
			n++
			if e["uuid"] != node["uuid"] {
				t.Errorf("the entity-node call made a second Initech: %v vs %v", e["uuid"], node["uuid"])
			}
		}
	}
	if n != 1 {
		t.Errorf("Initech entities = %d, want 1 (updated, not duplicated)", n)
	}

	if code, raw = a.do("DELETE", "/episode/"+first.UUID, nil, &res); code != 200 || res["message"] != "Episode deleted" {
		t.Errorf("DELETE /episode = %d %s", code, raw)
	}
	if code, _ = a.do("DELETE", "/episode/"+first.UUID, nil, nil); code != 404 {
		t.Errorf("DELETE a deleted episode = %d, want 404", code)
	}
	if code, raw = a.do("DELETE", "/group/gr-1", nil, &res); code != 200 || res["message"] != "Group deleted" {
		t.Errorf("DELETE /group = %d %s", code, raw)
	}
	a.do("GET", "/episodes/gr-1?last_n=5", nil, &eps)
	if len(eps) != 0 {
		t.Errorf("episodes after DELETE /group = %d, want 0", len(eps))
	}
	var health map[string]string
	if code, _ = a.do("GET", "/healthcheck", nil, &health); code != 200 || health["status"] != "healthy" {
		t.Errorf("GET /healthcheck = %d %v", code, health)
	}
	if code, raw = a.do("POST", "/messages", map[string]any{"group_id": "gr-1", "messages": []map[string]any{{"content": "x", "role_type": "robot"}}}, nil); code != 422 {
		t.Errorf("POST /messages with role_type robot = %d %s, want 422", code, raw)
	}
}

func TestGraphitiClearTouchesOnlyTheKeysGroups(t *testing.T) {
	const scoped, all = "key-for-clear-scope-0123456789", "key-for-all-groups-0123456789"
	a := newAPI(t, func(c *host.HTTPConfig) {
		c.Keys = []host.APIKeyConfig{{Key: scoped, Groups: []string{"clear-*"}}, {Key: all, Groups: []string{"*"}}}
	})
	for _, g := range []string{"clear-1", "keep-1"} {
		if code, raw := a.withKey(all).do("POST", "/messages", map[string]any{"group_id": g, "messages": []map[string]any{
			{"content": "I live in Rome.", "role_type": "user", "role": "Gina", "timestamp": "2024-01-01T00:00:00Z"}}}, nil); code != 202 {
			t.Fatalf("POST /messages = %d %s", code, raw)
		}
		a.withKey(all).waitIdle(g)
	}
	if code, raw := a.withKey(scoped).do("POST", "/clear", nil, nil); code != 200 {
		t.Fatalf("POST /clear = %d %s", code, raw)
	}
	var cleared, kept []graphitiEpisode
	a.withKey(all).do("GET", "/episodes/clear-1", nil, &cleared)
	a.withKey(all).do("GET", "/episodes/keep-1", nil, &kept)
	if len(cleared) != 0 || len(kept) != 1 {
		t.Errorf("after a scoped /clear: clear-1 has %d episodes (want 0), keep-1 has %d (want 1)", len(cleared), len(kept))
	}
}
