package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/host"
)

// TestEpisodeUUIDsAreTheGroupsOwn sends, through every surface that takes a
// client's episode uuid, an episode whose uuid another tenant used first:
// it is stored as the sender's own, answered as any new episode is (no 409
// that would tell that the uuid exists elsewhere), and each tenant reads,
// deletes and re-sends its own without touching the other's.
func TestEpisodeUUIDsAreTheGroupsOwn(t *testing.T) {
	const (
		keyA = "oracle-key-a-0123456789"
		keyB = "oracle-key-b-0123456789"
	)
	srv := newMCPAPI(t, []host.APIKeyConfig{{Key: keyA, Groups: []string{"oracle-a*"}}, {Key: keyB, Groups: []string{"oracle-b*"}}}, "")
	tenants := []struct {
		name string
		c    *api
		key  string
	}{{"a", srv.withKey(keyA), keyA}, {"b", srv.withKey(keyB), keyB}}

	// Each surface sends one episode of uuid id with a text that names the
	// tenant, to the tenant's group g, and returns the status and answer.
	surfaces := []struct {
		name string
		send func(t *testing.T, c *api, key, g, id, text string) (int, string)
	}{
		{"POST /v1/groups/{g}/episodes", func(t *testing.T, c *api, _, g, id, text string) (int, string) {
			code, raw := c.do("POST", "/v1/groups/"+g+"/episodes", map[string]any{"uuid": id, "content": "Ann: " + text, "reference_time": "2024-06-01T12:00:00Z"}, nil)
			return code, string(raw)
		}},
		{"POST /v1/groups/{g}/facts", func(t *testing.T, c *api, _, g, id, text string) (int, string) {
			code, raw := c.do("POST", "/v1/groups/"+g+"/facts", map[string]any{"uuid": id, "source": "Ann", "relation": "SAID", "target": text}, nil)
			return code, string(raw)
		}},
		{"Graphiti POST /messages", func(t *testing.T, c *api, _, g, id, text string) (int, string) {
			code, raw := c.do("POST", "/messages", map[string]any{"group_id": g, "messages": []map[string]any{
				{"uuid": id, "content": text, "role_type": "user", "role": "Ann", "timestamp": "2024-06-01T12:00:00Z"}}}, nil)
			return code, string(raw)
		}},
		{"MCP add_memory", func(t *testing.T, c *api, key, g, id, text string) (int, string) {
			s, err := mcpConnect(t, c.base+"/mcp", "Authorization", "Bearer "+key)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			var out map[string]any
			if msg := mcpCall(t, s, "add_memory", map[string]any{"group_id": g, "uuid": id, "episode_body": "Ann: " + text}, &out); msg != "" {
				return 500, msg
			}
			return 200, fmt.Sprint(out)
		}},
		{"Zep thread messages", func(t *testing.T, c *api, _, g, id, text string) (int, string) {
			if code, raw := c.do("POST", "/api/v2/users", map[string]any{"user_id": g}, nil); code != 201 {
				t.Fatalf("create Zep user %s = %d %s", g, code, raw)
			}
			// Both tenants name their thread alike: thread ids are
			// each tenant's own too.
			if code, raw := c.do("POST", "/api/v2/threads", map[string]any{"thread_id": "oracle-thread", "user_id": g}, nil); code != 201 {
				t.Fatalf("create Zep thread for %s = %d %s", g, code, raw)
			}
			code, raw := c.do("POST", "/api/v2/threads/oracle-thread/messages", map[string]any{"messages": []map[string]any{
				{"uuid": id, "role": "user", "name": "Ann", "content": text}}}, nil)
			return code, string(raw)
		}},
	}
	for i, sf := range surfaces {
		t.Run(sf.name, func(t *testing.T) {
			id := fmt.Sprintf("oracle-episode-%d", i)
			group := func(tenant string) string { return fmt.Sprintf("oracle-%s%d", tenant, i) }
			text := func(tenant string) string { return "tenant " + tenant + " says hello" }
			// The answer tenant b gets is the one tenant a got, whatever
			// a stored first.
			var answers []int
			for _, tn := range tenants {
				code, raw := sf.send(t, tn.c, tn.key, group(tn.name), id, text(tn.name))
				if code/100 != 2 {
					t.Fatalf("tenant %s: %s = %d %s, want success", tn.name, sf.name, code, raw)
				}
				answers = append(answers, code)
			}
			if answers[0] != answers[1] {
				t.Errorf("statuses = %v: tenant b's answer differs from tenant a's", answers)
			}
			for _, tn := range tenants {
				tn.c.waitIdle(group(tn.name))
				var ep struct {
					GroupID string `json:"group_id"`
					Content string `json:"content"`
				}
				code, raw := tn.c.do("GET", "/v1/groups/"+group(tn.name)+"/episodes/"+id, nil, &ep)
				if code != 200 || ep.GroupID != group(tn.name) || !strings.Contains(ep.Content, text(tn.name)) {
					t.Errorf("tenant %s reads its episode %s: %d %s, want its own text", tn.name, id, code, raw)
				}
			}
			// Tenant a deletes its episode; tenant b's stays, and a may
			// store the uuid again.
			a, b := tenants[0], tenants[1]
			if code, raw := a.c.do("DELETE", "/v1/groups/"+group("a")+"/episodes/"+id, nil, nil); code != 200 {
				t.Fatalf("tenant a deletes %s = %d %s", id, code, raw)
			}
			if code, _ := a.c.do("GET", "/v1/groups/"+group("a")+"/episodes/"+id, nil, nil); code != 404 {
				t.Errorf("tenant a reads its deleted episode = %d, want 404", code)
			}
			var ep struct {
				Content string `json:"content"`
			}
			if code, raw := b.c.do("GET", "/v1/groups/"+group("b")+"/episodes/"+id, nil, &ep); code != 200 || !strings.Contains(ep.Content, text("b")) {
				t.Errorf("tenant b's episode after a's deletion = %d %s", code, raw)
			}
			if code, raw := a.c.do("POST", "/v1/groups/"+group("a")+"/episodes", map[string]any{"uuid": id, "content": "Ann: again", "reference_time": "2024-06-01T12:00:00Z"}, nil); code/100 != 2 {
				t.Errorf("tenant a stores %s again = %d %s", id, code, raw)
			}
		})
	}
}

