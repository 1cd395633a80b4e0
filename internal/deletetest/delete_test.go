package deletetest

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/core/memstore"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// Groups, and fixed times: system times on one day of 2024, event times
// in earlier years.
const groupA, groupB = "tenant-a", "tenant-b"

var (
	c1, c2, c3 = time.Date(2024, 3, 1, 9, 0, 0, 0, time.UTC), time.Date(2024, 3, 1, 10, 0, 0, 0, time.UTC), time.Date(2024, 3, 1, 11, 0, 0, 0, time.UTC)
	now        = time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	y2019      = time.Date(2019, 6, 1, 0, 0, 0, 0, time.UTC)
	y2020      = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	y2022      = time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC)
	y2023      = time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)
	y2030      = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
)

// world names the objects of one group's graph, uuids prefixed by the
// group:
//
//   - episodes e1, e2, e3, done, at c1, c2, c3;
//   - entities Alice, Acme, Paris, Bob, Beta;
//   - f1 Alice WORKS_AT Acme from 2020, stated open-ended by e1, ended in
//     2023 and expired at c3 by f4;
//   - f2 Alice LIVES_IN Paris, stated by e1 and e2;
//   - f3 Bob KNOWS Alice, stated ended in 2022 by e2;
//   - f4 Alice WORKS_AT Beta from 2023, stated by e3;
//   - e1 mentions Alice, Acme, Paris; e2 Alice, Bob, Paris; e3 Alice,
//     Beta.
type world struct {
	g                             string
	e1, e2, e3                    string
	alice, acme, paris, bob, beta string
	f1, f2, f3, f4                string
	facts                         map[string]core.Fact
}

// env is an engine with no ingestion worker over a fresh store that
// holds the graph of groups A and B.
type env struct {
	store core.Store
	eng   *engine.Engine
	a, b  world
}

// TestDeletes runs every case on each store: the engine's rules must hold
// whichever store keeps the graph.
func TestDeletes(t *testing.T) {
	stores := []struct {
		name string
		open func(t *testing.T) core.Store
	}{
		{"kuzu", func(t *testing.T) core.Store { return kuzutest.MustOpen(t) }},
		{"memory", func(t *testing.T) core.Store {
			s := memstore.New(kuzutest.Dimension)
			t.Cleanup(func() { _ = s.Close(context.Background()) })
			return s
		}},
	}
	cases := []struct {
		name string
		fn   func(t *testing.T, v *env)
	}{
		{"DeleteFactRestores", testDeleteFactRestores},
		{"DeleteEpisodeRestores", testDeleteEpisodeRestores},
		{"DeleteEpisodeShared", testDeleteEpisodeShared},
		{"DeleteEpisodeEnded", testDeleteEpisodeEnded},
		{"DeleteEpisodeOrphans", testDeleteEpisodeOrphans},
		{"DeleteNotFound", testDeleteNotFound},
		{"DeleteEntity", testDeleteEntity},
	}
	for _, st := range stores {
		for _, c := range cases {
			t.Run(st.name+"/"+c.name, func(t *testing.T) { c.fn(t, setup(t, st.open(t))) })
		}
	}
}

