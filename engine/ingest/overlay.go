package ingest

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Group commit. A worker writes the episodes of a batch in as few
// transactions as it can: each episode is resolved in order against the
// graph its predecessors left, as before, but what it changes is kept in
// an overlay instead of being written at once, and the overlay is written
// as one change when the batch ends (or grows past maxOverlayObjects).
// Resolution reads through the overlay, so an episode sees the entities
// and facts of the episodes resolved before it in the same batch exactly
// as if they had been written: by name, by id, between two entities,
// around an entity, and as entity candidates by vector and by text.
//
// The crash guarantee is unchanged: the episodes of a batch become done in
// the transaction that writes what they changed, so after a crash they are
// all pending and all of them are resolved again. A transaction costs a
// store a fixed price (Kuzu: BEGIN, COMMIT and the statements' own
// overhead, a few milliseconds) that a batch pays once; an entity or fact
// changed by several episodes of a batch is written once.

// maxOverlayObjects bounds the entities and facts a batch holds before
// they are written, so that one transaction stays small.
const maxOverlayObjects = 4096

// graph is what resolution reads of one group: the store, or an overlay
// over it. Its methods are the store's reads of the same names, for the
// group.
type graph interface {
	EntitiesByName(ctx context.Context, keys []string) ([]core.Entity, error)
	Entities(ctx context.Context, ids []string) ([]core.Entity, error)
	EntityNames(ctx context.Context, ids []string) (map[string]string, error)
	CurrentFactsBetween(ctx context.Context, a, b string) ([]core.Fact, error)
	FactsOfEntities(ctx context.Context, ids []string, limit int) ([]core.Fact, error)
	FactsInvalidatedBy(ctx context.Context, by []string) ([]core.Fact, error)
	VectorEntities(ctx context.Context, q core.SearchQuery) ([]core.Hit, error)
	TextEntities(ctx context.Context, q core.SearchQuery) ([]core.Hit, error)
}

// storeGraph is a group of the store as a graph.
type storeGraph struct {
	s     core.Store
	group string
}

// Resolution binds new mentions to the entities and facts in use: those a
// merge took away are left out (core.VisibleEntities, core.VisibleFacts), so that a
// name merged away resolves to the survivor, which carries it as an alias.

func (g storeGraph) EntitiesByName(ctx context.Context, keys []string) ([]core.Entity, error) {
	xs, err := g.s.EntitiesByName(ctx, g.group, keys)
	return core.VisibleEntities(xs, time.Time{}), err
}

func (g storeGraph) Entities(ctx context.Context, ids []string) ([]core.Entity, error) {
	xs, err := g.s.Entities(ctx, []string{g.group}, ids, core.GetOptions{})
	return core.VisibleEntities(xs, time.Time{}), err
}

func (g storeGraph) EntityNames(ctx context.Context, ids []string) (map[string]string, error) {
	return g.s.EntityNames(ctx, []string{g.group}, ids)
}

// CurrentFactsBetween is the store's FactsBetween less the expired facts,
// which a store that can leaves unread (core.CurrentPairReader).
func (g storeGraph) CurrentFactsBetween(ctx context.Context, a, b string) ([]core.Fact, error) {
	if r, ok := g.s.(core.CurrentPairReader); ok {
		xs, err := r.CurrentFactsBetween(ctx, g.group, a, b)
		return core.VisibleFacts(xs, time.Time{}), err
	}
	xs, err := g.s.FactsBetween(ctx, g.group, a, b)
	return core.VisibleFacts(current(xs), time.Time{}), err
}

// current drops the expired facts of xs, in place.
func current(xs []core.Fact) []core.Fact {
	return slices.DeleteFunc(xs, func(f core.Fact) bool { return !f.ExpiredAt.IsZero() })
}

func (g storeGraph) FactsOfEntities(ctx context.Context, ids []string, limit int) ([]core.Fact, error) {
	xs, err := g.s.FactsOfEntities(ctx, g.group, ids, limit)
	return core.VisibleFacts(xs, time.Time{}), err
}

func (g storeGraph) FactsInvalidatedBy(ctx context.Context, by []string) ([]core.Fact, error) {
	return g.s.FactsInvalidatedBy(ctx, g.group, by)
}

func (g storeGraph) VectorEntities(ctx context.Context, q core.SearchQuery) ([]core.Hit, error) {
	return g.s.VectorSearch(ctx, q)
}

