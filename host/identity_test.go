package host_test

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/plugins/builtin"
	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

var update = flag.Bool("update", false, "rewrite plugins/builtin/describe.json from the built-in modules")

// TestBuiltinDescribe checks that each built-in describes itself with its
// file name, which the host takes as its name without asking, and as
// plugins/builtin/describe.json records, which the host takes as its
// answer until it compiles the module at its first call. -update rewrites
// the file from the modules.
func TestBuiltinDescribe(t *testing.T) {
	ctx := context.Background()
	rt, err := wasm.Open(ctx, wasm.Options{CacheDir: sharedCache})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(ctx)
	names, err := fs.Glob(builtin.FS, "*.wasm")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]abi.Describe{}
	for _, n := range names {
		code, err := builtin.FS.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		d, err := rt.Describe(ctx, n, code)
		if err != nil {
			t.Fatalf("Describe(%s): %v", n, err)
		}
		if want := strings.TrimSuffix(n, ".wasm"); d.Name != want {
			t.Errorf("built-in %s describes itself as %q, want %q", n, d.Name, want)
		}
		got[d.Name] = d
	}
	const path = "../plugins/builtin/describe.json"
	if *update {
		b, err := json.MarshalIndent(got, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	var recorded map[string]abi.Describe
	if err := json.Unmarshal(builtin.Described, &recorded); err != nil {
		t.Fatalf("decode describe.json: %v", err)
	}
	if diff := cmp.Diff(recorded, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("plugins/builtin/describe.json differs from the modules' answers (-recorded +modules); run go test ./host -run TestBuiltinDescribe -update:\n%s", diff)
	}
}

// TestPluginIdentity puts plugin files in the plugins directory under
// file names other than the names they describe: the configuration names
// a plugin as it describes itself, or by its file name, and both reach the
// same file; two files describing the same name are refused with both
// named; a broken file nobody names stops nothing.
func TestPluginIdentity(t *testing.T) {
	ctx := context.Background()
	script, err := builtin.FS.ReadFile("script-reranker.wasm")
	if err != nil {
		t.Fatal(err)
	}
	open := func(t *testing.T, files map[string][]byte, reranker string) (*host.Host, error) {
		t.Helper()
		dir := t.TempDir()
		pluginDir := filepath.Join(dir, "plugins")
		if err := os.Mkdir(pluginDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, code := range files {
			if err := os.WriteFile(filepath.Join(pluginDir, name), code, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		path := filepath.Join(dir, "mnemo.toml")
		text := fmt.Sprintf("[store]\nbackend = \"memory\"\n[plugins]\ndir = %q\ncache_dir = %q\nreload = \"-1s\"\n[plugins.default]\nreranker = %q\n[plugins.default.plugin_config]\n%s = 'rrf'\n",
			pluginDir, sharedCache, reranker, reranker)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg, err := host.Load(path, func(string) string { return "" })
		if err != nil {
			t.Fatal(err)
		}
		h, err := host.Open(ctx, cfg, host.OpenOptions{})
		if err == nil {
			t.Cleanup(func() { h.Close(ctx) })
		}
		return h, err
	}

	for _, name := range []string{"script-reranker", "boost"} {
		t.Run("named "+name, func(t *testing.T) {
			h, err := open(t, map[string][]byte{"boost.wasm": script}, name)
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			r := h.Plugins.DefaultSet().Reranker
			if r.Name != "script-reranker" || !strings.HasSuffix(r.Source, "boost.wasm") {
				t.Errorf("reranker named %q = %s from %s, want script-reranker from boost.wasm", name, r.Name, r.Source)
			}
		})
	}

	t.Run("clash", func(t *testing.T) {
		_, err := open(t, map[string][]byte{"a.wasm": script, "b.wasm": script}, "script-reranker")
		if !errors.Is(err, core.ErrInvalid) || !strings.Contains(err.Error(), `both describe themselves as "script-reranker"`) ||
			!strings.Contains(err.Error(), "a.wasm") || !strings.Contains(err.Error(), "b.wasm") {
			t.Errorf("Open with two files describing one name = %v, want an error naming both files and the name", err)
		}
	})

	t.Run("a broken file", func(t *testing.T) {
		files := map[string][]byte{"boost.wasm": script, "broken.wasm": []byte("\x00asm not a module")}
		if _, err := open(t, files, "script-reranker"); err != nil {
			t.Errorf("Open with a broken file nobody names = %v, want it to succeed", err)
		}
		if _, err := open(t, files, "broken"); err == nil || !strings.Contains(err.Error(), "broken.wasm") {
			t.Errorf("Open naming a broken file = %v, want an error naming the file", err)
		}
	})
}
