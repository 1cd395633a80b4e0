package retrieval

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/mnemohq/mnemo/core"
)

// fuse merges the methods' rankings into candidates scored by reciprocal
// rank fusion, score = Σ weight/(k + rank) with ranks from 1, best first.
// Hits with equal scores in one list share a rank (BFS hits at the same hop
// count are equally near). Ties in the fused score go to the candidate
// with the better single rank, then to the smaller uuid, so the order is
// deterministic.
func fuse(lists map[string][]core.Hit, weights map[string]float64, k float64) []*cand {
	byID := map[string]*cand{}
	var out []*cand
	for _, m := range slices.Sorted(maps.Keys(lists)) {
		w := 1.0
		if x, ok := weights[m]; ok {
			w = x
		}
		hits := lists[m]
		rank := 0
		for i, h := range hits {
			if i == 0 || h.Score != hits[i-1].Score {
				rank = i + 1
			}
			c := byID[h.UUID]
			if c == nil {
				c = &cand{id: h.UUID, scores: map[string]float64{}, ranks: map[string]int{}}
				byID[h.UUID] = c
				out = append(out, c)
			}
			if _, seen := c.ranks[m]; seen {
				continue
			}
			c.ranks[m], c.scores[m] = rank, h.Score
			c.rrf += w / (k + float64(rank))
		}
	}
	for _, c := range out {
		c.score = c.rrf
	}
	slices.SortFunc(out, func(a, b *cand) int {
		if a.rrf != b.rrf {
			return cmp.Compare(b.rrf, a.rrf)
		}
		if ra, rb := bestRank(a), bestRank(b); ra != rb {
			return cmp.Compare(ra, rb)
		}
		return cmp.Compare(a.id, b.id)
	})
	return out
}

// linear scores each candidate by Σ weightₘ · (scoreₘ − minₘ)/(maxₘ − minₘ)
// over the methods that found it, min and max taken over each method's
// candidates (a method whose hits all score the same gives them 1), and
// orders the candidates by it, ties in their RRF order.
func linear(cands []*cand, weights map[string]float64) {
	lo, hi := map[string]float64{}, map[string]float64{}
	for _, c := range cands {
		for m, s := range c.scores {
			if l, ok := lo[m]; !ok || s < l {
				lo[m] = s
			}
			if h, ok := hi[m]; !ok || s > h {
				hi[m] = s
			}
		}
	}
	for _, c := range cands {
		c.score = 0
		// In a fixed order: a float sum of three or more terms depends
		// on it, and the same search must score the same every time.
		for _, m := range slices.Sorted(maps.Keys(c.scores)) {
			s := c.scores[m]
			w := 1.0
			if x, ok := weights[m]; ok {
				w = x
			}
			n := 1.0
			if hi[m] > lo[m] {
				n = (s - lo[m]) / (hi[m] - lo[m])
			}
			c.score += w * n
		}
	}
	slices.SortStableFunc(cands, func(a, b *cand) int { return cmp.Compare(b.score, a.score) })
}

func bestRank(c *cand) int {
	best := math.MaxInt
	for _, r := range c.ranks {
		best = min(best, r)
	}
	return best
}

// rerankFunc orders a scope's candidates (given in RRF order) and sets
// their scores; it may return warnings for the answer.
type rerankFunc func(s *search, ctx context.Context, sc core.Scope, c ScopeConfig, cands []*cand, objs *objects) ([]*cand, []string, error)

// reranker is one entry of the reranker table: a name (the Rerank
// constants), the scopes it applies to (nil: every scope) and its
// function.
type reranker struct {
	name   string
	scopes []core.Scope
	rerank rerankFunc
}

// rerankerTable is every reranker, in the order help and docs list them:
// Rerankers, the recipe checks and rerank read it. A new reranker is one
// entry here and its function; internal/lint's TestNamesReachEverySurface
// fails until the HTTP schema and the docs name it too.
func rerankerTable() []reranker {
	return []reranker{
		{name: RerankRRF, rerank: rerankRRF},
		{name: RerankLinear, rerank: rerankLinear},
		{name: RerankMMR, rerank: rerankMMR},
		{name: RerankNodeDistance, rerank: rerankNodeDistance},
		// Episodes mention facts and entities only.
		{name: RerankEpisodeMentions, scopes: []core.Scope{core.ScopeFacts, core.ScopeEntities}, rerank: rerankEpisodeMentions},
		{name: RerankCrossEncoder, rerank: (*search).crossEncoder},
		{name: RerankPlugin, rerank: (*search).plugin},
	}
}

// lookupReranker returns the entry of reranker r.
func lookupReranker(r string) (reranker, bool) {
	for _, rr := range rerankerTable() {
		if rr.name == r {
			return rr, true
		}
	}
	return reranker{}, false
}