func setup(t *testing.T, s core.Store) *env {
	t.Helper()
	eng, err := engine.Open(context.Background(), engine.Options{
		Store: s, Embedder: hashembed.New(s.Dimension()), Plugins: noPlugins{},
		Now: func() time.Time { return now }, Ingest: engine.IngestOptions{Workers: -1},
	})
	if err != nil {
		t.Fatalf("engine.Open: %v", err)
	}
	t.Cleanup(func() {
		if err := eng.Close(context.Background()); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	v := &env{store: s, eng: eng}
	v.a, v.b = v.seed(t, groupA), v.seed(t, groupB)
	return v
}

type noPlugins struct{}

func (noPlugins) For(context.Context, string) (core.Plugins, error) { return core.Plugins{}, nil }

func (v *env) seed(t *testing.T, g string) world {
	t.Helper()
	ctx := t.Context()
	w := world{g: g, e1: g + "-e1", e2: g + "-e2", e3: g + "-e3",
		alice: g + "-alice", acme: g + "-acme", paris: g + "-paris", bob: g + "-bob", beta: g + "-beta",
		f1: g + "-f1", f2: g + "-f2", f3: g + "-f3", f4: g + "-f4", facts: map[string]core.Fact{}}
	var eps []core.Episode
	for i, id := range []string{w.e1, w.e2, w.e3} {
		at := c1.Add(time.Duration(i) * time.Hour)
		eps = append(eps, core.Episode{UUID: id, GroupID: g, Source: core.SourceText, Content: "episode " + id, ValidAt: at, CreatedAt: at})
	}
	if _, err := v.store.AddEpisodes(ctx, eps); err != nil {
		t.Fatalf("AddEpisodes: %v", err)
	}
	for i := range eps {
		eps[i].Status = core.EpisodeDone
	}
	var ents []core.Entity
	for _, e := range []struct{ id, name string }{{w.alice, "Alice"}, {w.acme, "Acme"}, {w.paris, "Paris"}, {w.bob, "Bob"}, {w.beta, "Beta"}} {
		ents = append(ents, core.Entity{UUID: e.id, GroupID: g, Name: e.name, CreatedAt: c1})
	}
	fact := func(id, src, rel, tgt string, created time.Time, eps ...string) core.Fact {
		return core.Fact{UUID: id, GroupID: g, Relation: rel, Text: src + " " + rel + " " + tgt, SourceUUID: src, TargetUUID: tgt, CreatedAt: created, Episodes: eps}
	}
	f1 := fact(w.f1, w.alice, "WORKS_AT", w.acme, c1, w.e1)
	f1.ValidAt, f1.InvalidAt, f1.ExpiredAt, f1.InvalidatedBy = y2020, y2023, c3, w.f4
	f2 := fact(w.f2, w.alice, "LIVES_IN", w.paris, c1, w.e1, w.e2)
	f2.ValidAt = y2019
	f3 := fact(w.f3, w.bob, "KNOWS", w.alice, c2, w.e2)
	f3.InvalidAt, f3.StatedInvalidAt = y2022, y2022
	f4 := fact(w.f4, w.alice, "WORKS_AT", w.beta, c3, w.e3)
	f4.ValidAt = y2023
	facts := []core.Fact{f1, f2, f3, f4}
	for _, f := range facts {
		w.facts[f.UUID] = f
	}
	err := v.store.Apply(ctx, core.Change{Episodes: eps, Entities: ents, Facts: facts, Mentions: []core.Mention{
		{Episode: w.e1, Entity: w.alice}, {Episode: w.e1, Entity: w.acme}, {Episode: w.e1, Entity: w.paris},
		{Episode: w.e2, Entity: w.alice}, {Episode: w.e2, Entity: w.bob}, {Episode: w.e2, Entity: w.paris},
		{Episode: w.e3, Entity: w.alice}, {Episode: w.e3, Entity: w.beta},
	}})
	if err != nil {
		t.Fatalf("Apply(%s): %v", g, err)
	}
	return w
}

// fact reads one fact, which must exist.
func (v *env) fact(t *testing.T, g, id string) core.Fact {
	t.Helper()
	fs, err := v.store.Facts(t.Context(), []string{g}, []string{id}, core.GetOptions{})
	if err != nil || len(fs) != 1 {
		t.Fatalf("Facts(%s) = %v, %v; want the fact", id, fs, err)
	}
	return fs[0]
}

// facts and entities return the uuids among ids that name objects of g,
// in the order of ids.
func (v *env) facts(t *testing.T, g string, ids ...string) []string {
	t.Helper()
	fs, err := v.store.Facts(t.Context(), []string{g}, ids, core.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range fs {
		out = append(out, f.UUID)
	}
	return out
}

func (v *env) entities(t *testing.T, g string, ids ...string) []string {
	t.Helper()
	es, err := v.store.Entities(t.Context(), []string{g}, ids, core.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.UUID)
	}
	return out
}

// untouched checks that group B's graph is as seeded.
func (v *env) untouched(t *testing.T) {
	t.Helper()
	b := v.b
	st, err := v.store.Stats(t.Context(), groupB)
	if err != nil {
		t.Fatal(err)
	}
	if want := (core.Stats{Episodes: 3, Entities: 5, Facts: 4, CurrentFacts: 3}); st != want {
		t.Errorf("Stats(B) = %+v, want %+v", st, want)
	}
	for _, id := range []string{b.f1, b.f2, b.f3, b.f4} {
		got, want := v.fact(t, groupB, id), b.facts[id]
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("group B's %s (-seeded +now):\n%s", id, diff)
		}
	}
}

func testDeleteFactRestores(t *testing.T, v *env) {
	ctx := context.Background()
	a := v.a
	// x was stated to end in 2030 and cut short at c1 by y.
	x := core.Fact{UUID: a.g + "-x", GroupID: groupA, Relation: "LEADS", Text: "Bob leads Beta", SourceUUID: a.bob, TargetUUID: a.beta,
		ValidAt: y2022, InvalidAt: c1, StatedInvalidAt: y2030, CreatedAt: c1, ExpiredAt: c3, InvalidatedBy: a.g + "-y", Episodes: []string{a.e2}}
	y := core.Fact{UUID: a.g + "-y", GroupID: groupA, Relation: "LEADS", Text: "Alice leads Beta", SourceUUID: a.alice, TargetUUID: a.beta,
		ValidAt: c1, CreatedAt: c3, Episodes: []string{a.e3}}
	if err := v.store.Apply(ctx, core.Change{Facts: []core.Fact{x, y}}); err != nil {
		t.Fatal(err)
	}

	d, err := v.eng.DeleteFact(ctx, groupA, a.f4)
	if err != nil {
		t.Fatal(err)
	}
	if want := (core.Deleted{Facts: 1, Restored: 1}); d != want {
		t.Errorf("DeleteFact(f4) = %+v, want %+v", d, want)
	}
	if got := v.facts(t, groupA, a.f4); got != nil {
		t.Errorf("f4 after its delete: %v", got)
	}
	// f1 was stated open-ended: restored, it has no end, and it is current
	// again, with its provenance and everything else as stated.
	want := a.facts[a.f1]
	want.InvalidAt, want.ExpiredAt, want.InvalidatedBy = time.Time{}, time.Time{}, ""
	if diff := cmp.Diff(want, v.fact(t, groupA, a.f1), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("f1 restored (-want +got):\n%s", diff)
	}
	page, err := v.store.ListFacts(ctx, groupA, core.ListOptions{Filter: core.Filter{Now: now}})
	if err != nil {
		t.Fatal(err)
	}
	var current []string
	for _, f := range page.Items {
		current = append(current, f.UUID)
	}
	slices.Sort(current)
	if want := []string{a.f1, a.f2, y.UUID}; !slices.Equal(current, want) {
		t.Errorf("facts valid now after restoring f1 = %v, want %v", current, want)
	}

	// x gets back the end it was stated with.
	if d, err = v.eng.DeleteFact(ctx, groupA, y.UUID); err != nil {
		t.Fatal(err)
	}
	if want := (core.Deleted{Facts: 1, Restored: 1}); d != want {
		t.Errorf("DeleteFact(y) = %+v, want %+v", d, want)
	}
	fx := v.fact(t, groupA, x.UUID)
	if !fx.InvalidAt.Equal(y2030) || !fx.ExpiredAt.IsZero() || fx.InvalidatedBy != "" {
		t.Errorf("restored x: InvalidAt %v, ExpiredAt %v, InvalidatedBy %q; want the stated end %v, not expired", fx.InvalidAt, fx.ExpiredAt, fx.InvalidatedBy, y2030)
	}

	// A fact that retired nothing restores nothing; a deleted fact leaves
	// the provenance of its episodes, and no entity goes with it.
	if d, err = v.eng.DeleteFact(ctx, groupA, a.f2); err != nil {
		t.Fatal(err)
	}
	if want := (core.Deleted{Facts: 1}); d != want {
		t.Errorf("DeleteFact(f2) = %+v, want %+v", d, want)
	}
	l, err := v.store.EpisodeLinks(ctx, []string{groupA}, a.e1)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{a.f1}; !slices.Equal(l.Facts, want) {
		t.Errorf("e1's facts after deleting f2 = %v, want %v", l.Facts, want)
	}
	if got := v.entities(t, groupA, a.paris); len(got) != 1 {
		t.Errorf("Paris after deleting f2 = %v, want it kept", got)
	}
	v.untouched(t)
}

func testDeleteEpisodeRestores(t *testing.T, v *env) {
	ctx := context.Background()
	a := v.a
	d, err := v.eng.DeleteEpisode(ctx, groupA, a.e3)
	if err != nil {
		t.Fatal(err)
	}
	// f4 was stated by e3 alone, Beta mentioned by e3 alone and an end of
	// f4 alone; f1, which f4 had retired, is restored.
	if want := (core.Deleted{Episodes: 1, Facts: 1, Entities: 1, Restored: 1}); d != want {
		t.Errorf("DeleteEpisode(e3) = %+v, want %+v", d, want)
	}
	if eps, err := v.store.Episodes(ctx, []string{groupA}, []string{a.e3}, core.GetOptions{}); err != nil || len(eps) != 0 {
		t.Errorf("Episodes(e3) after its delete = %v, %v; want nothing", eps, err)
	}
	if got, want := v.entities(t, groupA, a.beta, a.alice), []string{a.alice}; !slices.Equal(got, want) {
		t.Errorf("entities after deleting e3 = %v, want %v", got, want)
	}
	if f1 := v.fact(t, groupA, a.f1); !f1.ExpiredAt.IsZero() || !f1.InvalidAt.IsZero() || f1.InvalidatedBy != "" {
		t.Errorf("f1 not restored: %+v", f1)
	}
	eps, err := v.store.EntityEpisodes(ctx, []string{groupA}, a.alice)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{a.e1, a.e2}; !slices.Equal(eps, want) {
		t.Errorf("EntityEpisodes(alice) after deleting e3 = %v, want %v", eps, want)
	}
	st, err := v.store.Stats(ctx, groupA)
	if err != nil {
		t.Fatal(err)
	}
	if want := (core.Stats{Episodes: 2, Entities: 4, Facts: 3, CurrentFacts: 3}); st != want {
		t.Errorf("Stats(A) after deleting e3 = %+v, want %+v", st, want)
	}
	v.untouched(t)
}

func testDeleteEpisodeShared(t *testing.T, v *env) {
	ctx := context.Background()
	a := v.a
	d, err := v.eng.DeleteEpisode(ctx, groupA, a.e1)
	if err != nil {
		t.Fatal(err)
	}
	// f1 (e1 alone) goes and with it Acme (mentioned by e1 alone, an end
	// of f1 alone); f2, stated by e2 too, stays; Paris, mentioned by e2,
	// stays.
	if want := (core.Deleted{Episodes: 1, Facts: 1, Entities: 1}); d != want {
		t.Errorf("DeleteEpisode(e1) = %+v, want %+v", d, want)
	}
	if got, want := v.facts(t, groupA, a.f1, a.f2), []string{a.f2}; !slices.Equal(got, want) {
		t.Errorf("facts after deleting e1 = %v, want %v", got, want)
	}
	if f2 := v.fact(t, groupA, a.f2); !slices.Equal(f2.Episodes, []string{a.e2}) {
		t.Errorf("f2.Episodes after deleting e1 = %v, want [%s]", f2.Episodes, a.e2)
	}
	if got, want := v.entities(t, groupA, a.alice, a.acme, a.paris), []string{a.alice, a.paris}; !slices.Equal(got, want) {
		t.Errorf("entities after deleting e1 = %v, want %v", got, want)
	}
	counts, err := v.store.MentionCounts(ctx, core.ScopeEntities, []string{groupA}, []string{a.paris, a.alice})
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]int{a.paris: 1, a.alice: 2}; !cmp.Equal(counts, want) {
		t.Errorf("MentionCounts(paris, alice) after deleting e1 = %v, want %v", counts, want)
	}
	v.untouched(t)
}

