package retrieval

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/text"
)

// Search finds what the memory holds about a query: for each scope of the
// recipe it gathers candidates with the recipe's methods (φ), orders them
// with its reranker (ρ) and returns the best, restricted to req.Groups and
// req.Filter. The query is embedded once. Scopes are searched concurrently,
// and so are a scope's cosine and BM25 searches.
//
// Search fails with ErrInvalid for a bad request (no group, an unknown
// recipe, scope, method or reranker, node_distance without a centre) and
// with ErrNotFound when the centre entity is not in the groups. A reranker
// that needs what the engine lacks (an LLM for the cross-encoder, a rerank
// plugin) or whose call fails falls back to RRF, and Results.Warnings
// says so: retrieval keeps working offline.
func (sr *Searcher) Search(ctx context.Context, req Request) (Results, error) {
	if err := sr.ready(); err != nil {
		return Results{}, err
	}
	start := sr.now()
	groups, err := checkGroups(req.Groups)
	if err != nil {
		return Results{}, err
	}
	req.Groups = groups
	sr.recipeMu.RLock()
	name, recipe, err := sr.search.plan(&req)
	sr.recipeMu.RUnlock()
	if err != nil {
		return Results{}, err
	}
	s := &search{sr: sr, req: req, filter: req.Filter}
	s.filter.Now = start
	for sc := range recipe.Scopes {
		f := scopeFilter(s.filter, sc)
		if err := f.Validate(sc); err != nil {
			return Results{}, err
		}
	}
	res := Results{Recipe: name}
	if needsVector(recipe) {
		t := sr.now()
		vecs, err := sr.embedder.Embed(ctx, []string{req.Query})
		if err != nil {
			return Results{}, fmt.Errorf("embed query: %w", err)
		}
		if len(vecs) != 1 {
			return Results{}, fmt.Errorf("%w: the embedder returned %d vectors for 1 text", core.ErrUnavailable, len(vecs))
		}
		s.vec = vecs[0]
		res.Timing.Embed = sr.now().Sub(t)
	}

	var scopes []core.Scope
	for _, sc := range core.Scopes {
		if _, ok := recipe.Scopes[sc]; ok {
			scopes = append(scopes, sc)
		}
	}
	outs := make([]scopeOut, len(scopes))
	errs := make([]error, len(scopes))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for i, sc := range scopes {
		wg.Go(func() {
			outs[i], errs[i] = s.scope(ctx, sc, recipe.Scopes[sc])
			if errs[i] != nil {
				cancel()
			}
		})
	}
	wg.Wait()
	if i := firstError(errs); i >= 0 {
		return Results{}, fmt.Errorf("search %s: %w", scopes[i], errs[i])
	}
	for _, o := range outs {
		res.Facts = append(res.Facts, o.facts...)
		res.Entities = append(res.Entities, o.entities...)
		res.Episodes = append(res.Episodes, o.episodes...)
		res.Communities = append(res.Communities, o.communities...)
		res.Warnings = append(res.Warnings, o.warnings...)
		res.Timing.Candidates = max(res.Timing.Candidates, o.candidates)
		res.Timing.Rerank = max(res.Timing.Rerank, o.rerank)
		res.Timing.Load = max(res.Timing.Load, o.load)
	}
	res.Timing.Total = sr.now().Sub(start)
	sr.searched(&res, start)
	return res, nil
}

// firstError returns the index of the first error that is not a
// cancellation (which another scope's failure may have caused), else of
// the first error, else -1.
func firstError(errs []error) int {
	for i, err := range errs {
		if err != nil && !canceled(err) {
			return i
		}
	}
	for i, err := range errs {
		if err != nil {
			return i
		}
	}
	return -1
}