// rerank orders a scope's candidates (given in RRF order) with the scope's
// reranker and sets their scores.
func (s *search) rerank(ctx context.Context, sc core.Scope, c ScopeConfig, cands []*cand, objs *objects) ([]*cand, []string, error) {
	if len(cands) == 0 {
		return nil, nil, nil
	}
	rr, ok := lookupReranker(c.Reranker)
	if !ok {
		// Recipes are checked before a search: an unknown name keeps
		// the RRF order, as it always did.
		return cands, nil, nil
	}
	return rr.rerank(s, ctx, sc, c, cands, objs)
}

// rerankRRF keeps the candidates in reciprocal rank fusion order, which
// they come in.
func rerankRRF(_ *search, _ context.Context, _ core.Scope, _ ScopeConfig, cands []*cand, _ *objects) ([]*cand, []string, error) {
	return cands, nil, nil
}

func rerankLinear(_ *search, _ context.Context, _ core.Scope, c ScopeConfig, cands []*cand, _ *objects) ([]*cand, []string, error) {
	linear(cands, c.Weights)
	return cands, nil, nil
}

func rerankMMR(s *search, ctx context.Context, _ core.Scope, c ScopeConfig, cands []*cand, objs *objects) ([]*cand, []string, error) {
	ids := candIDs(cands)
	if err := objs.ensure(ctx, ids, true); err != nil {
		return nil, nil, err
	}
	vecs := make([][]float32, len(cands))
	for i, cd := range cands {
		if o := objs.m[cd.id]; o != nil {
			vecs[i] = o.vector()
		}
	}
	order, scores := mmr(s.vec, vecs, c.MMRLambda, c.Limit)
	out := make([]*cand, len(order))
	for i, j := range order {
		out[i] = cands[j]
		out[i].score = scores[i]
	}
	return out, nil, nil
}

func rerankNodeDistance(s *search, ctx context.Context, sc core.Scope, c ScopeConfig, cands []*cand, objs *objects) ([]*cand, []string, error) {
	dist, err := s.distances(ctx, sc, c, cands, objs)
	if err != nil {
		return nil, nil, fmt.Errorf("rerank by node distance: %w", err)
	}
	for _, cd := range cands {
		cd.score = 0
		if d, ok := dist[cd.id]; ok {
			cd.score = 1 / (1 + float64(d))
		}
	}
	slices.SortStableFunc(cands, func(a, b *cand) int { return cmp.Compare(b.score, a.score) })
	return cands, nil, nil
}

func rerankEpisodeMentions(s *search, ctx context.Context, sc core.Scope, _ ScopeConfig, cands []*cand, _ *objects) ([]*cand, []string, error) {
	n, err := s.sr.store.MentionCounts(ctx, sc, s.req.Groups, candIDs(cands))
	if err != nil {
		return nil, nil, fmt.Errorf("rerank by episode mentions: %w", err)
	}
	for _, cd := range cands {
		cd.score = float64(n[cd.id])
	}
	slices.SortStableFunc(cands, func(a, b *cand) int { return cmp.Compare(b.score, a.score) })
	return cands, nil, nil
}

func candIDs(cands []*cand) []string {
	ids := make([]string, len(cands))
	for i, c := range cands {
		ids[i] = c.id
	}
	return ids
}

// byRRF resets the candidates' scores to RRF, for a reranker that fell
// back; cands are in RRF order already.
func byRRF(cands []*cand) []*cand {
	for _, c := range cands {
		c.score = c.rrf
	}
	return cands
}

// distances returns, for each candidate that is within c.MaxHops of the
// request's centre, its distance in fact hops: an entity's own, the nearer
// endpoint of a fact, the nearest entity an episode mentions or a
// community holds.
func (s *search) distances(ctx context.Context, sc core.Scope, c ScopeConfig, cands []*cand, objs *objects) (map[string]int, error) {
	ids := candIDs(cands)
	refs := map[string][]string{}
	if sc == core.ScopeEntities {
		for _, id := range ids {
			refs[id] = []string{id}
		}
	} else {
		if err := objs.ensure(ctx, ids, false); err != nil {
			return nil, err
		}
		if sc == core.ScopeEpisodes {
			if err := objs.ensureLinks(ctx, ids); err != nil {
				return nil, err
			}
		}
		for _, id := range ids {
			if o := objs.m[id]; o != nil {
				refs[id] = o.entityRefs()
			}
		}
	}
	var all []string
	for _, id := range ids {
		all = append(all, refs[id]...)
	}
	d, err := s.sr.store.Distances(ctx, s.req.Groups, s.req.Center, dedupe(all), c.MaxHops)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int, len(ids))
	for _, id := range ids {
		for _, r := range refs[id] {
			if x, ok := d[r]; ok {
				if old, seen := out[id]; !seen || x < old {
					out[id] = x
				}
			}
		}
	}
	return out, nil
}

