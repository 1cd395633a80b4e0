package kuzu

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// DeleteGroup implements core.Writer.
func (s *Store) DeleteGroup(ctx context.Context, group string) (core.Deleted, error) {
	var d core.Deleted
	if err := core.ValidateGroupID(group); err != nil {
		return d, err
	}
	e, err := s.live(recDeleteGroup, recordArgs{Group: group})
	if err != nil {
		return d, err
	}
	return s.deleteGroup(ctx, e, group)
}

// deleteGroup is DeleteGroup, journaled as e says.
func (s *Store) deleteGroup(ctx context.Context, e entry, group string) (core.Deleted, error) {
	var d core.Deleted
	err := s.write(ctx, e, func(ctx context.Context, c *conn, pd *pending) error {
		d = core.Deleted{}
		if err := s.mayDeleteGroup(group); err != nil {
			return err
		}
		p := map[string]any{"g": group}
		for _, step := range []struct {
			table string
			n     *int
		}{
			{"Fact", &d.Facts}, {"Community", &d.Communities}, {"Entity", &d.Entities}, {"Episode", &d.Episodes},
		} {
			if step.table == "Community" && !s.communities.Load() {
				continue // no community was ever written
			}
			rows, err := c.query(ctx, fmt.Sprintf("MATCH (x:%s) WHERE x.group_id = $g RETURN count(*)", step.table), p)
			if err != nil {
				return fmt.Errorf("count %s: %w", step.table, err)
			}
			*step.n = int(i64(rows[0][0]))
			if *step.n == 0 {
				continue
			}
			if err := c.exec(ctx, fmt.Sprintf("MATCH (x:%s) WHERE x.group_id = $g DETACH DELETE x", step.table), p); err != nil {
				return fmt.Errorf("delete %s: %w", step.table, err)
			}
		}
		for _, sc := range core.Scopes {
			if !s.hasTables(sc) {
				continue
			}
			if err := c.exec(ctx, fmt.Sprintf("MATCH (v:%s) WHERE v.group_id = $g DELETE v", vecTable(sc)), p); err != nil {
				return fmt.Errorf("delete embeddings: %w", err)
			}
		}
		if s.records.Load() {
			if err := c.exec(ctx, "MATCH (r:Record) WHERE r.group_id = $g DELETE r", p); err != nil {
				return fmt.Errorf("delete records: %w", err)
			}
		}
		if s.factAttrs.Load() {
			if err := c.exec(ctx, "MATCH (a:FactAttrs) WHERE a.group_id = $g DELETE a", p); err != nil {
				return fmt.Errorf("delete fact attributes: %w", err)
			}
		}
		pd.dropGroup(group)
		return nil
	})
	if err != nil {
		return core.Deleted{}, err
	}
	return d, nil
}

// FactsInvalidatedBy implements core.FactStore from the catalog, which
// indexes every fact's invalidated_by (Kuzu would scan the Fact table).
func (s *Store) FactsInvalidatedBy(ctx context.Context, group string, by []string) ([]core.Fact, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	if len(by) == 0 {
		return nil, nil
	}
	return fromCatalog(ctx, s, core.ScopeFacts, core.GetOptions{}, func() ([]core.Fact, error) { return s.cat.invalidatedBy(group, by) }, nil)
}

// invalidatedBy returns the facts of group whose invalidated_by is one of
// by, in uuid order.
func (k *catalog) invalidatedBy(group string, by []string) ([]core.Fact, error) {
	want := make(map[string]bool, len(by))
	for _, id := range by {
		if id != "" {
			want[id] = true
		}
	}
	k.mu.RLock()
	var ids []string
	for by := range want {
		for id := range k.retired[by] {
			if k.facts[id].group == group {
				ids = append(ids, id)
			}
		}
	}
	k.mu.RUnlock()
	slices.Sort(ids)
	return k.factsOf([]string{group}, ids)
}