// checkGroups validates the groups of a search (core.ValidateGroups) and
// drops repeats.
func checkGroups(groups []string) ([]string, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	out := make([]string, 0, len(groups))
	for _, g := range groups {
		if !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out, nil
}

// needsVector reports whether a recipe needs the query's embedding.
func needsVector(r Recipe) bool {
	for _, c := range r.Scopes {
		if c.Reranker == RerankMMR || slices.Contains(c.Methods, MethodCosine) {
			return true
		}
	}
	return false
}

// scopeFilter keeps the time conditions that apply to a scope. A condition
// on a field the scope lacks is dropped from its group; a group left empty
// matches everything, and so does the whole condition list.
func scopeFilter(f core.Filter, sc core.Scope) core.Filter {
	if len(f.Time) == 0 {
		return f
	}
	has := func(field core.TimeField) bool {
		switch sc {
		case core.ScopeFacts:
			return true
		case core.ScopeEpisodes:
			return field == core.FieldValidAt || field == core.FieldCreatedAt
		default:
			return field == core.FieldCreatedAt
		}
	}
	groups := make([][]core.TimeCondition, 0, len(f.Time))
	for _, g := range f.Time {
		var kept []core.TimeCondition
		for _, c := range g {
			if has(c.Field) {
				kept = append(kept, c)
			}
		}
		if len(kept) == 0 {
			f.Time = nil
			return f
		}
		groups = append(groups, kept)
	}
	f.Time = groups
	return f
}

// search is the state of one Search call.
type search struct {
	sr     *Searcher
	req    Request
	filter core.Filter
	vec    []float32

	// The entities the query names (namedEntities), found once for all
	// scopes.
	namedOnce sync.Once
	named     []string
	namedErr  error
}

// scopeOut is what the search of one scope produced.
type scopeOut struct {
	facts       []FactResult
	entities    []EntityResult
	episodes    []EpisodeResult
	communities []CommunityResult
	warnings    []string

	candidates, rerank, load time.Duration
}

// cand is one candidate of a scope with what the methods said of it.
type cand struct {
	id     string
	scores map[string]float64
	ranks  map[string]int
	rrf    float64
	// score is the reranker's verdict, the result's Score.
	score float64
}

// scope runs φ, ρ and the final load for one scope.
func (s *search) scope(ctx context.Context, sc core.Scope, c ScopeConfig) (scopeOut, error) {
	var out scopeOut
	objs := &objects{s: s, sc: sc, m: map[string]*object{}}
	t := s.sr.now()
	cands, err := s.candidates(ctx, sc, c, objs)
	if err != nil {
		return out, err
	}
	out.candidates = s.sr.now().Sub(t)

	t = s.sr.now()
	ranked, warnings, err := s.rerank(ctx, sc, c, cands, objs)
	if err != nil {
		return out, err
	}
	out.warnings = warnings
	kept := ranked[:0:0]
	for _, cd := range ranked {
		if c.MinScore != 0 && cd.score < c.MinScore {
			continue
		}
		kept = append(kept, cd)
		if len(kept) == c.Limit {
			break
		}
	}
	out.rerank = s.sr.now().Sub(t)

	t = s.sr.now()
	err = s.results(ctx, sc, kept, objs, &out)
	out.load = s.sr.now().Sub(t)
	return out, err
}

// candidates runs the scope's methods and fuses their rankings by RRF,
// best first.
func (s *search) candidates(ctx context.Context, sc core.Scope, c ScopeConfig, objs *objects) ([]*cand, error) {
	q := core.SearchQuery{Scope: sc, Groups: s.req.Groups, Vector: s.vec, Text: s.req.Query, Limit: c.Candidates, Filter: scopeFilter(s.filter, sc)}
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	lists := map[string][]core.Hit{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	var errs []error
	run := func(method string, f func() ([]core.Hit, error)) {
		wg.Go(func() {
			hits, err := f()
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", method, err))
				return
			}
			lists[method] = hits
		})
	}
	for _, m := range c.Methods {
		switch m {
		case MethodCosine:
			q := q
			q.MinScore = c.MinSimilarity
			run(m, func() ([]core.Hit, error) { return s.sr.store.VectorSearch(ctx, q) })
		case MethodBM25:
			run(m, func() ([]core.Hit, error) { return s.sr.store.TextSearch(ctx, q) })
		}
	}
	wg.Wait()
	if len(errs) > 0 {
		return nil, errs[0]
	}
	if c.Weights[FeatureImportance] > 0 && (sc == core.ScopeFacts || sc == core.ScopeEntities) {
		hits, err := s.importanceHits(ctx, sc, lists)
		if err != nil {
			return nil, err
		}
		lists[FeatureImportance] = hits
	}
	if c.Weights[FeatureWhen] > 0 && (sc == core.ScopeFacts || sc == core.ScopeEpisodes) {
		hits, err := s.whenHits(ctx, q, c)
		if err != nil {
			return nil, fmt.Errorf("when: %w", err)
		}
		if hits != nil {
			lists[FeatureWhen] = hits
		}
	}
	if sc == core.ScopeEpisodes {
		for _, f := range []struct {
			name string
			hits func() ([]core.Hit, error)
		}{
			{FeaturePersonal, func() ([]core.Hit, error) { return s.personalHits(ctx, lists, objs) }},
			{FeatureExpansion, func() ([]core.Hit, error) { return s.expansionHits(ctx, q, lists, objs) }},
		} {
			if c.Weights[f.name] <= 0 {
				continue
			}
			hits, err := f.hits()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.name, err)
			}
			if hits != nil {
				lists[f.name] = hits
			}
		}
	}
	if slices.Contains(c.Methods, MethodBFS) {
		seeds, err := s.seeds(ctx, sc, c, lists, objs)
		if err != nil {
			return nil, fmt.Errorf("bfs seeds: %w", err)
		}
		hits, err := s.sr.store.Traverse(ctx, core.TraverseQuery{Scope: sc, Groups: s.req.Groups, Seeds: seeds, Depth: c.BFSDepth, Limit: c.Candidates, Filter: q.Filter})
		if err != nil {
			return nil, fmt.Errorf("bfs: %w", err)
		}
		lists[MethodBFS] = hits
	}
	// The store applied every visibility rule (archived, merged away,
	// the filter) before its cuts: each candidate can be returned.
	return fuse(lists, c.Weights, c.RRFK), nil
}