// TestEntityNodeUUIDsAreTheGroupsOwn saves, through Graphiti's POST
// /entity-node, an entity whose uuid another tenant used first: both get
// the same answer, an entity of their own whose uuid derives from their
// group, which the same uuid names again later; a uuid of the group's own
// entity names that entity.
func TestEntityNodeUUIDsAreTheGroupsOwn(t *testing.T) {
	const (
		keyA = "oracle-node-key-a-0123456789"
		keyB = "oracle-node-key-b-0123456789"
	)
	srv := newAPI(t, func(c *host.HTTPConfig) {
		c.Keys = []host.APIKeyConfig{{Key: keyA, Groups: []string{"oracle-node-a"}}, {Key: keyB, Groups: []string{"oracle-node-b"}}}
	})
	a, b := srv.withKey(keyA), srv.withKey(keyB)
	const id = "4b1d0b0e-7a1c-4d7e-9c55-0d9a7f1e2c3b"
	save := func(c *api, g, uuid, name string) (int, map[string]any) {
		t.Helper()
		var node map[string]any
		code, raw := c.do("POST", "/entity-node", map[string]any{"uuid": uuid, "group_id": g, "name": name}, &node)
		if code != 201 {
			t.Fatalf("POST /entity-node (%s, %s) = %d %s", g, uuid, code, raw)
		}
		return code, node
	}
	_, na := save(a, "oracle-node-a", id, "Initech")
	_, nb := save(b, "oracle-node-b", id, "Globex")
	if na["uuid"] == id || nb["uuid"] == id || na["uuid"] == nb["uuid"] {
		t.Errorf("entity uuids = %v (a), %v (b); want each derived from its group, not %s", na["uuid"], nb["uuid"], id)
	}
	if nb["name"] != "Globex" || nb["group_id"] != "oracle-node-b" {
		t.Errorf("tenant b's entity = %v", nb)
	}
	// The same uuid names the same entity again; so does its stored uuid.
	if _, again := save(a, "oracle-node-a", id, "Initech Corp"); again["uuid"] != na["uuid"] || again["name"] != "Initech Corp" {
		t.Errorf("saving %s again = %v, want entity %v renamed", id, again, na["uuid"])
	}
	if _, again := save(a, "oracle-node-a", na["uuid"].(string), "Initech Inc"); again["uuid"] != na["uuid"] {
		t.Errorf("saving the entity's own uuid = %v, want entity %v", again, na["uuid"])
	}
	// Tenant b naming tenant a's stored uuid gets an entity of its own.
	if _, other := save(b, "oracle-node-b", na["uuid"].(string), "Umbrella"); other["uuid"] == na["uuid"] || other["name"] != "Umbrella" {
		t.Errorf("tenant b saving tenant a's entity uuid = %v, want an entity of its own", other)
	}
	var ents struct {
		Entities []map[string]any `json:"entities"`
	}
	a.do("GET", "/v1/groups/oracle-node-a/entities", nil, &ents)
	if len(ents.Entities) != 1 || ents.Entities[0]["name"] != "Initech Inc" {
		t.Errorf("tenant a's entities = %v, want Initech Inc only", ents.Entities)
	}
}

