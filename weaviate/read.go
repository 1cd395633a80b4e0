package weaviate

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/weaviate/weaviate-go-client/v5/weaviate/filters"

	"github.com/mnemohq/mnemo/core"
)

// Reads query each group's tenant and merge; an object of a group the
// caller did not name is never read, because its tenant is never asked.

// ---- batch reads ----

// batch reads the objects of scope sc among ids from each group, and
// returns them in the order of ids, skipping unknown and repeated ones.
func batch[T any](ctx context.Context, s *Store, sc core.Scope, groups, ids []string, vec bool, fields []string,
	read func(row, bool) T, id func(T) string, fill func(group string, xs []T) error) ([]T, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	if err := s.live(ctx); err != nil {
		return nil, err
	}
	found := map[string]T{}
	for _, g := range uniq(groups) {
		rows, err := s.rowsByID(ctx, sc, g, ids, fields, vec)
		if err != nil {
			return nil, err
		}
		var xs []T
		for _, r := range rows {
			xs = append(xs, read(r, vec))
		}
		if fill != nil {
			if err := fill(g, xs); err != nil {
				return nil, err
			}
		}
		for _, x := range xs {
			found[id(x)] = x
		}
	}
	var out []T
	for _, i := range uniq(ids) {
		if x, ok := found[i]; ok {
			out = append(out, x)
		}
	}
	return out, nil
}

// Episodes implements core.EpisodeStore.
func (s *Store) Episodes(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Episode, error) {
	return batch(ctx, s, core.ScopeEpisodes, groups, uuids, opts.Embeddings, episodeFields,
		func(r row, vec bool) core.Episode { return readEpisode(r, vec).Episode }, func(e core.Episode) string { return e.UUID }, nil)
}

// Entities implements core.EntityStore.
func (s *Store) Entities(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Entity, error) {
	return batch(ctx, s, core.ScopeEntities, groups, uuids, opts.Embeddings, entityFields, readEntity, func(e core.Entity) string { return e.UUID }, nil)
}

// Facts implements core.FactStore.
func (s *Store) Facts(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Fact, error) {
	return batch(ctx, s, core.ScopeFacts, groups, uuids, opts.Embeddings, factFields,
		func(r row, vec bool) core.Fact { return readFact(r, vec).Fact }, func(f core.Fact) string { return f.UUID },
		func(g string, fs []core.Fact) error { return s.provenance(ctx, g, fs) })
}

// Communities implements core.CommunityStore.
func (s *Store) Communities(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Community, error) {
	return batch(ctx, s, core.ScopeCommunities, groups, uuids, opts.Embeddings, communityFields, readCommunity, func(c core.Community) string { return c.UUID }, nil)
}

// EntityNames implements core.EntityStore.
func (s *Store) EntityNames(ctx context.Context, groups []string, uuids []string) (map[string]string, error) {
	ents, err := batch(ctx, s, core.ScopeEntities, groups, uuids, false, []string{"mid", "name"}, readEntity, func(e core.Entity) string { return e.UUID }, nil)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(ents))
	for _, e := range ents {
		out[e.UUID] = e.Name
	}
	return out, nil
}

// findGroup returns the first of groups holding the object id of scope
// sc, or ErrNotFound.
func (s *Store) findGroup(ctx context.Context, sc core.Scope, groups []string, id string, fields []string) (string, row, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return "", row{}, err
	}
	for _, g := range uniq(groups) {
		rows, err := s.rowsByID(ctx, sc, g, []string{id}, fields, false)
		if err != nil {
			return "", row{}, err
		}
		if len(rows) > 0 {
			return g, rows[0], nil
		}
	}
	return "", row{}, fmt.Errorf("%s %s: %w", strings.TrimSuffix(string(sc), "s"), id, core.ErrNotFound)
}

// ---- listings ----

