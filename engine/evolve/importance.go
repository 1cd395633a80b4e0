package evolve

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// itemStats is what importance is computed from, kept per object as a
// record of kind recordItem with id itemKey.
type itemStats struct {
	// N counts the searches and contexts that returned the object.
	N int `json:"n,omitempty"`
	// LastAccess is when one last did; LastMention when an episode last
	// mentioned (entities) or stated (facts) it.
	LastAccess  time.Time `json:"last_access,omitzero"`
	LastMention time.Time `json:"last_mention,omitzero"`
	// Useful and Wrong count feedback; Pinned objects never decay.
	Useful int  `json:"useful,omitempty"`
	Wrong  int  `json:"wrong,omitempty"`
	Pinned bool `json:"pinned,omitempty"`
	// Importance is the last Evolve run's score.
	Importance *float64 `json:"importance,omitempty"`
}

// itemKey is the record id of an object's statistics.
func itemKey(sc core.Scope, uuid string) string {
	if sc == core.ScopeFacts {
		return "f:" + uuid
	}
	return "e:" + uuid
}

// scoredItem is one object as Evolve scored it.
type scoredItem struct {
	scope      core.Scope
	uuid, name string
	archived   bool
	// types are an entity's labels or a fact's relation; ends are a
	// fact's endpoints.
	types      []string
	ends       []string
	stats      itemStats
	importance float64
	parts      ImportanceParts
}

func (it *scoredItem) item() Item {
	prev := float64(NoPrevious)
	if it.stats.Importance != nil {
		prev = *it.stats.Importance
	}
	return Item{Scope: it.scope, UUID: it.uuid, Name: it.name, Importance: it.importance, Previous: prev, Parts: it.parts, Pinned: it.stats.Pinned}
}

// scoreGroup computes the importance of every entity and of every fact
// valid at now in group, archived ones included and those a merge hid
// (Engine.Consolidate) left out.
func (v *Evolver) scoreGroup(ctx context.Context, group string, now time.Time) ([]*scoredItem, error) {
	all := core.Filter{IncludeArchived: true, Now: now}
	var items []*scoredItem
	for cursor := ""; ; {
		p, err := v.store.ListEntities(ctx, group, core.ListOptions{Limit: 1000, Cursor: cursor, Filter: all})
		if err != nil {
			return nil, fmt.Errorf("list entities: %w", err)
		}
		for _, x := range p.Items {
			if core.MergeHidden(x.Attributes, time.Time{}) {
				continue // merged away: the survivor is scored
			}
			items = append(items, &scoredItem{scope: core.ScopeEntities, uuid: x.UUID, name: x.Name, archived: !x.ArchivedAt.IsZero(), types: x.Labels, stats: itemStats{LastMention: x.CreatedAt}})
		}
		if cursor = p.Next; cursor == "" {
			break
		}
	}
	for cursor := ""; ; {
		p, err := v.store.ListFacts(ctx, group, core.ListOptions{Limit: 1000, Cursor: cursor, Filter: all})
		if err != nil {
			return nil, fmt.Errorf("list facts: %w", err)
		}
		for _, x := range p.Items {
			if core.MergeHidden(x.Attributes, time.Time{}) {
				continue
			}
			items = append(items, &scoredItem{scope: core.ScopeFacts, uuid: x.UUID, name: x.Text, archived: !x.ArchivedAt.IsZero(),
				types: []string{x.Relation}, ends: []string{x.SourceUUID, x.TargetUUID}, stats: itemStats{LastMention: x.CreatedAt}})
		}
		if cursor = p.Next; cursor == "" {
			break
		}
	}
	stats, err := v.access.load(ctx, group)
	if err != nil {
		return nil, err
	}
	g, err := v.store.EntityGraph(ctx, group)
	if err != nil {
		return nil, fmt.Errorf("read entity graph: %w", err)
	}
	rank := PageRank(g)
	halfLife, err := v.halfLives(ctx, group)
	if err != nil {
		return nil, err
	}
	maxN := 0
	for _, it := range items {
		created := it.stats.LastMention
		if s, ok := stats[itemKey(it.scope, it.uuid)]; ok {
			it.stats = s
			if created.After(it.stats.LastMention) {
				it.stats.LastMention = created
			}
		}
		maxN = max(maxN, it.stats.N)
	}
	w := v.evolve.Weights
	for _, it := range items {
		hl := halfLife(it.types...)
		c := rank[it.uuid]
		if it.scope == core.ScopeFacts {
			// A fact is as central as its less central end: every fact of
			// a hub (the user) touches the hub, and most are peripheral.
			c = min(rank[it.ends[0]], rank[it.ends[1]])
		}
		last := it.stats.LastMention
		if it.stats.LastAccess.After(last) {
			last = it.stats.LastAccess
		}
		age := max(now.Sub(last), 0)
		p := ImportanceParts{
			Recency:    math.Exp(-math.Ln2 * age.Hours() / hl.Hours()),
			Frequency:  frequency(it.stats.N, maxN),
			Feedback:   feedbackScore(it.stats),
			Centrality: c,
		}
		it.parts = p
		it.importance = w.Recency*p.Recency + w.Frequency*p.Frequency + w.Feedback*p.Feedback + w.Centrality*p.Centrality
	}
	return items, nil
}

