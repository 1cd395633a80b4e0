package kuzu

import "fmt"

// Looking objects up by uuid.
//
// Kuzu 0.11.3 runs "MATCH (x:T) WHERE x.uuid IN $ids" as a scan of the
// whole table that tests every row against the list, which costs
// rows × ids: measured on 10,000 facts, 20 ids take 6 ms and 5,000 ids
// 650 ms, and both grow with the table. "UNWIND $ids AS id MATCH (x:T
// {uuid: id})" looks each id up in the primary-key index instead: 4 ms and
// 6 ms, whatever the table's size. Lookups by a list of uuids go through
// byUUID; the few IN tests left filter small results (a path's far end,
// invalidated_by), not whole tables by key.

// byUUID returns the clause binding alias to the nodes of table whose uuid
// is in the list parameter param, through the primary-key index. pattern,
// when not empty, extends the match from the node, e.g. "<-[:STATES]-(e:Episode)".
// The list must hold no repeats (see uniq), or rows repeat.
func byUUID(alias, table, param, pattern string) string {
	return fmt.Sprintf("UNWIND $%s AS %s_id MATCH (%s:%s {uuid: %s_id})%s", param, alias, alias, table, alias, pattern)
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