// listRows pages through q's rows in its sort order: up to n+1 rows that
// keep keeps, reading batches after the last row read (next).
func (s *Store) listRows(ctx context.Context, q query, n int, keep func([]row) ([]row, error), next func(last row) *filters.WhereBuilder) ([]row, error) {
	base := q.where
	var out []row
	size := n + 1
	for {
		q.limit = size
		rows, err := s.get(ctx, q)
		if err != nil {
			return nil, err
		}
		kept, err := keep(rows)
		if err != nil {
			return nil, err
		}
		for _, r := range kept {
			out = append(out, r)
			if len(out) == n+1 {
				return out, nil
			}
		}
		if len(rows) < size {
			return out, nil
		}
		q.where = and(base, next(rows[len(rows)-1]))
		size = min(size*2, maxResults)
	}
}

// listByUUID lists a group's objects of scope sc in uuid order (mnemo's
// uuids are UUIDv7: creation order); the cursor is the last uuid.
func (s *Store) listByUUID(ctx context.Context, sc core.Scope, group string, opts core.ListOptions, fields []string, keep func([]row) ([]row, error)) ([]row, string, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, "", err
	}
	if err := opts.Filter.Validate(sc); err != nil {
		return nil, "", err
	}
	after := func(id string) *filters.WhereBuilder {
		return filters.Where().WithPath([]string{"mid"}).WithOperator(filters.GreaterThan).WithValueText(id)
	}
	var start *filters.WhereBuilder
	if opts.Cursor != "" {
		start = after(opts.Cursor)
	}
	n := opts.PageSize()
	q := query{class: s.names.class(sc), tenant: tenantOf(group), where: and(whereOf(sc, &opts.Filter), start),
		sort: []order{{path: "mid"}}, fields: fields, vector: opts.Embeddings}
	rows, err := s.listRows(ctx, q, n, keep, func(last row) *filters.WhereBuilder { return after(str(last.p, "mid")) })
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(rows) > n {
		rows = rows[:n]
		next = str(rows[n-1].p, "mid")
	}
	return rows, next, nil
}

// ListEntities implements core.EntityStore.
func (s *Store) ListEntities(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Entity], error) {
	var page core.Page[core.Entity]
	rows, next, err := s.listByUUID(ctx, core.ScopeEntities, group, opts, entityFields, func(rows []row) ([]row, error) {
		return slices.DeleteFunc(rows, func(r row) bool {
			return !opts.Filter.MatchEntityTimes(strs(r.p, "labels"), microsOf(r.p, "created_at"), microsOf(r.p, "archived_at"))
		}), nil
	})
	for _, r := range rows {
		page.Items = append(page.Items, readEntity(r, opts.Embeddings))
	}
	page.Next = next
	return page, err
}

// ListCommunities implements core.CommunityStore.
func (s *Store) ListCommunities(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Community], error) {
	var page core.Page[core.Community]
	rows, next, err := s.listByUUID(ctx, core.ScopeCommunities, group, opts, communityFields, func(rows []row) ([]row, error) {
		return slices.DeleteFunc(rows, func(r row) bool { return !opts.Filter.MatchCommunityTimes(microsOf(r.p, "created_at")) }), nil
	})
	for _, r := range rows {
		page.Items = append(page.Items, readCommunity(r, opts.Embeddings))
	}
	page.Next = next
	return page, err
}

// keepFacts returns a batch filter applying core's rule to fact rows of
// a group, labels of their ends included.
func (s *Store) keepFacts(ctx context.Context, group string, f *core.Filter) func([]row) ([]row, error) {
	return func(rows []row) ([]row, error) {
		rows = slices.DeleteFunc(rows, func(r row) bool { return !f.MatchFactTimes(str(r.p, "relation"), factTimes(r)) })
		if len(f.Labels) == 0 || len(rows) == 0 {
			return rows, nil
		}
		var ends []string
		for _, r := range rows {
			ends = append(ends, str(r.p, "source_id"), str(r.p, "target_id"))
		}
		ents, err := s.rowsByID(ctx, core.ScopeEntities, group, ends, []string{"mid", "labels"}, false)
		if err != nil {
			return nil, err
		}
		labels := map[string][]string{}
		for _, e := range ents {
			labels[str(e.p, "mid")] = strs(e.p, "labels")
		}
		return slices.DeleteFunc(rows, func(r row) bool {
			return !f.MatchFactEnds(labels[str(r.p, "source_id")], labels[str(r.p, "target_id")])
		}), nil
	}
}

