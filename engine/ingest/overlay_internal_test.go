package ingest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/memstore"
)

// pairReader is a store that reads a pair's current facts itself
// (core.CurrentPairReader), and counts how often it is asked.
type pairReader struct {
	*memstore.Store
	asked int
}

func (s *pairReader) CurrentFactsBetween(ctx context.Context, group, a, b string) ([]core.Fact, error) {
	s.asked++
	xs, err := s.FactsBetween(ctx, group, a, b)
	return slices.DeleteFunc(xs, func(f core.Fact) bool { return !f.ExpiredAt.IsZero() }), err
}

// TestCurrentFactsBetween checks the reads resolution compares a new fact
// with: a pair's facts that are not expired, as the store holds them and
// as a batch's overlay changes them (a stored fact the batch expired goes,
// one it made comes, one it made expired does not).
func TestCurrentFactsBetween(t *testing.T) {
	ctx := context.Background()
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	fact := func(id, src, tgt string, expired bool) core.Fact {
		f := core.Fact{UUID: id, GroupID: "g", Relation: "KNOWS", Text: id, SourceUUID: src, TargetUUID: tgt, ValidAt: t0, CreatedAt: t0}
		if expired {
			f.ExpiredAt, f.InvalidAt = t0.Add(time.Hour), t0.Add(time.Hour)
		}
		return f
	}
	ids := func(fs []core.Fact) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.UUID)
		}
		return out
	}
	for _, reads := range []bool{false, true} {
		mem := memstore.New(16)
		var s core.Store = mem
		pr := &pairReader{Store: mem}
		if reads {
			s = pr
		}
		ch := core.Change{
			Entities: []core.Entity{
				{UUID: "ann", GroupID: "g", Name: "Ann", CreatedAt: t0},
				{UUID: "bo", GroupID: "g", Name: "Bo", CreatedAt: t0},
				{UUID: "cy", GroupID: "g", Name: "Cy", CreatedAt: t0},
			},
			Facts: []core.Fact{fact("f1", "ann", "bo", false), fact("f2", "bo", "ann", true), fact("f3", "ann", "cy", false), fact("f4", "bo", "ann", false)},
		}
		if err := s.Apply(ctx, ch); err != nil {
			t.Fatal(err)
		}
		base := storeGraph{s, "g"}
		got, err := base.CurrentFactsBetween(ctx, "ann", "bo")
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"f1", "f4"}; !slices.Equal(ids(got), want) {
			t.Errorf("store reads itself %v: current facts between ann and bo = %v, want %v", reads, ids(got), want)
		}
		if reads && pr.asked != 1 {
			t.Errorf("a store that reads the current facts itself was asked %d times, want 1", pr.asked)
		}

		o := newOverlay(s, "g")
		o.add(core.Change{Facts: []core.Fact{fact("f1", "ann", "bo", true), fact("f5", "bo", "ann", false), fact("f6", "ann", "bo", true), fact("f7", "cy", "bo", false)}},
			nil, map[string]bool{"f5": true, "f6": true, "f7": true})
		got, err = o.CurrentFactsBetween(ctx, "bo", "ann")
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"f4", "f5"}; !slices.Equal(ids(got), want) {
			t.Errorf("store reads itself %v: current facts between bo and ann through the batch = %v, want %v", reads, ids(got), want)
		}
	}
}

// TestOverlayTextEntitiesAsStore checks that the batch's entities a text
// search through the overlay finds are those the store finds once they
// are written: a word shared with a name or summary counts as the store's
// BM25 counts it, stemmed ("Rover" finds "Rovers United") and without
// stop words ("the swimming pool" does not find "The Running Club"). A
// batch resolved before its write and one written episode by episode
// then judge the same candidates.
func TestOverlayTextEntitiesAsStore(t *testing.T) {
	ctx := context.Background()
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	ent := func(id, name, summary string) core.Entity {
		return core.Entity{UUID: id, GroupID: "g", Name: name, Summary: summary, CreatedAt: t0}
	}
	stored := []core.Entity{ent("vh", "Vesna Halvorsen", "runs the rowing club")}
	batch := []core.Entity{
		ent("hh", "Harbour Hawks", "a rowing club on the harbour"),
		ent("rc", "The Running Club", ""),
		ent("ru", "Rovers United", "the football club Oddny plays for"),
	}
	written := memstore.New(16)
	if err := written.Apply(ctx, core.Change{Entities: append(slices.Clone(stored), batch...)}); err != nil {
		t.Fatal(err)
	}
	base := memstore.New(16)
	if err := base.Apply(ctx, core.Change{Entities: stored}); err != nil {
		t.Fatal(err)
	}
	o := newOverlay(base, "g")
	fresh := map[string]bool{}
	for _, e := range batch {
		fresh[e.UUID] = true
	}
	o.add(core.Change{Entities: batch}, fresh, nil)
	set := func(hs []core.Hit) []string {
		var ids []string
		for _, h := range hs {
			ids = append(ids, h.UUID)
		}
		slices.Sort(ids)
		return ids
	}
	for _, text := range []string{"the swimming pool", "Rover", "rowing clubs", "Vesna", "Oddny", "The Hawks"} {
		q := core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{"g"}, Text: text, Limit: 10}
		want, err := written.TextSearch(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		got, err := o.TextEntities(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(set(got), set(want)) {
			t.Errorf("text search %q: through the overlay %v, once written %v", text, set(got), set(want))
		}
	}
}