// EntityReferences implements core.EntityStore: the facts from the
// catalog's list of each entity's facts, the mentions from Kuzu.
func (s *Store) EntityReferences(ctx context.Context, group string, uuids []string) (map[string]core.References, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	out := map[string]core.References{}
	if len(uuids) == 0 {
		return out, nil
	}
	err := s.inMemory(func() error {
		s.cat.mu.RLock()
		defer s.cat.mu.RUnlock()
		for _, id := range uuids {
			if e, ok := s.cat.entities[id]; ok && e.group == group {
				out[id] = core.References{Facts: len(e.facts)}
			}
		}
		return nil
	})
	if err != nil || len(out) == 0 {
		return out, err
	}
	// count(e.uuid), not count(e): see MentionCounts.
	err = s.read(ctx, func(c *conn) error {
		rows, err := c.query(ctx, byUUID("n", "Entity", "ids", "<-[:MENTIONS]-(e:Episode)")+" WHERE n.group_id = $g RETURN n.uuid, count(e.uuid)",
			map[string]any{"ids": keys(out), "g": group})
		if err != nil {
			return fmt.Errorf("count mentions: %w", err)
		}
		for _, r := range rows {
			id := str(r[0])
			ref := out[id]
			ref.Mentions = int(i64(r[1]))
			out[id] = ref
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// deleteObjects removes the episodes, facts and entities ch deletes, of
// group, after the change's other writes (core.Change): the facts first,
// then the episodes, which leave the provenance of the facts they stated
// that stay, then the entities, refused while a fact that stays has one
// as an endpoint.
func (s *Store) deleteObjects(ctx context.Context, c *conn, p *pending, group string, ch core.Change) error {
	if len(ch.DeleteEpisodes)+len(ch.DeleteFacts)+len(ch.DeleteEntities) == 0 {
		return nil
	}
	facts, err := ofGroup(ctx, c, "Fact", "", group, ch.DeleteFacts)
	if err != nil {
		return err
	}
	eps, err := ofGroup(ctx, c, "Episode", ", x.valid_at", group, ch.DeleteEpisodes)
	if err != nil {
		return err
	}
	ents, err := ofGroup(ctx, c, "Entity", "", group, ch.DeleteEntities)
	if err != nil {
		return err
	}
	gone := map[string]bool{}
	for _, r := range facts {
		gone[str(r[0])] = true
	}
	if err := s.checkUnused(ents, ch.Facts, gone); err != nil {
		return err
	}
	for _, r := range eps {
		if err := s.leaveProvenance(ctx, c, p, group, str(r[0]), gone); err != nil {
			return err
		}
	}
	if err := s.dropObjects(ctx, c, p, core.ScopeFacts, "Fact", group, facts); err != nil {
		return err
	}
	for _, r := range eps {
		p.delEpisode(group, str(r[0]), unixMicro(tm(r[1])))
	}
	if err := s.dropObjects(ctx, c, p, core.ScopeEpisodes, "Episode", group, eps); err != nil {
		return err
	}
	return s.dropObjects(ctx, c, p, core.ScopeEntities, "Entity", group, ents)
}

// ofGroup returns the rows (uuid, then cols) of the objects of table among
// ids that belong to group.
func ofGroup(ctx context.Context, c *conn, table, cols, group string, ids []string) ([]row, error) {
	rows, err := lookup(ctx, c, writeLookupLimit, "x", table, "x.group_id = $g", "x.uuid"+cols, map[string]any{"g": group}, keysOf(table, []string{group}, ids))
	if err != nil {
		return nil, fmt.Errorf("read %s to delete: %w", strings.ToLower(table), err)
	}
	return rows, nil
}

// checkUnused refuses to delete an entity (rows of ents) that a fact
// staying after the change has as an endpoint: the committed facts the
// catalog lists for it and the facts of the change, minus the facts
// deleted (gone). The writer holds the write lock, so the catalog is the
// committed state.
func (s *Store) checkUnused(ents []row, written []core.Fact, gone map[string]bool) error {
	for _, r := range ents {
		id := str(r[0])
		if e, ok := s.cat.committedEntity(id); ok {
			for _, f := range e.facts {
				if !gone[f] {
					return fmt.Errorf("%w: entity %s is an endpoint of fact %s", core.ErrConflict, id, f)
				}
			}
		}
		for _, f := range written {
			if (f.SourceUUID == id || f.TargetUUID == id) && !gone[f.UUID] {
				return fmt.Errorf("%w: entity %s is an endpoint of fact %s", core.ErrConflict, id, f.UUID)
			}
		}
	}
	return nil
}

// leaveProvenance takes episode (of group) out of the provenance of the facts it
// stated that stay (not in gone): their lists of episodes. The STATES
// relationships go with the episode.
func (s *Store) leaveProvenance(ctx context.Context, c *conn, p *pending, group, episode string, gone map[string]bool) error {
	rows, err := c.query(ctx, "MATCH (e:Episode {key: $k})-[:STATES]->(f:Fact) RETURN f.uuid", map[string]any{"k": episodeKey(group, episode)})
	if err != nil {
		return fmt.Errorf("read facts of episode %s: %w", episode, err)
	}
	var stay []string
	for _, r := range rows {
		if id := str(r[0]); !gone[id] {
			stay = append(stay, id)
		}
	}
	if len(stay) == 0 {
		return nil
	}
	return s.removeProvenance(ctx, c, p, episode, stay)
}

// dropObjects deletes objects of table (rows of their uuid) with their
// embeddings and relationships, and records them gone in p.
func (s *Store) dropObjects(ctx context.Context, c *conn, p *pending, sc core.Scope, table, group string, rows []row) error {
	if len(rows) == 0 {
		return nil
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = str(r[0])
	}
	keys := keysOf(table, []string{group}, ids)
	if err := s.mayDeleteNodes(table, keys); err != nil {
		return err
	}
	if err := deleteVecs(ctx, c, p, sc, group, ids); err != nil {
		return err
	}
	if sc == core.ScopeFacts {
		if err := s.deleteFactAttrs(ctx, c, ids); err != nil {
			return err
		}
	}
	if err := c.exec(ctx, byUUID("x", table, "ids", "")+" WHERE x.group_id = $g DETACH DELETE x", map[string]any{"ids": keys, "g": group}); err != nil {
		return fmt.Errorf("delete %s: %w", strings.ToLower(table), err)
	}
	switch sc {
	case core.ScopeEpisodes:
		for _, id := range ids {
			p.del(sc, group, id)
		}
	default:
		p.touch(sc, ids...)
	}
	return nil
}
