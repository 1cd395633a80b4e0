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
// The episodes that stated a fact are the STATES relationships into it:
// every write that adds or removes one keeps the fact's list of episodes,
// oldest (valid_at, then uuid) first, in the catalog (link,
// deleteObjects; deleting a fact or a group deletes its relationships
// with the node), and every read of a fact takes its list from there
// (withLists), because in Kuzu 0.11.3 any relationship traversal from a
// looked-up node costs 1 to 2 ms, and the UNWIND form scans the table.
// Opening the store builds the lists from the relationships, in one scan
// (catalog.loadLists).
//
// The lists used to be a column of the Fact table too, set at each
// restatement. An update of a list column in place makes Kuzu's next
// checkpoint rewrite the column whole, and the join that set a batch of
// them scans the table: at 45,000 episodes of bench-soak the statement
// took 28 ms where it took 7 at 5,000, and the checkpoints, which also
// wrote the column's new pages into the growing file, 1.06 s where they
// took 0.57. So the column keeps what older versions wrote and what an
// import copies, and nothing reads it but the migrations and the read-back
// of an import's new facts (withLists).

// addProvenance adds episodes to the lists of episodes of facts of group
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
		cur, ok := s.listOf(p, id)
		if !ok {
			continue
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
	at, err := s.episodeTimes(ctx, c, p, group, need)
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
		all, err := s.episodeTimes(ctx, c, p, group, whole)
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

// removeProvenance removes episode from the lists of episodes of facts.
func (s *Store) removeProvenance(ctx context.Context, c *conn, p *pending, episode string, facts []string) error {
	lists := map[string][]string{}
	for _, id := range uniq(facts) {
		cur, ok := s.listOf(p, id)
		if !ok {
			continue
		}
		if l := slices.DeleteFunc(slices.Clone(cur), func(e string) bool { return e == episode }); len(l) != len(cur) {
			lists[id] = l
		}
	}
	return s.setProvenance(ctx, c, p, lists)
}

// listOf returns the list of episodes of fact id as this transaction
// leaves it so far: the list it set, none for a fact it created, else
// the committed one. ok is false for a fact that is neither created nor
// committed.
func (s *Store) listOf(p *pending, id string) (list []string, ok bool) {
	if l, ok := p.lists[id]; ok {
		return l, true
	}
	if p.isCreated(core.ScopeFacts, id) {
		return nil, true
	}
	f, ok := s.cat.committedFact(id)
	if !ok {
		return nil, false
	}
	return f.episodes, true
}

// episodeTimes returns the valid_at of episodes of group: those this
// transaction created from its pending, the committed ones from the
// timeline (an episode's valid_at never changes), any other from Kuzu. A
// statement that joins a batch's episodes with the table scans it: 8 ms
// a batch at 45,000 episodes of bench-soak, 2 at 5,000.
func (s *Store) episodeTimes(ctx context.Context, c *conn, p *pending, group string, eps []string) (map[string]time.Time, error) {
	eps = uniq(eps)
	at := make(map[string]time.Time, len(eps))
	for _, ch := range p.timeline {
		if ch.group == group && ch.row != nil && !ch.update {
			at[ch.e.uuid] = fromMicro(ch.e.at)
		}
	}
	var ask []string
	s.timeline.mu.RLock()
	rows := s.timeline.rows[group]
	for _, e := range eps {
		if _, ok := at[e]; ok {
			continue
		}
		if r, ok := rows[e]; ok {
			at[e] = fromMicro(r.validAt)
		} else {
			ask = append(ask, e)
		}
	}
	s.timeline.mu.RUnlock()
	if len(ask) == 0 {
		return at, nil
	}
	found, err := lookup(ctx, c, s.lookupLimit(core.ScopeEpisodes), "e", "Episode", "", "e.uuid, e.valid_at", nil, keysOf("Episode", []string{group}, ask))
	if err != nil {
		return nil, fmt.Errorf("read episode times: %w", err)
	}
	for _, r := range found {
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

// setProvenance records the lists of episodes of facts (fact uuid →
// episode uuids) as this transaction leaves them, for the catalog to
// publish after the commit; nothing is written to Kuzu, whose STATES
// relationships the caller writes. A fact whose list is all that changed
// is not read back (readTouched): its row is the catalog's with the new
// list (catalog.apply). A re-stated fact is the common case of a memory
// that grows, and reading it back cost a lookup per fact.
func (s *Store) setProvenance(_ context.Context, _ *conn, p *pending, lists map[string][]string) error {
	if len(lists) == 0 {
		return nil
	}
	if p.lists == nil {
		p.lists = map[string][]string{}
	}
	for id, l := range lists {
		p.lists[id] = l
	}
	return nil
}

// withLists sets the episodes of rows of factCols read back in
// transaction p (nil outside one) to the lists p set, else to the
// catalog's, for the facts it holds; the column, which older versions
// kept, is left for the others (a fact created by an import).
func (s *Store) withLists(p *pending, rows []row) {
	for _, r := range rows {
		id := str(r[0])
		if p != nil {
			if l, ok := p.lists[id]; ok {
				r[factEpisodesCol] = anyList(l)
				continue
			}
			if p.isCreated(core.ScopeFacts, id) {
				continue
			}
		}
		if f, ok := s.cat.committedFact(id); ok {
			r[factEpisodesCol] = anyList(f.episodes)
		}
	}
}

// factEpisodesCol is the position of the episodes in a row of factCols.
const factEpisodesCol = 13

// anyList returns l as Kuzu returns a list: []any, nil when empty.
func anyList(l []string) any {
	if len(l) == 0 {
		return nil
	}
	out := make([]any, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
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
