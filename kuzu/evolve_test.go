package kuzu_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/evolve"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

type noPluginSets struct{}

func (noPluginSets) For(context.Context, string) (core.Plugins, error) { return core.Plugins{}, nil }

// TestEvolveCountsAndArchiveSurviveReopen: the access counts a search
// gathers in memory are written at Close and found by the next process,
// and archiving, with its stamp, survives a reopen of the database. (In a
// graph this small every entity is central: the threshold is raised.)
func TestEvolveCountsAndArchiveSurviveReopen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	day0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	// The clock is read by the engine's ingestion workers too, which may
	// still be finishing their loop when the test moves it.
	var now atomic.Pointer[time.Time]
	now.Store(&day0)
	openEngine := func(s core.Store) *engine.Engine {
		e, err := engine.Open(ctx, engine.Options{Store: s, Embedder: hashembed.New(s.Dimension()), Plugins: noPluginSets{},
			Now: func() time.Time { return *now.Load() }, Evolve: evolve.Config{FlushEvery: -1, Threshold: 0.2}})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	s, err := open(t, dir, kuzutest.Dimension)
	if err != nil {
		t.Fatal(err)
	}
	e := openEngine(s)
	var tea, rome string
	for _, tgt := range []string{"Tea", "Rome"} {
		rep, err := e.AddFact(ctx, engine.Triplet{GroupID: "g", Source: "Ann", Relation: "KNOWS", Target: tgt})
		if err != nil || rep.Error != "" {
			t.Fatal(rep, err)
		}
		fs, err := e.EpisodeFacts(ctx, "g", rep.UUID)
		if err != nil || len(fs) != 1 {
			t.Fatal(fs, err)
		}
		if tgt == "Tea" {
			tea = fs[0].UUID
		} else {
			rome = fs[0].UUID
		}
	}
	later := day0.AddDate(0, 2, 0)
	now.Store(&later)
	res, err := e.Search(ctx, retrieval.Request{Groups: []string{"g"}, Query: "Ann knows Tea", Limit: 1, Scopes: []core.Scope{core.ScopeFacts}})
	if err != nil || len(res.Facts) != 1 || res.Facts[0].UUID != tea {
		t.Fatalf("Search = %+v, %v; want the tea fact", res.Facts, err)
	}
	reopen := func() {
		t.Helper()
		if err := e.Close(ctx); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(ctx); err != nil {
			t.Fatal(err)
		}
		if s, err = open(t, dir, 0); err != nil {
			t.Fatal(err)
		}
		e = openEngine(s)
	}
	reopen()
	defer func() { e.Close(ctx); s.Close(ctx) }()
	at := day0.AddDate(1, 0, 0)
	rep, err := e.Evolve(ctx, "g", evolve.Options{Now: at})
	if err != nil {
		t.Fatal(err)
	}
	freq := map[string]float64{}
	for _, it := range rep.Rescored {
		freq[it.UUID] = it.Parts.Frequency
	}
	if freq[tea] != 1 || freq[rome] != 0 {
		t.Errorf("frequencies after a reopen = tea %v, rome %v; want 1 and 0", freq[tea], freq[rome])
	}
	archived := false
	for _, it := range rep.Archived {
		archived = archived || it.UUID == rome
	}
	if !archived {
		t.Fatalf("Evolve archived %+v, want the unused Rome fact", rep.Archived)
	}
	reopen()
	f, err := e.Fact(ctx, []string{"g"}, rome)
	if err != nil || !f.ArchivedAt.Equal(at) {
		t.Errorf("Fact(rome) after a reopen = %+v, %v; want archived at %v", f, err, at)
	}
	p, err := e.ListFacts(ctx, "g", core.ListOptions{})
	if err != nil || len(p.Items) != 1 || p.Items[0].UUID != tea {
		t.Errorf("ListFacts after a reopen = %+v, %v; want the tea fact alone", p.Items, err)
	}
}
