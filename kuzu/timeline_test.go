package kuzu_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
)

// TestPreviousEpisodesMatchKuzu holds the timeline, its rows and its cache
// of recent contents to the Cypher queries they replaced (PreviousEpisodes
// and Episodes), through episodes added out of order, updates of every
// column an update sets, deletions, a dropped group and a reopen.
func TestPreviousEpisodesMatchKuzu(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := open(t, dir, 16)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	var all []core.Episode
	for i := range 60 {
		g := []string{"a", "b"}[i%2]
		// Several episodes share a time, so the uuid breaks ties.
		at := t0.Add(time.Duration(r.IntN(20)) * time.Hour)
		all = append(all, ep(g, fmt.Sprintf("%s-%02d", g, r.IntN(1000)*100+i), fmt.Sprintf("message %d", i), at))
	}
	for i := 0; i < len(all); i += 7 {
		if _, err := s.AddEpisodes(ctx, all[i:min(i+7, len(all))]); err != nil {
			t.Fatal(err)
		}
	}
	check := func(step string) {
		t.Helper()
		for _, g := range []string{"a", "b", "c"} {
			var ids []string
			for _, e := range all {
				ids = append(ids, e.UUID)
			}
			got, err := s.Episodes(ctx, []string{g}, ids, core.GetOptions{})
			if err != nil {
				t.Fatalf("%s: Episodes: %v", step, err)
			}
			want, err := kuzu.EpisodesInKuzu(ctx, s, g, ids)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Fatalf("%s: Episodes of %s (-kuzu +timeline):\n%s", step, g, diff)
			}
		}
		for _, e := range all {
			for _, n := range []int{1, 4} {
				got, err := s.PreviousEpisodes(ctx, e, n)
				if err != nil {
					t.Fatalf("%s: PreviousEpisodes: %v", step, err)
				}
				want, err := kuzu.PreviousEpisodesInKuzu(ctx, s, e, n)
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("%s: PreviousEpisodes(%s, %d) (-kuzu +timeline):\n%s", step, e.UUID, n, diff)
				}
			}
		}
	}
	check("added")
	for i := 0; i < len(all); i += 3 {
		e := all[i]
		e.Status, e.Attempts, e.Error = core.EpisodeFailed, 2, "extractor down"
		e.Warnings = []string{"a  warning\nover lines", "another"}
		if i%2 == 0 {
			e.Status, e.Attempts, e.Error = core.EpisodeDone, 1, ""
			e.Name, e.SourceDescription, e.Warnings = "renamed "+e.Name, "described again", nil
		}
		if err := s.Apply(ctx, core.Change{Episodes: []core.Episode{e}}); err != nil {
			t.Fatal(err)
		}
	}
	check("updated")
	eng := kuzu.EngineForTest(t, s)
	for _, i := range []int{5, 17, 30} {
		if _, err := eng.DeleteEpisode(ctx, all[i].GroupID, all[i].UUID); err != nil {
			t.Fatal(err)
		}
	}
	check("deleted")
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if s, err = open(t, dir, 16); err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	check("reopened")
	if _, err := s.DeleteGroup(ctx, "b"); err != nil {
		t.Fatal(err)
	}
	check("group dropped")
}
