package kuzu_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// provenance returns the episodes of each fact of g1, by fact uuid.
func provenance(t *testing.T, s *kuzu.Store) map[string][]string {
	t.Helper()
	page, err := s.ListFacts(context.Background(), "g1", core.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, f := range page.Items {
		out[f.UUID] = f.Episodes
	}
	return out
}

func TestProvenanceSurvivesRestatementDeletionAndMigration(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := open(t, dir, kuzutest.Dimension)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s.Close(ctx) }()
	seed(t, s, "g1")
	// An episode dated before g1-e1 but written after it restates f1 and
	// f3: provenance is ordered by the episodes' time, not by writing.
	if _, err := s.AddEpisodes(ctx, []core.Episode{ep("g1", "g1-e9", "Alice: I was at Acme, Bob knows me", t0.Add(-time.Hour))}); err != nil {
		t.Fatal(err)
	}
	f, err := s.Facts(ctx, []string{"g1"}, []string{"g1-f1", "g1-f3"}, core.GetOptions{})
	if err != nil || len(f) != 2 {
		t.Fatalf("Facts = %v, %v", f, err)
	}
	for i := range f {
		f[i].Episodes = []string{"g1-e9"}
	}
	if err := s.Apply(ctx, core.Change{Facts: f}); err != nil {
		t.Fatal(err)
	}
	restated := map[string][]string{"g1-f1": {"g1-e9", "g1-e1"}, "g1-f2": {"g1-e1"}, "g1-f3": {"g1-e9", "g1-e2"}}
	if diff := cmp.Diff(restated, provenance(t, s)); diff != "" {
		t.Errorf("provenance after restatement (-want +got):\n%s", diff)
	}

	reopen := func(downgrade bool) {
		t.Helper()
		if downgrade {
			if err := kuzu.DowngradeForTest(ctx, s); err != nil {
				t.Fatalf("DowngradeForTest: %v", err)
			}
		}
		if err := s.Close(ctx); err != nil {
			t.Fatal(err)
		}
		if s, err = open(t, dir, 0); err != nil {
			t.Fatal(err)
		}
	}
	reopen(true)
	if diff := cmp.Diff(restated, provenance(t, s)); diff != "" {
		t.Errorf("provenance after migration (-want +got):\n%s", diff)
	}
	// The episodes' warnings column (version 3) is there, empty for the
	// episodes written before it.
	e9, err := s.Episode(ctx, []string{"g1"}, "g1-e9")
	if err != nil || e9.Warnings != nil {
		t.Fatalf("Episode(g1-e9) after migration = %+v, %v; want no warnings", e9, err)
	}
	e9.Warnings = []string{"the last 3 of 5 pieces were not extracted", "entity 'X' dropped"}
	if err := s.Apply(ctx, core.Change{Episodes: []core.Episode{e9}}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Episode(ctx, []string{"g1"}, "g1-e9"); err != nil || !slices.Equal(got.Warnings, e9.Warnings) {
		t.Errorf("Episode(g1-e9) warnings = %q, %v; want %q", got.Warnings, err, e9.Warnings)
	}
	// The trust columns (version 7) are there: empty and not quarantined
	// for what was written before, and they take new values.
	e10 := ep("g1", "g1-e10", "a web page says Alice moved", t0.Add(time.Hour))
	e10.Trust = core.TrustWeb
	if _, err := s.AddEpisodes(ctx, []core.Episode{e10}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Episode(ctx, []string{"g1"}, "g1-e10"); err != nil || got.Trust != core.TrustWeb {
		t.Errorf("Episode(g1-e10) after migration = %+v, %v; want trust web", got, err)
	}
	f2, err := s.Facts(ctx, []string{"g1"}, []string{"g1-f2"}, core.GetOptions{})
	if err != nil || len(f2) != 1 || f2[0].Trust != "" || !f2[0].QuarantinedAt.IsZero() {
		t.Fatalf("Facts(g1-f2) after migration = %+v, %v; want no trust, not quarantined", f2, err)
	}
	f2[0].Trust, f2[0].QuarantinedAt, f2[0].Episodes = core.TrustWeb, t0.Add(time.Hour), nil
	if err := s.Apply(ctx, core.Change{Facts: f2}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Facts(ctx, []string{"g1"}, []string{"g1-f2"}, core.GetOptions{}); err != nil || len(got) != 1 || got[0].Trust != core.TrustWeb || !got[0].QuarantinedAt.Equal(t0.Add(time.Hour)) {
		t.Errorf("Facts(g1-f2) quarantined after migration = %+v, %v", got, err)
	}
	f2[0].Trust, f2[0].QuarantinedAt = core.TrustUser, time.Time{}
	if err := s.Apply(ctx, core.Change{Facts: f2}); err != nil {
		t.Fatal(err)
	}

	if _, err := kuzu.EngineForTest(t, s).DeleteEpisode(ctx, "g1", "g1-e2"); err != nil {
		t.Fatal(err)
	}
	deleted := map[string][]string{"g1-f1": {"g1-e9", "g1-e1"}, "g1-f2": {"g1-e1"}, "g1-f3": {"g1-e9"}}
	if diff := cmp.Diff(deleted, provenance(t, s)); diff != "" {
		t.Errorf("provenance after deleting g1-e2 (-want +got):\n%s", diff)
	}
	reopen(false)
	if diff := cmp.Diff(deleted, provenance(t, s)); diff != "" {
		t.Errorf("provenance after reopen (-want +got):\n%s", diff)
	}
}

// TestRecordsAfterMigration checks that a database of schema version 1
// gains the Record table when it is opened, and that records written then
// survive a reopen.
func TestRecordsAfterMigration(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := open(t, dir, kuzutest.Dimension)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s.Close(ctx) }()
	if err := kuzu.DowngradeForTest(ctx, s); err != nil {
		t.Fatalf("DowngradeForTest: %v", err)
	}
	reopen := func() {
		t.Helper()
		if err := s.Close(ctx); err != nil {
			t.Fatal(err)
		}
		if s, err = open(t, dir, 0); err != nil {
			t.Fatal(err)
		}
	}
	reopen()
	want := []core.Record{{GroupID: "g1", Kind: "zep.user", ID: "u1", Data: []byte(`{"user_id":"u1"}`)}}
	if err := s.PutRecords(ctx, want); err != nil {
		t.Fatalf("PutRecords after migration: %v", err)
	}
	reopen()
	got, err := s.Records(ctx, core.RecordQuery{Kind: "zep.user", Groups: []string{"g1"}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Records after reopen (-want +got):\n%s", diff)
	}
}