// FeatureImportance names importance (Deps.Importance, which the engine
// scores in Evolve) as a ranking a recipe can weigh: a scope whose Weights
// give it a positive weight ranks the candidates its methods found by
// their last scored importance, and
// RRF and linear fusion take that ranking in like a method's. It finds no
// candidate of its own; objects never scored are absent from it.
const FeatureImportance = "importance"

// FeatureWhen names the period a query asks about ("10 days ago", "in
// the past two weeks": queryPeriod) as a ranking a recipe can weigh: a
// facts or episodes scope whose Weights give it a positive weight searches
// again, by BM25 (or by cosine if the scope has no BM25), among what
// happened in that period (valid_at within it), and fuses that ranking in
// like a method's. It finds what the period holds even when the whole
// group has better matches for the words alone. A query that names no
// period adds nothing. The period is read relative to the filter's KnownAt
// if set, else to the Searcher's clock: when the question is asked.
const FeatureWhen = "when"

// whenHits searches the scope again within the period the query names,
// nil if it names none.
func (s *search) whenHits(ctx context.Context, q core.SearchQuery, c ScopeConfig) ([]core.Hit, error) {
	asked := s.filter.Now
	if !s.filter.KnownAt.IsZero() {
		asked = s.filter.KnownAt
	}
	p, ok := queryPeriod(s.req.Query, asked)
	if !ok {
		return nil, nil
	}
	within := []core.TimeCondition{{Field: core.FieldValidAt, Op: core.OpGe, Value: p.from}, {Field: core.FieldValidAt, Op: core.OpLe, Value: p.to}}
	groups := make([][]core.TimeCondition, 0, max(1, len(q.Filter.Time)))
	for _, g := range q.Filter.Time {
		groups = append(groups, append(slices.Clip(g), within...))
	}
	if len(groups) == 0 {
		groups = append(groups, within)
	}
	q.Filter.Time = groups
	switch {
	case slices.Contains(c.Methods, MethodBM25):
		return s.sr.store.TextSearch(ctx, q)
	case slices.Contains(c.Methods, MethodCosine):
		q.MinScore = c.MinSimilarity
		return s.sr.store.VectorSearch(ctx, q)
	}
	return nil, nil
}

