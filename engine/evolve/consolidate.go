package evolve

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/text"
)

// Consolidation finds the duplicate entities that resolution missed when
// their episodes arrived (a candidate out of the top few, a name seen
// before its fuller form, an extractor that typed one mention and not the
// other) and merges them with provenance (merge.go). Candidates come from
// three places, as GraphMem §4.3 suggests: the names (the keys and
// acronyms resolution looks names up by, and shared words), the vectors
// (the store's vector search over names) and shared neighbours (entities
// joined by current facts to the same others). Every candidate pair goes
// through the checks resolution makes (compatible types, and the digits of
// an identifier, so that ORD-1001 and ORD-1002 never meet), then through
// the same decision: a near-identical spelling merges, anything else is
// the tenant's resolver plugin's call (the rule resolver offline, an LLM
// when configured), asked the question resolution would have asked. A
// group without a resolver merges near-identical spellings only.

// ConsolidateOptions tunes Engine.Consolidate.
type ConsolidateOptions struct {
	// Now is the system time the merges are recorded at. Zero means the
	// engine's clock; a benchmark simulating later days sets it.
	Now time.Time
	// DryRun finds and decides the merges but writes nothing.
	DryRun bool
	// Since, when set, examines only the pairs with an entity created at
	// or after it: a run after each day's ingestion sets it to the end of
	// the previous run, since the pairs of older entities were decided
	// then. Pairs found by shared neighbours, which new facts make, are
	// always examined. Zero examines every pair.
	Since time.Time
}

// ConsolidateReport says what a consolidation found and did.
type ConsolidateReport struct {
	Group string
	// Entities counts the active entities examined; Pairs the candidate
	// pairs that passed the checks; Asked the entities put to the
	// resolver plugin.
	Entities, Pairs, Asked int
	// Merges lists the merges of entities, in the order made; FactMerges
	// those of duplicate facts that no entity merge touched
	// (consolidate_facts.go).
	Merges     []EntityMerge
	FactMerges []FactMerge
	// Deferred counts the merges decided but left to the next run, since
	// an entity or a fact of theirs was in a merge of this one. The next
	// run must examine them: its Since must not pass this run's start.
	Deferred int
	DryRun   bool
}

// EntityMerge is one entity merged into another.
type EntityMerge struct {
	// Merged is the entity merged away (as it was before); Survivor the
	// entity it was merged into.
	Merged, Survivor core.Entity
	// Found says how the pair was found: "name", "vector", "neighbours",
	// joined by '+' when by several.
	Found string
	// Decided is "spelling" for a near-identical spelling, "resolver" for
	// the resolver plugin's answer.
	Decided string
	// Facts counts the merged entity's facts copied onto the survivor;
	// Collapsed those of them that duplicated one of the survivor's and
	// became one fact with both provenances.
	Facts, Collapsed int
	// Made lists the facts the merge made.
	Made []string
}

// Candidate discovery limits.
const (
	// consolidateNeighbours is how many nearest names each entity's
	// vector search returns.
	consolidateNeighbours = 6
	// consolidateMinCosine is the least name similarity of a vector
	// candidate.
	consolidateMinCosine = 0.8
	// consolidateBucket bounds the entities sharing a word or a neighbour
	// that are paired: a word or a neighbour shared by more says nothing.
	consolidateBucket = 40
)

// How a pair was found.
const (
	foundName = 1 << iota
	foundVector
	foundNeighbours
)

func foundString(f int) string {
	var s []string
	for bit, name := range map[int]string{foundName: "name", foundVector: "vector", foundNeighbours: "neighbours"} {
		if f&bit != 0 {
			s = append(s, name)
		}
	}
	slices.Sort(s)
	return strings.Join(s, "+")
}

