package memstore

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Reads copy what they return (the out methods) and look objects up by
// uuid through s.owner (episodes in the partitions of the groups named),
// so that an object of a group the caller did not
// name is never found.

func (e *episode) out(embeddings bool) core.Episode {
	x := e.Episode
	x.Warnings = cloneStrings(x.Warnings)
	x.Embedding = cloneVec(x.Embedding, embeddings)
	return x
}

func (e *entity) out(embeddings bool) core.Entity {
	x := e.Entity
	x.Labels = cloneStrings(x.Labels)
	x.Attributes = cloneAttrs(x.Attributes)
	x.NameEmbedding = cloneVec(x.NameEmbedding, embeddings)
	return x
}

// out copies the fact with its provenance, oldest episode first.
func (f *fact) out(p *partition, embeddings bool) core.Fact {
	x := f.Fact
	x.Attributes = cloneAttrs(x.Attributes)
	x.Embedding = cloneVec(x.Embedding, embeddings)
	x.Episodes = p.byTime(f.statedBy)
	return x
}

func (c *community) out(embeddings bool) core.Community {
	x := c.Community
	x.Members = cloneStrings(x.Members)
	x.NameEmbedding = cloneVec(x.NameEmbedding, embeddings)
	return x
}

// byTime returns the episodes of ids (episodes of p) ordered by reference
// time, then uuid.
func (p *partition) byTime(ids map[string]bool) []string {
	if len(ids) == 0 {
		return nil
	}
	out := slices.Collect(maps.Keys(ids))
	slices.SortFunc(out, func(a, b string) int { return compareEpisodes(p.episodes[a], p.episodes[b]) })
	return out
}

// compareEpisodes orders episodes by reference time, then uuid.
func compareEpisodes(a, b *episode) int {
	if c := a.ValidAt.Compare(b.ValidAt); c != 0 {
		return c
	}
	return cmp.Compare(a.UUID, b.UUID)
}

// find returns the partition holding the object id of kind sc when it
// belongs to one of groups.
func (s *Store) find(sc core.Scope, groups []string, id string) *partition {
	if sc == core.ScopeEpisodes {
		for _, g := range groups {
			if p := s.groups[g]; p != nil && p.episodes[id] != nil {
				return p
			}
		}
		return nil
	}
	g, ok := s.owner[sc][id]
	if !ok || !slices.Contains(groups, g) {
		return nil
	}
	return s.groups[g]
}

// batch reads the objects of kind sc among ids, in the order of ids,
// skipping unknown and repeated ids and other groups' objects.
func batch[T any](s *Store, sc core.Scope, groups, ids []string, get func(p *partition, id string) T) []T {
	var out []T
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		if p := s.find(sc, groups, id); p != nil {
			out = append(out, get(p, id))
		}
	}
	return out
}

// listByUUID pages through the objects of objs (by uuid) that pass keep,
// in uuid order (mnemo's uuids are UUIDv7, so this is creation order),
// and copies them with out. The cursor is the last uuid of a page.
func listByUUID[O, T any](objs map[string]*O, opts core.ListOptions, keep func(*O) bool, out func(*O) T) core.Page[T] {
	var page core.Page[T]
	ids := slices.Sorted(maps.Keys(objs))
	if opts.Cursor != "" {
		i, found := slices.BinarySearch(ids, opts.Cursor)
		if found {
			i++
		}
		ids = ids[i:]
	}
	n := opts.PageSize()
	last := ""
	for _, id := range ids {
		o := objs[id]
		if !keep(o) {
			continue
		}
		if len(page.Items) == n {
			page.Next = last
			return page
		}
		page.Items = append(page.Items, out(o))
		last = id
	}
	return page
}

// ---- episodes ----

// Episodes implements core.EpisodeStore.
func (s *Store) Episodes(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Episode, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	var out []core.Episode
	err := s.read(ctx, func() error {
		out = batch(s, core.ScopeEpisodes, groups, uuids, func(p *partition, id string) core.Episode { return p.episodes[id].out(opts.Embeddings) })
		return nil
	})
	return out, err
}