// importanceHits ranks the candidates of lists by importance, most
// important first.
func (s *search) importanceHits(ctx context.Context, sc core.Scope, lists map[string][]core.Hit) ([]core.Hit, error) {
	var ids []string
	for _, hits := range lists {
		for _, h := range hits {
			ids = append(ids, h.UUID)
		}
	}
	imp, err := s.sr.importance(ctx, s.req.Groups, sc, dedupe(ids))
	if err != nil {
		return nil, err
	}
	out := make([]core.Hit, 0, len(imp))
	for id, v := range imp {
		out = append(out, core.Hit{UUID: id, Score: v})
	}
	slices.SortFunc(out, func(a, b core.Hit) int {
		if a.Score != b.Score {
			return cmp.Compare(b.Score, a.Score)
		}
		return cmp.Compare(a.UUID, b.UUID)
	})
	return out, nil
}

// bfsSeedsPerMethod is how many of each other method's best hits seed BFS.
const bfsSeedsPerMethod = 5

// seeds picks BFS origins: the request's seeds; else the entities the
// query names (namedEntities); else the entities of the scope's best cosine
// and BM25 hits (fact endpoints, the entities themselves, the episodes,
// community members); else the group's latest episodes as of the filter's
// time.
func (s *search) seeds(ctx context.Context, sc core.Scope, c ScopeConfig, lists map[string][]core.Hit, objs *objects) ([]string, error) {
	if len(s.req.Seeds) > 0 {
		return s.req.Seeds, nil
	}
	s.namedOnce.Do(func() { s.named, s.namedErr = s.namedEntities(ctx) })
	if s.namedErr != nil {
		return nil, s.namedErr
	}
	if len(s.named) > 0 {
		return s.named, nil
	}
	var ids []string
	for _, m := range []string{MethodCosine, MethodBM25} {
		for i, h := range lists[m] {
			if i == bfsSeedsPerMethod {
				break
			}
			if !slices.Contains(ids, h.UUID) {
				ids = append(ids, h.UUID)
			}
		}
	}
	if len(ids) > 0 {
		switch sc {
		case core.ScopeEntities, core.ScopeEpisodes:
			return ids, nil
		default:
			if err := objs.ensure(ctx, ids, false); err != nil {
				return nil, err
			}
			var out []string
			for _, id := range ids {
				if o := objs.m[id]; o != nil {
					for _, en := range o.entityRefs() {
						if !slices.Contains(out, en) {
							out = append(out, en)
						}
					}
				}
			}
			return out, nil
		}
	}
	at := s.filter.Now
	for _, t := range []time.Time{s.filter.KnownAt, s.filter.ValidAt} {
		if !t.IsZero() && t.Before(at) {
			at = t
		}
	}
	var out []string
	for _, g := range s.req.Groups {
		eps, err := s.sr.store.PreviousEpisodes(ctx, core.Episode{GroupID: g, UUID: "~", ValidAt: at}, s.sr.search.RecentEpisodes)
		if err != nil {
			return nil, fmt.Errorf("read latest episodes: %w", err)
		}
		for _, ep := range eps {
			out = append(out, ep.UUID)
		}
	}
	return out, nil
}

// namedCandidates is how many of the best BM25 matches among entities are
// examined for a name the query holds.
const namedCandidates = 20

