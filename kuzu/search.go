package kuzu

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// Group isolation without lost recall.
//
// Kuzu's HNSW and full-text indexes span all groups. Filtering an index
// search by group after its top-k cut would lose results (and a filtered
// index search through PROJECT_GRAPH takes Kuzu's single write lock, which
// would queue every search behind ingestion). So each search picks a path:
//
//   - exact: when the searched groups hold few vectors (ExactSearchBelow) or
//     are a small share of the index, score every vector of the groups (or
//     every full-text match) and cut after filtering. Exact by construction.
//   - index: otherwise ask the index for k' = k / share × 2 results, keep
//     those of the groups that pass the filter, and double k' while the
//     page is not full and the index had more to give; past a bound, fall
//     back to exact.
//
// Either way the page holds the best results of the requested groups that
// pass the filter, never another group's.

const maxOverFetch = 4096

// searchBreadth is the beam (Kuzu's efs) of an HNSW query for kk
// neighbours. Kuzu's default is 200 whatever kk, and the beam is most of
// the query's cost; twice the neighbours asked for, at least 64, keeps
// the recall TestIndexRecall holds the index path to (0.987 of the exact
// top 10 there; 0.860 with a beam of kk alone). A search that needs more
// over-fetches (VectorSearch doubles kk), which widens the beam with it.
func searchBreadth(kk int) int { return max(2*kk, minSearchBreadth) }

// minSearchBreadth is searchBreadth's floor.
const minSearchBreadth = 64

// alias names the object of each scope in queries.
func alias(sc core.Scope) string {
	return map[core.Scope]string{core.ScopeFacts: "f", core.ScopeEntities: "n", core.ScopeEpisodes: "e", core.ScopeCommunities: "c"}[sc]
}

// VectorSearch implements core.Searcher.
func (s *Store) VectorSearch(ctx context.Context, q core.SearchQuery) ([]core.Hit, error) {
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	if err := s.checkVec("query vector", q.Vector); err != nil {
		return nil, err
	}
	inGroups, total := s.cat.counts(q.Scope, q.Groups)
	if inGroups == 0 {
		// The count is a hint; confirm before answering empty.
		inGroups = 1
	}
	var hits []core.Hit
	err := s.read(ctx, func(c *conn) error {
		if !s.hasTables(q.Scope) {
			return nil // no community was ever written
		}
		var err error
		mem := s.readyIndex(q.Scope)
		kk := max(q.Limit*total/inGroups*2, q.Limit+16)
		if d := s.firstDepth(q, inGroups); d > 0 {
			kk = max(kk, d*total/inGroups)
		}
		if mem != nil && s.fewCurrent(q, kk) {
			hits = s.vectorCurrent(q, mem)
			return nil
		}
		if mem == nil && !s.hasIndex(q.Scope) || inGroups <= s.opts.ExactSearchBelow || inGroups*20 < total {
			hits, err = s.vectorExact(ctx, c, q, inGroups)
			return err
		}
		for kk <= maxOverFetch {
			var raw int
			hits, raw, err = s.vectorIndex(ctx, c, q, kk, mem)
			if err != nil || len(hits) >= q.Limit || raw < kk {
				return err
			}
			kk *= 2
		}
		s.log.Debug("vector search fell back to exact", "scope", q.Scope, "groups", q.Groups)
		hits, err = s.vectorExact(ctx, c, q, inGroups)
		return err
	})
	return hits, err
}

