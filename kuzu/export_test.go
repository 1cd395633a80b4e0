package kuzu

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/engine"
)

// HasIndexForTest reports whether searches of sc go through an index,
// Kuzu's or the one kept in memory, once the builds under way are done
// and the vectors queued for the indexes applied.
func HasIndexForTest(s *Store, sc core.Scope) bool { return s.indexedForTest(sc) }

// indexedForTest is HasIndexForTest.
func (s *Store) indexedForTest(sc core.Scope) bool {
	s.vidx.mu.Lock()
	var builds []*vecIndex
	for _, v := range s.vidx.by {
		builds = append(builds, v)
	}
	s.vidx.mu.Unlock()
	for _, v := range builds {
		<-v.done
		v.settle()
	}
	return s.hasIndex(sc) || s.readyIndex(sc) != nil
}

// DowngradeForTest turns the database of s into one of schema version 1,
// whose Fact table has no episodes column, whose Episode table has no
// warnings column and which has no Record table.
func DowngradeForTest(ctx context.Context, s *Store) error {
	return s.ddl(ctx, func(c *conn) error {
		for _, col := range []string{"Episode DROP trust", "Fact DROP trust", "Fact DROP quarantined_at"} {
			if err := c.exec(ctx, "ALTER TABLE "+col, nil); err != nil {
				return err
			}
		}
		if err := c.exec(ctx, "ALTER TABLE Fact DROP episodes", nil); err != nil {
			return err
		}
		if err := c.exec(ctx, "ALTER TABLE Episode DROP warnings", nil); err != nil {
			return err
		}
		if err := c.exec(ctx, "DROP TABLE IF EXISTS Record", nil); err != nil {
			return err
		}
		for _, table := range []string{"Entity", "Fact"} {
			if err := c.exec(ctx, "ALTER TABLE "+table+" DROP archived_at", nil); err != nil {
				return err
			}
		}
		return c.exec(ctx, "MERGE (m:Meta {key: 'schema_version'}) SET m.value = '1'", nil)
	})
}

// The reads the catalog serves, as Kuzu answered them before it did: the
// reference its answers are checked against.

// FactsBetweenFromKuzuForTest is FactsBetween's Cypher: one hop from the
// first entity's primary key, keeping the facts whose ends are the pair.
func FactsBetweenFromKuzuForTest(ctx context.Context, s *Store, group, a, b string) ([]core.Fact, error) {
	var out []core.Fact
	err := s.read(ctx, func(c *conn) error {
		var err error
		out, err = s.queryFacts(ctx, c, `MATCH (a:Entity {uuid: $a})-[:RELATES_TO]-(f:Fact)
			WHERE f.group_id = $g AND (f.source_uuid = $a AND f.target_uuid = $b OR f.source_uuid = $b AND f.target_uuid = $a)
			RETURN DISTINCT `+factCols+` ORDER BY f.uuid`, map[string]any{"a": a, "b": b, "g": group}, false)
		return err
	})
	return out, err
}

// FactsInvalidatedByFromKuzuForTest is FactsInvalidatedBy as a scan of
// the Fact table.
func FactsInvalidatedByFromKuzuForTest(ctx context.Context, s *Store, group string, by []string) ([]core.Fact, error) {
	var out []core.Fact
	err := s.read(ctx, func(c *conn) error {
		var err error
		out, err = s.queryFacts(ctx, c, `MATCH (f:Fact) WHERE f.group_id = $g AND f.invalidated_by IN $by
			RETURN `+factCols+` ORDER BY f.uuid`, map[string]any{"g": group, "by": by}, false)
		return err
	})
	return out, err
}

// FactsOfEntitiesFromKuzuForTest is FactsOfEntities' Cypher: one
// traversal per entity up to 16 entities, one join over the list beyond.
func FactsOfEntitiesFromKuzuForTest(ctx context.Context, s *Store, group string, uuids []string, limit int) ([]core.Fact, error) {
	return factsOfEntitiesFromKuzu(ctx, s, group, uuids, limit, false)
}

// FactHistoryOfEntitiesFromKuzuForTest is FactsOfEntities' Cypher without
// its condition on expired_at: what FactHistoryOfEntities must answer.
func FactHistoryOfEntitiesFromKuzuForTest(ctx context.Context, s *Store, group string, uuids []string) ([]core.Fact, error) {
	return factsOfEntitiesFromKuzu(ctx, s, group, uuids, 0, true)
}

