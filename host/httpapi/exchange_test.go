package httpapi_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mnemohq/mnemo/host"
)

// body is an export without its header, whose time changes.
func body(t *testing.T, export []byte) string {
	t.Helper()
	_, rest, ok := bytes.Cut(export, []byte("\n"))
	if !ok {
		t.Fatalf("export without a header line: %q", export)
	}
	return string(rest)
}

// TestExportImportOverHTTP exports a group and imports it under another
// name through a real server, with keys bound to groups.
func TestExportImportOverHTTP(t *testing.T) {
	const keyA, keyAll = "key-for-xfer-a-0123456789", "key-for-all-xfer-0123456789"
	a := newAPI(t, func(c *host.HTTPConfig) {
		c.Keys = []host.APIKeyConfig{{Key: keyA, Groups: []string{"xfer-a", "xfer-a-*"}}, {Key: keyAll, Groups: []string{"*"}}}
	})
	all := a.withKey(keyAll)
	for _, ep := range []struct{ group, content string }{
		{"xfer-a", "Alice: I work at Acme and I live in Paris."},
		{"xfer-a", "Alice: I moved to Berlin last week."},
		{"xfer-b", "Bruno: I live in Rome and I work at Initech."},
	} {
		var acc accepted
		if code, raw := all.do("POST", "/v1/groups/"+ep.group+"/episodes", map[string]any{"content": ep.content, "reference_time": "2024-05-01T10:00:00Z"}, &acc); code != 202 {
			t.Fatalf("POST episode = %d %s", code, raw)
		}
		all.waitDone(acc.Episodes[0].StatusURL)
	}

	ka := a.withKey(keyA)
	code, exp := ka.do("GET", "/v1/groups/xfer-a/export", nil, nil)
	if code != 200 {
		t.Fatalf("GET export = %d %s", code, exp)
	}
	for i, l := range strings.Split(strings.TrimSpace(body(t, exp)), "\n") {
		var rec struct{ Kind, Group string }
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("line %d: %v", i+2, err)
		}
		if rec.Group != "xfer-a" {
			t.Errorf("line %d of xfer-a's export is of group %q", i+2, rec.Group)
		}
	}
	if bytes.Contains(exp, []byte("Bruno")) || bytes.Contains(exp, []byte("Initech")) {
		t.Errorf("xfer-a's export holds xfer-b's content")
	}

	tests := []struct {
		name         string
		key          string
		method, path string
		body         []byte
		want         int
		wantErr      string
	}{
		{"export another group", keyA, "GET", "/v1/groups/xfer-b/export", nil, 403, ""},
		{"import into another group", keyA, "POST", "/v1/groups/xfer-b/import", exp, 403, ""},
		{"import without a key", "", "POST", "/v1/groups/xfer-a-copy/import", exp, 401, ""},
		{"bad line", keyA, "POST", "/v1/groups/xfer-a-copy/import", append(bytes.Clone(exp), "{not json\n"...), 400, "line "},
		{"not an export", keyA, "POST", "/v1/groups/xfer-a-copy/import", []byte(`{"episodes": []}` + "\n"), 400, "line 1"},
		{"another embedder", keyA, "POST", "/v1/groups/xfer-a-copy/import",
			bytes.Replace(exp, []byte(`"model":"hashembed"`), []byte(`"model":"other-model"`), 1), 409, "embedder"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var e errorOf
			code, raw := a.withKey(tc.key).do(tc.method, tc.path, tc.body, &e)
			if code != tc.want || !strings.Contains(e.Error, tc.wantErr) {
				t.Errorf("%s %s = %d %s, want %d with %q", tc.method, tc.path, code, raw, tc.want, tc.wantErr)
			}
		})
	}
	// Nothing of the refused imports was written.
	if code, raw := all.do("GET", "/v1/groups/xfer-a-copy/export", nil, nil); code != 200 || body(t, raw) != "" {
		t.Fatalf("export of xfer-a-copy after refused imports = %d %q, want 200 and a header alone", code, raw)
	}

	var first, second map[string]any
	if code, raw := ka.do("POST", "/v1/groups/xfer-a-copy/import", exp, &first); code != 200 {
		t.Fatalf("POST import = %d %s", code, raw)
	}
	_, copy1 := ka.do("GET", "/v1/groups/xfer-a-copy/export", nil, nil)
	if code, raw := ka.do("POST", "/v1/groups/xfer-a-copy/import", exp, &second); code != 200 {
		t.Fatalf("POST import again = %d %s", code, raw)
	}
	_, copy2 := ka.do("GET", "/v1/groups/xfer-a-copy/export", nil, nil)
	if diff := cmp.Diff(body(t, copy1), body(t, copy2)); diff != "" {
		t.Errorf("importing twice changed the group (-first +second):\n%s", diff)
	}
	if first["group_id"] != "xfer-a-copy" || first["episodes"] != 2.0 || first["facts"] == 0.0 {
		t.Errorf("import answer = %v, want group xfer-a-copy with 2 episodes and facts", first)
	}
	if strings.Count(body(t, copy1), "\n") != strings.Count(body(t, exp), "\n") {
		t.Errorf("the copy has %d lines, the original %d", strings.Count(body(t, copy1), "\n"), strings.Count(body(t, exp), "\n"))
	}
	// The copy is searchable in its own group.
	var res struct {
		Facts []any `json:"facts"`
	}
	if code, raw := ka.do("POST", "/v1/groups/xfer-a-copy/search", map[string]any{"query": "Where does Alice live?"}, &res); code != http.StatusOK || len(res.Facts) == 0 {
		t.Errorf("search of the copy = %d %s, want facts", code, raw)
	}
}