// Consolidate finds and merges a group's duplicate entities (see the
// comment at the top of consolidate.go and merge.go), then the duplicate
// facts among those no entity merge touched. It holds the group's write
// lock, so ingestion of the group waits; each merge is written in one
// transaction. An entity takes part in one merge per run, and so does a
// fact: a chain of duplicates, or a fact between two duplicates, takes
// more than one run, each finding fewer. Look-alike entities with
// different identifiers, or whose resolver says they differ, are left
// apart.
func (v *Evolver) Consolidate(ctx context.Context, group string, opts ConsolidateOptions) (ConsolidateReport, error) {
	rep := ConsolidateReport{Group: group, DryRun: opts.DryRun}
	now := opts.Now
	if now.IsZero() {
		now = v.now()
	}
	plugins, err := v.plugins.For(ctx, group)
	if err != nil {
		return rep, fmt.Errorf("load plugins of group %s: %w", group, err)
	}
	unlock, err := v.lockGroup(ctx, group)
	if err != nil {
		return ConsolidateReport{}, err
	}
	defer unlock()

	ents, err := listAll(ctx, func(o core.ListOptions) (core.Page[core.Entity], error) { return v.store.ListEntities(ctx, group, o) })
	if err != nil {
		return rep, fmt.Errorf("read entities of group %s: %w", group, err)
	}
	ents = core.VisibleEntities(ents, time.Time{})
	facts, err := listAll(ctx, func(o core.ListOptions) (core.Page[core.Fact], error) {
		o.Filter, o.Embeddings = core.Filter{IncludeInvalid: true, Now: now}, false
		return v.store.ListFacts(ctx, group, o)
	})
	if err != nil {
		return rep, fmt.Errorf("read facts of group %s: %w", group, err)
	}
	facts = core.VisibleFacts(facts, time.Time{})
	rep.Entities = len(ents)

	c := &consolidation{v: v, group: group, now: now, since: opts.Since, byID: map[string]*core.Entity{}, factsOf: map[string][]*core.Fact{}}
	for i := range ents {
		c.byID[ents[i].UUID] = &ents[i]
	}
	for i := range facts {
		f := &facts[i]
		c.factsOf[f.SourceUUID] = append(c.factsOf[f.SourceUUID], f)
		if f.TargetUUID != f.SourceUUID {
			c.factsOf[f.TargetUUID] = append(c.factsOf[f.TargetUUID], f)
		}
	}
	pairs, err := c.candidates(ctx, ents, facts)
	if err != nil {
		return rep, err
	}
	rep.Pairs = len(pairs)
	decided, asked, err := c.decide(ctx, plugins.EntityResolver, pairs)
	if err != nil {
		return rep, err
	}
	rep.Asked = asked
	involved := map[string]bool{}
	for _, d := range decided {
		l, s := c.byID[d.a], c.byID[d.b]
		if c.weight(l) > c.weight(s) || c.weight(l) == c.weight(s) && l.CreatedAt.Before(s.CreatedAt) {
			l, s = s, l
		}
		// One merge per entity and per fact in a run: a fact between two
		// entities merged away is copied by the first merge and its copy
		// moved by the next run's.
		if involved[l.UUID] || involved[s.UUID] || slices.ContainsFunc(c.factsOf[l.UUID], func(f *core.Fact) bool { return involved[f.UUID] }) {
			rep.Deferred++
			continue
		}
		involved[l.UUID], involved[s.UUID] = true, true
		for _, f := range c.factsOf[l.UUID] {
			involved[f.UUID] = true
		}
		if err := c.loadVectors(ctx, l, s); err != nil {
			return rep, err
		}
		m, ch := c.merge(l, s)
		m.Found, m.Decided = foundString(pairs[pairKey(d.a, d.b)]), d.how
		if !opts.DryRun {
			if err := v.store.Apply(ctx, ch); err != nil {
				return rep, fmt.Errorf("write the merge of %s (%s) into %s (%s): %w", l.UUID, l.Name, s.UUID, s.Name, err)
			}
		}
		*s = ch.Entities[1]
		rep.Merges = append(rep.Merges, m)
	}
	fm, ch, err := c.consolidateFacts(ctx, plugins.FactResolver, facts, involved)
	if err != nil {
		return rep, err
	}
	if len(fm) > 0 && !opts.DryRun {
		if err := v.store.Apply(ctx, ch); err != nil {
			return rep, fmt.Errorf("write the merges of duplicate facts: %w", err)
		}
	}
	rep.FactMerges = fm
	return rep, nil
}