// TestDeleteEpisodeEnded: an episode that ended a fact by stating its end
// ("I no longer work at Acme") is the fact's InvalidatedBy; deleting the
// episode restores the fact, which loses the episode from its provenance.
func testDeleteEpisodeEnded(t *testing.T, v *env) {
	ctx := context.Background()
	a := v.a
	ended := v.fact(t, groupA, a.f2)
	ended.InvalidAt, ended.ExpiredAt, ended.InvalidatedBy, ended.Episodes = y2023, c3, a.e3, []string{a.e3}
	ended.Embedding = nil
	if err := v.store.Apply(ctx, core.Change{Facts: []core.Fact{ended}}); err != nil {
		t.Fatal(err)
	}
	d, err := v.eng.DeleteEpisode(ctx, groupA, a.e3)
	if err != nil {
		t.Fatal(err)
	}
	// f4 and Beta go; f1 (retired by f4) and f2 (ended by e3) come back.
	if want := (core.Deleted{Episodes: 1, Facts: 1, Entities: 1, Restored: 2}); d != want {
		t.Errorf("DeleteEpisode(e3) = %+v, want %+v", d, want)
	}
	f2 := v.fact(t, groupA, a.f2)
	if !f2.InvalidAt.IsZero() || !f2.ExpiredAt.IsZero() || f2.InvalidatedBy != "" {
		t.Errorf("f2 not restored: %+v", f2)
	}
	if want := []string{a.e1, a.e2}; !slices.Equal(f2.Episodes, want) {
		t.Errorf("f2.Episodes = %v, want %v", f2.Episodes, want)
	}
}