// namedEntities returns the entities the query names: among the best BM25
// matches of the query in the entity scope, those whose name's words all
// occur in the query (case and a plural "s" aside), in match order. "Where
// did Maya's sister move?" names Maya; so does "maya". Entities the filter
// hides are not matched.
func (s *search) namedEntities(ctx context.Context) ([]string, error) {
	query := nameWords(s.req.Query)
	if len(query) == 0 {
		return nil, nil
	}
	hits, err := s.sr.store.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: s.req.Groups, Text: s.req.Query, Limit: namedCandidates, Filter: scopeFilter(s.filter, core.ScopeEntities)})
	if err != nil {
		return nil, fmt.Errorf("entities named by the query: %w", err)
	}
	ids := make([]string, len(hits))
	for i, h := range hits {
		ids[i] = h.UUID
	}
	names, err := s.sr.store.EntityNames(ctx, s.req.Groups, ids)
	if err != nil {
		return nil, fmt.Errorf("entities named by the query: %w", err)
	}
	var out []string
	for _, id := range ids {
		words := nameWords(names[id])
		all := len(words) > 0
		for w := range words {
			all = all && query[w]
		}
		if all {
			out = append(out, id)
		}
	}
	return out, nil
}

// nameWords returns the set of words of a name or query: lower case,
// letters and digits, a plural "s" dropped from words of four letters or
// more.
func nameWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(text.Normalize(s)) {
		if len(w) >= 4 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			w = w[:len(w)-1]
		}
		out[w] = true
	}
	return out
}

// results loads the kept candidates and fills the scope's results, the
// summaries of entities as of then in a view of the past.
func (s *search) results(ctx context.Context, sc core.Scope, kept []*cand, objs *objects, out *scopeOut) error {
	ids := make([]string, len(kept))
	for i, cd := range kept {
		ids[i] = cd.id
	}
	if err := objs.ensure(ctx, ids, false); err != nil {
		return err
	}
	var names map[string]string
	if sc == core.ScopeFacts {
		var ends []string
		for _, id := range ids {
			if o := objs.m[id]; o != nil {
				ends = append(ends, o.fact.SourceUUID, o.fact.TargetUUID)
			}
		}
		var err error
		if names, err = s.sr.store.EntityNames(ctx, s.req.Groups, dedupe(ends)); err != nil {
			return fmt.Errorf("read fact endpoints: %w", err)
		}
	}
	for _, cd := range kept {
		o := objs.m[cd.id]
		if o == nil {
			continue // deleted since it was found
		}
		switch sc {
		case core.ScopeFacts:
			f := *o.fact
			f.Embedding = nil
			f.AsKnownAt(s.filter.KnownAt)
			out.facts = append(out.facts, FactResult{Fact: f, SourceName: names[f.SourceUUID], TargetName: names[f.TargetUUID], Score: cd.score})
		case core.ScopeEntities:
			en := *o.entity
			en.NameEmbedding = nil
			out.entities = append(out.entities, EntityResult{Entity: en, Score: cd.score})
		case core.ScopeEpisodes:
			ep := *o.episode
			ep.Embedding = nil
			out.episodes = append(out.episodes, EpisodeResult{Episode: ep, Score: cd.score})
		case core.ScopeCommunities:
			cm := *o.community
			cm.NameEmbedding = nil
			out.communities = append(out.communities, CommunityResult{Community: cm, Score: cd.score})
		}
	}
	if sc == core.ScopeEntities && pastView(s.filter) {
		// Stored summaries say what holds now (history.go).
		return s.sr.pastSummaries(ctx, s.filter, out.entities)
	}
	return nil
}