// consolidation is the state of one Consolidate call.
type consolidation struct {
	v       *Evolver
	group   string
	now     time.Time
	since   time.Time
	byID    map[string]*core.Entity
	factsOf map[string][]*core.Fact
}

// fresh reports whether x is new since the last run (ConsolidateOptions.Since).
func (c *consolidation) fresh(x *core.Entity) bool {
	return c.since.IsZero() || !x.CreatedAt.Before(c.since)
}

// weight orders the entities of a pair: the one with more facts survives.
func (c *consolidation) weight(x *core.Entity) int { return len(c.factsOf[x.UUID]) }

// pairKey is the key of an unordered pair.
func pairKey(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}

// candidates returns the candidate pairs that pass the checks, with how
// each was found.
func (c *consolidation) candidates(ctx context.Context, ents []core.Entity, facts []core.Fact) (map[[2]string]int, error) {
	pairs := map[[2]string]int{}
	add := func(a, b string, how int) {
		if a == b {
			return
		}
		x, y := c.byID[a], c.byID[b]
		if x == nil || y == nil || !sameKind(*x, *y) || distinctIdentifiers(*x, *y) {
			return
		}
		if how != foundNeighbours && !c.fresh(x) && !c.fresh(y) {
			return
		}
		pairs[pairKey(a, b)] |= how
	}
	buckets := func(index map[string][]string, how int) {
		for _, ids := range index {
			if len(ids) < 2 || len(ids) > consolidateBucket {
				continue
			}
			for i, a := range ids {
				for _, b := range ids[i+1:] {
					add(a, b, how)
				}
			}
		}
	}
	names := map[string][]string{}
	for _, x := range ents {
		keys := []string{"n:" + core.NormalizeName(x.Name), "f:" + text.FuzzyKey(x.Name)}
		if a := core.Acronym(x.Name); a != "" {
			keys = append(keys, "n:"+a, "a:"+a)
		}
		for _, w := range strings.Fields(text.FuzzyKey(x.Name)) {
			if len([]rune(w)) >= 3 {
				keys = append(keys, "w:"+w)
			}
		}
		for _, k := range dedupe(keys) {
			names[k] = append(names[k], x.UUID)
		}
	}
	buckets(names, foundName)

	for _, x := range ents {
		if len(x.NameEmbedding) == 0 || !c.fresh(&x) {
			continue
		}
		hits, err := c.v.store.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{c.group}, Vector: x.NameEmbedding, Limit: consolidateNeighbours, MinScore: consolidateMinCosine})
		if err != nil {
			return nil, fmt.Errorf("find entities with similar names: %w", err)
		}
		for _, h := range hits {
			add(x.UUID, h.UUID, foundVector)
		}
	}

	near := map[string][]string{}
	adj := map[string]map[string]bool{}
	for _, f := range facts {
		if !f.Current(c.now) || f.SourceUUID == f.TargetUUID {
			continue
		}
		for _, p := range [][2]string{{f.SourceUUID, f.TargetUUID}, {f.TargetUUID, f.SourceUUID}} {
			if adj[p[0]] == nil {
				adj[p[0]] = map[string]bool{}
			}
			if !adj[p[0]][p[1]] {
				adj[p[0]][p[1]] = true
				near[p[1]] = append(near[p[1]], p[0])
			}
		}
	}
	shared := map[[2]string]int{}
	for _, ids := range near {
		if len(ids) > consolidateBucket {
			continue
		}
		for i, a := range ids {
			for _, b := range ids[i+1:] {
				shared[pairKey(a, b)]++
			}
		}
	}
	for k, n := range shared {
		a, b := adj[k[0]], adj[k[1]]
		if n >= 2 && 2*n >= min(len(a), len(b)) && !a[k[1]] {
			add(k[0], k[1], foundNeighbours)
		}
	}
	return pairs, nil
}

