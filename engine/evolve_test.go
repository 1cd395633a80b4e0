package engine_test

import (
	"context"
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/core/memstore"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/evolve"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/internal/simclock"
)

// countingStore counts the writes made to the store it wraps.
type countingStore struct {
	*memstore.Store
	applies, puts atomic.Int64
}

func (s *countingStore) Apply(ctx context.Context, c core.Change) error {
	s.applies.Add(1)
	return s.Store.Apply(ctx, c)
}

func (s *countingStore) PutRecords(ctx context.Context, rs []core.Record) error {
	s.puts.Add(1)
	return s.Store.PutRecords(ctx, rs)
}

var day0 = time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC)

func onDay(d int) time.Time { return day0.Add(time.Duration(d) * 24 * time.Hour) }

// openEvolving opens an engine on s with the clock c, flushing access
// counts only when asked (Evolve, Close).
func openEvolving(t *testing.T, s core.Store, c *simclock.Clock) *engine.Engine {
	t.Helper()
	e, err := engine.Open(context.Background(), engine.Options{
		Store: s, Embedder: hashembed.New(s.Dimension()), Plugins: noPlugins{}, Now: c.Now,
		Evolve: evolve.Config{FlushEvery: -1},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(context.Background()) })
	return e
}

// evolveWorld is a small group: Ann is its hub (she likes tea, knows Bob,
// visited Rome), and Cat owns Dog apart.
type evolveWorld struct {
	e                        *engine.Engine
	c                        *simclock.Clock
	likes, knows, visited    string
	ann, tea, bob, rome, cat string
}

func addFact(t *testing.T, e *engine.Engine, src, rel, tgt string) string {
	t.Helper()
	rep, err := e.AddFact(t.Context(), engine.Triplet{GroupID: "g", Source: src, Relation: rel, Target: tgt})
	if err != nil || rep.Error != "" {
		t.Fatalf("AddFact(%s %s %s) = %+v, %v", src, rel, tgt, rep, err)
	}
	facts, err := e.EpisodeFacts(t.Context(), "g", rep.UUID)
	if err != nil || len(facts) != 1 {
		t.Fatalf("EpisodeFacts = %v, %v; want one fact", facts, err)
	}
	return facts[0].UUID
}

func seedEvolve(t *testing.T, s core.Store) *evolveWorld {
	c := simclock.New(onDay(0))
	w := &evolveWorld{c: c, e: openEvolving(t, s, c)}
	w.likes = addFact(t, w.e, "Ann", "LIKES", "Tea")
	w.knows = addFact(t, w.e, "Ann", "KNOWS", "Bob")
	w.visited = addFact(t, w.e, "Ann", "VISITED", "Rome")
	addFact(t, w.e, "Cat", "OWNS", "Dog")
	ids := map[string]*string{"Ann": &w.ann, "Tea": &w.tea, "Bob": &w.bob, "Rome": &w.rome, "Cat": &w.cat}
	p, err := w.e.ListEntities(t.Context(), "g", core.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, en := range p.Items {
		if id := ids[en.Name]; id != nil {
			*id = en.UUID
		}
	}
	return w
}

func itemIDs(items []evolve.Item) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.UUID)
	}
	slices.Sort(out)
	return out
}

func searchIDs(t *testing.T, e *engine.Engine, query string, f core.Filter) []string {
	t.Helper()
	res, err := e.Search(t.Context(), retrieval.Request{Groups: []string{"g"}, Query: query, Scopes: []core.Scope{core.ScopeFacts, core.ScopeEntities}, Filter: f})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range res.Facts {
		out = append(out, f.UUID)
	}
	for _, en := range res.Entities {
		out = append(out, en.UUID)
	}
	return out
}

