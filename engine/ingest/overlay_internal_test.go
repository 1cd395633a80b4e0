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
