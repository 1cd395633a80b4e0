package host_test

import (
	"context"
	"testing"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/weaviate/weaviatetest"
)

// TestMigrate ingests into a Kuzu database, migrates it to another Kuzu
// database and, when the pinned Weaviate server is built, to a Weaviate
// node, twice each (a migration can run again), and checks the report;
// Migrate itself compares what each group reads as on both sides.
func TestMigrate(t *testing.T) {
	ctx := context.Background()
	config := func(mutate func(*host.Config)) host.Config {
		cfg, err := host.Load("", func(string) string { return "" })
		if err != nil {
			t.Fatal(err)
		}
		cfg.DB = t.TempDir()
		cfg.Store.BufferPoolMB = 64
		cfg.Plugins.CacheDir = sharedCache
		cfg.Plugins.Reload = -1
		if mutate != nil {
			mutate(&cfg)
		}
		return cfg
	}
	from := config(nil)
	h, err := host.Open(ctx, from, host.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	offlineIngestEndToEnd(t, h)
	if err := h.Close(ctx); err != nil {
		t.Fatal(err)
	}
	migrate := func(t *testing.T, to host.Config) {
		for range 2 {
			rep, err := host.Migrate(ctx, from, to, nil)
			if err != nil {
				t.Fatalf("Migrate: %v", err)
			}
			if rep.Groups != 1 || rep.Episodes != 2 || rep.Facts == 0 || rep.Entities == 0 || rep.Mentions == 0 {
				t.Errorf("Migrate = %+v, want one group, its two episodes, and facts, entities and mentions", rep)
			}
		}
	}
	t.Run("kuzu", func(t *testing.T) { migrate(t, config(nil)) })
	t.Run("weaviate", func(t *testing.T) {
		bin, err := weaviatetest.Server()
		if err != nil {
			if weaviatetest.Required() {
				t.Fatal(err)
			}
			t.Skip(err)
		}
		node, err := weaviatetest.Start(t.Context(), bin, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		defer node.Stop()
		to := config(func(c *host.Config) {
			c.Store.Backend = "weaviate"
			c.Store.Weaviate.URL = node.URL
		})
		migrate(t, to)
		// And back, into an empty Kuzu database.
		back, err := host.Migrate(ctx, to, config(nil), nil)
		if err != nil || back.Episodes != 2 {
			t.Errorf("Migrate back to Kuzu = %+v, %v", back, err)
		}
	})
}
