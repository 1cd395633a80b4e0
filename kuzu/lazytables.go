package kuzu

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/mnemohq/mnemo/core"
)

// Tables made on demand.
//
// Kuzu 0.11.3 holds about 5.5 MiB of memory per node table, whatever its
// rows (go test -run '^$' -bench OpenMemory/tables ./kuzu/). Records and
// communities are features many databases never use (an edge board's
// records are its erasures, if any, and communities are built only when
// asked for), and the facts' changed attributes (factattrs.go) are folded
// away by each compaction, so their tables — Record; Community,
// CommunityVec and HAS_MEMBER; FactAttrs — are created by the first write
// that needs them: under the
// write lock, outside that write's transaction (Kuzu's DDL commits by
// itself) and before the journal holds the write, so that a replay of the
// write after a crash creates them again if they were lost. Opening a
// database drops them when they are empty, so databases made before hold
// none either. Reads of a scope whose tables do not exist answer as for
// an empty one, without a statement. Store.records and Store.communities
// say whether the tables exist; they change only under the write lock.
//
// A migration that alters one of these tables must allow for its absence.

// recordTable is the Record table's definition; key is group_id, kind and
// id joined by 0x1f (recordKey).
const recordTable = "CREATE NODE TABLE IF NOT EXISTS Record(key STRING PRIMARY KEY, group_id STRING, kind STRING, id STRING, data STRING)"

// communityTables create the community tables, in this order: HAS_MEMBER
// names Community.
func communityTables(dim int) []string {
	return []string{
		"CREATE NODE TABLE IF NOT EXISTS Community(uuid STRING PRIMARY KEY, group_id STRING, name STRING, summary STRING, created_at TIMESTAMP)",
		fmt.Sprintf("CREATE NODE TABLE IF NOT EXISTS CommunityVec(uuid STRING PRIMARY KEY, group_id STRING, vec FLOAT[%d])", dim),
		"CREATE REL TABLE IF NOT EXISTS HAS_MEMBER(FROM Community TO Entity)",
	}
}

// createRecordTable creates the Record table if it does not exist. It
// runs on the writer, under the write lock, outside a transaction.
func (s *Store) createRecordTable(ctx context.Context, c *conn) error {
	return createTable(ctx, c, &s.records, recordTable, "the record table")
}

// createTable runs stmt, which creates one table if it does not exist,
// unless made says it exists, and records that it does. It runs on the
// writer, under the write lock, outside a transaction.
func createTable(ctx context.Context, c *conn, made *atomic.Bool, stmt, what string) error {
	if made.Load() {
		return nil
	}
	if err := c.exec(ctx, stmt, nil); err != nil {
		return fmt.Errorf("create %s: %w", what, err)
	}
	made.Store(true)
	return nil
}

// createCommunityTables creates the community tables that do not exist.
// It runs on the writer, under the write lock, outside a transaction.
func (s *Store) createCommunityTables(ctx context.Context, c *conn) error {
	if s.communities.Load() {
		return nil
	}
	for _, stmt := range communityTables(s.dim) {
		if err := c.exec(ctx, stmt, nil); err != nil {
			return fmt.Errorf("create the community tables: %w", err)
		}
	}
	s.communities.Store(true)
	return nil
}

// dropEmptyTables drops the Record table and the community tables when
// they hold nothing, and records which exist. It runs when the database
// opens, after setup. A community table with a vector index is kept: in
// Kuzu 0.11.3 an index is not removed whole (BuildVectorIndexes).
func (s *Store) dropEmptyTables(ctx context.Context, c *conn) error {
	tables, err := tableNames(ctx, c)
	if err != nil {
		return err
	}
	empty := func(table string) (bool, error) {
		rows, err := c.query(ctx, "MATCH (x:"+table+") RETURN count(*)", nil)
		if err != nil {
			return false, fmt.Errorf("count %s: %w", table, err)
		}
		return len(rows) == 1 && i64(rows[0][0]) == 0, nil
	}

	for _, t := range []struct {
		table string
		made  *atomic.Bool
	}{{"Record", &s.records}, {"FactAttrs", &s.factAttrs}} {
		t.made.Store(tables[t.table])
		if !tables[t.table] {
			continue
		}
		none, err := empty(t.table)
		if err != nil {
			return err
		}
		if none {
			if err := c.exec(ctx, "DROP TABLE "+t.table, nil); err != nil {
				return fmt.Errorf("drop the empty table %s: %w", t.table, err)
			}
			t.made.Store(false)
		}
	}

	some := tables["Community"] || tables["CommunityVec"] || tables["HAS_MEMBER"]
	if !some {
		s.communities.Store(false)
		return nil
	}
	drop := true
	for _, t := range []string{"Community", "CommunityVec"} {
		if !tables[t] {
			continue
		}
		none, err := empty(t)
		if err != nil {
			return err
		}
		drop = drop && none
	}
	if drop {
		indexes, err := listIndexes(ctx, c)
		if err != nil {
			return err
		}
		drop = !indexes[vecTable(core.ScopeCommunities)+"."+vectorIndex[core.ScopeCommunities]]
	}
	if !drop {
		// Communities exist: make whichever of their tables a process
		// stopped between two drops left out.
		s.communities.Store(false)
		return s.createCommunityTables(ctx, c)
	}
	// HAS_MEMBER first, as it names Community; a process stopped between
	// two drops leaves empty tables that the next opening drops.
	for _, t := range []string{"HAS_MEMBER", "CommunityVec", "Community"} {
		if err := c.exec(ctx, "DROP TABLE IF EXISTS "+t, nil); err != nil {
			return fmt.Errorf("drop the empty community tables: %w", err)
		}
	}
	s.communities.Store(false)
	return nil
}

// hasTables reports whether the tables of sc exist: false for communities
// before the first.
func (s *Store) hasTables(sc core.Scope) bool {
	return sc != core.ScopeCommunities || s.communities.Load()
}
