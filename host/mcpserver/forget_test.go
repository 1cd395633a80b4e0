package mcpserver_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/mcpserver"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// TestForgetTool forgets a person through the forget tool under a key
// bound to the group: the answer is the audit record, the name leaves the
// database files; a group the key may not use and a call naming both or
// neither of episode and entity are refused.
func TestForgetTool(t *testing.T) {
	const key = "mcp-forget-key-0123456789"
	h := openHost(t, []host.APIKeyConfig{{Key: key, Groups: []string{"f-a"}}})
	srv := httptest.NewServer(mcpserver.New(h, mcpserver.Options{DefaultGroup: "f-a"}).Handler())
	defer srv.Close()
	s, err := connect(t, srv.URL, key)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var added struct{ Status string }
	for _, text := range []string{"Alice: I work at Acme.", "Ysolde: I work at Initech."} {
		if e := call(t, s, "add_memory", map[string]any{"episode_body": text, "reference_time": "2024-01-01T00:00:00Z", "wait_seconds": 60}, &added); e != "" || added.Status != "done" {
			t.Fatalf("add_memory = %q %+v", e, added)
		}
	}
	var out struct {
		Erasure host.Erasure `json:"erasure"`
	}
	for _, args := range []map[string]any{{}, {"entity": "Ysolde", "episode_uuid": "x"}, {"entity": "Ysolde", "group_id": "other"}} {
		if e := call(t, s, "forget", args, &out); e == "" {
			t.Errorf("forget(%v) succeeded, want a refusal", args)
		}
	}
	if e := call(t, s, "forget", map[string]any{"entity": "Ysolde"}, &out); e != "" {
		t.Fatalf("forget = %s", e)
	}
	if out.Erasure.Kind != "entity" || out.Erasure.Episodes != 1 || out.Erasure.Key != "http.keys[0]" {
		t.Errorf("erasure = %+v, want the entity and its episode, by http.keys[0]", out.Erasure)
	}
	if found := kuzutest.FilesHolding(t, h.Config.DB, "Ysolde", "ysolde"); len(found) > 0 {
		t.Errorf("after forget: %s", strings.Join(found, "; "))
	}
}
