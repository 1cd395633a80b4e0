package weaviate

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// Searches ask each group's tenant with the filter translated
// (filter.go), apply core's rule to what comes back, and merge. When the
// rule drops rows that Weaviate kept (labels of a fact's ends), a group
// is asked again for more, so no group loses results to the cut.

// maxQueryWords bounds a full-text query; longer queries keep their first
// words (as Kuzu's).
const maxQueryWords = 128

// filterFields are the properties core's rules read, by scope (the
// attributes for the merge rule).
var filterFields = map[core.Scope][]string{
	core.ScopeEpisodes:    {"mid", "valid_at", "created_at"},
	core.ScopeEntities:    {"mid", "labels", "created_at", "archived_at", "attributes"},
	core.ScopeFacts:       {"mid", "relation", "source_id", "target_id", "valid_at", "invalid_at", "stated_invalid_at", "created_at", "expired_at", "archived_at", "quarantined_at", "released_at", "attributes"},
	core.ScopeCommunities: {"mid", "created_at"},
}

// keepRows returns a batch filter applying core's rule to rows of scope
// sc of a group.
func (s *Store) keepRows(ctx context.Context, sc core.Scope, group string, f *core.Filter) func([]row) ([]row, error) {
	if sc == core.ScopeFacts {
		return s.keepFacts(ctx, group, f)
	}
	return func(rows []row) ([]row, error) {
		return slices.DeleteFunc(rows, func(r row) bool {
			switch sc {
			case core.ScopeEpisodes:
				return !f.MatchEpisodeTimes(microsOf(r.p, "valid_at"), microsOf(r.p, "created_at"))
			case core.ScopeEntities:
				return !f.MatchEntityTimes(strs(r.p, "labels"), microsOf(r.p, "created_at"), microsOf(r.p, "archived_at"))
			}
			return !f.MatchCommunityTimes(microsOf(r.p, "created_at"))
		}), nil
	}
}

// keepSearched is keepRows for a search or a traversal: the entities and
// facts a merge hides (core.Filter.KeepsMerged) are dropped too, before
// the cut.
func (s *Store) keepSearched(ctx context.Context, sc core.Scope, group string, f *core.Filter) func([]row) ([]row, error) {
	keep := s.keepRows(ctx, sc, group, f)
	if sc != core.ScopeEntities && sc != core.ScopeFacts {
		return keep
	}
	return func(rows []row) ([]row, error) {
		rows, err := keep(rows)
		if err != nil {
			return nil, err
		}
		return slices.DeleteFunc(rows, func(r row) bool {
			return !f.KeepsMerged(core.MergeTimesOf(attrsOf(str(r.p, "attributes"))))
		}), nil
	}
}

// search runs a ranked query (q.near or q.bm25) in each group and merges
// the hits, best first, ties by uuid.
func (s *Store) search(ctx context.Context, sq core.SearchQuery, q query, score func(row) float64) ([]core.Hit, error) {
	var hits []core.Hit
	for _, g := range uniq(sq.Groups) {
		q.tenant = tenantOf(g)
		keep := s.keepSearched(ctx, sq.Scope, g, &sq.Filter)
		for size := sq.Limit; ; size = min(size*4, maxResults) {
			q.limit = size
			rows, err := s.get(ctx, q)
			if err != nil {
				return nil, err
			}
			n := len(rows)
			kept, err := keep(rows)
			if err != nil {
				return nil, err
			}
			var found []core.Hit
			for _, r := range kept {
				if sc := score(r); sc >= sq.MinScore {
					found = append(found, core.Hit{UUID: str(r.p, "mid"), Score: sc})
				}
			}
			if len(found) >= sq.Limit || n < size || size == maxResults {
				hits = append(hits, found...)
				break
			}
		}
	}
	slices.SortFunc(hits, func(x, y core.Hit) int { return cmp.Or(cmp.Compare(y.Score, x.Score), cmp.Compare(x.UUID, y.UUID)) })
	return hits[:min(len(hits), sq.Limit)], nil
}

