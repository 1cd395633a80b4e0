package kuzu_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// graphState is what a group's episodes amount to: the episodes with
// their vectors, what each produced, the facts' provenance, and the best
// episode for a vector.
type graphState struct {
	Episodes   []core.Episode
	Links      map[string]core.Links
	Provenance map[string][]string
	Nearest    []core.Hit
}

func readState(t *testing.T, s *kuzu.Store, g string) graphState {
	t.Helper()
	ctx := context.Background()
	page, err := s.ListEpisodes(ctx, g, core.ListOptions{Embeddings: true})
	if err != nil {
		t.Fatal(err)
	}
	st := graphState{Episodes: page.Items, Links: map[string]core.Links{}, Provenance: provenance(t, s)}
	for _, e := range page.Items {
		if st.Links[e.UUID], err = s.EpisodeLinks(ctx, []string{g}, e.UUID); err != nil {
			t.Fatal(err)
		}
	}
	if st.Nearest, err = s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEpisodes, Groups: []string{g}, Vector: axis(12, 0.1), Limit: 1}); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestEpisodeKeyMigration opens databases of schema version 4, whose
// episodes are keyed by uuid alone and whose episode vectors have an HNSW
// index, holding a graph; as they were, and as an interrupted migration
// left them. Opened now, every episode, vector, mention and provenance is
// there, the vector index can be built again, and another group can then
// hold an episode of the same uuid.
func TestEpisodeKeyMigration(t *testing.T) {
	for _, interrupted := range []string{"", "copy", "drop"} {
		t.Run("interrupted="+interrupted, func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			s, err := open(t, dir, kuzutest.Dimension)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { s.Close(ctx) }()
			seed(t, s, "g1")
			e3 := ep("g1", "g1-e3", "Carol: I moved to Lyon", t0.Add(2*time.Hour))
			e3.Embedding = axis(12, 0)
			if _, err := s.AddEpisodes(ctx, []core.Episode{e3}); err != nil {
				t.Fatal(err)
			}
			want := readState(t, s, "g1")
			if len(want.Nearest) != 1 || want.Nearest[0].UUID != "g1-e3" || len(want.Links["g1-e1"].Entities) != 3 {
				t.Fatalf("state before = %+v; want g1-e3 nearest and three mentions of g1-e1", want)
			}
			if err := kuzu.UnkeyEpisodesForTest(ctx, s); err != nil {
				t.Fatalf("UnkeyEpisodesForTest: %v", err)
			}
			if interrupted != "" {
				if err := kuzu.InterruptEpisodeMigrationForTest(ctx, s, interrupted); err != nil {
					t.Fatalf("InterruptEpisodeMigrationForTest(%s): %v", interrupted, err)
				}
			}
			if err := s.Close(ctx); err != nil {
				t.Fatal(err)
			}
			if s, err = open(t, dir, 0); err != nil {
				t.Fatalf("open the version-4 database: %v", err)
			}
			if diff := cmp.Diff(want, readState(t, s, "g1")); diff != "" {
				t.Errorf("after migration (-want +got):\n%s", diff)
			}
			if err := s.BuildVectorIndexes(ctx); err != nil {
				t.Fatalf("BuildVectorIndexes after migration: %v", err)
			}
			if got := readState(t, s, "g1"); !cmp.Equal(want.Nearest, got.Nearest) {
				t.Errorf("VectorSearch through the rebuilt index = %v, want %v", got.Nearest, want.Nearest)
			}
			other := ep("g2", "g1-e1", "Dave: a message of another tenant", t0)
			if created, err := s.AddEpisodes(ctx, []core.Episode{other}); err != nil || !created[0] {
				t.Fatalf("AddEpisodes(g2, g1-e1) after migration = %v, %v; want created", created, err)
			}
			if err := s.Close(ctx); err != nil {
				t.Fatal(err)
			}
			if s, err = open(t, dir, 0); err != nil {
				t.Fatalf("reopen after migration: %v", err)
			}
			if diff := cmp.Diff(want, readState(t, s, "g1")); diff != "" {
				t.Errorf("after reopen (-want +got):\n%s", diff)
			}
			if _, err := s.Episode(ctx, []string{"g2"}, "g1-e1"); err != nil {
				t.Errorf("Episode(g2, g1-e1) after reopen: %v", err)
			}
			if _, err := s.Episode(ctx, []string{"g3"}, "g1-e1"); !errors.Is(err, core.ErrNotFound) {
				t.Errorf("Episode(g3, g1-e1) = %v, want ErrNotFound", err)
			}
		})
	}
}