// sameKind reports whether two entities may be one: their labels, or the
// "kind" attributes extractors set, do not contradict each other.
func sameKind(a, b core.Entity) bool {
	if len(a.Labels) > 0 && len(b.Labels) > 0 && !slices.ContainsFunc(a.Labels, func(l string) bool {
		return slices.ContainsFunc(b.Labels, func(m string) bool { return strings.EqualFold(l, m) })
	}) {
		return false
	}
	x := core.ExtractedEntity{Name: a.Name, Attributes: a.Attributes}
	if len(a.Labels) > 0 {
		x.Type = a.Labels[0]
	}
	return x.CompatibleWith(b)
}

// identifierKeys are attribute names that hold identifiers: two entities
// with different values for one are different things.
var identifierKeys = []string{"id", "email", "phone", "number", "sku", "iban", "account", "order", "code"}

// distinctIdentifiers reports whether two entities carry different
// identifiers: different digits in their names (ORD-1001, ORD-1002; Flat
// 12, Flat 21), or different values of an identifier attribute.
func distinctIdentifiers(a, b core.Entity) bool {
	if text.Digits(text.FuzzyKey(a.Name)) != text.Digits(text.FuzzyKey(b.Name)) {
		return true
	}
	for k, va := range a.Attributes {
		vb, ok := b.Attributes[k]
		if !ok || k == core.AliasesAttribute {
			continue
		}
		lk := strings.ToLower(k)
		if slices.ContainsFunc(identifierKeys, func(id string) bool { return lk == id || strings.HasSuffix(lk, "_"+id) }) &&
			!strings.EqualFold(fmt.Sprint(va), fmt.Sprint(vb)) {
			return true
		}
	}
	return false
}

// decision is a pair found to be one entity.
type decision struct {
	a, b string
	how  string
}

// decide returns the pairs that are one entity, in a stable order: a
// near-identical spelling first, then the resolver's answers. Each pair is
// asked from its newer entity, as resolution would have asked it when
// that entity arrived.
func (c *consolidation) decide(ctx context.Context, res core.EntityResolver, pairs map[[2]string]int) ([]decision, int, error) {
	partners := map[string][]string{}
	for k := range pairs {
		a, b := c.byID[k[0]], c.byID[k[1]]
		if b.CreatedAt.Before(a.CreatedAt) || b.CreatedAt.Equal(a.CreatedAt) && b.UUID < a.UUID {
			a, b = b, a
		}
		partners[b.UUID] = append(partners[b.UUID], a.UUID)
	}
	newer := slices.Collect(maps.Keys(partners))
	slices.SortFunc(newer, func(x, y string) int {
		return cmp.Or(c.byID[x].CreatedAt.Compare(c.byID[y].CreatedAt), strings.Compare(x, y))
	})
	var out []decision
	var qs []core.EntityQuestion
	for i, id := range newer {
		x := c.byID[id]
		cands := make([]core.Entity, 0, len(partners[id]))
		for _, p := range partners[id] {
			cands = append(cands, *c.byID[p])
		}
		slices.SortFunc(cands, func(p, q core.Entity) int { return strings.Compare(p.UUID, q.UUID) })
		if m, ok := text.FuzzyMatch(x.Name, cands); ok {
			out = append(out, decision{a: id, b: m.UUID, how: "spelling"})
			continue
		}
		q := core.EntityQuestion{ID: i, Entity: core.ExtractedEntity{Name: x.Name, Summary: x.Summary, Attributes: x.Attributes}, Candidates: cands}
		if len(x.Labels) > 0 {
			q.Entity.Type = x.Labels[0]
		}
		qs = append(qs, q)
	}
	if len(qs) == 0 || res == nil {
		return out, 0, nil
	}
	answers, err := res.ResolveEntities(ctx, core.EntityResolveRequest{
		Episode:   core.Episode{GroupID: c.group, Name: "consolidation", Source: core.SourceText, Content: "consolidation of the group's entities", ValidAt: c.now, CreatedAt: c.now},
		Questions: qs,
	})
	if err != nil {
		return nil, len(qs), fmt.Errorf("resolve duplicate entities: %w", err)
	}
	byQ := map[int]core.EntityQuestion{}
	for _, q := range qs {
		byQ[q.ID] = q
	}
	for _, a := range answers {
		q, ok := byQ[a.ID]
		if !ok || a.DuplicateOf == "" || !slices.ContainsFunc(q.Candidates, func(c core.Entity) bool { return c.UUID == a.DuplicateOf }) {
			continue
		}
		out = append(out, decision{a: newer[a.ID], b: a.DuplicateOf, how: "resolver"})
	}
	return out, len(qs), nil
}

