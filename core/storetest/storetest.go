package storetest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"mnemo/core"
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
		{"Temporal/ListFacts", testTemporalListFacts},
		{"Temporal/Searches", testTemporalSearches},
		{"Temporal/TimeConditions", testTimeConditions},
		{"Filter/Labels", testFilterLabels},
		{"Filter/Agreement", testFilterAgreement},
		{"FactsBetween", testFactsBetween},
		{"FactsOfEntities", testFactsOfEntities},
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
		{"TextSearch", testTextSearch},
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

func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	return dot / math.Sqrt(na*nb)
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

// ---- comparison helpers ----

// micro is what a store keeps of a time: UTC, to the microsecond.
func micro(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.Truncate(time.Microsecond).UTC()
}

func sameVec(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(float64(a[i]-b[i])) > 1e-6*math.Max(1, math.Abs(float64(a[i]))) {
			return false
		}
	}
	return true
}

// empty maps and slices compare equal to nil: the suite does not pin down
// which a store returns.
func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

func nilMap(m map[string]any) map[string]any {
	if len(m) == 0 {
		return nil
	}
	return m
}

func normEpisode(e core.Episode) core.Episode {
	e.ValidAt, e.CreatedAt = micro(e.ValidAt), micro(e.CreatedAt)
	e.Warnings = nilIfEmpty(e.Warnings)
	e.Embedding = nil
	return e
}

func normEntity(e core.Entity) core.Entity {
	e.CreatedAt = micro(e.CreatedAt)
	e.Labels = nilIfEmpty(e.Labels)
	e.Attributes = nilMap(e.Attributes)
	e.NameEmbedding = nil
	return e
}

func normFact(f core.Fact) core.Fact {
	f.ValidAt, f.InvalidAt, f.CreatedAt, f.ExpiredAt, f.StatedInvalidAt = micro(f.ValidAt), micro(f.InvalidAt), micro(f.CreatedAt), micro(f.ExpiredAt), micro(f.StatedInvalidAt)
	f.Episodes = nilIfEmpty(f.Episodes)
	f.Attributes = nilMap(f.Attributes)
	f.Embedding = nil
	return f
}

func normCommunity(c core.Community) core.Community {
	c.CreatedAt = micro(c.CreatedAt)
	c.Members = nilIfEmpty(slices.Sorted(slices.Values(c.Members)))
	c.NameEmbedding = nil
	return c
}

func check(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}

func must(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func wantErr(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Errorf("%s: error %v, want %v", what, err, target)
	}
}

func sorted(ids []string) []string {
	return nilIfEmpty(slices.Sorted(slices.Values(ids)))
}

func uuidsOf[T any](items []T, id func(T) string) []string {
	var out []string
	for _, x := range items {
		out = append(out, id(x))
	}
	return out
}

func epIDs(eps []core.Episode) []string {
	return uuidsOf(eps, func(e core.Episode) string { return e.UUID })
}
func entIDs(es []core.Entity) []string {
	return uuidsOf(es, func(e core.Entity) string { return e.UUID })
}
func factIDs(fs []core.Fact) []string { return uuidsOf(fs, func(f core.Fact) string { return f.UUID }) }
func commIDs(cs []core.Community) []string {
	return uuidsOf(cs, func(c core.Community) string { return c.UUID })
}
func hitIDs(hs []core.Hit) []string { return uuidsOf(hs, func(h core.Hit) string { return h.UUID }) }

func getFact(t *testing.T, s core.Store, g, id string) core.Fact {
	t.Helper()
	fs, err := s.Facts(t.Context(), []string{g}, []string{id}, core.GetOptions{})
	must(t, "Facts", err)
	if len(fs) != 1 {
		t.Fatalf("Facts(%s) = %d facts, want 1", id, len(fs))
	}
	return fs[0]
}

// listAll pages through a listing with page size limit and checks that
// every page but the last is full and the last has no cursor.
func listAll[T any](t *testing.T, limit int, list func(core.ListOptions) (core.Page[T], error), opts core.ListOptions) []T {
	t.Helper()
	var all []T
	opts.Limit = limit
	for i := 0; ; i++ {
		if i > 1000 {
			t.Fatalf("listing does not end")
		}
		p, err := list(opts)
		must(t, "list", err)
		all = append(all, p.Items...)
		if p.Next == "" {
			return all
		}
		if limit > 0 && len(p.Items) != limit {
			t.Errorf("page %d has %d items and a cursor; want full pages of %d", i, len(p.Items), limit)
		}
		if len(p.Items) == 0 {
			t.Fatalf("empty page %d with cursor %q", i, p.Next)
		}
		opts.Cursor = p.Next
	}
}

func listFacts(t *testing.T, s core.Store, g string, f core.Filter) []string {
	t.Helper()
	fs := listAll(t, 1000, func(o core.ListOptions) (core.Page[core.Fact], error) { return s.ListFacts(t.Context(), g, o) }, core.ListOptions{Filter: f})
	return factIDs(fs)
}

func allOfGroup(t *testing.T, what, g string, ids []string) {
	t.Helper()
	for _, id := range ids {
		if !strings.HasPrefix(id, g+"-") {
			t.Errorf("%s returned %s, an object of another group than %s", what, id, g)
		}
	}
}

// ---- round trips ----

func testRoundTripEpisodes(t *testing.T, s core.Store) {
	ctx := t.Context()
	cet := time.FixedZone("CET", 3600)
	d := s.Dimension()
	in := []core.Episode{
		{UUID: "rt-ep1", GroupID: groupA, Name: "first", Source: core.SourceText, SourceDescription: "a note",
			Content: "Alice moved to Paris.\nIt rained.", ValidAt: time.Date(2023, 5, 1, 10, 0, 0, 123456789, cet),
			CreatedAt: time.Date(2024, 1, 2, 3, 4, 5, 999999999, cet), Embedding: axis(d, 3, 0.3)},
		{UUID: "rt-ep2", GroupID: groupA, Name: "second", Source: core.SourceJSON,
			Content: `{"k": "v"}`, ValidAt: y2022, CreatedAt: c1},
	}
	created, err := s.AddEpisodes(ctx, in)
	must(t, "AddEpisodes", err)
	check(t, "created", created, []bool{true, true})
	got, err := s.Episodes(ctx, []string{groupA}, []string{"rt-ep2", "missing", "rt-ep1"}, core.GetOptions{Embeddings: true})
	must(t, "Episodes", err)
	if len(got) != 2 {
		t.Fatalf("Episodes = %v, want rt-ep2, rt-ep1", epIDs(got))
	}
	check(t, "order asked", epIDs(got), []string{"rt-ep2", "rt-ep1"})
	for i, want := range []core.Episode{in[1], in[0]} {
		want.Status = core.EpisodePending
		if !sameVec(got[i].Embedding, want.Embedding) {
			t.Errorf("episode %s embedding = %v, want %v", want.UUID, got[i].Embedding, want.Embedding)
		}
		if got[i].ValidAt.Location() != time.UTC || got[i].CreatedAt.Location() != time.UTC {
			t.Errorf("episode %s times are not in UTC: %v, %v", want.UUID, got[i].ValidAt, got[i].CreatedAt)
		}
		check(t, "episode "+want.UUID, normEpisode(got[i]), normEpisode(want))
		check(t, "episode "+want.UUID+" ValidAt", got[i].ValidAt, micro(want.ValidAt))
	}
	one, err := episode(ctx, s, []string{groupA}, "rt-ep1")
	must(t, "Episode", err)
	if one.Embedding != nil {
		t.Errorf("Episode returned an embedding it was not asked for")
	}
	check(t, "Episode", normEpisode(one), normEpisode(core.Episode{UUID: "rt-ep1", GroupID: groupA, Name: "first", Source: core.SourceText,
		SourceDescription: "a note", Content: in[0].Content, ValidAt: in[0].ValidAt, CreatedAt: in[0].CreatedAt, Status: core.EpisodePending}))
	plain, err := s.Episodes(ctx, []string{groupA}, []string{"rt-ep1"}, core.GetOptions{})
	must(t, "Episodes", err)
	if len(plain) != 1 || plain[0].Embedding != nil {
		t.Errorf("Episodes without Embeddings = %+v, want one episode without embedding", plain)
	}
}

func testRoundTripEntities(t *testing.T, s core.Store) {
	ctx := t.Context()
	d := s.Dimension()
	cet := time.FixedZone("CET", 3600)
	in := []core.Entity{
		{UUID: "rt-n1", GroupID: groupA, Name: "Alice Smith", Labels: []string{"Person", "Engineer"}, Summary: "Works on engines.",
			Attributes:    map[string]any{"title": "engineer", "level": float64(3), "remote": true, "tags": []any{"a", "b"}, "boss": map[string]any{"name": "Bob"}},
			NameEmbedding: axis(d, 2, 0.5), CreatedAt: time.Date(2024, 1, 2, 3, 4, 5, 678901234, cet)},
		{UUID: "rt-n2", GroupID: groupA, Name: "Paris", CreatedAt: c1},
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: in}))
	got, err := s.Entities(ctx, []string{groupA}, []string{"rt-n2", "nope", "rt-n1"}, core.GetOptions{Embeddings: true})
	must(t, "Entities", err)
	check(t, "Entities order", entIDs(got), []string{"rt-n2", "rt-n1"})
	if len(got) != 2 {
		t.FailNow()
	}
	check(t, "entity rt-n1", normEntity(got[1]), normEntity(in[0]))
	check(t, "entity rt-n2", normEntity(got[0]), normEntity(in[1]))
	check(t, "entity rt-n1 CreatedAt", got[1].CreatedAt, micro(in[0].CreatedAt))
	if !sameVec(got[1].NameEmbedding, in[0].NameEmbedding) {
		t.Errorf("rt-n1 embedding = %v, want %v", got[1].NameEmbedding, in[0].NameEmbedding)
	}
	if got[0].NameEmbedding != nil {
		t.Errorf("rt-n2 was written without embedding, read %v", got[0].NameEmbedding)
	}
	plain, err := s.Entities(ctx, []string{groupA}, []string{"rt-n1"}, core.GetOptions{})
	must(t, "Entities", err)
	if len(plain) != 1 || plain[0].NameEmbedding != nil {
		t.Errorf("Entities without Embeddings = %+v, want one entity without embedding", plain)
	}
	page, err := s.ListEntities(ctx, groupA, core.ListOptions{Embeddings: true})
	must(t, "ListEntities", err)
	if len(page.Items) != 2 || !sameVec(page.Items[0].NameEmbedding, in[0].NameEmbedding) {
		t.Errorf("ListEntities with Embeddings = %+v", page.Items)
	}
}

func testRoundTripFacts(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := seed(t, s, groupA)
	got, err := s.Facts(ctx, []string{groupA}, []string{w.f4, w.f3, "nope", w.f2, w.f1}, core.GetOptions{Embeddings: true})
	must(t, "Facts", err)
	check(t, "Facts order (expired and ended ones included)", factIDs(got), []string{w.f4, w.f3, w.f2, w.f1})
	byID := map[string]core.Fact{}
	for _, f := range got {
		byID[f.UUID] = f
	}
	for _, want := range w.facts {
		f := byID[want.UUID]
		if !sameVec(f.Embedding, want.Embedding) {
			t.Errorf("fact %s embedding = %v, want %v", want.UUID, f.Embedding, want.Embedding)
		}
		want = normFact(want)
		if want.UUID == w.f2 {
			want.Episodes = []string{w.e1, w.e2} // oldest first
		}
		check(t, "fact "+want.UUID, normFact(f), want)
	}
	// Attributes and event times with sub-microsecond parts.
	cet := time.FixedZone("CET", 3600)
	x := core.Fact{UUID: "rt-f9", GroupID: groupA, Relation: "MET", Text: "Alice met Bob", SourceUUID: w.alice, TargetUUID: w.bob,
		Attributes: map[string]any{"where": "Lyon", "n": float64(2)}, ValidAt: time.Date(2021, 2, 3, 4, 5, 6, 7008009, cet),
		InvalidAt: time.Date(2021, 2, 4, 0, 0, 0, 1500, cet), StatedInvalidAt: time.Date(2021, 2, 4, 0, 0, 0, 1500, cet),
		CreatedAt: time.Date(2024, 3, 1, 0, 0, 0, 999, cet), Episodes: []string{w.e3}}
	must(t, "Apply", s.Apply(ctx, core.Change{Facts: []core.Fact{x}}))
	f := getFact(t, s, groupA, x.UUID)
	check(t, "fact rt-f9", normFact(f), normFact(x))
	check(t, "fact rt-f9 ValidAt", f.ValidAt, micro(x.ValidAt))
	if f.Embedding != nil {
		t.Errorf("fact read without Embeddings has embedding %v", f.Embedding)
	}
}

