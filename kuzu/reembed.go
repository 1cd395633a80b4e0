package kuzu

import (
	"context"
	"fmt"

	"github.com/mnemohq/mnemo/core"
)

// Re-embedding (core.VectorStager).
//
// The new vectors are staged in tables of their own, one per scope
// (EntityVecNext beside EntityVec...), without an index, while the
// vectors in use stay where they are and are searched as before. Meta
// records which embedder the staging is for (restage_name,
// restage_model), so that a run interrupted, even by a crash, resumes.
// SwitchVectors then replaces every vector in use by its staged one and
// records the new embedder, in one transaction; the staging tables are
// dropped after it.

var _ core.VectorStager = (*Store)(nil)

// Metadata keys of the embedder a staging is for.
const (
	metaRestageName  = "restage_name"
	metaRestageModel = "restage_model"
)

// stageTable is the staging table of a scope's new vectors.
func stageTable(sc core.Scope) string { return vecTable(sc) + "Next" }

// BeginRestage implements core.VectorStager.
func (s *Store) BeginRestage(ctx context.Context, to core.EmbedderID) (map[core.Scope]map[string]bool, error) {
	if to.Dimension != s.dim {
		return nil, fmt.Errorf("%w: the embedder %s does not make vectors of the database's dimension %d", core.ErrInvalid, to, s.dim)
	}
	e, err := s.live(recBeginRestage, recordArgs{Embedder: &to})
	if err != nil {
		return nil, err
	}
	return s.beginRestage(ctx, e, to)
}

// beginRestage is BeginRestage, journaled as e says.
func (s *Store) beginRestage(ctx context.Context, e entry, to core.EmbedderID) (map[core.Scope]map[string]bool, error) {
	out := map[core.Scope]map[string]bool{}
	err := s.ddl(ctx, func(c *conn) error {
		return s.journaled(e, func(seq uint64) error { return s.restage(ctx, c, to, seq, out) })
	})
	return out, err
}

// restage is the work of BeginRestage on the writer, under the write
// lock, which records seq.
func (s *Store) restage(ctx context.Context, c *conn, to core.EmbedderID, seq uint64, out map[core.Scope]map[string]bool) error {
	{
		// Every scope is staged, communities too, whether one exists
		// yet or not: one may be written while the staging lasts.
		if err := s.createCommunityTables(ctx, c); err != nil {
			return err
		}
		meta, err := readMeta(ctx, c)
		if err != nil {
			return err
		}
		if meta[metaRestageName] != to.Name || meta[metaRestageModel] != to.Model {
			// A staging for another embedder, or none: start afresh.
			for _, sc := range core.Scopes {
				if err := c.exec(ctx, "DROP TABLE IF EXISTS "+stageTable(sc), nil); err != nil {
					return fmt.Errorf("drop staged vectors: %w", err)
				}
			}
			for k, v := range map[string]string{metaRestageName: to.Name, metaRestageModel: to.Model} {
				if err := c.exec(ctx, "MERGE (m:Meta {key: $k}) SET m.value = $v", map[string]any{"k": k, "v": v}); err != nil {
					return fmt.Errorf("record the staging: %w", err)
				}
			}
		}
		for _, sc := range core.Scopes {
			key := ""
			if groupKeyed(stageTable(sc)) {
				key = "key STRING PRIMARY KEY, uuid STRING"
			} else {
				key = "uuid STRING PRIMARY KEY"
			}
			stmt := fmt.Sprintf("CREATE NODE TABLE IF NOT EXISTS %s(%s, group_id STRING, vec FLOAT[%d])", stageTable(sc), key, s.dim)
			if err := c.exec(ctx, stmt, nil); err != nil {
				return fmt.Errorf("create the staging table: %w", err)
			}
			// Two groups may hold an episode of the same uuid: a uuid
			// is staged when every one of its vectors is.
			rows, err := c.query(ctx, fmt.Sprintf("MATCH (v:%s) OPTIONAL MATCH (n:%s {%s: v.%s}) RETURN v.uuid, n IS NOT NULL",
				vecTable(sc), stageTable(sc), pkCol(stageTable(sc)), pkCol(vecTable(sc))), nil)
			if err != nil {
				return fmt.Errorf("read staged vectors: %w", err)
			}
			out[sc] = map[string]bool{}
			missing := map[string]bool{}
			for _, r := range rows {
				if id := str(r[0]); r[1] == true {
					out[sc][id] = true
				} else {
					missing[id] = true
				}
			}
			for id := range missing {
				delete(out[sc], id)
			}
		}
	}
	return s.transact(ctx, c, withSeq(func(context.Context, *conn, *pending) error { return nil }, seq))
}

// StageVectors implements core.VectorStager.
func (s *Store) StageVectors(ctx context.Context, sc core.Scope, vs []core.StagedVector) error {
	if !sc.Valid() {
		return fmt.Errorf("%w: scope %q", core.ErrInvalid, sc)
	}
	rows := make([]any, len(vs))
	for i, v := range vs {
		if err := s.checkVec("staged vector", v.Vector); err != nil {
			return err
		}
		rows[i] = map[string]any{"key": episodeKey(v.Group, v.UUID), "uuid": v.UUID, "g": v.Group, "vec": vecParam(v.Vector)}
	}
	e, err := s.live(recStageVectors, recordArgs{Scope: sc, Staged: vs})
	if err != nil {
		return err
	}
	return s.stageRows(ctx, e, sc, rows)
}

