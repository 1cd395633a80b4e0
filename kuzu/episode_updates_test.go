package kuzu_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// TestEpisodeUpdatesReadBack runs an episode through the updates
// ingestion makes (running, warnings set, done with the warnings cleared,
// a retry's attempts), each written from what the store holds of the
// episode, and reads every step back, after a reopen too: an update
// that leaves a column as it was must not hide one that changes it (the
// warnings set one episode at a time and cleared in a batch are cleared,
// before the reopen and after it). A
// batch of new episodes with one already stored is checked against the
// stored one: the same episode again is no conflict, another content
// under its uuid is.
func TestEpisodeUpdatesReadBack(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := open(t, dir, kuzutest.Dimension)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s.Close(ctx) }()
	var batch []core.Episode
	for i := range 20 {
		batch = append(batch, ep("g1", fmt.Sprintf("g1-u%02d", i), fmt.Sprintf("Alice: note %d", i), t0.Add(time.Duration(i)*time.Minute)))
	}
	if _, err := s.AddEpisodes(ctx, batch); err != nil {
		t.Fatal(err)
	}
	steps := []func(*core.Episode){
		func(e *core.Episode) { e.Attempts = 1 },
		func(e *core.Episode) { e.Warnings = []string{"the last piece was not extracted"} },
		func(e *core.Episode) { e.Status, e.Warnings = core.EpisodeDone, nil },
		func(e *core.Episode) {
			e.Status, e.Attempts, e.Error = core.EpisodeFailed, 2, "the extractor timed out"
		},
		func(e *core.Episode) { e.Status, e.Error, e.Name = core.EpisodeDone, "", "renamed" },
	}
	want := slices.Clone(batch)
	for i := range want {
		want[i].Status = core.EpisodePending
	}
	check := func(when string) {
		t.Helper()
		for _, w := range want {
			got, err := s.Episode(ctx, []string{"g1"}, w.UUID)
			if err != nil {
				t.Fatalf("%s: Episode(%s): %v", when, w.UUID, err)
			}
			if got.Status != w.Status || got.Attempts != w.Attempts || got.Error != w.Error || got.Name != w.Name || !slices.Equal(got.Warnings, w.Warnings) {
				t.Errorf("%s: %s = status %s, attempts %d, error %q, name %q, warnings %q; want %s, %d, %q, %q, %q",
					when, w.UUID, got.Status, got.Attempts, got.Error, got.Name, got.Warnings, w.Status, w.Attempts, w.Error, w.Name, w.Warnings)
			}
		}
	}
	for i, step := range steps {
		for j := range want {
			step(&want[j])
		}
		// Ingestion writes a batch of episodes, and sometimes one alone.
		if i%2 == 0 {
			if err := s.Apply(ctx, core.Change{Group: "g1", Episodes: want}); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		} else {
			for _, e := range want {
				if err := s.Apply(ctx, core.Change{Group: "g1", Episodes: []core.Episode{e}}); err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
			}
		}
		check(fmt.Sprintf("after step %d", i))
		if i == 2 {
			// A reopen in the middle: what follows starts from the stored rows.
			if err := s.Close(ctx); err != nil {
				t.Fatal(err)
			}
			if s, err = open(t, dir, 0); err != nil {
				t.Fatal(err)
			}
			check("after the reopen")
		}
	}

	again := append(slices.Clone(batch[:1]), ep("g1", "g1-new", "Bob: hello", t0))
	created, err := s.AddEpisodes(ctx, again)
	if err != nil || !slices.Equal(created, []bool{false, true}) {
		t.Errorf("AddEpisodes of a stored episode and a new one = %v, %v; want [false true]", created, err)
	}
	other := batch[1]
	other.Content = "Alice: something else"
	if _, err := s.AddEpisodes(ctx, []core.Episode{ep("g1", "g1-new2", "Bob: hi", t0), other}); !errors.Is(err, core.ErrConflict) {
		t.Errorf("AddEpisodes of another content under a stored uuid: err = %v, want ErrConflict", err)
	}
}
