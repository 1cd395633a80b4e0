package host_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/weaviate/weaviatetest"
)

// sharedCache is one wasm compilation cache for the package's tests, so a
// plugin is compiled once per test binary, not once per test.
var sharedCache = filepath.Join(os.TempDir(), "mnemo-test-wasm-cache")

func openHost(t *testing.T, mutate func(*host.Config)) *host.Host {
	t.Helper()
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
	h, err := host.Open(context.Background(), cfg, host.OpenOptions{})
	if err != nil {
		t.Fatalf("host.Open: %v", err)
	}
	t.Cleanup(func() { h.Close(context.Background()) })
	return h
}

// TestOfflineIngestEndToEnd ingests, resolves and invalidates on each
// store: Kuzu, the memory store, which must leave nothing on disk, and a
// Weaviate node when its server is built (make weaviate).
func TestOfflineIngestEndToEnd(t *testing.T) {
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
		offlineIngestEndToEnd(t, openHost(t, func(c *host.Config) {
			c.Store.Backend = "weaviate"
			c.Store.Weaviate.URL = node.URL
		}))
	})
	t.Run("kuzu", func(t *testing.T) { offlineIngestEndToEnd(t, openHost(t, nil)) })
	t.Run("memory", func(t *testing.T) {
		db := filepath.Join(t.TempDir(), "never-created")
		h := openHost(t, func(c *host.Config) {
			c.Store.Backend = "memory"
			c.DB = db
		})
		offlineIngestEndToEnd(t, h)
		if _, err := os.Stat(db); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the memory store left %s on disk (Stat: %v)", db, err)
		}
	})
}

func offlineIngestEndToEnd(t *testing.T, h *host.Host) {
	ctx := context.Background()
	ref := time.Date(2024, 3, 1, 10, 0, 0, 0, time.UTC)
	res, err := h.Engine.Ingest(ctx, []core.Episode{
		{GroupID: "g1", Source: core.SourceMessage, Content: "Alice: I work at Acme and I live in Paris.", ValidAt: ref},
		{GroupID: "g1", Source: core.SourceMessage, Content: "Alice: I moved to Berlin last week.", ValidAt: ref.AddDate(0, 2, 0)},
	})
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	reports, err := h.Engine.Wait(wctx, "g1", res[0].UUID, res[1].UUID)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reports {
		if r.Status != core.EpisodeDone {
			t.Fatalf("episode %s: %s (%s)", r.UUID, r.Status, r.Error)
		}
	}
	facts, err := h.Engine.ListFacts(ctx, "g1", core.ListOptions{Filter: core.Filter{IncludeInvalid: true}})
	if err != nil {
		t.Fatal(err)
	}
	var paris, berlin *core.Fact
	for i, f := range facts.Items {
		t.Logf("fact %s %q valid %v invalid %v expired %v", f.Relation, f.Text, f.ValidAt, f.InvalidAt, f.ExpiredAt)
		switch {
		case f.Relation == "LIVES_IN" && f.Text == "Alice lives in Paris":
			paris = &facts.Items[i]
		case f.Relation == "LIVES_IN" && f.Text == "Alice moved to Berlin":
			berlin = &facts.Items[i]
		}
	}
	if paris == nil || berlin == nil {
		t.Fatalf("want the Paris and Berlin facts, got %d facts", len(facts.Items))
	}
	if paris.ExpiredAt.IsZero() || paris.InvalidatedBy != berlin.UUID {
		t.Errorf("Paris fact not invalidated by the Berlin fact: %+v", *paris)
	}
	// "last week" from 2024-05-01 is 2024-04-24, a date without a time.
	if want := time.Date(2024, 4, 24, 0, 0, 0, 0, time.UTC); !paris.InvalidAt.Equal(want) || !berlin.ValidAt.Equal(want) {
		t.Errorf("move date: Paris ends %v, Berlin starts %v; want %v", paris.InvalidAt, berlin.ValidAt, want)
	}
}

// TestOpenFailureClosesWhatItOpened opens a database held by another Host:
// Open fails after opening the embedder and the limiter, and must report
// the lock instead of crashing while it cleans up.
func TestOpenFailureClosesWhatItOpened(t *testing.T) {
	h := openHost(t, nil)
	cfg := h.Config
	h2, err := host.Open(context.Background(), cfg, host.OpenOptions{})
	if !errors.Is(err, core.ErrLocked) || h2 != nil {
		t.Fatalf("Open of a locked database = %v, %v; want nil, core.ErrLocked", h2, err)
	}
}

// TestOpenRefusesAnotherEmbedder reopens a database made with the local
// embedder with an OpenAI-compatible one of the same dimension: refused,
// with a message naming both; the first embedder opens it again.
func TestOpenRefusesAnotherEmbedder(t *testing.T) {
	h := openHost(t, nil)
	cfg := h.Config
	if err := h.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	other := cfg
	other.Embedder = host.EmbedderConfig{Provider: "openai", Model: "text-embedding-3-small", BaseURL: "http://127.0.0.1:1/v1", Dimensions: cfg.Embedder.Dimensions}
	_, err := host.Open(context.Background(), other, host.OpenOptions{})
	want := "the database's vectors were made by the embedder local hashembed (256 dimensions) and the configuration names openai text-embedding-3-small (256 dimensions)"
	if !errors.Is(err, core.ErrConflict) || err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "mnemo reembed") {
		t.Fatalf("Open with another embedder = %v, want ErrConflict with %q and mnemo reembed", err, want)
	}
	again, err := host.Open(context.Background(), cfg, host.OpenOptions{})
	if err != nil {
		t.Fatalf("reopening with the database's embedder: %v", err)
	}
	again.Close(context.Background())
}