// merge returns the merge of l into s and the change that writes it: l
// marked merged into s, l's facts copied onto s (a copy that duplicates
// one of s's facts collapses with it into one fact stating both
// provenances), l's names added to s's aliases. The change's Entities are
// l then s.
func (c *consolidation) merge(l, s *core.Entity) (EntityMerge, core.Change) {
	m := EntityMerge{Merged: *l, Survivor: *s}
	ch := core.Change{Group: c.group}
	lm := core.MergeMark{Into: s.UUID, At: c.now}
	// The survivor's current facts, by what makes a duplicate.
	type dupKey struct{ rel, src, dst string }
	own := map[dupKey]*core.Fact{}
	for _, f := range c.factsOf[s.UUID] {
		if f.SourceUUID == l.UUID || f.TargetUUID == l.UUID {
			continue
		}
		own[dupKey{f.Relation, f.SourceUUID, f.TargetUUID}] = f
	}
	moved := func(id string) string {
		if id == l.UUID {
			return s.UUID
		}
		return id
	}
	made := map[string]*core.Fact{} // by the survivor fact it collapses
	var order []*core.Fact
	for _, f := range c.factsOf[l.UUID] {
		m.Facts++
		src, dst := moved(f.SourceUUID), moved(f.TargetUUID)
		if d, ok := own[dupKey{f.Relation, src, dst}]; ok && sameTimes(d, f) {
			p := made[d.UUID]
			if p == nil {
				p = c.copyFact(d, d.SourceUUID, d.TargetUUID)
				made[d.UUID] = p
				order = append(order, p)
				dm := *d
				dm.Embedding = nil
				dm.Attributes = intoMark(d.Attributes, p.UUID, c.now)
				ch.Facts = append(ch.Facts, dm)
			}
			p.Episodes = unionOrdered(p.Episodes, f.Episodes)
			pm, _ := core.MergeMarkOf(p.Attributes)
			pm.From = append(pm.From, f.UUID)
			p.Attributes[core.MergedAttribute] = pm.Attribute()
			c.mergedWhy(p, f, "a duplicate merged into this fact")
			m.Collapsed++
			c.retire(&ch, f, p.UUID)
			continue
		}
		p := c.copyFact(f, src, dst)
		order = append(order, p)
		c.retire(&ch, f, p.UUID)
	}
	for _, p := range order {
		ch.Facts = append(ch.Facts, *p)
		m.Made = append(m.Made, p.UUID)
		lm.Facts = append(lm.Facts, p.UUID)
	}
	sv := *s
	before := sv.Aliases()
	for _, n := range append([]string{l.Name}, l.Aliases()...) {
		sv, _ = sv.WithAlias(n)
	}
	for _, a := range sv.Aliases() {
		if !slices.Contains(before, a) {
			lm.Aliases = append(lm.Aliases, a)
		}
	}
	sv.NameEmbedding = nil
	lx := *l
	lx.NameEmbedding = nil
	lx.Attributes = core.WithMergeMark(l.Attributes, lm)
	ch.Entities = []core.Entity{lx, sv}
	return m, ch
}