// ListFacts implements core.FactStore.
func (s *Store) ListFacts(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Fact], error) {
	var page core.Page[core.Fact]
	rows, next, err := s.listByUUID(ctx, core.ScopeFacts, group, opts, factFields, s.keepFacts(ctx, group, &opts.Filter))
	if err != nil {
		return page, err
	}
	for _, r := range rows {
		page.Items = append(page.Items, readFact(r, opts.Embeddings).Fact)
	}
	page.Next = next
	return page, s.provenance(ctx, group, page.Items)
}

// episodeOrder sorts episodes by reference time, then uuid.
var episodeOrder = []order{{path: "valid_at"}, {path: "mid"}}

// afterEpisode keeps the episodes after (at, id) in episodeOrder.
func afterEpisode(at int64, id string) *filters.WhereBuilder {
	return or(cmpInt("valid_at", filters.GreaterThan, at),
		and(cmpInt("valid_at", filters.Equal, at), filters.Where().WithPath([]string{"mid"}).WithOperator(filters.GreaterThan).WithValueText(id)))
}

// ListEpisodes implements core.EpisodeStore. The cursor is the reference
// time (Unix microseconds) and uuid of the last episode of the page.
func (s *Store) ListEpisodes(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Episode], error) {
	var page core.Page[core.Episode]
	if err := core.ValidateGroupID(group); err != nil {
		return page, err
	}
	if err := opts.Filter.Validate(core.ScopeEpisodes); err != nil {
		return page, err
	}
	var start *filters.WhereBuilder
	if opts.Cursor != "" {
		ts, id, ok := strings.Cut(opts.Cursor, ".")
		at, err := strconv.ParseInt(ts, 10, 64)
		if !ok || err != nil || id == "" {
			return page, fmt.Errorf("%w: cursor %q is malformed", core.ErrInvalid, opts.Cursor)
		}
		start = afterEpisode(at, id)
	}
	var status *filters.WhereBuilder
	if opts.Status != "" {
		status = eq("status", string(opts.Status))
	}
	n := opts.PageSize()
	q := query{class: s.names.episode, tenant: tenantOf(group), where: and(whereOf(core.ScopeEpisodes, &opts.Filter), status, start),
		sort: episodeOrder, fields: episodeFields, vector: opts.Embeddings}
	rows, err := s.listRows(ctx, q, n, func(rows []row) ([]row, error) {
		return slices.DeleteFunc(rows, func(r row) bool {
			return !opts.Filter.MatchEpisodeTimes(microsOf(r.p, "valid_at"), microsOf(r.p, "created_at"))
		}), nil
	}, func(last row) *filters.WhereBuilder {
		return afterEpisode(microsOf(last.p, "valid_at"), str(last.p, "mid"))
	})
	if err != nil {
		return page, err
	}
	if len(rows) > n {
		rows = rows[:n]
		last := rows[n-1]
		page.Next = strconv.FormatInt(microsOf(last.p, "valid_at"), 10) + "." + str(last.p, "mid")
	}
	for _, r := range rows {
		page.Items = append(page.Items, readEpisode(r, opts.Embeddings).Episode)
	}
	return page, nil
}

// ---- the queue ----

// tenants returns the names of a multi-tenant collection's tenants, one
// per group that has objects there (or had: a tenant stays until its
// group is deleted), sorted.
func (s *Store) tenants(ctx context.Context, class string) ([]string, error) {
	if err := s.live(ctx); err != nil {
		return nil, err
	}
	start := time.Now()
	ts, err := s.client.Schema().TenantsGetter().WithClassName(class).Do(ctx)
	s.observe("tenants", start, err)
	if err != nil {
		return nil, fail(ctx, "list tenants", err)
	}
	var out []string
	for _, t := range ts {
		out = append(out, t.Name)
	}
	slices.Sort(out)
	return out, nil
}

// groupsWith returns the groups whose episodes include one matching
// where, sorted.
func (s *Store) groupsWith(ctx context.Context, where *filters.WhereBuilder) ([]string, error) {
	ts, err := s.tenants(ctx, s.names.episode)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, t := range ts {
		rows, err := s.get(ctx, query{class: s.names.episode, tenant: t, where: where, fields: []string{"group"}, limit: 1})
		if err != nil {
			return nil, err
		}
		if len(rows) > 0 {
			out = append(out, str(rows[0].p, "group"))
		}
	}
	slices.Sort(out)
	return out, nil
}

