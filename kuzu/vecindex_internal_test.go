package kuzu

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mnemohq/mnemo/core"
)

// checkVecIndexes holds every index kept in memory to the catalog: each
// live vector row is in its table's index, under its offset, and nothing
// else is.
func checkVecIndexes(t *testing.T, s *Store, when string) {
	t.Helper()
	s.indexedForTest(core.ScopeFacts) // waits for the builds
	s.cat.mu.RLock()
	defer s.cat.mu.RUnlock()
	for _, sc := range core.Scopes {
		v := s.readyIndex(sc)
		if v == nil {
			continue
		}
		live := 0
		for off, sl := range s.cat.slots[sc] {
			if sl.uuid == "" {
				if v.ix.Has(int64(off)) {
					t.Errorf("%s: the %s index holds offset %d, whose row is deleted", when, sc, off)
				}
				continue
			}
			live++
			if !v.ix.Has(int64(off)) {
				t.Errorf("%s: the %s index lacks offset %d (%s)", when, sc, off, sl.uuid)
			}
		}
		if v.ix.Len() != live {
			t.Errorf("%s: the %s index holds %d vectors, the table %d", when, sc, v.ix.Len(), live)
		}
	}
}

func randomFacts(rng *rand.Rand, group string, from, n, dim int) core.Change {
	var ch core.Change
	for i := from; i < from+n; i++ {
		a := core.Entity{UUID: fmt.Sprintf("%s-a%05d", group, i), GroupID: group, Name: fmt.Sprintf("A %d", i)}
		b := core.Entity{UUID: fmt.Sprintf("%s-b%05d", group, i), GroupID: group, Name: fmt.Sprintf("B %d", i)}
		f := core.Fact{UUID: fmt.Sprintf("%s-f%05d", group, i), GroupID: group, SourceUUID: a.UUID, TargetUUID: b.UUID, Relation: "R", Text: fmt.Sprintf("fact %d", i)}
		for _, v := range []*[]float32{&a.NameEmbedding, &b.NameEmbedding, &f.Embedding} {
			*v = make([]float32, dim)
			for j := range *v {
				(*v)[j] = float32(rng.NormFloat64())
			}
		}
		ch.Entities = append(ch.Entities, a, b)
		ch.Facts = append(ch.Facts, f)
	}
	return ch
}

