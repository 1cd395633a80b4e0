package kuzu

import (
	"context"
	"fmt"
	"sort"

	"github.com/mnemohq/mnemo/core"
)

// Facts implements core.FactStore. The facts come from the catalog, which
// holds every fact's row; only their embeddings, when asked for, are read
// from Kuzu.
func (s *Store) Facts(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Fact, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	if len(uuids) == 0 {
		return nil, nil
	}
	return fromCatalog(ctx, s, core.ScopeFacts, opts, func() ([]core.Fact, error) { return s.cat.factsOf(groups, uuids) },
		func(f *core.Fact) (string, *[]float32) { return f.UUID, &f.Embedding })
}

// fromCatalog reads objects (facts or entities) from the catalog with get
// and, when opts asks for them, their embeddings from Kuzu.
func fromCatalog[T any](ctx context.Context, s *Store, sc core.Scope, opts core.GetOptions, get func() ([]T, error), field func(*T) (string, *[]float32)) ([]T, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []T
	err := s.inMemory(func() error {
		var err error
		out, err = get()
		return err
	})
	if err != nil || !opts.Embeddings || len(out) == 0 {
		return out, err
	}
	err = s.read(ctx, func(c *conn) error { return fillVecs(ctx, c, sc, out, field) })
	return out, err
}

// queryFacts runs a query returning factCols and decodes the facts (with
// their embeddings if asked).
func (s *Store) queryFacts(ctx context.Context, c *conn, stmt string, params map[string]any, embeddings bool) ([]core.Fact, error) {
	rows, err := c.query(ctx, stmt, params)
	if err != nil {
		return nil, fmt.Errorf("read facts: %w", err)
	}
	return s.decodeFacts(ctx, c, rows, embeddings)
}

// decodeFacts decodes rows of factCols, with their changed attributes
// and their lists of episodes (and reads the facts' embeddings if asked).
func (s *Store) decodeFacts(ctx context.Context, c *conn, rows []row, embeddings bool) ([]core.Fact, error) {
	if err := s.overrideAttrs(ctx, c, rows); err != nil {
		return nil, err
	}
	s.withLists(nil, rows)
	facts := make([]core.Fact, 0, len(rows))
	for _, r := range rows {
		f, err := decodeFact(r)
		if err != nil {
			return nil, err
		}
		facts = append(facts, f)
	}
	if embeddings {
		if err := fillVecs(ctx, c, core.ScopeFacts, facts, func(f *core.Fact) (string, *[]float32) { return f.UUID, &f.Embedding }); err != nil {
			return nil, err
		}
	}
	return facts, nil
}

// ListFacts implements core.FactStore.
func (s *Store) ListFacts(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Fact], error) {
	var page core.Page[core.Fact]
	if err := opts.Filter.Validate(core.ScopeFacts); err != nil {
		return page, err
	}
	err := s.list(ctx, group, core.ScopeFacts, "f", opts, func(c *conn, rows []row) error {
		facts, err := s.decodeFacts(ctx, c, rows, opts.Embeddings)
		page.Items = append(page.Items, facts...)
		return err
	}, &page.Next)
	return page, err
}

// FactsBetween implements core.FactStore from the catalog: the facts
// among the first entity's (see catalog_index.go) whose ends are the pair.
func (s *Store) FactsBetween(ctx context.Context, group, a, b string) ([]core.Fact, error) {
	return s.factsBetween(ctx, group, a, b, true)
}

var _ core.CurrentPairReader = (*Store)(nil)

// CurrentFactsBetween implements core.CurrentPairReader from the catalog:
// FactsBetween without the expired facts, which it neither decodes nor
// copies. A pair restated for months holds hundreds of expired facts and
// a few current ones; resolution compares a new fact with those few.
func (s *Store) CurrentFactsBetween(ctx context.Context, group, a, b string) ([]core.Fact, error) {
	return s.factsBetween(ctx, group, a, b, false)
}

// factsBetween is FactsBetween, with the expired facts only if history.
func (s *Store) factsBetween(ctx context.Context, group, a, b string, history bool) ([]core.Fact, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	return fromCatalog(ctx, s, core.ScopeFacts, core.GetOptions{}, func() ([]core.Fact, error) { return s.cat.factsBetween(group, a, b, history) }, nil)
}