// Groups implements core.Store.
func (s *Store) Groups(ctx context.Context) ([]string, error) { return s.groupsWith(ctx, nil) }

// PendingGroups implements core.EpisodeStore.
func (s *Store) PendingGroups(ctx context.Context) ([]string, error) {
	return s.groupsWith(ctx, eq("status", string(core.EpisodePending)))
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
	if err := s.finishing(ctx, group); err != nil {
		return nil, err
	}
	rows, err := s.get(ctx, query{class: s.names.episode, tenant: tenantOf(group), where: eq("status", string(core.EpisodePending)),
		sort: episodeOrder, limit: limit, fields: episodeFields})
	if err != nil {
		return nil, err
	}
	var out []core.Episode
	for _, r := range rows {
		out = append(out, readEpisode(r, false).Episode)
	}
	return out, nil
}

// PreviousEpisodes implements core.EpisodeStore.
func (s *Store) PreviousEpisodes(ctx context.Context, ep core.Episode, n int) ([]core.Episode, error) {
	if err := core.ValidateGroupID(ep.GroupID); err != nil {
		return nil, err
	}
	if n <= 0 {
		return nil, nil
	}
	at := core.Micros(micro(ep.ValidAt))
	before := or(cmpInt("valid_at", filters.LessThan, at),
		and(cmpInt("valid_at", filters.Equal, at), filters.Where().WithPath([]string{"mid"}).WithOperator(filters.LessThan).WithValueText(ep.UUID)))
	rows, err := s.get(ctx, query{class: s.names.episode, tenant: tenantOf(ep.GroupID), where: before,
		sort: []order{{path: "valid_at", desc: true}, {path: "mid", desc: true}}, limit: n, fields: episodeFields})
	if err != nil {
		return nil, err
	}
	var out []core.Episode
	for _, r := range slices.Backward(rows) {
		out = append(out, readEpisode(r, false).Episode)
	}
	return out, nil
}

// EpisodeLinks implements core.EpisodeStore. The uuids are sorted.
func (s *Store) EpisodeLinks(ctx context.Context, groups []string, uuid string) (core.Links, error) {
	var l core.Links
	g, r, err := s.findGroup(ctx, core.ScopeEpisodes, groups, uuid, []string{"mid", "mentions"})
	if err != nil {
		return l, err
	}
	l.Entities = sortedIDs(strs(r.p, "mentions"))
	facts, err := s.rowsWhere(ctx, core.ScopeFacts, g, anyOf("episodes", []string{uuid}), []string{"mid"}, false)
	if err != nil {
		return l, err
	}
	var ids []string
	for _, f := range facts {
		ids = append(ids, str(f.p, "mid"))
	}
	l.Facts = sortedIDs(ids)
	return l, nil
}

func sortedIDs(ids []string) []string {
	if len(ids) == 0 {
		return nil
	}
	return slices.Compact(slices.Sorted(slices.Values(ids)))
}

// ---- entities ----

// EntitiesByName implements core.EntityStore. The entities are sorted by
// uuid.
func (s *Store) EntitiesByName(ctx context.Context, group string, keys []string) ([]core.Entity, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	if len(keys) == 0 {
		return nil, nil
	}
	rows, err := s.rowsWhere(ctx, core.ScopeEntities, group, or(anyOf("name_key", keys), anyOf("acronym", keys)), entityFields, false)
	if err != nil {
		return nil, err
	}
	var out []core.Entity
	for _, r := range rows {
		out = append(out, readEntity(r, false))
	}
	slices.SortFunc(out, func(a, b core.Entity) int { return cmp.Compare(a.UUID, b.UUID) })
	return out, nil
}