func factsOfEntitiesFromKuzu(ctx context.Context, s *Store, group string, uuids []string, limit int, history bool) ([]core.Fact, error) {
	if len(uuids) == 0 {
		return nil, nil
	}
	lim := ""
	if limit > 0 {
		lim = fmt.Sprintf(" LIMIT %d", limit)
	}
	expired := " AND f.expired_at IS NULL"
	if history {
		expired = ""
	}
	where := ` WHERE n.group_id = $g AND f.group_id = $g` + expired + `
			RETURN DISTINCT ` + factCols + ` ORDER BY f.uuid DESC`
	const perEntityLimit = 16
	ids := uniq(uuids)
	var out []core.Fact
	err := s.read(ctx, func(c *conn) error {
		if len(ids) > perEntityLimit {
			var err error
			out, err = s.queryFacts(ctx, c, byUUID("n", "Entity", "ids", "-[:RELATES_TO]-(f:Fact)")+where+lim, map[string]any{"ids": ids, "g": group}, false)
			return err
		}
		seen := map[string]bool{}
		for _, id := range ids {
			fs, err := s.queryFacts(ctx, c, "MATCH (n:Entity {uuid: $id})-[:RELATES_TO]-(f:Fact)"+where+lim, map[string]any{"id": id, "g": group}, false)
			if err != nil {
				return err
			}
			for _, f := range fs {
				if !seen[f.UUID] {
					seen[f.UUID] = true
					out = append(out, f)
				}
			}
		}
		slices.SortFunc(out, func(a, b core.Fact) int { return strings.Compare(b.UUID, a.UUID) })
		if limit > 0 && len(out) > limit {
			out = out[:limit]
		}
		return nil
	})
	return out, err
}

// EntitiesByNameFromKuzuForTest is EntitiesByName's Cypher: a scan of the
// group's entities matching name_key or acronym.
func EntitiesByNameFromKuzuForTest(ctx context.Context, s *Store, group string, keys []string) ([]core.Entity, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	var out []core.Entity
	err := s.read(ctx, func(c *conn) error {
		rows, err := c.query(ctx, "MATCH (n:Entity) WHERE n.group_id = $g AND (n.name_key IN $k OR n.acronym IN $k) RETURN "+entityCols+" ORDER BY n.uuid",
			map[string]any{"g": group, "k": keys})
		if err != nil {
			return fmt.Errorf("find entities by name: %w", err)
		}
		for _, r := range rows {
			e, err := decodeEntity(r)
			if err != nil {
				return err
			}
			out = append(out, e)
		}
		return nil
	})
	return out, err
}

// noPlugins gives every group no plugins: the engines of these tests
// ingest nothing.
type noPlugins struct{}

func (noPlugins) For(context.Context, string) (core.Plugins, error) { return core.Plugins{}, nil }

// EngineForTest opens an engine over s that runs no ingestion worker, for
// the writes core plans and the store applies (DeleteEpisode, DeleteFact),
// and closes it when the test ends. The store stays open.
func EngineForTest(tb testing.TB, s *Store) *engine.Engine {
	tb.Helper()
	at := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	e, err := engine.Open(context.Background(), engine.Options{
		Store: s, Embedder: hashembed.New(s.Dimension()), Plugins: noPlugins{},
		Now: func() time.Time { return at }, Ingest: engine.IngestOptions{Workers: -1},
	})
	if err != nil {
		tb.Fatalf("engine.Open: %v", err)
	}
	tb.Cleanup(func() {
		if err := e.Close(context.Background()); err != nil {
			tb.Errorf("Close engine: %v", err)
		}
	})
	return e
}

