package kuzu

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
)

// snapshot is a catalog's content in comparable form, the name index's
// lists sorted (the other lists must be in order already).
type snapshot struct {
	Slots    map[core.Scope]map[int64]slot
	Facts    map[string]factEntry
	Entities map[string]entityEntry
	ByName   map[nameKey][]string
	Pairs    map[[2]string][]string
	// Current is the catalog's count of current objects by scope and
	// group; Recounted the same counted afresh from its entries.
	Current, Recounted map[core.Scope]map[string]int
	// Live is the catalog's uuids of current objects by scope and group,
	// sorted; Relisted the same listed afresh from its entries.
	Live, Relisted map[core.Scope]map[string][]string
	// EpisodeVecs are the episodes the catalog knows to have a vector.
	EpisodeVecs map[slot]bool
}

func snap(k *catalog) snapshot {
	k.mu.RLock()
	defer k.mu.RUnlock()
	out := snapshot{Slots: map[core.Scope]map[int64]slot{}, Facts: map[string]factEntry{}, Entities: map[string]entityEntry{}}
	for sc, s := range k.slots {
		m := map[int64]slot{}
		for i, sl := range s {
			if sl.uuid != "" {
				m[int64(i)] = sl
			}
		}
		if len(m) > 0 {
			out.Slots[sc] = m
		}
	}
	for id, f := range k.facts {
		out.Facts[id] = *f
	}
	out.EpisodeVecs = map[slot]bool{}
	for sl := range k.episodeVecs {
		out.EpisodeVecs[sl] = true
	}
	for id, e := range k.entities {
		c := *e
		// Unsorted here: the lists must be in uuid order, as loading
		// builds them.
		if c.facts = slices.Clone(e.facts); len(c.facts) == 0 {
			c.facts = nil
		}
		if c.live = slices.Clone(e.live); len(c.live) == 0 {
			c.live = nil
		}
		out.Entities[id] = c
	}
	out.ByName = map[nameKey][]string{}
	for nk, ids := range k.byName {
		out.ByName[nk] = slices.Sorted(slices.Values(ids))
	}
	out.Pairs = map[[2]string][]string{}
	for pk, ids := range k.pairs {
		out.Pairs[pk] = slices.Clone(ids)
	}
	out.Current, out.Recounted = map[core.Scope]map[string]int{}, map[core.Scope]map[string]int{}
	for sc, m := range k.current {
		if len(m) > 0 {
			out.Current[sc] = maps.Clone(m)
		}
	}
	out.Live, out.Relisted = map[core.Scope]map[string][]string{}, map[core.Scope]map[string][]string{}
	for sc, m := range k.currentIDs {
		for g, ids := range m {
			if out.Live[sc] == nil {
				out.Live[sc] = map[string][]string{}
			}
			out.Live[sc][g] = slices.Sorted(maps.Keys(ids))
		}
	}
	add := func(sc core.Scope, g, id string) {
		if out.Recounted[sc] == nil {
			out.Recounted[sc], out.Relisted[sc] = map[string]int{}, map[string][]string{}
		}
		out.Recounted[sc][g]++
		out.Relisted[sc][g] = append(out.Relisted[sc][g], id)
	}
	for id, f := range k.facts {
		if f.passes(&core.Filter{}) {
			add(core.ScopeFacts, f.group, id)
		}
	}
	for id, e := range k.entities {
		if e.passes(&core.Filter{}) {
			add(core.ScopeEntities, e.group, id)
		}
	}
	for _, m := range out.Relisted {
		for _, ids := range m {
			slices.Sort(ids)
		}
	}
	return out
}

// fromKuzu reads what the catalog should hold straight from the database.
func fromKuzu(t *testing.T, s *Store) snapshot {
	t.Helper()
	ctx := context.Background()
	var k catalog
	err := s.read(ctx, func(c *conn) error { return k.load(ctx, c) })
	if err != nil {
		t.Fatal(err)
	}
	return snap(&k)
}

