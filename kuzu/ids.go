package kuzu

import (
	"context"
	"fmt"
	"maps"

	"github.com/mnemohq/mnemo/core"
)

// Looking objects up by uuid.
//
// Kuzu 0.11.3 runs "MATCH (x:T) WHERE x.uuid IN $ids" as a scan of the
// whole table that tests every row against the list, which costs
// rows × ids: measured on 10,000 facts, 20 ids take 6 ms and 5,000 ids
// 650 ms, and both grow with the table. "UNWIND $ids AS id MATCH (x:T
// {uuid: id})" is planned as a hash join of the list with the table: it
// does not test every row against every id, but still scans the table and
// every column it returns, so even 10 ids cost 4.7 ms at 10,000 facts. Only a statement with one uuid,
// "MATCH (x:T {uuid: $id})", is a real primary-key lookup, about 0.3 ms
// whatever the table's size. Reads of a few ids (see lookupLimit) therefore
// run one prepared lookup per id (lookup); longer lists and writes go
// through byUUID. The few IN tests left filter small results (a path's far
// end, invalidated_by), not whole tables by key.

// lookupLimit is the longest list of ids that lookup reads one id at a
// time from the table of sc. A lookup costs about 0.2 ms whatever the
// table's size, the byUUID join about 0.5 ms per 1,000 rows when it
// returns every column (measured on a store of 10,000 facts, 5,000
// episodes and 2,500 entities: the per-id reads win up to about 20 facts,
// 10 episodes or 5 entities). The table's size is estimated from its
// vector count: when objects lack embeddings the estimate is low and the
// join, never slower than before, is kept.
//
// Embeddings are read one id at a time up to 64 ids whatever the table's
// size: the join over a vector table costs 20 ms at 10,000 vectors.
func (s *Store) lookupLimit(sc core.Scope) int {
	_, total := s.cat.counts(sc, nil)
	return min(max(total/400, 4), vecLookupLimit)
}

// vecLookupLimit is lookupLimit for the vector tables.
const vecLookupLimit = 64

// byUUID returns the clause binding alias to the nodes of table whose
// primary key (the uuid, or for a table keyed by group and uuid the key,
// see keysOf) is in the list parameter param, through the primary-key
// index. pattern,
// when not empty, extends the match from the node, e.g. "<-[:STATES]-(e:Episode)".
// The list must hold no repeats (see uniq), or rows repeat.
func byUUID(alias, table, param, pattern string) string {
	return fmt.Sprintf("UNWIND $%s AS %s_id MATCH (%s:%s {%s: %s_id})%s", param, alias, alias, table, pkCol(table), alias, pattern)
}

// lookup returns the rows of "MATCH (alias:table) WHERE alias.uuid in ids
// AND cond RETURN cols" (ids are keys for a table keyed by group and uuid,
// see keysOf), cond having the parameters params (which must not
// name id or ids). Up to limit ids (see lookupLimit), it runs one prepared primary-key
// lookup per id, so rows come in the order of ids; beyond, one byUUID
// statement, in no particular order. Repeated and empty ids are dropped;
// ids that match nothing give no row.
func lookup(ctx context.Context, c *conn, limit int, alias, table, cond, cols string, params map[string]any, ids []string) ([]row, error) {
	ids = uniq(ids)
	if len(ids) == 0 {
		return nil, nil
	}
	if cond == "" {
		cond = "true"
	}
	p := maps.Clone(params)
	if p == nil {
		p = map[string]any{}
	}
	if len(ids) > limit {
		p["ids"] = ids
		return c.query(ctx, byUUID(alias, table, "ids", "")+" WHERE "+cond+" RETURN "+cols, p)
	}
	stmt := fmt.Sprintf("MATCH (%s:%s {%s: $id}) WHERE %s RETURN %s", alias, table, pkCol(table), cond, cols)
	var out []row
	for _, id := range ids {
		p["id"] = id
		rows, err := c.query(ctx, stmt, p)
		if err != nil {
			return nil, err
		}
		out = append(out, rows...)
	}
	return out, nil
}

// uniq returns ids without repeats or empty ids, in first-seen order.
func uniq(ids []string) []string {
	out := make([]string, 0, len(ids))
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// passing returns which of ids, ranked best first, are objects of table
// (in groups, for a table keyed by group and uuid) that pass cond, checking no more of them than it needs to find need:
// per-id lookups cost in proportion to the ids checked, so it checks the
// best need first and then only as many more as are still missing. A list
// too long for per-id lookups is checked at once by lookup's join.
func passing(ctx context.Context, c *conn, limit int, alias, table, cond string, params map[string]any, groups, ids []string, need int) (map[string]bool, error) {
	ok := make(map[string]bool, min(len(ids), need))
	if len(ids) > limit {
		need = len(ids)
	}
	for lo := 0; lo < len(ids) && len(ok) < need; {
		hi := min(len(ids), lo+need-len(ok))
		if len(ids) > limit {
			hi = len(ids)
		}
		rows, err := lookup(ctx, c, limit, alias, table, cond, alias+".uuid", params, keysOf(table, groups, ids[lo:hi]))
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			ok[str(r[0])] = true
		}
		lo = hi
	}
	return ok, nil
}

// writeLookupLimit is lookup's limit on the write path, where the table's
// size is not at hand: up to 8 ids cost at most about 2 ms by primary key
// however large the table, while the join's cost grows with it.
const writeLookupLimit = 8

// deleteEach deletes the nodes of table with the given uuids: one
// primary-key statement per id for a short list, else one join over it.
func deleteEach(ctx context.Context, c *conn, alias, table string, ids []string) error {
	ids = uniq(ids)
	if len(ids) == 0 {
		return nil
	}
	if len(ids) > writeLookupLimit {
		return c.exec(ctx, byUUID(alias, table, "ids", "")+" DELETE "+alias, map[string]any{"ids": ids})
	}
	stmt := fmt.Sprintf("MATCH (%s:%s {%s: $id}) DELETE %s", alias, table, pkCol(table), alias)
	for _, id := range ids {
		if err := c.exec(ctx, stmt, map[string]any{"id": id}); err != nil {
			return err
		}
	}
	return nil
}