func testRoundTripCommunities(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := seed(t, s, groupA)
	got, err := s.Communities(ctx, []string{groupA}, []string{w.c1, "nope"}, core.GetOptions{Embeddings: true})
	must(t, "Communities", err)
	if len(got) != 1 {
		t.Fatalf("Communities = %v, want %s", commIDs(got), w.c1)
	}
	check(t, "community", normCommunity(got[0]), normCommunity(w.comm))
	if !sameVec(got[0].NameEmbedding, w.comm.NameEmbedding) {
		t.Errorf("community embedding = %v, want %v", got[0].NameEmbedding, w.comm.NameEmbedding)
	}
	page, err := s.ListCommunities(ctx, groupA, core.ListOptions{})
	must(t, "ListCommunities", err)
	if len(page.Items) != 1 {
		t.Fatalf("ListCommunities = %v", commIDs(page.Items))
	}
	check(t, "listed community", normCommunity(page.Items[0]), normCommunity(w.comm))
	of, err := s.CommunitiesOf(ctx, groupA, []string{w.alice, w.paris, w.bob, "nope"})
	must(t, "CommunitiesOf", err)
	check(t, "CommunitiesOf", of, map[string]string{w.alice: w.c1, w.paris: w.c1})
}

func testRoundTripMentions(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := seed(t, s, groupA)
	l, err := s.EpisodeLinks(ctx, []string{groupA}, w.e1)
	must(t, "EpisodeLinks", err)
	check(t, "e1 entities", sorted(l.Entities), []string{w.alice, w.acme, w.paris})
	check(t, "e1 facts", sorted(l.Facts), []string{w.f1, w.f2})
	l, err = s.EpisodeLinks(ctx, []string{groupA}, w.e2)
	must(t, "EpisodeLinks", err)
	check(t, "e2 entities", sorted(l.Entities), []string{w.alice, w.paris, w.bob})
	check(t, "e2 facts", sorted(l.Facts), []string{w.f2, w.f3})
	// A mention added later, in a change that names only its group.
	must(t, "Apply", s.Apply(ctx, core.Change{Group: groupA, Mentions: []core.Mention{{Episode: w.e3, Entity: w.paris}}}))
	l, err = s.EpisodeLinks(ctx, []string{groupA}, w.e3)
	must(t, "EpisodeLinks", err)
	check(t, "e3 entities", sorted(l.Entities), []string{w.alice, w.paris, w.beta})
}

// ---- AddEpisodes ----

func testAddEpisodesIdempotent(t *testing.T, s core.Store) {
	ctx := t.Context()
	a := core.Episode{UUID: "ep-a", GroupID: groupA, Name: "a", Source: core.SourceMessage, Content: "Alice: hi", ValidAt: y2022, CreatedAt: c1}
	b := core.Episode{UUID: "ep-b", GroupID: groupA, Name: "b", Source: core.SourceText, Content: "A note.", ValidAt: y2023, CreatedAt: c1}
	created, err := s.AddEpisodes(ctx, []core.Episode{a})
	must(t, "AddEpisodes", err)
	check(t, "created", created, []bool{true})
	// Re-sent with other name, description, status and creation time, and
	// the reference time in another zone: the same episode.
	again := a
	again.Name, again.SourceDescription, again.CreatedAt, again.Status = "renamed", "other", c3, core.EpisodeDone
	again.ValidAt = a.ValidAt.In(time.FixedZone("X", -5*3600))
	created, err = s.AddEpisodes(ctx, []core.Episode{again, b})
	must(t, "AddEpisodes again", err)
	check(t, "created again", created, []bool{false, true})
	got, err := episode(ctx, s, []string{groupA}, "ep-a")
	must(t, "Episode", err)
	want := a
	want.Status = core.EpisodePending
	check(t, "re-sent episode is unchanged", normEpisode(got), normEpisode(want))
	st, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	if st.Episodes != 2 || st.PendingEpisodes != 2 {
		t.Errorf("Stats = %+v, want 2 pending episodes", st)
	}
	// New episodes are stored pending whatever status they carry.
	c := core.Episode{UUID: "ep-c", GroupID: groupA, Source: core.SourceText, Content: "done?", ValidAt: y2023, CreatedAt: c1, Status: core.EpisodeDone}
	_, err = s.AddEpisodes(ctx, []core.Episode{c})
	must(t, "AddEpisodes", err)
	got, err = episode(ctx, s, []string{groupA}, "ep-c")
	must(t, "Episode", err)
	check(t, "status of a new episode", got.Status, core.EpisodePending)
}

func testAddEpisodesConflict(t *testing.T, s core.Store) {
	ctx := t.Context()
	a := core.Episode{UUID: "ep-a", GroupID: groupA, Source: core.SourceMessage, Content: "Alice: hi", ValidAt: y2022, CreatedAt: c1}
	_, err := s.AddEpisodes(ctx, []core.Episode{a})
	must(t, "AddEpisodes", err)
	fresh := core.Episode{UUID: "ep-fresh", GroupID: groupA, Source: core.SourceText, Content: "new", ValidAt: y2022, CreatedAt: c1}
	for name, change := range map[string]func(*core.Episode){
		"content":        func(e *core.Episode) { e.Content = "Alice: bye" },
		"source":         func(e *core.Episode) { e.Source = core.SourceText },
		"reference time": func(e *core.Episode) { e.ValidAt = e.ValidAt.Add(time.Second) },
		"group":          func(e *core.Episode) { e.GroupID = groupB },
	} {
		other := a
		change(&other)
		_, err := s.AddEpisodes(ctx, []core.Episode{fresh, other})
		wantErr(t, "re-sending with another "+name, err, core.ErrConflict)
		if _, err := episode(ctx, s, []string{groupA, groupB}, fresh.UUID); !errors.Is(err, core.ErrNotFound) {
			t.Errorf("after a conflict on %s, the rest of the batch was stored (Episode: %v)", name, err)
		}
	}
	if _, err := episode(ctx, s, []string{groupB}, a.UUID); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("episode %s reads in group B after a conflicting add: %v", a.UUID, err)
	}
	got, err := episode(ctx, s, []string{groupA}, a.UUID)
	must(t, "Episode", err)
	check(t, "content after conflicts", got.Content, a.Content)
}

func testAddEpisodesInvalid(t *testing.T, s core.Store) {
	ctx := t.Context()
	ok := core.Episode{UUID: "ep-ok", GroupID: groupA, Source: core.SourceText, Content: "fine", ValidAt: y2022, CreatedAt: c1}
	for name, change := range map[string]func(*core.Episode){
		"no uuid":           func(e *core.Episode) { e.UUID = "" },
		"no creation time":  func(e *core.Episode) { e.CreatedAt = time.Time{} },
		"no reference time": func(e *core.Episode) { e.ValidAt = time.Time{} },
		"empty content":     func(e *core.Episode) { e.Content = "  " },
		"bad source":        func(e *core.Episode) { e.Source = "video" },
		"bad group":         func(e *core.Episode) { e.GroupID = "a b" },
		"bad uuid":          func(e *core.Episode) { e.UUID = "a/b" },
		"wrong dimension":   func(e *core.Episode) { e.Embedding = make([]float32, s.Dimension()+1) },
	} {
		bad := core.Episode{UUID: "ep-bad", GroupID: groupA, Source: core.SourceText, Content: "bad", ValidAt: y2022, CreatedAt: c1}
		change(&bad)
		_, err := s.AddEpisodes(ctx, []core.Episode{ok, bad})
		wantErr(t, name, err, core.ErrInvalid)
	}
	st, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	if st.Episodes != 0 {
		t.Errorf("invalid batches stored %d episodes", st.Episodes)
	}
}

// ---- Apply ----

func testApplyUpdateEpisodes(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := seed(t, s, groupA)
	e3 := w.eps[2]
	e3.Status, e3.Attempts, e3.Error, e3.Warnings = core.EpisodeFailed, 2, "timeout", []string{"chunk 2 over the cap", "entity cap reached"}
	newEp := core.Episode{UUID: "ap-ep", GroupID: groupA, Name: "inserted", Source: core.SourceText, Content: "via Apply", ValidAt: y2023, CreatedAt: c3, Status: core.EpisodeDone}
	must(t, "Apply", s.Apply(ctx, core.Change{Episodes: []core.Episode{e3, newEp}}))
	got, err := s.Episodes(ctx, []string{groupA}, []string{w.e3, "ap-ep"}, core.GetOptions{})
	must(t, "Episodes", err)
	if len(got) != 2 {
		t.Fatalf("Episodes = %v", epIDs(got))
	}
	check(t, "updated episode", normEpisode(got[0]), normEpisode(e3))
	check(t, "inserted episode", normEpisode(got[1]), normEpisode(newEp))
	// Done again, clearing the error and the warnings.
	e3.Status, e3.Error, e3.Warnings = core.EpisodeDone, "", nil
	must(t, "Apply", s.Apply(ctx, core.Change{Episodes: []core.Episode{e3}}))
	one, err := episode(ctx, s, []string{groupA}, w.e3)
	must(t, "Episode", err)
	check(t, "episode done", normEpisode(one), normEpisode(e3))
}

func testApplyReplaceEntity(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := seed(t, s, groupA)
	alice := w.ents[0]
	alice.Name, alice.Summary, alice.Labels, alice.Attributes = "Alice Jones", "Married.", []string{"Person", "Parent"}, map[string]any{"age": float64(42)}
	alice.NameEmbedding = nil
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: []core.Entity{alice}}))
	got, err := s.Entities(ctx, []string{groupA}, []string{w.alice}, core.GetOptions{Embeddings: true})
	must(t, "Entities", err)
	if len(got) != 1 {
		t.Fatalf("Entities = %v", entIDs(got))
	}
	check(t, "replaced entity", normEntity(got[0]), normEntity(alice))
	if !sameVec(got[0].NameEmbedding, w.entVec[w.alice]) {
		t.Errorf("a nil NameEmbedding did not keep the stored vector: got %v", got[0].NameEmbedding)
	}
	byName, err := s.EntitiesByName(ctx, groupA, []string{"alice jones"})
	must(t, "EntitiesByName", err)
	check(t, "by new name", entIDs(byName), []string{w.alice})
	byName, err = s.EntitiesByName(ctx, groupA, []string{"alice smith"})
	must(t, "EntitiesByName", err)
	check(t, "by old name", entIDs(byName), []string(nil))
	// A new embedding replaces the old one.
	alice.NameEmbedding = axis(s.Dimension(), 0, 0.7)
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: []core.Entity{alice}}))
	got, err = s.Entities(ctx, []string{groupA}, []string{w.alice}, core.GetOptions{Embeddings: true})
	must(t, "Entities", err)
	if len(got) != 1 || !sameVec(got[0].NameEmbedding, alice.NameEmbedding) {
		t.Errorf("replaced embedding not read back: %+v", got)
	}
	st, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	check(t, "entity count after replacements", st.Entities, 5)
}

