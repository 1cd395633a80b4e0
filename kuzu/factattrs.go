package kuzu

import (
	"context"
	"fmt"

	"github.com/mnemohq/mnemo/core"
)

// Facts' changed attributes.
//
// A fact's attributes (its record of why mnemo holds it, merge times,
// what the extractor said) change after it is written: each restatement
// and its invalidation add a step. In Kuzu 0.11.3 updating a STRING
// column in place makes the next checkpoint rewrite that column whole:
// after a 20,000-episode soak, a checkpoint after one update of a fact's
// attributes took 2.6 s (68 MB of the column's strings, most of them
// replaced values), against 7 ms after a hundred updates of a timestamp
// and 36 ms after a hundred rows deleted and created again; so the
// checkpoints, and with them ingestion, slowed as the memory grew.
//
// So the Fact table's attributes column keeps what a fact was created
// with, and a change to them writes a row of FactAttrs instead, deleting
// the fact's previous one: a read takes the row of FactAttrs when there
// is one (overrideAttrs). Deleting a fact deletes its row. A compaction
// folds the rows into the Fact table before it rewrites the database
// (foldFactAttrs), so that an erasure's compaction leaves no replaced
// attributes behind, and the rewritten database has none. The strings of
// the rows deleted stay in the table's dictionary until a compaction,
// like replaced values: dictionaryBloated checks the table with the
// columns updated in place (dictionary.go). The table is made by the
// first change (lazytables.go), and dropped by an opening that finds it
// empty.

// factAttrsTable is the FactAttrs table's definition.
const factAttrsTable = "CREATE NODE TABLE IF NOT EXISTS FactAttrs(uuid STRING PRIMARY KEY, group_id STRING, attributes STRING)"

// factAttrsCol is the position of the attributes in a row of factCols.
const factAttrsCol = 6

// createFactAttrsTable creates the FactAttrs table if it does not exist.
// It runs on the writer, under the write lock, outside a transaction.
func (s *Store) createFactAttrsTable(ctx context.Context, c *conn) error {
	return createTable(ctx, c, &s.factAttrs, factAttrsTable, "the fact attributes table")
}

// changesAttrs reports whether ch changes the attributes of a fact
// already committed.
func (s *Store) changesAttrs(ch core.Change) bool {
	for _, f := range ch.Facts {
		old, ok := s.cat.committedFact(f.UUID)
		if !ok {
			continue
		}
		attrs, err := encodeAttrs(f.Attributes)
		if err != nil || attrs != old.attrs {
			return true
		}
	}
	return false
}

// writeFactAttrs writes the attributes of committed facts (uuid →
// attributes) as rows of FactAttrs, each replacing the fact's previous
// row.
func writeFactAttrs(ctx context.Context, c *conn, group string, attrs map[string]string) error {
	if len(attrs) == 0 {
		return nil
	}
	ids := keys(attrs)
	// One primary-key statement each: a join over the list (deleteEach's
	// for more than a few) would scan the table.
	for _, id := range ids {
		if err := c.exec(ctx, "MATCH (a:FactAttrs {uuid: $id}) DELETE a", map[string]any{"id": id}); err != nil {
			return fmt.Errorf("replace fact attributes: %w", err)
		}
	}
	rows := make([]any, 0, len(attrs))
	for _, id := range ids {
		rows = append(rows, map[string]any{"uuid": id, "g": group, "attrs": attrs[id]})
	}
	return runBatch(ctx, c, "write fact attributes", "UNWIND $rows AS r CREATE (:FactAttrs {uuid: r.uuid, group_id: r.g, attributes: r.attrs})", rows)
}

// deleteFactAttrs deletes the FactAttrs rows of facts ids.
func (s *Store) deleteFactAttrs(ctx context.Context, c *conn, ids []string) error {
	if !s.factAttrs.Load() {
		return nil
	}
	if err := deleteEach(ctx, c, "a", "FactAttrs", ids); err != nil {
		return fmt.Errorf("delete fact attributes: %w", err)
	}
	return nil
}

// overrideAttrs sets the attributes of rows of factCols to those of
// their FactAttrs rows, where they have one.
func (s *Store) overrideAttrs(ctx context.Context, c *conn, rows []row) error {
	if !s.factAttrs.Load() || len(rows) == 0 {
		return nil
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = str(r[0])
	}
	got, err := lookup(ctx, c, s.lookupLimit(core.ScopeFacts), "a", "FactAttrs", "", "a.uuid, a.attributes", nil, ids)
	if err != nil {
		return fmt.Errorf("read fact attributes: %w", err)
	}
	if len(got) == 0 {
		return nil
	}
	by := make(map[string]any, len(got))
	for _, r := range got {
		by[str(r[0])] = r[1]
	}
	for _, r := range rows {
		if a, ok := by[str(r[0])]; ok {
			r[factAttrsCol] = a
		}
	}
	return nil
}

// foldFactAttrs writes the FactAttrs rows into the Fact table and deletes
// them (a compaction, before it rewrites the database). The database
// means the same before and after, so a crash between the two statements
// loses nothing. It runs on the writer, under ops held for writing.
func (s *Store) foldFactAttrs(ctx context.Context, c *conn) error {
	if !s.factAttrs.Load() {
		return nil
	}
	if err := c.exec(ctx, "MATCH (f:Fact), (a:FactAttrs) WHERE a.uuid = f.uuid SET f.attributes = a.attributes", nil); err != nil {
		return fmt.Errorf("fold fact attributes: %w", err)
	}
	if err := c.exec(ctx, "MATCH (a:FactAttrs) DELETE a", nil); err != nil {
		return fmt.Errorf("fold fact attributes: %w", err)
	}
	return nil
}

// changedAttrs reads every FactAttrs row, fact uuid → attributes (the
// catalog's load), none when the table does not exist.
func changedAttrs(ctx context.Context, c *conn) (map[string]any, error) {
	tables, err := tableNames(ctx, c)
	if err != nil {
		return nil, err
	}
	out := map[string]any{}
	if !tables["FactAttrs"] {
		return out, nil
	}
	err = c.each(ctx, "MATCH (a:FactAttrs) RETURN a.uuid, a.attributes", nil, func(r row) { out[str(r[0])] = r[1] })
	if err != nil {
		return nil, fmt.Errorf("load fact attributes: %w", err)
	}
	return out, nil
}