// UnkeyEpisodesForTest turns the episode tables of s into those of schema
// version 4, keyed by uuid alone, with an HNSW index on the episode
// vectors, and records version 4: a database as mnemo made it before
// episodes were keyed by group. The data must hold no uuid in two groups.
func UnkeyEpisodesForTest(ctx context.Context, s *Store) error {
	return s.ddl(ctx, func(c *conn) error {
		stmts := []string{
			`CREATE NODE TABLE EpisodeOld(uuid STRING PRIMARY KEY, group_id STRING, name STRING, source STRING,
				source_description STRING, content STRING, valid_at TIMESTAMP, created_at TIMESTAMP, status STRING,
				attempts INT64, error STRING, warnings STRING)`,
			fmt.Sprintf("CREATE NODE TABLE EpisodeVecOld(uuid STRING PRIMARY KEY, group_id STRING, vec FLOAT[%d])", s.dim),
			"CREATE REL TABLE MENTIONS_OLD(FROM EpisodeOld TO Entity)",
			"CREATE REL TABLE STATES_OLD(FROM EpisodeOld TO Fact)",
			`MATCH (e:Episode) CREATE (:EpisodeOld {uuid: e.uuid, group_id: e.group_id, name: e.name, source: e.source,
				source_description: e.source_description, content: e.content, valid_at: e.valid_at, created_at: e.created_at,
				status: e.status, attempts: e.attempts, error: e.error, warnings: e.warnings})`,
			"MATCH (v:EpisodeVec) CREATE (:EpisodeVecOld {uuid: v.uuid, group_id: v.group_id, vec: v.vec})",
			"MATCH (e:Episode)-[:MENTIONS]->(n:Entity) MATCH (o:EpisodeOld {uuid: e.uuid}) CREATE (o)-[:MENTIONS_OLD]->(n)",
			"MATCH (e:Episode)-[:STATES]->(f:Fact) MATCH (o:EpisodeOld {uuid: e.uuid}) CREATE (o)-[:STATES_OLD]->(f)",
			"DROP TABLE MENTIONS", "DROP TABLE STATES", "DROP TABLE EpisodeVec", "DROP TABLE Episode",
			"ALTER TABLE EpisodeOld RENAME TO Episode", "ALTER TABLE EpisodeVecOld RENAME TO EpisodeVec",
			"ALTER TABLE MENTIONS_OLD RENAME TO MENTIONS", "ALTER TABLE STATES_OLD RENAME TO STATES",
			fmt.Sprintf("CALL CREATE_VECTOR_INDEX('EpisodeVec', '%s', 'vec', %s)", vectorIndex[core.ScopeEpisodes], vectorIndexParams),
			"MERGE (m:Meta {key: 'schema_version'}) SET m.value = '4'",
		}
		for _, st := range stmts {
			if err := c.exec(ctx, st, nil); err != nil {
				return fmt.Errorf("%s: %w", st, err)
			}
		}
		return nil
	})
}

// InterruptEpisodeMigrationForTest runs the migration to version 5 on the
// version-4 database of s (UnkeyEpisodesForTest) up to a point, as a crash
// would leave it: "copy" leaves a partial copy (the new tables, filled,
// not recorded as complete); "drop" records the copy and drops the old
// MENTIONS table only.
func InterruptEpisodeMigrationForTest(ctx context.Context, s *Store, at string) error {
	return s.ddl(ctx, func(c *conn) error {
		tables, err := tableNames(ctx, c)
		if err != nil {
			return err
		}
		if err := copyEpisodesKeyed(ctx, c, s.dim, tables); err != nil {
			return err
		}
		if at == "copy" {
			return nil
		}
		if err := c.exec(ctx, "MERGE (m:Meta {key: $k}) SET m.value = 'copied'", map[string]any{"k": metaMigrateEpisodes}); err != nil {
			return err
		}
		return c.exec(ctx, "DROP TABLE MENTIONS", nil)
	})
}

// TablesForTest lists the database's tables and its indexes (as
// table.index).
func TablesForTest(ctx context.Context, s *Store) (tables []string, indexes []string, err error) {
	err = s.ddl(ctx, func(c *conn) error {
		names, err := tableNames(ctx, c)
		if err != nil {
			return err
		}
		have, err := listIndexes(ctx, c)
		if err != nil {
			return err
		}
		tables, indexes = slices.Sorted(maps.Keys(names)), slices.Sorted(maps.Keys(have))
		return nil
	})
	return tables, indexes, err
}

// IdlePassForTest runs the keeper's idle pass as if the last commit were
// ago old.
func IdlePassForTest(s *Store, ago time.Duration) {
	s.lastCommit.Store(time.Now().Add(-ago).UnixNano())
	s.checkpointIfIdle(context.Background())
}

// WALBytesForTest returns the size of the store's WAL.
func WALBytesForTest(s *Store) int64 { return s.walSize() }
