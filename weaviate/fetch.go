package weaviate

import (
	"cmp"
	"context"
	"slices"

	"github.com/weaviate/weaviate-go-client/v5/weaviate/filters"

	"github.com/mnemohq/mnemo/core"
)

// Fetches of a group's objects by uuid or by a filter, into maps by uuid.

// rowsByID returns the rows of a group's objects of scope sc among ids.
func (s *Store) rowsByID(ctx context.Context, sc core.Scope, group string, ids []string, fields []string, vec bool) ([]row, error) {
	ids = uniq(ids)
	var out []row
	for len(ids) > 0 {
		n := min(len(ids), 500)
		rows, err := s.getAll(ctx, query{class: s.names.class(sc), tenant: tenantOf(group), where: anyOf("mid", ids[:n]), fields: fields, vector: vec})
		if err != nil {
			return nil, err
		}
		out = append(out, rows...)
		ids = ids[n:]
	}
	return out, nil
}

func (s *Store) rowsWhere(ctx context.Context, sc core.Scope, group string, where *filters.WhereBuilder, fields []string, vec bool) ([]row, error) {
	return s.getAll(ctx, query{class: s.names.class(sc), tenant: tenantOf(group), where: where, fields: fields, vector: vec})
}

func episodeMap(rows []row, vec bool) map[string]*episode {
	m := make(map[string]*episode, len(rows))
	for _, r := range rows {
		e := readEpisode(r, vec)
		m[e.UUID] = e
	}
	return m
}

func (s *Store) episodesByID(ctx context.Context, group string, ids []string, vec bool) (map[string]*episode, error) {
	rows, err := s.rowsByID(ctx, core.ScopeEpisodes, group, ids, episodeFields, vec)
	return episodeMap(rows, vec), err
}

func (s *Store) episodesWhere(ctx context.Context, group string, where *filters.WhereBuilder, vec bool) (map[string]*episode, error) {
	rows, err := s.rowsWhere(ctx, core.ScopeEpisodes, group, where, episodeFields, vec)
	return episodeMap(rows, vec), err
}

func (s *Store) entitiesByID(ctx context.Context, group string, ids []string, vec bool) (map[string]*core.Entity, error) {
	rows, err := s.rowsByID(ctx, core.ScopeEntities, group, ids, entityFields, vec)
	m := make(map[string]*core.Entity, len(rows))
	for _, r := range rows {
		e := readEntity(r, vec)
		m[e.UUID] = &e
	}
	return m, err
}

func factMap(rows []row, vec bool) map[string]*fact {
	m := make(map[string]*fact, len(rows))
	for _, r := range rows {
		f := readFact(r, vec)
		m[f.UUID] = f
	}
	return m
}

func (s *Store) factsByID(ctx context.Context, group string, ids []string, vec bool) (map[string]*fact, error) {
	rows, err := s.rowsByID(ctx, core.ScopeFacts, group, ids, factFields, vec)
	return factMap(rows, vec), err
}

func (s *Store) factsWhere(ctx context.Context, group string, where *filters.WhereBuilder, vec bool) (map[string]*fact, error) {
	rows, err := s.rowsWhere(ctx, core.ScopeFacts, group, where, factFields, vec)
	return factMap(rows, vec), err
}

func communityMap(rows []row, vec bool) map[string]*core.Community {
	m := make(map[string]*core.Community, len(rows))
	for _, r := range rows {
		c := readCommunity(r, vec)
		m[c.UUID] = &c
	}
	return m
}

func (s *Store) communitiesByID(ctx context.Context, group string, ids []string, vec bool) (map[string]*core.Community, error) {
	rows, err := s.rowsByID(ctx, core.ScopeCommunities, group, ids, communityFields, vec)
	return communityMap(rows, vec), err
}

func (s *Store) communitiesWhere(ctx context.Context, group string, where *filters.WhereBuilder, vec bool) (map[string]*core.Community, error) {
	rows, err := s.rowsWhere(ctx, core.ScopeCommunities, group, where, communityFields, vec)
	return communityMap(rows, vec), err
}

// epKey orders episodes by reference time, then uuid.
type epKey struct {
	at int64
	id string
}

func compareKeys(a, b epKey) int { return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.id, b.id)) }

// byTime orders episode uuids of a group by reference time, then uuid;
// unknown ones are left out.
func (s *Store) byTime(ctx context.Context, group string, ids []string) ([]string, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	rows, err := s.rowsByID(ctx, core.ScopeEpisodes, group, ids, []string{"mid", "valid_at"}, false)
	if err != nil {
		return nil, err
	}
	keys := make([]epKey, len(rows))
	for i, r := range rows {
		keys[i] = epKey{microsOf(r.p, "valid_at"), str(r.p, "mid")}
	}
	slices.SortFunc(keys, compareKeys)
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k.id
	}
	return out, nil
}

// provenance orders the Episodes of facts of a group oldest first, with
// one read of the episodes' reference times.
func (s *Store) provenance(ctx context.Context, group string, facts []core.Fact) error {
	var ids []string
	for _, f := range facts {
		ids = append(ids, f.Episodes...)
	}
	if len(ids) == 0 {
		return nil
	}
	ordered, err := s.byTime(ctx, group, ids)
	if err != nil {
		return err
	}
	rank := make(map[string]int, len(ordered))
	for i, id := range ordered {
		rank[id] = i
	}
	for i := range facts {
		eps := facts[i].Episodes
		slices.SortFunc(eps, func(a, b string) int { return cmp.Compare(rank[a], rank[b]) })
		if len(eps) == 0 {
			facts[i].Episodes = nil
		}
	}
	return nil
}