// vectorExact scores every vector of the groups. It ranks on the vector
// table alone and keeps the best m that pass the filter, m first as deep
// as the groups' share of current objects needs (firstDepth), then deeper while
// filtered-out objects leave the page short (deeper), each round reading
// only the rows after the previous one's. The catalog decides the
// filter when it can: a vector row exists exactly as long as its object
// (both go in one transaction), so the ranking needs no join. Otherwise
// the best m are joined to their objects and filtered in Kuzu.
func (s *Store) vectorExact(ctx context.Context, c *conn, q core.SearchQuery, inGroups int) ([]core.Hit, error) {
	inMemory := simple(q.Scope, q.Filter)
	w := newWhereNamed("v")
	w.groups("v", q.Groups)
	params := w.merge(map[string]any{"q": vecParam(q.Vector), "min": q.MinScore})
	a := alias(q.Scope)
	fw := newWhere()
	if !inMemory {
		fw.groups(a, q.Groups)
		fw.filter(q.Scope, a, q.Filter)
		params = fw.merge(params)
	}
	m0 := max(q.Limit*4, 64)
	if inMemory {
		m0 = max(m0, s.firstDepth(q, inGroups))
	}
	var hits []core.Hit
	// ranked is how deep the rounds so far went; last is the final row of
	// the previous round, after which the next round continues.
	ranked, last := 0, rankedRow{}
	for m := m0; ; m = deeper(m, len(hits), q.Limit) {
		s.stats.exactRanks.Add(1)
		if !inMemory {
			stmt := fmt.Sprintf(`MATCH (v:%s) WHERE %s
			WITH v.%s AS pk, v.uuid AS id, array_cosine_similarity(v.vec, CAST($q AS FLOAT[%d])) AS score
			ORDER BY score DESC LIMIT %d WHERE score >= $min MATCH (%s:%s {%s: pk}) WHERE %s
			RETURN id, score ORDER BY score DESC, id LIMIT %d`, vecTable(q.Scope), w, pkCol(vecTable(q.Scope)), s.dim, m,
				a, nodeTable(q.Scope), pkCol(nodeTable(q.Scope)), fw, q.Limit)
			rows, err := c.query(ctx, stmt, params)
			if err != nil {
				return nil, fmt.Errorf("vector search %s: %w", q.Scope, err)
			}
			if hits = hitsOf(rows); len(hits) >= q.Limit || m >= inGroups || m > 1<<22 {
				return hits, nil
			}
			continue
		}
		// Offsets, which the catalog maps to objects, and scores as
		// integers (scoreUnit), all read in one call (conn.ints): a deep
		// ranking (an evolved memory's, mostly archived) returns hundreds
		// of rows, which cost more read one by one than the scan. A round
		// after the first returns only the rows after the last one seen,
		// in the same order.
		after := ""
		if ranked > 0 {
			after = "WHERE s < $last OR s = $last AND o > $lastOff "
			params["last"], params["lastOff"] = last.s, last.offset
		}
		stmt := fmt.Sprintf(`MATCH (v:%s) WHERE %s
		WITH offset(id(v)) AS o, array_cosine_similarity(v.vec, CAST($q AS FLOAT[%d])) AS score WHERE score >= $min
		WITH o, CAST(score * %d.0 AS INT64) AS s %sRETURN o, s ORDER BY s DESC, o LIMIT %d`, vecTable(q.Scope), w, s.dim, scoreUnit, after, m-ranked)
		rows, err := c.ints(ctx, stmt, params)
		if err != nil {
			return nil, fmt.Errorf("vector search %s: %w", q.Scope, err)
		}
		s.stats.exactRows.Add(int64(len(rows)))
		found := make([]offsetHit, len(rows))
		for i, r := range rows {
			found[i] = offsetHit{r[0], float64(r[1]) / scoreUnit}
		}
		if len(rows) > 0 {
			last = rankedRow{offset: rows[len(rows)-1][0], s: rows[len(rows)-1][1]}
		}
		ids, score := s.cat.resolve(q.Scope, q.Groups, found)
		ok := s.cat.passing(q.Scope, ids, q.Filter, len(ids))
		prev := hits // fewer than a page
		for _, id := range ids {
			// An object written again between rounds has a new row
			// further on: it is kept once, at its first score.
			if ok[id] && !slices.ContainsFunc(prev, func(h core.Hit) bool { return h.UUID == id }) {
				hits = append(hits, core.Hit{UUID: id, Score: score[id]})
			}
		}
		sortHits(hits)
		// Fewer rows than asked means every vector was scored.
		if len(hits) >= q.Limit || len(rows) < m-ranked || m >= inGroups || m > 1<<22 {
			return hits[:min(len(hits), q.Limit)], nil
		}
		ranked = m
	}
}