func testApplyReplaceFact(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := seed(t, s, groupA)
	f2 := w.facts[1]
	f2.Text, f2.InvalidAt, f2.StatedInvalidAt, f2.Attributes = "Alice lived in Paris", y2023, y2023, map[string]any{"district": "11e"}
	f2.Embedding, f2.Episodes = nil, []string{w.e3}
	must(t, "Apply", s.Apply(ctx, core.Change{Facts: []core.Fact{f2}}))
	got, err := s.Facts(ctx, []string{groupA}, []string{w.f2}, core.GetOptions{Embeddings: true})
	must(t, "Facts", err)
	if len(got) != 1 {
		t.Fatalf("Facts = %v", factIDs(got))
	}
	if !sameVec(got[0].Embedding, w.factVec[w.f2]) {
		t.Errorf("a nil Embedding did not keep the stored vector: got %v", got[0].Embedding)
	}
	want := normFact(f2)
	want.Episodes = []string{w.e1, w.e2, w.e3} // links are added, never removed
	// StatedInvalidAt is InvalidAt "as the fact was first stated": a
	// replacement that ends the fact leaves it as it was (open-ended).
	want.StatedInvalidAt = time.Time{}
	check(t, "replaced fact", normFact(got[0]), want)
	// Endpoints cannot change: the change fails and the fact stays.
	moved := f2
	moved.TargetUUID = w.acme
	if err := s.Apply(ctx, core.Change{Facts: []core.Fact{moved}}); err == nil {
		t.Errorf("Apply moved fact %s to another target", w.f2)
	}
	check(t, "fact after refused move", normFact(getFact(t, s, groupA, w.f2)), want)
	st, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	check(t, "fact count after replacements", st.Facts, 4)
}

func testApplyReplaceCommunity(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := seed(t, s, groupA)
	cm := w.comm
	cm.Name, cm.Summary, cm.Members = "Work", "Alice, Acme and Beta", []string{w.alice, w.acme, w.beta}
	cm.NameEmbedding = axis(s.Dimension(), 4, 0.2)
	must(t, "Apply", s.Apply(ctx, core.Change{Communities: []core.Community{cm}}))
	got, err := s.Communities(ctx, []string{groupA}, []string{w.c1}, core.GetOptions{Embeddings: true})
	must(t, "Communities", err)
	if len(got) != 1 {
		t.Fatalf("Communities = %v", commIDs(got))
	}
	check(t, "replaced community", normCommunity(got[0]), normCommunity(cm))
	of, err := s.CommunitiesOf(ctx, groupA, []string{w.alice, w.paris, w.acme})
	must(t, "CommunitiesOf", err)
	check(t, "CommunitiesOf after replacement", of, map[string]string{w.alice: w.c1, w.acme: w.c1})
	// A change that only deletes communities must name its group.
	if err := s.Apply(ctx, core.Change{DeleteCommunities: []string{w.c1}}); err == nil {
		t.Errorf("Apply deleted communities without a group")
	}
	if err := s.Apply(ctx, core.Change{Group: groupB, DeleteCommunities: []string{w.c1}}); err == nil {
		if got, _ := s.Communities(ctx, []string{groupA}, []string{w.c1}, core.GetOptions{}); len(got) != 1 {
			t.Errorf("a change of group B deleted community %s of group A", w.c1)
		}
	}
	must(t, "Apply delete", s.Apply(ctx, core.Change{Group: groupA, DeleteCommunities: []string{w.c1}}))
	got, err = s.Communities(ctx, []string{groupA}, []string{w.c1}, core.GetOptions{})
	must(t, "Communities", err)
	check(t, "deleted community", commIDs(got), []string(nil))
	of, err = s.CommunitiesOf(ctx, groupA, []string{w.alice})
	must(t, "CommunitiesOf", err)
	if len(of) != 0 {
		t.Errorf("CommunitiesOf after deletion = %v", of)
	}
}

func testApplyAtomic(t *testing.T, s core.Store) {
	ctx := t.Context()
	d := s.Dimension()
	good := core.Entity{UUID: "at-n1", GroupID: groupA, Name: "Good", CreatedAt: c1, NameEmbedding: axis(d, 0, 0)}
	bad := core.Entity{UUID: "at-n2", GroupID: groupA, Name: "Bad", CreatedAt: c1, NameEmbedding: make([]float32, d-1)}
	err := s.Apply(ctx, core.Change{Entities: []core.Entity{good, bad}})
	wantErr(t, "embedding of the wrong dimension", err, core.ErrInvalid)
	f := core.Fact{UUID: "at-f1", GroupID: groupA, Relation: "R", Text: "t", SourceUUID: "at-n1", TargetUUID: "at-n1", CreatedAt: c1, Embedding: make([]float32, d+1)}
	err = s.Apply(ctx, core.Change{Entities: []core.Entity{good}, Facts: []core.Fact{f}})
	wantErr(t, "fact embedding of the wrong dimension", err, core.ErrInvalid)
	// One change writes one group.
	other := core.Entity{UUID: "at-n3", GroupID: groupB, Name: "Other", CreatedAt: c1}
	if err := s.Apply(ctx, core.Change{Entities: []core.Entity{good, other}}); err == nil {
		t.Errorf("Apply wrote a change spanning two groups")
	}
	// A fact whose endpoint does not exist fails the whole change.
	dangling := core.Fact{UUID: "at-f2", GroupID: groupA, Relation: "R", Text: "t", SourceUUID: "at-n1", TargetUUID: "at-missing", CreatedAt: c1}
	if err := s.Apply(ctx, core.Change{Entities: []core.Entity{good}, Facts: []core.Fact{dangling}}); err == nil {
		t.Errorf("Apply wrote a fact whose target does not exist")
	}
	for _, g := range []string{groupA, groupB} {
		st, err := s.Stats(ctx, g)
		must(t, "Stats", err)
		if st != (core.Stats{}) {
			t.Errorf("failed changes left %+v in %s", st, g)
		}
	}
	got, err := s.Entities(ctx, []string{groupA, groupB}, []string{"at-n1", "at-n2", "at-n3"}, core.GetOptions{})
	must(t, "Entities", err)
	check(t, "entities of failed changes", entIDs(got), []string(nil))
}

func testApplyOtherGroup(t *testing.T, s core.Store) {
	ctx := t.Context()
	_, b := seedBoth(t, s)
	// Group A's changes naming B's uuids must not touch B's objects. The
	// contract does not say which error they meet (Kuzu answers
	// ErrConflict or ErrInvalid), only that B's data stays as it was.
	steal := b.ents[0]
	steal.GroupID, steal.Name = groupA, "Mallory"
	if err := s.Apply(ctx, core.Change{Entities: []core.Entity{steal}}); err == nil {
		if got, _ := s.Entities(ctx, []string{groupA}, []string{b.alice}, core.GetOptions{}); len(got) > 0 {
			t.Errorf("group A took entity %s of group B", b.alice)
		}
	}
	fs := b.facts[1]
	fs.GroupID, fs.Text = groupA, "stolen"
	_ = s.Apply(ctx, core.Change{Facts: []core.Fact{fs}})
	cm := b.comm
	cm.GroupID, cm.Name = groupA, "stolen"
	cm.Members = nil
	_ = s.Apply(ctx, core.Change{Communities: []core.Community{cm}})
	eps := b.eps[2]
	eps.GroupID, eps.Status = groupA, core.EpisodeDone
	_ = s.Apply(ctx, core.Change{Episodes: []core.Episode{eps}})
	_ = s.Apply(ctx, core.Change{Group: groupA, Mentions: []core.Mention{{Episode: b.e1, Entity: b.bob}}})

	ents, err := s.Entities(ctx, []string{groupB}, []string{b.alice}, core.GetOptions{})
	must(t, "Entities", err)
	if len(ents) != 1 || ents[0].Name != "Alice Smith" || ents[0].GroupID != groupB {
		t.Errorf("group B's entity after group A's writes: %+v", ents)
	}
	f := getFact(t, s, groupB, b.f2)
	if f.Text != b.facts[1].Text || f.GroupID != groupB {
		t.Errorf("group B's fact after group A's writes: %+v", f)
	}
	cms, err := s.Communities(ctx, []string{groupB}, []string{b.c1}, core.GetOptions{})
	must(t, "Communities", err)
	if len(cms) != 1 || cms[0].Name != b.comm.Name || len(cms[0].Members) != 2 {
		t.Errorf("group B's community after group A's writes: %+v", cms)
	}
	ep, err := episode(ctx, s, []string{groupB}, b.e3)
	must(t, "Episode", err)
	if ep.Status != core.EpisodePending || ep.GroupID != groupB {
		t.Errorf("group B's episode after group A's writes: %+v", ep)
	}
	l, err := s.EpisodeLinks(ctx, []string{groupB}, b.e1)
	must(t, "EpisodeLinks", err)
	check(t, "group B's mentions after group A's writes", sorted(l.Entities), []string{b.alice, b.acme, b.paris})
	for _, g := range []string{groupA, groupB} {
		st, err := s.Stats(ctx, g)
		must(t, "Stats", err)
		check(t, "Stats of "+g, st, core.Stats{Episodes: 3, PendingEpisodes: 1, FailedEpisodes: 1, Entities: 5, Facts: 4, CurrentFacts: 3, Communities: 1})
	}
}

// ---- errors ----

func testNotFound(t *testing.T, s core.Store) {
	ctx := t.Context()
	_, b := seedBoth(t, s)
	A := []string{groupA}
	for _, id := range []string{"nope", b.e1} {
		_, err := episode(ctx, s, A, id)
		wantErr(t, "Episode("+id+")", err, core.ErrNotFound)
		_, err = s.EpisodeLinks(ctx, A, id)
		wantErr(t, "EpisodeLinks("+id+")", err, core.ErrNotFound)
	}
	for _, id := range []string{"nope", b.alice} {
		_, err := s.EntityEpisodes(ctx, A, id)
		wantErr(t, "EntityEpisodes("+id+")", err, core.ErrNotFound)
	}
	// Deleting unknown uuids and group B's from group A deletes nothing.
	must(t, "Apply", s.Apply(ctx, core.Change{Group: groupA, DeleteEpisodes: []string{"nope", b.e1},
		DeleteFacts: []string{"nope", b.f2}, DeleteEntities: []string{"nope", b.bob}}))
	st, err := s.Stats(ctx, groupB)
	must(t, "Stats", err)
	check(t, "group B after group A's deletes of its uuids", st, core.Stats{Episodes: 3, PendingEpisodes: 1, FailedEpisodes: 1, Entities: 5, Facts: 4, CurrentFacts: 3, Communities: 1})
	// Malformed group ids are invalid input.
	_, err = episode(ctx, s, []string{"a b"}, b.e1)
	wantErr(t, "Episode in a malformed group", err, core.ErrInvalid)
	_, err = s.Stats(ctx, "")
	wantErr(t, "Stats of the empty group", err, core.ErrInvalid)
	_, err = s.ListFacts(ctx, "a/b", core.ListOptions{})
	wantErr(t, "ListFacts of a malformed group", err, core.ErrInvalid)
	_, err = s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: A, Vector: make([]float32, s.Dimension()+1)})
	wantErr(t, "VectorSearch with a vector of the wrong dimension", err, core.ErrInvalid)
	_, err = s.VectorSearch(ctx, core.SearchQuery{Scope: "widgets", Groups: A, Vector: axis(s.Dimension(), 0, 0)})
	wantErr(t, "VectorSearch of an unknown scope", err, core.ErrInvalid)
	_, err = s.ListEntities(ctx, groupA, core.ListOptions{Filter: core.Filter{Labels: []string{"not a label"}}})
	wantErr(t, "ListEntities with a malformed label", err, core.ErrInvalid)
	_, err = s.ListFacts(ctx, groupA, core.ListOptions{Filter: core.Filter{Time: [][]core.TimeCondition{{{Field: core.FieldValidAt, Op: core.OpLt}}}}})
	wantErr(t, "ListFacts with a time condition without value", err, core.ErrInvalid)
}

// ---- tenancy ----

