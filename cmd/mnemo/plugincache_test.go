package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// copyTree copies the regular files under src into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o700)
		}
		if !d.Type().IsRegular() || strings.HasSuffix(path, ".tmp") {
			return nil
		}
		in, err := os.Open(path)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(to)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatalf("copy %s: %v", src, err)
	}
}

// entries lists the names in dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

// TestPluginCacheOutsideDatabase runs the binary with the default
// plugins.cache_dir: the compiled plugins go to the user's cache
// directory, the compilation cache an earlier version left in the
// database directory is removed when the database is opened, and a backup
// holds the database alone (issue 34).
func TestPluginCacheOutsideDatabase(t *testing.T) {
	tmp := t.TempDir()
	db, xdg := filepath.Join(tmp, "db"), filepath.Join(tmp, "xdg-cache")
	cache := filepath.Join(xdg, "mnemo", "wasm-cache")
	// Filled from the tests' shared cache, so that nothing compiles again.
	copyTree(t, filepath.Join(os.TempDir(), "mnemo-test-wasm-cache"), cache)
	env := slices.DeleteFunc(testEnv(db), func(kv string) bool {
		return strings.HasPrefix(kv, "MNEMO_PLUGINS_CACHE_DIR=") || strings.HasPrefix(kv, "XDG_CACHE_HOME=")
	})
	env = append(env, "XDG_CACHE_HOME="+xdg)
	run := func(args ...string) result {
		t.Helper()
		r := mnemoEnv(t, env, "", args...)
		if r.code != 0 {
			t.Fatalf("mnemo %s = exit %d\n%s\n%s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
		}
		return r
	}

	if r := run("config", "check"); !strings.Contains(r.stdout, `cache_dir = "`+cache+`"`) {
		t.Errorf("config check = %s, want plugins.cache_dir %s", r.stdout, cache)
	}
	run("ingest", "--group", "maya", "demo/conversation.jsonl")
	if got := entries(t, db); slices.Contains(got, "wasm-cache") {
		t.Errorf("database directory = %q, want no wasm-cache", got)
	}
	if got := entries(t, cache); !slices.ContainsFunc(got, func(n string) bool { return strings.HasPrefix(n, "wazero-") }) {
		t.Errorf("%s = %q, want the compiled plugins", cache, got)
	}

	// The layout of earlier versions: the cache inside the database.
	old := filepath.Join(db, "wasm-cache", "wazero-1.9.0-amd64-linux")
	if err := os.MkdirAll(old, 0o700); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(old, "0123abcd"), strings.Repeat("x", 1<<20))
	backup := filepath.Join(tmp, "backup")
	r := run("backup", backup)
	if got := entries(t, db); slices.Contains(got, "wasm-cache") {
		t.Errorf("database directory after an open = %q, want the old wasm-cache removed\n%s", got, r.stderr)
	}
	for _, name := range entries(t, backup) {
		if name != "graph.kuzu" && name != "manifest.json" {
			t.Errorf("backup holds %s, want the database file and the manifest only", name)
		}
	}
}