// TestDeleteEpisodeOrphans: an entity goes with the episode only when no
// other episode mentions it and no fact that stays, expired or not, has it
// as an end.
func testDeleteEpisodeOrphans(t *testing.T, v *env) {
	ctx := context.Background()
	a := v.a
	e4 := core.Episode{UUID: a.g + "-e4", GroupID: groupA, Source: core.SourceText, Content: "episode 4", ValidAt: now, CreatedAt: now}
	if _, err := v.store.AddEpisodes(ctx, []core.Episode{e4}); err != nil {
		t.Fatal(err)
	}
	e4.Status = core.EpisodeDone
	zed := core.Entity{UUID: a.g + "-zed", GroupID: groupA, Name: "Zed", CreatedAt: now}    // e4 alone mentions it
	kim := core.Entity{UUID: a.g + "-kim", GroupID: groupA, Name: "Kim", CreatedAt: now}    // an end of an expired fact of e1
	lou := core.Entity{UUID: a.g + "-lou", GroupID: groupA, Name: "Lou", CreatedAt: now}    // an end of e4's fact and of e2's
	loop := core.Entity{UUID: a.g + "-loop", GroupID: groupA, Name: "Ouro", CreatedAt: now} // an end, twice, of e4's fact alone
	echo := core.Entity{UUID: a.g + "-echo", GroupID: groupA, Name: "Echo", CreatedAt: now} // an end, twice, of e4's fact and once of e2's
	mo := core.Entity{UUID: a.g + "-mo", GroupID: groupA, Name: "Mo", CreatedAt: now}       // mentioned by e2 too, an end of nothing
	kimFact := core.Fact{UUID: a.g + "-fk", GroupID: groupA, Relation: "KNEW", Text: "Acme knew Kim", SourceUUID: a.acme, TargetUUID: kim.UUID,
		CreatedAt: now, ExpiredAt: now, InvalidAt: y2022, InvalidatedBy: a.f2, Episodes: []string{a.e1}}
	// e4 stated this fact and its end: it goes with e4, not restored.
	louOwn := core.Fact{UUID: a.g + "-fl4", GroupID: groupA, Relation: "MET", Text: "Zed met Lou", SourceUUID: zed.UUID, TargetUUID: lou.UUID,
		CreatedAt: now, InvalidAt: y2023, ExpiredAt: now, InvalidatedBy: e4.UUID, Episodes: []string{e4.UUID}}
	echoOwn := core.Fact{UUID: a.g + "-fe4", GroupID: groupA, Relation: "CALLS", Text: "Echo calls itself", SourceUUID: echo.UUID, TargetUUID: echo.UUID, CreatedAt: now, Episodes: []string{e4.UUID}}
	echoOther := core.Fact{UUID: a.g + "-fe2", GroupID: groupA, Relation: "CALLS", Text: "Echo calls Bob", SourceUUID: echo.UUID, TargetUUID: a.bob, CreatedAt: now, Episodes: []string{a.e2}}
	louOther := core.Fact{UUID: a.g + "-fl2", GroupID: groupA, Relation: "MET", Text: "Bob met Lou", SourceUUID: a.bob, TargetUUID: lou.UUID, CreatedAt: now, Episodes: []string{a.e2}}
	selfLoop := core.Fact{UUID: a.g + "-fo", GroupID: groupA, Relation: "EATS", Text: "Ouro eats itself", SourceUUID: loop.UUID, TargetUUID: loop.UUID, CreatedAt: now, Episodes: []string{e4.UUID}}
	err := v.store.Apply(ctx, core.Change{Episodes: []core.Episode{e4}, Entities: []core.Entity{zed, kim, lou, loop, echo, mo},
		Facts: []core.Fact{kimFact, louOwn, louOther, selfLoop, echoOwn, echoOther}, Mentions: []core.Mention{
			{Episode: e4.UUID, Entity: zed.UUID}, {Episode: e4.UUID, Entity: kim.UUID}, {Episode: e4.UUID, Entity: lou.UUID},
			{Episode: e4.UUID, Entity: loop.UUID}, {Episode: e4.UUID, Entity: a.alice},
			{Episode: e4.UUID, Entity: mo.UUID}, {Episode: a.e2, Entity: mo.UUID}, {Episode: e4.UUID, Entity: echo.UUID},
		}})
	if err != nil {
		t.Fatal(err)
	}
	d, err := v.eng.DeleteEpisode(ctx, groupA, e4.UUID)
	if err != nil {
		t.Fatal(err)
	}
	// e4's three facts go; Zed and Ouro go; Kim (an end of an expired
	// fact), Lou and Echo (ends of e2's facts), Mo and Alice (mentioned by
	// others) stay.
	if want := (core.Deleted{Episodes: 1, Facts: 3, Entities: 2}); d != want {
		t.Errorf("DeleteEpisode(e4) = %+v, want %+v", d, want)
	}
	got := v.entities(t, groupA, zed.UUID, kim.UUID, lou.UUID, loop.UUID, echo.UUID, mo.UUID, a.alice)
	if want := []string{kim.UUID, lou.UUID, echo.UUID, mo.UUID, a.alice}; !slices.Equal(got, want) {
		t.Errorf("entities after deleting e4 = %v, want %v", got, want)
	}
	// Kim's fact was retired by f2, which stays: nothing to restore.
	if f := v.fact(t, groupA, kimFact.UUID); f.ExpiredAt.IsZero() {
		t.Errorf("Kim's fact restored by a delete that did not remove what retired it: %+v", f)
	}
}