// TestImportUUIDsAreTheGroupsOwn imports, into tenant b's group, data of
// that group's name that names tenant a's entity and fact uuids: it is
// imported as b's own under uuids derived from b's group, a's graph stays
// as it was, and re-importing b's own export changes nothing.
func TestImportUUIDsAreTheGroupsOwn(t *testing.T) {
	const (
		keyA = "oracle-imp-key-a-0123456789"
		keyB = "oracle-imp-key-b-0123456789"
	)
	srv := newAPI(t, func(c *host.HTTPConfig) {
		c.Keys = []host.APIKeyConfig{{Key: keyA, Groups: []string{"oracle-imp-a"}}, {Key: keyB, Groups: []string{"oracle-imp-b"}}}
	})
	a, b := srv.withKey(keyA), srv.withKey(keyB)
	var acc accepted
	if code, raw := a.do("POST", "/v1/groups/oracle-imp-a/episodes", map[string]any{"content": "Alice: I work at Acme and I live in Paris.", "reference_time": "2024-05-01T10:00:00Z"}, &acc); code != 202 {
		t.Fatalf("POST episode = %d %s", code, raw)
	}
	a.waitDone(acc.Episodes[0].StatusURL)
	_, before := a.do("GET", "/v1/groups/oracle-imp-a/export", nil, nil)
	if !strings.Contains(string(before), `"kind":"entity"`) {
		t.Fatalf("tenant a's export holds no entity: %s", before)
	}
	// Tenant b sends tenant a's export as its own group's.
	forged := []byte(strings.ReplaceAll(string(before), "oracle-imp-a", "oracle-imp-b"))
	var res map[string]any
	if code, raw := b.do("POST", "/v1/groups/oracle-imp-b/import", forged, &res); code != 200 || res["entities"] == 0.0 {
		t.Fatalf("tenant b imports data naming tenant a's uuids = %d %s, want it imported", code, raw)
	}
	_, mine := b.do("GET", "/v1/groups/oracle-imp-b/export", nil, nil)
	for _, l := range strings.Split(string(before), "\n") {
		var rec struct {
			Kind string `json:"kind"`
			UUID string `json:"uuid"`
		}
		if json.Unmarshal([]byte(l), &rec) != nil || rec.UUID == "" || rec.Kind == "episode" {
			continue
		}
		if strings.Contains(string(mine), rec.UUID) {
			t.Errorf("tenant b's group holds tenant a's %s uuid %s", rec.Kind, rec.UUID)
		}
	}
	if _, after := a.do("GET", "/v1/groups/oracle-imp-a/export", nil, nil); body(t, after) != body(t, before) {
		t.Errorf("tenant a's group changed when tenant b imported")
	}
	// b's own export, imported into b again, changes nothing.
	if code, raw := b.do("POST", "/v1/groups/oracle-imp-b/import", mine, nil); code != 200 {
		t.Fatalf("tenant b re-imports its export = %d %s", code, raw)
	}
	if _, again := b.do("GET", "/v1/groups/oracle-imp-b/export", nil, nil); body(t, again) != body(t, mine) {
		t.Errorf("re-importing tenant b's own export changed its group")
	}
}
