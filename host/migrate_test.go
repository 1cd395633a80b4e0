package host_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/weaviate/weaviatetest"
)

// TestMigrate ingests into a Kuzu database, migrates it to another Kuzu
// database and, when the pinned Weaviate server is built, to a Weaviate
// node, twice each (a migration can run again), and checks the report;
// Migrate itself compares what each group reads as on both sides. Records
// travel too, those of a group without episodes among them.
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
	records := []core.Record{
		{GroupID: "g1", Kind: "zep.thread", ID: "t1", Data: json.RawMessage(`{"user":"alice"}`)},
		{GroupID: "solo", Kind: "zep.user", ID: "bob", Data: json.RawMessage(`{"first_name": "Bob"}`)}, // no episodes
	}
	if err := h.Engine.PutRecords(ctx, records); err != nil {
		t.Fatal(err)
	}
	if err := h.Close(ctx); err != nil {
		t.Fatal(err)
	}
	// hasRecords checks that the store cfg names holds the records.
	hasRecords := func(t *testing.T, cfg host.Config) {
		t.Helper()
		h, err := host.Open(ctx, cfg, host.OpenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close(ctx)
		for _, want := range records {
			got, err := h.Engine.Record(ctx, want.GroupID, want.Kind, want.ID)
			if err != nil || string(got.Data) != string(want.Data) {
				t.Errorf("Record(%s, %s, %s) in the target = %s, %v; want %s", want.GroupID, want.Kind, want.ID, got.Data, err, want.Data)
			}
		}
	}
	migrate := func(t *testing.T, to host.Config) {
		for range 2 {
			rep, err := host.Migrate(ctx, from, to, nil)
			if err != nil {
				t.Fatalf("Migrate: %v", err)
			}
			// The records are ours and evolution's access counts.
			if rep.Groups != 1 || rep.Episodes != 2 || rep.Facts == 0 || rep.Entities == 0 || rep.Mentions == 0 || rep.Records < len(records) {
				t.Errorf("Migrate = %+v, want one group, its two episodes, and facts, entities, mentions and records", rep)
			}
		}
		hasRecords(t, to)
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
		kuzu := config(nil)
		back, err := host.Migrate(ctx, to, kuzu, nil)
		if err != nil || back.Episodes != 2 || back.Records < len(records) {
			t.Errorf("Migrate back to Kuzu = %+v, %v", back, err)
		}
		hasRecords(t, kuzu)
	})
}
