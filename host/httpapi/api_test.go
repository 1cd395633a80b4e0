package httpapi_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/backup"
)

// accepted is the answer of POST episodes.
type accepted struct {
	Episodes []struct {
		UUID      string `json:"uuid"`
		Created   bool   `json:"created"`
		Status    string `json:"status"`
		StatusURL string `json:"status_url"`
	} `json:"episodes"`
}

type factList struct {
	Facts []struct {
		UUID       string   `json:"uuid"`
		Fact       string   `json:"fact"`
		Relation   string   `json:"relation"`
		Source     string   `json:"source"`
		Target     string   `json:"target"`
		SourceUUID string   `json:"source_uuid"`
		TargetUUID string   `json:"target_uuid"`
		ValidAt    *string  `json:"valid_at"`
		InvalidAt  *string  `json:"invalid_at"`
		ExpiredAt  *string  `json:"expired_at"`
		Episodes   []string `json:"episodes"`
	} `json:"facts"`
	NextCursor string `json:"next_cursor"`
}

func TestEpisodeAcceptedThenDone(t *testing.T) {
	a := newAPI(t, nil)
	var acc accepted
	code, raw := a.do("POST", "/v1/groups/ingest-1/episodes", map[string]any{"episodes": []map[string]any{
		{"source": "message", "content": "Alice: I work at Acme Corp and I live in Paris.", "reference_time": "2024-03-01T10:00:00Z"},
		{"source": "message", "content": "Alice: I moved to Berlin last week.", "reference_time": "2024-05-01T10:00:00Z", "uuid": "move-to-berlin"},
	}}, &acc)
	if code != 202 || len(acc.Episodes) != 2 {
		t.Fatalf("POST episodes = %d %s, want 202 with 2 episodes", code, raw)
	}
	for _, ep := range acc.Episodes {
		if ep.Status != "pending" || !ep.Created || !strings.HasSuffix(ep.StatusURL, "/episodes/"+ep.UUID+"/status") {
			t.Errorf("accepted episode = %+v, want pending, created, with its status URL", ep)
		}
	}
	for _, ep := range acc.Episodes {
		st := a.waitDone(ep.StatusURL)
		if st["status"] != "done" {
			t.Fatalf("status = %v, want done", st)
		}
	}
	st := a.waitDone(acc.Episodes[1].StatusURL)
	if st["invalidated"] != float64(1) {
		t.Errorf("report of the move = %v, want invalidated 1 (Paris superseded)", st)
	}
	var facts factList
	a.do("GET", "/v1/groups/ingest-1/facts?history=true", nil, &facts)
	got := map[string]bool{}
	for _, f := range facts.Facts {
		got[fmt.Sprintf("%s superseded=%v", f.Fact, f.ExpiredAt != nil)] = true
	}
	want := map[string]bool{"Alice works at Acme Corp superseded=false": true, "Alice lives in Paris superseded=true": true, "Alice moved to Berlin superseded=false": true}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("facts with history (-want +got):\n%s", diff)
	}
	var now factList
	a.do("GET", "/v1/groups/ingest-1/facts", nil, &now)
	if len(now.Facts) != 2 {
		t.Errorf("current facts = %d, want 2 (Paris is superseded)", len(now.Facts))
	}
	var then factList
	a.do("GET", "/v1/groups/ingest-1/facts?valid_at=2024-04-01&relation=LIVES_IN", nil, &then)
	if len(then.Facts) != 1 || then.Facts[0].Target != "Paris" {
		t.Errorf("LIVES_IN facts valid at 2024-04-01 = %+v, want Paris only", then.Facts)
	}

	// A re-send is a no-op that reports the stored status.
	code, raw = a.do("POST", "/v1/groups/ingest-1/episodes", map[string]any{
		"source": "message", "content": "Alice: I moved to Berlin last week.", "reference_time": "2024-05-01T10:00:00Z", "uuid": "move-to-berlin"}, &acc)
	if code != 202 || acc.Episodes[0].Created || acc.Episodes[0].Status != "done" {
		t.Errorf("re-send = %d %s, want 202, created false, status done", code, raw)
	}
}