// TestEvolveArchivesStaleKeepsUsedAndPinned is issue 20's "Done when" for
// decay: a year on, what nobody used is archived, and what was searched,
// marked useful, pinned or central is not; archived objects come back
// with include_archived, through time travel, and when mentioned again.
func TestEvolveArchivesStaleKeepsUsedAndPinned(t *testing.T) {
	ctx := t.Context()
	w := seedEvolve(t, memstore.New(32))
	e := w.e

	// Day 60: an agent asks about tea (the best fact and entity are
	// returned and counted); Bob is pinned and Ann knowing him is useful.
	w.c.Set(onDay(60))
	res, err := e.Search(ctx, retrieval.Request{Groups: []string{"g"}, Query: "Tea", Limit: 1, Scopes: []core.Scope{core.ScopeFacts, core.ScopeEntities}})
	if err != nil || len(res.Facts) != 1 || res.Facts[0].UUID != w.likes || len(res.Entities) != 1 || res.Entities[0].UUID != w.tea {
		t.Fatalf("Search(Tea) = %+v, %v; want the LIKES fact and Tea", res, err)
	}
	for _, fb := range []evolve.FeedbackRequest{
		{Group: "g", Scope: core.ScopeEntities, UUID: w.bob, Kind: evolve.FeedbackPin},
		{Group: "g", Scope: core.ScopeFacts, UUID: w.knows, Kind: evolve.FeedbackUseful},
	} {
		if err := e.Feedback(ctx, fb); err != nil {
			t.Fatalf("Feedback(%+v): %v", fb, err)
		}
	}

	// Day 365, dry: the report says what would go, nothing changes.
	dry, err := e.Evolve(ctx, "g", evolve.Options{Now: onDay(365), DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	wantArchived := []string{w.visited, w.rome}
	slices.Sort(wantArchived)
	if got := itemIDs(dry.Archived); !slices.Equal(got, wantArchived) {
		t.Fatalf("dry Evolve archived %v (%+v), want Rome and the VISITED fact %v", got, dry.Archived, wantArchived)
	}
	// (Listing, unlike searching, is no use of what it lists.)
	if p, err := e.ListEntities(ctx, "g", core.ListOptions{}); err != nil || !slices.ContainsFunc(p.Items, func(en core.Entity) bool { return en.UUID == w.rome }) {
		t.Fatalf("after a dry run, ListEntities = %v, %v; want Rome still active", p.Items, err)
	}
	if reps, err := e.EvolveReports(ctx, "g"); err != nil || len(reps) != 0 {
		t.Errorf("EvolveReports after a dry run = %v, %v; want none kept", reps, err)
	}

	rep, err := e.Evolve(ctx, "g", evolve.Options{Now: onDay(365)})
	if err != nil {
		t.Fatal(err)
	}
	if got := itemIDs(rep.Archived); !slices.Equal(got, wantArchived) {
		t.Fatalf("Evolve archived %v, want %v", got, wantArchived)
	}
	if rep.Scored != 10 || rep.ArchivedNow != (evolve.ItemCounts{Entities: 1, Facts: 1}) {
		t.Errorf("Evolve scored %d, archived now %+v; want 10 and 1 entity, 1 fact", rep.Scored, rep.ArchivedNow)
	}

	// Out of default search, listing and context; back with the flag.
	if got := searchIDs(t, e, "Rome", core.Filter{}); slices.Contains(got, w.rome) || slices.Contains(got, w.visited) {
		t.Errorf("Search(Rome) after archiving = %v, want Rome and its fact left out", got)
	}
	got := searchIDs(t, e, "Rome", core.Filter{IncludeArchived: true})
	if !slices.Contains(got, w.rome) || !slices.Contains(got, w.visited) {
		t.Errorf("Search(Rome, include archived) = %v, want Rome and its fact", got)
	}
	p, err := e.ListEntities(ctx, "g", core.ListOptions{})
	if err != nil || slices.ContainsFunc(p.Items, func(en core.Entity) bool { return en.UUID == w.rome }) {
		t.Errorf("ListEntities after archiving = %v, %v; want Rome left out", p.Items, err)
	}
	en, err := e.Entity(ctx, []string{"g"}, w.rome)
	if err != nil || !en.ArchivedAt.Equal(onDay(365)) {
		t.Errorf("Entity(Rome) = %+v, %v; want it in the graph, archived on day 365", en, err)
	}
	text, err := e.Context(ctx, retrieval.ContextRequest{Request: retrieval.Request{Groups: []string{"g"}, Query: "Ann visited Rome"}})
	// Episodes are never archived (they are the record), so Rome is
	// still named there.
	if err != nil || strings.Contains(text, "- Ann visited Rome (") || strings.Contains(text, "- Rome:") {
		t.Errorf("Context(Ann visited Rome) = %q, %v; want no archived fact or entity", text, err)
	}
	// Time travel: as known on day 364 they were active.
	got = searchIDs(t, e, "Rome", core.Filter{KnownAt: onDay(364)})
	if !slices.Contains(got, w.rome) || !slices.Contains(got, w.visited) {
		t.Errorf("Search(Rome, known at day 364) = %v, want Rome and its fact", got)
	}

	// The report is kept.
	reps, err := e.EvolveReports(ctx, "g")
	if err != nil || len(reps) != 1 || len(reps[0].Archived) != 2 || reps[0].RescoredCount != 10 {
		t.Errorf("EvolveReports = %+v, %v; want one report of two archived and ten scored", reps, err)
	}

	// Mentioned again: Ann visits Rome again, both come back.
	w.c.Set(onDay(400))
	addFact(t, e, "Ann", "VISITED", "Rome")
	got = searchIDs(t, e, "Rome", core.Filter{})
	if !slices.Contains(got, w.rome) || !slices.Contains(got, w.visited) {
		t.Errorf("Search(Rome) after a new mention = %v, want Rome and its fact back", got)
	}
}

// TestSearchCountsWithoutWriting: a search writes nothing to the store;
// its counts are written at Close and a reopened engine scores with them.
func TestSearchCountsWithoutWriting(t *testing.T) {
	ctx := t.Context()
	s := &countingStore{Store: memstore.New(32)}
	w := seedEvolve(t, s)
	w.c.Set(onDay(30))
	if err := w.e.Close(ctx); err != nil { // writes the mentions of the seed
		t.Fatal(err)
	}
	e := openEvolving(t, s, w.c)
	applies, puts := s.applies.Load(), s.puts.Load()
	for range 3 {
		if _, err := e.Search(ctx, retrieval.Request{Groups: []string{"g"}, Query: "Tea", Limit: 1, Scopes: []core.Scope{core.ScopeFacts}}); err != nil {
			t.Fatal(err)
		}
	}
	if a, p := s.applies.Load()-applies, s.puts.Load()-puts; a != 0 || p != 0 {
		t.Fatalf("three searches made %d applies and %d record writes, want none", a, p)
	}
	if err := e.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if s.puts.Load() == puts {
		t.Fatal("Close wrote no access counts")
	}
	e = openEvolving(t, s, w.c)
	rep, err := e.Evolve(ctx, "g", evolve.Options{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range rep.Rescored {
		want := 0.0
		if it.UUID == w.likes {
			want = 1 // the most returned object of the group
		}
		if it.Parts.Frequency != want {
			t.Errorf("after a reopen, frequency of %s (%s) = %v, want %v", it.Name, it.UUID, it.Parts.Frequency, want)
		}
	}
}

// TestFeedbackWrongInvalidates: marking a fact wrong expires it in system
// time with the reason, keeps it in history, and deletes nothing.
func TestFeedbackWrongInvalidates(t *testing.T) {
	ctx := t.Context()
	w := seedEvolve(t, memstore.New(32))
	w.c.Set(onDay(5))
	err := w.e.Feedback(ctx, evolve.FeedbackRequest{Group: "g", Scope: core.ScopeFacts, UUID: w.likes, Kind: evolve.FeedbackWrong, Reason: "Ann prefers coffee"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := w.e.Fact(ctx, []string{"g"}, w.likes)
	if err != nil {
		t.Fatal(err)
	}
	if !f.ExpiredAt.Equal(onDay(5)) || f.Attributes[engine.ReasonAttribute] != "marked wrong: Ann prefers coffee" {
		t.Errorf("fact marked wrong = expired %v, attributes %v; want expired on day 5 with the reason", f.ExpiredAt, f.Attributes)
	}
	if got := searchIDs(t, w.e, "Tea", core.Filter{}); slices.Contains(got, w.likes) {
		t.Errorf("Search(Tea) = %v, want the wrong fact left out", got)
	}
	if got := searchIDs(t, w.e, "Tea", core.Filter{KnownAt: onDay(4)}); !slices.Contains(got, w.likes) {
		t.Errorf("Search(Tea, known at day 4) = %v, want the fact as it was believed", got)
	}
	for _, bad := range []evolve.FeedbackRequest{
		{Group: "g", Scope: core.ScopeFacts, UUID: "nope", Kind: evolve.FeedbackPin},
		{Group: "other", Scope: core.ScopeFacts, UUID: w.likes, Kind: evolve.FeedbackPin},
		{Group: "g", Scope: core.ScopeEpisodes, UUID: w.likes, Kind: evolve.FeedbackPin},
		{Group: "g", Scope: core.ScopeFacts, UUID: w.likes, Kind: "love"},
	} {
		if err := w.e.Feedback(ctx, bad); err == nil {
			t.Errorf("Feedback(%+v) = nil, want an error", bad)
		}
	}
}

// TestPageRank: the hub of a star ranks first, and ranks are in [0, 1].
func TestPageRank(t *testing.T) {
	g := core.EntityGraph{Nodes: []string{"hub", "a", "b", "c", "x", "y", "lone"}, Edges: []core.WeightedEdge{
		{A: "hub", B: "a", Weight: 1}, {A: "hub", B: "b", Weight: 1}, {A: "c", B: "hub", Weight: 2}, {A: "x", B: "y", Weight: 1},
	}}
	r := evolve.PageRank(g)
	if r["hub"] != 1 || !(r["a"] < r["c"] && r["c"] < r["hub"]) || r["a"] != r["b"] || r["x"] != r["y"] || r["lone"] >= r["a"] || r["lone"] <= 0 {
		t.Errorf("PageRank = %v, want hub 1, c (heavier edge) over a = b, lone lowest but positive", r)
	}
}

// blockingStore holds EntityGraph, which Evolve reads, until released.
type blockingStore struct {
	*memstore.Store
	entered, release chan struct{}
}

func (s *blockingStore) EntityGraph(ctx context.Context, group string) (core.EntityGraph, error) {
	if s.entered != nil {
		close(s.entered)
		s.entered = nil
		<-s.release
	}
	return s.Store.EntityGraph(ctx, group)
}

// TestEvolveDoesNotBlockSearchOrIngest: while a run is in progress, a
// search and an ingestion of the same group complete.
func TestEvolveDoesNotBlockSearchOrIngest(t *testing.T) {
	ctx := t.Context()
	s := &blockingStore{Store: memstore.New(32)}
	w := seedEvolve(t, s)
	s.entered, s.release = make(chan struct{}), make(chan struct{})
	entered := s.entered
	done := make(chan error, 1)
	go func() {
		_, err := w.e.Evolve(ctx, "g", evolve.Options{Now: onDay(365)})
		done <- err
	}()
	<-entered // the run is scoring the group
	if got := searchIDs(t, w.e, "Tea", core.Filter{}); !slices.Contains(got, w.likes) {
		t.Errorf("Search(Tea) during a run = %v, want the LIKES fact", got)
	}
	addFact(t, w.e, "Ann", "READS", "Dune")
	select {
	case err := <-done:
		t.Fatalf("Evolve returned (%v) before it was released", err)
	default:
	}
	close(s.release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestImportanceRanksTies: two facts a search scores equally (the same
// text) are ordered by importance in a recipe that weighs it, and the
// context keeps the more important one when only one fits.
func TestImportanceRanksTies(t *testing.T) {
	ctx := t.Context()
	c := simclock.New(onDay(0))
	e := openEvolving(t, memstore.New(32), c)
	var ids []string
	for i, src := range []string{"Zed", "Yan"} {
		rep, err := e.AddFact(ctx, engine.Triplet{GroupID: "g", Source: src, Relation: "LIKES", Target: "Tea", Fact: "someone likes green tea",
			ValidAt: time.Date(2020+i, 1, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil || rep.Error != "" {
			t.Fatal(rep, err)
		}
		fs, err := e.EpisodeFacts(ctx, "g", rep.UUID)
		if err != nil || len(fs) != 1 {
			t.Fatal(fs, err)
		}
		ids = append(ids, fs[0].UUID)
	}
	slices.Sort(ids)
	first, second := ids[0], ids[1] // equal scores: the smaller uuid wins
	if err := e.Feedback(ctx, evolve.FeedbackRequest{Group: "g", Scope: core.ScopeFacts, UUID: second, Kind: evolve.FeedbackPin}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Evolve(ctx, "g", evolve.Options{}); err != nil {
		t.Fatal(err)
	}
	top := func(weights map[string]float64) string {
		t.Helper()
		r := &retrieval.Recipe{Scopes: map[core.Scope]retrieval.ScopeConfig{core.ScopeFacts: {Weights: weights, Limit: 2}}}
		res, err := e.Search(ctx, retrieval.Request{Groups: []string{"g"}, Query: "someone likes green tea", Custom: r})
		if err != nil || len(res.Facts) != 2 {
			t.Fatalf("Search = %+v, %v; want both facts", res.Facts, err)
		}
		return res.Facts[0].UUID
	}
	if got := top(nil); got != first {
		t.Fatalf("without importance, the first fact is %s, want %s (equal scores, smaller uuid)", got, first)
	}
	if got := top(map[string]float64{retrieval.FeatureImportance: 1}); got != second {
		t.Errorf("with importance weighed, the first fact is %s, want the pinned %s", got, second)
	}

	req := retrieval.ContextRequest{Request: retrieval.Request{Groups: []string{"g"}, Query: "someone likes green tea", Scopes: []core.Scope{core.ScopeFacts}}}
	full, err := e.Context(ctx, req)
	if err != nil || strings.Count(full, "someone likes green tea") != 2 {
		t.Fatalf("Context = %q, %v; want both facts", full, err)
	}
	for req.Budget = retrieval.EstimateTokens(full) - 1; req.Budget > 0; req.Budget-- {
		text, err := e.Context(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Count(text, "someone likes green tea") == 1 {
			// The pinned fact's line carries its start date.
			pinnedFact, err := e.Fact(ctx, []string{"g"}, second)
			if err != nil {
				t.Fatal(err)
			}
			if want := pinnedFact.ValidAt.Format("2006-01-02"); !strings.Contains(text, want) {
				t.Errorf("Context within %d tokens = %q, want the pinned fact (valid from %s)", req.Budget, text, want)
			}
			return
		}
	}
	t.Fatal("no budget keeps exactly one fact")
}

// ontologySets gives every group an ontology.
type ontologySets struct{ o *core.Ontology }

func (s ontologySets) For(context.Context, string) (core.Plugins, error) {
	return core.Plugins{Ontology: s.o}, nil
}

// TestHalfLivesByType: a fact type's half-life comes from the
// configuration over the ontology over the defaults, and sets how fast
// its facts decay.
func TestHalfLivesByType(t *testing.T) {
	ctx := t.Context()
	c := simclock.New(onDay(0))
	o := &core.Ontology{FactTypes: []core.FactType{{Name: "CHATTED", HalfLife: 24 * time.Hour}, {Name: "LIKES", HalfLife: 2 * 24 * time.Hour}}}
	s := memstore.New(32)
	e, err := engine.Open(ctx, engine.Options{Store: s, Embedder: hashembed.New(32), Plugins: ontologySets{o}, Now: c.Now,
		Evolve: evolve.Config{FlushEvery: -1, HalfLives: map[string]time.Duration{"LIKES": 10 * 24 * time.Hour}}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(ctx)
	for _, rel := range []string{"CHATTED", "LIKES", "VISITED", "OWNS"} {
		if rep, err := e.AddFact(ctx, engine.Triplet{GroupID: "g", Source: "Ann", Relation: rel, Target: "X" + rel}); err != nil || rep.Error != "" {
			t.Fatal(rep, err)
		}
	}
	rep, err := e.Evolve(ctx, "g", evolve.Options{Now: onDay(10), DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{
		"Ann chatted XCHATTED": 1.0 / 1024,            // the ontology's day
		"Ann likes XLIKES":     0.5,                   // the configuration's 10 days, over the ontology's 2
		"Ann visited XVISITED": math.Exp2(-10.0 / 7),  // the default week
		"Ann owns XOWNS":       math.Exp2(-10.0 / 30), // the default month
	}
	found := 0
	for _, it := range rep.Rescored {
		if w, ok := want[it.Name]; ok {
			found++
			if math.Abs(it.Parts.Recency-w) > 1e-9 {
				t.Errorf("recency of %q after 10 days = %v, want %v", it.Name, it.Parts.Recency, w)
			}
		}
	}
	if found != len(want) {
		t.Errorf("found %d of the %d facts in the report %+v", found, len(want), rep.Rescored)
	}
}