func testDeleteNotFound(t *testing.T, v *env) {
	ctx := context.Background()
	a, b := v.a, v.b
	for _, id := range []string{"nope", b.e1} {
		if _, err := v.eng.DeleteEpisode(ctx, groupA, id); !errors.Is(err, core.ErrNotFound) {
			t.Errorf("DeleteEpisode(A, %s) err = %v, want ErrNotFound", id, err)
		}
	}
	for _, id := range []string{"nope", b.f2} {
		if _, err := v.eng.DeleteFact(ctx, groupA, id); !errors.Is(err, core.ErrNotFound) {
			t.Errorf("DeleteFact(A, %s) err = %v, want ErrNotFound", id, err)
		}
	}
	if _, err := v.eng.DeleteEpisode(ctx, "a b", a.e1); !errors.Is(err, core.ErrInvalid) {
		t.Errorf("DeleteEpisode in a malformed group: err = %v, want ErrInvalid", err)
	}
	if _, err := v.eng.DeleteFact(ctx, "", a.f1); !errors.Is(err, core.ErrInvalid) {
		t.Errorf("DeleteFact in the empty group: err = %v, want ErrInvalid", err)
	}
	v.untouched(t)
	// Deleting again is not found either.
	if _, err := v.eng.DeleteEpisode(ctx, groupA, a.e2); err != nil {
		t.Fatal(err)
	}
	if _, err := v.eng.DeleteEpisode(ctx, groupA, a.e2); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("DeleteEpisode(e2) twice: err = %v, want ErrNotFound", err)
	}
}