func TestBadInput(t *testing.T) {
	a := newAPI(t, func(c *host.HTTPConfig) { c.MaxBodyKB = 1 })
	big := fmt.Sprintf(`{"content": %q, "reference_time": "2024-01-01"}`, strings.Repeat("word ", 400))
	tests := []struct {
		name     string
		method   string
		path     string
		body     string
		wantCode int
		wantMsg  string
	}{
		{"not JSON", "POST", "/v1/groups/bad-1/episodes", `{"content": "x",`, 400, "invalid JSON"},
		{"unknown field", "POST", "/v1/groups/bad-1/episodes", `{"content": "Alice: hi", "reference_time": "2024-01-01", "colour": "red"}`, 400, `unknown field "colour"`},
		{"wrong type", "POST", "/v1/groups/bad-1/facts", `{"source": "A", "relation": 3, "target": "B"}`, 400, `field "relation": want a string`},
		{"bad date", "POST", "/v1/groups/bad-1/episodes", `{"content": "Alice: hi", "reference_time": "yesterday"}`, 400, `time "yesterday"`},
		{"missing date", "POST", "/v1/groups/bad-1/episodes", `{"content": "Alice: hi"}`, 400, "reference_time is missing"},
		{"bad source", "POST", "/v1/groups/bad-1/episodes", `{"content": "hi", "source": "email", "reference_time": "2024-01-01"}`, 400, `source "email"`},
		{"empty batch", "POST", "/v1/groups/bad-1/episodes", `{"episodes": []}`, 400, "episodes is empty"},
		{"one bad episode of two", "POST", "/v1/groups/bad-1/episodes", `{"episodes": [{"content": "Alice: hi", "reference_time": "2024-01-01"}, {"content": "", "reference_time": "2024-01-01"}]}`, 400, "episode 1: episode content is empty"},
		{"bad group", "GET", "/v1/groups/bad%20group/facts", ``, 400, "group id"},
		{"bad limit", "GET", "/v1/groups/bad-1/facts?limit=5000", ``, 400, "limit"},
		{"bad valid_at", "GET", "/v1/groups/bad-1/facts?valid_at=soon", ``, 400, "valid_at"},
		{"oversized", "POST", "/v1/groups/bad-1/episodes", big, 413, "over the limit"},
		{"unknown episode", "GET", "/v1/groups/bad-1/episodes/nope/status", ``, 404, "not found"},
		{"unknown fact", "DELETE", "/v1/groups/bad-1/facts/nope", ``, 404, "not found"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var e errorOf
			code, raw := a.do(tc.method, tc.path, tc.body, &e)
			if code != tc.wantCode || !strings.Contains(e.Error, tc.wantMsg) {
				t.Errorf("%s %s = %d %s, want %d with a message containing %q", tc.method, tc.path, code, raw, tc.wantCode, tc.wantMsg)
			}
		})
	}
	var eps struct {
		Episodes []any `json:"episodes"`
	}
	a.do("GET", "/v1/groups/bad-1/episodes", nil, &eps)
	if len(eps.Episodes) != 0 {
		t.Errorf("episodes stored by bad requests = %d, want 0", len(eps.Episodes))
	}
}