// scoreUnit is the step of the integer scores vectorExact ranks by: 2^40,
// so that a similarity at least 2^-16 from zero keeps every bit of its
// float32 value, and ties below that step go to the lower offset.
const scoreUnit = 1 << 40

// rankedRow is the last row of a round of vectorExact: its offset and
// integer score.
type rankedRow struct{ offset, s int64 }

// firstDepth returns how many vectors of the groups a search must rank
// to expect a page and half again that its filter keeps, at the share of
// the groups' objects the catalog counts as current (a search of the
// present keeps no more, nor a filter that narrows it); 0 when it cannot
// tell or every object is current. When none is, it is every vector of
// the groups: one round, whose page the catalog then confirms empty.
//
// Without it a store of mostly superseded facts (a long-lived memory
// restates the same facts: 790 of 9,737 were current after 15,000 soak
// episodes) ranked the groups again and again, doubling the depth each
// time, up to seven rounds and 76 ms where one takes 7. A page and half
// again is what deeper asks of the share kept near the query. Scaling the
// default depth by the share instead, as before, ranked an evolved memory
// (121 of 715 facts active, the others archived) five times deeper than
// its page needed, for 1.45 times the search time of the same memory
// unevolved at p95 (make bench-evolve); the default depth alone came up
// short for one question of that workload, whose neighbours were mostly
// archived chatter, and ranked twice.
func (s *Store) firstDepth(q core.SearchQuery, inGroups int) int {
	if !narrowsNow(q.Filter) {
		return 0
	}
	cur, ok := s.cat.currentIn(q.Scope, q.Groups)
	if !ok || cur >= inGroups {
		return 0
	}
	if cur == 0 {
		return inGroups + 1
	}
	return min(q.Limit*3*inGroups/(2*cur), inGroups+1)
}

// fewCurrent reports whether a search of the present (see narrowsNow) is
// cheaper scoring every current vector of its groups than asking the
// index for kk neighbours: an HNSW query costs about its beam (2kk) times
// the 32 neighbours of a node in similarities, so up to 16kk current
// vectors (Options.ScoreCurrentPer) are scored, which the catalog
// lists (a long-lived memory holds mostly superseded facts: 790
// current of 30,939 after 50,000 soak episodes, where the index path
// asked for 1,175 neighbours).
func (s *Store) fewCurrent(q core.SearchQuery, kk int) bool {
	if !narrowsNow(q.Filter) {
		return false
	}
	if s.opts.ScoreCurrentPer < 0 {
		return false
	}
	cur, ok := s.cat.currentIn(q.Scope, q.Groups)
	return ok && cur <= s.opts.ScoreCurrentPer*kk
}

// vectorCurrent scores the vectors of the current objects of q's groups,
// in memory: in the index v, or still queued for it (every committed
// vector is in one or the other), and keeps the best that pass q's
// filter. Exact by construction: a search of the present keeps no other
// object.
func (s *Store) vectorCurrent(q core.SearchQuery, v *vecIndex) []core.Hit {
	s.stats.currentRanks.Add(1)
	offs, ids := s.cat.currentVectors(q.Scope, q.Groups)
	id := make(map[int64]string, len(offs))
	for i, o := range offs {
		id[o] = ids[i]
	}
	hits := make([]core.Hit, 0, len(offs))
	for _, ch := range v.queued() {
		if u, ok := id[ch.offset]; ok && ch.vec != nil {
			if sc := core.Cosine(q.Vector, ch.vec); sc >= q.MinScore {
				hits = append(hits, core.Hit{UUID: u, Score: sc})
			}
			delete(id, ch.offset)
		}
	}
	rest := make([]int64, 0, len(id))
	for o := range id {
		rest = append(rest, o)
	}
	for _, h := range v.ix.Score(q.Vector, rest) {
		if h.Score >= q.MinScore {
			hits = append(hits, core.Hit{UUID: id[h.Key], Score: h.Score})
		}
	}
	sortHits(hits)
	order := make([]string, len(hits))
	for i, h := range hits {
		order[i] = h.UUID
	}
	ok := s.cat.passing(q.Scope, order, q.Filter, q.Limit)
	hits = slices.DeleteFunc(hits, func(h core.Hit) bool { return !ok[h.UUID] })
	return hits[:min(len(hits), q.Limit)]
}