func testTenancyReads(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	A, AB := []string{groupA}, []string{groupA, groupB}
	allB := []string{b.e1, b.e2, b.e3, b.alice, b.acme, b.paris, b.bob, b.beta, b.f1, b.f2, b.f3, b.f4, b.c1}
	mixed := append(slices.Clone(allB), a.e1, a.alice, a.f2, a.c1)

	eps, err := s.Episodes(ctx, A, mixed, core.GetOptions{Embeddings: true})
	must(t, "Episodes", err)
	check(t, "Episodes of group A", epIDs(eps), []string{a.e1})
	ents, err := s.Entities(ctx, A, mixed, core.GetOptions{Embeddings: true})
	must(t, "Entities", err)
	check(t, "Entities of group A", entIDs(ents), []string{a.alice})
	facts, err := s.Facts(ctx, A, mixed, core.GetOptions{Embeddings: true})
	must(t, "Facts", err)
	check(t, "Facts of group A", factIDs(facts), []string{a.f2})
	cms, err := s.Communities(ctx, A, mixed, core.GetOptions{Embeddings: true})
	must(t, "Communities", err)
	check(t, "Communities of group A", commIDs(cms), []string{a.c1})
	names, err := s.EntityNames(ctx, A, mixed)
	must(t, "EntityNames", err)
	check(t, "EntityNames of group A", names, map[string]string{a.alice: "Alice Smith"})
	for _, sc := range []core.Scope{core.ScopeFacts, core.ScopeEntities} {
		counts, err := s.MentionCounts(ctx, sc, A, allB)
		must(t, "MentionCounts", err)
		for id, n := range counts {
			if n != 0 {
				t.Errorf("MentionCounts(%s) in group A counts %s of group B: %d", sc, id, n)
			}
		}
	}
	// The same reads over both groups see both: the checks above can fail.
	eps, err = s.Episodes(ctx, AB, []string{b.e1, a.e1}, core.GetOptions{})
	must(t, "Episodes", err)
	check(t, "Episodes of both groups", epIDs(eps), []string{b.e1, a.e1})
	names, err = s.EntityNames(ctx, AB, []string{b.alice, a.alice})
	must(t, "EntityNames", err)
	check(t, "EntityNames of both groups", len(names), 2)

	// Listings.
	allOfGroup(t, "ListEpisodes", groupA, epIDs(listAll(t, 2, func(o core.ListOptions) (core.Page[core.Episode], error) { return s.ListEpisodes(ctx, groupA, o) }, core.ListOptions{})))
	allOfGroup(t, "ListEntities", groupA, entIDs(listAll(t, 2, func(o core.ListOptions) (core.Page[core.Entity], error) { return s.ListEntities(ctx, groupA, o) }, core.ListOptions{})))
	allOfGroup(t, "ListFacts", groupA, listFacts(t, s, groupA, core.Filter{IncludeInvalid: true}))
	allOfGroup(t, "ListCommunities", groupA, commIDs(listAll(t, 2, func(o core.ListOptions) (core.Page[core.Community], error) { return s.ListCommunities(ctx, groupA, o) }, core.ListOptions{})))
	pend, err := s.PendingEpisodes(ctx, groupA, 100)
	must(t, "PendingEpisodes", err)
	check(t, "PendingEpisodes of group A", epIDs(pend), []string{a.e3})
	prev, err := s.PreviousEpisodes(ctx, a.eps[2], 10)
	must(t, "PreviousEpisodes", err)
	check(t, "PreviousEpisodes in group A", epIDs(prev), []string{a.e1, a.e2})

	// Graph reads of group A naming group B's entities.
	between, err := s.FactsBetween(ctx, groupA, b.alice, b.paris)
	must(t, "FactsBetween", err)
	check(t, "FactsBetween B's entities in group A", factIDs(between), []string(nil))
	between, err = s.FactsBetween(ctx, groupA, a.alice, b.paris)
	must(t, "FactsBetween", err)
	check(t, "FactsBetween across groups", factIDs(between), []string(nil))
	of, err := s.FactsOfEntities(ctx, groupA, []string{b.alice, b.bob}, 0)
	must(t, "FactsOfEntities", err)
	check(t, "FactsOfEntities of B's entities in group A", factIDs(of), []string(nil))
	byName, err := s.EntitiesByName(ctx, groupA, []string{"alice smith", "paris", "bi"})
	must(t, "EntitiesByName", err)
	check(t, "EntitiesByName in group A", sorted(entIDs(byName)), []string{a.alice, a.paris, a.beta})
	cof, err := s.CommunitiesOf(ctx, groupA, []string{b.alice, b.paris})
	must(t, "CommunitiesOf", err)
	if len(cof) != 0 {
		t.Errorf("CommunitiesOf B's entities in group A = %v", cof)
	}
	g, err := s.EntityGraph(ctx, groupA)
	must(t, "EntityGraph", err)
	allOfGroup(t, "EntityGraph nodes", groupA, g.Nodes)
	for _, e := range g.Edges {
		allOfGroup(t, "EntityGraph edges", groupA, []string{e.A, e.B})
	}
	if _, err := s.EntityEpisodes(ctx, A, b.alice); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("EntityEpisodes of B's entity in group A: %v, want not found", err)
	}
	eeps, err := s.EntityEpisodes(ctx, A, a.alice)
	must(t, "EntityEpisodes", err)
	allOfGroup(t, "EntityEpisodes", groupA, eeps)
	links, err := s.EpisodeLinks(ctx, A, a.e2)
	must(t, "EpisodeLinks", err)
	allOfGroup(t, "EpisodeLinks", groupA, append(links.Entities, links.Facts...))
	for _, f := range facts {
		allOfGroup(t, "Fact.Episodes", groupA, f.Episodes)
	}
	for _, c := range cms {
		allOfGroup(t, "Community.Members", groupA, c.Members)
	}
	dist, err := s.Distances(ctx, A, a.alice, []string{b.alice, b.paris, a.paris}, 3)
	must(t, "Distances", err)
	allOfGroup(t, "Distances", groupA, keys(dist))
	if d, err := s.Distances(ctx, A, b.alice, []string{b.paris}, 3); err == nil && len(d) > 0 {
		t.Errorf("Distances from B's entity in group A = %v", d)
	} else if err != nil && !errors.Is(err, core.ErrNotFound) {
		t.Errorf("Distances from B's entity in group A: %v, want not found or nothing", err)
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func testTenancySearches(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	A := []string{groupA}
	d := s.Dimension()
	all := core.Filter{IncludeInvalid: true}
	for _, sc := range core.Scopes {
		// The same vectors and texts in both groups: a store that forgot
		// the groups would return both copies.
		for i := 0; i < d; i++ {
			hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: sc, Groups: A, Vector: axis(d, i, 0.1), Limit: 50, MinScore: -1, Filter: all})
			must(t, "VectorSearch", err)
			allOfGroup(t, fmt.Sprintf("VectorSearch(%s, axis %d)", sc, i), groupA, hitIDs(hits))
		}
		for _, text := range []string{"Alice", "Paris", "Acme", "Beta Industries", "friends"} {
			hits, err := s.TextSearch(ctx, core.SearchQuery{Scope: sc, Groups: A, Text: text, Limit: 50, Filter: all})
			must(t, "TextSearch", err)
			allOfGroup(t, fmt.Sprintf("TextSearch(%s, %q)", sc, text), groupA, hitIDs(hits))
		}
		for _, seeds := range [][]string{{a.alice}, {a.e2}, {b.alice, b.e1}} {
			hits, err := s.Traverse(ctx, core.TraverseQuery{Scope: sc, Groups: A, Seeds: seeds, Depth: 3, Limit: 50, Filter: all})
			if err != nil && !errors.Is(err, core.ErrNotFound) {
				t.Errorf("Traverse(%s, %v): %v", sc, seeds, err)
			}
			allOfGroup(t, fmt.Sprintf("Traverse(%s, %v)", sc, seeds), groupA, hitIDs(hits))
		}
	}
	// Over both groups both copies come back: the checks above can fail.
	hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA, groupB}, Vector: a.entVec[a.alice], Limit: 2})
	must(t, "VectorSearch", err)
	check(t, "VectorSearch over both groups", sorted(hitIDs(hits)), []string{a.alice, b.alice})
	hits, err = s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA, groupB}, Text: "Bob", Limit: 10})
	must(t, "TextSearch", err)
	check(t, "TextSearch over both groups", sorted(hitIDs(hits)), []string{a.bob, b.bob})
}

// ---- bi-temporal rules ----

// temporalCases are the fixture's facts that each filter keeps (see
// fixture).
func temporalCases(w world) []struct {
	name string
	f    core.Filter
	want []string
} {
	return []struct {
		name string
		f    core.Filter
		want []string
	}{
		{"valid now", core.Filter{Now: now}, []string{w.f2, w.f4}},
		{"include invalid", core.Filter{IncludeInvalid: true, Now: now}, []string{w.f1, w.f2, w.f3, w.f4}},
		{"valid at 2021", core.Filter{ValidAt: y2021, Now: now}, []string{w.f1, w.f2, w.f3}},
		{"valid at mid 2023", core.Filter{ValidAt: y2023m, Now: now}, []string{w.f2, w.f4}},
		{"valid at 2018", core.Filter{ValidAt: y2019.AddDate(-1, 0, 0), Now: now}, []string{w.f3}},
		{"known at c2", core.Filter{KnownAt: c2, Now: now}, []string{w.f1, w.f2}},
		{"known at c2, valid at mid 2023", core.Filter{KnownAt: c2, ValidAt: y2023m, Now: now}, []string{w.f1, w.f2}},
		{"known at c3, valid at mid 2023", core.Filter{KnownAt: c3, ValidAt: y2023m, Now: now}, []string{w.f2, w.f4}},
		{"known at c2, valid at 2021", core.Filter{KnownAt: c2, ValidAt: y2021, Now: now}, []string{w.f1, w.f2, w.f3}},
		{"known before anything", core.Filter{KnownAt: c1.Add(-time.Second), Now: now}, nil},
		{"known at c2, include invalid", core.Filter{KnownAt: c2, IncludeInvalid: true, Now: now}, []string{w.f1, w.f2, w.f3}},
		{"relation WORKS_AT, include invalid", core.Filter{Relations: []string{"WORKS_AT"}, IncludeInvalid: true}, []string{w.f1, w.f4}},
		{"relations KNOWS or LIVES_IN, valid now", core.Filter{Relations: []string{"KNOWS", "LIVES_IN"}, Now: now}, []string{w.f2}},
		{"now before f3 ended", core.Filter{Now: y2021}, []string{w.f2, w.f3, w.f4}},
	}
}

func testTemporalListFacts(t *testing.T, s core.Store) {
	a, _ := seedBoth(t, s)
	for _, tc := range temporalCases(a) {
		check(t, "ListFacts "+tc.name, sorted(listFacts(t, s, groupA, tc.f)), sorted(tc.want))
	}
	// The zero Filter: the facts valid now. Expired facts never are; the
	// fixture's other facts are valid at any time after 2023.
	got := listFacts(t, s, groupA, core.Filter{})
	if slices.Contains(got, a.f1) || !slices.Contains(got, a.f2) || !slices.Contains(got, a.f4) {
		t.Errorf("ListFacts with the zero Filter = %v, want f2 and f4 and never the expired f1", got)
	}
}