// loadVectors reads the embeddings of the facts a merge of l into s may
// copy: the facts were listed without them, and a copy needs its own.
func (c *consolidation) loadVectors(ctx context.Context, l, s *core.Entity) error {
	fs := slices.Clone(c.factsOf[l.UUID])
	for _, f := range c.factsOf[s.UUID] {
		if !slices.Contains(fs, f) {
			fs = append(fs, f)
		}
	}
	for len(fs) > 0 {
		n := min(len(fs), readChunk)
		if err := c.loadFactVectors(ctx, fs[:n]); err != nil {
			return err
		}
		fs = fs[n:]
	}
	return nil
}

// copyFact returns a copy of f between src and dst, with a new uuid, made
// by a merge now from f: it keeps f's why record and adds a merged step
// naming f.
func (c *consolidation) copyFact(f *core.Fact, src, dst string) *core.Fact {
	p := *f
	p.UUID = c.v.ids.Next(c.now)
	p.SourceUUID, p.TargetUUID = src, dst
	p.Episodes = slices.Clone(f.Episodes)
	p.Attributes = core.WithMergeMark(f.Attributes, core.MergeMark{MadeAt: c.now, From: []string{f.UUID}})
	c.mergedWhy(&p, f, "made from this fact by a merge of duplicates")
	return &p
}

// mergedWhy records in the why record of p, the fact a merge makes, that
// f was merged into it: a merged step naming f (with note), and the
// episodes that stated f, so that why p is believed names them all (an
// episode of f's provenance that f's record lacks, as a fact stored before
// records were kept, as stated when f was made).
func (c *consolidation) mergedWhy(p, f *core.Fact, note string) {
	has := map[string]bool{}
	for _, s := range core.WhyOf(p.Attributes) {
		if s.Step == core.WhyStated {
			has[s.Episode] = true
		}
	}
	var steps []core.WhyStep
	for _, s := range core.WhyOf(f.Attributes) {
		if s.Step == core.WhyStated && s.Episode != "" && !has[s.Episode] {
			has[s.Episode] = true
			steps = append(steps, s)
		}
	}
	for _, ep := range f.Episodes {
		if !has[ep] {
			has[ep] = true
			steps = append(steps, core.WhyStep{Step: core.WhyStated, At: f.CreatedAt, Episode: ep})
		}
	}
	steps = append(steps, core.WhyStep{Step: core.WhyMerged, At: c.now, Fact: f.UUID, Note: note})
	p.Attributes = core.WithWhy(p.Attributes, steps...)
}

// retire adds to ch the fact f marked merged into the fact into, with a
// merged step naming it.
func (c *consolidation) retire(ch *core.Change, f *core.Fact, into string) {
	x := *f
	x.Embedding = nil
	x.Attributes = intoMark(f.Attributes, into, c.now)
	x.Attributes = core.WithWhy(x.Attributes, core.WhyStep{Step: core.WhyMerged, At: c.now, Fact: into, Note: "merged into this fact"})
	ch.Facts = append(ch.Facts, x)
}

// intoMark returns attrs marked merged into into at now, keeping what a
// merge made the object from.
func intoMark(attrs map[string]any, into string, now time.Time) map[string]any {
	mk, _ := core.MergeMarkOf(attrs)
	mk.Into, mk.At = into, now
	return core.WithMergeMark(attrs, mk)
}

// sameTimes reports whether two facts hold over the same event time and
// are both current or both retired: what lets one stand for both.
func sameTimes(a, b *core.Fact) bool {
	return a.ValidAt.Equal(b.ValidAt) && a.InvalidAt.Equal(b.InvalidAt) && a.ExpiredAt.IsZero() == b.ExpiredAt.IsZero()
}

func dedupe(ids []string) []string {
	out := make([]string, 0, len(ids))
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// listAll reads every page of a listing, embeddings included.
func listAll[T any](ctx context.Context, list func(core.ListOptions) (core.Page[T], error)) ([]T, error) {
	var out []T
	o := core.ListOptions{Limit: 1000, Embeddings: true}
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p, err := list(o)
		if err != nil {
			return nil, err
		}
		out = append(out, p.Items...)
		if p.Next == "" {
			return out, nil
		}
		o.Cursor = p.Next
	}
}

// readChunk bounds the uuids sent in one store read.
const readChunk = 2000
