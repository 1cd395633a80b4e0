package kuzu_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// community returns a community of group g with the given members.
func community(g, id string, members ...string) core.Community {
	return core.Community{UUID: id, GroupID: g, Name: id, Summary: id + " summary", Members: members, CreatedAt: t0}
}

// TestDeletingUncheckpointedRelationships deletes relationships created
// since the last checkpoint, and nothing else, then checkpoints twice.
// On Kuzu 0.11.3 the first checkpoint leaves the relationship table's
// in-memory index pointing at rows it marked invalid, and the second one
// (or a read in between) crashed the process (SIGSEGV in
// CSRNodeGroup::collectInMemRegionChangesAndUpdateHeaderLength).
func TestDeletingUncheckpointedRelationships(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name string
		// write writes objects and relationships, and del deletes the
		// relationships write made, in transactions of their own.
		write, del func(t *testing.T, s *kuzu.Store) error
	}{
		{"group deleted",
			func(t *testing.T, s *kuzu.Store) error { seed(t, s, "b"); return nil },
			func(t *testing.T, s *kuzu.Store) error { _, err := s.DeleteGroup(ctx, "b"); return err }},
		{"episodes, facts and entities deleted",
			func(t *testing.T, s *kuzu.Store) error { seed(t, s, "b"); return nil },
			func(t *testing.T, s *kuzu.Store) error {
				return s.Apply(ctx, core.Change{Group: "b", DeleteEpisodes: []string{"b-e1", "b-e2"},
					DeleteFacts: []string{"b-f1", "b-f2", "b-f3"}, DeleteEntities: []string{"b-alice", "b-acme", "b-paris", "b-bob"}})
			}},
		{"community deleted",
			func(t *testing.T, s *kuzu.Store) error {
				return s.Apply(ctx, core.Change{Communities: []core.Community{community("a", "a-c2", "a-bob", "a-paris")}})
			},
			func(t *testing.T, s *kuzu.Store) error {
				return s.Apply(ctx, core.Change{Group: "a", DeleteCommunities: []string{"a-c2"}})
			}},
		{"community members removed",
			func(t *testing.T, s *kuzu.Store) error {
				return s.Apply(ctx, core.Change{Communities: []core.Community{community("a", "a-c2", "a-bob", "a-paris")}})
			},
			func(t *testing.T, s *kuzu.Store) error {
				return s.Apply(ctx, core.Change{Communities: []core.Community{community("a", "a-c2")}})
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			s := kuzutest.MustOpen(t, kuzu.Options{Dir: dir, CheckpointEvery: -1})
			seed(t, s, "a")
			if err := s.Apply(ctx, core.Change{Communities: []core.Community{community("a", "a-c1", "a-alice", "a-acme")}}); err != nil {
				t.Fatalf("Apply community: %v", err)
			}
			if err := s.Checkpoint(ctx); err != nil {
				t.Fatalf("Checkpoint: %v", err)
			}
			if err := tt.write(t, s); err != nil {
				t.Fatalf("write: %v", err)
			}
			if err := tt.del(t, s); err != nil {
				t.Fatalf("delete: %v", err)
			}
			if err := s.Checkpoint(ctx); err != nil {
				t.Fatalf("Checkpoint after the deletion: %v", err)
			}
			// A read of the relationship tables crashed too.
			if _, err := s.EpisodeLinks(ctx, []string{"a"}, "a-e1"); err != nil {
				t.Fatalf("EpisodeLinks: %v", err)
			}
			if _, err := s.CommunitiesOf(ctx, "a", []string{"a-alice"}); err != nil {
				t.Fatalf("CommunitiesOf: %v", err)
			}
			seed(t, s, "c")
			if err := s.Apply(ctx, core.Change{Communities: []core.Community{community("c", "c-c1", "c-alice", "c-acme")}}); err != nil {
				t.Fatalf("Apply community: %v", err)
			}
			if err := s.Checkpoint(ctx); err != nil {
				t.Fatalf("Checkpoint after more writes: %v", err)
			}
			if err := s.Close(ctx); err != nil {
				t.Fatalf("Close: %v", err)
			}

			s = kuzutest.MustOpen(t, kuzu.Options{Dir: dir})
			for _, g := range []string{"a", "c"} {
				got, err := s.EpisodeLinks(ctx, []string{g}, g+"-e1")
				if err != nil {
					t.Fatalf("EpisodeLinks(%s) after reopening: %v", g, err)
				}
				want := core.Links{Entities: []string{g + "-acme", g + "-alice", g + "-paris"}, Facts: []string{g + "-f1", g + "-f2"}}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("EpisodeLinks(%s) after reopening (-want +got):\n%s", g, diff)
				}
			}
			got, err := s.CommunitiesOf(ctx, "a", []string{"a-alice", "a-acme", "a-bob", "a-paris"})
			if err != nil {
				t.Fatalf("CommunitiesOf after reopening: %v", err)
			}
			if diff := cmp.Diff(map[string]string{"a-alice": "a-c1", "a-acme": "a-c1"}, got); diff != "" {
				t.Errorf("CommunitiesOf(a) after reopening (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDeletionsCheckpointOnlyWhenNeeded counts the checkpoints the store
// takes before deletions: none for a community that only gains members or
// for relationships checkpointed already, one before deleting
// relationships that are not.
func TestDeletionsCheckpointOnlyWhenNeeded(t *testing.T) {
	ctx := context.Background()
	s := kuzutest.MustOpen(t, kuzu.Options{CheckpointEvery: -1})
	seed(t, s, "a")
	steps := []struct {
		name        string
		ch          core.Change
		checkpoints int64
	}{
		{"community created", core.Change{Communities: []core.Community{community("a", "a-c1", "a-alice")}}, 0},
		{"community grown", core.Change{Communities: []core.Community{community("a", "a-c1", "a-alice", "a-acme")}}, 0},
		{"member removed", core.Change{Communities: []core.Community{community("a", "a-c1", "a-acme")}}, 1},
		{"checkpointed member removed", core.Change{Communities: []core.Community{community("a", "a-c1")}}, 1},
		{"checkpointed episode deleted", core.Change{Group: "a", DeleteEpisodes: []string{"a-e2"}}, 1},
		{"community deleted", core.Change{Group: "a", DeleteCommunities: []string{"a-c1"}}, 1},
	}
	// Opening took checkpoints of its own (the journal's first base).
	before := s.DurabilityStats().Checkpoints
	for _, st := range steps {
		if err := s.Apply(ctx, st.ch); err != nil {
			t.Fatalf("%s: Apply: %v", st.name, err)
		}
		if got := s.DurabilityStats().Checkpoints - before; got != st.checkpoints {
			t.Errorf("%s: Checkpoints = %d, want %d", st.name, got, st.checkpoints)
		}
	}
}
