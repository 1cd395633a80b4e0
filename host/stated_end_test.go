package host_test

import (
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
)

// TestStatedEndEndsEveryRestatement ingests, on the default
// configuration, a roommate told twice in one message (the extractor
// makes "Siddharth is Declan's roommate" and "Declan shares a flat with
// Siddharth", one relation to the fact resolver) and a later "Siddharth
// moved out": the end must close both facts, not only the first the
// resolver names.
func TestStatedEndEndsEveryRestatement(t *testing.T) {
	ctx := t.Context()
	cfg, err := host.Load("", func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.DB = t.TempDir()
	cfg.Plugins.CacheDir = sharedCache
	h, err := host.Open(ctx, cfg, host.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close(t.Context()) })
	const g = "flat"
	start := time.Date(2025, 8, 4, 19, 40, 0, 0, time.UTC)
	moved := time.Date(2025, 11, 17, 8, 15, 0, 0, time.UTC)
	for _, ep := range []core.Episode{
		{GroupID: g, Source: core.SourceMessage, ValidAt: start, Content: "Declan: I share a two-bed flat in Kestrel Bay with my roommate Siddharth."},
		{GroupID: g, Source: core.SourceMessage, ValidAt: moved, Content: "Declan: Siddharth moved out over the weekend."},
	} {
		res, err := h.Engine.Ingest(ctx, []core.Episode{ep})
		if err != nil {
			t.Fatal(err)
		}
		reps, err := h.Engine.Wait(ctx, g, res[0].UUID)
		if err != nil || reps[0].Status != core.EpisodeDone {
			t.Fatalf("Wait = %v, %v", reps, err)
		}
	}
	p, err := h.Engine.ListFacts(ctx, g, core.ListOptions{Limit: 100, Filter: core.Filter{IncludeInvalid: true}})
	if err != nil {
		t.Fatal(err)
	}
	ties := 0
	for _, f := range p.Items {
		if f.Relation != "ROOMMATE_OF" && f.Relation != "LIVES_WITH" {
			continue
		}
		ties++
		if f.InvalidAt.IsZero() || f.InvalidAt.After(moved) {
			t.Errorf("%s [%s] %s → %v, want it ended by the move out (before %s)", f.Text, f.Relation, f.ValidAt.Format(time.DateOnly), f.InvalidAt, moved.Format(time.DateOnly))
		}
	}
	if ties < 2 {
		t.Fatalf("%d roommate facts, want the two the first message told: %v", ties, p.Items)
	}
}
