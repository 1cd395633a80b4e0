package kuzu

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
)

// TestSupersededFactsRankedOnce: a long-lived memory restates its facts,
// so most of a group's facts are superseded, each next to the fact that
// replaced it. A search of the present must rank the group's vectors
// deep enough at once, not double the depth round after round (four
// rounds here), and still answer exactly.
func TestSupersededFactsRankedOnce(t *testing.T) {
	ctx := context.Background()
	const dim, topics, versions = 8, 100, 25
	s, t0 := pairStore(t, dim, -1)
	centre, current, facts := restated(t0, dim, topics, versions)
	if err := s.Apply(ctx, core.Change{Facts: facts}); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.cat.currentIn(core.ScopeFacts, []string{"g"}); n != topics {
		t.Fatalf("the catalog counts %d current facts, want %d", n, topics)
	}
	for _, topic := range []int{0, 41, 63, 99} {
		q := core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g"}, Vector: centre[topic], Limit: 20}
		before := s.stats.exactRanks.Load()
		hits, err := s.VectorSearch(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		rounds := s.stats.exactRanks.Load() - before
		if want := bestOf(current, centre[topic], 20); !cmp.Equal(uuidsOf(hits), want) {
			t.Errorf("topic %d: %v, want the best current facts %v", topic, uuidsOf(hits), want)
		}
		if rounds != 1 {
			t.Errorf("topic %d: ranked the group %d times, want once", topic, rounds)
		}
		// History keeps every version: the count of current facts says
		// nothing of it, and the search is exact all the same.
		q.Filter.IncludeInvalid = true
		hits, err = s.VectorSearch(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) != 20 || !slices.ContainsFunc(hits, func(h core.Hit) bool { _, ok := current[h.UUID]; return !ok }) {
			t.Errorf("topic %d with history: %v, want 20 hits with superseded versions among them", topic, uuidsOf(hits))
		}
	}
}

// TestSupersededFactsScoredInMemory: with the table's index kept in
// memory, a search of the present over a mostly superseded memory scores
// the current facts alone, without asking the index or ranking in Kuzu,
// and answers exactly; a fact superseded since is left out and the one
// that superseded it found, its vector fresh from the commit; a search of
// history still goes through the index.
func TestSupersededFactsScoredInMemory(t *testing.T) {
	ctx := context.Background()
	const dim, topics, versions = 8, 100, 25
	s, t0 := pairStore(t, dim, 100)
	centre, current, facts := restated(t0, dim, topics, versions)
	if err := s.Apply(ctx, core.Change{Facts: facts}); err != nil {
		t.Fatal(err)
	}
	if !s.indexedForTest(core.ScopeFacts) {
		t.Fatal("no fact index")
	}
	search := func(q core.SearchQuery) (hits []core.Hit, inMemory, exact int64) {
		t.Helper()
		c, e := s.stats.currentRanks.Load(), s.stats.exactRanks.Load()
		hits, err := s.VectorSearch(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		return hits, s.stats.currentRanks.Load() - c, s.stats.exactRanks.Load() - e
	}
	for _, topic := range []int{0, 41, 63, 99} {
		q := core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g"}, Vector: centre[topic], Limit: 20}
		hits, inMemory, exact := search(q)
		if want := bestOf(current, centre[topic], 20); !cmp.Equal(uuidsOf(hits), want) {
			t.Errorf("topic %d: %v, want the best current facts %v", topic, uuidsOf(hits), want)
		}
		if inMemory != 1 || exact != 0 {
			t.Errorf("topic %d: %d scorings of current vectors and %d rankings in Kuzu, want 1 and 0", topic, inMemory, exact)
		}
		q.Filter.IncludeInvalid = true
		if hits, inMemory, _ = search(q); inMemory != 0 || len(hits) != 20 {
			t.Errorf("topic %d with history: %d hits, %d scorings of current vectors; want 20 through the index", topic, len(hits), inMemory)
		}
	}
	// Topic 41 is restated once more: its last version is superseded.
	old := fmt.Sprintf("t041-v%02d", versions-1)
	got, err := s.Facts(ctx, []string{"g"}, []string{old}, core.GetOptions{})
	if err != nil || len(got) != 1 {
		t.Fatalf("read %s: %v, %v", old, got, err)
	}
	f := got[0]
	at := t0.Add(time.Duration(versions) * time.Hour)
	f.ExpiredAt, f.InvalidAt, f.InvalidatedBy = at, at, "t041-new"
	next := core.Fact{UUID: "t041-new", GroupID: "g", Relation: "KNOWS", Text: "topic 41, restated", SourceUUID: "a", TargetUUID: "b",
		CreatedAt: at, Embedding: centre[41], Episodes: []string{"e"}}
	if err := s.Apply(ctx, core.Change{Facts: []core.Fact{f, next}}); err != nil {
		t.Fatal(err)
	}
	delete(current, old)
	current[next.UUID] = next.Embedding
	hits, _, _ := search(core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g"}, Vector: centre[41], Limit: 20})
	if want := bestOf(current, centre[41], 20); !cmp.Equal(uuidsOf(hits), want) || hits[0].UUID != next.UUID {
		t.Errorf("after restating topic 41: %v, want %v, the new version first", uuidsOf(hits), want)
	}
}

// TestArchivedFactsRankedToThePage: evolution archives most of a
// long-lived memory's facts. The first depth of a search of the present
// is what a page and half again needs at the share active, not the
// default depth scaled by it (which ranked five times deeper than an
// evolved memory's page needed), and the answer is exact all the same.
func TestArchivedFactsRankedToThePage(t *testing.T) {
	ctx := context.Background()
	const dim, n, limit = 8, 1000, 10
	s, t0 := pairStore(t, dim, -1)
	rng := rand.New(rand.NewPCG(11, 38))
	randVec := func() []float32 {
		v := make([]float32, dim)
		for d := range v {
			v[d] = float32(rng.NormFloat64())
		}
		return v
	}
	active := map[string][]float32{}
	var facts []core.Fact
	for i := range n {
		f := core.Fact{UUID: fmt.Sprintf("f%04d", i), GroupID: "g", Relation: "KNOWS", Text: fmt.Sprintf("fact %d", i),
			SourceUUID: "a", TargetUUID: "b", CreatedAt: t0, Embedding: randVec(), Episodes: []string{"e"}}
		if i%10 == 0 {
			active[f.UUID] = f.Embedding
		} else {
			f.ArchivedAt = t0.Add(time.Hour)
		}
		facts = append(facts, f)
	}
	if err := s.Apply(ctx, core.Change{Facts: facts}); err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		q := core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g"}, Vector: randVec(), Limit: limit}
		if got, want := s.firstDepth(q, n), limit*3/2*n/len(active); got != want {
			t.Errorf("query %d: the first depth is %d of %d facts, %d active; want %d, a page and half again at that share", i, got, n, len(active), want)
		}
		hits, err := s.VectorSearch(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if want := bestOf(active, q.Vector, limit); !cmp.Equal(uuidsOf(hits), want) {
			t.Errorf("query %d: %v, want the best active facts %v", i, uuidsOf(hits), want)
		}
		// History and archive keep every fact: no depth from the count.
		q.Filter.IncludeArchived = true
		if got := s.firstDepth(q, n); got != 0 {
			t.Errorf("query %d with the archive: first depth %d, want 0 (the default)", i, got)
		}
	}
}

// TestLaterRoundsReadOnlyNewRows: when a round of an exact search keeps
// less than a page (a filter of the past, which the count of current
// facts says nothing of), the next round returns only the rows after the
// last one seen, in the same order: the answer is exact, and ranking a
// whole group reads each of its rows once.
func TestLaterRoundsReadOnlyNewRows(t *testing.T) {
	ctx := context.Background()
	const dim, topics, versions = 8, 100, 25
	s, t0 := pairStore(t, dim, -1)
	centre, _, facts := restated(t0, dim, topics, versions)
	if err := s.Apply(ctx, core.Change{Facts: facts}); err != nil {
		t.Fatal(err)
	}
	// Half an hour in, mnemo knew the first version of each topic.
	first := map[string][]float32{}
	for _, f := range facts {
		if f.CreatedAt.Equal(t0) {
			first[f.UUID] = f.Embedding
		}
	}
	search := func(q core.SearchQuery) (hits []core.Hit, rounds, rows int64) {
		t.Helper()
		r, n := s.stats.exactRanks.Load(), s.stats.exactRows.Load()
		hits, err := s.VectorSearch(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		return hits, s.stats.exactRanks.Load() - r, s.stats.exactRows.Load() - n
	}
	for _, topic := range []int{3, 50, 97} {
		q := core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g"}, Vector: centre[topic], Limit: 20,
			Filter: core.Filter{KnownAt: t0.Add(30 * time.Minute)}}
		hits, rounds, _ := search(q)
		if want := bestOf(first, centre[topic], 20); !cmp.Equal(uuidsOf(hits), want) {
			t.Errorf("topic %d known at half an hour: %v, want %v", topic, uuidsOf(hits), want)
		}
		if rounds < 2 {
			t.Errorf("topic %d known at half an hour: %d round, want more (the test needs a first round short of a page)", topic, rounds)
		}
		// Known before anything was: every row ranked (at any
		// similarity), none kept.
		q.Filter.KnownAt, q.MinScore = t0.Add(-time.Hour), -1
		hits, rounds, rows := search(q)
		if len(hits) != 0 || rounds < 2 || rows != topics*versions {
			t.Errorf("topic %d known before the first fact: %d hits in %d rounds reading %d rows, want none in several rounds reading each of the %d rows once",
				topic, len(hits), rounds, rows, topics*versions)
		}
	}
}

// restated returns the facts of a memory that restated each of topics
// facts versions times, each version near its topic's centre and
// superseded by the next, with the centres and the current versions'
// vectors.
func restated(t0 time.Time, dim, topics, versions int) (centre [][]float32, current map[string][]float32, facts []core.Fact) {
	rng := rand.New(rand.NewPCG(7, 38))
	centre = make([][]float32, topics)
	for i := range centre {
		centre[i] = make([]float32, dim)
		for d := range centre[i] {
			centre[i][d] = float32(rng.NormFloat64())
		}
	}
	near := func(c []float32) []float32 {
		v := slices.Clone(c)
		for d := range v {
			v[d] += float32(0.05 * rng.NormFloat64())
		}
		return v
	}
	current = map[string][]float32{}
	for i := range topics {
		for v := range versions {
			f := core.Fact{UUID: fmt.Sprintf("t%03d-v%02d", i, v), GroupID: "g", Relation: "KNOWS", Text: fmt.Sprintf("topic %d, version %d", i, v),
				SourceUUID: "a", TargetUUID: "b", CreatedAt: t0.Add(time.Duration(v) * time.Hour), Embedding: near(centre[i]), Episodes: []string{"e"}}
			if v < versions-1 {
				f.ExpiredAt, f.InvalidAt = t0.Add(time.Duration(v+1)*time.Hour), t0.Add(time.Duration(v+1)*time.Hour)
				f.InvalidatedBy = fmt.Sprintf("t%03d-v%02d", i, v+1)
			} else {
				current[f.UUID] = f.Embedding
			}
			facts = append(facts, f)
		}
	}
	return centre, current, facts
}

// pairStore opens a store of dim-dimension vectors, with group g holding
// episode e and the entities a (Ann) and b (Bo) that the tests' facts
// join; t0 is when they were made. From indexAt vectors a table has an
// index in memory, searched from one vector on; -1: none, every search
// ranks exactly.
func pairStore(t *testing.T, dim, indexAt int) (*Store, time.Time) {
	t.Helper()
	ctx := context.Background()
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: dim, BufferPoolBytes: 128 << 20, VectorIndexAt: indexAt, ExactSearchBelow: min(indexAt, 0) + 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(ctx) })
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	if _, err := s.AddEpisodes(ctx, []core.Episode{{UUID: "e", GroupID: "g", Source: core.SourceText, Content: "Ann and Bo", ValidAt: t0, CreatedAt: t0}}); err != nil {
		t.Fatal(err)
	}
	ents := []core.Entity{{UUID: "a", GroupID: "g", Name: "Ann", CreatedAt: t0}, {UUID: "b", GroupID: "g", Name: "Bo", CreatedAt: t0}}
	if err := s.Apply(ctx, core.Change{Entities: ents}); err != nil {
		t.Fatal(err)
	}
	return s, t0
}

func uuidsOf(hits []core.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.UUID
	}
	return out
}