// VectorSearch implements core.Searcher: Weaviate's HNSW index under
// cosine distance; the score is the cosine, 1 minus the distance.
// Objects without an embedding are not found.
func (s *Store) VectorSearch(ctx context.Context, q core.SearchQuery) ([]core.Hit, error) {
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	if q.Vector == nil {
		return nil, fmt.Errorf("%w: the query vector is missing", core.ErrInvalid)
	}
	if err := core.ValidateVector("query vector", q.Vector, s.opts.Dimension); err != nil {
		return nil, err
	}
	wq := query{class: s.names.class(q.Scope), where: whereOf(q.Scope, &q.Filter), near: q.Vector, fields: filterFields[q.Scope]}
	if q.MinScore > -1 {
		wq.maxDist = 1 - q.MinScore + 1e-6
	}
	return s.search(ctx, q, wq, func(r row) float64 { return 1 - r.distance })
}

// TextSearch implements core.Searcher: Weaviate's BM25 over each group's
// own statistics (a tenant is a shard), on the fields Kuzu indexes.
func (s *Store) TextSearch(ctx context.Context, q core.SearchQuery) ([]core.Hit, error) {
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	words := strings.Fields(q.Text)
	if len(words) == 0 {
		return nil, s.live(ctx)
	}
	text := strings.Join(words[:min(len(words), maxQueryWords)], " ")
	wq := query{class: s.names.class(q.Scope), where: whereOf(q.Scope, &q.Filter), bm25: text, props: searchProps[q.Scope], fields: filterFields[q.Scope]}
	return s.search(ctx, q, wq, func(r row) float64 { return r.score })
}

// ---- graph ----

// graph is a group's entity graph, read one hop at a time: each hop is
// one tenant-scoped query for the facts of the entities not read yet.
type graph struct {
	s     *Store
	group string
	adj   map[string][]string // entity → its facts
	facts map[string]row
}

func (s *Store) graph(group string) *graph {
	return &graph{s: s, group: group, adj: map[string][]string{}, facts: map[string]row{}}
}

// expand reads the facts of the entities of ids not read yet.
func (g *graph) expand(ctx context.Context, ids []string) error {
	var todo []string
	for _, id := range ids {
		if _, ok := g.adj[id]; !ok {
			todo = append(todo, id)
			g.adj[id] = nil
		}
	}
	for len(todo) > 0 {
		n := min(len(todo), 500)
		rows, err := g.s.rowsWhere(ctx, core.ScopeFacts, g.group, or(anyOf("source_id", todo[:n]), anyOf("target_id", todo[:n])), filterFields[core.ScopeFacts], false)
		if err != nil {
			return err
		}
		for _, r := range rows {
			id := str(r.p, "mid")
			if _, seen := g.facts[id]; seen {
				continue
			}
			g.facts[id] = r
			a, b := str(r.p, "source_id"), str(r.p, "target_id")
			if _, ok := g.adj[a]; ok {
				g.adj[a] = append(g.adj[a], id)
			}
			if _, ok := g.adj[b]; ok && b != a {
				g.adj[b] = append(g.adj[b], id)
			}
		}
		todo = todo[n:]
	}
	return nil
}

// hops returns the number of fact hops from starts to every entity within
// max hops, starts at 0: a breadth-first search, one query per hop. Every
// fact counts, whatever its times, as Kuzu walks its relationships.
func (g *graph) hops(ctx context.Context, starts []string, max int) (map[string]int, error) {
	dist := map[string]int{}
	var frontier []string
	for _, id := range starts {
		if _, ok := dist[id]; !ok {
			dist[id] = 0
			frontier = append(frontier, id)
		}
	}
	for d := 1; d <= max && len(frontier) > 0; d++ {
		if err := g.expand(ctx, frontier); err != nil {
			return nil, err
		}
		var next []string
		for _, id := range frontier {
			for _, fid := range g.adj[id] {
				f := g.facts[fid]
				for _, end := range []string{str(f.p, "source_id"), str(f.p, "target_id")} {
					if _, seen := dist[end]; !seen {
						dist[end] = d
						next = append(next, end)
					}
				}
			}
		}
		frontier = next
	}
	return dist, nil
}

