package kuzu_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// canary is a string that appears nowhere but where a test plants it.
const canary = "Zorblax-Quentavian-7731"

// plant writes, in group g, an episode, an entity and a fact that hold the
// canary, with vectors, and checkpoints so that its bytes reach the
// database file.
func plant(t *testing.T, s *kuzu.Store, g string) {
	t.Helper()
	ctx := context.Background()
	e := ep(g, g+"-canary", "Bob: I met "+canary+" yesterday", t0.Add(2*time.Hour))
	e.Embedding = axis(3, 0)
	if _, err := s.AddEpisodes(ctx, []core.Episode{e}); err != nil {
		t.Fatalf("AddEpisodes: %v", err)
	}
	x := ent(g, g+"-canary-ent", canary, "Person")
	x.NameEmbedding = axis(5, 0)
	f := fact(g, g+"-canary-fact", g+"-bob", "MET", x.UUID, "Bob met "+canary, e.UUID)
	f.Embedding = axis(7, 0)
	err := s.Apply(ctx, core.Change{Entities: []core.Entity{x}, Facts: []core.Fact{f},
		Mentions: []core.Mention{{Episode: e.UUID, Entity: x.UUID}, {Episode: e.UUID, Entity: g + "-bob"}}})
	if err != nil {
		t.Fatalf("Apply: %v", err)
	}
	if err := s.Checkpoint(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestCompactErasesDeletedBytes deletes what holds a canary, finds its
// bytes still on disk (Kuzu deletes logically), compacts, and finds them
// nowhere under the database directory, while the other group's data and
// the store's reads, searches and writes are as before.
func TestCompactErasesDeletedBytes(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := open(t, dir, kuzutest.Dimension)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	seed(t, s, "g1")
	seed(t, s, "g2")
	plant(t, s, "g1")
	// The HNSW indexes hold the vectors too.
	if err := s.BuildVectorIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	if found := kuzutest.FilesHolding(t, dir, canary); len(found) == 0 {
		t.Fatalf("the canary is not on disk before the delete: the scan cannot see it")
	}
	err = s.Apply(ctx, core.Change{Group: "g1", DeleteEpisodes: []string{"g1-canary"}, DeleteFacts: []string{"g1-canary-fact"}, DeleteEntities: []string{"g1-canary-ent"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Checkpoint(ctx); err != nil {
		t.Fatal(err)
	}
	if found := kuzutest.FilesHolding(t, dir, canary); len(found) == 0 {
		t.Logf("Kuzu overwrote the deleted rows by itself")
	} else {
		t.Logf("after a logical delete: %s", strings.Join(found, "; "))
	}
	before := readAll(t, s, "g2")
	c, err := s.Compact(ctx)
	if err != nil {
		t.Fatalf("Compact: %v", err)
	}
	if c.After <= 0 || c.Before <= 0 || c.Blocked <= 0 {
		t.Errorf("Compact = %+v, want both sizes and the time it blocked", c)
	}
	if found := kuzutest.FilesHolding(t, dir, canary, strings.ToLower(canary)); len(found) > 0 {
		t.Errorf("after Compact: %s", strings.Join(found, "; "))
	}
	if diff := cmp.Diff(before, readAll(t, s, "g2")); diff != "" {
		t.Errorf("g2 after Compact (-before +after):\n%s", diff)
	}
	hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{"g1"}, Vector: axis(0, 0), Limit: 1})
	if err != nil || len(hits) != 1 || hits[0].UUID != "g1-alice" {
		t.Errorf("VectorSearch after Compact = %v, %v, want g1-alice", hits, err)
	}
	hits, err = s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g1"}, Text: "Acme", Limit: 5})
	if err != nil || len(hits) != 1 || hits[0].UUID != "g1-f1" {
		t.Errorf("TextSearch after Compact = %v, %v, want g1-f1", hits, err)
	}
	if _, err := s.AddEpisodes(ctx, []core.Episode{ep("g1", "g1-after", "Alice: still here", t0)}); err != nil {
		t.Errorf("AddEpisodes after Compact: %v", err)
	}
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	s, err = open(t, dir, 0)
	if err != nil {
		t.Fatalf("reopen after Compact: %v", err)
	}
	defer s.Close(ctx)
	if st, err := s.Stats(ctx, "g1"); err != nil || st.Episodes != 3 || st.Entities != 4 || st.Facts != 3 {
		t.Errorf("Stats(g1) after reopen = %+v, %v, want 3 episodes, 4 entities, 3 facts", st, err)
	}
}

// groupData is what readAll reads of a group.
type groupData struct {
	Episodes []core.Episode
	Entities []core.Entity
	Facts    []core.Fact
}

// readAll reads a group's episodes, entities and facts, vectors included.
func readAll(t *testing.T, s *kuzu.Store, g string) groupData {
	t.Helper()
	ctx := context.Background()
	var d groupData
	eps, err := s.ListEpisodes(ctx, g, core.ListOptions{Limit: 1000, Embeddings: true})
	if err != nil {
		t.Fatal(err)
	}
	ents, err := s.ListEntities(ctx, g, core.ListOptions{Limit: 1000, Embeddings: true})
	if err != nil {
		t.Fatal(err)
	}
	facts, err := s.ListFacts(ctx, g, core.ListOptions{Limit: 1000, Embeddings: true, Filter: core.Filter{IncludeInvalid: true, Now: t0.Add(24 * time.Hour)}})
	if err != nil {
		t.Fatal(err)
	}
	d.Episodes, d.Entities, d.Facts = eps.Items, ents.Items, facts.Items
	return d
}

// TestCompactInMemory is refused: there are no files.
func TestCompactInMemory(t *testing.T) {
	s, err := kuzu.Open(context.Background(), kuzu.Options{Dimension: 4})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.Background())
	if _, err := s.Compact(context.Background()); err == nil || !strings.Contains(err.Error(), "in-memory") {
		t.Errorf("Compact in memory = %v, want a refusal", err)
	}
}

// TestOpenFinishesAnInterruptedErasure deletes a canary after marking an
// erasure begun, closes the store without compacting, as a crash would
// leave it, and opens it again: the open rewrites the database and the
// canary's bytes are gone; an abandoned erasure leaves no mark.
func TestOpenFinishesAnInterruptedErasure(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := open(t, dir, kuzutest.Dimension)
	if err != nil {
		t.Fatal(err)
	}
	seed(t, s, "g1")
	plant(t, s, "g1")
	abandon, err := s.BeginErasure()
	if err != nil {
		t.Fatal(err)
	}
	abandon()
	if _, err := os.Stat(filepath.Join(dir, "erasure.pending")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("an abandoned erasure left its mark (Stat: %v)", err)
	}
	if _, err := s.BeginErasure(); err != nil {
		t.Fatal(err)
	}
	err = s.Apply(ctx, core.Change{Group: "g1", DeleteEpisodes: []string{"g1-canary"}, DeleteFacts: []string{"g1-canary-fact"}, DeleteEntities: []string{"g1-canary-ent"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if found := kuzutest.FilesHolding(t, dir, canary); len(found) == 0 {
		t.Fatalf("the deleted canary is not on disk after Close: the test proves nothing")
	}
	s, err = open(t, dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	if found := kuzutest.FilesHolding(t, dir, canary, strings.ToLower(canary)); len(found) > 0 {
		t.Errorf("after reopening: %s", strings.Join(found, "; "))
	}
	if _, err := os.Stat(filepath.Join(dir, "erasure.pending")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the finished erasure left its mark (Stat: %v)", err)
	}
	if st, err := s.Stats(ctx, "g1"); err != nil || st.Episodes != 2 {
		t.Errorf("Stats(g1) = %+v, %v, want the 2 seeded episodes", st, err)
	}
}