// deeper returns how many vectors to rank after a round that ranked m and
// kept got of them, short of a page of limit: as many as that round's
// share of kept ones needs for a page and half again, at least twice m.
// The share near the query is what counts: superseded facts sit next to
// the fact that replaced them, so near a much restated fact far fewer
// pass than in the groups as a whole.
func deeper(m, got, limit int) int {
	if got == 0 {
		return m * 8
	}
	return max(2*m, m*limit*3/(2*got))
}

// sortHits orders hits best first, ties by uuid.
func sortHits(hits []core.Hit) {
	slices.SortFunc(hits, func(x, y core.Hit) int {
		if c := cmp.Compare(y.Score, x.Score); c != 0 {
			return c
		}
		return cmp.Compare(x.UUID, y.UUID)
	})
}

// vectorIndex asks the HNSW index, mem's when not nil, else Kuzu's, for kk
// neighbours and keeps those of the groups that pass the filter. raw is
// how many the index returned. Either index returns the neighbours'
// offsets, which the catalog maps to objects and groups: returning a
// property of the nodes would make Kuzu scan the whole vector table. A
// filter the catalog cannot decide is checked against the object table one
// neighbour at a time, best first (a join would scan that table too).
func (s *Store) vectorIndex(ctx context.Context, c *conn, q core.SearchQuery, kk int, mem *vecIndex) ([]core.Hit, int, error) {
	var found []offsetHit
	raw := 0
	if mem != nil {
		found, raw = s.vectorANN(mem, q, kk)
	} else {
		stmt := fmt.Sprintf("CALL QUERY_VECTOR_INDEX('%s', '%s', $q, %d, efs := %d) RETURN offset(id(node)), 1.0 - distance", vecTable(q.Scope), vectorIndex[q.Scope], kk, searchBreadth(kk))
		rows, err := c.query(ctx, stmt, map[string]any{"q": q.Vector})
		if err != nil {
			return nil, 0, fmt.Errorf("vector index search %s: %w", q.Scope, err)
		}
		raw = len(rows)
		found = make([]offsetHit, 0, len(rows))
		for _, r := range rows {
			if sc := f64(r[1]); sc >= q.MinScore {
				found = append(found, offsetHit{i64(r[0]), sc})
			}
		}
	}
	slices.SortStableFunc(found, func(x, y offsetHit) int { return cmp.Compare(y.score, x.score) })
	ids, score := s.cat.resolve(q.Scope, q.Groups, found)
	ok, err := s.passing(ctx, c, q, ids, q.Limit)
	if err != nil {
		return nil, 0, fmt.Errorf("vector index search %s: %w", q.Scope, err)
	}
	hits := make([]core.Hit, 0, len(ok))
	for id := range ok {
		hits = append(hits, core.Hit{UUID: id, Score: score[id]})
	}
	sortHits(hits)
	return hits[:min(len(hits), q.Limit)], raw, nil
}

// passing returns which of ids, objects of q's groups ranked best first,
// pass q's filter, checking no more of them than it needs to find need: in
// memory when the catalog can decide the filter, else in Kuzu (passing). c
// may be nil when the catalog decides.
func (s *Store) passing(ctx context.Context, c *conn, q core.SearchQuery, ids []string, need int) (map[string]bool, error) {
	if simple(q.Scope, q.Filter) {
		return s.cat.passing(q.Scope, ids, q.Filter, need), nil
	}
	a := alias(q.Scope)
	fw := newWhere()
	fw.groups(a, q.Groups)
	fw.filter(q.Scope, a, q.Filter)
	return passing(ctx, c, s.lookupLimit(q.Scope), a, nodeTable(q.Scope), fw.String(), fw.merge(map[string]any{}), q.Groups, ids, need)
}

func hitsOf(rows []row) []core.Hit {
	hits := make([]core.Hit, len(rows))
	for i, r := range rows {
		hits[i] = core.Hit{UUID: str(r[0]), Score: f64(r[1])}
	}
	return hits
}

