package storetest

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// hiddenWorld is the fixture of testExactTopK: objects of group A whose
// vectors and texts rank the hidden ones first.
type hiddenWorld struct {
	query  []float32
	ents   map[string][]float32 // every entity with its vector
	facts  map[string][]float32 // every fact with its vector
	hidden map[string]bool      // the objects a default search must not return
	x      string               // the entity every fact starts from
}

// Sizes of the fixture: n objects of each scope, the first nHidden of
// them, the nearest to the query and the best text matches, archived or
// merged away.
const (
	nVisible = 50
	nHidden  = 30
	topK     = 10
)

// mergedAt is when the fixture's merges happened: after its objects were
// created, before they were archived.
var mergedAt = now.Add(30 * time.Minute)

func hiddenFixture(t *testing.T, s core.Store) hiddenWorld {
	t.Helper()
	d := s.Dimension()
	r := rng(99)
	w := hiddenWorld{query: r.vec(d), ents: map[string][]float32{}, facts: map[string][]float32{}, hidden: map[string]bool{}}
	near := func(i int) []float32 {
		// Farther from the query as i grows: the hidden objects are the
		// nearest.
		v, noise := make([]float32, d), r.vec(d)
		for j := range v {
			v[j] = w.query[j] + float32(i+1)*0.04*noise[j]
		}
		return v
	}
	merged := map[string]any{core.MergedAttribute: map[string]any{"into": groupA + "-survivor", "at": mergedAt.Format(time.RFC3339Nano)}}
	ch := core.Change{Group: groupA}
	w.x = groupA + "-hx"
	ch.Entities = append(ch.Entities,
		core.Entity{UUID: w.x, GroupID: groupA, Name: "Xavier", CreatedAt: c1},
		core.Entity{UUID: groupA + "-hy", GroupID: groupA, Name: "Yolanda", CreatedAt: c1})
	for i := range nVisible + nHidden {
		hidden := i < nHidden
		text := fmt.Sprintf("quasar probe %d", i)
		if hidden {
			// A better BM25 match than any visible object's.
			text = fmt.Sprintf("quasar quasar quasar %d", i)
		}
		e := core.Entity{UUID: fmt.Sprintf("%s-he%03d", groupA, i), GroupID: groupA, Name: text, NameEmbedding: near(i), CreatedAt: c1}
		f := core.Fact{UUID: fmt.Sprintf("%s-hf%03d", groupA, i), GroupID: groupA, Relation: "OBSERVES", Text: "Xavier observes " + text,
			SourceUUID: w.x, TargetUUID: groupA + "-hy", Embedding: near(i), CreatedAt: c1}
		if hidden {
			w.hidden[e.UUID], w.hidden[f.UUID] = true, true
			if i%2 == 0 {
				e.ArchivedAt, f.ArchivedAt = archiveAt, archiveAt
			} else {
				e.Attributes, f.Attributes = merged, merged
			}
		}
		w.ents[e.UUID], w.facts[f.UUID] = e.NameEmbedding, f.Embedding
		ch.Entities = append(ch.Entities, e)
		ch.Facts = append(ch.Facts, f)
	}
	must(t, "Apply", s.Apply(t.Context(), ch))
	return w
}

// testExactTopK checks that searches and traversals apply the default
// visibility rules (archived objects, objects merged away) before their
// cut: with more hidden objects among the best than the limit, a search
// still returns exactly the limit, none hidden, and the best of the
// visible ones; a query known before the merges and the archiving sees
// the hidden objects again.
func testExactTopK(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := hiddenFixture(t, s)
	A := []string{groupA}
	visible := func(vecs map[string][]float32) map[string][]float32 {
		out := map[string][]float32{}
		for id, v := range vecs {
			if !w.hidden[id] && id != w.x {
				out[id] = v
			}
		}
		return out
	}
	noneHidden := func(what string, hits []core.Hit) {
		t.Helper()
		if len(hits) != topK {
			t.Errorf("%s: %d hits, want exactly %d", what, len(hits), topK)
		}
		for _, h := range hits {
			if w.hidden[h.UUID] {
				t.Errorf("%s returned %s, which is archived or merged away", what, h.UUID)
			}
		}
	}
	dflt := core.Filter{Now: now}
	for _, c := range []struct {
		sc   core.Scope
		vecs map[string][]float32
	}{{core.ScopeEntities, w.ents}, {core.ScopeFacts, w.facts}} {
		hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: c.sc, Groups: A, Vector: w.query, Limit: topK, MinScore: -1, Filter: dflt})
		must(t, "VectorSearch", err)
		what := fmt.Sprintf("VectorSearch(%s)", c.sc)
		noneHidden(what, hits)
		if found := checkHits(t, what, hits, exact(visible(c.vecs), w.query), topK, -1); found < topK-1 {
			t.Errorf("%s found %d of the %d nearest visible objects", what, found, topK)
		}

		hits, err = s.TextSearch(ctx, core.SearchQuery{Scope: c.sc, Groups: A, Text: "quasar", Limit: topK, Filter: dflt})
		must(t, "TextSearch", err)
		noneHidden(fmt.Sprintf("TextSearch(%s)", c.sc), hits)

		// Known before the merges and the archiving, the hidden objects,
		// the nearest, are found again.
		hits, err = s.VectorSearch(ctx, core.SearchQuery{Scope: c.sc, Groups: A, Vector: w.query, Limit: topK, MinScore: -1, Filter: core.Filter{KnownAt: mergedAt.Add(-time.Minute)}})
		must(t, "VectorSearch", err)
		if n := len(slices.DeleteFunc(hitIDs(hits), func(id string) bool { return !w.hidden[id] })); n < topK-1 {
			t.Errorf("VectorSearch(%s) known before the merges found %d hidden objects among %d hits, want them back", c.sc, n, len(hits))
		}
	}
	// A traversal cuts after the rule too: the facts of x sort by uuid,
	// the hidden ones first.
	hits, err := s.Traverse(ctx, core.TraverseQuery{Scope: core.ScopeFacts, Groups: A, Seeds: []string{w.x}, Depth: 1, Limit: topK, Filter: dflt})
	must(t, "Traverse", err)
	noneHidden("Traverse(facts)", hits)
	hits, err = s.Traverse(ctx, core.TraverseQuery{Scope: core.ScopeFacts, Groups: A, Seeds: []string{w.x}, Depth: 1, Limit: topK, Filter: core.Filter{IncludeArchived: true, KnownAt: mergedAt.Add(-time.Minute)}})
	must(t, "Traverse", err)
	if len(hits) != topK || !w.hidden[hits[0].UUID] {
		t.Errorf("Traverse(facts) known before the merges = %v, want %d hits, the merged and archived facts first", hitIDs(hits), topK)
	}
}
