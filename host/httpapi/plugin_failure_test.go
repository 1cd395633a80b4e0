package httpapi_test

import (
	"bytes"
	"log/slog"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/hosttest"
	"github.com/mnemohq/mnemo/host/httpapi"
)

// lockedBuffer is a log sink for the host's goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestRerankPluginTimeoutDegrades runs a search whose rerank plugin spins
// until its call timeout (wasm/testdata/src/loop, a real module). The
// search must answer 200 in the default order with a warning, as for any
// other plugin failure, and the failure must show in the metrics and the
// log. A timed-out plugin call once made the search a 503.
func TestRerankPluginTimeoutDegrades(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a plugin and waits for its timeout")
	}
	dir := t.TempDir()
	pluginDir := filepath.Join(dir, "plugins")
	if err := os.Mkdir(pluginDir, 0o755); err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-trimpath", "-buildmode=c-shared", "-ldflags=-s",
		"-o", filepath.Join(pluginDir, "loop.wasm"), "../../wasm/testdata/src/loop")
	build.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build the loop plugin: %v\n%s", err, out)
	}

	cfg := hosttest.Config(t)
	cfg.DB = filepath.Join(dir, "db")
	cfg.Plugins.Dir = pluginDir
	// The limit also bounds starting a fresh instance after the timed-out
	// one is discarded: 5 s keeps a loaded machine under it.
	cfg.Plugins.CallTimeout = 5 * time.Second
	cfg.Plugins.Default.Reranker = "loop"
	var logs lockedBuffer
	h := hosttest.Open(t, cfg, host.OpenOptions{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	srv := httptest.NewServer(httpapi.New(h, httpapi.Options{Version: "test"}).Handler())
	t.Cleanup(srv.Close)
	a := &api{t: t, base: srv.URL}

	a.ingest("spin", map[string]any{"source": "text", "content": "The loop road runs around the lake.", "reference_time": "2024-03-01T10:00:00Z"},
		map[string]any{"source": "text", "content": "A second loop crosses the hill.", "reference_time": "2024-03-02T10:00:00Z"})

	body := map[string]any{"query": "loop", "scopes": []string{"episodes"}, "reranker": "plugin"}
	res := a.search("spin", body) // fails the test unless 200
	if len(res.Episodes) != 2 {
		t.Errorf("search with a timed-out reranker found %d episodes, want both, in the default order", len(res.Episodes))
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "rerank plugin") || !strings.Contains(res.Warnings[0], "ordered by rrf") {
		t.Errorf("warnings = %q, want one saying the rerank plugin failed and the order is rrf", res.Warnings)
	}
	if !strings.Contains(res.Warnings[0], "limit") {
		t.Errorf("warning %q does not say the plugin ran past its time limit", res.Warnings[0])
	}

	_, metrics := a.do("GET", "/metrics", nil, nil)
	if !bytes.Contains(metrics, []byte(`mnemo_plugin_errors_total{plugin="loop"} 1`)) {
		t.Errorf("metrics do not count the failed call:\n%s", grepLines(metrics, "loop"))
	}
	if l := logs.String(); !strings.Contains(l, "plugin call failed") || !strings.Contains(l, "plugin=loop") {
		t.Errorf("log has no line for the failed call:\n%s", l)
	}

	// The plugin works again for a query it does not spin on.
	body["query"] = "lake"
	if res := a.search("spin", body); len(res.Warnings) != 0 {
		t.Errorf("next search warnings = %q, want none", res.Warnings)
	}
}

func grepLines(b []byte, s string) string {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, s) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