// maxQueryWords bounds a full-text query; longer queries keep their first
// words.
const maxQueryWords = 128

// TextSearch implements core.Searcher with BM25 over the group's own
// statistics (see textindex.go). The index ranks; Kuzu then keeps the
// ranked objects that exist in the groups and pass the filter, and the
// window widens until the page is full or the matches run out.
func (s *Store) TextSearch(ctx context.Context, q core.SearchQuery) ([]core.Hit, error) {
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	words := strings.Fields(q.Text)
	if len(words) == 0 {
		return nil, nil
	}
	if len(words) > maxQueryWords {
		words = words[:maxQueryWords]
	}
	text := strings.Join(words, " ")
	var hits []core.Hit
	search := func(c *conn) error {
		// checked holds the ids already checked, with their answer, so a
		// wider window checks only what it adds.
		checked := map[string]bool{}
		for n := q.Limit * 2; ; n *= 4 {
			ranked, more := s.text[q.Scope].Top(q.Groups, text, n)
			if len(ranked) == 0 {
				return nil
			}
			var ids []string
			found := 0
			for _, h := range ranked {
				if pass, seen := checked[h.ID]; seen {
					if pass {
						found++
					}
				} else if h.Score >= q.MinScore {
					ids = append(ids, h.ID)
				}
			}
			ok, err := s.passing(ctx, c, q, ids, q.Limit-found)
			if err != nil {
				return fmt.Errorf("text search %s: %w", q.Scope, err)
			}
			if found+len(ok) < q.Limit {
				// passing checked every id it was given.
				for _, id := range ids {
					checked[id] = ok[id]
				}
			}
			for id := range ok {
				checked[id] = true
			}
			hits = hits[:0]
			for _, h := range ranked {
				if checked[h.ID] && h.Score >= q.MinScore {
					hits = append(hits, core.Hit{UUID: h.ID, Score: h.Score})
					if len(hits) == q.Limit {
						return nil
					}
				}
			}
			if !more {
				return nil
			}
		}
	}
	var err error
	if simple(q.Scope, q.Filter) {
		// The text index and the catalog decide: no Kuzu statement.
		err = s.inMemory(func() error { return search(nil) })
	} else {
		err = s.read(ctx, search)
	}
	return hits, err
}

// Traverse implements core.Searcher.
func (s *Store) Traverse(ctx context.Context, q core.TraverseQuery) ([]core.Hit, error) {
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	if len(q.Seeds) == 0 {
		return nil, nil
	}
	var hits []core.Hit
	err := s.read(ctx, func(c *conn) error {
		seeds, err := seedEntities(ctx, c, q.Groups, q.Seeds)
		if err != nil {
			return err
		}
		dist := map[string]int{}
		switch q.Scope {
		case core.ScopeEntities:
			if err := bfs(ctx, c, q, seeds, "Entity", 2*q.Depth, func(n int) int { return n / 2 }, dist); err != nil {
				return err
			}
			// The entities an episode seed mentions are hits too, when
			// they pass the filter.
			var mentioned []string
			for id, d := range seeds {
				if d > 0 {
					mentioned = append(mentioned, id)
				}
			}
			ok := s.cat.passing(core.ScopeEntities, mentioned, q.Filter, len(mentioned))
			for _, id := range mentioned {
				if d := seeds[id]; ok[id] && (dist[id] == 0 || d < dist[id]) {
					dist[id] = d
				}
			}
		case core.ScopeFacts:
			if err := bfs(ctx, c, q, seeds, "Fact", 2*q.Depth-1, func(n int) int { return (n + 1) / 2 }, dist); err != nil {
				return err
			}
		case core.ScopeEpisodes, core.ScopeCommunities:
			// Objects attached to the entities within Depth-1 hops.
			near := map[string]int{}
			for id, d := range seeds {
				near[id] = d
			}
			if q.Depth > 1 {
				sub := q
				sub.Scope, sub.Filter = core.ScopeEntities, core.Filter{}
				if err := bfs(ctx, c, sub, seeds, "Entity", 2*(q.Depth-1), func(n int) int { return n / 2 }, near); err != nil {
					return err
				}
			}
			if q.Scope == core.ScopeCommunities && !s.communities.Load() {
				break // no community was ever written
			}
			if err := attached(ctx, c, q, near, dist); err != nil {
				return err
			}
		}
		if q.Scope == core.ScopeEntities || q.Scope == core.ScopeFacts {
			// The walk applied the filter in Kuzu; the catalog adds what
			// a merge hides, before the cut.
			ok := s.cat.passing(q.Scope, keys(dist), q.Filter, len(dist))
			maps.DeleteFunc(dist, func(id string, _ int) bool { return !ok[id] })
		}
		hits = make([]core.Hit, 0, len(dist))
		for id, d := range dist {
			if d > 0 && d <= q.Depth+1 {
				hits = append(hits, core.Hit{UUID: id, Distance: d, Score: 1 / float64(d)})
			}
		}
		sort.Slice(hits, func(i, j int) bool {
			if hits[i].Distance != hits[j].Distance {
				return hits[i].Distance < hits[j].Distance
			}
			return hits[i].UUID < hits[j].UUID
		})
		if len(hits) > q.Limit {
			hits = hits[:q.Limit]
		}
		return nil
	})
	return hits, err
}