func testTemporalSearches(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	d := s.Dimension()
	q := make([]float32, d)
	for _, v := range a.factVec {
		for i := range v {
			q[i] += v[i]
		}
	}
	for _, tc := range temporalCases(a) {
		hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{groupA}, Vector: q, Limit: 20, MinScore: -1, Filter: tc.f})
		must(t, "VectorSearch", err)
		check(t, "VectorSearch "+tc.name, sorted(hitIDs(hits)), sorted(tc.want))
		hits, err = s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{groupA}, Text: "Alice", Limit: 20, Filter: tc.f})
		must(t, "TextSearch", err)
		check(t, "TextSearch "+tc.name, sorted(hitIDs(hits)), sorted(tc.want))
	}
	// The zero Filter never returns the expired f1, even as the best match.
	hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{groupA}, Vector: a.factVec[a.f1], Limit: 20, MinScore: -1})
	must(t, "VectorSearch", err)
	if slices.Contains(hitIDs(hits), a.f1) || !slices.Contains(hitIDs(hits), a.f2) {
		t.Errorf("VectorSearch with the zero Filter = %v, want f2 and not the expired f1", hitIDs(hits))
	}
}

func testTimeConditions(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	tc := func(f core.TimeField, op core.CompareOp, v time.Time) core.TimeCondition {
		return core.TimeCondition{Field: f, Op: op, Value: v}
	}
	for _, c := range []struct {
		name string
		time [][]core.TimeCondition
		want []string
	}{
		{"created at or after c2", [][]core.TimeCondition{{tc(core.FieldCreatedAt, core.OpGe, c2)}}, []string{a.f3, a.f4}},
		{"created before c2", [][]core.TimeCondition{{tc(core.FieldCreatedAt, core.OpLt, c2)}}, []string{a.f1, a.f2}},
		{"created at c1", [][]core.TimeCondition{{tc(core.FieldCreatedAt, core.OpEq, c1)}}, []string{a.f1, a.f2}},
		{"created not at c1", [][]core.TimeCondition{{tc(core.FieldCreatedAt, core.OpNe, c1)}}, []string{a.f3, a.f4}},
		{"no start or expired", [][]core.TimeCondition{{tc(core.FieldValidAt, core.OpIsNull, time.Time{})}, {tc(core.FieldExpiredAt, core.OpNotNull, time.Time{})}}, []string{a.f1, a.f3}},
		{"ended and started after 2019", [][]core.TimeCondition{{tc(core.FieldInvalidAt, core.OpNotNull, time.Time{}), tc(core.FieldValidAt, core.OpGt, y2019)}}, []string{a.f1}},
		{"started by 2020", [][]core.TimeCondition{{tc(core.FieldValidAt, core.OpLe, y2020)}}, []string{a.f1, a.f2}},
	} {
		check(t, "ListFacts "+c.name, sorted(listFacts(t, s, groupA, core.Filter{IncludeInvalid: true, Time: c.time})), sorted(c.want))
	}
	// Episodes by reference time, entities by creation time.
	eps := listAll(t, 10, func(o core.ListOptions) (core.Page[core.Episode], error) { return s.ListEpisodes(ctx, groupA, o) },
		core.ListOptions{Filter: core.Filter{Time: [][]core.TimeCondition{{tc(core.FieldValidAt, core.OpGt, c2.Add(-time.Hour))}}}})
	check(t, "ListEpisodes by reference time", epIDs(eps), []string{a.e2, a.e3})
	ents := listAll(t, 10, func(o core.ListOptions) (core.Page[core.Entity], error) { return s.ListEntities(ctx, groupA, o) },
		core.ListOptions{Filter: core.Filter{Time: [][]core.TimeCondition{{tc(core.FieldCreatedAt, core.OpGe, c2)}}}})
	check(t, "ListEntities by creation time", entIDs(ents), []string{a.bob, a.beta})
	_, err := s.ListEntities(ctx, groupA, core.ListOptions{Filter: core.Filter{Time: [][]core.TimeCondition{{tc(core.FieldValidAt, core.OpGe, c2)}}}})
	wantErr(t, "ListEntities on valid_at", err, core.ErrInvalid)
	// KnownAt sees the graph as mnemo knew it then, whatever the scope.
	known := core.ListOptions{Filter: core.Filter{KnownAt: c1.Add(90 * time.Second)}}
	ents = listAll(t, 10, func(o core.ListOptions) (core.Page[core.Entity], error) { return s.ListEntities(ctx, groupA, o) }, known)
	check(t, "ListEntities known at c1+90s", entIDs(ents), []string{a.alice, a.acme})
	eps = listAll(t, 10, func(o core.ListOptions) (core.Page[core.Episode], error) { return s.ListEpisodes(ctx, groupA, o) }, known)
	check(t, "ListEpisodes known at c1+90s", epIDs(eps), []string{a.e1})
	cms := listAll(t, 10, func(o core.ListOptions) (core.Page[core.Community], error) { return s.ListCommunities(ctx, groupA, o) }, core.ListOptions{Filter: core.Filter{KnownAt: c2}})
	check(t, "ListCommunities known at c2", commIDs(cms), []string(nil))
	hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA}, Vector: a.entVec[a.beta], Limit: 10, MinScore: -1, Filter: core.Filter{KnownAt: c2}})
	must(t, "VectorSearch", err)
	check(t, "VectorSearch of entities known at c2", sorted(hitIDs(hits)), []string{a.alice, a.acme, a.paris, a.bob})
}

func testFilterLabels(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	list := func(labels ...string) []string {
		return entIDs(listAll(t, 10, func(o core.ListOptions) (core.Page[core.Entity], error) { return s.ListEntities(ctx, groupA, o) },
			core.ListOptions{Filter: core.Filter{Labels: labels}}))
	}
	check(t, "entities labelled Person", list("Person"), []string{a.alice, a.bob})
	check(t, "entities labelled Org", list("Org"), []string{a.acme, a.beta})
	check(t, "entities labelled Org and Company", list("Org", "Company"), []string{a.acme})
	check(t, "entities labelled Robot", list("Robot"), []string(nil))
	check(t, "facts touching an Org", sorted(listFacts(t, s, groupA, core.Filter{Labels: []string{"Org"}, IncludeInvalid: true})), []string{a.f1, a.f4})
	check(t, "facts touching a Place, valid now", sorted(listFacts(t, s, groupA, core.Filter{Labels: []string{"Place"}, Now: now})), []string{a.f2})
	hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA}, Vector: a.entVec[a.alice], Limit: 10, MinScore: -1, Filter: core.Filter{Labels: []string{"Org"}}})
	must(t, "VectorSearch", err)
	check(t, "VectorSearch of Orgs", sorted(hitIDs(hits)), []string{a.acme, a.beta})
}

// ---- graph reads ----

func testFactsBetween(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	// A second, current fact between Alice and Acme, and one between Bob
	// and Acme that is not between Alice and Acme.
	extra := []core.Fact{
		{UUID: a.g + "-f5", GroupID: groupA, Relation: "VISITED", Text: "Acme hosted Alice", SourceUUID: a.acme, TargetUUID: a.alice, CreatedAt: c3},
		{UUID: a.g + "-f6", GroupID: groupA, Relation: "VISITED", Text: "Bob visited Acme", SourceUUID: a.bob, TargetUUID: a.acme, CreatedAt: c3},
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Facts: extra}))
	for _, pair := range [][2]string{{a.alice, a.acme}, {a.acme, a.alice}} {
		got, err := s.FactsBetween(ctx, groupA, pair[0], pair[1])
		must(t, "FactsBetween", err)
		check(t, "FactsBetween "+pair[0]+" "+pair[1]+" (expired f1 included)", sorted(factIDs(got)), []string{a.f1, a.g + "-f5"})
	}
	got, err := s.FactsBetween(ctx, groupA, a.bob, a.alice)
	must(t, "FactsBetween", err)
	check(t, "FactsBetween Bob and Alice (ended f3 included)", factIDs(got), []string{a.f3})
	if len(got) == 1 {
		check(t, "FactsBetween fills Episodes", got[0].Episodes, []string{a.e2})
	}
	got, err = s.FactsBetween(ctx, groupA, a.paris, a.bob)
	must(t, "FactsBetween", err)
	check(t, "FactsBetween unconnected", factIDs(got), []string(nil))
	got, err = s.FactsBetween(ctx, groupA, "nope", a.bob)
	must(t, "FactsBetween", err)
	check(t, "FactsBetween an unknown entity", factIDs(got), []string(nil))
}

func testFactsOfEntities(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	got, err := s.FactsOfEntities(ctx, groupA, []string{a.alice}, 0)
	must(t, "FactsOfEntities", err)
	// Not expired (f1 is), ended ones included (f3), newest (greatest
	// uuid) first.
	check(t, "FactsOfEntities(alice)", factIDs(got), []string{a.f4, a.f3, a.f2})
	got, err = s.FactsOfEntities(ctx, groupA, []string{a.alice}, 2)
	must(t, "FactsOfEntities", err)
	check(t, "FactsOfEntities(alice, 2)", factIDs(got), []string{a.f4, a.f3})
	got, err = s.FactsOfEntities(ctx, groupA, []string{a.paris, a.bob, a.paris, "nope"}, 0)
	must(t, "FactsOfEntities", err)
	check(t, "FactsOfEntities(paris, bob): each fact once", factIDs(got), []string{a.f3, a.f2})
	got, err = s.FactsOfEntities(ctx, groupA, []string{a.acme}, 0)
	must(t, "FactsOfEntities", err)
	check(t, "FactsOfEntities(acme): only expired facts", factIDs(got), []string(nil))
	got, err = s.FactsOfEntities(ctx, groupA, []string{a.bob}, 0)
	must(t, "FactsOfEntities", err)
	if len(got) == 1 {
		check(t, "FactsOfEntities fills Episodes", got[0].Episodes, []string{a.e2})
	}
}

func testEntitiesByName(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	ibm := core.Entity{UUID: a.g + "-n6", GroupID: groupA, Name: "International Business Machines Corp.", CreatedAt: c3}
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: []core.Entity{ibm}}))
	for _, c := range []struct {
		keys []string
		want []string
	}{
		{[]string{core.NormalizeName("  ALICE   smith. ")}, []string{a.alice}},
		{[]string{"paris", "bob"}, []string{a.paris, a.bob}},
		{[]string{"ibm", "ac"}, []string{ibm.UUID}},
		{[]string{core.NormalizeName(ibm.Name)}, []string{ibm.UUID}},
		{[]string{"bi"}, []string{a.beta}},
		{[]string{"alice"}, nil},
		{[]string{"Paris"}, nil}, // keys are normalized already
	} {
		got, err := s.EntitiesByName(ctx, groupA, c.keys)
		must(t, "EntitiesByName", err)
		check(t, fmt.Sprintf("EntitiesByName(%q)", c.keys), sorted(entIDs(got)), sorted(c.want))
	}
}

func testEntityNames(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	got, err := s.EntityNames(ctx, []string{groupA}, []string{a.alice, a.beta, "nope", a.f1})
	must(t, "EntityNames", err)
	check(t, "EntityNames", got, map[string]string{a.alice: "Alice Smith", a.beta: "Beta Industries"})
	got, err = s.EntityNames(ctx, []string{groupA}, nil)
	must(t, "EntityNames", err)
	if len(got) != 0 {
		t.Errorf("EntityNames(nil) = %v", got)
	}
}