// TestVecIndexFollowsCommits: commits that land while an index is being
// built (between the batches it reads: the hook writes, replaces and
// deletes vectors there), the deletion of a group, a reopening and a
// compaction all leave each index holding exactly the table's live
// vectors; and a search through the index finds what an exact scan does.
func TestVecIndexFollowsCommits(t *testing.T) {
	ctx := context.Background()
	const dim = 16
	dir := t.TempDir()
	defer func(b int64) { vecBuildBatch = b; vecBuildHook = nil }(vecBuildBatch)
	vecBuildBatch = 64
	rng := rand.New(rand.NewPCG(38, 1))
	opts := Options{Dir: dir, Dimension: dim, VectorIndexAt: 200, ExactSearchBelow: 1}
	s, err := Open(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s.Close(ctx) }()
	for _, g := range []string{"g1", "g2"} {
		if err := s.Apply(ctx, randomFacts(rng, g, 0, 90, dim)); err != nil {
			t.Fatal(err)
		}
	}
	if s.vecIndexOf(core.ScopeFacts) != nil {
		t.Fatal("a fact index below VectorIndexAt")
	}
	// The entities (360) passed VectorIndexAt with these writes: their
	// build, under way, reads the hook, so it ends before the hook is set.
	s.indexedForTest(core.ScopeEntities)
	// The write that crosses VectorIndexAt starts the builds; the hook
	// commits inside the fact table's, after its first batch.
	hooked := false
	vecBuildHook = func(sc core.Scope, from int64) {
		if sc != core.ScopeFacts || from != 64 || hooked {
			return
		}
		hooked = true
		// New facts; facts whose vectors are replaced and facts deleted,
		// in the batch the build has read and not inserted yet (g1's
		// facts 64 to 89 are at offsets 64 to 89) and in the one it has.
		ch := randomFacts(rng, "g1", 200, 20, dim)
		for _, i := range []int{3, 80} {
			ch.Facts = append(ch.Facts, randomFacts(rng, "g1", i, 1, dim).Facts...)
		}
		if err := s.Apply(ctx, ch); err != nil {
			t.Error(err)
		}
		if err := s.Apply(ctx, core.Change{Group: "g1", DeleteFacts: []string{"g1-f00005", "g1-f00070"}}); err != nil {
			t.Error(err)
		}
	}
	if err := s.Apply(ctx, randomFacts(rng, "g1", 100, 40, dim)); err != nil {
		t.Fatal(err)
	}
	checkVecIndexes(t, s, "after a build with commits inside")
	if !hooked {
		t.Fatal("the build's hook never ran: the test did not commit inside a build")
	}
	vecBuildHook = nil
	if _, err := s.DeleteGroup(ctx, "g2"); err != nil {
		t.Fatal(err)
	}
	checkVecIndexes(t, s, "after deleting a group")
	recallAgainstExact(t, s, rng, dim, "after deleting a group")
	// Back over VectorIndexAt (149 facts are left), so that the index is
	// built again when the store opens.
	if err := s.Apply(ctx, randomFacts(rng, "g1", 400, 60, dim)); err != nil {
		t.Fatal(err)
	}

	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if s, err = Open(ctx, opts); err != nil {
		t.Fatal(err)
	}
	checkVecIndexes(t, s, "after reopening")
	if s.readyIndex(core.ScopeFacts) == nil || s.hasIndex(core.ScopeFacts) {
		t.Fatal("after reopening, facts are not searched through the index kept in memory")
	}
	if _, err := s.Compact(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(ctx, randomFacts(rng, "g1", 300, 10, dim)); err != nil {
		t.Fatal(err)
	}
	checkVecIndexes(t, s, "after a compaction and a write")
	recallAgainstExact(t, s, rng, dim, "after a compaction")
}

// recallAgainstExact holds 20 searches of g1's facts through the index to
// an exact scan of the same store: most of the exact top 5 is found.
func recallAgainstExact(t *testing.T, s *Store, rng *rand.Rand, dim int, when string) {
	t.Helper()
	ctx := context.Background()
	var found, total int
	for range 20 {
		q := make([]float32, dim)
		for j := range q {
			q[j] = float32(rng.NormFloat64())
		}
		sq := core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g1"}, Vector: q, Limit: 5, MinScore: -1}
		got, err := s.VectorSearch(ctx, sq)
		if err != nil {
			t.Fatal(err)
		}
		if err := sq.Normalize(); err != nil {
			t.Fatal(err)
		}
		var want []core.Hit
		err = s.read(ctx, func(c *conn) error {
			var err error
			want, err = s.vectorExact(ctx, c, sq, 1<<20)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			total++
			if slices.ContainsFunc(got, func(h core.Hit) bool { return h.UUID == w.UUID }) {
				found++
			}
		}
	}
	if total == 0 || float64(found)/float64(total) < 0.9 {
		t.Errorf("%s: the index found %d of the exact top 5 of 20 searches (%d)", when, found, total)
	}
}

// TestQueuedVectorsSearched: a vector committed while the index's queue
// is held up is not in the index yet, and a search through the index
// finds it all the same, with its exact score; once the queue is applied,
// the index holds exactly the table's vectors and finds it too.
func TestQueuedVectorsSearched(t *testing.T) {
	ctx := context.Background()
	const dim = 16
	defer func() { vecDrainHook = nil }()
	rng := rand.New(rand.NewPCG(38, 2))
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: dim, VectorIndexAt: 100, ExactSearchBelow: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s.Close(ctx) }()
	if err := s.Apply(ctx, randomFacts(rng, "g", 0, 150, dim)); err != nil {
		t.Fatal(err)
	}
	if !s.indexedForTest(core.ScopeFacts) {
		t.Fatal("no fact index over VectorIndexAt")
	}
	release := make(chan struct{})
	held := make(chan struct{}, 1)
	vecDrainHook = func(vecChange) {
		select {
		case held <- struct{}{}:
		default:
		}
		<-release
	}
	ch := randomFacts(rng, "g", 500, 3, dim)
	if err := s.Apply(ctx, ch); err != nil {
		t.Fatal(err)
	}
	<-held // the drain has taken the first change and waits
	v := s.readyIndex(core.ScopeFacts)
	for _, f := range ch.Facts {
		hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g"}, Vector: f.Embedding, Limit: 5, MinScore: -1})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || hits[0].UUID != f.UUID || hits[0].Score < 0.9999 {
			t.Errorf("a search for queued fact %s found %+v first, not it with score 1", f.UUID, hits[:min(1, len(hits))])
		}
	}
	if n := v.ix.Len(); n != 150 {
		t.Fatalf("the index holds %d vectors while its queue is held, want the 150 before", n)
	}
	close(release)
	checkVecIndexes(t, s, "after the queue is applied")
	hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g"}, Vector: ch.Facts[1].Embedding, Limit: 5, MinScore: -1})
	if err != nil || len(hits) == 0 || hits[0].UUID != ch.Facts[1].UUID {
		t.Fatalf("after the queue is applied, the search found %+v (%v)", hits, err)
	}
}

