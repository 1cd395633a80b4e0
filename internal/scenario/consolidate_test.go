package scenario

import (
	"context"
	"errors"
	"maps"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/evolve"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

// planted writes entities and facts straight to the store, the way an
// import from another system or an earlier resolver's mistake leaves
// them: duplicates that resolution never had the chance to see. Facts are
// stated by one planted episode.
type planted struct {
	w     *world
	group string
	ep    core.Episode
	ents  map[string]core.Entity
	ch    core.Change
}

func plant(w *world, group string, at time.Time) *planted {
	ep := core.Episode{UUID: "planted-" + group, GroupID: group, Name: "import", Source: core.SourceText,
		Content: "records imported from the old address book", ValidAt: at, CreatedAt: at, Status: core.EpisodeDone}
	return &planted{w: w, group: group, ep: ep, ents: map[string]core.Entity{}, ch: core.Change{Group: group, Episodes: []core.Episode{ep}}}
}

func (p *planted) entity(key, name, label string, attrs map[string]any) {
	p.w.t.Helper()
	vecs, err := p.w.h.Embedder.Embed(context.Background(), []string{name})
	if err != nil {
		p.w.t.Fatal(err)
	}
	en := core.Entity{UUID: "planted-" + key, GroupID: p.group, Name: name, NameEmbedding: vecs[0], CreatedAt: p.ep.CreatedAt, Attributes: attrs}
	if label != "" {
		en.Labels = []string{label}
	}
	p.ents[key] = en
	p.ch.Entities = append(p.ch.Entities, en)
	p.ch.Mentions = append(p.ch.Mentions, core.Mention{Episode: p.ep.UUID, Entity: en.UUID})
}

// fact plants a fact between src (a planted key or a stored uuid) and dst.
func (p *planted) fact(key, src, rel, dst, text string, valid time.Time) {
	p.w.t.Helper()
	vecs, err := p.w.h.Embedder.Embed(context.Background(), []string{text})
	if err != nil {
		p.w.t.Fatal(err)
	}
	id := func(k string) string {
		if en, ok := p.ents[k]; ok {
			return en.UUID
		}
		return k
	}
	p.ch.Facts = append(p.ch.Facts, core.Fact{UUID: "planted-" + key, GroupID: p.group, Relation: rel, Text: text,
		SourceUUID: id(src), TargetUUID: id(dst), Embedding: vecs[0], Episodes: []string{p.ep.UUID},
		ValidAt: valid, CreatedAt: p.ep.CreatedAt})
}

func (p *planted) write() {
	p.w.t.Helper()
	if err := p.w.h.Engine.Store().Apply(context.Background(), p.ch); err != nil {
		p.w.t.Fatalf("plant: %v", err)
	}
}

// byName returns the uuid of the one stored entity named name.
func (w *world) byName(group, name string) string {
	w.t.Helper()
	var ids []string
	for id, n := range w.names(group) {
		if n == name {
			ids = append(ids, id)
		}
	}
	if len(ids) != 1 {
		w.t.Fatalf("entities named %q: %v, want one", name, ids)
	}
	return ids[0]
}

// TestConsolidate plants duplicates beside look-alikes that must stay
// apart, merges, checks provenance, history and hiding, and unmerges back
// to the exported state before the merge, on the embedded and the
// in-memory store.
func TestConsolidate(t *testing.T) {
	for _, backend := range []string{"kuzu", "memory"} {
		t.Run(backend, func(t *testing.T) {
			w := openWorld(t, "", func(c *host.Config) {
				if backend == "memory" {
					c.Store.Backend, c.Store.BufferPoolMB, c.Store.MaxDBSizeMB = "memory", 0, 0
				}
			})
			testConsolidate(t, w)
		})
	}
}

func testConsolidate(t *testing.T, w *world) {
	ctx := context.Background()
	const g = "c"
	w.say(g, "2024-01-10", "Maria Lopez: I work at Globex.")
	w.say(g, "2024-01-11", "Jon Berg: I live in Oslo.")
	maria, globex, jon := w.byName(g, "Maria Lopez"), w.byName(g, "Globex"), w.byName(g, "Jon Berg")
	var works core.Fact
	for _, f := range w.allFacts(g) {
		if f.SourceUUID == maria && f.TargetUUID == globex {
			works = f
		}
	}
	if works.UUID == "" {
		t.Fatalf("no fact from Maria Lopez to Globex in %v", w.facts(g, core.Filter{}))
	}
	var lives core.Fact
	for _, f := range w.allFacts(g) {
		if f.SourceUUID == jon {
			lives = f
		}
	}

	at := date(t, "2024-02-01")
	w.clock.Set(at)
	p := plant(w, g, at)
	// Duplicates: the same person, and the company under its full name.
	p.entity("maria", "Maria Lopez", "", nil)
	p.entity("globex", "Globex Corporation", "", nil)
	p.fact("maria-works", "maria", works.Relation, globex, "Maria Lopez works at Globex", works.ValidAt)
	p.fact("maria-lives", "maria", "LIVES_IN", "globex", "Maria Lopez lives near Globex Corporation", at)
	// Look-alikes: another person one letter away, and two orders.
	p.entity("borg", "Jon Borg", "", nil)
	p.fact("borg-knows", "borg", "KNOWS", jon, "Jon Borg knows Jon Berg", at)
	// A duplicate fact between entities no merge touches.
	p.fact("berg-lives", jon, lives.Relation, lives.TargetUUID, lives.Text, lives.ValidAt)
	p.entity("o1", "ORD-1001", "", nil)
	p.entity("o2", "ORD-1002", "", nil)
	p.fact("o1-for", "o1", "ORDERED_BY", maria, "ORD-1001 was ordered by Maria Lopez", at)
	p.fact("o2-for", "o2", "ORDERED_BY", maria, "ORD-1002 was ordered by Maria Lopez", at)
	p.write()

	before, err := w.h.Engine.ExportGroup(ctx, g)
	if err != nil {
		t.Fatal(err)
	}

	mergeAt := date(t, "2024-03-01")
	w.clock.Set(mergeAt)
	dry, err := w.h.Engine.Consolidate(ctx, g, evolve.ConsolidateOptions{DryRun: true})
	if err != nil {
		t.Fatalf("Consolidate(dry run): %v", err)
	}
	if after := export(t, w, g); !cmp.Equal(before, after, cmpopts.EquateEmpty()) {
		t.Fatalf("a dry run wrote: %s", cmp.Diff(before, after, cmpopts.EquateEmpty()))
	}
	// Since after every entity was made: no pair is new, nothing to merge.
	if late, err := w.h.Engine.Consolidate(ctx, g, evolve.ConsolidateOptions{DryRun: true, Since: mergeAt}); err != nil || len(late.Merges) != 0 {
		t.Errorf("Consolidate(since %s) = %d merges, %v; want none", mergeAt, len(late.Merges), err)
	}
	// A fact between two duplicates takes two runs: one merge each.
	var merges []evolve.EntityMerge
	var factMerges []evolve.FactMerge
	for run := 0; run < 3; run++ {
		rep, err := w.h.Engine.Consolidate(ctx, g, evolve.ConsolidateOptions{})
		if err != nil {
			t.Fatalf("Consolidate: %v", err)
		}
		merges = append(merges, rep.Merges...)
		factMerges = append(factMerges, rep.FactMerges...)
		if run == 0 && len(dry.Merges) != len(rep.Merges) {
			t.Errorf("dry run found %d merges, the run %d", len(dry.Merges), len(rep.Merges))
		}
	}
	var got []string
	loserOf := map[string]string{}
	for _, m := range merges {
		got = append(got, m.Merged.Name+" -> "+m.Survivor.Name)
		loserOf[m.Survivor.UUID] = m.Merged.UUID
	}
	slices.Sort(got)
	want := []string{"Globex Corporation -> Globex", "Maria Lopez -> Maria Lopez"}
	if !slices.Equal(got, want) {
		t.Fatalf("Consolidate merged %q, want %q (%+v)", got, want, merges)
	}

	if len(factMerges) != 1 || len(factMerges[0].Merged) != 2 || factMerges[0].Merged[0].Relation != lives.Relation {
		t.Errorf("fact merges = %+v, want the two %s facts of Jon Berg", factMerges, lives.Relation)
	}

	// The merged-away entities are hidden, kept and marked; the survivor
	// carries the merged names as aliases.
	list, err := w.h.Engine.ListEntities(ctx, g, core.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, en := range list.Items {
		names = append(names, en.Name)
		if en.UUID == globex && !slices.Contains(en.Aliases(), "Globex Corporation") {
			t.Errorf("Globex aliases = %v, want Globex Corporation among them", en.Aliases())
		}
	}
	slices.Sort(names)
	if want := []string{"Globex", "Jon Berg", "Jon Borg", "Maria Lopez", "ORD-1001", "ORD-1002", "Oslo"}; !slices.Equal(names, want) {
		t.Errorf("entities after the merge = %q, want %q", names, want)
	}
	for surv, lose := range loserOf {
		xs, err := w.h.Engine.Store().Entities(ctx, []string{g}, []string{lose}, core.GetOptions{})
		if err != nil || len(xs) != 1 {
			t.Fatalf("read merged entity %s: %v %v", lose, xs, err)
		}
		if into, when := core.MergedInto(xs[0].Attributes); into != surv || !when.Equal(mergeAt) {
			t.Errorf("entity %s merged into %q at %s, want %s at %s", lose, into, when, surv, mergeAt)
		}
	}
	// Searches leave them out too, and show them as known before.
	for _, known := range []time.Time{{}, mergeAt.Add(-time.Minute)} {
		res, err := w.h.Engine.Search(ctx, retrieval.Request{Groups: []string{g}, Query: "Globex Corporation Maria Lopez",
			Scopes: []core.Scope{core.ScopeEntities}, Limit: 20, Filter: core.Filter{KnownAt: known}})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, r := range res.Entities {
			if slices.Contains(slices.Collect(maps.Values(loserOf)), r.UUID) {
				found = true
			}
		}
		if found != !known.IsZero() {
			t.Errorf("Search(known at %v) returned a merged-away entity: %v, want %v", known, found, !known.IsZero())
		}
	}
	// Time travel before the merge shows both; after, one.
	old, err := w.h.Engine.ListEntities(ctx, g, core.ListOptions{Filter: core.Filter{KnownAt: mergeAt.Add(-time.Minute)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(old.Items) != len(before.Entities) {
		t.Errorf("entities known just before the merge: %d, want %d", len(old.Items), len(before.Entities))
	}

	// Facts moved with their times; the duplicate fact is one, with both
	// provenances.
	facts, err := w.h.Engine.ListFacts(ctx, g, core.ListOptions{Filter: core.Filter{IncludeInvalid: true}})
	if err != nil {
		t.Fatal(err)
	}
	var worksNow []core.Fact
	for _, f := range facts.Items {
		for _, end := range []string{f.SourceUUID, f.TargetUUID} {
			if slices.Contains(slices.Collect(maps.Values(loserOf)), end) {
				t.Errorf("fact %q still has merged-away endpoint %s", f.Text, end)
			}
		}
		if f.Relation == works.Relation && f.TargetUUID == globex {
			worksNow = append(worksNow, f)
		}
	}
	if len(worksNow) != 1 {
		t.Fatalf("facts %s to Globex after the merge: %d, want 1 (%v)", works.Relation, len(worksNow), worksNow)
	}
	if got := worksNow[0]; !slices.Contains(got.Episodes, works.Episodes[0]) || !slices.Contains(got.Episodes, "planted-"+g) ||
		!got.ValidAt.Equal(works.ValidAt) || !got.CreatedAt.Equal(works.CreatedAt) {
		t.Errorf("collapsed fact = %+v, want both provenances and the times of %+v", got, works)
	}
	if len(facts.Items) != 6 {
		t.Errorf("facts after the merge: %d, want 6 (two works collapsed into one, two lives, knows, two orders): %v", len(facts.Items), facts.Items)
	}
	// Why names what each merge took in: the collapsed fact both the
	// survivor's fact and the planted duplicate, with the episodes that
	// stated them; the fact merge its duplicate; and a fact merged away
	// the fact it went into.
	mergedSteps := func(uuid string) (named []string, stated []string) {
		t.Helper()
		why, err := w.h.Engine.Why(ctx, g, uuid)
		if err != nil {
			t.Fatalf("Why(%s): %v", uuid, err)
		}
		for _, s := range why.Steps {
			switch s.Step {
			case core.WhyMerged:
				if !s.At.Equal(mergeAt) {
					t.Errorf("Why(%s): merged step at %s, want %s", uuid, s.At, mergeAt)
				}
				named = append(named, s.Fact)
			case core.WhyStated:
				stated = append(stated, s.Episode)
			}
		}
		return named, stated
	}
	named, stated := mergedSteps(worksNow[0].UUID)
	if !slices.Contains(named, works.UUID) || len(named) < 2 {
		t.Errorf("Why(collapsed fact) names merged facts %v, want %s (Maria's own) and the planted duplicate", named, works.UUID)
	}
	if !slices.Contains(stated, works.Episodes[0]) || !slices.Contains(stated, "planted-"+g) {
		t.Errorf("Why(collapsed fact) names stating episodes %v, want %s and planted-%s", stated, works.Episodes[0], g)
	}
	if len(factMerges) == 1 {
		fm := factMerges[0]
		if named, _ := mergedSteps(fm.Made); !slices.Contains(named, fm.Merged[0].UUID) || !slices.Contains(named, fm.Merged[1].UUID) {
			t.Errorf("Why(fact merge) names %v, want both %s and %s", named, fm.Merged[0].UUID, fm.Merged[1].UUID)
		}
		if named, _ := mergedSteps(fm.Merged[1].UUID); !slices.Equal(named, []string{fm.Made}) {
			t.Errorf("Why(a fact merged away) names %v, want the fact it went into, %s", named, fm.Made)
		}
	}

	// The later merge moved a fact the earlier one made: undoing the
	// earlier first is refused, and nothing is written.
	if len(merges) == 2 {
		if _, err := w.h.Engine.Unmerge(ctx, g, merges[0].Merged.UUID, evolve.UnmergeOptions{}); !errors.Is(err, core.ErrConflict) {
			t.Errorf("Unmerge of the first merge before the second: %v, want ErrConflict", err)
		}
	}
	for _, m := range factMerges {
		if _, err := w.h.Engine.Unmerge(ctx, g, m.Made, evolve.UnmergeOptions{}); err != nil {
			t.Fatalf("Unmerge(fact %s): %v", m.Made, err)
		}
	}
	for i := len(merges) - 1; i >= 0; i-- {
		if _, err := w.h.Engine.Unmerge(ctx, g, merges[i].Merged.UUID, evolve.UnmergeOptions{}); err != nil {
			t.Fatalf("Unmerge(%s): %v", merges[i].Merged.UUID, err)
		}
	}
	after := export(t, w, g)
	if d := cmp.Diff(before, after, cmpopts.EquateEmpty(), cmpopts.EquateApproxTime(0)); d != "" {
		t.Errorf("export after unmerge differs from before the merge (-before +after):\n%s", d)
	}
	if _, err := w.h.Engine.Unmerge(ctx, g, jon, evolve.UnmergeOptions{}); err == nil {
		t.Errorf("Unmerge of an entity never merged: no error")
	}
	// Merged again, a new mention of the merged-away names resolves to
	// the survivors.
	for run := 0; run < 2; run++ {
		if _, err := w.h.Engine.Consolidate(ctx, g, evolve.ConsolidateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	w.say(g, "2024-03-02", "Maria Lopez: I visited Globex Corporation today.")
	list, err = w.h.Engine.ListEntities(ctx, g, core.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Items) != 7 {
		t.Errorf("entities after a new mention of merged names: %d, want 7: %v", len(list.Items), entityNamesOf(list.Items))
	}

}

func export(t *testing.T, w *world, g string) engine.GroupData {
	t.Helper()
	d, err := w.h.Engine.ExportGroup(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func entityNamesOf(xs []core.Entity) []string {
	var out []string
	for _, x := range xs {
		out = append(out, x.Name)
	}
	return out
}

// TestConsolidateLLM decides through the LLM resolver when one is
// configured: an acronym and its full name planted apart are merged on the
// model's answer, while two orders one digit apart never reach it.
func TestConsolidateLLM(t *testing.T) {
	// The model of llm_test.go, behind a handler that counts its entity
	// questions.
	m := &model{t: t, srv: llmtest.New(t), extracts: map[string]map[string]any{}}
	var asked atomic.Int32
	m.srv.Handle(func(r llmtest.Request) (llmtest.Answer, bool) {
		if r.Prompt == "resolve_entities" {
			asked.Add(1)
		}
		return m.answer(r)
	})
	w := openWorld(t, "", m.configure)
	ctx := context.Background()
	const g = "cl"
	at := date(t, "2024-02-01")
	w.clock.Set(at)
	p := plant(w, g, at)
	p.entity("ibm", "IBM", "Organization", nil)
	p.entity("ibm-full", "International Business Machines", "Organization", nil)
	p.entity("o1", "ORD-1001", "", nil)
	p.entity("o2", "ORD-1002", "", nil)
	p.write()
	w.clock.Set(date(t, "2024-03-01"))
	rep, err := w.h.Engine.Consolidate(ctx, g, evolve.ConsolidateOptions{})
	if err != nil {
		t.Fatalf("Consolidate: %v", err)
	}
	if len(rep.Merges) != 1 || rep.Merges[0].Decided != "resolver" || asked.Load() != 1 {
		t.Fatalf("Consolidate = %+v after %d resolve_entities prompts, want one merge decided by the model in one prompt", rep, asked.Load())
	}
	got := []string{rep.Merges[0].Merged.Name, rep.Merges[0].Survivor.Name}
	slices.Sort(got)
	if want := []string{"IBM", "International Business Machines"}; !slices.Equal(got, want) {
		t.Errorf("merged %q, want %q", got, want)
	}
}