// seedEntities maps seeds to entity uuids with a base distance: an entity
// seed is at 0, the entities an episode seed mentions at 1. Seeds of other
// groups are ignored.
func seedEntities(ctx context.Context, c *conn, groups, seeds []string) (map[string]int, error) {
	w := newWhere()
	w.groups("n", groups)
	out := map[string]int{}
	rows, err := c.query(ctx, byUUID("n", "Entity", "ids", "")+" WHERE "+w.String()+" RETURN n.uuid", w.merge(map[string]any{"ids": uniq(seeds)}))
	if err != nil {
		return nil, fmt.Errorf("read seed entities: %w", err)
	}
	for _, r := range rows {
		out[str(r[0])] = 0
	}
	ew := newWhere()
	ew.groups("e", groups)
	rows, err = c.query(ctx, byUUID("e", "Episode", "ids", "-[:MENTIONS]->(n:Entity)")+" WHERE "+ew.String()+" RETURN DISTINCT n.uuid", ew.merge(map[string]any{"ids": keysOf("Episode", groups, uniq(seeds))}))
	if err != nil {
		return nil, fmt.Errorf("read seed episodes: %w", err)
	}
	for _, r := range rows {
		if _, ok := out[str(r[0])]; !ok {
			out[str(r[0])] = 1
		}
	}
	return out, nil
}

// bfs finds the nodes of table within maxLen physical hops of the seeds
// (a fact hop is two: entity → fact → entity) and records the smallest
// logical distance (seed base + hops(len)) in dist.
func bfs(ctx context.Context, c *conn, q core.TraverseQuery, seeds map[string]int, table string, maxLen int, hops func(int) int, dist map[string]int) error {
	if len(seeds) == 0 || maxLen < 1 {
		return nil
	}
	a := "x"
	fw := newWhere()
	fw.groups(a, q.Groups)
	if table == "Fact" {
		fw.filter(core.ScopeFacts, a, q.Filter)
	} else {
		fw.filter(core.ScopeEntities, a, q.Filter)
	}
	stmt := fmt.Sprintf(`MATCH p = (s:Entity)-[:RELATES_TO* SHORTEST 1..%d]-(%s:%s)
		WHERE s.uuid IN $seeds AND %s
		RETURN s.uuid, %s.uuid, length(p)`, maxLen, a, table, fw, a)
	rows, err := c.query(ctx, stmt, fw.merge(map[string]any{"seeds": keys(seeds)}))
	if err != nil {
		return fmt.Errorf("traverse: %w", err)
	}
	for _, r := range rows {
		id := str(r[1])
		d := seeds[str(r[0])] + hops(int(i64(r[2])))
		if old, ok := dist[id]; !ok || d < old {
			dist[id] = d
		}
	}
	return nil
}

