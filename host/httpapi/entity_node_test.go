package httpapi_test

import "testing"

// TestEntityNode checks POST /entity-node: it creates an entity, updates
// the one of the same name, and never touches another group's entity.
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

	// Group en-b names en-a's uuid: it may not take or rename it.
	code, raw = a.do("POST", "/entity-node", map[string]any{"group_id": "en-b", "uuid": id, "name": "Mallory"}, nil)
	if code < 400 || code >= 500 {
		t.Errorf("POST /entity-node with another group's uuid = %d %s, want a 4xx", code, raw)
	}
	if got := entities("en-a"); got[id]["name"] != "umbrella corp" {
		t.Errorf("en-a's entity after en-b's call = %v, want it unchanged", got[id])
	}
	if got := entities("en-b"); len(got) != 0 {
		t.Errorf("entities of en-b = %v, want none", got)
	}

	for _, body := range []map[string]any{
		{"group_id": "en-a", "name": "   "},
		{"group_id": "not a group", "name": "Alice"},
		{"group_id": "en-a", "uuid": "not a uuid!", "name": "Alice"},
	} {
		if code, raw := a.do("POST", "/entity-node", body, nil); code != 400 {
			t.Errorf("POST /entity-node %v = %d %s, want 400", body, code, raw)
		}
	}
}