// Traverse implements core.Searcher with the in-memory store's rules
// (core/memstore/traverse.go): Depth is at most 6 and Limit defaults to
// 10; hits are nearest first, ties by uuid. An entity seed is not a hit
// unless another seed reaches it; the entities an episode seed mentions
// are hits at distance 1 when they pass the filter.
func (s *Store) Traverse(ctx context.Context, q core.TraverseQuery) ([]core.Hit, error) {
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	if len(q.Seeds) == 0 {
		return nil, s.live(ctx)
	}
	dist := map[string]int{}
	for _, grp := range uniq(q.Groups) {
		if err := s.traverseGroup(ctx, grp, q, dist); err != nil {
			return nil, err
		}
	}
	var hits []core.Hit
	for id, d := range dist {
		if d > 0 && d <= q.Depth+1 {
			hits = append(hits, core.Hit{UUID: id, Distance: d, Score: 1 / float64(d)})
		}
	}
	slices.SortFunc(hits, func(x, y core.Hit) int {
		return cmp.Or(cmp.Compare(x.Distance, y.Distance), cmp.Compare(x.UUID, y.UUID))
	})
	return hits[:min(len(hits), q.Limit)], nil
}

func (s *Store) traverseGroup(ctx context.Context, grp string, q core.TraverseQuery, dist map[string]int) error {
	record := func(id string, d int) {
		if old, ok := dist[id]; !ok || d < old {
			dist[id] = d
		}
	}
	// Seeds: the group's entities among them at 0, then the entities its
	// episodes among them mention at 1.
	seeds := map[string]int{}
	ents, err := s.rowsByID(ctx, core.ScopeEntities, grp, q.Seeds, []string{"mid"}, false)
	if err != nil {
		return err
	}
	for _, r := range ents {
		seeds[str(r.p, "mid")] = 0
	}
	eps, err := s.rowsByID(ctx, core.ScopeEpisodes, grp, q.Seeds, []string{"mid", "mentions"}, false)
	if err != nil {
		return err
	}
	for _, r := range eps {
		for _, x := range strs(r.p, "mentions") {
			if _, ok := seeds[x]; !ok {
				seeds[x] = 1
			}
		}
	}
	if len(seeds) == 0 {
		return nil
	}
	g := s.graph(grp)
	within := q.Depth
	if q.Scope != core.ScopeEntities {
		within = q.Depth - 1
	}
	// near: each entity reached, at its distance from the nearest seed.
	near := map[string]int{}
	for _, id := range slices.Sorted(maps.Keys(seeds)) {
		h, err := g.hops(ctx, []string{id}, within)
		if err != nil {
			return err
		}
		for x, k := range h {
			if q.Scope == core.ScopeEntities && x == id && seeds[id] == 0 {
				continue
			}
			if old, ok := near[x]; !ok || seeds[id]+k < old {
				near[x] = seeds[id] + k
			}
		}
	}
	if len(near) == 0 {
		return nil
	}
	ids := slices.Sorted(maps.Keys(near))
	switch q.Scope {
	case core.ScopeEntities:
		rows, err := s.rowsByID(ctx, core.ScopeEntities, grp, ids, filterFields[core.ScopeEntities], false)
		if err != nil {
			return err
		}
		kept, err := s.keepSearched(ctx, core.ScopeEntities, grp, &q.Filter)(rows)
		if err != nil {
			return err
		}
		for _, r := range kept {
			record(str(r.p, "mid"), near[str(r.p, "mid")])
		}
	case core.ScopeFacts:
		// A fact is one hop further than the nearer of its ends.
		if err := g.expand(ctx, ids); err != nil {
			return err
		}
		var rows []row
		seen := map[string]bool{}
		for _, x := range ids {
			for _, fid := range g.adj[x] {
				if !seen[fid] {
					seen[fid] = true
					rows = append(rows, g.facts[fid])
				}
			}
		}
		kept, err := s.keepSearched(ctx, core.ScopeFacts, grp, &q.Filter)(rows)
		if err != nil {
			return err
		}
		for _, r := range kept {
			d := -1
			for _, end := range []string{str(r.p, "source_id"), str(r.p, "target_id")} {
				if k, ok := near[end]; ok && (d < 0 || k < d) {
					d = k
				}
			}
			record(str(r.p, "mid"), d+1)
		}
	case core.ScopeEpisodes:
		rows, err := s.rowsWhere(ctx, core.ScopeEpisodes, grp, anyOf("mentions", ids), append(filterFields[core.ScopeEpisodes], "mentions"), false)
		if err != nil {
			return err
		}
		kept, _ := s.keepRows(ctx, core.ScopeEpisodes, grp, &q.Filter)(rows)
		for _, r := range kept {
			for _, x := range strs(r.p, "mentions") {
				if k, ok := near[x]; ok {
					record(str(r.p, "mid"), k+1)
				}
			}
		}
	case core.ScopeCommunities:
		rows, err := s.rowsWhere(ctx, core.ScopeCommunities, grp, anyOf("members", ids), append(filterFields[core.ScopeCommunities], "members"), false)
		if err != nil {
			return err
		}
		kept, _ := s.keepRows(ctx, core.ScopeCommunities, grp, &q.Filter)(rows)
		for _, r := range kept {
			for _, x := range strs(r.p, "members") {
				if k, ok := near[x]; ok {
					record(str(r.p, "mid"), k+1)
				}
			}
		}
	}
	return nil
}