// checkCatalog fails unless the catalog holds what the database does, and
// returns what that is.
func checkCatalog(t *testing.T, s *Store, step string) snapshot {
	t.Helper()
	k := fromKuzu(t, s)
	// reflect.DeepEqual first: cmp.Diff, which says the same and more
	// (the differences), costs many times more, most under -race.
	if got := snap(&s.cat); !reflect.DeepEqual(k, got) {
		if diff := cmp.Diff(k, got, cmp.AllowUnexported(slot{}, factEntry{}, entityEntry{}, nameKey{})); diff != "" {
			t.Fatalf("after %s, the catalog differs from the database (-kuzu +catalog):\n%s", step, diff)
		}
	}
	if !reflect.DeepEqual(k.Recounted, k.Current) {
		if diff := cmp.Diff(k.Recounted, k.Current); diff != "" {
			t.Fatalf("after %s, the catalog's count of current objects is not what its entries say (-entries +count):\n%s", step, diff)
		}
	}
	if !reflect.DeepEqual(k.Relisted, k.Live) {
		if diff := cmp.Diff(k.Relisted, k.Live); diff != "" {
			t.Fatalf("after %s, the catalog's current objects are not what its entries say (-entries +list):\n%s", step, diff)
		}
	}
	return k
}

func vec(i int) []float32 {
	return []float32{1, float32(i%7) + 0.5, float32(i%11) - 5, float32(i % 3)}
}