// FactsOfEntities implements core.FactStore from the catalog: the current
// facts among the entities' (see catalog_index.go).
func (s *Store) FactsOfEntities(ctx context.Context, group string, uuids []string, limit int) ([]core.Fact, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	if len(uuids) == 0 {
		return nil, nil
	}
	return fromCatalog(ctx, s, core.ScopeFacts, core.GetOptions{}, func() ([]core.Fact, error) { return s.cat.factsOfEntities(group, uuids, limit, false) }, nil)
}

// FactHistoryOfEntities implements core.FactStore from the catalog: all
// the facts among the entities', expired ones included.
func (s *Store) FactHistoryOfEntities(ctx context.Context, group string, uuids []string) ([]core.Fact, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	if len(uuids) == 0 {
		return nil, nil
	}
	return fromCatalog(ctx, s, core.ScopeFacts, core.GetOptions{}, func() ([]core.Fact, error) { return s.cat.factsOfEntities(group, uuids, 0, true) }, nil)
}

// Communities implements core.CommunityStore.
func (s *Store) Communities(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Community, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	if len(uuids) == 0 {
		return nil, nil
	}
	var out []core.Community
	err := s.read(ctx, func(c *conn) error {
		if !s.communities.Load() {
			return nil // no community was ever written
		}
		w := newWhere()
		w.groups("c", groups)
		rows, err := lookup(ctx, c, s.lookupLimit(core.ScopeCommunities), "c", "Community", w.String(), communityCols, w.params, uuids)
		if err != nil {
			return fmt.Errorf("read communities: %w", err)
		}
		items := make([]core.Community, 0, len(rows))
		for _, r := range rows {
			items = append(items, decodeCommunity(r))
		}
		if err := fillMembers(ctx, c, items, opts.Embeddings); err != nil {
			return err
		}
		byID := map[string]core.Community{}
		for _, cm := range items {
			byID[cm.UUID] = cm
		}
		out = ordered(uuids, byID)
		return nil
	})
	return out, err
}

func fillMembers(ctx context.Context, c *conn, items []core.Community, embeddings bool) error {
	if len(items) == 0 {
		return nil
	}
	ids := make([]string, len(items))
	for i, cm := range items {
		ids[i] = cm.UUID
	}
	rows, err := c.query(ctx, byUUID("c", "Community", "ids", "-[:HAS_MEMBER]->(n:Entity)")+" RETURN c.uuid, n.uuid ORDER BY n.uuid", map[string]any{"ids": uniq(ids)})
	if err != nil {
		return fmt.Errorf("read community members: %w", err)
	}
	members := map[string][]string{}
	for _, r := range rows {
		members[str(r[0])] = append(members[str(r[0])], str(r[1]))
	}
	for i := range items {
		items[i].Members = members[items[i].UUID]
	}
	if embeddings {
		return fillVecs(ctx, c, core.ScopeCommunities, items, func(cm *core.Community) (string, *[]float32) { return cm.UUID, &cm.NameEmbedding })
	}
	return nil
}

// ListCommunities implements core.CommunityStore.
func (s *Store) ListCommunities(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Community], error) {
	var page core.Page[core.Community]
	if err := opts.Filter.Validate(core.ScopeCommunities); err != nil {
		return page, err
	}
	err := s.list(ctx, group, core.ScopeCommunities, "c", opts, func(c *conn, rows []row) error {
		for _, r := range rows {
			page.Items = append(page.Items, decodeCommunity(r))
		}
		return fillMembers(ctx, c, page.Items, opts.Embeddings)
	}, &page.Next)
	return page, err
}

// EntityGraph implements core.CommunityStore. Facts carry their endpoints'
// uuids as columns, so the projection is one scan of the group's facts.
func (s *Store) EntityGraph(ctx context.Context, group string) (core.EntityGraph, error) {
	var g core.EntityGraph
	if err := core.ValidateGroupID(group); err != nil {
		return g, err
	}
	err := s.read(ctx, func(c *conn) error {
		rows, err := c.query(ctx, "MATCH (n:Entity) WHERE n.group_id = $g RETURN n.uuid ORDER BY n.uuid", map[string]any{"g": group})
		if err != nil {
			return fmt.Errorf("read entities: %w", err)
		}
		for _, r := range rows {
			g.Nodes = append(g.Nodes, str(r[0]))
		}
		rows, err = c.query(ctx, `MATCH (f:Fact) WHERE f.group_id = $g AND f.expired_at IS NULL AND f.source_uuid <> f.target_uuid
			RETURN f.source_uuid, f.target_uuid, count(*)`, map[string]any{"g": group})
		if err != nil {
			return fmt.Errorf("read entity graph: %w", err)
		}
		weights := map[[2]string]int{}
		for _, r := range rows {
			a, b := str(r[0]), str(r[1])
			if a > b {
				a, b = b, a
			}
			weights[[2]string{a, b}] += int(i64(r[2]))
		}
		for k, w := range weights {
			g.Edges = append(g.Edges, core.WeightedEdge{A: k[0], B: k[1], Weight: w})
		}
		sort.Slice(g.Edges, func(i, j int) bool {
			if g.Edges[i].A != g.Edges[j].A {
				return g.Edges[i].A < g.Edges[j].A
			}
			return g.Edges[i].B < g.Edges[j].B
		})
		return nil
	})
	return g, err
}