func testProvenance(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	A := []string{groupA}
	eps, err := s.EntityEpisodes(ctx, A, a.alice)
	must(t, "EntityEpisodes", err)
	check(t, "EntityEpisodes(alice), oldest first", eps, []string{a.e1, a.e2, a.e3})
	eps, err = s.EntityEpisodes(ctx, A, a.paris)
	must(t, "EntityEpisodes", err)
	check(t, "EntityEpisodes(paris)", eps, []string{a.e1, a.e2})
	// An older episode, added later, comes first.
	old := core.Episode{UUID: a.g + "-e0", GroupID: groupA, Source: core.SourceText, Content: "Paris in 2010", ValidAt: time.Date(2010, 1, 1, 0, 0, 0, 0, time.UTC), CreatedAt: c3}
	_, err = s.AddEpisodes(ctx, []core.Episode{old})
	must(t, "AddEpisodes", err)
	f2 := a.facts[1]
	f2.Episodes = []string{old.UUID}
	f2.Embedding = nil
	must(t, "Apply", s.Apply(ctx, core.Change{Facts: []core.Fact{f2}, Mentions: []core.Mention{{Episode: old.UUID, Entity: a.paris}}}))
	eps, err = s.EntityEpisodes(ctx, A, a.paris)
	must(t, "EntityEpisodes", err)
	check(t, "EntityEpisodes(paris) with an older episode", eps, []string{old.UUID, a.e1, a.e2})
	check(t, "f2.Episodes, oldest first", getFact(t, s, groupA, a.f2).Episodes, []string{old.UUID, a.e1, a.e2})
	// Every read of facts fills Episodes.
	for _, f := range listAll(t, 10, func(o core.ListOptions) (core.Page[core.Fact], error) { return s.ListFacts(ctx, groupA, o) }, core.ListOptions{Filter: core.Filter{IncludeInvalid: true}}) {
		if len(f.Episodes) == 0 {
			t.Errorf("ListFacts: fact %s without Episodes", f.UUID)
		}
	}
	counts, err := s.MentionCounts(ctx, core.ScopeFacts, A, []string{a.f1, a.f2, a.f3, "nope"})
	must(t, "MentionCounts", err)
	for id, want := range map[string]int{a.f1: 1, a.f2: 3, a.f3: 1} {
		if counts[id] != want {
			t.Errorf("MentionCounts(facts)[%s] = %d, want %d", id, counts[id], want)
		}
	}
	counts, err = s.MentionCounts(ctx, core.ScopeEntities, A, []string{a.alice, a.paris, a.beta})
	must(t, "MentionCounts", err)
	check(t, "MentionCounts(entities)", counts, map[string]int{a.alice: 3, a.paris: 3, a.beta: 1})
}

func testEntityGraph(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	extra := core.Fact{UUID: a.g + "-f5", GroupID: groupA, Relation: "VISITED", Text: "Paris welcomed Alice", SourceUUID: a.paris, TargetUUID: a.alice, CreatedAt: c3}
	must(t, "Apply", s.Apply(ctx, core.Change{Facts: []core.Fact{extra}}))
	g, err := s.EntityGraph(ctx, groupA)
	must(t, "EntityGraph", err)
	check(t, "EntityGraph nodes", sorted(g.Nodes), []string{a.alice, a.acme, a.paris, a.bob, a.beta})
	weight := map[[2]string]int{}
	for _, e := range g.Edges {
		k := [2]string{e.A, e.B}
		if e.B < e.A {
			k = [2]string{e.B, e.A}
		}
		if _, dup := weight[k]; dup {
			t.Errorf("EntityGraph lists the pair %v twice", k)
		}
		weight[k] = e.Weight
	}
	check(t, "weight alice-paris (two current facts)", weight[[2]string{a.alice, a.paris}], 2)
	check(t, "weight alice-beta", weight[[2]string{a.alice, a.beta}], 1)
	if w, ok := weight[[2]string{a.alice, a.acme}]; ok {
		t.Errorf("EntityGraph joins alice and acme (weight %d) by an expired fact only", w)
	}
}

// ---- paging ----

func testPagingEntities(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	want := []string{a.alice, a.acme, a.paris, a.bob, a.beta}
	for _, limit := range []int{1, 2, 3, 5, 7} {
		got := listAll(t, limit, func(o core.ListOptions) (core.Page[core.Entity], error) { return s.ListEntities(ctx, groupA, o) }, core.ListOptions{})
		check(t, fmt.Sprintf("ListEntities pages of %d", limit), entIDs(got), want)
	}
	p, err := s.ListEntities(ctx, groupA, core.ListOptions{Limit: 5})
	must(t, "ListEntities", err)
	check(t, "a full last page has no cursor", p.Next, "")
}

func testPagingFacts(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	for _, limit := range []int{1, 3} {
		got := listAll(t, limit, func(o core.ListOptions) (core.Page[core.Fact], error) { return s.ListFacts(ctx, groupA, o) }, core.ListOptions{Filter: core.Filter{IncludeInvalid: true}})
		check(t, fmt.Sprintf("ListFacts pages of %d", limit), factIDs(got), []string{a.f1, a.f2, a.f3, a.f4})
		got = listAll(t, limit, func(o core.ListOptions) (core.Page[core.Fact], error) { return s.ListFacts(ctx, groupA, o) }, core.ListOptions{Filter: core.Filter{Now: now}})
		check(t, fmt.Sprintf("ListFacts valid now, pages of %d", limit), factIDs(got), []string{a.f2, a.f4})
	}
	p, err := s.ListFacts(ctx, groupA, core.ListOptions{Filter: core.Filter{IncludeInvalid: true}, Embeddings: true, Limit: 10})
	must(t, "ListFacts", err)
	for _, f := range p.Items {
		if !sameVec(f.Embedding, a.factVec[f.UUID]) {
			t.Errorf("ListFacts with Embeddings: %s has %v", f.UUID, f.Embedding)
		}
	}
	// Episodes: by reference time, then uuid; ties in reference time and
	// uuids out of insertion order.
	eps := []core.Episode{
		{UUID: "pg-3", ValidAt: y2022}, {UUID: "pg-1", ValidAt: y2022}, {UUID: "pg-0", ValidAt: y2023},
		{UUID: "pg-2", ValidAt: y2021}, {UUID: "pg-4", ValidAt: y2023m},
	}
	for i := range eps {
		eps[i].GroupID, eps[i].Source, eps[i].Content, eps[i].CreatedAt = groupB+"x", core.SourceText, "episode "+eps[i].UUID, c1
	}
	_, err = s.AddEpisodes(ctx, eps)
	must(t, "AddEpisodes", err)
	for _, limit := range []int{1, 2, 5} {
		got := listAll(t, limit, func(o core.ListOptions) (core.Page[core.Episode], error) { return s.ListEpisodes(ctx, groupB+"x", o) }, core.ListOptions{})
		check(t, fmt.Sprintf("ListEpisodes pages of %d", limit), epIDs(got), []string{"pg-2", "pg-1", "pg-3", "pg-0", "pg-4"})
	}
	done := eps[1]
	done.Status = core.EpisodeDone
	must(t, "Apply", s.Apply(ctx, core.Change{Episodes: []core.Episode{done}}))
	got := listAll(t, 2, func(o core.ListOptions) (core.Page[core.Episode], error) { return s.ListEpisodes(ctx, groupB+"x", o) }, core.ListOptions{Status: core.EpisodePending})
	check(t, "ListEpisodes pending", epIDs(got), []string{"pg-2", "pg-3", "pg-0", "pg-4"})
	got = listAll(t, 2, func(o core.ListOptions) (core.Page[core.Episode], error) { return s.ListEpisodes(ctx, groupB+"x", o) }, core.ListOptions{Status: core.EpisodeDone})
	check(t, "ListEpisodes done", epIDs(got), []string{"pg-1"})
}

func testPagingCommunities(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	more := []core.Community{
		{UUID: a.g + "-c2", GroupID: groupA, Name: "Work", Members: []string{a.alice, a.beta}, CreatedAt: c3},
		{UUID: a.g + "-c3", GroupID: groupA, Name: "Friends", Members: []string{a.bob}, CreatedAt: c3},
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Communities: more}))
	for _, limit := range []int{1, 2} {
		got := listAll(t, limit, func(o core.ListOptions) (core.Page[core.Community], error) { return s.ListCommunities(ctx, groupA, o) }, core.ListOptions{})
		check(t, fmt.Sprintf("ListCommunities pages of %d", limit), commIDs(got), []string{a.c1, a.g + "-c2", a.g + "-c3"})
		for _, c := range got {
			if len(c.Members) == 0 {
				t.Errorf("ListCommunities: %s without members", c.UUID)
			}
		}
	}
}

func testPagingDefaultLimit(t *testing.T, s core.Store) {
	ctx := t.Context()
	var ents []core.Entity
	for i := range 101 {
		ents = append(ents, core.Entity{UUID: fmt.Sprintf("dl-%03d", i), GroupID: groupA, Name: fmt.Sprintf("Entity %d", i), CreatedAt: c1.Add(time.Duration(i) * time.Second)})
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: ents}))
	p, err := s.ListEntities(ctx, groupA, core.ListOptions{})
	must(t, "ListEntities", err)
	if len(p.Items) != 100 || p.Next == "" {
		t.Fatalf("ListEntities with Limit 0: %d items, cursor %q; want 100 and a cursor", len(p.Items), p.Next)
	}
	p2, err := s.ListEntities(ctx, groupA, core.ListOptions{Cursor: p.Next})
	must(t, "ListEntities", err)
	check(t, "second page", entIDs(p2.Items), []string{"dl-100"})
	check(t, "second page cursor", p2.Next, "")
	check(t, "first page", entIDs(p.Items), entIDs(ents[:100]))
	// More than 1000 is cut to 1000.
	ents = ents[:0]
	for i := range 1000 {
		ents = append(ents, core.Entity{UUID: fmt.Sprintf("dl-x%04d", i), GroupID: groupA, Name: fmt.Sprintf("More %d", i), CreatedAt: c2})
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: ents}))
	p, err = s.ListEntities(ctx, groupA, core.ListOptions{Limit: 5000})
	must(t, "ListEntities", err)
	if len(p.Items) != 1000 || p.Next == "" {
		t.Errorf("ListEntities with Limit 5000 over 1101 entities: %d items, cursor %q; want 1000 and a cursor", len(p.Items), p.Next)
	}
}

// ---- queue ----

func testQueueOrder(t *testing.T, s core.Store) {
	ctx := t.Context()
	mk := func(g, id string, at time.Time) core.Episode {
		return core.Episode{UUID: id, GroupID: g, Source: core.SourceText, Content: "episode " + id, ValidAt: at, CreatedAt: c1}
	}
	eps := []core.Episode{
		mk(groupA, "q-3", c1), mk(groupA, "q-1", c1), mk(groupA, "q-2", c1.Add(-time.Hour)),
		mk(groupA, "q-0", c1.Add(time.Hour)), mk(groupA, "q-4", c1.Add(2*time.Hour)),
		mk(groupB, "q-b", c1.Add(-30*time.Minute)),
	}
	_, err := s.AddEpisodes(ctx, eps)
	must(t, "AddEpisodes", err)
	groups, err := s.PendingGroups(ctx)
	must(t, "PendingGroups", err)
	check(t, "PendingGroups", sorted(groups), []string{groupA, groupB})
	pend, err := s.PendingEpisodes(ctx, groupA, 3)
	must(t, "PendingEpisodes", err)
	check(t, "PendingEpisodes(3)", epIDs(pend), []string{"q-2", "q-1", "q-3"})
	done := eps[1]
	done.Status = core.EpisodeDone
	failed := mk(groupB, "q-b", c1.Add(-30*time.Minute))
	failed.Status, failed.Attempts, failed.Error = core.EpisodeFailed, 5, "gave up"
	must(t, "Apply", s.Apply(ctx, core.Change{Episodes: []core.Episode{done}}))
	must(t, "Apply", s.Apply(ctx, core.Change{Episodes: []core.Episode{failed}}))
	pend, err = s.PendingEpisodes(ctx, groupA, 10)
	must(t, "PendingEpisodes", err)
	check(t, "PendingEpisodes after one is done", epIDs(pend), []string{"q-2", "q-3", "q-0", "q-4"})
	groups, err = s.PendingGroups(ctx)
	must(t, "PendingGroups", err)
	check(t, "PendingGroups after B's only episode failed", groups, []string{groupA})
	pend, err = s.PendingEpisodes(ctx, groupB, 10)
	must(t, "PendingEpisodes", err)
	check(t, "PendingEpisodes(B)", epIDs(pend), []string(nil))
	for _, c := range []struct {
		ep   core.Episode
		n    int
		want []string
	}{
		{eps[3], 2, []string{"q-1", "q-3"}},
		{eps[3], 10, []string{"q-2", "q-1", "q-3"}},
		{eps[0], 10, []string{"q-2", "q-1"}},
		{eps[1], 10, []string{"q-2"}},
		{eps[2], 10, nil},
		{eps[4], 0, nil},
	} {
		prev, err := s.PreviousEpisodes(ctx, c.ep, c.n)
		must(t, "PreviousEpisodes", err)
		check(t, fmt.Sprintf("PreviousEpisodes(%s, %d)", c.ep.UUID, c.n), nilIfEmpty(epIDs(prev)), c.want)
	}
}