// TestCatalogMatchesKuzu drives the store through every write that moves
// vector rows, changes facts or entity names — inserts, re-embeddings,
// updates, provenance added and removed, restores, deletions, a bulk
// import, a dropped group of several thousand rows, a rolled back
// transaction, checkpoints and a reopening — and checks after each that
// the catalog says what the database says: same offsets for the same rows,
// the same fact and entity rows column for column, the same name index and
// lists of entities' facts as loading builds, and the same answers to the
// reads the catalog serves as the Cypher they replaced (checkReads).
func TestCatalogMatchesKuzu(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	opts := Options{Dir: dir, Dimension: 4, BufferPoolBytes: 128 << 20, VectorIndexAt: 100}
	s, err := Open(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s.Close(ctx) }()
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	entities := func(g string, lo, hi int) []core.Entity {
		var out []core.Entity
		for i := lo; i < hi; i++ {
			out = append(out, core.Entity{UUID: fmt.Sprintf("%s-n%d", g, i), GroupID: g, Name: fmt.Sprintf("Entity %d of %s", i, g), CreatedAt: t0, NameEmbedding: vec(i)})
		}
		return out
	}
	fact := func(g string, i int, end time.Time) core.Fact {
		return core.Fact{UUID: fmt.Sprintf("%s-f%d", g, i), GroupID: g, Relation: "KNOWS", Text: fmt.Sprintf("fact %d", i),
			SourceUUID: fmt.Sprintf("%s-n%d", g, i), TargetUUID: fmt.Sprintf("%s-n%d", g, i+1), CreatedAt: t0, InvalidAt: end, Embedding: vec(i), Episodes: []string{g + "-e1"}}
	}
	// check compares the catalog, and the reads it serves, with the
	// database.
	check := func(step string) {
		t.Helper()
		checkReads(t, s, checkCatalog(t, s, step), step)
	}
	apply := func(step string, ch core.Change) {
		t.Helper()
		if err := s.Apply(ctx, ch); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		check(step)
	}
	checkpoint := func(step string) {
		t.Helper()
		s.writeMu.Lock()
		err := s.writer.exec(ctx, "CHECKPOINT", nil)
		s.writeMu.Unlock()
		if err != nil {
			t.Fatal(err)
		}
		check(step)
	}

	check("open")
	apply("big group", core.Change{Entities: entities("big", 0, 4500)})
	apply("small group", core.Change{Entities: entities("small", 0, 300)})
	ep := core.Episode{UUID: "small-e1", GroupID: "small", Name: "e1", Source: core.SourceText, Content: "facts", ValidAt: t0, CreatedAt: t0, Status: core.EpisodeDone, Embedding: vec(1)}
	if _, err := s.AddEpisodes(ctx, []core.Episode{ep}); err != nil {
		t.Fatal(err)
	}
	var facts []core.Fact
	for i := range 40 {
		end := time.Time{}
		if i%4 == 0 {
			end = t0.Add(time.Duration(i) * time.Hour)
		}
		facts = append(facts, fact("small", i, end))
	}
	apply("facts, some with an end", core.Change{Facts: facts})

	// A second episode states some facts again: their provenance grows,
	// and one gets attributes.
	ep2 := core.Episode{UUID: "small-e2", GroupID: "small", Name: "e2", Source: core.SourceText, Content: "again", ValidAt: t0.Add(time.Hour), CreatedAt: t0, Status: core.EpisodeDone}
	if _, err := s.AddEpisodes(ctx, []core.Episode{ep2}); err != nil {
		t.Fatal(err)
	}
	// Episodes stored pending without a vector, then done with one, then
	// embedded again: the catalog knows which episodes have a vector
	// (replaceVecs looks for an old one only there), and replacing one
	// leaves a single row (its key is the table's primary key).
	pend := []core.Episode{
		{UUID: "small-e3", GroupID: "small", Name: "e3", Source: core.SourceText, Content: "later", ValidAt: t0.Add(2 * time.Hour), CreatedAt: t0, Status: core.EpisodePending},
		{UUID: "small-e4", GroupID: "small", Name: "e4", Source: core.SourceText, Content: "later still", ValidAt: t0.Add(3 * time.Hour), CreatedAt: t0, Status: core.EpisodePending},
	}
	if _, err := s.AddEpisodes(ctx, pend); err != nil {
		t.Fatal(err)
	}
	check("episodes pending")
	for i := range pend {
		pend[i].Status, pend[i].Embedding = core.EpisodeDone, vec(3+i)
	}
	apply("episodes done, with vectors", core.Change{Episodes: pend})
	pend[0].Embedding = vec(9)
	apply("an episode's vector replaced", core.Change{Episodes: pend[:1]})
	if n := len(snap(&s.cat).EpisodeVecs); n != 3 {
		t.Errorf("the catalog knows %d episodes with a vector, want 3 (small-e1, e3, e4)", n)
	}
	again := slices.Clone(facts[10:15])
	for i := range again {
		again[i].Episodes = []string{"small-e1", "small-e2"}
	}
	again[0].Attributes = map[string]any{"since": "2020", "confidence": 0.5}
	apply("facts stated again", core.Change{Facts: again, Episodes: nil})

	// Names that meet by normalized name or by acronym, one-word names
	// (whose acronym is empty), a name that normalizes to nothing; facts
	// both ways between a pair, a loop and a hub, with uuids that sort
	// differently by case. The episode mentions two entities alone, which
	// go when it is deleted.
	var named []core.Entity
	for i, name := range []string{"International Business Machines Corp.", "IBM", "Bank of America", "bank of  america", "Paris", "paris!", "...", "Grand Hotel Paris"} {
		named = append(named, core.Entity{UUID: fmt.Sprintf("small-N%d", i), GroupID: "small", Name: name, CreatedAt: t0, NameEmbedding: vec(i)})
	}
	apply("named entities", core.Change{Entities: named, Mentions: []core.Mention{{Episode: "small-e1", Entity: "small-N6"}, {Episode: "small-e1", Entity: "small-N7"}}})
	var more []core.Fact
	link := func(id, src, tgt, ep string) {
		f := core.Fact{UUID: id, GroupID: "small", Relation: "NEAR", Text: id, SourceUUID: src, TargetUUID: tgt, CreatedAt: t0, Embedding: vec(len(more)), Episodes: []string{ep}}
		if len(more)%5 == 4 {
			f.ExpiredAt, f.InvalidAt, f.InvalidatedBy = t0.Add(time.Hour), t0, "small-f0"
		}
		more = append(more, f)
	}
	link("small-Fa", "small-n3", "small-n2", "small-e2")
	link("small-fa", "small-n2", "small-n3", "small-e1")
	link("small-f_loop", "small-n7", "small-n7", "small-e2")
	link("small-F-loop", "small-N1", "small-N1", "small-e1")
	link("small-NEAR", "small-N0", "small-N1", "small-e1")
	for i := range 25 {
		link(fmt.Sprintf("small-hub-%02d", i), "small-N1", fmt.Sprintf("small-n%d", 100+i), "small-e2")
	}
	apply("facts both ways, loops, a hub", core.Change{Facts: more})
	// A retired fact retired by another, then brought back.
	moved := []core.Fact{more[4], more[9]}
	moved[0].InvalidatedBy, moved[1].ExpiredAt, moved[1].InvalidAt, moved[1].InvalidatedBy = "small-Fa", time.Time{}, time.Time{}, ""
	apply("retired by another, brought back", core.Change{Facts: moved})
	renames := []core.Entity{named[1], named[2], named[5]}
	renames[0].Name, renames[1].Name, renames[2].Name = "Paris", "Bank of Amsterdam", "paris!"
	apply("renamed entities", core.Change{Entities: renames})

	// Re-embedding replaces rows; renaming changes names; retiring and
	// reopening facts changes their ends.
	renamed := entities("small", 0, 20)
	for i := range renamed {
		renamed[i].Name += " (renamed)"
		renamed[i].NameEmbedding = vec(i + 100)
	}
	apply("re-embedded entities", core.Change{Entities: renamed})
	retired := facts[1:6]
	for i := range retired {
		retired[i].ExpiredAt = t0.Add(48 * time.Hour)
		retired[i].InvalidAt = t0.Add(24 * time.Hour)
		retired[i].InvalidatedBy = "small-f30"
	}
	apply("retired facts", core.Change{Facts: retired})
	// Facts the first episode's deletion will restore: other episodes
	// stated them, and a fact of the first alone retired them.
	byE1 := slices.Clone(again[1:4])
	for i := range byE1 {
		byE1[i].ExpiredAt, byE1[i].InvalidAt, byE1[i].InvalidatedBy = t0.Add(48*time.Hour), t0.Add(24*time.Hour), "small-f31"
	}
	apply("facts retired by a fact of one episode", core.Change{Facts: byE1})
	checkpoint("checkpoint after updates")

	// A transaction that inserts rows and then fails leaves nothing.
	bad := core.Change{Entities: entities("small", 300, 340), Facts: []core.Fact{fact("small", 500, time.Time{})}}
	if err := s.Apply(ctx, bad); err == nil {
		t.Fatal("Apply with a fact between unknown entities succeeded")
	}
	check("rolled back change")

	// Deletes as the engine plans them: the store writes what core decides.
	eng := EngineForTest(t, s)
	if _, err := eng.DeleteFact(ctx, "small", "small-f30"); err != nil {
		t.Fatal(err)
	}
	check("deleted the fact that retired others")
	if _, err := eng.DeleteFact(ctx, "small", "small-hub-03"); err != nil {
		t.Fatal(err)
	}
	check("deleted a fact of the hub")
	if _, err := s.DeleteGroup(ctx, "big"); err != nil {
		t.Fatal(err)
	}
	check("dropped group of 4500 entities")
	checkpoint("checkpoint after the drop")
	apply("new group after the drop", core.Change{Entities: entities("late", 0, 2500)})
	if _, err := eng.DeleteEpisode(ctx, "small", "small-e1"); err != nil {
		t.Fatal(err)
	}
	check("deleted episode")
	imported := core.Change{Entities: entities("imp", 0, 30)}
	for i := range 20 {
		f := fact("imp", i, time.Time{})
		f.Episodes = nil
		if i%3 == 0 {
			f.ExpiredAt, f.InvalidAt, f.InvalidatedBy = t0.Add(time.Hour), t0, "imp-f19"
		}
		imported.Facts = append(imported.Facts, f)
	}
	if err := s.Import(ctx, imported); err != nil {
		t.Fatal(err)
	}
	check("bulk import")
	checkpoint("final checkpoint")

	want := snap(&s.cat)
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if s, err = Open(ctx, opts); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, snap(&s.cat), cmp.AllowUnexported(slot{}, factEntry{}, entityEntry{}, nameKey{})); diff != "" {
		t.Fatalf("the catalog loaded at reopening differs from the one kept up to date (-kept +loaded):\n%s", diff)
	}
	checkReads(t, s, want, "reopening")
}

