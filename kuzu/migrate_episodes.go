package kuzu

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mnemohq/mnemo/core"
)

// keyEpisodes rebuilds the Episode and EpisodeVec tables keyed by group
// and uuid (version 5, see episodeKey), with the MENTIONS and STATES
// relationships that start from episodes. Kuzu cannot change a table's
// primary key, and a relationship table names its node tables, so the
// four tables are copied into new ones (EpisodeK, EpisodeVecK, MENTIONS_K,
// STATES_K), the old ones dropped and the new ones renamed.
//
// It can run again after an interruption: until the Meta key
// migrate_episodes records that the copy is complete, a rerun drops the
// partial copy and starts over from the old tables, which are intact;
// after it, the old tables are dropped if still there and the new ones
// renamed if not yet. The episode vector index is built again by the
// store when it opens (syncIndexes), as for any table that reached its
// size; the staged vectors of an interrupted re-embedding are dropped
// with their table, to be staged again.
func keyEpisodes(ctx context.Context, c *conn, dim int) error {
	tables, err := tableNames(ctx, c)
	if err != nil {
		return err
	}
	meta, err := readMeta(ctx, c)
	if err != nil {
		return err
	}
	if meta[metaMigrateEpisodes] != "copied" {
		if tables["Episode"] {
			keyed, err := hasColumn(ctx, c, "Episode", "key")
			if err != nil {
				return err
			}
			if keyed {
				// Made at version 5 and recorded as older (tests do),
				// or migrated already.
				return nil
			}
		}
		if err := copyEpisodesKeyed(ctx, c, dim, tables); err != nil {
			return err
		}
		if err := c.exec(ctx, "MERGE (m:Meta {key: $k}) SET m.value = 'copied'", map[string]any{"k": metaMigrateEpisodes}); err != nil {
			return fmt.Errorf("record the episode copy: %w", err)
		}
	}
	indexes, err := listIndexes(ctx, c)
	if err != nil {
		return err
	}
	if name := vectorIndex[core.ScopeEpisodes]; tables["EpisodeVecK"] && indexes["EpisodeVec."+name] {
		if err := c.exec(ctx, fmt.Sprintf("CALL DROP_VECTOR_INDEX('EpisodeVec', '%s')", name), nil); err != nil {
			return fmt.Errorf("drop the old episode vector index: %w", err)
		}
	}
	if err := c.exec(ctx, "DROP TABLE IF EXISTS EpisodeVecNext", nil); err != nil {
		return fmt.Errorf("drop the staged episode vectors: %w", err)
	}
	// An old table is dropped while its copy is not yet renamed to its
	// name; relationships first, since they name the node tables.
	for _, t := range keyedCopies {
		if tables[t.copy] {
			if err := c.exec(ctx, "DROP TABLE IF EXISTS "+t.old, nil); err != nil {
				return fmt.Errorf("drop the old %s table: %w", t.old, err)
			}
		}
	}
	for _, t := range keyedCopies {
		if tables[t.copy] {
			if err := c.exec(ctx, fmt.Sprintf("ALTER TABLE %s RENAME TO %s", t.copy, t.old), nil); err != nil {
				return fmt.Errorf("rename %s: %w", t.copy, err)
			}
		}
	}
	if err := c.exec(ctx, "MATCH (m:Meta {key: $k}) DELETE m", map[string]any{"k": metaMigrateEpisodes}); err != nil {
		return fmt.Errorf("end the episode migration: %w", err)
	}
	return nil
}

// keyedCopies names the tables keyEpisodes rebuilds and their copies,
// relationships first.
var keyedCopies = []struct{ old, copy string }{
	{"MENTIONS", "MENTIONS_K"}, {"STATES", "STATES_K"}, {"EpisodeVec", "EpisodeVecK"}, {"Episode", "EpisodeK"},
}

// metaMigrateEpisodes is the Meta key keyEpisodes records its progress in.
const metaMigrateEpisodes = "migrate_episodes"

// copyEpisodesKeyed creates the tables keyed by group and uuid, dropping
// any partial copy first, and copies the episodes, their vectors and their
// relationships into them. tables is updated with the new tables.
func copyEpisodesKeyed(ctx context.Context, c *conn, dim int, tables map[string]bool) error {
	for _, t := range keyedCopies {
		if err := c.exec(ctx, "DROP TABLE IF EXISTS "+t.copy, nil); err != nil {
			return fmt.Errorf("drop a partial episode copy: %w", err)
		}
	}
	for _, stmt := range []string{
		`CREATE NODE TABLE EpisodeK(key STRING PRIMARY KEY, uuid STRING, group_id STRING, name STRING, source STRING,
			source_description STRING, content STRING, valid_at TIMESTAMP, created_at TIMESTAMP, status STRING,
			attempts INT64, error STRING, warnings STRING)`,
		"CREATE NODE TABLE EpisodeVecK(key STRING PRIMARY KEY, uuid STRING, group_id STRING, vec FLOAT[" + strconv.Itoa(dim) + "])",
		"CREATE REL TABLE MENTIONS_K(FROM EpisodeK TO Entity)",
		"CREATE REL TABLE STATES_K(FROM EpisodeK TO Fact)",
	} {
		if err := c.exec(ctx, stmt, nil); err != nil {
			return fmt.Errorf("create the episode tables keyed by group: %w", err)
		}
	}
	key := func(a string) string { return "concat(" + a + ".group_id, $sep, " + a + ".uuid)" }
	p := map[string]any{"sep": keySep}
	for _, cp := range []struct{ table, query string }{
		{"EpisodeK", "MATCH (e:Episode) RETURN " + key("e") + `, e.uuid, e.group_id, e.name, e.source, e.source_description,
			e.content, e.valid_at, e.created_at, e.status, e.attempts, e.error, e.warnings`},
		{"EpisodeVecK", "MATCH (v:EpisodeVec) RETURN " + key("v") + ", v.uuid, v.group_id, v.vec"},
		{"MENTIONS_K", "MATCH (e:Episode)-[:MENTIONS]->(n:Entity) RETURN " + key("e") + ", n.uuid"},
		{"STATES_K", "MATCH (e:Episode)-[:STATES]->(f:Fact) RETURN " + key("e") + ", f.uuid"},
	} {
		n, err := c.query(ctx, cp.query+" LIMIT 1", p)
		if err != nil {
			return fmt.Errorf("read episodes to copy: %w", err)
		}
		if len(n) == 0 {
			continue // COPY of an empty result is refused
		}
		if err := c.exec(ctx, fmt.Sprintf("COPY %s FROM (%s)", cp.table, cp.query), p); err != nil {
			return fmt.Errorf("copy into %s: %w", cp.table, err)
		}
	}
	for _, t := range keyedCopies {
		tables[t.copy] = true
	}
	return nil
}

// tableNames lists the database's tables.
func tableNames(ctx context.Context, c *conn) (map[string]bool, error) {
	rows, err := c.query(ctx, "CALL SHOW_TABLES() RETURN name", nil)
	if err != nil {
		return nil, fmt.Errorf("list tables: %w", err)
	}
	out := map[string]bool{}
	for _, r := range rows {
		out[str(r[0])] = true
	}
	return out, nil
}

// hasColumn reports whether table has the column name.
func hasColumn(ctx context.Context, c *conn, table, name string) (bool, error) {
	rows, err := c.query(ctx, "CALL TABLE_INFO('"+table+"') RETURN name", nil)
	if err != nil {
		return false, fmt.Errorf("read %s columns: %w", table, err)
	}
	for _, r := range rows {
		if str(r[0]) == name {
			return true, nil
		}
	}
	return false, nil
}
