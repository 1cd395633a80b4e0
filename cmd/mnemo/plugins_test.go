package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The exchange of docs/plugins.md, section 10: keyword-boost's rerank
// request and its answer, byte for byte.
const (
	keywordBoostRequest = `{"group_id":"acme","query":"where does alice live","scope":"facts","limit":10,"now":"2025-03-14T09:30:00Z","candidates":[` +
		`{"uuid":"f-9","text":"alice lives in Porto","scores":{"cosine":0.82,"bm25":4.1},"ranks":{"cosine":2,"bm25":1},"valid_at":"2021-06-01T00:00:00Z","invalid_at":"2025-02-01T00:00:00+01:00","created_at":"2024-11-02T10:00:00Z","mentions":3,"distance":1},` +
		`{"uuid":"f-31","text":"alice lives in Lisbon","scores":{"cosine":0.85},"ranks":{"cosine":1},"valid_at":"2025-02-01T00:00:00+01:00","created_at":"2025-03-14T08:26:53Z","mentions":1,"distance":1}]}`
	keywordBoostAnswer = `{"results":[{"uuid":"f-31","score":0.06639344262295083},{"uuid":"f-9","score":0.03252247488101534}]}`
)

// TestPluginsCheckAndCall runs `mnemo plugins check` and `mnemo plugins
// call` on the keyword-boost example, built from source, with the
// configuration an operator would deploy it with.
func TestPluginsCheckAndCall(t *testing.T) {
	dir := t.TempDir()
	wasmFile := filepath.Join(dir, "keyword-boost.wasm")
	build := exec.Command("go", "build", "-trimpath", "-buildmode=c-shared", "-o", wasmFile, "../../plugins/examples/keyword-boost")
	build.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build keyword-boost: %v\n%s", err, out)
	}
	cfg := filepath.Join(dir, "mnemo.toml")
	writeFile(t, cfg, `[plugins]
dir = "`+dir+`"
[[plugins.tenants]]
groups = ["travel-*"]
reranker = "keyword-boost"
plugin_config = { keyword-boost = '{"keywords":["lisbon"],"boost":0.05}' }
`)
	db := filepath.Join(dir, "db")

	// Without the configuration the plugin refuses to load.
	r := mnemo(t, db, "", "plugins", "check", wasmFile)
	if r.code != 1 || !strings.Contains(r.stderr, "configuration rejected") {
		t.Errorf("plugins check without --config = exit %d, stderr %q; want 1 and the plugin's refusal", r.code, r.stderr)
	}
	// With it (the flag after the file, as the issue tried), it loads and answers.
	r = ok(t, db, "", "plugins", "check", wasmFile, "--config", cfg)
	for _, want := range []string{`configuration of plugin "keyword-boost" from [[plugins.tenants]] #1 (groups travel-*)`, "name:         keyword-boost", "ok   rerank"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("plugins check --config: stdout lacks %q:\n%s", want, r.stdout)
		}
	}

	// plugins list loads it as the tenant that uses it: with the tenant's
	// configuration, and reports its real capabilities.
	r = ok(t, db, "", "plugins", "list", "--json", "--config", cfg)
	var list struct {
		Plugins []pluginListing `json:"plugins"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil {
		t.Fatalf("plugins list --json: %v\n%s", err, r.stdout)
	}
	var kb *pluginListing
	for i := range list.Plugins {
		if list.Plugins[i].Name == "keyword-boost" {
			kb = &list.Plugins[i]
		}
	}
	if kb == nil {
		t.Fatalf("plugins list lacks keyword-boost:\n%s", r.stdout)
	}
	wantUse := "[[plugins.tenants]] #1 (groups travel-*): reranker"
	if kb.Status != "loads with the plugin_config of [[plugins.tenants]] #1 (groups travel-*)" || !slices.Equal(kb.Capabilities, []string{"rerank"}) || !slices.Contains(kb.UsedBy, wantUse) {
		t.Errorf("plugins list: keyword-boost = status %q, capabilities %v, used by %v; want it loading with the tenant's configuration, rerank, %q",
			kb.Status, kb.Capabilities, kb.UsedBy, wantUse)
	}

	// plugins call opens no database: its help offers no --db or --store.
	r = ok(t, db, "", "plugins", "call", "-h")
	if strings.Contains(r.stderr, "-db") || strings.Contains(r.stderr, "-store") || !strings.Contains(r.stderr, "-config") {
		t.Errorf("plugins call -h lists -db or -store, or lacks -config:\n%s", r.stderr)
	}

	r = ok(t, db, keywordBoostRequest, "plugins", "call", wasmFile, "--kind", "reranker", "--config", cfg)
	if got := strings.TrimSpace(r.stdout); got != keywordBoostAnswer {
		t.Errorf("plugins call = %s, want the documented answer %s", got, keywordBoostAnswer)
	}
	if !strings.Contains(r.stderr, "mnemo_rerank:") || !strings.Contains(r.stderr, "bytes out") {
		t.Errorf("plugins call stderr = %q, want the call and its time", r.stderr)
	}

	for _, tt := range []struct {
		name, stdin string
		args        []string
		code        int
		stderr      string
	}{
		{"not JSON", "candidates", []string{"--kind", "reranker"}, 1, "not a JSON object"},
		{"unknown kind", keywordBoostRequest, []string{"--kind", "ranker"}, 2, `--kind "ranker"`},
		{"capability the plugin lacks", `{}`, []string{"--kind", "extractor"}, 1, "has no extract capability (it has rerank)"},
		{"plugin error", `{"candidates":7}`, []string{"--kind", "rerank"}, 1, "mnemo_rerank"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"plugins", "call", wasmFile, "--config", cfg}, tt.args...)
			r := mnemo(t, db, tt.stdin, args...)
			if r.code != tt.code || !strings.Contains(r.stderr, tt.stderr) {
				t.Errorf("plugins call %v = exit %d, stderr %q; want %d and %q", tt.args, r.code, r.stderr, tt.code, tt.stderr)
			}
		})
	}
}