func (g storeGraph) TextEntities(ctx context.Context, q core.SearchQuery) ([]core.Hit, error) {
	return g.s.TextSearch(ctx, q)
}

// overlay holds the changes of a group's episodes resolved but not yet
// written, and answers resolution's reads as base (the store, or the
// overlay of a write still in progress) would answer them with the
// changes written.
type overlay struct {
	base  graph
	group string

	// ents and facts are the latest version of each object the batch
	// changed, with their embeddings (nil: the stored one stays).
	ents      map[string]core.Entity
	entOrder  []string
	facts     map[string]core.Fact
	factOrder []string
	// stated lists, per fact, the episodes of the batch that state it:
	// the provenance the change adds.
	stated   map[string][]string
	mentions []core.Mention
	episodes []core.Episode
	// newEnts and newFacts mark the objects the batch creates.
	newEnts, newFacts map[string]bool
	// inBatch marks the batch's episodes.
	inBatch map[string]bool
	// refTimes caches the reference times of episodes (validFrom), which
	// never change.
	refTimes map[string]time.Time
}

// newOverlay returns an empty overlay over the store's group.
func newOverlay(store core.Store, group string) *overlay {
	return newOverlayOn(storeGraph{store, group}, group, map[string]time.Time{})
}

// newOverlayOn returns an empty overlay over base, sharing the reference
// times cached so far.
func newOverlayOn(base graph, group string, refTimes map[string]time.Time) *overlay {
	return &overlay{
		base: base, group: group,
		ents: map[string]core.Entity{}, facts: map[string]core.Fact{}, stated: map[string][]string{},
		newEnts: map[string]bool{}, newFacts: map[string]bool{}, inBatch: map[string]bool{},
		refTimes: refTimes,
	}
}

// size counts the objects the overlay holds.
func (o *overlay) size() int { return len(o.ents) + len(o.facts) + len(o.mentions) }

// add folds one episode's change into the overlay. newEnts and newFacts
// name the objects the change creates.
func (o *overlay) add(ch core.Change, newEnts, newFacts map[string]bool) {
	o.episodes = append(o.episodes, ch.Episodes...)
	for _, ep := range ch.Episodes {
		o.inBatch[ep.UUID] = true
	}
	for _, en := range ch.Entities {
		old, ok := o.ents[en.UUID]
		if !ok {
			o.entOrder = append(o.entOrder, en.UUID)
		} else if en.NameEmbedding == nil {
			en.NameEmbedding = old.NameEmbedding
		}
		if newEnts[en.UUID] {
			o.newEnts[en.UUID] = true
		}
		o.ents[en.UUID] = en
	}
	for _, f := range ch.Facts {
		old, ok := o.facts[f.UUID]
		if !ok {
			o.factOrder = append(o.factOrder, f.UUID)
		} else if f.Embedding == nil {
			f.Embedding = old.Embedding
		}
		if newFacts[f.UUID] {
			o.newFacts[f.UUID] = true
		}
		// Provenance to add comes from the batch's episodes; a fact read
		// from the store lists its stored provenance too.
		for _, ep := range f.Episodes {
			if o.inBatch[ep] && !slices.Contains(o.stated[f.UUID], ep) {
				o.stated[f.UUID] = append(o.stated[f.UUID], ep)
			}
		}
		o.facts[f.UUID] = f
	}
	o.mentions = append(o.mentions, ch.Mentions...)
}

// change is the overlay as one change: every episode, the latest version
// of every object, each fact with the episodes of the batch that state it.
func (o *overlay) change() core.Change {
	ch := core.Change{Episodes: o.episodes, Mentions: o.mentions}
	for _, id := range o.entOrder {
		ch.Entities = append(ch.Entities, o.ents[id])
	}
	for _, id := range o.factOrder {
		f := o.facts[id]
		f.Episodes = o.stated[id]
		ch.Facts = append(ch.Facts, f)
	}
	return ch
}

// entity returns the overlay's version of an entity without its
// embedding, as a store read returns it.
func (o *overlay) entity(id string) (core.Entity, bool) {
	en, ok := o.ents[id]
	en.NameEmbedding = nil
	return en, ok
}

