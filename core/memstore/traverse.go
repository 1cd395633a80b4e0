package memstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/mnemohq/mnemo/core"
)

// The graph the traversals walk is the entities joined by facts, every
// fact of the group whatever its times (as Kuzu walks its RELATES_TO
// relationships); the filter applies to the objects found.

// hops returns the number of fact hops from entity start to every entity
// of p within max hops, start included at 0: a breadth-first search.
func (p *partition) hops(start string, max int) map[string]int {
	dist := map[string]int{start: 0}
	frontier := []string{start}
	for d := 1; d <= max && len(frontier) > 0; d++ {
		var next []string
		for _, id := range frontier {
			for fid := range p.entities[id].facts {
				f := p.facts[fid]
				for _, end := range []string{f.SourceUUID, f.TargetUUID} {
					if _, seen := dist[end]; !seen {
						dist[end] = d
						next = append(next, end)
					}
				}
			}
		}
		frontier = next
	}
	return dist
}

// seed is where a traversal starts: an entity of a partition, at a base
// distance (0 for an entity seed, 1 for an entity an episode seed
// mentions).
type seed struct {
	p    *partition
	base int
}

// Traverse implements core.Searcher. Depth is at most 6 and Limit
// defaults to 10. Hits are nearest first, ties by uuid. An entity seed is
// not a hit unless another seed reaches it; the entities an episode seed
// mentions are hits at distance 1 when they pass the filter.
func (s *Store) Traverse(ctx context.Context, q core.TraverseQuery) ([]core.Hit, error) {
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	if len(q.Seeds) == 0 {
		return nil, nil
	}
	var hits []core.Hit
	err := s.read(ctx, func() error {
		seeds := s.seeds(q.Groups, q.Seeds)
		dist := map[string]int{}
		record := func(id string, d int) {
			if old, ok := dist[id]; !ok || d < old {
				dist[id] = d
			}
		}
		switch q.Scope {
		case core.ScopeEntities:
			for id, sd := range seeds {
				for x, k := range sd.p.hops(id, q.Depth) {
					if x != id && searchKeepsEntity(&q.Filter, &sd.p.entities[x].Entity) {
						record(x, sd.base+k)
					}
				}
				if sd.base > 0 && searchKeepsEntity(&q.Filter, &sd.p.entities[id].Entity) {
					record(id, sd.base)
				}
			}
		case core.ScopeFacts:
			// A fact is one hop further than the nearer of its ends.
			for id, sd := range seeds {
				for x, k := range sd.p.hops(id, q.Depth-1) {
					for fid := range sd.p.entities[x].facts {
						if sd.p.searchKeepsFact(sd.p.facts[fid], &q.Filter) {
							record(fid, sd.base+k+1)
						}
					}
				}
			}
		case core.ScopeEpisodes, core.ScopeCommunities:
			// The objects attached to the entities within Depth-1 hops,
			// one hop further than the entity.
			type at struct {
				p *partition
				d int
			}
			near := map[string]at{}
			for id, sd := range seeds {
				for x, k := range sd.p.hops(id, q.Depth-1) {
					if old, ok := near[x]; !ok || sd.base+k < old.d {
						near[x] = at{sd.p, sd.base + k}
					}
				}
			}
			for x, n := range near {
				if q.Scope == core.ScopeEpisodes {
					for ep := range n.p.entities[x].mentionedBy {
						if q.Filter.MatchEpisode(&n.p.episodes[ep].Episode) {
							record(ep, n.d+1)
						}
					}
					continue
				}
				for cid, c := range n.p.communities {
					if slices.Contains(c.Members, x) && q.Filter.MatchCommunity(&c.Community) {
						record(cid, n.d+1)
					}
				}
			}
		}
		for id, d := range dist {
			if d > 0 && d <= q.Depth+1 {
				hits = append(hits, core.Hit{UUID: id, Distance: d, Score: 1 / float64(d)})
			}
		}
		slices.SortFunc(hits, func(x, y core.Hit) int {
			return cmp.Or(cmp.Compare(x.Distance, y.Distance), cmp.Compare(x.UUID, y.UUID))
		})
		hits = hits[:min(len(hits), q.Limit)]
		return nil
	})
	return hits, err
}

// seeds maps the seeds of groups to the entities a traversal starts
// from: entity seeds at 0, then the entities episode seeds mention at 1.
// Seeds of other groups and unknown seeds are left out. The caller holds
// s.mu.
func (s *Store) seeds(groups, ids []string) map[string]seed {
	out := map[string]seed{}
	for _, id := range ids {
		if p := s.find(core.ScopeEntities, groups, id); p != nil {
			out[id] = seed{p, 0}
		}
	}
	for _, id := range ids {
		if p := s.find(core.ScopeEpisodes, groups, id); p != nil {
			for x := range p.episodes[id].mentions {
				if _, ok := out[x]; !ok {
					out[x] = seed{p, 1}
				}
			}
		}
	}
	return out
}

// Distances implements core.Searcher. maxHops defaults to 3 and is at
// most 6. A centre outside the groups is core.ErrNotFound.
func (s *Store) Distances(ctx context.Context, groups []string, center string, entities []string, maxHops int) (map[string]int, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	if maxHops <= 0 {
		maxHops = 3
	}
	maxHops = min(maxHops, 6)
	out := map[string]int{}
	err := s.read(ctx, func() error {
		p := s.find(core.ScopeEntities, groups, center)
		if p == nil {
			return fmt.Errorf("centre entity %s: %w", center, core.ErrNotFound)
		}
		if len(entities) == 0 {
			return nil
		}
		h := p.hops(center, maxHops)
		for _, id := range entities {
			if k, ok := h[id]; ok {
				out[id] = k
			}
		}
		return nil
	})
	return out, err
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
	err := s.read(ctx, func() error {
		for _, id := range uuids {
			p := s.find(sc, groups, id)
			if p == nil {
				continue
			}
			var n int
			if sc == core.ScopeFacts {
				n = len(p.facts[id].statedBy)
			} else {
				n = len(p.entities[id].mentionedBy)
			}
			if n > 0 {
				out[id] = n
			}
		}
		return nil
	})
	return out, err
}
