package storetest

import (
	"slices"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// snapshot is what a group holds, as a merge and an unmerge must leave
// it: every entity and fact with embeddings, and what each episode links.
type snapshot struct {
	ents  []core.Entity
	facts []core.Fact
	vecs  map[string][]float32
	links map[string]core.Links
}

func snap(t *testing.T, s core.Store, w world) snapshot {
	t.Helper()
	ctx := t.Context()
	sn := snapshot{vecs: map[string][]float32{}, links: map[string]core.Links{}}
	for _, e := range listAll(t, 100, func(o core.ListOptions) (core.Page[core.Entity], error) { return s.ListEntities(ctx, w.g, o) }, core.ListOptions{Embeddings: true}) {
		sn.vecs[e.UUID] = e.NameEmbedding
		sn.ents = append(sn.ents, normEntity(e))
	}
	all := core.ListOptions{Embeddings: true, Filter: core.Filter{IncludeInvalid: true, Now: now}}
	for _, f := range listAll(t, 100, func(o core.ListOptions) (core.Page[core.Fact], error) { return s.ListFacts(ctx, w.g, o) }, all) {
		sn.vecs[f.UUID] = f.Embedding
		sn.facts = append(sn.facts, normFact(f))
	}
	for _, ep := range []string{w.e1, w.e2, w.e3} {
		l, err := s.EpisodeLinks(ctx, []string{w.g}, ep)
		must(t, "EpisodeLinks", err)
		l.Entities, l.Facts = sorted(l.Entities), sorted(l.Facts)
		sn.links[ep] = l
	}
	return sn
}

func (a snapshot) equal(t *testing.T, what string, b snapshot) {
	t.Helper()
	check(t, what+": entities", b.ents, a.ents)
	check(t, what+": facts", b.facts, a.facts)
	check(t, what+": episode links", b.links, a.links)
	for id, v := range a.vecs {
		if !sameVec(b.vecs[id], v) {
			t.Errorf("%s: vector of %s changed", what, id)
		}
	}
}

// testMergeUnmerge writes what Engine.Consolidate writes to merge an
// entity (Beta Industries into Acme Corp) and what Engine.Unmerge writes
// to undo it, and checks that the store keeps every piece the engine
// relies on: the nested merged attribute, the vectors of objects replaced
// without one, the copy of a fact with its four times, provenance and
// vector; then that the unmerge gives back exactly the group as it was.
func testMergeUnmerge(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := seed(t, s, groupA)
	seed(t, s, groupB)
	before := snap(t, s, w)
	at := now.Add(time.Hour).Truncate(time.Microsecond)
	stamp := at.Format(time.RFC3339Nano)

	beta, acme, f4 := w.ents[4], w.ents[1], w.facts[3]
	copied := f4
	copied.UUID, copied.TargetUUID = w.g+"-f4m", w.acme
	copied.Attributes = map[string]any{core.MergedAttribute: map[string]any{"from": []any{w.f4}, "made_at": stamp}}
	betaMerged := beta
	betaMerged.NameEmbedding = nil
	betaMerged.Attributes = map[string]any{core.MergedAttribute: map[string]any{
		"into": w.acme, "at": stamp, "facts": []any{copied.UUID}, "aliases": []any{"Beta Industries"}}}
	acmeAliased := acme
	acmeAliased.NameEmbedding = nil
	acmeAliased.Attributes = map[string]any{core.AliasesAttribute: []any{"Beta Industries"}}
	f4Merged := f4
	f4Merged.Embedding = nil
	f4Merged.Attributes = map[string]any{core.MergedAttribute: map[string]any{"into": copied.UUID, "at": stamp}}
	must(t, "Apply merge", s.Apply(ctx, core.Change{Group: w.g, Entities: []core.Entity{betaMerged, acmeAliased}, Facts: []core.Fact{f4Merged, copied}}))

	ents, err := s.Entities(ctx, []string{w.g}, []string{w.beta, w.acme}, core.GetOptions{Embeddings: true})
	must(t, "Entities", err)
	if len(ents) != 2 {
		t.Fatalf("Entities after the merge = %v", entIDs(ents))
	}
	check(t, "merged entity", normEntity(ents[0]), normEntity(betaMerged))
	check(t, "survivor", normEntity(ents[1]), normEntity(acmeAliased))
	if !sameVec(ents[0].NameEmbedding, w.entVec[w.beta]) || !sameVec(ents[1].NameEmbedding, w.entVec[w.acme]) {
		t.Errorf("replacing entities without a vector changed their vectors")
	}
	facts, err := s.Facts(ctx, []string{w.g}, []string{w.f4, copied.UUID}, core.GetOptions{Embeddings: true})
	must(t, "Facts", err)
	if len(facts) != 2 {
		t.Fatalf("Facts after the merge = %v", factIDs(facts))
	}
	check(t, "fact merged away", normFact(facts[0]), normFact(f4Merged))
	check(t, "fact copied", normFact(facts[1]), normFact(copied))
	if !sameVec(facts[0].Embedding, w.factVec[w.f4]) || !sameVec(facts[1].Embedding, w.factVec[w.f4]) {
		t.Errorf("the fact merged away or its copy lost the vector")
	}
	between, err := s.FactsBetween(ctx, w.g, w.alice, w.acme)
	must(t, "FactsBetween", err)
	check(t, "facts between Alice and Acme after the merge", sorted(factIDs(between)), sorted([]string{w.f1, copied.UUID}))
	links, err := s.EpisodeLinks(ctx, []string{w.g}, w.e3)
	must(t, "EpisodeLinks", err)
	if !slices.Contains(links.Facts, copied.UUID) {
		t.Errorf("episode e3 does not state the copy: %v", links.Facts)
	}
	if other, _ := s.Entities(ctx, []string{groupB}, []string{groupB + "-n5"}, core.GetOptions{}); len(other) != 1 || len(other[0].Attributes) != 0 {
		t.Errorf("group B's Beta after group A's merge = %+v, want untouched", other)
	}

	beta.NameEmbedding, acme.NameEmbedding, f4.Embedding = nil, nil, nil
	must(t, "Apply unmerge", s.Apply(ctx, core.Change{Group: w.g, Entities: []core.Entity{beta, acme}, Facts: []core.Fact{f4}, DeleteFacts: []string{copied.UUID}}))
	before.equal(t, "after the unmerge", snap(t, s, w))
}