// fact returns the overlay's version of a fact as a store read returns
// it: no embedding, and its provenance the stored one (from, when the
// store returned the fact) followed by the batch's episodes.
func (o *overlay) fact(id string, from []string) (core.Fact, bool) {
	f, ok := o.facts[id]
	if !ok {
		return core.Fact{}, false
	}
	f.Embedding = nil
	eps := slices.Clone(from)
	if o.newFacts[id] {
		eps = nil
	}
	for _, ep := range o.stated[id] {
		if !slices.Contains(eps, ep) {
			eps = append(eps, ep)
		}
	}
	f.Episodes = eps
	return f, true
}

// hasKey reports whether an entity named name is found by key: its
// normalized name or its acronym (EntityStore.EntitiesByName).
func hasKey(name, key string) bool {
	return key == core.NormalizeName(name) || key == core.Acronym(name)
}

// EntitiesByName is Store.EntitiesByName through the overlay.
func (o *overlay) EntitiesByName(ctx context.Context, keys []string) ([]core.Entity, error) {
	stored, err := o.base.EntitiesByName(ctx, keys)
	if err != nil || len(o.ents) == 0 {
		return stored, err
	}
	matches := func(name string) bool {
		return slices.ContainsFunc(keys, func(k string) bool { return hasKey(name, k) })
	}
	out := make([]core.Entity, 0, len(stored))
	seen := map[string]bool{}
	for _, en := range stored {
		seen[en.UUID] = true
		if v, ok := o.entity(en.UUID); ok {
			en = v
		}
		if matches(en.Name) {
			out = append(out, en)
		}
	}
	for _, id := range o.entOrder {
		if v, _ := o.entity(id); !seen[id] && matches(v.Name) {
			out = append(out, v)
		}
	}
	slices.SortFunc(out, func(a, b core.Entity) int { return strings.Compare(a.UUID, b.UUID) })
	return out, nil
}

// Entities is Store.Entities of the group through the overlay, in the
// order asked.
func (o *overlay) Entities(ctx context.Context, ids []string) ([]core.Entity, error) {
	var fromStore []string
	for _, id := range ids {
		if !o.newEnts[id] {
			fromStore = append(fromStore, id)
		}
	}
	byID := map[string]core.Entity{}
	if len(fromStore) > 0 {
		stored, err := o.base.Entities(ctx, fromStore)
		if err != nil {
			return nil, err
		}
		for _, en := range stored {
			byID[en.UUID] = en
		}
	}
	out := make([]core.Entity, 0, len(ids))
	for _, id := range ids {
		if v, ok := o.entity(id); ok {
			out = append(out, v)
		} else if en, ok := byID[id]; ok {
			out = append(out, en)
		}
	}
	return out, nil
}

// EntityNames is Store.EntityNames of the group through the overlay.
func (o *overlay) EntityNames(ctx context.Context, ids []string) (map[string]string, error) {
	var fromStore []string
	for _, id := range ids {
		if _, ok := o.ents[id]; !ok {
			fromStore = append(fromStore, id)
		}
	}
	names := map[string]string{}
	if len(fromStore) > 0 {
		var err error
		if names, err = o.base.EntityNames(ctx, fromStore); err != nil {
			return nil, err
		}
	}
	for _, id := range ids {
		if en, ok := o.ents[id]; ok {
			names[id] = en.Name
		}
	}
	return names, nil
}

// merge is a store read seen through the overlay: each stored fact as the
// batch left it, then the batch's own facts the store did not return for
// which pending holds (judged on the batch's row), in batch order.
func (o *overlay) merge(stored []core.Fact, pending func(core.Fact) bool) []core.Fact {
	out := make([]core.Fact, 0, len(stored))
	seen := make(map[string]bool, len(stored))
	for _, f := range stored {
		seen[f.UUID] = true
		if v, ok := o.fact(f.UUID, f.Episodes); ok {
			f = v
		}
		out = append(out, f)
	}
	for _, id := range o.factOrder {
		if !seen[id] && pending(o.facts[id]) {
			v, _ := o.fact(id, nil)
			out = append(out, v)
		}
	}
	return out
}

// CurrentFactsBetween is storeGraph.CurrentFactsBetween through the
// overlay, by uuid: a stored fact the batch expired is left out, and so
// is one the batch made expired.
func (o *overlay) CurrentFactsBetween(ctx context.Context, a, b string) ([]core.Fact, error) {
	stored, err := o.base.CurrentFactsBetween(ctx, a, b)
	if err != nil || len(o.facts) == 0 {
		return stored, err
	}
	out := current(o.merge(stored, func(f core.Fact) bool {
		return f.SourceUUID == a && f.TargetUUID == b || f.SourceUUID == b && f.TargetUUID == a
	}))
	slices.SortFunc(out, func(x, y core.Fact) int { return strings.Compare(x.UUID, y.UUID) })
	return out, nil
}