// Distances implements core.Searcher. maxHops defaults to 3 and is at
// most 6. A centre outside the groups is core.ErrNotFound.
func (s *Store) Distances(ctx context.Context, groups []string, center string, entities []string, maxHops int) (map[string]int, error) {
	if maxHops <= 0 {
		maxHops = 3
	}
	maxHops = min(maxHops, 6)
	grp, _, err := s.findGroup(ctx, core.ScopeEntities, groups, center, []string{"mid"})
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	if len(entities) == 0 {
		return out, nil
	}
	h, err := s.graph(grp).hops(ctx, []string{center}, maxHops)
	if err != nil {
		return nil, err
	}
	for _, id := range entities {
		if k, ok := h[id]; ok {
			out[id] = k
		}
	}
	return out, nil
}

// MentionCounts implements core.Searcher. Objects no episode states or
// mentions, and objects outside the groups, are left out.
func (s *Store) MentionCounts(ctx context.Context, sc core.Scope, groups []string, uuids []string) (map[string]int, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	if sc != core.ScopeFacts && sc != core.ScopeEntities {
		return nil, fmt.Errorf("%w: mention counts exist for facts and entities, not %s", core.ErrInvalid, sc)
	}
	out := map[string]int{}
	if len(uuids) == 0 {
		return out, s.live(ctx)
	}
	want := setOf(uuids)
	for _, g := range uniq(groups) {
		if sc == core.ScopeFacts {
			rows, err := s.rowsByID(ctx, core.ScopeFacts, g, uuids, []string{"mid", "episodes"}, false)
			if err != nil {
				return nil, err
			}
			for _, r := range rows {
				if n := len(uniq(strs(r.p, "episodes"))); n > 0 {
					out[str(r.p, "mid")] = n
				}
			}
			continue
		}
		rows, err := s.rowsWhere(ctx, core.ScopeEpisodes, g, anyOf("mentions", uniq(uuids)), []string{"mentions"}, false)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			for _, m := range uniq(strs(r.p, "mentions")) {
				if want[m] {
					out[m]++
				}
			}
		}
	}
	return out, nil
}
