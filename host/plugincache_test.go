package host_test

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
)

// envOf is a getenv over vars.
func envOf(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

// copyCache copies the package's shared compilation cache into dir, so
// that a test of where the cache lives does not compile the plugins again.
func copyCache(t *testing.T, dir string) {
	t.Helper()
	if _, err := os.Stat(sharedCache); err != nil {
		return // nothing compiled yet: the test compiles
	}
	err := filepath.WalkDir(sharedCache, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(sharedCache, path)
		to := filepath.Join(dir, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o700)
		}
		if !d.Type().IsRegular() || strings.HasSuffix(path, ".tmp") {
			return nil
		}
		src, err := os.Open(path)
		if err != nil {
			return err
		}
		defer src.Close()
		dst, err := os.Create(to)
		if err != nil {
			return err
		}
		if _, err := io.Copy(dst, src); err != nil {
			dst.Close()
			return err
		}
		return dst.Close()
	})
	if err != nil {
		t.Fatalf("copy the shared compilation cache: %v", err)
	}
}

// names lists the entries of dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// openLogged opens cfg with its log in a buffer, ingests one episode and
// waits for it, so that the extractor has run.
func openLogged(t *testing.T, cfg host.Config) (*host.Host, *bytes.Buffer) {
	t.Helper()
	var log bytes.Buffer
	h, err := host.Open(context.Background(), cfg, host.OpenOptions{Logger: slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelInfo}))})
	if err != nil {
		t.Fatalf("host.Open: %v\n%s", err, log.String())
	}
	t.Cleanup(func() { h.Close(context.Background()) })
	ctx := context.Background()
	res, err := h.Engine.Ingest(ctx, []core.Episode{{GroupID: "cache", Source: core.SourceMessage,
		Content: "Alice: I live in Paris.", ValidAt: time.Date(2024, 3, 1, 10, 0, 0, 0, time.UTC)}})
	if err != nil {
		t.Fatal(err)
	}
	reps, err := h.Engine.Wait(ctx, "cache", res[0].UUID)
	if err != nil || reps[0].Status != core.EpisodeDone {
		t.Fatalf("Wait = %+v, %v; want done", reps, err)
	}
	return h, &log
}

// TestPluginCacheInUserCacheDir checks that by default the compiled
// plugins go to the user's cache directory, and that neither the database
// directory nor a backup holds them (issue 34: the cache was 22 of a
// database's 40 MiB).
func TestPluginCacheInUserCacheDir(t *testing.T) {
	tmp := t.TempDir()
	db, xdg := filepath.Join(tmp, "db"), filepath.Join(tmp, "xdg-cache")
	cfg, err := host.Load("", envOf(map[string]string{"MNEMO_DB": db, "XDG_CACHE_HOME": xdg, "HOME": filepath.Join(tmp, "home"),
		"MNEMO_STORE_BUFFER_POOL_MB": "64", "MNEMO_PLUGINS_RELOAD": "-1s"}))
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(xdg, "mnemo", "wasm-cache")
	if cfg.Plugins.CacheDir != want {
		t.Fatalf("plugins.cache_dir = %q, want %q", cfg.Plugins.CacheDir, want)
	}
	copyCache(t, want)
	h, _ := openLogged(t, cfg)

	if got := names(t, db); slices.Contains(got, "wasm-cache") {
		t.Errorf("database directory holds %q, want no wasm-cache", got)
	}
	var compiled int
	_ = filepath.WalkDir(want, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && strings.HasPrefix(filepath.Base(filepath.Dir(path)), "wazero-") {
			compiled++
		}
		return nil
	})
	if compiled == 0 {
		t.Errorf("no compiled plugin in %s", want)
	}
	m, err := h.Backup(context.Background(), filepath.Join(tmp, "backup"), host.BackupOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range m.Files {
		if strings.Contains(f.Name, "wasm") {
			t.Errorf("backup holds %s", f.Name)
		}
	}
	if got := names(t, filepath.Join(tmp, "backup")); slices.ContainsFunc(got, func(n string) bool { return strings.Contains(n, "wasm") }) {
		t.Errorf("backup directory holds %q", got)
	}
}

