package httpapi_test

import "testing"

// TestEntityNode checks POST /entity-node: it creates an entity, updates
// the one of the same name, never touches another group's entity, and
// answers invalid input with 422 (as Graphiti's server does).
func TestEntityNode(t *testing.T) {
	a := newAPI(t, nil)
	entities := func(group string) map[string]map[string]any {
		t.Helper()
		var out struct {
			Entities []map[string]any `json:"entities"`
		}
		if code, raw := a.do("GET", "/v1/groups/"+group+"/entities", nil, &out); code != 200 {
			t.Fatalf("GET entities of %s = %d %s", group, code, raw)
		}
		m := map[string]map[string]any{}
		for _, e := range out.Entities {
			m[e["uuid"].(string)] = e
		}
		return m
	}

	var created map[string]any
	code, raw := a.do("POST", "/entity-node", map[string]any{"group_id": "en-a", "name": "Umbrella Corp", "summary": "A company."}, &created)
	if code != 201 || created["name"] != "Umbrella Corp" || created["group_id"] != "en-a" {
		t.Fatalf("POST /entity-node = %d %s, want 201 with the new entity", code, raw)
	}
	id := created["uuid"].(string)

	var updated map[string]any
	code, raw = a.do("POST", "/entity-node", map[string]any{"group_id": "en-a", "name": "  umbrella corp "}, &updated)
	if code != 201 || updated["uuid"] != id || updated["name"] != "umbrella corp" || updated["summary"] != "A company." {
		t.Errorf("POST /entity-node with the same name = %d %s, want entity %s renamed, summary kept", code, raw, id)
	}
	if got := entities("en-a"); len(got) != 1 || got[id]["name"] != "umbrella corp" {
		t.Errorf("entities of en-a = %v, want %s alone, renamed", got, id)
	}

	// Group en-b names en-a's uuid: it may not take or rename it, nor
	// learn that it exists; it saves an entity of its own (see
	// TestEntityNodeUUIDsAreTheGroupsOwn).
	var other map[string]any
	code, raw = a.do("POST", "/entity-node", map[string]any{"group_id": "en-b", "uuid": id, "name": "Mallory"}, &other)
	if code != 201 || other["uuid"] == id || other["group_id"] != "en-b" {
		t.Errorf("POST /entity-node with another group's uuid = %d %s, want 201 with an entity of en-b's own", code, raw)
	}
	if got := entities("en-a"); got[id]["name"] != "umbrella corp" {
		t.Errorf("en-a's entity after en-b's call = %v, want it unchanged", got[id])
	}
	if got := entities("en-b"); len(got) != 1 || got[id] != nil {
		t.Errorf("entities of en-b = %v, want Mallory alone, under a uuid of its own", got)
	}

	for _, body := range []map[string]any{
		{"group_id": "en-a", "name": "   "},
		{"group_id": "not a group", "name": "Alice"},
		{"group_id": "en-a", "uuid": "not a uuid!", "name": "Alice"},
	} {
		if code, raw := a.do("POST", "/entity-node", body, nil); code != 422 {
			t.Errorf("POST /entity-node %v = %d %s, want 422", body, code, raw)
		}
	}
}
