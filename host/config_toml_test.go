package host_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/host"
)

// TestAnnotatedTOML prints a configuration from a file and the
// environment as `mnemo config check` does: durations as a user writes
// them, each setting's source, and a document that loads back to the same
// effective configuration.
func TestAnnotatedTOML(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mnemo.toml")
	const file = `[llm]
model = "local-model"
base_url = "http://127.0.0.1:1/v1"
timeout = "90s"
[evolve.half_lives]
person = "2160h"
[search.group_recipes]
"sales-*" = "plugin"
[[plugins.tenants]]
groups = ["support-*"]
reranker = "script-reranker"
plugin_config = { script-reranker = "rrf" }
`
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"MNEMO_HTTP_ADDR": "127.0.0.1:9999", "MNEMO_PLUGINS_CACHE_DIR": filepath.Join(dir, "cache")}
	c, err := host.Load(path, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	got := c.Effective().AnnotatedTOML()
	for _, want := range []string{
		"[llm]\n", `model = "local-model"  # file`, `timeout = "1m30s"  # file`, `max_retries = 4  # default`,
		"[evolve.half_lives]\nperson = \"2160h\"  # file", `half_life = "720h"  # default`, `flush_every = "5m"  # default`,
		`addr = "127.0.0.1:9999"  # env MNEMO_HTTP_ADDR`, `call_timeout = "10s"  # default`,
		"\n[[plugins.tenants]]  # file\n", `reranker = "script-reranker"  # file`, `"sales-*" = "plugin"  # file`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("AnnotatedTOML() lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "000000000") {
		t.Errorf("AnnotatedTOML() shows a duration in nanoseconds:\n%s", got)
	}

	// The printed document is a configuration file: loaded again, with no
	// environment, it configures the same.
	again := filepath.Join(dir, "again.toml")
	if err := os.WriteFile(again, []byte(got), 0o644); err != nil {
		t.Fatal(err)
	}
	c2, err := host.Load(again, func(string) string { return "" })
	if err != nil {
		t.Fatalf("Load(AnnotatedTOML()) = %v\n%s", err, got)
	}
	if diff := cmp.Diff(c.Effective().Masked(), c2.Effective().Masked()); diff != "" {
		t.Errorf("the printed configuration loads differently (-printed +loaded):\n%s", diff)
	}
	if s := c2.Source("http.addr"); s != host.SourceFile {
		t.Errorf("Source(http.addr) after reloading = %q, want %q", s, host.SourceFile)
	}
}