// bestOf returns the n ids of vecs most similar to q by cosine, best first.
func bestOf(vecs map[string][]float32, q []float32, n int) []string {
	type scored struct {
		id string
		s  float64
	}
	var all []scored
	for id, v := range vecs {
		var dot, a, b float64
		for i := range v {
			dot += float64(v[i]) * float64(q[i])
			a += float64(v[i]) * float64(v[i])
			b += float64(q[i]) * float64(q[i])
		}
		all = append(all, scored{id, dot / math.Sqrt(a*b)})
	}
	slices.SortFunc(all, func(x, y scored) int {
		if x.s != y.s {
			if x.s > y.s {
				return -1
			}
			return 1
		}
		return 0
	})
	var out []string
	for _, x := range all[:min(n, len(all))] {
		out = append(out, x.id)
	}
	return out
}

func TestDeeper(t *testing.T) {
	for _, tc := range []struct{ m, got, limit, want int }{
		{1000, 0, 10, 8000},  // nothing kept: eight times deeper
		{1000, 8, 20, 3750},  // 8 of 1000 kept near the query: enough for 20 and half again
		{1000, 15, 20, 2000}, // nearly a page: at least twice as deep
		{64, 1, 10, 960},     // one in 64
	} {
		if got := deeper(tc.m, tc.got, tc.limit); got != tc.want {
			t.Errorf("deeper(%d, %d, %d) = %d, want %d", tc.m, tc.got, tc.limit, got, tc.want)
		}
	}
}