// ListEpisodes implements core.EpisodeStore. The cursor is the reference
// time (Unix microseconds) and uuid of the last episode of the page, as
// Kuzu's.
func (s *Store) ListEpisodes(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Episode], error) {
	var page core.Page[core.Episode]
	if err := core.ValidateGroupID(group); err != nil {
		return page, err
	}
	if err := opts.Filter.Validate(core.ScopeEpisodes); err != nil {
		return page, err
	}
	var after *episode
	if opts.Cursor != "" {
		at, id, err := parseEpisodeCursor(opts.Cursor)
		if err != nil {
			return page, err
		}
		after = &episode{Episode: core.Episode{UUID: id, ValidAt: at}}
	}
	err := s.read(ctx, func() error {
		p := s.part(group)
		if p == nil {
			return nil
		}
		var eps []*episode
		for _, e := range p.episodes {
			if (after == nil || compareEpisodes(e, after) > 0) && (opts.Status == "" || e.Status == opts.Status) && opts.Filter.MatchEpisode(&e.Episode) {
				eps = append(eps, e)
			}
		}
		slices.SortFunc(eps, compareEpisodes)
		n := opts.PageSize()
		if len(eps) > n {
			eps = eps[:n]
			last := eps[n-1]
			page.Next = strconv.FormatInt(last.ValidAt.UnixMicro(), 10) + "." + last.UUID
		}
		for _, e := range eps {
			page.Items = append(page.Items, e.out(opts.Embeddings))
		}
		return nil
	})
	return page, err
}

func parseEpisodeCursor(cur string) (time.Time, string, error) {
	ts, id, ok := strings.Cut(cur, ".")
	us, err := strconv.ParseInt(ts, 10, 64)
	if !ok || err != nil || id == "" {
		return time.Time{}, "", fmt.Errorf("%w: cursor %q is malformed", core.ErrInvalid, cur)
	}
	return time.UnixMicro(us).UTC(), id, nil
}

// PendingGroups implements core.EpisodeStore.
func (s *Store) PendingGroups(ctx context.Context) ([]string, error) {
	var out []string
	err := s.read(ctx, func() error {
		for g, p := range s.groups {
			for _, e := range p.episodes {
				if e.Status == core.EpisodePending {
					out = append(out, g)
					break
				}
			}
		}
		slices.Sort(out)
		return nil
	})
	return out, err
}

// PendingEpisodes implements core.EpisodeStore. A limit of zero or less
// means 100.
func (s *Store) PendingEpisodes(ctx context.Context, group string, limit int) ([]core.Episode, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = 100
	}
	var out []core.Episode
	err := s.read(ctx, func() error {
		eps := s.episodesOf(group, func(e *episode) bool { return e.Status == core.EpisodePending })
		for _, e := range eps[:min(limit, len(eps))] {
			out = append(out, e.out(false))
		}
		return nil
	})
	return out, err
}

// PreviousEpisodes implements core.EpisodeStore.
func (s *Store) PreviousEpisodes(ctx context.Context, ep core.Episode, n int) ([]core.Episode, error) {
	if err := core.ValidateGroupID(ep.GroupID); err != nil {
		return nil, err
	}
	if n <= 0 {
		return nil, nil
	}
	at := &episode{Episode: core.Episode{UUID: ep.UUID, ValidAt: micro(ep.ValidAt)}}
	var out []core.Episode
	err := s.read(ctx, func() error {
		eps := s.episodesOf(ep.GroupID, func(e *episode) bool { return compareEpisodes(e, at) < 0 })
		for _, e := range eps[max(len(eps)-n, 0):] {
			out = append(out, e.out(false))
		}
		return nil
	})
	return out, err
}