func testStats(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	st, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	// CurrentFacts counts the facts not expired (Fact.ExpiredAt: "zero:
	// still current").
	check(t, "Stats", st, core.Stats{Episodes: 3, PendingEpisodes: 1, FailedEpisodes: 1, Entities: 5, Facts: 4, CurrentFacts: 3, Communities: 1})
	must(t, "Apply", s.Apply(ctx, core.Change{Group: groupA, DeleteFacts: []string{a.f3}}))
	st, err = s.Stats(ctx, groupA)
	must(t, "Stats", err)
	check(t, "Stats after a delete", st, core.Stats{Episodes: 3, PendingEpisodes: 1, FailedEpisodes: 1, Entities: 5, Facts: 3, CurrentFacts: 2, Communities: 1})
	st, err = s.Stats(ctx, "tenant-empty")
	must(t, "Stats", err)
	check(t, "Stats of an empty group", st, core.Stats{})
}

func testListEmbeddings(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	d := s.Dimension()
	// Episodes carry embeddings when they are given one.
	ep := core.Episode{UUID: a.g + "-e9", GroupID: groupA, Source: core.SourceText, Content: "embedded", ValidAt: now, CreatedAt: now, Embedding: axis(d, 5, 0.4)}
	_, err := s.AddEpisodes(ctx, []core.Episode{ep})
	must(t, "AddEpisodes", err)
	for _, with := range []bool{false, true} {
		o := core.ListOptions{Embeddings: with, Filter: core.Filter{IncludeInvalid: true}}
		eps, err := s.ListEpisodes(ctx, groupA, o)
		must(t, "ListEpisodes", err)
		for _, e := range eps.Items {
			want := []float32(nil)
			if with {
				want = a.epVec[e.UUID]
				if e.UUID == ep.UUID {
					want = ep.Embedding
				}
			}
			if !sameVec(e.Embedding, want) || (want == nil) != (e.Embedding == nil) {
				t.Errorf("ListEpisodes(Embeddings: %v): %s has embedding %v, want %v", with, e.UUID, e.Embedding, want)
			}
		}
		ents, err := s.ListEntities(ctx, groupA, o)
		must(t, "ListEntities", err)
		for _, e := range ents.Items {
			if with && !sameVec(e.NameEmbedding, a.entVec[e.UUID]) || !with && e.NameEmbedding != nil {
				t.Errorf("ListEntities(Embeddings: %v): %s has embedding %v", with, e.UUID, e.NameEmbedding)
			}
		}
		facts, err := s.ListFacts(ctx, groupA, o)
		must(t, "ListFacts", err)
		for _, f := range facts.Items {
			if with && !sameVec(f.Embedding, a.factVec[f.UUID]) || !with && f.Embedding != nil {
				t.Errorf("ListFacts(Embeddings: %v): %s has embedding %v", with, f.UUID, f.Embedding)
			}
		}
		cms, err := s.ListCommunities(ctx, groupA, o)
		must(t, "ListCommunities", err)
		for _, c := range cms.Items {
			if with && !sameVec(c.NameEmbedding, a.comm.NameEmbedding) || !with && c.NameEmbedding != nil {
				t.Errorf("ListCommunities(Embeddings: %v): %s has embedding %v", with, c.UUID, c.NameEmbedding)
			}
		}
		if len(eps.Items) != 4 || len(ents.Items) != 5 || len(facts.Items) != 4 || len(cms.Items) != 1 {
			t.Errorf("listings hold %d episodes, %d entities, %d facts, %d communities; want 4, 5, 4, 1",
				len(eps.Items), len(ents.Items), len(facts.Items), len(cms.Items))
		}
	}
}

func testClose(t *testing.T, s core.Store) {
	seed(t, s, groupA)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Close(done); err != nil {
		t.Errorf("Close with a done context: %v", err)
	}
	if err := s.Close(context.Background()); err != nil {
		t.Errorf("Close again: %v", err)
	}
	_, err := s.Stats(context.Background(), groupA)
	wantErr(t, "Stats after Close", err, core.ErrClosed)
	_, err = s.AddEpisodes(context.Background(), []core.Episode{{UUID: "late", GroupID: groupA, Source: core.SourceText, Content: "late", ValidAt: now, CreatedAt: now}})
	wantErr(t, "AddEpisodes after Close", err, core.ErrClosed)
}

func testCallerOwnsResults(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	spoil := func() {
		ents, err := s.Entities(ctx, []string{groupA}, []string{a.alice, a.acme}, core.GetOptions{Embeddings: true})
		must(t, "Entities", err)
		for _, e := range ents {
			e.Labels[0] = "Spoiled"
			e.NameEmbedding[0] = 42
			if e.Attributes != nil {
				e.Attributes["age"] = "spoiled"
			}
		}
		byName, err := s.EntitiesByName(ctx, groupA, []string{"acme corp"})
		must(t, "EntitiesByName", err)
		for _, e := range byName {
			e.Labels[0] = "Spoiled"
		}
		facts, err := s.Facts(ctx, []string{groupA}, []string{a.f2}, core.GetOptions{Embeddings: true})
		must(t, "Facts", err)
		for _, f := range facts {
			f.Episodes[0] = "spoiled"
			f.Embedding[0] = 42
		}
		of, err := s.FactsOfEntities(ctx, groupA, []string{a.alice}, 0)
		must(t, "FactsOfEntities", err)
		for _, f := range of {
			f.Episodes[0] = "spoiled"
		}
		cms, err := s.Communities(ctx, []string{groupA}, []string{a.c1}, core.GetOptions{})
		must(t, "Communities", err)
		for _, c := range cms {
			c.Members[0] = "spoiled"
		}
		names, err := s.EntityNames(ctx, []string{groupA}, []string{a.alice})
		must(t, "EntityNames", err)
		names[a.alice] = "spoiled"
	}
	spoil()
	ents, err := s.Entities(ctx, []string{groupA}, []string{a.alice, a.acme}, core.GetOptions{Embeddings: true})
	must(t, "Entities", err)
	for i, e := range ents {
		check(t, "entity after its copy was changed", normEntity(e), normEntity(a.ents[i]))
		if !sameVec(e.NameEmbedding, a.ents[i].NameEmbedding) {
			t.Errorf("entity %s embedding after its copy was changed: %v", e.UUID, e.NameEmbedding)
		}
	}
	f := getFact(t, s, groupA, a.f2)
	check(t, "f2.Episodes after its copy was changed", f.Episodes, []string{a.e1, a.e2})
	for _, f := range listAll(t, 10, func(o core.ListOptions) (core.Page[core.Fact], error) { return s.ListFacts(ctx, groupA, o) }, core.ListOptions{Filter: core.Filter{IncludeInvalid: true}}) {
		if slices.Contains(f.Episodes, "spoiled") {
			t.Errorf("fact %s lists the episodes of a changed copy: %v", f.UUID, f.Episodes)
		}
	}
	cms, err := s.Communities(ctx, []string{groupA}, []string{a.c1}, core.GetOptions{})
	must(t, "Communities", err)
	if len(cms) == 1 {
		check(t, "members after a copy was changed", sorted(cms[0].Members), []string{a.alice, a.paris})
	}
	names, err := s.EntityNames(ctx, []string{groupA}, []string{a.alice})
	must(t, "EntityNames", err)
	check(t, "EntityNames after a copy was changed", names, map[string]string{a.alice: "Alice Smith"})
}

// testTraverse walks a chain p0 - p1 - p2 - p3 of current facts, with an
// episode that mentions p0.
func testTraverse(t *testing.T, s core.Store) {
	ctx := t.Context()
	g := groupA
	id := func(kind string, i int) string { return fmt.Sprintf("%s-%s%d", g, kind, i) }
	var ents []core.Entity
	var facts []core.Fact
	for i := range 4 {
		ents = append(ents, core.Entity{UUID: id("p", i), GroupID: g, Name: fmt.Sprintf("P%d", i), CreatedAt: c1})
		if i > 0 {
			facts = append(facts, core.Fact{UUID: id("l", i), GroupID: g, Relation: "NEXT_TO", Text: fmt.Sprintf("P%d is next to P%d", i-1, i),
				SourceUUID: id("p", i-1), TargetUUID: id("p", i), CreatedAt: c1})
		}
	}
	ep := core.Episode{UUID: id("ep", 0), GroupID: g, Source: core.SourceText, Content: "P0", ValidAt: c1, CreatedAt: c1}
	_, err := s.AddEpisodes(ctx, []core.Episode{ep})
	must(t, "AddEpisodes", err)
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: ents, Facts: facts, Mentions: []core.Mention{{Episode: ep.UUID, Entity: id("p", 0)}}}))
	seed(t, s, groupB)
	walk := func(sc core.Scope, seed string, depth int) map[string]int {
		t.Helper()
		hits, err := s.Traverse(ctx, core.TraverseQuery{Scope: sc, Groups: []string{g}, Seeds: []string{seed}, Depth: depth, Limit: 50, Filter: core.Filter{Now: now}})
		must(t, "Traverse", err)
		out := map[string]int{}
		for i, h := range hits {
			if i > 0 && h.Distance < hits[i-1].Distance {
				t.Errorf("Traverse(%s, %s, %d): not nearest first: %v", sc, seed, depth, hits)
			}
			if h.Distance > 0 && math.Abs(h.Score-1/float64(h.Distance)) > 1e-9 {
				t.Errorf("Traverse: hit %s at distance %d scores %v, want 1/distance", h.UUID, h.Distance, h.Score)
			}
			if h.UUID != seed {
				out[h.UUID] = h.Distance
			}
		}
		return out
	}
	check(t, "entities within 2 hops of p0", walk(core.ScopeEntities, id("p", 0), 2), map[string]int{id("p", 1): 1, id("p", 2): 2})
	check(t, "entities within 1 hop of p1 (depth 0 means 1)", walk(core.ScopeEntities, id("p", 1), 0), map[string]int{id("p", 0): 1, id("p", 2): 1})
	// The mention is one hop of Distance but not a fact hop: Depth 1 from
	// the episode reaches p0 and, one fact further, p1.
	check(t, "entities within 1 fact hop of what the episode mentions", walk(core.ScopeEntities, ep.UUID, 1), map[string]int{id("p", 0): 1, id("p", 1): 2})
	check(t, "facts within 2 hops of p0", walk(core.ScopeFacts, id("p", 0), 2), map[string]int{id("l", 1): 1, id("l", 2): 2})
	dist, err := s.Distances(ctx, []string{g}, id("p", 0), []string{id("p", 0), id("p", 1), id("p", 2), id("p", 3), "nope"}, 2)
	must(t, "Distances", err)
	check(t, "Distances from p0 up to 2 hops", dist, map[string]int{id("p", 0): 0, id("p", 1): 1, id("p", 2): 2})
}