// EntityEpisodes implements core.EntityStore.
func (s *Store) EntityEpisodes(ctx context.Context, groups []string, uuid string) ([]string, error) {
	g, _, err := s.findGroup(ctx, core.ScopeEntities, groups, uuid, []string{"mid"})
	if err != nil {
		return nil, err
	}
	rows, err := s.rowsWhere(ctx, core.ScopeEpisodes, g, anyOf("mentions", []string{uuid}), []string{"mid", "valid_at"}, false)
	if err != nil {
		return nil, err
	}
	keys := make([]epKey, len(rows))
	for i, r := range rows {
		keys[i] = epKey{microsOf(r.p, "valid_at"), str(r.p, "mid")}
	}
	slices.SortFunc(keys, compareKeys)
	var out []string
	for _, k := range keys {
		out = append(out, k.id)
	}
	return out, nil
}

// EntityReferences implements core.EntityStore.
func (s *Store) EntityReferences(ctx context.Context, group string, uuids []string) (map[string]core.References, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	out := map[string]core.References{}
	if len(uuids) == 0 {
		return out, s.live(ctx)
	}
	ents, err := s.rowsByID(ctx, core.ScopeEntities, group, uuids, []string{"mid"}, false)
	if err != nil {
		return nil, err
	}
	if len(ents) == 0 {
		return out, nil
	}
	var ids []string
	for _, e := range ents {
		id := str(e.p, "mid")
		ids = append(ids, id)
		out[id] = core.References{}
	}
	eps, err := s.rowsWhere(ctx, core.ScopeEpisodes, group, anyOf("mentions", ids), []string{"mentions"}, false)
	if err != nil {
		return nil, err
	}
	for _, e := range eps {
		for _, m := range uniq(strs(e.p, "mentions")) {
			if r, ok := out[m]; ok {
				r.Mentions++
				out[m] = r
			}
		}
	}
	facts, err := s.rowsWhere(ctx, core.ScopeFacts, group, or(anyOf("source_id", ids), anyOf("target_id", ids)), []string{"source_id", "target_id"}, false)
	if err != nil {
		return nil, err
	}
	for _, f := range facts {
		for _, end := range uniq([]string{str(f.p, "source_id"), str(f.p, "target_id")}) {
			if r, ok := out[end]; ok {
				r.Facts++
				out[end] = r
			}
		}
	}
	return out, nil
}

// ---- facts ----

// factsOf reads the facts of a group matching where, in uuid order, with
// their provenance ordered.
func (s *Store) factsOf(ctx context.Context, group string, where *filters.WhereBuilder) ([]core.Fact, error) {
	rows, err := s.rowsWhere(ctx, core.ScopeFacts, group, where, factFields, false)
	if err != nil {
		return nil, err
	}
	var out []core.Fact
	for _, r := range rows {
		out = append(out, readFact(r, false).Fact)
	}
	slices.SortFunc(out, func(a, b core.Fact) int { return cmp.Compare(a.UUID, b.UUID) })
	return out, s.provenance(ctx, group, out)
}

// FactsBetween implements core.FactStore. The facts are sorted by uuid.
func (s *Store) FactsBetween(ctx context.Context, group, a, b string) ([]core.Fact, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	return s.factsOf(ctx, group, or(and(eq("source_id", a), eq("target_id", b)), and(eq("source_id", b), eq("target_id", a))))
}

// FactsOfEntities implements core.FactStore: newest (greatest uuid)
// first. With a limit, Weaviate sorts and cuts.
func (s *Store) FactsOfEntities(ctx context.Context, group string, uuids []string, limit int) ([]core.Fact, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	if len(uuids) == 0 {
		return nil, s.live(ctx)
	}
	ids := uniq(uuids)
	where := and(or(anyOf("source_id", ids), anyOf("target_id", ids)), null("expired_at", true))
	if limit <= 0 {
		out, err := s.factsOf(ctx, group, where)
		slices.Reverse(out)
		return out, err
	}
	rows, err := s.get(ctx, query{class: s.names.fact, tenant: tenantOf(group), where: where, sort: []order{{path: "mid", desc: true}},
		limit: limit, fields: factFields})
	if err != nil {
		return nil, err
	}
	var out []core.Fact
	for _, r := range rows {
		out = append(out, readFact(r, false).Fact)
	}
	return out, s.provenance(ctx, group, out)
}

