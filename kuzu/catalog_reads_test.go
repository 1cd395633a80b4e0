package kuzu

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/core"
)

// readCase is one read the catalog serves, asked of the catalog (got) and
// of Kuzu by the Cypher it replaced (want).
type readCase struct {
	name      string
	got, want func() (any, error)
}

// checkReads asks the catalog and Kuzu the reads of entity and fact
// resolution — FactsOfEntities, FactsBetween, EntitiesByName — and
// FactHistoryOfEntities about a sample of every group's entities, facts
// and names, and fails unless they give the same answers in the same
// order. TestCatalogMatchesKuzu calls it after every step, with k, the
// catalog as loaded from the database, to draw the sample from.
func checkReads(t *testing.T, s *Store, k snapshot, step string) {
	t.Helper()
	ctx := context.Background()
	groups := []string{"none"}
	byGroup := map[string][]string{}
	for id, e := range k.Entities {
		if byGroup[e.group] == nil {
			groups = append(groups, e.group)
		}
		byGroup[e.group] = append(byGroup[e.group], id)
	}
	slices.Sort(groups)
	factIDs := slices.Sorted(func(yield func(string) bool) {
		for id := range k.Facts {
			if !yield(id) {
				return
			}
		}
	})
	// every returns up to n of ids, spread over them, and those of them
	// that pass keep.
	every := func(ids []string, n int, keep func(string) bool) []string {
		var out []string
		for i, id := range ids {
			if i%max(1, len(ids)/n) == 0 || keep(id) {
				out = append(out, id)
			}
		}
		return out
	}
	var cases []readCase
	for _, g := range groups {
		ents := slices.Sorted(slices.Values(byGroup[g]))
		// Every entity with a name of its own (not "Entity i of g"), a
		// few others, an unknown one and one of another group.
		sample := every(ents, 6, func(id string) bool { return !strings.HasPrefix(k.Entities[id].name, "Entity ") })
		if other := byGroup["imp"]; g != "imp" && len(other) > 0 {
			sample = append(sample, other[0])
		}
		sample = append(sample, g+"-missing", "")
		var many []string
		for i := 0; i < len(ents) && len(many) < 20; i += 1 + len(ents)/20 {
			many = append(many, ents[i])
		}
		lists := [][]string{sample, append(slices.Clone(sample[:2]), sample[0]), many}
		for _, id := range sample {
			lists = append(lists, []string{id})
		}
		for i, ids := range lists {
			cases = append(cases, readCase{
				name: fmt.Sprintf("FactHistoryOfEntities(%s, list %d of %d)", g, i, len(ids)),
				got:  func() (any, error) { return s.FactHistoryOfEntities(ctx, g, ids) },
				want: func() (any, error) { return FactHistoryOfEntitiesFromKuzuForTest(ctx, s, g, ids) },
			})
			limits := []int{0, 1, 4}
			if len(ids) == 1 {
				limits = []int{0}
			}
			for _, limit := range limits {
				cases = append(cases, readCase{
					name: fmt.Sprintf("FactsOfEntities(%s, list %d of %d, %d)", g, i, len(ids), limit),
					got:  func() (any, error) { return s.FactsOfEntities(ctx, g, ids, limit) },
					want: func() (any, error) { return FactsOfEntitiesFromKuzuForTest(ctx, s, g, ids, limit) },
				})
			}
		}
		// The ends of some of the group's facts, both ways, and with an
		// entity that has none with them.
		pairs := [][2]string{{g + "-missing", g + "-n1"}}
		for _, id := range every(factIDs, 8, func(id string) bool { return strings.ContainsAny(id, "FN_") || strings.HasPrefix(id, "small-hub-0") }) {
			f := k.Facts[id]
			if f.group == g || g == "none" && len(pairs) < 4 {
				pairs = append(pairs, [2]string{f.source, f.target}, [2]string{f.target, f.source}, [2]string{f.source, g + "-n0"})
			}
		}
		for _, p := range pairs {
			cases = append(cases, readCase{
				name: fmt.Sprintf("FactsBetween(%s, %s, %s)", g, p[0], p[1]),
				got:  func() (any, error) { return s.FactsBetween(ctx, g, p[0], p[1]) },
				want: func() (any, error) { return FactsBetweenFromKuzuForTest(ctx, s, g, p[0], p[1]) },
			})
			cases = append(cases, readCase{
				name: fmt.Sprintf("CurrentFactsBetween(%s, %s, %s)", g, p[0], p[1]),
				got:  func() (any, error) { return s.CurrentFactsBetween(ctx, g, p[0], p[1]) },
				want: func() (any, error) {
					all, err := FactsBetweenFromKuzuForTest(ctx, s, g, p[0], p[1])
					return slices.DeleteFunc(all, func(f core.Fact) bool { return !f.ExpiredAt.IsZero() }), err
				},
			})
		}
		// The normalized names and acronyms of the sample, as resolution
		// asks them, and alone; names no entity has, and the empty key.
		keys := []string{"no such name", "ibm"}
		for _, id := range sample {
			if e, ok := k.Entities[id]; ok {
				keys = append(keys, core.NormalizeName(e.name), core.Acronym(e.name))
			}
		}
		keySets := [][]string{keys, {""}, {"paris"}, {"ba"}, {"bank of america"}}
		for _, key := range keys[:min(len(keys), 4)] {
			keySets = append(keySets, []string{key})
		}
		for _, ks := range keySets {
			cases = append(cases, readCase{
				name: fmt.Sprintf("EntitiesByName(%s, %q)", g, ks),
				got:  func() (any, error) { return s.EntitiesByName(ctx, g, ks) },
				want: func() (any, error) { return EntitiesByNameFromKuzuForTest(ctx, s, g, ks) },
			})
		}
	}
	// FactsInvalidatedBy: every fact's invalidated_by, of any group, at
	// once and a few alone, and one that retired nothing.
	var bys []string
	for _, id := range factIDs {
		if by := k.Facts[id].invalidatedBy; by != "" && !slices.Contains(bys, by) {
			bys = append(bys, by)
		}
	}
	for _, g := range groups {
		sets := [][]string{append(slices.Clone(bys), g+"-missing")}
		for _, by := range bys[:min(len(bys), 4)] {
			sets = append(sets, []string{by})
		}
		for _, by := range sets {
			cases = append(cases, readCase{
				name: fmt.Sprintf("FactsInvalidatedBy(%s, %q)", g, by),
				got:  func() (any, error) { return s.FactsInvalidatedBy(ctx, g, by) },
				want: func() (any, error) { return FactsInvalidatedByFromKuzuForTest(ctx, s, g, by) },
			})
		}
	}
	for _, tc := range cases {
		want, err := tc.want()
		if err != nil {
			t.Fatalf("after %s, %s from Kuzu: %v", step, tc.name, err)
		}
		got, err := tc.got()
		if err != nil {
			t.Fatalf("after %s, %s: %v", step, tc.name, err)
		}
		if reflect.DeepEqual(want, got) {
			continue // cmp.Diff below says the same, at many times the cost under -race
		}
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("after %s, %s differs from Kuzu's answer (-kuzu +catalog):\n%s", step, tc.name, diff)
		}
	}
}