// CommunitiesOf implements core.CommunityStore.
func (s *Store) CommunitiesOf(ctx context.Context, group string, entities []string) (map[string]string, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	out := map[string]string{}
	if len(entities) == 0 {
		return out, nil
	}
	err := s.read(ctx, func(c *conn) error {
		if !s.communities.Load() {
			return nil // no community was ever written
		}
		rows, err := c.query(ctx, byUUID("n", "Entity", "ids", "<-[:HAS_MEMBER]-(c:Community)")+" WHERE c.group_id = $g RETURN n.uuid, c.uuid",
			map[string]any{"ids": uniq(entities), "g": group})
		if err != nil {
			return fmt.Errorf("read communities of entities: %w", err)
		}
		for _, r := range rows {
			out[str(r[0])] = str(r[1])
		}
		return nil
	})
	return out, err
}

// Stats implements core.Store.
func (s *Store) Stats(ctx context.Context, group string) (core.Stats, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return core.Stats{}, err
	}
	var st core.Stats
	err := s.read(ctx, func(c *conn) error {
		var err error
		st, err = stats(ctx, c, group, s.communities.Load())
		return err
	})
	return st, err
}

// stats counts what a group holds, on c; communities says whether the
// community tables exist.
func stats(ctx context.Context, c *conn, group string, communities bool) (core.Stats, error) {
	var st core.Stats
	p := map[string]any{"g": group}
	rows, err := c.query(ctx, "MATCH (e:Episode) WHERE e.group_id = $g RETURN e.status, count(*)", p)
	if err != nil {
		return st, fmt.Errorf("count episodes: %w", err)
	}
	for _, r := range rows {
		n := int(i64(r[1]))
		st.Episodes += n
		switch core.EpisodeStatus(str(r[0])) {
		case core.EpisodePending:
			st.PendingEpisodes += n
		case core.EpisodeFailed:
			st.FailedEpisodes += n
		}
	}
	one := func(stmt string) (int, error) {
		rows, err := c.query(ctx, stmt, p)
		if err != nil || len(rows) == 0 {
			return 0, err
		}
		return int(i64(rows[0][0])), nil
	}
	if st.Entities, err = one("MATCH (n:Entity) WHERE n.group_id = $g RETURN count(*)"); err != nil {
		return st, fmt.Errorf("count entities: %w", err)
	}
	if st.Facts, err = one("MATCH (f:Fact) WHERE f.group_id = $g RETURN count(*)"); err != nil {
		return st, fmt.Errorf("count facts: %w", err)
	}
	if st.CurrentFacts, err = one("MATCH (f:Fact) WHERE f.group_id = $g AND f.expired_at IS NULL RETURN count(*)"); err != nil {
		return st, fmt.Errorf("count facts: %w", err)
	}
	if !communities {
		return st, nil
	}
	if st.Communities, err = one("MATCH (c:Community) WHERE c.group_id = $g RETURN count(*)"); err != nil {
		return st, fmt.Errorf("count communities: %w", err)
	}
	return st, nil
}

// Groups lists every group that holds episodes.
func (s *Store) Groups(ctx context.Context) ([]string, error) {
	var out []string
	err := s.read(ctx, func(c *conn) error {
		rows, err := c.query(ctx, "MATCH (e:Episode) RETURN DISTINCT e.group_id AS g ORDER BY g", nil)
		if err != nil {
			return fmt.Errorf("list groups: %w", err)
		}
		for _, r := range rows {
			out = append(out, str(r[0]))
		}
		return nil
	})
	return out, err
}