func testDeleteEntity(t *testing.T, v *env) {
	ctx := context.Background()
	a, b := v.a, v.b
	// Beta goes with f4, its only fact, which had retired f1: f1 is
	// current again. The episodes that mention Beta stay.
	d, err := v.eng.DeleteEntity(ctx, groupA, a.beta)
	if err != nil {
		t.Fatal(err)
	}
	if want := (core.Deleted{Entities: 1, Facts: 1, Restored: 1}); d != want {
		t.Errorf("DeleteEntity(Beta) = %+v, want %+v", d, want)
	}
	if got := v.entities(t, groupA, a.beta); got != nil {
		t.Errorf("Beta after its delete: %v", got)
	}
	if got := v.facts(t, groupA, a.f4); got != nil {
		t.Errorf("f4 after deleting its target: %v", got)
	}
	if f := v.fact(t, groupA, a.f1); !f.ExpiredAt.IsZero() || f.InvalidatedBy != "" {
		t.Errorf("f1 after deleting what retired it: ExpiredAt %v, InvalidatedBy %q; want restored", f.ExpiredAt, f.InvalidatedBy)
	}
	// Acme goes with f1, its fact, expired or not; Alice, at the other end,
	// stays.
	if d, err = v.eng.DeleteEntity(ctx, groupA, a.acme); err != nil {
		t.Fatal(err)
	}
	if want := (core.Deleted{Entities: 1, Facts: 1}); d != want {
		t.Errorf("DeleteEntity(Acme) = %+v, want %+v", d, want)
	}
	if got, want := v.entities(t, groupA, a.alice, a.acme), []string{a.alice}; !slices.Equal(got, want) {
		t.Errorf("entities after deleting Acme = %v, want %v", got, want)
	}
	st, err := v.store.Stats(ctx, groupA)
	if err != nil {
		t.Fatal(err)
	}
	if st.Episodes != 3 {
		t.Errorf("episodes after deleting entities = %d, want 3", st.Episodes)
	}
	for _, id := range []string{"nope", b.alice, a.beta} {
		if _, err := v.eng.DeleteEntity(ctx, groupA, id); !errors.Is(err, core.ErrNotFound) {
			t.Errorf("DeleteEntity(A, %s) err = %v, want ErrNotFound", id, err)
		}
	}
	v.untouched(t)
}