// TestCatalogReadsDuringWrites runs the catalog-served reads while
// changes, renames and deletions commit (run it with -race): every answer must be one the
// catalog could give, whatever the commits around it — facts that touch
// the entities asked, of the group, current and newest first; entities
// that have the name asked.
func TestCatalogReadsDuringWrites(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: 4, BufferPoolBytes: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	eng := EngineForTest(t, s)
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	const rounds, per = 15, 10
	done := make(chan error, 1)
	go func() {
		defer close(done)
		for r := range rounds {
			var ch core.Change
			for i := range per {
				n := r*per + i
				ch.Entities = append(ch.Entities, core.Entity{UUID: fmt.Sprintf("n%03d", n), GroupID: "g", Name: fmt.Sprintf("Node %d round %d", n%7, r), CreatedAt: t0})
				if n > 0 {
					f := core.Fact{UUID: fmt.Sprintf("f%03d", n), GroupID: "g", Relation: "NEXT", Text: fmt.Sprint("fact ", n),
						SourceUUID: fmt.Sprintf("n%03d", n-1), TargetUUID: fmt.Sprintf("n%03d", n), CreatedAt: t0}
					if n%3 == 0 {
						f.ExpiredAt = t0
					}
					ch.Facts = append(ch.Facts, f)
				}
			}
			if r > 0 {
				// Rename an entity of the round before.
				ch.Entities = append(ch.Entities, core.Entity{UUID: fmt.Sprintf("n%03d", r*per-1), GroupID: "g", Name: fmt.Sprintf("Node %d round %d", r%7, r), CreatedAt: t0})
			}
			if err := s.Apply(ctx, ch); err != nil {
				done <- err
				return
			}
			if r%4 == 3 {
				if _, err := eng.DeleteFact(ctx, "g", fmt.Sprintf("f%03d", r*per+1)); err != nil {
					done <- err
					return
				}
			}
		}
	}()
	for reading := true; reading; {
		select {
		case err, ok := <-done:
			if err != nil {
				t.Fatal(err)
			}
			reading = ok
		default:
		}
		id := fmt.Sprintf("n%03d", rand.IntN(rounds*per))
		fs, err := s.FactsOfEntities(ctx, "g", []string{id}, 0)
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range fs {
			if f.SourceUUID != id && f.TargetUUID != id || f.GroupID != "g" || !f.ExpiredAt.IsZero() || i > 0 && f.UUID >= fs[i-1].UUID {
				t.Fatalf("FactsOfEntities(g, %s) = %+v, not its current facts newest first", id, fs)
			}
		}
		between, err := s.FactsBetween(ctx, "g", id, fmt.Sprintf("n%03d", rand.IntN(rounds*per)))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range between {
			if f.SourceUUID != id && f.TargetUUID != id {
				t.Fatalf("FactsBetween(g, %s, …) = %+v", id, between)
			}
		}
		key := fmt.Sprintf("node %d round %d", rand.IntN(7), rand.IntN(rounds))
		es, err := s.EntitiesByName(ctx, "g", []string{key})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			if core.NormalizeName(e.Name) != key {
				t.Fatalf("EntitiesByName(g, %q) = %+v", key, es)
			}
		}
	}
}