func dedupe(ids []string) []string {
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

// object is a loaded candidate: exactly one field is set.
type object struct {
	fact      *core.Fact
	entity    *core.Entity
	episode   *core.Episode
	community *core.Community
	// links are the entities an episode mentions, read on demand.
	links []string
}

// text is what rerankers read of the object.
func (o *object) text() string {
	switch {
	case o.fact != nil:
		return o.fact.Text
	case o.entity != nil:
		return joinNonEmpty(o.entity.Name, o.entity.Summary)
	case o.episode != nil:
		return o.episode.Content
	default:
		return joinNonEmpty(o.community.Name, o.community.Summary)
	}
}

func joinNonEmpty(name, summary string) string {
	if summary == "" {
		return name
	}
	return name + ": " + summary
}

// vector is the object's embedding, nil unless loaded with embeddings.
func (o *object) vector() []float32 {
	switch {
	case o.fact != nil:
		return o.fact.Embedding
	case o.entity != nil:
		return o.entity.NameEmbedding
	case o.episode != nil:
		return o.episode.Embedding
	default:
		return o.community.NameEmbedding
	}
}

// entityRefs are the entities the object stands on: a fact's endpoints,
// the entity itself, a community's members, the entities an episode
// mentions (once read into links).
func (o *object) entityRefs() []string {
	switch {
	case o.fact != nil:
		return []string{o.fact.SourceUUID, o.fact.TargetUUID}
	case o.entity != nil:
		return []string{o.entity.UUID}
	case o.episode != nil:
		return o.links
	default:
		return o.community.Members
	}
}

// times returns the object's four timestamps as far as it has them.
func (o *object) times() (valid, invalid, created, expired time.Time) {
	switch {
	case o.fact != nil:
		return o.fact.ValidAt, o.fact.InvalidAt, o.fact.CreatedAt, o.fact.ExpiredAt
	case o.entity != nil:
		return time.Time{}, time.Time{}, o.entity.CreatedAt, time.Time{}
	case o.episode != nil:
		return o.episode.ValidAt, time.Time{}, o.episode.CreatedAt, time.Time{}
	default:
		return time.Time{}, time.Time{}, o.community.CreatedAt, time.Time{}
	}
}

// objects caches the objects of one scope read during a search.
type objects struct {
	s      *search
	sc     core.Scope
	m      map[string]*object
	hasVec map[string]bool
	// shares caches episodeShare: the first-person ranking and the
	// expansion both read it for the same episodes.
	shares map[string][2]int
}

// ensure reads the objects of ids not read yet (or read without their
// embedding when vectors is set). Unknown ids stay absent.
func (c *objects) ensure(ctx context.Context, ids []string, vectors bool) error {
	var missing []string
	for _, id := range ids {
		if o, ok := c.m[id]; !ok || vectors && o != nil && !c.hasVec[id] {
			missing = append(missing, id)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	st, groups, opts := c.s.sr.store, c.s.req.Groups, core.GetOptions{Embeddings: vectors}
	put := func(id string, o *object) {
		c.m[id] = o
		if vectors {
			if c.hasVec == nil {
				c.hasVec = map[string]bool{}
			}
			c.hasVec[id] = true
		}
	}
	switch c.sc {
	case core.ScopeFacts:
		xs, err := st.Facts(ctx, groups, missing, opts)
		if err != nil {
			return fmt.Errorf("read facts: %w", err)
		}
		for i := range xs {
			put(xs[i].UUID, &object{fact: &xs[i]})
		}
	case core.ScopeEntities:
		xs, err := st.Entities(ctx, groups, missing, opts)
		if err != nil {
			return fmt.Errorf("read entities: %w", err)
		}
		for i := range xs {
			put(xs[i].UUID, &object{entity: &xs[i]})
		}
	case core.ScopeEpisodes:
		xs, err := st.Episodes(ctx, groups, missing, opts)
		if err != nil {
			return fmt.Errorf("read episodes: %w", err)
		}
		for i := range xs {
			put(xs[i].UUID, &object{episode: &xs[i]})
		}
	case core.ScopeCommunities:
		xs, err := st.Communities(ctx, groups, missing, opts)
		if err != nil {
			return fmt.Errorf("read communities: %w", err)
		}
		for i := range xs {
			put(xs[i].UUID, &object{community: &xs[i]})
		}
	}
	for _, id := range missing {
		if _, ok := c.m[id]; !ok {
			c.m[id] = nil
		}
	}
	return nil
}

// ensureLinks reads the entities each episode of ids mentions.
func (c *objects) ensureLinks(ctx context.Context, ids []string) error {
	for _, id := range ids {
		o := c.m[id]
		if o == nil || o.episode == nil || o.links != nil {
			continue
		}
		l, err := c.s.sr.store.EpisodeLinks(ctx, c.s.req.Groups, id)
		if err != nil {
			return fmt.Errorf("read episode links: %w", err)
		}
		o.links = append([]string{}, l.Entities...)
	}
	return nil
}