// TestExportImportWholeFileOverHTTP exports every group a key may use in
// one file (GET /v1/export) and imports a file of several groups (POST
// /v1/import), which only a key bound to every group may do.
func TestExportImportWholeFileOverHTTP(t *testing.T) {
	const keyOne, keyAll = "key-for-file-one-0123456789", "key-for-file-all-0123456789"
	a := newAPI(t, func(c *host.HTTPConfig) {
		c.Keys = []host.APIKeyConfig{{Key: keyOne, Groups: []string{"file-1", "file-1-*"}}, {Key: keyAll, Groups: []string{"*"}}}
	})
	all := a.withKey(keyAll)
	for _, ep := range []struct{ group, content string }{
		{"file-1", "Alice: I work at Acme and I live in Paris."},
		{"file-2", "Bruno: I live in Rome and I work at Initech."},
	} {
		var acc accepted
		if code, raw := all.do("POST", "/v1/groups/"+ep.group+"/episodes", map[string]any{"content": ep.content, "reference_time": "2024-05-01T10:00:00Z"}, &acc); code != 202 {
			t.Fatalf("POST episode = %d %s", code, raw)
		}
		all.waitDone(acc.Episodes[0].StatusURL)
	}

	// A key bound to file-1 exports file-1 and nothing of file-2.
	code, one := a.withKey(keyOne).do("GET", "/v1/export", nil, nil)
	if code != 200 || !bytes.Contains(one, []byte("Alice")) || bytes.Contains(one, []byte("Bruno")) || bytes.Contains(one, []byte(`"file-2"`)) {
		t.Fatalf("GET /v1/export with file-1's key = %d\n%s\nwant file-1's memory and nothing of file-2", code, one)
	}
	var head struct{ Groups []string }
	if err := json.Unmarshal(bytes.SplitN(one, []byte("\n"), 2)[0], &head); err != nil || len(head.Groups) != 1 || head.Groups[0] != "file-1" {
		t.Errorf("the header of file-1's export names groups %v (%v), want [file-1]", head.Groups, err)
	}
	_, two := all.do("GET", "/v1/groups/file-2/export", nil, nil)
	file := append(bytes.Clone(one), body(t, two)...)
	file = bytes.Replace(file, []byte(`"groups":["file-1"]`), []byte(`"groups":["file-1","file-2"]`), 1)

	tests := []struct {
		name    string
		key     string
		query   string
		body    []byte
		want    int
		wantErr string
	}{
		{"a key of some groups", keyOne, "?group_map=file-1=file-1-copy", file, 403, `bound to "*"`},
		{"no key", "", "", file, 401, ""},
		{"bad group_map", keyAll, "?group_map=file-1", file, 400, `group_map "file-1": want OLD=NEW`},
		{"bad group name", keyAll, "?group_map=file-1=bad%20name", file, 400, "group_map"},
		{"bad line", keyAll, "?group_map=file-1=file-3&group_map=file-2=file-4", append(bytes.Clone(file), "{not json\n"...), 400, "line "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var e errorOf
			code, raw := a.withKey(tc.key).do("POST", "/v1/import"+tc.query, tc.body, &e)
			if code != tc.want || !strings.Contains(e.Error, tc.wantErr) {
				t.Errorf("POST /v1/import%s = %d %s, want %d with %q", tc.query, code, raw, tc.want, tc.wantErr)
			}
		})
	}
	// Nothing of the refused imports was written.
	for _, g := range []string{"file-1-copy", "file-3", "file-4"} {
		if code, raw := all.do("GET", "/v1/groups/"+g+"/export", nil, nil); code != 200 || body(t, raw) != "" {
			t.Fatalf("export of %s after refused imports = %d %q, want a header alone", g, code, raw)
		}
	}

	var res struct {
		Groups []struct {
			GroupID  string `json:"group_id"`
			Episodes int    `json:"episodes"`
		} `json:"groups"`
	}
	if code, raw := all.do("POST", "/v1/import?group_map=file-1=file-3&group_map=file-2=file-4", file, &res); code != 200 {
		t.Fatalf("POST /v1/import = %d %s", code, raw)
	}
	if len(res.Groups) != 2 || res.Groups[0].GroupID != "file-3" || res.Groups[1].GroupID != "file-4" || res.Groups[0].Episodes != 1 || res.Groups[1].Episodes != 1 {
		t.Errorf("POST /v1/import answered %+v, want file-3 and file-4 with an episode each", res.Groups)
	}
	_, three := all.do("GET", "/v1/groups/file-3/export", nil, nil)
	if !bytes.Contains(three, []byte("Alice")) || bytes.Contains(three, []byte("Bruno")) {
		t.Errorf("file-3 after the import:\n%s\nwant file-1's memory alone", three)
	}
}