func TestAuth(t *testing.T) {
	const keyA, keyB = "key-for-team-a-0123456789", "key-for-everything-0123456789"
	a := newAPI(t, func(c *host.HTTPConfig) {
		c.Keys = []host.APIKeyConfig{{Key: keyA, Groups: []string{"team-a", "team-a-*"}}, {Key: keyB, Groups: []string{"*"}}}
	})
	ep := map[string]any{"content": "Carol: I live in Oslo.", "reference_time": "2024-01-01"}
	var acc accepted
	if code, raw := a.withKey(keyB).do("POST", "/v1/groups/team-b/episodes", ep, &acc); code != 202 {
		t.Fatalf("POST with the '*' key = %d %s, want 202", code, raw)
	}
	a.withKey(keyB).waitDone(acc.Episodes[0].StatusURL)
	bEpisode := acc.Episodes[0].UUID

	tests := []struct {
		name   string
		key    string
		header string
		method string
		path   string
		body   any
		want   int
	}{
		{"no key", "", "", "GET", "/v1/groups/team-a/facts", nil, 401},
		{"unknown key", "not-a-key-0123456789", "", "GET", "/v1/groups/team-a/facts", nil, 401},
		{"own group", keyA, "", "GET", "/v1/groups/team-a/facts", nil, 200},
		{"own pattern", keyA, "", "POST", "/v1/groups/team-a-eu/episodes", ep, 202},
		{"X-API-Key header", "", keyA, "GET", "/v1/groups/team-a/episodes", nil, 200},
		{"other group", keyA, "", "GET", "/v1/groups/team-b/facts", nil, 403},
		{"other group write", keyA, "", "POST", "/v1/groups/team-b/episodes", ep, 403},
		{"other group delete", keyA, "", "DELETE", "/v1/groups/team-b", nil, 403},
		{"other group's episode by uuid", keyA, "", "DELETE", "/episode/" + bEpisode, nil, 404},
		{"graphiti other group", keyA, "", "POST", "/messages", map[string]any{"group_id": "team-b", "messages": []map[string]any{{"content": "hi", "role_type": "user"}}}, 403},
		{"graphiti own group", keyA, "", "GET", "/episodes/team-a?last_n=3", nil, 200},
		{"probes need no key", "", "", "GET", "/healthz", nil, 200},
		{"metrics need no key", "", "", "GET", "/metrics", nil, 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := a.withKey(tc.key)
			if tc.header != "" {
				c = a.withKey("")
			}
			code, raw := c.doHeader(tc.method, tc.path, tc.body, tc.header)
			if code != tc.want {
				t.Errorf("%s %s = %d %s, want %d", tc.method, tc.path, code, raw, tc.want)
			}
		})
	}
	var groups struct {
		Groups []string `json:"groups"`
	}
	a.withKey(keyA).do("GET", "/v1/groups", nil, &groups)
	for _, g := range groups.Groups {
		if !strings.HasPrefix(g, "team-a") {
			t.Errorf("GET /v1/groups with the team-a key lists %q", g)
		}
	}
	// The episode of team-b survived the team-a key's attempts.
	var eps struct {
		Episodes []any `json:"episodes"`
	}
	a.withKey(keyB).do("GET", "/v1/groups/team-b/episodes", nil, &eps)
	if len(eps.Episodes) != 1 {
		t.Errorf("team-b episodes = %d, want 1", len(eps.Episodes))
	}
}

func TestAddFactSupersedes(t *testing.T) {
	a := newAPI(t, nil)
	type added struct {
		Episode string   `json:"episode"`
		Facts   factList `json:"-"`
		Report  struct {
			Status      string `json:"status"`
			Invalidated int    `json:"invalidated"`
		} `json:"report"`
	}
	var first, second added
	code, raw := a.do("POST", "/v1/groups/facts-1/facts", map[string]any{"source": "Dana", "relation": "LIVES_IN", "target": "Lyon", "valid_at": "2020-01-01", "reference_time": "2020-01-02"}, &first)
	if code != 201 || first.Report.Status != "done" {
		t.Fatalf("POST facts = %d %s, want 201 done", code, raw)
	}
	code, raw = a.do("POST", "/v1/groups/facts-1/facts", map[string]any{"source": "Dana", "relation": "LIVES_IN", "target": "Nantes", "valid_at": "2023-06-01", "reference_time": "2023-06-02"}, &second)
	if code != 201 || second.Report.Invalidated != 1 {
		t.Fatalf("second POST facts = %d %s, want 201 with 1 invalidation", code, raw)
	}
	var hist factList
	a.do("GET", "/v1/groups/facts-1/facts?history=true", nil, &hist)
	var lyon string
	for _, f := range hist.Facts {
		if f.Target == "Lyon" {
			lyon = fmt.Sprintf("%s→%v expired=%v", *f.ValidAt, deref(f.InvalidAt), f.ExpiredAt != nil)
		}
	}
	if want := "2020-01-01T00:00:00Z→2023-06-01T00:00:00Z expired=true"; lyon != want {
		t.Errorf("Lyon fact = %q, want %q", lyon, want)
	}
	var asKnown factList
	a.do("GET", "/v1/groups/facts-1/facts?known_at=2021-01-01&relation=LIVES_IN", nil, &asKnown)
	if len(asKnown.Facts) != 0 {
		// The facts were learned now, not in 2021: nothing was known then.
		t.Errorf("facts known at 2021-01-01 = %d, want 0", len(asKnown.Facts))
	}
}

