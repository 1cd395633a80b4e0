package storetest

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// MinDimension is the smallest embedding dimension the suite works with:
// its fixtures give objects orthogonal vectors along distinct axes.
const MinDimension = 16

// Run runs the conformance suite, one sub-test per rule set, each on its
// own store. open is called inside the sub-test: it returns a fresh, empty
// store whose Dimension is at least MinDimension, arranges for it to be
// closed when the sub-test ends, and may skip the sub-test by name.
func Run(t *testing.T, open func(t *testing.T) core.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s core.Store)
	}{
		{"RoundTrip/Episodes", testRoundTripEpisodes},
		{"RoundTrip/Entities", testRoundTripEntities},
		{"RoundTrip/Facts", testRoundTripFacts},
		{"RoundTrip/Communities", testRoundTripCommunities},
		{"RoundTrip/Mentions", testRoundTripMentions},
		{"AddEpisodes/Idempotent", testAddEpisodesIdempotent},
		{"AddEpisodes/Conflict", testAddEpisodesConflict},
		{"AddEpisodes/Invalid", testAddEpisodesInvalid},
		{"Apply/UpdateEpisodes", testApplyUpdateEpisodes},
		{"Apply/ReplaceEntity", testApplyReplaceEntity},
		{"Apply/ReplaceFact", testApplyReplaceFact},
		{"Apply/ReplaceCommunity", testApplyReplaceCommunity},
		{"Apply/Atomic", testApplyAtomic},
		{"Apply/OtherGroupsObjects", testApplyOtherGroup},
		{"NotFound", testNotFound},
		{"Tenancy/Reads", testTenancyReads},
		{"Tenancy/Searches", testTenancySearches},
		{"Tenancy/SameEpisodeUUID", testSameEpisodeUUID},
		{"Temporal/ListFacts", testTemporalListFacts},
		{"Temporal/Searches", testTemporalSearches},
		{"Temporal/TimeConditions", testTimeConditions},
		{"Filter/Labels", testFilterLabels},
		{"Filter/Agreement", testFilterAgreement},
		{"FactsBetween", testFactsBetween},
		{"FactsOfEntities", testFactsOfEntities},
		{"FactHistoryOfEntities", testFactHistoryOfEntities},
		{"EntitiesByName", testEntitiesByName},
		{"EntityNames", testEntityNames},
		{"Provenance", testProvenance},
		{"EntityGraph", testEntityGraph},
		{"FactsInvalidatedBy", testFactsInvalidatedBy},
		{"EntityReferences", testEntityReferences},
		{"Delete/Facts", testDeleteFacts},
		{"Delete/Episodes", testDeleteEpisodes},
		{"Delete/Entities", testDeleteEntities},
		{"Delete/Group", testDeleteGroup},
		{"Delete/ForgetChange", testForgetChange},
		{"Paging/Entities", testPagingEntities},
		{"Paging/Facts", testPagingFacts},
		{"Paging/Communities", testPagingCommunities},
		{"Paging/DefaultLimit", testPagingDefaultLimit},
		{"Queue/Order", testQueueOrder},
		{"Stats", testStats},
		{"ListEmbeddings", testListEmbeddings},
		{"CallerOwnsResults", testCallerOwnsResults},
		{"Traverse", testTraverse},
		{"Traverse/EpisodeSeedsFiltered", testTraverseEpisodeSeeds},
		{"Concurrent", testConcurrent},
		{"Close", testClose},
		{"VectorSearch/Recall", testVectorRecall},
		{"VectorSearch/MinScore", testVectorMinScore},
		{"VectorSearch/Scopes", testVectorScopes},
		{"VectorSearch/ExactTopK", testExactTopK},
		{"TextSearch", testTextSearch},
		{"Records", testRecords},
		{"Merge/Unmerge", testMergeUnmerge},
		{"Archive", testArchive},
		{"Quarantine", testQuarantine},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			if d := s.Dimension(); d < MinDimension {
				t.Fatalf("Dimension() = %d: the suite needs at least %d", d, MinDimension)
			}
			tc.fn(t, s)
		})
	}
}

// Groups used by the suite.
const (
	groupA = "tenant-a"
	groupB = "tenant-b"
)