// TestPluginCacheDefaults checks the default of plugins.cache_dir in each
// environment.
func TestPluginCacheDefaults(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"XDG_CACHE_HOME", map[string]string{"XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"}, "/x/cache/mnemo/wasm-cache"},
		{"HOME", map[string]string{"HOME": "/home/u"}, "/home/u/.cache/mnemo/wasm-cache"},
		{"no home", map[string]string{}, ""},
		{"set", map[string]string{"HOME": "/home/u", "MNEMO_PLUGINS_CACHE_DIR": "/var/cache/mnemo"}, "/var/cache/mnemo"},
		{"off", map[string]string{"HOME": "/home/u", "MNEMO_PLUGINS_CACHE_DIR": "off"}, "off"},
		{"memory store", map[string]string{"HOME": "/home/u", "MNEMO_STORE_BACKEND": "memory"}, "off"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if runtime.GOOS != "linux" {
				t.Skip("the user's cache directory of Linux")
			}
			cfg, err := host.Load("", envOf(tt.env))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Plugins.CacheDir != tt.want {
				t.Errorf("Load(%v).Plugins.CacheDir = %q, want %q", tt.env, cfg.Plugins.CacheDir, tt.want)
			}
		})
	}
}

// TestPluginCacheUnusable checks that mnemo runs without a disk cache,
// and says so once, when none can be found or made.
func TestPluginCacheUnusable(t *testing.T) {
	if raceEnabled {
		// wazero's compiler, instrumented, takes a minute a case (115 s
		// of race-ci), for code of one goroutine: make test runs it.
		t.Skip("compiles every plugin twice: run without -race")
	}
	tmp := t.TempDir()
	file := filepath.Join(tmp, "a-file")
	if err := os.WriteFile(file, []byte("not a directory"), 0o600); err != nil {
		t.Fatal(err)
	}
	// Each case compiles the plugins in memory: a few seconds.
	tests := []struct {
		name    string
		env     map[string]string
		wantLog string
	}{
		{"no home", map[string]string{}, "no cache directory for the compiled plugins"},
		{"not a directory", map[string]string{"MNEMO_PLUGINS_CACHE_DIR": filepath.Join(file, "cache")}, "compilation cache is unusable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := map[string]string{"MNEMO_DB": filepath.Join(t.TempDir(), "db"), "MNEMO_STORE_BUFFER_POOL_MB": "64", "MNEMO_PLUGINS_RELOAD": "-1s"}
			for k, v := range tt.env {
				env[k] = v
			}
			cfg, err := host.Load("", envOf(env))
			if err != nil {
				t.Fatal(err)
			}
			_, log := openLogged(t, cfg)
			if got := strings.Count(log.String(), "plugins are compiled at every start"); got != 1 || !strings.Contains(log.String(), tt.wantLog) {
				t.Errorf("log = %s, want %q once", log, tt.wantLog)
			}
		})
	}
}

// TestOldPluginCacheRemoved checks what becomes of the cache that earlier
// versions kept in the database directory: removed at open, unless it
// holds files mnemo did not write or plugins.cache_dir names it.
func TestOldPluginCacheRemoved(t *testing.T) {
	tests := []struct {
		name     string
		foreign  bool // the directory holds a file wazero did not write
		named    bool // plugins.cache_dir names the directory
		wantKept bool
	}{
		{"old cache", false, false, false},
		{"foreign file", true, false, true},
		{"named by plugins.cache_dir", false, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "db")
			cfg, err := host.Load("", envOf(map[string]string{"MNEMO_DB": db, "MNEMO_STORE_BUFFER_POOL_MB": "64", "MNEMO_PLUGINS_RELOAD": "-1s"}))
			if err != nil {
				t.Fatal(err)
			}
			cfg.Plugins.CacheDir = sharedCache
			h, _ := openLogged(t, cfg) // a database of the earlier layout
			h.Close(context.Background())
			old := filepath.Join(db, "wasm-cache")
			compiled := filepath.Join(old, "wazero-1.9.0-amd64-linux", "0123abcd")
			if err := os.MkdirAll(filepath.Dir(compiled), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(compiled, bytes.Repeat([]byte{0x90}, 1<<20), 0o600); err != nil {
				t.Fatal(err)
			}
			if tt.foreign {
				if err := os.WriteFile(filepath.Join(old, "notes.txt"), []byte("mine"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if tt.named {
				cfg.Plugins.CacheDir = old
				copyCache(t, old)
			}
			_, log := openLogged(t, cfg)
			_, err = os.Stat(compiled)
			if kept := err == nil; kept != tt.wantKept {
				t.Errorf("old cache kept = %v, want %v (Stat: %v)\n%s", kept, tt.wantKept, err, log)
			}
			if !tt.wantKept && !strings.Contains(log.String(), "removed the old plugin compilation cache") {
				t.Errorf("log = %s, want the removal said", log)
			}
			if tt.foreign && !strings.Contains(log.String(), "not removing the old plugin compilation cache") {
				t.Errorf("log = %s, want a warning naming why the directory stays", log)
			}
		})
	}
}