// attached records the episodes mentioning, or the communities holding, the
// entities of near, one hop further than the entity.
func attached(ctx context.Context, c *conn, q core.TraverseQuery, near map[string]int, dist map[string]int) error {
	if len(near) == 0 {
		return nil
	}
	a := alias(q.Scope)
	fw := newWhere()
	fw.groups(a, q.Groups)
	fw.filter(q.Scope, a, q.Filter)
	var stmt string
	if q.Scope == core.ScopeEpisodes {
		stmt = byUUID("n", "Entity", "ids", "<-[:MENTIONS]-(e:Episode)") + " WHERE " + fw.String() + " RETURN n.uuid, e.uuid"
	} else {
		stmt = byUUID("n", "Entity", "ids", "<-[:HAS_MEMBER]-(c:Community)") + " WHERE " + fw.String() + " RETURN n.uuid, c.uuid"
	}
	rows, err := c.query(ctx, stmt, fw.merge(map[string]any{"ids": keys(near)}))
	if err != nil {
		return fmt.Errorf("traverse to %s: %w", q.Scope, err)
	}
	for _, r := range rows {
		id := str(r[1])
		d := near[str(r[0])] + 1
		if old, ok := dist[id]; !ok || d < old {
			dist[id] = d
		}
	}
	return nil
}

// Distances implements core.Searcher.
func (s *Store) Distances(ctx context.Context, groups []string, center string, entities []string, maxHops int) (map[string]int, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	if maxHops <= 0 {
		maxHops = 3
	}
	if maxHops > 6 {
		maxHops = 6
	}
	out := map[string]int{}
	err := s.read(ctx, func(c *conn) error {
		w := newWhere()
		w.groups("c", groups)
		rows, err := c.query(ctx, "MATCH (c:Entity {uuid: $c}) WHERE "+w.String()+" RETURN c.uuid", w.merge(map[string]any{"c": center}))
		if err != nil {
			return fmt.Errorf("read centre entity: %w", err)
		}
		if len(rows) == 0 {
			return fmt.Errorf("centre entity %s: %w", center, core.ErrNotFound)
		}
		for _, id := range entities {
			if id == center {
				out[id] = 0
			}
		}
		if len(entities) == 0 {
			return nil
		}
		rows, err = c.query(ctx, fmt.Sprintf(`MATCH p = (c:Entity {uuid: $c})-[:RELATES_TO* SHORTEST 1..%d]-(n:Entity)
			WHERE n.uuid IN $ids RETURN n.uuid, length(p)`, 2*maxHops), map[string]any{"c": center, "ids": entities})
		if err != nil {
			return fmt.Errorf("compute distances: %w", err)
		}
		for _, r := range rows {
			out[str(r[0])] = int(i64(r[1])) / 2
		}
		return nil
	})
	return out, err
}

// MentionCounts implements core.Searcher.
func (s *Store) MentionCounts(ctx context.Context, sc core.Scope, groups []string, uuids []string) (map[string]int, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	// count(e.uuid), not count(e): after a change detaches an episode
	// that stated a fact with another that it also deleted, Kuzu 0.11.3
	// still counts the removed relationship in count(e), while reading the
	// episodes (e.uuid) sees only the live ones.
	var stmt string
	switch sc {
	case core.ScopeFacts:
		stmt = byUUID("x", "Fact", "ids", "<-[:STATES]-(e:Episode)") + " WHERE x.group_id IN $g RETURN x.uuid, count(e.uuid)"
	case core.ScopeEntities:
		stmt = byUUID("x", "Entity", "ids", "<-[:MENTIONS]-(e:Episode)") + " WHERE x.group_id IN $g RETURN x.uuid, count(e.uuid)"
	default:
		return nil, fmt.Errorf("%w: mention counts exist for facts and entities, not %s", core.ErrInvalid, sc)
	}
	out := map[string]int{}
	if len(uuids) == 0 {
		return out, nil
	}
	err := s.read(ctx, func(c *conn) error {
		rows, err := c.query(ctx, stmt, map[string]any{"ids": uniq(uuids), "g": groups})
		if err != nil {
			return fmt.Errorf("count mentions: %w", err)
		}
		for _, r := range rows {
			out[str(r[0])] = int(i64(r[1]))
		}
		return nil
	})
	return out, err
}