// TestFiltersInMemory checks the catalog's evaluation of fact and entity
// filters (catalog.passes) against Kuzu's (where.filter, through
// ListFacts and ListEntities) on objects and filters drawn from a handful
// of instants, so that timestamps often equal the filter's times and every
// boundary is crossed: NULLs, ended, retired and restated facts, relations,
// labels (of entities, and of either end of a fact), valid at, known at,
// both, now, history and OR-of-AND time conditions with every operator.
func TestFiltersInMemory(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: 4, BufferPoolBytes: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	instants := []time.Time{{}}
	for i := range 5 {
		instants = append(instants, t0.Add(time.Duration(i)*24*time.Hour+time.Duration(i)*time.Microsecond))
	}
	rng := rand.New(rand.NewPCG(7, 7))
	pick := func() time.Time { return instants[rng.IntN(len(instants))] }
	ch := core.Change{}
	labels := []string{"Person", "City", "Pet"}
	for i := range 8 {
		var ls []string
		for j, l := range labels {
			if i>>j&1 == 1 {
				ls = append(ls, l)
			}
		}
		ch.Entities = append(ch.Entities, core.Entity{UUID: fmt.Sprintf("n%d", i), GroupID: "g", Name: fmt.Sprint("entity ", i), Labels: ls, CreatedAt: pick()})
	}
	relations := []string{"KNOWS", "LIKES", "LIVES_IN"}
	for i := range 200 {
		f := core.Fact{UUID: fmt.Sprintf("f%03d", i), GroupID: "g", Relation: relations[i%3], Text: fmt.Sprint("fact ", i),
			SourceUUID: fmt.Sprintf("n%d", i%8), TargetUUID: fmt.Sprintf("n%d", (i+1)%8),
			ValidAt: pick(), InvalidAt: pick(), StatedInvalidAt: pick(), CreatedAt: pick(), ExpiredAt: pick()}
		if f.StatedInvalidAt.IsZero() {
			f.StatedInvalidAt = f.InvalidAt
		}
		ch.Facts = append(ch.Facts, f)
	}
	if err := s.Apply(ctx, ch); err != nil {
		t.Fatal(err)
	}
	ops := []core.CompareOp{core.OpEq, core.OpNe, core.OpLt, core.OpLe, core.OpGt, core.OpGe, core.OpIsNull, core.OpNotNull}
	fields := []core.TimeField{core.FieldValidAt, core.FieldInvalidAt, core.FieldCreatedAt, core.FieldExpiredAt}
	nonZero := func() time.Time { return instants[1+rng.IntN(len(instants)-1)] }
	// agree fails unless the catalog passes exactly the objects of all
	// (sorted) that Kuzu listed.
	agree := func(what string, sc core.Scope, f core.Filter, listed, all []string) {
		t.Helper()
		ok := s.cat.passing(sc, all, f, len(all))
		var got []string
		for _, id := range all {
			if ok[id] {
				got = append(got, id)
			}
		}
		slices.Sort(listed)
		if !slices.Equal(got, listed) {
			t.Fatalf("%s %+v: in memory %v, Kuzu %v", what, f, got, listed)
		}
	}
	for i := range 300 {
		f := core.Filter{IncludeInvalid: rng.IntN(4) == 0}
		if rng.IntN(2) == 0 {
			f.ValidAt = nonZero()
		}
		if rng.IntN(2) == 0 {
			f.KnownAt = nonZero()
		}
		if rng.IntN(2) == 0 {
			f.Now = nonZero()
		}
		if rng.IntN(4) == 0 {
			f.Relations = relations[:1+rng.IntN(2)]
		}
		if rng.IntN(3) == 0 {
			lo := rng.IntN(3)
			f.Labels = labels[lo : lo+1+rng.IntN(3-lo)]
		}
		for range rng.IntN(3) {
			var group []core.TimeCondition
			for range 1 + rng.IntN(2) {
				c := core.TimeCondition{Field: fields[rng.IntN(len(fields))], Op: ops[rng.IntN(len(ops))]}
				if c.Op != core.OpIsNull && c.Op != core.OpNotNull {
					c.Value = nonZero()
				}
				group = append(group, c)
			}
			f.Time = append(f.Time, group)
		}
		page, err := s.ListFacts(ctx, "g", core.ListOptions{Filter: f, Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		var listed, all []string
		for _, x := range page.Items {
			listed = append(listed, x.UUID)
		}
		for _, x := range ch.Facts {
			all = append(all, x.UUID)
		}
		agree(fmt.Sprintf("fact filter %d", i), core.ScopeFacts, f, listed, all)

		// The same filter, its fields that apply to entities kept.
		ef := core.Filter{Labels: f.Labels, KnownAt: f.KnownAt}
		for _, g := range f.Time {
			var kept []core.TimeCondition
			for _, c := range g {
				if c.Field == core.FieldCreatedAt {
					kept = append(kept, c)
				}
			}
			ef.Time = append(ef.Time, kept)
		}
		ents, err := s.ListEntities(ctx, "g", core.ListOptions{Filter: ef, Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		listed, all = nil, nil
		for _, x := range ents.Items {
			listed = append(listed, x.UUID)
		}
		for _, x := range ch.Entities {
			all = append(all, x.UUID)
		}
		agree(fmt.Sprintf("entity filter %d", i), core.ScopeEntities, ef, listed, all)
	}
}