// testConcurrent runs writers of two groups and readers at once; each
// group ends with exactly what its writer wrote.
func testConcurrent(t *testing.T, s core.Store) {
	ctx := t.Context()
	const rounds = 6
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for _, g := range []string{groupA, groupB} {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for i := range rounds {
				ep := core.Episode{UUID: fmt.Sprintf("%s-c%d", g, i), GroupID: g, Source: core.SourceText, Content: fmt.Sprintf("round %d", i), ValidAt: c1.Add(time.Duration(i) * time.Minute), CreatedAt: c1}
				if _, err := s.AddEpisodes(ctx, []core.Episode{ep}); err != nil {
					errs <- err
					return
				}
				ent := core.Entity{UUID: fmt.Sprintf("%s-cn%d", g, i), GroupID: g, Name: fmt.Sprintf("E%d", i), CreatedAt: c1, NameEmbedding: axis(s.Dimension(), i, 0)}
				ep.Status = core.EpisodeDone
				if err := s.Apply(ctx, core.Change{Episodes: []core.Episode{ep}, Entities: []core.Entity{ent}, Mentions: []core.Mention{{Episode: ep.UUID, Entity: ent.UUID}}}); err != nil {
					errs <- err
					return
				}
			}
		}()
		go func() {
			defer wg.Done()
			for i := range rounds * 2 {
				hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{g}, Vector: axis(s.Dimension(), i, 0), MinScore: -1})
				if err != nil {
					errs <- err
					return
				}
				for _, h := range hits {
					if !strings.HasPrefix(h.UUID, g+"-") {
						errs <- fmt.Errorf("VectorSearch in %s returned %s", g, h.UUID)
					}
				}
				if _, err := s.ListEpisodes(ctx, g, core.ListOptions{}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for _, g := range []string{groupA, groupB} {
		st, err := s.Stats(ctx, g)
		must(t, "Stats", err)
		check(t, "Stats of "+g, st, core.Stats{Episodes: rounds, Entities: rounds})
	}
}

// ---- searches ----

// vectorWorld writes n entities in group A with pseudo-random vectors and,
// in group B, n entities closer to every query than any of A's, so that a
// search that cut before restricting to the groups would lose A's results.
func vectorWorld(t *testing.T, s core.Store, n int, queries [][]float32) map[string][]float32 {
	t.Helper()
	d := s.Dimension()
	r := rng(42)
	vecs := map[string][]float32{}
	var as, bs []core.Entity
	for i := range n {
		id := fmt.Sprintf("%s-v%03d", groupA, i)
		v := r.vec(d)
		vecs[id] = v
		as = append(as, core.Entity{UUID: id, GroupID: groupA, Name: id, NameEmbedding: v, CreatedAt: c1})
		q := queries[i%len(queries)]
		w := make([]float32, d)
		noise := r.vec(d)
		for j := range w {
			w[j] = q[j] + 0.01*noise[j]
		}
		bs = append(bs, core.Entity{UUID: fmt.Sprintf("%s-v%03d", groupB, i), GroupID: groupB, Name: "b", NameEmbedding: w, CreatedAt: c1})
	}
	must(t, "Apply", s.Apply(t.Context(), core.Change{Entities: as}))
	must(t, "Apply", s.Apply(t.Context(), core.Change{Entities: bs}))
	return vecs
}

type scored struct {
	id    string
	score float64
}

func exact(vecs map[string][]float32, q []float32) []scored {
	var out []scored
	for id, v := range vecs {
		out = append(out, scored{id, cosine(v, q)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].score > out[j].score })
	return out
}

// checkHits checks hits against the exact ranking: the groups, the limit,
// the scores (cosine), best first, and returns how many of the exact top
// len(want) were found.
func checkHits(t *testing.T, what string, hits []core.Hit, ranking []scored, want int, minScore float64) int {
	t.Helper()
	score := map[string]float64{}
	for _, s := range ranking {
		score[s.id] = s.score
	}
	if len(hits) > want {
		t.Errorf("%s: %d hits, want at most %d", what, len(hits), want)
	}
	seen := map[string]bool{}
	for i, h := range hits {
		sc, ok := score[h.UUID]
		if !ok {
			t.Errorf("%s: hit %s is not an object of the searched group", what, h.UUID)
			continue
		}
		if seen[h.UUID] {
			t.Errorf("%s: hit %s twice", what, h.UUID)
		}
		seen[h.UUID] = true
		if math.Abs(h.Score-sc) > 1e-3 {
			t.Errorf("%s: hit %s scores %.5f, its cosine is %.5f", what, h.UUID, h.Score, sc)
		}
		if h.Score < minScore-1e-6 {
			t.Errorf("%s: hit %s scores %.5f under MinScore %.5f", what, h.UUID, h.Score, minScore)
		}
		if i > 0 && h.Score > hits[i-1].Score+1e-6 {
			t.Errorf("%s: hits not best first: %.5f after %.5f", what, h.Score, hits[i-1].Score)
		}
	}
	found := 0
	for _, s := range ranking[:min(want, len(ranking))] {
		if seen[s.id] {
			found++
		}
	}
	return found
}

func testVectorRecall(t *testing.T, s core.Store) {
	ctx := t.Context()
	d := s.Dimension()
	r := rng(7)
	queries := [][]float32{r.vec(d), r.vec(d), r.vec(d), r.vec(d)}
	vecs := vectorWorld(t, s, 60, queries)
	const limit = 10
	found, total := 0, 0
	for i, q := range queries {
		hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA}, Vector: q, Limit: limit, MinScore: -1})
		must(t, "VectorSearch", err)
		if len(hits) != limit {
			t.Errorf("query %d: %d hits, want %d: group B's nearer vectors took group A's places", i, len(hits), limit)
		}
		found += checkHits(t, fmt.Sprintf("query %d", i), hits, exact(vecs, q), limit, -1)
		total += limit
	}
	if recall := float64(found) / float64(total); recall < 0.9 {
		t.Errorf("recall %.2f against an exact scan, want at least 0.9", recall)
	}
	// Limit larger than the group: every vector once.
	hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA}, Vector: queries[0], Limit: 100, MinScore: -1})
	must(t, "VectorSearch", err)
	if n := checkHits(t, "limit 100", hits, exact(vecs, queries[0]), 100, -1); n < 54 {
		t.Errorf("limit 100 over 60 vectors found %d", n)
	}
}

func testVectorMinScore(t *testing.T, s core.Store) {
	ctx := t.Context()
	d := s.Dimension()
	r := rng(11)
	queries := [][]float32{r.vec(d), r.vec(d)}
	vecs := vectorWorld(t, s, 40, queries)
	for i, q := range queries {
		ranking := exact(vecs, q)
		// A threshold between the 6th and 7th best.
		minScore := (ranking[5].score + ranking[6].score) / 2
		hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupA}, Vector: q, Limit: 20, MinScore: minScore})
		must(t, "VectorSearch", err)
		n := checkHits(t, fmt.Sprintf("query %d, MinScore", i), hits, ranking, 6, minScore)
		if n < 5 {
			t.Errorf("query %d: MinScore %.4f found %d of the 6 vectors above it", i, minScore, n)
		}
	}
}

// testVectorScopes searches each scope with the vector of one of its
// objects: that object comes first, with cosine 1, and every hit is of the
// scope.
func testVectorScopes(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, _ := seedBoth(t, s)
	all := core.Filter{IncludeInvalid: true}
	for _, c := range []struct {
		sc   core.Scope
		vecs map[string][]float32
	}{
		{core.ScopeEpisodes, a.epVec},
		{core.ScopeEntities, a.entVec},
		{core.ScopeFacts, a.factVec},
		{core.ScopeCommunities, map[string][]float32{a.c1: a.comm.NameEmbedding}},
	} {
		for id, v := range c.vecs {
			hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: c.sc, Groups: []string{groupA}, Vector: v, Limit: 3, MinScore: -1, Filter: all})
			must(t, "VectorSearch", err)
			if len(hits) == 0 || hits[0].UUID != id || math.Abs(hits[0].Score-1) > 1e-4 {
				t.Errorf("VectorSearch(%s) with the vector of %s = %+v, want it first with score 1", c.sc, id, hits)
			}
			for _, h := range hits {
				if _, ok := c.vecs[h.UUID]; !ok {
					t.Errorf("VectorSearch(%s) returned %s, not an object of the scope", c.sc, h.UUID)
				}
			}
		}
	}
}

func testTextSearch(t *testing.T, s core.Store) {
	ctx := t.Context()
	a, b := seedBoth(t, s)
	A := []string{groupA}
	search := func(sc core.Scope, text string, limit int, f core.Filter) []string {
		hits, err := s.TextSearch(ctx, core.SearchQuery{Scope: sc, Groups: A, Text: text, Limit: limit, Filter: f})
		must(t, "TextSearch", err)
		for i := 1; i < len(hits); i++ {
			if hits[i].Score > hits[i-1].Score+1e-9 {
				t.Errorf("TextSearch(%s, %q) not best first: %v", sc, text, hits)
			}
		}
		if len(hits) > limit {
			t.Errorf("TextSearch(%s, %q): %d hits over the limit %d", sc, text, len(hits), limit)
		}
		return hitIDs(hits)
	}
	all := core.Filter{IncludeInvalid: true}
	if got := search(core.ScopeFacts, "Acme", 10, all); !slices.Contains(got, a.f1) {
		t.Errorf("TextSearch(facts, Acme) = %v, want %s", got, a.f1)
	}
	if got := search(core.ScopeFacts, "friends", 10, all); !slices.Equal(got, []string{a.f3}) {
		t.Errorf("TextSearch(facts, friends) = %v, want [%s]", got, a.f3)
	}
	if got := search(core.ScopeEntities, "Paris", 10, core.Filter{}); !slices.Contains(got, a.paris) {
		t.Errorf("TextSearch(entities, Paris) = %v, want %s", got, a.paris)
	}
	if got := search(core.ScopeEntities, "Beta", 10, core.Filter{}); !slices.Equal(got, []string{a.beta}) {
		t.Errorf("TextSearch(entities, Beta) = %v, want [%s]", got, a.beta)
	}
	if got := search(core.ScopeEpisodes, "Globex", 10, core.Filter{}); !slices.Equal(got, []string{a.e3}) {
		t.Errorf("TextSearch(episodes, Globex) = %v, want [%s]", got, a.e3)
	}
	if got := search(core.ScopeCommunities, "Paris", 10, core.Filter{}); !slices.Equal(got, []string{a.c1}) {
		t.Errorf("TextSearch(communities, Paris) = %v, want [%s]", got, a.c1)
	}
	if got := search(core.ScopeEntities, "zeppelin", 10, core.Filter{}); len(got) != 0 {
		t.Errorf("TextSearch(entities, zeppelin) = %v, want nothing", got)
	}
	// Group B holds many better matches; group A's two still come back.
	var bs []core.Entity
	for i := range 30 {
		bs = append(bs, core.Entity{UUID: fmt.Sprintf("%s-z%02d", groupB, i), GroupID: groupB, Name: "Zebra", Summary: "zebra zebra zebra", CreatedAt: c3})
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: bs}))
	az := []core.Entity{
		{UUID: a.g + "-z1", GroupID: groupA, Name: "Zoo", Summary: "It keeps one zebra among many animals of the savannah and elsewhere", CreatedAt: c3},
		{UUID: a.g + "-z2", GroupID: groupA, Name: "Stripes", Summary: "A zebra pattern", CreatedAt: c3},
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: az}))
	check(t, "TextSearch(entities, zebra) in group A", sorted(search(core.ScopeEntities, "zebra", 2, core.Filter{})), []string{a.g + "-z1", a.g + "-z2"})
	check(t, "TextSearch(entities, zebra), limit 1", len(search(core.ScopeEntities, "zebra", 1, core.Filter{})), 1)
	hits, err := s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{groupB}, Text: "zebra", Limit: 50})
	must(t, "TextSearch", err)
	check(t, "TextSearch(entities, zebra) in group B", len(hits), 30)
	// MinScore drops hits scoring below it.
	hits, err = s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: A, Text: "zebra", Limit: 10})
	must(t, "TextSearch", err)
	if len(hits) == 2 && hits[0].Score > hits[1].Score {
		min := (hits[0].Score + hits[1].Score) / 2
		above, err := s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: A, Text: "zebra", Limit: 10, MinScore: min})
		must(t, "TextSearch", err)
		check(t, "TextSearch(entities, zebra) with MinScore", hitIDs(above), []string{hits[0].UUID})
	} else {
		t.Errorf("TextSearch(entities, zebra) in group A = %v, want two hits of different scores", hits)
	}
	_ = b
}