// mmr selects up to limit candidates by maximal marginal relevance, greedily:
// each step takes the candidate maximizing
//
//	λ·sim(query, c) − (1−λ)·max over selected s of sim(c, s)
//
// with cosine similarities. It returns the indices of vecs in selection
// order and the value each had when taken. A nil vector is similar to
// nothing. Ties go to the earlier candidate.
func mmr(query []float32, vecs [][]float32, lambda float64, limit int) ([]int, []float64) {
	n := len(vecs)
	limit = min(limit, n)
	rel := make([]float64, n)
	for i, v := range vecs {
		rel[i] = core.Cosine(query, v)
	}
	maxSim := make([]float64, n)
	taken := make([]bool, n)
	order := make([]int, 0, limit)
	scores := make([]float64, 0, limit)
	for len(order) < limit {
		best, bestVal := -1, math.Inf(-1)
		for i := range n {
			if taken[i] {
				continue
			}
			v := lambda * rel[i]
			if len(order) > 0 {
				v -= (1 - lambda) * maxSim[i]
			}
			if v > bestVal {
				best, bestVal = i, v
			}
		}
		taken[best] = true
		order = append(order, best)
		scores = append(scores, bestVal)
		for i := range n {
			if !taken[i] {
				maxSim[i] = max(maxSim[i], core.Cosine(vecs[i], vecs[best]))
			}
		}
	}
	return order, scores
}

// plugin hands the candidates with their features to the group's rerank
// plugin. Candidates the plugin leaves out are dropped. Without a plugin,
// or when the plugin fails, the candidates keep their RRF order and a
// warning says why.
func (s *search) plugin(ctx context.Context, sc core.Scope, c ScopeConfig, cands []*cand, objs *objects) ([]*cand, []string, error) {
	group := s.req.Groups[0]
	p, err := s.sr.plugins.For(ctx, group)
	if err != nil {
		if abandoned(ctx) {
			return nil, nil, err
		}
		return byRRF(cands), []string{fmt.Sprintf("%s: the plugins of group %s are unavailable (%v); ordered by rrf", sc, group, err)}, nil
	}
	rr, which := p.Reranker, "the rerank plugin of group "+group
	if c.Plugin != "" {
		rr, which = p.Rerankers[c.Plugin], "the rerank plugin "+c.Plugin
		if rr == nil {
			return byRRF(cands), []string{fmt.Sprintf("%s: group %s has no rerank plugin %s; ordered by rrf", sc, group, c.Plugin)}, nil
		}
	}
	if rr == nil {
		return byRRF(cands), []string{fmt.Sprintf("%s: group %s has no rerank plugin; ordered by rrf", sc, group)}, nil
	}
	ids := candIDs(cands)
	if err := objs.ensure(ctx, ids, c.PluginEmbeddings); err != nil {
		return nil, nil, err
	}
	var mentions map[string]int
	if sc == core.ScopeFacts || sc == core.ScopeEntities {
		if mentions, err = s.sr.store.MentionCounts(ctx, sc, s.req.Groups, ids); err != nil {
			return nil, nil, fmt.Errorf("count mentions: %w", err)
		}
	}
	imp := map[string]float64{}
	if sc == core.ScopeFacts || sc == core.ScopeEntities {
		if imp, err = s.sr.importance(ctx, s.req.Groups, sc, ids); err != nil {
			return nil, nil, err
		}
	}
	var dist map[string]int
	if s.req.Center != "" {
		if dist, err = s.distances(ctx, sc, c, cands, objs); err != nil {
			return nil, nil, fmt.Errorf("measure distances: %w", err)
		}
	}
	req := core.RerankRequest{Query: s.req.Query, Scope: sc, Limit: c.Limit, Now: s.filter.Now}
	byID := make(map[string]*cand, len(cands))
	for _, cd := range cands {
		o := objs.m[cd.id]
		if o == nil {
			continue
		}
		byID[cd.id] = cd
		rc := core.RerankCandidate{UUID: cd.id, Text: o.text(), Scores: maps.Clone(cd.scores), Ranks: maps.Clone(cd.ranks), Mentions: mentions[cd.id], Distance: -1, Importance: -1}
		if v, ok := imp[cd.id]; ok {
			rc.Importance = v
		}
		rc.ValidAt, rc.InvalidAt, rc.CreatedAt, rc.ExpiredAt = o.times()
		if d, ok := dist[cd.id]; ok {
			rc.Distance = d
		}
		if c.PluginEmbeddings {
			rc.Embedding = o.vector()
		}
		req.Candidates = append(req.Candidates, rc)
	}
	scored, err := rr.Rerank(ctx, req)
	if err != nil {
		if abandoned(ctx) {
			return nil, nil, err
		}
		return byRRF(cands), []string{fmt.Sprintf("%s: %s failed (%v); ordered by rrf", sc, which, err)}, nil
	}
	out := make([]*cand, 0, len(scored))
	for _, sd := range scored {
		if cd := byID[sd.UUID]; cd != nil {
			cd.score = sd.Score
			out = append(out, cd)
			delete(byID, sd.UUID)
		}
	}
	return out, nil, nil
}
