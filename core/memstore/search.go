package memstore

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// Searches score every object of the searched groups that passes the
// filter and cut to the limit last, so no group loses results to another
// and the results are exact.

// candidate is an object a search may return: its uuid and its embedding.
type candidate struct {
	id  string
	vec []float32
}

// candidates returns the objects of kind sc in groups that pass filter.
// The caller holds s.mu.
func (s *Store) candidates(sc core.Scope, groups []string, filter *core.Filter) []candidate {
	var out []candidate
	for _, g := range uniq(groups) {
		p := s.part(g)
		if p == nil {
			continue
		}
		switch sc {
		case core.ScopeEpisodes:
			for id, e := range p.episodes {
				if filter.MatchEpisode(&e.Episode) {
					out = append(out, candidate{id: id, vec: e.Embedding})
				}
			}
		case core.ScopeEntities:
			for id, e := range p.entities {
				if searchKeepsEntity(filter, &e.Entity) {
					out = append(out, candidate{id: id, vec: e.NameEmbedding})
				}
			}
		case core.ScopeFacts:
			for id, f := range p.facts {
				if p.searchKeepsFact(f, filter) {
					out = append(out, candidate{id: id, vec: f.Embedding})
				}
			}
		case core.ScopeCommunities:
			for id, c := range p.communities {
				if filter.MatchCommunity(&c.Community) {
					out = append(out, candidate{id: id, vec: c.NameEmbedding})
				}
			}
		}
	}
	return out
}

// searchKeepsEntity reports whether a search with filter keeps e: it
// passes the filter and no merge hides it (core.Filter.KeepsMerged).
func searchKeepsEntity(filter *core.Filter, e *core.Entity) bool {
	return filter.MatchEntity(e) && filter.KeepsMerged(core.MergeTimesOf(e.Attributes))
}

// searchKeepsFact is searchKeepsEntity for a fact of p, labels included.
func (p *partition) searchKeepsFact(f *fact, filter *core.Filter) bool {
	return p.passesFact(f, filter) && filter.KeepsMerged(core.MergeTimesOf(f.Attributes))
}

// passes reports whether a search with filter keeps object id of kind sc,
// an object of p.
func (p *partition) passes(sc core.Scope, id string, filter *core.Filter) bool {
	switch sc {
	case core.ScopeEpisodes:
		return filter.MatchEpisode(&p.episodes[id].Episode)
	case core.ScopeEntities:
		return searchKeepsEntity(filter, &p.entities[id].Entity)
	case core.ScopeFacts:
		return p.searchKeepsFact(p.facts[id], filter)
	case core.ScopeCommunities:
		return filter.MatchCommunity(&p.communities[id].Community)
	}
	return false
}

// best sorts hits best first, ties by uuid, and keeps the first limit.
func best(hits []core.Hit, limit int) []core.Hit {
	slices.SortFunc(hits, func(x, y core.Hit) int {
		return cmp.Or(cmp.Compare(y.Score, x.Score), cmp.Compare(x.UUID, y.UUID))
	})
	return hits[:min(len(hits), limit)]
}

// VectorSearch implements core.Searcher with an exact scan: the cosine of
// every embedding of the groups that passes the filter. Objects without an
// embedding are not found.
func (s *Store) VectorSearch(ctx context.Context, q core.SearchQuery) ([]core.Hit, error) {
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	if err := s.checkQuery(q.Vector); err != nil {
		return nil, err
	}
	var hits []core.Hit
	err := s.read(ctx, func() error {
		for _, c := range s.candidates(q.Scope, q.Groups, &q.Filter) {
			if c.vec == nil {
				continue
			}
			if score := core.Cosine(q.Vector, c.vec); score >= q.MinScore {
				hits = append(hits, core.Hit{UUID: c.id, Score: score})
			}
		}
		hits = best(hits, q.Limit)
		return nil
	})
	return hits, err
}

// maxQueryWords bounds a full-text query; longer queries keep their first
// words (as Kuzu's).
const maxQueryWords = 128

// TextSearch implements core.Searcher: BM25 over each group's own
// statistics (text.go), on the fields Kuzu indexes.
func (s *Store) TextSearch(ctx context.Context, q core.SearchQuery) ([]core.Hit, error) {
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	words := strings.Fields(q.Text)
	if len(words) == 0 {
		return nil, nil
	}
	query := terms(strings.Join(words[:min(len(words), maxQueryWords)], " "))
	var hits []core.Hit
	err := s.read(ctx, func() error {
		for _, g := range uniq(q.Groups) {
			p := s.part(g)
			if p == nil {
				continue
			}
			for id, score := range p.text[q.Scope].score(query) {
				if score >= q.MinScore && p.passes(q.Scope, id, &q.Filter) {
					hits = append(hits, core.Hit{UUID: id, Score: score})
				}
			}
		}
		hits = best(hits, q.Limit)
		return nil
	})
	return hits, err
}

// uniq returns ids without repeats, in their first order.
func uniq(ids []string) []string {
	seen := make(map[string]bool, len(ids))
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