// episodesOf returns the episodes of group that pass keep, by reference
// time, then uuid. The caller holds s.mu.
func (s *Store) episodesOf(group string, keep func(*episode) bool) []*episode {
	p := s.part(group)
	if p == nil {
		return nil
	}
	var eps []*episode
	for _, e := range p.episodes {
		if keep(e) {
			eps = append(eps, e)
		}
	}
	slices.SortFunc(eps, compareEpisodes)
	return eps
}

// EpisodeLinks implements core.EpisodeStore. The uuids are sorted.
func (s *Store) EpisodeLinks(ctx context.Context, groups []string, uuid string) (core.Links, error) {
	var l core.Links
	if err := core.ValidateGroups(groups); err != nil {
		return l, err
	}
	err := s.read(ctx, func() error {
		p := s.find(core.ScopeEpisodes, groups, uuid)
		if p == nil {
			return fmt.Errorf("episode %s: %w", uuid, core.ErrNotFound)
		}
		e := p.episodes[uuid]
		l.Entities = sortedKeys(e.mentions)
		l.Facts = sortedKeys(e.states)
		return nil
	})
	return l, err
}

// sortedKeys returns the keys of a set, sorted; nil for an empty set.
func sortedKeys(set map[string]bool) []string {
	if len(set) == 0 {
		return nil
	}
	return slices.Sorted(maps.Keys(set))
}

// ---- entities ----

// Entities implements core.EntityStore.
func (s *Store) Entities(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Entity, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	var out []core.Entity
	err := s.read(ctx, func() error {
		out = batch(s, core.ScopeEntities, groups, uuids, func(p *partition, id string) core.Entity { return p.entities[id].out(opts.Embeddings) })
		return nil
	})
	return out, err
}

// EntityNames implements core.EntityStore.
func (s *Store) EntityNames(ctx context.Context, groups []string, uuids []string) (map[string]string, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	out := map[string]string{}
	err := s.read(ctx, func() error {
		for _, id := range uuids {
			if p := s.find(core.ScopeEntities, groups, id); p != nil {
				out[id] = p.entities[id].Name
			}
		}
		return nil
	})
	return out, err
}

// ListEntities implements core.EntityStore.
func (s *Store) ListEntities(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Entity], error) {
	var page core.Page[core.Entity]
	if err := core.ValidateGroupID(group); err != nil {
		return page, err
	}
	if err := opts.Filter.Validate(core.ScopeEntities); err != nil {
		return page, err
	}
	err := s.read(ctx, func() error {
		if p := s.part(group); p != nil {
			page = listByUUID(p.entities, opts, func(e *entity) bool { return opts.Filter.MatchEntity(&e.Entity) },
				func(e *entity) core.Entity { return e.out(opts.Embeddings) })
		}
		return nil
	})
	return page, err
}

// EntitiesByName implements core.EntityStore. The entities are sorted by
// uuid.
func (s *Store) EntitiesByName(ctx context.Context, group string, keys []string) ([]core.Entity, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	if len(keys) == 0 {
		return nil, nil
	}
	var out []core.Entity
	err := s.read(ctx, func() error {
		p := s.part(group)
		if p == nil {
			return nil
		}
		for _, e := range p.entities {
			if slices.Contains(keys, e.nameKey) || slices.Contains(keys, e.acronym) {
				out = append(out, e.out(false))
			}
		}
		slices.SortFunc(out, func(a, b core.Entity) int { return cmp.Compare(a.UUID, b.UUID) })
		return nil
	})
	return out, err
}

// EntityEpisodes implements core.EntityStore.
func (s *Store) EntityEpisodes(ctx context.Context, groups []string, uuid string) ([]string, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	var out []string
	err := s.read(ctx, func() error {
		p := s.find(core.ScopeEntities, groups, uuid)
		if p == nil {
			return fmt.Errorf("entity %s: %w", uuid, core.ErrNotFound)
		}
		out = p.byTime(p.entities[uuid].mentionedBy)
		return nil
	})
	return out, err
}