// FactsOfEntities is Store.FactsOfEntities through the overlay: the facts
// with an endpoint in ids that are not expired, newest (greatest uuid)
// first, at most limit.
func (o *overlay) FactsOfEntities(ctx context.Context, ids []string, limit int) ([]core.Fact, error) {
	touches := func(f core.Fact) bool {
		return slices.Contains(ids, f.SourceUUID) || slices.Contains(ids, f.TargetUUID)
	}
	// Facts the overlay expired may take places in the store's answer:
	// ask for as many more.
	more := 0
	for _, id := range o.factOrder {
		if touches(o.facts[id]) {
			more++
		}
	}
	ask := limit
	if limit > 0 {
		ask += more
	}
	stored, err := o.base.FactsOfEntities(ctx, ids, ask)
	if err != nil || more == 0 {
		return stored, err
	}
	out := current(o.merge(stored, touches))
	slices.SortFunc(out, func(x, y core.Fact) int { return strings.Compare(y.UUID, x.UUID) })
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// FactsInvalidatedBy is Store.FactsInvalidatedBy through the overlay: the
// facts whose InvalidatedBy is one of by, as the batch left them, in uuid
// order.
func (o *overlay) FactsInvalidatedBy(ctx context.Context, by []string) ([]core.Fact, error) {
	stored, err := o.base.FactsInvalidatedBy(ctx, by)
	if err != nil || len(o.facts) == 0 {
		return stored, err
	}
	out := o.merge(stored, func(core.Fact) bool { return true })
	out = slices.DeleteFunc(out, func(f core.Fact) bool { return !slices.Contains(by, f.InvalidatedBy) })
	slices.SortFunc(out, func(x, y core.Fact) int { return strings.Compare(x.UUID, y.UUID) })
	return out, nil
}

// VectorEntities is Store.VectorSearch of the group's entities through
// the overlay: the entities the batch changed are scored by their own
// embedding, exactly.
func (o *overlay) VectorEntities(ctx context.Context, q core.SearchQuery) ([]core.Hit, error) {
	hits, err := o.base.VectorEntities(ctx, q)
	if err != nil || len(o.ents) == 0 {
		return hits, err
	}
	hits = slices.DeleteFunc(hits, func(h core.Hit) bool {
		en, ok := o.ents[h.UUID]
		return ok && en.NameEmbedding != nil
	})
	for _, id := range o.entOrder {
		en := o.ents[id]
		if en.NameEmbedding == nil {
			continue
		}
		if s := core.Cosine(q.Vector, en.NameEmbedding); s >= q.MinScore {
			hits = append(hits, core.Hit{UUID: id, Score: s})
		}
	}
	slices.SortStableFunc(hits, func(a, b core.Hit) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), strings.Compare(a.UUID, b.UUID))
	})
	if q.Limit > 0 && len(hits) > q.Limit {
		hits = hits[:q.Limit]
	}
	return hits, nil
}

// TextEntities is Store.TextSearch of the group's entities through the
// overlay. The store's BM25 cannot score what it does not hold, so the
// batch's entities that share a word with the text (in name or summary)
// follow the store's hits, most shared words first, at most q.Limit of
// them: they are candidates to judge, not a ranking.
func (o *overlay) TextEntities(ctx context.Context, q core.SearchQuery) ([]core.Hit, error) {
	hits, err := o.base.TextEntities(ctx, q)
	if err != nil || len(o.ents) == 0 {
		return hits, err
	}
	words := core.SearchTerms(q.Text)
	seen := map[string]bool{}
	for _, h := range hits {
		seen[h.UUID] = true
	}
	var extra []core.Hit
	for _, id := range o.entOrder {
		if seen[id] {
			continue
		}
		en := o.ents[id]
		have := core.SearchTerms(en.Name + " " + en.Summary)
		n := 0
		for _, w := range words {
			if slices.Contains(have, w) {
				n++
			}
		}
		if n > 0 {
			extra = append(extra, core.Hit{UUID: id, Score: float64(n)})
		}
	}
	slices.SortStableFunc(extra, func(a, b core.Hit) int { return cmp.Compare(b.Score, a.Score) })
	if q.Limit > 0 && len(extra) > q.Limit {
		extra = extra[:q.Limit]
	}
	return append(hits, extra...), nil
}