// Fixed times: system times (when mnemo learned things) on one day of 2024,
// event times (when things were true) in earlier years.
var (
	c1  = time.Date(2024, 3, 1, 9, 30, 0, 123456000, time.UTC)
	c2  = c1.Add(time.Hour)
	c3  = c1.Add(2 * time.Hour)
	now = c1.Add(3 * time.Hour)

	y2019  = time.Date(2019, 6, 1, 0, 0, 0, 0, time.UTC)
	y2020  = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	y2021  = time.Date(2021, 6, 1, 0, 0, 0, 0, time.UTC)
	y2022  = time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC)
	y2023  = time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)
	y2023m = time.Date(2023, 6, 1, 0, 0, 0, 0, time.UTC)
)

// axis returns a unit vector of dimension d along axis i, tilted by tilt
// radians towards axis i+1.
func axis(d, i int, tilt float64) []float32 {
	v := make([]float32, d)
	v[i%d] = float32(math.Cos(tilt))
	v[(i+1)%d] += float32(math.Sin(tilt))
	return v
}

// rng is a splitmix64 generator: deterministic data without math/rand.
type rng uint64

func (r *rng) next() uint64 {
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// vec returns a deterministic vector with components in [-1, 1).
func (r *rng) vec(d int) []float32 {
	v := make([]float32, d)
	for i := range v {
		v[i] = float32(r.next()>>11)/float32(1<<53)*2 - 1
	}
	return v
}

// world names the objects of the fixture of one group.
type world struct {
	g                             string
	e1, e2, e3                    string
	alice, acme, paris, bob, beta string
	f1, f2, f3, f4                string
	c1                            string
	eps                           []core.Episode
	ents                          []core.Entity
	facts                         []core.Fact
	comm                          core.Community
	factVec, entVec, epVec        map[string][]float32
}

// fixture is the graph of one group, its uuids prefixed by the group:
//
//   - episodes e1 (done), e2 (failed) and e3 (pending), known at c1, c2
//     and c3;
//   - entities Alice Smith and Bob (Person), Acme Corp (Org, Company),
//     Paris (Place), Beta Industries (Org), in creation order n1..n5;
//   - f1 Alice WORKS_AT Acme from 2020, learned at c1, ended in 2023 and
//     expired at c3 by f4 (stated open-ended); stated by e1;
//   - f2 Alice LIVES_IN Paris from 2019, learned at c1, current; stated by
//     e1 and e2;
//   - f3 Bob KNOWS Alice, start unknown, stated ended in 2022, learned at
//     c2, never expired; stated by e2;
//   - f4 Alice WORKS_AT Beta from 2023, learned at c3, current; stated by
//     e3;
//   - community c1 of Alice and Paris.
//
// Valid now (at now): f2, f4. Every fact's text mentions Alice. Every
// object has a unit embedding along its own axis within its scope.
func fixture(d int, g string) world {
	w := world{g: g,
		e1: g + "-e1", e2: g + "-e2", e3: g + "-e3",
		alice: g + "-n1", acme: g + "-n2", paris: g + "-n3", bob: g + "-n4", beta: g + "-n5",
		f1: g + "-f1", f2: g + "-f2", f3: g + "-f3", f4: g + "-f4",
		c1: g + "-c1",
	}
	ep := func(id, content string, created time.Time) core.Episode {
		return core.Episode{UUID: id, GroupID: g, Name: id + " name", Source: core.SourceMessage, SourceDescription: "chat",
			Content: content, ValidAt: created.Add(-10 * time.Minute), CreatedAt: created}
	}
	w.eps = []core.Episode{
		ep(w.e1, "Alice: I work at Acme and live in Paris", c1),
		ep(w.e2, "Bob: Alice and I were friends until 2022; she lives in Paris", c2),
		ep(w.e3, "Alice: I joined Globex spinoff Beta Industries", c3),
	}
	w.epVec = map[string][]float32{}
	for i := range w.eps {
		w.eps[i].Embedding = axis(d, 2*i, 0)
		w.epVec[w.eps[i].UUID] = w.eps[i].Embedding
	}
	ent := func(id, name string, created time.Time, labels ...string) core.Entity {
		return core.Entity{UUID: id, GroupID: g, Name: name, Labels: labels, Summary: name + " is known to the tenant", CreatedAt: created}
	}
	w.ents = []core.Entity{
		ent(w.alice, "Alice Smith", c1, "Person"),
		ent(w.acme, "Acme Corp", c1.Add(time.Minute), "Org", "Company"),
		ent(w.paris, "Paris", c1.Add(2*time.Minute), "Place"),
		ent(w.bob, "Bob", c2, "Person"),
		ent(w.beta, "Beta Industries", c3, "Org"),
	}
	w.entVec = map[string][]float32{}
	for i := range w.ents {
		w.ents[i].NameEmbedding = axis(d, 1+2*i, 0)
		w.entVec[w.ents[i].UUID] = w.ents[i].NameEmbedding
	}
	w.ents[0].Attributes = map[string]any{"age": float64(41)}
	fact := func(id, src, rel, tgt, text string, created time.Time, eps ...string) core.Fact {
		return core.Fact{UUID: id, GroupID: g, Relation: rel, Text: text, SourceUUID: src, TargetUUID: tgt, CreatedAt: created, Episodes: eps}
	}
	f1 := fact(w.f1, w.alice, "WORKS_AT", w.acme, "Alice Smith works at Acme", c1, w.e1)
	f1.ValidAt, f1.InvalidAt, f1.ExpiredAt, f1.InvalidatedBy = y2020, y2023, c3, w.f4
	f2 := fact(w.f2, w.alice, "LIVES_IN", w.paris, "Alice lives in Paris", c1, w.e2, w.e1)
	f2.ValidAt = y2019
	f3 := fact(w.f3, w.bob, "KNOWS", w.alice, "Bob and Alice were friends", c2, w.e2)
	f3.InvalidAt, f3.StatedInvalidAt = y2022, y2022
	f4 := fact(w.f4, w.alice, "WORKS_AT", w.beta, "Alice works at Beta Industries", c3, w.e3)
	f4.ValidAt = y2023
	w.facts = []core.Fact{f1, f2, f3, f4}
	w.factVec = map[string][]float32{}
	for i := range w.facts {
		w.facts[i].Embedding = axis(d, 11+i, 0)
		w.factVec[w.facts[i].UUID] = w.facts[i].Embedding
	}
	w.comm = core.Community{UUID: w.c1, GroupID: g, Name: "Alice in Paris", Summary: "Alice Smith lives in Paris",
		NameEmbedding: axis(d, 15, 0), Members: []string{w.paris, w.alice}, CreatedAt: c3}
	return w
}

// seed writes the fixture of group g and returns it.
func seed(t *testing.T, s core.Store, g string) world {
	t.Helper()
	ctx := t.Context()
	w := fixture(s.Dimension(), g)
	if _, err := s.AddEpisodes(ctx, w.eps); err != nil {
		t.Fatalf("AddEpisodes(%s): %v", g, err)
	}
	done, failed := w.eps[0], w.eps[1]
	done.Status = core.EpisodeDone
	failed.Status, failed.Attempts, failed.Error = core.EpisodeFailed, 3, "extraction failed"
	err := s.Apply(ctx, core.Change{
		Episodes: []core.Episode{done, failed},
		Entities: w.ents,
		Facts:    w.facts,
		Mentions: []core.Mention{
			{Episode: w.e1, Entity: w.alice}, {Episode: w.e1, Entity: w.acme}, {Episode: w.e1, Entity: w.paris},
			{Episode: w.e2, Entity: w.alice}, {Episode: w.e2, Entity: w.bob}, {Episode: w.e2, Entity: w.paris},
			{Episode: w.e3, Entity: w.alice}, {Episode: w.e3, Entity: w.beta},
		},
		Communities: []core.Community{w.comm},
	})
	if err != nil {
		t.Fatalf("Apply(%s): %v", g, err)
	}
	return w
}

// episode reads one episode through Episodes: ErrNotFound when the groups
// do not hold it.
func episode(ctx context.Context, s core.Store, groups []string, uuid string) (core.Episode, error) {
	eps, err := s.Episodes(ctx, groups, []string{uuid}, core.GetOptions{})
	if err != nil {
		return core.Episode{}, err
	}
	if len(eps) == 0 {
		return core.Episode{}, fmt.Errorf("episode %s: %w", uuid, core.ErrNotFound)
	}
	return eps[0], nil
}

// seedBoth seeds groups A and B with the same graph.
func seedBoth(t *testing.T, s core.Store) (a, b world) {
	return seed(t, s, groupA), seed(t, s, groupB)
}
