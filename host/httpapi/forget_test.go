package httpapi_test

import (
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// TestForgetRoute forgets an entity by name over HTTP, under a key bound
// to the group: the answer is the audit record, the name is gone from the
// group and from the database files, the erasure is listed, another
// group's key cannot forget or list, and bad bodies are 400s.
func TestForgetRoute(t *testing.T) {
	const keyA, keyB, keyRO = "forget-key-a", "forget-key-b", "forget-key-ro"
	a := newAPI(t, func(c *host.HTTPConfig) {
		c.Keys = []host.APIKeyConfig{{Key: keyA, Groups: []string{"forget-a"}}, {Key: keyB, Groups: []string{"forget-b"}},
			{Key: keyRO, Groups: []string{"forget-a"}, ReadOnly: true}}
	}).withKey(keyA)
	a.fresh("forget-a")
	a.ingest("forget-a",
		map[string]any{"source": "message", "content": "Alice: I work at Acme.", "reference_time": "2024-03-01T10:00:00Z"},
		map[string]any{"source": "message", "content": "Xanthippe: I work at Initech.", "reference_time": "2024-03-01T11:00:00Z"})

	b := a.withKey(keyB)
	if code, raw := b.do("POST", "/v1/groups/forget-a/forget", map[string]any{"entity": "Xanthippe"}, nil); code != 403 {
		t.Errorf("forget with another group's key = %d %s, want 403", code, raw)
	}
	ro := a.withKey(keyRO)
	if code, raw := ro.do("POST", "/v1/groups/forget-a/forget", map[string]any{"entity": "Xanthippe"}, nil); code != 403 {
		t.Errorf("forget with a read-only key = %d %s, want 403", code, raw)
	}
	if code, raw := ro.do("GET", "/v1/groups/forget-a/erasures", nil, nil); code != 200 {
		t.Errorf("erasures with a read-only key = %d %s, want 200", code, raw)
	}
	for _, body := range []any{map[string]any{}, map[string]any{"episode": "x", "entity": "y"}, "not json"} {
		if code, raw := a.do("POST", "/v1/groups/forget-a/forget", body, nil); code != 400 {
			t.Errorf("forget %v = %d %s, want 400", body, code, raw)
		}
	}
	if code, raw := a.do("POST", "/v1/groups/forget-a/forget", map[string]any{"entity": "Nobody"}, nil); code != 404 {
		t.Errorf("forget an unknown entity = %d %s, want 404", code, raw)
	}
	var e host.Erasure
	if code, raw := a.do("POST", "/v1/groups/forget-a/forget", map[string]any{"entity": "xanthippe"}, &e); code != 200 {
		t.Fatalf("forget = %d %s, want 200", code, raw)
	}
	if e.Kind != "entity" || e.Episodes != 1 || e.Entities == 0 || e.Key != "http.keys[0]" || e.UUID == "" {
		t.Errorf("erasure = %+v, want one episode and the entity, by http.keys[0]", e)
	}
	_, raw := a.do("GET", "/v1/groups/forget-a/export", nil, nil)
	if strings.Contains(string(raw), "Xanthippe") || !strings.Contains(string(raw), "Alice") {
		t.Errorf("export after forgetting Xanthippe:\n%s", raw)
	}
	if found := kuzutest.FilesHolding(t, shared.Config.DB, "Xanthippe", "xanthippe"); len(found) > 0 {
		t.Errorf("after the erasure: %s", strings.Join(found, "; "))
	}
	var list struct{ Erasures []host.Erasure }
	if code, raw := a.do("GET", "/v1/groups/forget-a/erasures", nil, &list); code != 200 || len(list.Erasures) == 0 || list.Erasures[len(list.Erasures)-1].ID != e.ID {
		t.Errorf("erasures = %d %s, want the erasure last", code, raw)
	}
	if code, raw := b.do("GET", "/v1/groups/forget-a/erasures", nil, nil); code != 403 {
		t.Errorf("erasures with another group's key = %d %s, want 403", code, raw)
	}
}