// FactHistoryOfEntities implements core.FactStore: newest (greatest uuid)
// first, expired facts included.
func (s *Store) FactHistoryOfEntities(ctx context.Context, group string, uuids []string) ([]core.Fact, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	if len(uuids) == 0 {
		return nil, s.live(ctx)
	}
	ids := uniq(uuids)
	out, err := s.factsOf(ctx, group, or(anyOf("source_id", ids), anyOf("target_id", ids)))
	slices.Reverse(out)
	return out, err
}

// FactsInvalidatedBy implements core.FactStore, in uuid order.
func (s *Store) FactsInvalidatedBy(ctx context.Context, group string, by []string) ([]core.Fact, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	if len(by) == 0 {
		return nil, s.live(ctx)
	}
	return s.factsOf(ctx, group, anyOf("invalidated_by", uniq(by)))
}

// ---- communities ----

// EntityGraph implements core.CommunityStore: the group's entities and,
// for each pair joined by facts not expired (loops aside), their number.
// Nodes and edges are sorted.
func (s *Store) EntityGraph(ctx context.Context, group string) (core.EntityGraph, error) {
	var g core.EntityGraph
	if err := core.ValidateGroupID(group); err != nil {
		return g, err
	}
	t := tenantOf(group)
	err := s.scan(ctx, query{class: s.names.entity, tenant: t, fields: []string{"mid"}}, func(rows []row) error {
		for _, r := range rows {
			g.Nodes = append(g.Nodes, str(r.p, "mid"))
		}
		return nil
	})
	if err != nil {
		return g, err
	}
	slices.Sort(g.Nodes)
	weights := map[[2]string]int{}
	err = s.scan(ctx, query{class: s.names.fact, tenant: t, fields: []string{"source_id", "target_id", "expired_at"}}, func(rows []row) error {
		for _, r := range rows {
			a, b := str(r.p, "source_id"), str(r.p, "target_id")
			if microsOf(r.p, "expired_at") != core.NoTime || a == b {
				continue
			}
			if a > b {
				a, b = b, a
			}
			weights[[2]string{a, b}]++
		}
		return nil
	})
	if err != nil {
		return g, err
	}
	for k, w := range weights {
		g.Edges = append(g.Edges, core.WeightedEdge{A: k[0], B: k[1], Weight: w})
	}
	slices.SortFunc(g.Edges, func(x, y core.WeightedEdge) int { return cmp.Or(cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B)) })
	return g, nil
}

// CommunitiesOf implements core.CommunityStore. An entity in several
// communities maps to the one with the smallest uuid.
func (s *Store) CommunitiesOf(ctx context.Context, group string, entities []string) (map[string]string, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	out := map[string]string{}
	if len(entities) == 0 {
		return out, s.live(ctx)
	}
	rows, err := s.rowsWhere(ctx, core.ScopeCommunities, group, anyOf("members", uniq(entities)), []string{"mid", "members"}, false)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(rows, func(a, b row) int { return cmp.Compare(str(a.p, "mid"), str(b.p, "mid")) })
	want := setOf(entities)
	for _, r := range rows {
		for _, m := range strs(r.p, "members") {
			if _, done := out[m]; !done && want[m] {
				out[m] = str(r.p, "mid")
			}
		}
	}
	return out, nil
}

// ---- counts ----

// Stats implements core.Store. CurrentFacts counts the facts not expired.
func (s *Store) Stats(ctx context.Context, group string) (core.Stats, error) {
	var st core.Stats
	if err := core.ValidateGroupID(group); err != nil {
		return st, err
	}
	t := tenantOf(group)
	for _, c := range []struct {
		n     *int
		class string
		where *filters.WhereBuilder
	}{
		{&st.Episodes, s.names.episode, nil},
		{&st.PendingEpisodes, s.names.episode, eq("status", string(core.EpisodePending))},
		{&st.FailedEpisodes, s.names.episode, eq("status", string(core.EpisodeFailed))},
		{&st.Entities, s.names.entity, nil},
		{&st.Facts, s.names.fact, nil},
		{&st.CurrentFacts, s.names.fact, null("expired_at", true)},
		{&st.Communities, s.names.community, nil},
	} {
		n, err := s.count(ctx, c.class, t, c.where)
		if err != nil {
			return core.Stats{}, err
		}
		*c.n = n
	}
	return st, nil
}
