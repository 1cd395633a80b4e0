package kuzu

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Provenance.
//
// The episodes that stated a fact are the STATES relationships into it, and
// also, denormalized, the fact's episodes column: their uuids, oldest
// episode (valid_at, then uuid) first. Reads take the column, because in
// Kuzu 0.11.3 any relationship traversal from a looked-up node costs 1 to
// 2 ms, and the UNWIND form scans the table (4 ms at 10,000 facts). The
// relationships stay the graph that deletes and traversals walk; every
// write that adds or removes a STATES relationship updates the column in
// the same transaction (link, deleteObjects; deleting a fact or a group
// deletes the column with the node).

// addProvenance adds episodes to the episodes column of facts of group
// (fact uuid → episode uuids), keeping each list ordered.
//
// A committed list is already in order, and episodes mostly arrive in
// order too: when every added episode sorts after the list's last, the
// list only grows at its end, which the times of the added episodes and
// of that last one decide. Only a list that gains an older episode is
// ordered again whole, from the times of all its episodes. Reading every
// list's times each time (as before) made a fact restated a hundred
// times cost a hundred lookups a restatement, so ingestion slowed as
// the memory grew.
func (s *Store) addProvenance(ctx context.Context, c *conn, p *pending, group string, add map[string][]string) error {
	if len(add) == 0 {
		return nil
	}
	// The committed lists are the catalog's; a fact this transaction
	// created has none yet.
	type growth struct{ cur, more []string }
	grows := map[string]growth{}
	var need []string
	for id, more := range add {
		var cur []string
		if !p.isCreated(core.ScopeFacts, id) {
			f, ok := s.cat.committedFact(id)
			if !ok {
				continue
			}
			cur = f.episodes
		}
		more = slices.DeleteFunc(uniq(more), func(e string) bool { return slices.Contains(cur, e) })
		if len(more) == 0 {
			continue
		}
		grows[id] = growth{cur, more}
		if len(cur)+len(more) > 1 {
			need = append(need, more...)
			if len(cur) > 0 {
				need = append(need, cur[len(cur)-1])
			}
		}
	}
	if len(grows) == 0 {
		return nil
	}
	at, err := s.episodeTimes(ctx, c, group, need)
	if err != nil {
		return err
	}
	lists := make(map[string][]string, len(grows))
	var reorder []string // facts whose lists gain an older episode
	var whole []string   // the episodes of their lists
	for id, g := range grows {
		sortEpisodes(g.more, at)
		lists[id] = append(slices.Clone(g.cur), g.more...)
		if len(g.cur) > 0 && !appends(g.cur[len(g.cur)-1], g.more, at) {
			reorder = append(reorder, id)
			whole = append(whole, lists[id]...)
		}
	}
	if len(reorder) > 0 {
		all, err := s.episodeTimes(ctx, c, group, whole)
		if err != nil {
			return err
		}
		for _, id := range reorder {
			sortEpisodes(lists[id], all)
		}
	}
	return s.setProvenance(ctx, c, p, lists)
}

// appends reports whether the episodes more, in order, all sort after
// last (by valid_at, then uuid) with every time known: a list ending
// with last then only grows at its end.
func appends(last string, more []string, at map[string]time.Time) bool {
	t, ok := at[last]
	if !ok {
		return false
	}
	for _, e := range more {
		if _, ok := at[e]; !ok {
			return false
		}
	}
	first := at[more[0]]
	return first.After(t) || first.Equal(t) && more[0] > last
}

// removeProvenance removes episode from the episodes column of facts.
func (s *Store) removeProvenance(ctx context.Context, c *conn, p *pending, episode string, facts []string) error {
	rows, err := lookup(ctx, c, s.lookupLimit(core.ScopeFacts), "f", "Fact", "", "f.uuid, f.episodes", nil, facts)
	if err != nil {
		return fmt.Errorf("read provenance: %w", err)
	}
	lists := map[string][]string{}
	for _, r := range rows {
		cur := strs(r[1])
		if l := slices.DeleteFunc(slices.Clone(cur), func(e string) bool { return e == episode }); len(l) != len(cur) {
			lists[str(r[0])] = l
		}
	}
	return s.setProvenance(ctx, c, p, lists)
}

// episodeTimes returns the valid_at of episodes of group.
func (s *Store) episodeTimes(ctx context.Context, c *conn, group string, eps []string) (map[string]time.Time, error) {
	rows, err := lookup(ctx, c, s.lookupLimit(core.ScopeEpisodes), "e", "Episode", "", "e.uuid, e.valid_at", nil, keysOf("Episode", []string{group}, uniq(eps)))
	if err != nil {
		return nil, fmt.Errorf("read episode times: %w", err)
	}
	at := make(map[string]time.Time, len(rows))
	for _, r := range rows {
		at[str(r[0])] = tm(r[1])
	}
	return at, nil
}

// sortEpisodes orders episode uuids by valid_at, then uuid.
func sortEpisodes(eps []string, at map[string]time.Time) {
	sort.Slice(eps, func(i, j int) bool {
		a, b := at[eps[i]], at[eps[j]]
		if !a.Equal(b) {
			return a.Before(b)
		}
		return eps[i] < eps[j]
	})
}

// setProvenance writes the episodes column of facts (fact uuid → episode
// uuids); an empty list is written as NULL.
func (s *Store) setProvenance(ctx context.Context, c *conn, p *pending, lists map[string][]string) error {
	var rows, none []any
	p.touch(core.ScopeFacts, keys(lists)...)
	for id, l := range lists {
		if len(l) == 0 {
			none = append(none, map[string]any{"uuid": id})
		} else {
			rows = append(rows, map[string]any{"uuid": id, "eps": l})
		}
	}
	if err := runRows(ctx, c, "clear provenance", "MATCH (f:Fact {uuid: $uuid}) SET f.episodes = NULL", none, "uuid"); err != nil {
		return err
	}
	if len(rows) > s.lookupLimit(core.ScopeFacts) {
		return runBatch(ctx, c, "write provenance", "UNWIND $rows AS r MATCH (f:Fact {uuid: r.uuid}) SET f.episodes = r.eps", rows)
	}
	return runRows(ctx, c, "write provenance", "MATCH (f:Fact {uuid: $uuid}) SET f.episodes = $eps", rows, "uuid", "eps")
}

// fillProvenanceColumn sets the episodes column of every fact from the
// STATES relationships (schema version 1 to 2).
func fillProvenanceColumn(ctx context.Context, c *conn) error {
	rows, err := c.query(ctx, "MATCH (e:Episode)-[:STATES]->(f:Fact) RETURN f.uuid, e.uuid, e.valid_at", nil)
	if err != nil {
		return fmt.Errorf("read provenance: %w", err)
	}
	lists := map[string][]string{}
	at := map[string]time.Time{}
	for _, r := range rows {
		lists[str(r[0])] = append(lists[str(r[0])], str(r[1]))
		at[str(r[1])] = tm(r[2])
	}
	batch := make([]any, 0, 1000)
	flush := func() error {
		err := runBatch(ctx, c, "write provenance", "UNWIND $rows AS r MATCH (f:Fact {uuid: r.uuid}) SET f.episodes = r.eps", batch)
		batch = batch[:0]
		return err
	}
	for id, l := range lists {
		sortEpisodes(l, at)
		batch = append(batch, map[string]any{"uuid": id, "eps": l})
		if len(batch) == cap(batch) {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}