func deref(s *string) string {
	if s == nil {
		return "nil"
	}
	return *s
}

func TestPagingAndDelete(t *testing.T) {
	a := newAPI(t, nil)
	var eps []map[string]any
	for i := range 5 {
		eps = append(eps, map[string]any{"content": fmt.Sprintf("Erin: I visited Rome on day %d.", i), "reference_time": fmt.Sprintf("2024-02-0%dT10:00:00Z", i+1)})
	}
	var acc accepted
	if code, raw := a.do("POST", "/v1/groups/page-1/episodes", map[string]any{"episodes": eps}, &acc); code != 202 {
		t.Fatalf("POST = %d %s", code, raw)
	}
	for _, e := range acc.Episodes {
		a.waitDone(e.StatusURL)
	}
	var seen []string
	cursor := ""
	for range 10 {
		var page struct {
			Episodes []struct {
				UUID string `json:"uuid"`
			} `json:"episodes"`
			NextCursor string `json:"next_cursor"`
		}
		a.do("GET", "/v1/groups/page-1/episodes?limit=2&cursor="+cursor, nil, &page)
		for _, e := range page.Episodes {
			seen = append(seen, e.UUID)
		}
		if cursor = page.NextCursor; cursor == "" {
			break
		}
	}
	var want []string
	for _, e := range acc.Episodes {
		want = append(want, e.UUID)
	}
	if diff := cmp.Diff(want, seen); diff != "" {
		t.Errorf("paged episodes (-want +got):\n%s", diff)
	}
	var d map[string]int
	if code, raw := a.do("DELETE", "/v1/groups/page-1/episodes/"+want[0], nil, &d); code != 200 || d["episodes"] != 1 {
		t.Errorf("DELETE episode = %d %s, want 200 with 1 episode", code, raw)
	}
	if code, raw := a.do("DELETE", "/v1/groups/page-1", nil, &d); code != 200 || d["episodes"] != 4 {
		t.Errorf("DELETE group = %d %s, want 200 with 4 episodes", code, raw)
	}
	var stats map[string]any
	a.do("GET", "/v1/groups/page-1", nil, &stats)
	if stats["episodes"] != float64(0) || stats["entities"] != float64(0) {
		t.Errorf("stats after delete = %v, want nothing left", stats)
	}
}

// TestBackupRoute checks who may take a backup, which holds every group,
// and that what the route sends is a backup that verifies.
func TestBackupRoute(t *testing.T) {
	const keyA, keyAll = "backup-key-team-a-0123456789", "backup-key-everything-0123456789"
	keyed := newAPI(t, func(c *host.HTTPConfig) {
		c.Keys = []host.APIKeyConfig{{Key: keyA, Groups: []string{"team-a", "team-*"}}, {Key: keyAll, Groups: []string{"*"}}}
	})
	open := newAPI(t, nil)
	tests := []struct {
		name string
		a    *api
		want int
	}{
		{"no key", keyed, 401},
		{"key bound to groups", keyed.withKey(keyA), 403},
		{"key bound to every group", keyed.withKey(keyAll), 200},
		{"no keys configured", open, 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, raw := tc.a.do("POST", "/v1/admin/backup", nil, nil)
			if code != tc.want {
				t.Fatalf("POST /v1/admin/backup = %d %.200s, want %d", code, raw, tc.want)
			}
			if code != 200 {
				return
			}
			m, err := backup.ReadArchive(bytes.NewReader(raw), t.TempDir())
			if err != nil {
				t.Fatalf("ReadArchive: %v", err)
			}
			if m.Store != "kuzu" || m.Mnemo != "test" || len(m.Files) != 1 || m.Embedder.Dimension == 0 {
				t.Errorf("manifest = %+v", m)
			}
		})
	}
	// The route leaves nothing beside the database.
	entries, err := os.ReadDir(shared.Config.DB)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".backup-") {
			t.Errorf("the backup route left %s in the database directory", e.Name())
		}
	}
}