// stageVectors is StageVectors, journaled as e says.
func (s *Store) stageVectors(ctx context.Context, e entry, sc core.Scope, vs []core.StagedVector) error {
	rows := make([]any, len(vs))
	for i, v := range vs {
		rows[i] = map[string]any{"key": episodeKey(v.Group, v.UUID), "uuid": v.UUID, "g": v.Group, "vec": vecParam(v.Vector)}
	}
	return s.stageRows(ctx, e, sc, rows)
}

// stageRows writes the rows of staged vectors of sc.
func (s *Store) stageRows(ctx context.Context, e entry, sc core.Scope, rows []any) error {
	return s.write(ctx, e, func(ctx context.Context, c *conn, _ *pending) error {
		stmt := fmt.Sprintf("UNWIND $rows AS r CREATE (:%s {%suuid: r.uuid, group_id: r.g, vec: CAST(r.vec AS FLOAT[%d])})", stageTable(sc), keyProp(stageTable(sc)), s.dim)
		if err := c.exec(ctx, stmt, map[string]any{"rows": rows}); err != nil {
			return fmt.Errorf("stage vectors: %w", err)
		}
		return nil
	})
}

// SwitchVectors implements core.VectorStager.
func (s *Store) SwitchVectors(ctx context.Context, to core.EmbedderID) error {
	e, err := s.live(recSwitchVectors, recordArgs{Embedder: &to})
	if err != nil {
		return err
	}
	return s.switchVectors(ctx, e, to)
}

// switchVectors is SwitchVectors, journaled as e says.
func (s *Store) switchVectors(ctx context.Context, e entry, to core.EmbedderID) error {
	return s.exclusive(ctx, func(c *conn) error {
		// A reopening since the staging began drops empty community
		// tables (lazytables.go); the switch reads them.
		if err := s.createCommunityTables(ctx, c); err != nil {
			return err
		}
		err := s.journaled(e, func(seq uint64) error {
			meta, err := readMeta(ctx, c)
			if err != nil {
				return err
			}
			if meta[metaRestageName] != to.Name || meta[metaRestageModel] != to.Model {
				return fmt.Errorf("%w: no vectors are staged for the embedder %s", core.ErrConflict, to)
			}
			return s.transact(ctx, c, withSeq(func(ctx context.Context, c *conn, _ *pending) error {
				for _, sc := range core.Scopes {
					if err := switchScope(ctx, c, sc); err != nil {
						return err
					}
				}
				for k, v := range map[string]string{metaEmbedderName: to.Name, metaEmbedderModel: to.Model} {
					if err := c.exec(ctx, "MERGE (m:Meta {key: $k}) SET m.value = $v", map[string]any{"k": k, "v": v}); err != nil {
						return fmt.Errorf("record the embedder: %w", err)
					}
				}
				if err := c.exec(ctx, "MATCH (m:Meta) WHERE m.key IN [$a, $b] DELETE m", map[string]any{"a": metaRestageName, "b": metaRestageModel}); err != nil {
					return fmt.Errorf("end the staging: %w", err)
				}
				return nil
			}, seq))
		})
		if err != nil {
			return err
		}
		s.embedder = to
		bg := context.WithoutCancel(ctx)
		for _, sc := range core.Scopes {
			if err := c.exec(bg, "DROP TABLE IF EXISTS "+stageTable(sc), nil); err != nil {
				s.log.Error("drop staged vectors", "table", stageTable(sc), "err", err)
			}
		}
		// The vectors' offsets changed: read them again, and build the
		// vector indexes kept in memory again.
		if err := s.cat.loadSlots(bg, c); err != nil {
			return err
		}
		return s.rebuildVecIndexes(bg, c)
	})
}

// switchScope replaces a scope's vectors by the staged ones, in the
// caller's transaction. Every object with a vector must have one staged;
// staged vectors of objects deleted since are dropped.
func switchScope(ctx context.Context, c *conn, sc core.Scope) error {
	uuids := func(table string) (map[string]bool, error) {
		rows, err := c.query(ctx, "MATCH (v:"+table+") RETURN v."+pkCol(table), nil)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", table, err)
		}
		m := make(map[string]bool, len(rows))
		for _, r := range rows {
			m[str(r[0])] = true
		}
		return m, nil
	}
	used, err := uuids(vecTable(sc))
	if err != nil {
		return err
	}
	staged, err := uuids(stageTable(sc))
	if err != nil {
		return err
	}
	var gone []string
	for id := range staged {
		if !used[id] {
			gone = append(gone, id)
		}
	}
	for id := range used {
		if !staged[id] {
			return fmt.Errorf("%w: %s %s has a vector and none staged: run the re-embedding again", core.ErrConflict, sc, id)
		}
	}
	if err := deleteEach(ctx, c, "v", stageTable(sc), gone); err != nil {
		return fmt.Errorf("drop staged vectors of deleted objects: %w", err)
	}
	if err := c.exec(ctx, "MATCH (v:"+vecTable(sc)+") DELETE v", nil); err != nil {
		return fmt.Errorf("delete the old %s vectors: %w", sc, err)
	}
	key := ""
	if groupKeyed(vecTable(sc)) {
		key = "key: n.key, "
	}
	stmt := fmt.Sprintf("MATCH (n:%s) CREATE (:%s {%suuid: n.uuid, group_id: n.group_id, vec: n.vec})", stageTable(sc), vecTable(sc), key)
	if err := c.exec(ctx, stmt, nil); err != nil {
		return fmt.Errorf("write the new %s vectors: %w", sc, err)
	}
	return nil
}