// frequency is log(1+n)/log(1+max n): how often the object was returned,
// relative to the group's most returned one, on a log scale so that a few
// heavy hitters do not flatten the rest.
func frequency(n, maxN int) float64 {
	if maxN == 0 {
		return 0
	}
	return math.Log1p(float64(n)) / math.Log1p(float64(maxN))
}

// feedbackScore maps feedback to [0, 1] as GraphMem does, the mean of the
// signals (useful 1, wrong 0), 0 without any; a pinned object has 1.
func feedbackScore(s itemStats) float64 {
	if s.Pinned {
		return 1
	}
	if s.Useful+s.Wrong == 0 {
		return 0
	}
	return float64(s.Useful) / float64(s.Useful+s.Wrong)
}

// halfLives returns the half-life of an object with the given labels (an
// entity) or relation (a fact): the longest of those its types have, each
// type's taken from the configuration (Config.HalfLives), else the
// group's ontology, else DefaultHalfLives; Config.HalfLife when none
// of its types has one.
func (v *Evolver) halfLives(ctx context.Context, group string) (func(types ...string) time.Duration, error) {
	ps, err := v.plugins.For(ctx, group)
	if err != nil {
		return nil, fmt.Errorf("plugins of group %s: %w", group, err)
	}
	byType := DefaultHalfLives()
	if o := ps.Ontology; o != nil {
		for _, t := range o.EntityTypes {
			if t.HalfLife > 0 {
				byType[t.Name] = t.HalfLife
			}
		}
		for _, t := range o.FactTypes {
			if t.HalfLife > 0 {
				byType[t.Name] = t.HalfLife
			}
		}
	}
	for k, d := range v.evolve.HalfLives {
		byType[k] = d
	}
	def := v.evolve.HalfLife
	return func(types ...string) time.Duration {
		best := time.Duration(0)
		for _, t := range types {
			best = max(best, byType[t])
		}
		if best == 0 {
			return def
		}
		return best
	}, nil
}

// PageRank computes the PageRank of each node of an undirected weighted
// graph (damping 0.85, until the ranks move by less than 1e-9 in total or
// after 100 rounds), scaled so that the highest is 1: centrality in [0, 1].
// A node with no edge shares its rank with every node, as a random surfer
// at a dead end jumps anywhere.
//
// It is computed here rather than by a store's graph algorithms (Kuzu's
// algo extension has one) so that every store gives the same figure, and a
// group's graph is small enough for it.
func PageRank(g core.EntityGraph) map[string]float64 {
	n := len(g.Nodes)
	out := make(map[string]float64, n)
	if n == 0 {
		return out
	}
	idx := make(map[string]int, n)
	for i, id := range g.Nodes {
		idx[id] = i
	}
	type arc struct {
		to int
		w  float64
	}
	adj := make([][]arc, n)
	deg := make([]float64, n)
	for _, ed := range g.Edges {
		a, okA := idx[ed.A]
		b, okB := idx[ed.B]
		if !okA || !okB || a == b || ed.Weight <= 0 {
			continue
		}
		w := float64(ed.Weight)
		adj[a] = append(adj[a], arc{b, w})
		adj[b] = append(adj[b], arc{a, w})
		deg[a] += w
		deg[b] += w
	}
	const d = 0.85
	rank := make([]float64, n)
	next := make([]float64, n)
	for i := range rank {
		rank[i] = 1 / float64(n)
	}
	for round := 0; round < 100; round++ {
		dangling := 0.0
		for i := range rank {
			if deg[i] == 0 {
				dangling += rank[i]
			}
		}
		base := (1-d)/float64(n) + d*dangling/float64(n)
		for i := range next {
			next[i] = base
		}
		for i, arcs := range adj {
			for _, a := range arcs {
				next[a.to] += d * rank[i] * a.w / deg[i]
			}
		}
		delta := 0.0
		for i := range rank {
			delta += math.Abs(next[i] - rank[i])
		}
		rank, next = next, rank
		if delta < 1e-9 {
			break
		}
	}
	top := slices.Max(rank)
	for i, id := range g.Nodes {
		out[id] = rank[i] / top
	}
	return out
}
