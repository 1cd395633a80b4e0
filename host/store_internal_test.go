package host

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
)

// TestStoreBackend checks that store.backend defaults to kuzu and that
// another value is refused by Validate and by openStore alike.
func TestStoreBackend(t *testing.T) {
	c, err := Load("", func(string) string { return "" })
	if err != nil {
		t.Fatalf("Load = %v", err)
	}
	if c.Store.Backend != "kuzu" {
		t.Errorf("default store.backend = %q, want kuzu", c.Store.Backend)
	}
	c.Store.Backend = "cassandra"
	if err := c.Validate(); !errors.Is(err, core.ErrInvalid) || !strings.Contains(err.Error(), "store.backend") {
		t.Errorf("Validate(store.backend = cassandra) = %v, want ErrInvalid naming store.backend", err)
	}
	if s, err := openStore(context.Background(), c, core.EmbedderID{Name: "local", Model: "hashembed", Dimension: 16}, false, nil, nil); !errors.Is(err, core.ErrInvalid) || s != nil {
		t.Errorf("openStore(cassandra) = %v, %v, want no store and ErrInvalid", s, err)
	}
}

// TestWeaviateConfig checks the store.weaviate settings: Validate
// refuses what the store would, the environment sets them, and a store
// that cannot be reached is core.ErrUnavailable.
func TestWeaviateConfig(t *testing.T) {
	env := map[string]string{
		"MNEMO_STORE_BACKEND": "weaviate", "MNEMO_STORE_WEAVIATE_URL": "http://127.0.0.1:1",
		"MNEMO_STORE_WEAVIATE_REPLICATION_FACTOR": "3", "MNEMO_STORE_WEAVIATE_CONSISTENCY_LEVEL": "all",
	}
	c, err := Load("", func(k string) string { return env[k] })
	if err != nil {
		t.Fatalf("Load = %v", err)
	}
	want := WeaviateConfig{URL: "http://127.0.0.1:1", ReplicationFactor: 3, ConsistencyLevel: "all"}
	if c.Store.Weaviate != want {
		t.Errorf("store.weaviate from the environment = %+v, want %+v", c.Store.Weaviate, want)
	}
	if err := c.Validate(); err != nil {
		t.Errorf("Validate = %v", err)
	}
	for _, tt := range []struct {
		name string
		set  func(*WeaviateConfig)
		want string
	}{
		{"no url", func(w *WeaviateConfig) { w.URL = "" }, "store.weaviate.url is required"},
		{"not http", func(w *WeaviateConfig) { w.URL = "grpc://x:1" }, "weaviate url"},
		{"consistency", func(w *WeaviateConfig) { w.ConsistencyLevel = "SOME" }, "consistency level"},
		{"replication", func(w *WeaviateConfig) { w.ReplicationFactor = -1 }, "replication factor"},
	} {
		bad := c
		tt.set(&bad.Store.Weaviate)
		if err := bad.Validate(); !errors.Is(err, core.ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Validate(%s) = %v, want ErrInvalid saying %q", tt.name, err, tt.want)
		}
	}
	if !strings.Contains(c.Masked(), `"weaviate"`) {
		t.Errorf("Masked() does not show store.weaviate")
	}
	c.Store.Weaviate.APIKey = "secret-key-1234"
	if m := c.Masked(); strings.Contains(m, "secret-key") {
		t.Errorf("Masked() shows the Weaviate API key: %s", m)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c.Store.Weaviate.APIKey = ""
	c.Store.Weaviate.ConsistencyLevel = "ALL"
	cfg := c
	cfg.Store.Weaviate.URL = "http://127.0.0.1:1"
	if s, err := openStore(ctx, cfg, core.EmbedderID{Name: "local", Model: "hashembed", Dimension: 16}, false, nil, nil); !errors.Is(err, core.ErrUnavailable) || s != nil {
		t.Errorf("openStore(weaviate at a closed port) = %v, %v, want no store and ErrUnavailable", s, err)
	}
}

// TestAdmin checks the Admin of each store: Kuzu's checkpoints and
// counters, and the no-op upkeep of any other store; both close it.
func TestAdmin(t *testing.T) {
	ctx := context.Background()
	c, err := Load("", func(string) string { return "" })
	if err != nil {
		t.Fatalf("Load = %v", err)
	}
	c.DB = t.TempDir()
	c.Store.BufferPoolMB = 64
	s, err := openStore(ctx, c, core.EmbedderID{Name: "local", Model: "hashembed", Dimension: 16}, false, nil, nil)
	if err != nil {
		t.Fatalf("openStore(kuzu) = %v", err)
	}
	a := adminOf(s)
	if _, ok := a.(kuzuAdmin); !ok {
		t.Fatalf("adminOf(kuzu store) = %T, want kuzuAdmin", a)
	}
	before := a.Durability().Checkpoints
	if err := a.Checkpoint(ctx); err != nil {
		t.Fatalf("Checkpoint = %v", err)
	}
	if got := a.Durability().Checkpoints; got != before+1 {
		t.Errorf("Durability().Checkpoints after Checkpoint = %d, want %d", got, before+1)
	}
	if err := a.Close(ctx); err != nil {
		t.Fatalf("Close = %v", err)
	}
	if _, err := s.Stats(ctx, "g"); !errors.Is(err, core.ErrClosed) {
		t.Errorf("Stats after Admin.Close = %v, want ErrClosed", err)
	}

	// Any other store: a Kuzu store seen through core.Store alone.
	k, err := kuzu.Open(ctx, kuzu.Options{Dimension: 16, BufferPoolBytes: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	n := adminOf(struct{ core.Store }{k})
	if err := n.Checkpoint(ctx); err != nil {
		t.Errorf("no-upkeep Checkpoint = %v, want nil", err)
	}
	if d := n.Durability(); d != (Durability{}) {
		t.Errorf("no-upkeep Durability = %+v, want zero", d)
	}
	if err := n.Close(ctx); err != nil {
		t.Fatalf("no-upkeep Close = %v", err)
	}
	if _, err := k.Stats(ctx, "g"); !errors.Is(err, core.ErrClosed) {
		t.Errorf("Stats after no-upkeep Close = %v, want ErrClosed", err)
	}
}

// TestReloadKeepsAChangeMadeDuringIt writes the configuration again while a
// reload runs, after the reload has read it: the change must stay pending,
// so that the next tick of the watch reloads it, rather than be stamped as
// seen. (A plugin copied into the directory, then the configuration that
// assigns it, written while the copy's reload compiled it, was lost.)
func TestReloadKeepsAChangeMadeDuringIt(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "mnemo.toml")
	write := func(search string) {
		t.Helper()
		text := fmt.Sprintf("db = %q\n[store]\nbackend = \"memory\"\n[plugins]\nreload = \"-1s\"\n%s", filepath.Join(dir, "db"), search)
		if err := os.WriteFile(cfgPath, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("")
	cfg, err := Load(cfgPath, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	h, err := Open(ctx, cfg, OpenOptions{})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer h.Close(ctx)
	ps := h.Plugins
	apply := ps.onReload
	ps.onReload = func(c Config) error {
		write("[search]\ndefault_recipe = \"hybrid_rrf\"\n") // after Load read the file
		return apply(c)
	}
	if err := ps.Reload(ctx); err != nil {
		t.Fatalf("Reload: %v", err)
	}
	ps.onReload = apply
	if got, seen := stampOf(cfgPath), ps.stamps[cfgPath]; got == seen {
		t.Fatalf("the configuration written during the reload is stamped as seen (%s): the watch would never load it", seen)
	}
	if err := ps.Reload(ctx); err != nil {
		t.Fatalf("second Reload: %v", err)
	}
	if got := ps.cfg.Search.DefaultRecipe; got != "hybrid_rrf" {
		t.Errorf("after the next reload, default_recipe = %q, want hybrid_rrf", got)
	}
}