// EntityReferences implements core.EntityStore: for each entity of group
// among uuids, the episodes that mention it and the facts that have it as
// an end, expired ones included.
func (s *Store) EntityReferences(ctx context.Context, group string, uuids []string) (map[string]core.References, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	out := map[string]core.References{}
	err := s.read(ctx, func() error {
		p := s.part(group)
		if p == nil {
			return nil
		}
		for _, id := range uuids {
			if e := p.entities[id]; e != nil {
				out[id] = core.References{Mentions: len(e.mentionedBy), Facts: len(e.facts)}
			}
		}
		return nil
	})
	return out, err
}

// ---- facts ----

// Facts implements core.FactStore.
func (s *Store) Facts(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Fact, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	var out []core.Fact
	err := s.read(ctx, func() error {
		out = batch(s, core.ScopeFacts, groups, uuids, func(p *partition, id string) core.Fact { return p.facts[id].out(p, opts.Embeddings) })
		return nil
	})
	return out, err
}

// passesFact reports whether fact f of p passes filter, labels included.
func (p *partition) passesFact(f *fact, filter *core.Filter) bool {
	if !filter.MatchFact(&f.Fact) {
		return false
	}
	if len(filter.Labels) == 0 {
		return true
	}
	return filter.MatchFactEnds(p.labelsOf(f.SourceUUID), p.labelsOf(f.TargetUUID))
}

func (p *partition) labelsOf(entityID string) []string {
	if e := p.entities[entityID]; e != nil {
		return e.Labels
	}
	return nil
}

// ListFacts implements core.FactStore.
func (s *Store) ListFacts(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Fact], error) {
	var page core.Page[core.Fact]
	if err := core.ValidateGroupID(group); err != nil {
		return page, err
	}
	if err := opts.Filter.Validate(core.ScopeFacts); err != nil {
		return page, err
	}
	err := s.read(ctx, func() error {
		if p := s.part(group); p != nil {
			page = listByUUID(p.facts, opts, func(f *fact) bool { return p.passesFact(f, &opts.Filter) },
				func(f *fact) core.Fact { return f.out(p, opts.Embeddings) })
		}
		return nil
	})
	return page, err
}

// FactsBetween implements core.FactStore. The facts are sorted by uuid.
func (s *Store) FactsBetween(ctx context.Context, group, a, b string) ([]core.Fact, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	var out []core.Fact
	err := s.read(ctx, func() error {
		p := s.part(group)
		if p == nil || p.entities[a] == nil {
			return nil
		}
		for _, id := range sortedKeys(p.entities[a].facts) {
			f := p.facts[id]
			if f.SourceUUID == a && f.TargetUUID == b || f.SourceUUID == b && f.TargetUUID == a {
				out = append(out, f.out(p, false))
			}
		}
		return nil
	})
	return out, err
}

// FactsOfEntities implements core.FactStore: newest (greatest uuid) first.
func (s *Store) FactsOfEntities(ctx context.Context, group string, uuids []string, limit int) ([]core.Fact, error) {
	return s.factsOfEntities(ctx, group, uuids, limit, false)
}

// FactHistoryOfEntities implements core.FactStore: newest (greatest uuid)
// first, expired facts included.
func (s *Store) FactHistoryOfEntities(ctx context.Context, group string, uuids []string) ([]core.Fact, error) {
	return s.factsOfEntities(ctx, group, uuids, 0, true)
}

// factsOfEntities returns the facts of group with an end among uuids,
// newest first, at most limit (0: all); expired ones only with history.
func (s *Store) factsOfEntities(ctx context.Context, group string, uuids []string, limit int, history bool) ([]core.Fact, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	var out []core.Fact
	err := s.read(ctx, func() error {
		p := s.part(group)
		if p == nil {
			return nil
		}
		found := map[string]bool{}
		for _, id := range uuids {
			if e := p.entities[id]; e != nil {
				for fid := range e.facts {
					if history || p.facts[fid].ExpiredAt.IsZero() {
						found[fid] = true
					}
				}
			}
		}
		ids := sortedKeys(found)
		slices.Reverse(ids)
		if limit > 0 && len(ids) > limit {
			ids = ids[:limit]
		}
		for _, id := range ids {
			out = append(out, p.facts[id].out(p, false))
		}
		return nil
	})
	return out, err
}

