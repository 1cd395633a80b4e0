package faulttest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
)

// TestBatchWithAnUnwritableEpisode ingests six episodes that one worker
// takes as one batch, and makes the store refuse every write that marks
// the fourth one done. The group commit that holds it fails; its episodes
// are then written one at a time, so only the fourth fails (its one
// attempt recorded with the store's error) and every other one ends done,
// with the store and the reports agreeing.
func TestBatchWithAnUnwritableEpisode(t *testing.T) {
	r := newRig(t)
	ctx := probing(context.Background())
	const bad = "b-03"
	var refused []int // the episodes in each refused change
	r.store.mu.Lock()
	r.store.refuse = func(ch core.Change) error {
		if slices.ContainsFunc(ch.Episodes, func(ep core.Episode) bool { return ep.UUID == bad && ep.Status == core.EpisodeDone }) {
			refused = append(refused, len(ch.Episodes))
			return errPermanent
		}
		return nil
	}
	r.store.mu.Unlock()
	people := []string{"Alice", "Bob", "Carol", "Dan", "Erin", "Frank"}
	var eps []core.Episode
	var ids []string
	for i, who := range people {
		id := fmt.Sprintf("b-%02d", i)
		ids = append(ids, id)
		eps = append(eps, core.Episode{UUID: id, GroupID: "b", Source: core.SourceMessage,
			Content: who + ": I live in Paris and I work at Acme Corp.", ValidAt: seed.ValidAt.Add(time.Duration(i) * time.Hour)})
	}
	// Stored by an engine without workers, then processed by one that
	// finds all six pending when it opens: they are one batch.
	stored, err := engine.Open(ctx, engine.Options{Store: r.store, Embedder: r.emb, Plugins: r.plugins, Now: func() time.Time { return now },
		Ingest: engine.IngestOptions{Workers: -1}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := stored.Ingest(ctx, eps); err != nil {
		t.Fatalf("Ingest: %v", err)
	}
	stored.Close(ctx)
	e := r.engine(t)
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	reports, err := e.Wait(wctx, "b", ids...)
	if err != nil {
		t.Fatalf("Wait: %v", err)
	}
	r.store.mu.Lock()
	r.store.refuse = nil
	r.store.mu.Unlock()
	// How the six are grouped into writes depends on how fast they are
	// extracted (a write starts when the next episode is not extracted
	// yet); the change that holds the fourth is refused, and then, if it
	// held others, the fourth alone.
	t.Logf("refused changes held %v episodes", refused)
	if n := len(refused); n == 0 || n > 2 || refused[n-1] != 1 || n == 2 && refused[0] < 2 {
		t.Errorf("refused changes held %v episodes, want a group commit with the fourth and then the fourth alone (or only the latter)", refused)
	}
	for i, rep := range reports {
		want := core.EpisodeDone
		if rep.UUID == bad {
			want = core.EpisodeFailed
		}
		if rep.Status != want {
			t.Errorf("report of %s: %s (%s), want %s", rep.UUID, rep.Status, rep.Error, want)
		}
		stored, err := r.store.Episode(ctx, []string{"b"}, ids[i])
		if err != nil {
			t.Fatal(err)
		}
		if stored.Status != rep.Status || stored.Attempts != rep.Attempts || stored.Error != rep.Error {
			t.Errorf("%s: stored %s/%d/%q, reported %s/%d/%q", ids[i], stored.Status, stored.Attempts, stored.Error, rep.Status, rep.Attempts, rep.Error)
		}
		if rep.UUID == bad && (rep.Attempts != 1 || !strings.Contains(rep.Error, "injected")) {
			t.Errorf("%s failed with %d attempts and error %q, want 1 and the injected error", bad, rep.Attempts, rep.Error)
		}
	}
	g := r.graph(t, "b")
	if g.Failed != 1 || g.Pending != 0 || g.Episodes != len(ids) {
		t.Errorf("group counts %+v, want %d episodes, 1 failed, none pending", g, len(ids))
	}
	// The five written episodes mention their speakers; the refused one
	// left nothing behind.
	names, err := r.store.EntitiesByName(ctx, "b", []string{"alice", "bob", "carol", "dan", "erin", "frank"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, en := range names {
		got = append(got, en.Name)
	}
	slices.Sort(got)
	if want := []string{"Alice", "Bob", "Carol", "Erin", "Frank"}; !slices.Equal(got, want) {
		t.Errorf("speakers stored: %v, want %v", got, want)
	}
}
