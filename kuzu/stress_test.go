package kuzu_test

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"os"
	"sort"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// model is what the store should hold, kept by the test.
type model struct {
	episodes map[string]string          // uuid → group
	entities map[string]string          // uuid → group
	facts    map[string]core.Fact       // uuid → fact (endpoints, group)
	vecs     map[string][]float32       // fact uuid → embedding
	byEp     map[string]map[string]bool // episode → facts it states
	mentions map[string]map[string]bool // episode → entities
	summary  map[string]string          // entity → summary
}

func randVec(rng *rand.Rand) []float32 {
	v := make([]float32, kuzutest.Dimension)
	var n float64
	for i := range v {
		v[i] = float32(rng.NormFloat64())
		n += float64(v[i] * v[i])
	}
	for i := range v {
		v[i] /= float32(math.Sqrt(n))
	}
	return v
}

// TestRandomizedConsistency runs random writes, updates, deletes and
// reopens, and checks after each step that every read agrees with a model.
// Kuzu 0.11.3 was seen to lose committed rows when transactions touched
// full-text and vector indexes together; this test is the guard that such
// a loss cannot go unnoticed. The vector indexes are built early (at 60
// vectors) and maintained through the run; searches stay on the exact
// path, whose answers are deterministic (HNSW's are approximate, and these
// random vectors are its worst case).
func TestRandomizedConsistency(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	openStore := func() *kuzu.Store {
		s, err := kuzu.Open(ctx, kuzu.Options{Dir: dir, Dimension: kuzutest.Dimension, BufferPoolBytes: 64 << 20, Threads: 1, VectorIndexAt: 60})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := openStore()
	defer func() { s.Close(ctx) }()
	eng := kuzu.EngineForTest(t, s)
	seed := int64(42)
	if v := os.Getenv("MNEMO_STRESS_SEED"); v != "" {
		fmt.Sscan(v, &seed)
	}
	rng := rand.New(rand.NewSource(seed))
	m := model{map[string]string{}, map[string]string{}, map[string]core.Fact{}, map[string][]float32{}, map[string]map[string]bool{}, map[string]map[string]bool{}, map[string]string{}}
	groups := []string{"ga", "gb", "gc"}
	words := []string{"alice", "bob", "acme", "paris", "tennis", "coffee", "guitar", "berlin", "rex", "nurse"}
	n := 0
	id := func(p string) string { n++; return fmt.Sprintf("%s%04d", p, n) }
	pick := func(set map[string]string, g string) string {
		var ids []string
		for k, v := range set {
			if v == g {
				ids = append(ids, k)
			}
		}
		if len(ids) == 0 {
			return ""
		}
		sort.Strings(ids)
		return ids[rng.Intn(len(ids))]
	}
	steps := 120
	if v := os.Getenv("MNEMO_STRESS_STEPS"); v != "" {
		fmt.Sscan(v, &steps)
	}
	if testing.Short() {
		steps = 40
	}
	for step := range steps {
		g := groups[rng.Intn(len(groups))]
		switch op := rng.Intn(10); {
		case op < 5: // an episode with entities and facts
			e := ep(g, id("e"), words[rng.Intn(len(words))]+" "+words[rng.Intn(len(words))], t0.Add(time.Duration(step)*time.Minute))
			e.Embedding = randVec(rng)
			if _, err := s.AddEpisodes(ctx, []core.Episode{e}); err != nil {
				t.Fatalf("step %d AddEpisodes: %v", step, err)
			}
			var ch core.Change
			var ents []string
			for range 1 + rng.Intn(3) {
				x := ent(g, id("n"), words[rng.Intn(len(words))], "Thing")
				x.NameEmbedding = randVec(rng)
				ch.Entities = append(ch.Entities, x)
				ents = append(ents, x.UUID)
			}
			if old := pick(m.entities, g); old != "" {
				ents = append(ents, old)
			}
			for _, x := range ents {
				ch.Mentions = append(ch.Mentions, core.Mention{Episode: e.UUID, Entity: x})
			}
			var newFacts []core.Fact
			for range rng.Intn(4) {
				a, b := ents[rng.Intn(len(ents))], ents[rng.Intn(len(ents))]
				f := fact(g, id("f"), a, "REL", b, words[rng.Intn(len(words))]+" with "+words[rng.Intn(len(words))], e.UUID)
				f.Embedding = randVec(rng)
				newFacts = append(newFacts, f)
			}
			ch.Facts = newFacts
			if err := s.Apply(ctx, ch); err != nil {
				t.Fatalf("step %d Apply: %v", step, err)
			}
			m.episodes[e.UUID] = g
			m.byEp[e.UUID], m.mentions[e.UUID] = map[string]bool{}, map[string]bool{}
			for _, x := range ch.Entities {
				m.entities[x.UUID] = g
				m.summary[x.UUID] = x.Summary
			}
			for _, x := range ents {
				m.mentions[e.UUID][x] = true
			}
			for _, f := range newFacts {
				m.facts[f.UUID], m.vecs[f.UUID] = f, f.Embedding
				m.byEp[e.UUID][f.UUID] = true
			}
		case op < 7: // update an entity's summary and embedding
			x := pick(m.entities, g)
			if x == "" {
				continue
			}
			got, _ := s.Entities(ctx, []string{g}, []string{x}, core.GetOptions{})
			u := got[0]
			u.Summary = fmt.Sprintf("updated at step %d", step)
			u.NameEmbedding = randVec(rng)
			if err := s.Apply(ctx, core.Change{Entities: []core.Entity{u}}); err != nil {
				t.Fatalf("step %d update: %v", step, err)
			}
			m.summary[x] = u.Summary
		case op < 8: // delete a fact
			f := ""
			for k, v := range m.facts {
				if v.GroupID == g && (f == "" || k < f) {
					f = k
				}
			}
			if f == "" {
				continue
			}
			if _, err := eng.DeleteFact(ctx, g, f); err != nil {
				t.Fatalf("step %d DeleteFact: %v", step, err)
			}
			delete(m.facts, f)
			for _, set := range m.byEp {
				delete(set, f)
			}
		case op < 9: // delete an episode
			e := pick(m.episodes, g)
			if e == "" {
				continue
			}
			if _, err := eng.DeleteEpisode(ctx, g, e); err != nil {
				t.Fatalf("step %d DeleteEpisode: %v", step, err)
			}
			for f := range m.byEp[e] {
				other := false
				for e2, set := range m.byEp {
					if e2 != e && set[f] {
						other = true
					}
				}
				if !other {
					delete(m.facts, f)
				}
			}
			delete(m.episodes, e)
			delete(m.byEp, e)
			cand := m.mentions[e]
			delete(m.mentions, e)
			for x := range cand {
				used := false
				for _, set := range m.mentions {
					used = used || set[x]
				}
				for _, f := range m.facts {
					used = used || f.SourceUUID == x || f.TargetUUID == x
				}
				if !used {
					delete(m.entities, x)
				}
			}
		default: // reopen
			if err := s.Close(ctx); err != nil {
				t.Fatal(err)
			}
			s = openStore()
			eng = kuzu.EngineForTest(t, s)
		}
		check(t, ctx, s, &m, groups, step)
	}
}

func check(t *testing.T, ctx context.Context, s *kuzu.Store, m *model, groups []string, step int) {
	t.Helper()
	for _, g := range groups {
		var wantEnts, wantFacts []string
		for k, v := range m.entities {
			if v == g {
				wantEnts = append(wantEnts, k)
			}
		}
		for k, f := range m.facts {
			if f.GroupID == g {
				wantFacts = append(wantFacts, k)
			}
		}
		sort.Strings(wantEnts)
		sort.Strings(wantFacts)
		ents, err := s.ListEntities(ctx, g, core.ListOptions{Limit: 1000})
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		facts, err := s.ListFacts(ctx, g, core.ListOptions{Limit: 1000, Filter: core.Filter{IncludeInvalid: true}})
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		var gotEnts, gotFacts []string
		for _, e := range ents.Items {
			gotEnts = append(gotEnts, e.UUID)
			if e.Summary != m.summary[e.UUID] {
				t.Fatalf("step %d: entity %s summary = %q, want %q", step, e.UUID, e.Summary, m.summary[e.UUID])
			}
		}
		for _, f := range facts.Items {
			gotFacts = append(gotFacts, f.UUID)
		}
		if diff := cmp.Diff(wantEnts, gotEnts); diff != "" {
			t.Fatalf("step %d: %s entities (-model +store):\n%s", step, g, diff)
		}
		if diff := cmp.Diff(wantFacts, gotFacts); diff != "" {
			t.Fatalf("step %d: %s facts (-model +store):\n%s", step, g, diff)
		}
		// Every fact is found by its own vector and by its text, in its
		// group only.
		for _, f := range wantFacts {
			hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{g}, Vector: m.vecs[f], Limit: 1})
			if err != nil || len(hits) == 0 || hits[0].UUID != f {
				t.Fatalf("step %d: vector search for %s = %v, %v", step, f, hits, err)
			}
		}
		for _, e := range wantEnts {
			hits, err := s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{g}, Text: m.summary[e], Limit: 1000})
			if err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
			found := false
			for _, h := range hits {
				found = found || h.UUID == e
				if m.entities[h.UUID] != g {
					t.Fatalf("step %d: text search of %s returned %s", step, g, h.UUID)
				}
			}
			if !found && m.summary[e] != "" {
				t.Fatalf("step %d: text search for entity %s (%q) missed it", step, e, m.summary[e])
			}
		}
	}
}