// FactsInvalidatedBy implements core.FactStore: the facts of group whose
// InvalidatedBy is one of by, in uuid order.
func (s *Store) FactsInvalidatedBy(ctx context.Context, group string, by []string) ([]core.Fact, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	var out []core.Fact
	err := s.read(ctx, func() error {
		p := s.part(group)
		if p == nil || len(by) == 0 {
			return nil
		}
		for _, f := range p.facts {
			if f.InvalidatedBy != "" && slices.Contains(by, f.InvalidatedBy) {
				out = append(out, f.out(p, false))
			}
		}
		slices.SortFunc(out, func(a, b core.Fact) int { return cmp.Compare(a.UUID, b.UUID) })
		return nil
	})
	return out, err
}

// ---- communities ----

// Communities implements core.CommunityStore.
func (s *Store) Communities(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Community, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	var out []core.Community
	err := s.read(ctx, func() error {
		out = batch(s, core.ScopeCommunities, groups, uuids, func(p *partition, id string) core.Community { return p.communities[id].out(opts.Embeddings) })
		return nil
	})
	return out, err
}

// ListCommunities implements core.CommunityStore.
func (s *Store) ListCommunities(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Community], error) {
	var page core.Page[core.Community]
	if err := core.ValidateGroupID(group); err != nil {
		return page, err
	}
	if err := opts.Filter.Validate(core.ScopeCommunities); err != nil {
		return page, err
	}
	err := s.read(ctx, func() error {
		if p := s.part(group); p != nil {
			page = listByUUID(p.communities, opts, func(c *community) bool { return opts.Filter.MatchCommunity(&c.Community) },
				func(c *community) core.Community { return c.out(opts.Embeddings) })
		}
		return nil
	})
	return page, err
}

// EntityGraph implements core.CommunityStore: the group's entities and,
// for each pair joined by facts not expired (loops aside), their number.
// Nodes and edges are sorted.
func (s *Store) EntityGraph(ctx context.Context, group string) (core.EntityGraph, error) {
	var g core.EntityGraph
	if err := core.ValidateGroupID(group); err != nil {
		return g, err
	}
	err := s.read(ctx, func() error {
		p := s.part(group)
		if p == nil {
			return nil
		}
		g.Nodes = slices.Sorted(maps.Keys(p.entities))
		weights := map[[2]string]int{}
		for _, f := range p.facts {
			if !f.ExpiredAt.IsZero() || f.SourceUUID == f.TargetUUID {
				continue
			}
			a, b := f.SourceUUID, f.TargetUUID
			if a > b {
				a, b = b, a
			}
			weights[[2]string{a, b}]++
		}
		for k, w := range weights {
			g.Edges = append(g.Edges, core.WeightedEdge{A: k[0], B: k[1], Weight: w})
		}
		slices.SortFunc(g.Edges, func(x, y core.WeightedEdge) int {
			return cmp.Or(cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B))
		})
		return nil
	})
	return g, err
}

// CommunitiesOf implements core.CommunityStore. An entity in several
// communities maps to the one with the smallest uuid.
func (s *Store) CommunitiesOf(ctx context.Context, group string, entities []string) (map[string]string, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	out := map[string]string{}
	err := s.read(ctx, func() error {
		p := s.part(group)
		if p == nil || len(entities) == 0 {
			return nil
		}
		for _, cid := range slices.Sorted(maps.Keys(p.communities)) {
			for _, m := range p.communities[cid].Members {
				if _, done := out[m]; !done && slices.Contains(entities, m) {
					out[m] = cid
				}
			}
		}
		return nil
	})
	return out, err
}