// TestKuzuIndexOfOlderDatabase: a database whose tables have Kuzu's own
// HNSW index (built by the store before the index kept in memory) keeps
// it: searches go through it, writes keep it up, and no index is built in
// memory for those tables, until a compaction rewrites the database
// without it.
func TestKuzuIndexOfOlderDatabase(t *testing.T) {
	ctx := context.Background()
	const dim = 16
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(38, 2))
	opts := Options{Dir: dir, Dimension: dim, VectorIndexAt: -1, ExactSearchBelow: 1}
	s, err := Open(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(ctx, randomFacts(rng, "g1", 0, 200, dim)); err != nil {
		t.Fatal(err)
	}
	if err := s.ddl(ctx, func(c *conn) error { return createVectorIndex(ctx, c, core.ScopeFacts) }); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	opts.VectorIndexAt = 100
	if s, err = Open(ctx, opts); err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	if err := s.Apply(ctx, randomFacts(rng, "g1", 200, 20, dim)); err != nil {
		t.Fatal(err)
	}
	s.indexedForTest(core.ScopeFacts)
	if !s.hasIndex(core.ScopeFacts) || s.vecIndexOf(core.ScopeFacts) != nil {
		t.Fatalf("facts: Kuzu's index %v, in memory %v; want Kuzu's only", s.hasIndex(core.ScopeFacts), s.vecIndexOf(core.ScopeFacts) != nil)
	}
	if s.readyIndex(core.ScopeEntities) == nil {
		t.Error("entities (440 vectors, no Kuzu index) are not indexed in memory")
	}
	recallAgainstExact(t, s, rng, dim, "through Kuzu's index")
	// The first compaction drops Kuzu's index, the only way to drop it.
	if _, err := s.Compact(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.ddl(ctx, func(c *conn) error {
		have, err := listIndexes(ctx, c)
		if len(have) != 0 {
			t.Errorf("Kuzu's indexes after a compaction: %v, want none", have)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if !s.indexedForTest(core.ScopeFacts) || s.hasIndex(core.ScopeFacts) {
		t.Fatal("after the compaction, facts are not searched through the index kept in memory")
	}
	checkVecIndexes(t, s, "after the compaction that dropped Kuzu's index")
	recallAgainstExact(t, s, rng, dim, "after the compaction that dropped Kuzu's index")
}

// TestIndexesKeptAcrossReopenings: the keeper's compaction, which moves
// rows to new offsets (the deleted ones are gone from the rewritten
// tables), and a renewal, which moves none, keep each index in memory,
// its vectors under their rows' new offsets, where a build would cost a
// minute of CPU at 100,000 vectors; Compact, which ends erasures, builds
// them again without the deleted vectors kept as waypoints.
func TestIndexesKeptAcrossReopenings(t *testing.T) {
	ctx := context.Background()
	const dim = 16
	rng := rand.New(rand.NewPCG(38, 3))
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: dim, VectorIndexAt: 100, ExactSearchBelow: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s.Close(ctx) }()
	// g2 first, so that its deletion moves g1's rows; fewer of its
	// vectors than g1's survivors, or the deleted ones kept as waypoints
	// would outnumber the live and the index be built again.
	for _, g := range []struct {
		name string
		n    int
	}{{"g2", 50}, {"g1", 150}} {
		if err := s.Apply(ctx, randomFacts(rng, g.name, 0, g.n, dim)); err != nil {
			t.Fatal(err)
		}
	}
	var gone []string
	for i := 0; i < 150; i += 4 {
		gone = append(gone, fmt.Sprintf("g1-f%05d", i))
	}
	if err := s.Apply(ctx, core.Change{Group: "g1", DeleteFacts: gone}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeleteGroup(ctx, "g2"); err != nil {
		t.Fatal(err)
	}
	checkVecIndexes(t, s, "before the compaction")
	facts, entities := s.readyIndex(core.ScopeFacts), s.readyIndex(core.ScopeEntities)
	if facts == nil || entities == nil || facts.ix.Dead() == 0 {
		t.Fatalf("want ready fact and entity indexes with deleted vectors in them before the compaction")
	}
	before := s.cat.offsetBySlot(core.ScopeFacts)
	if _, err := s.compact(ctx, true); err != nil {
		t.Fatal(err)
	}
	if s.readyIndex(core.ScopeFacts) != facts || s.readyIndex(core.ScopeEntities) != entities {
		t.Fatal("the keeper's compaction built the indexes again")
	}
	moved := 0
	for sl, off := range s.cat.offsetBySlot(core.ScopeFacts) {
		if before[sl] != off {
			moved++
		}
	}
	if moved == 0 {
		t.Fatal("no fact row moved in the compaction: the test does not test rekeying")
	}
	checkVecIndexes(t, s, "after the keeper's compaction")
	recallAgainstExact(t, s, rng, dim, "after the keeper's compaction")
	if err := s.Apply(ctx, randomFacts(rng, "g1", 300, 20, dim)); err != nil {
		t.Fatal(err)
	}
	checkVecIndexes(t, s, "after a write after the compaction")

	s.renewDue.Store(true)
	if err := s.renew(ctx); err != nil {
		t.Fatal(err)
	}
	if s.DurabilityStats().Renewals != 1 || s.readyIndex(core.ScopeFacts) != facts {
		t.Fatal("the renewal did not happen, or built the fact index again")
	}
	checkVecIndexes(t, s, "after a renewal")

	if _, err := s.Compact(ctx); err != nil {
		t.Fatal(err)
	}
	checkVecIndexes(t, s, "after Compact")
	if v := s.readyIndex(core.ScopeFacts); v == facts || v.ix.Dead() != 0 {
		t.Error("Compact kept the fact index and its deleted vectors")
	}
	recallAgainstExact(t, s, rng, dim, "after Compact")
}
