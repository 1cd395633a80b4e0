package community

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// The incremental update is the Zep paper's dynamic extension: one step of
// label propagation for the entities an episode touched. Each of them takes
// the community carrying the largest weight (number of current facts) among
// its neighbours; an entity already in a community keeps it unless another
// community weighs strictly more. The communities that gained or lost
// members get a new summary (offline: written again; with a model: one call
// with the old summary and the changes), a new embedding, and are written
// in one Apply. Communities left with fewer than MinMembers are deleted.
//
// Drift is the share of the group's entities added or moved since the last
// full build. Past DriftThreshold, the group is rebuilt in the background.
// A group without communities is not extended: its first build is an
// explicit Build.

// communityGroups holds the community state of each group seen. The zero
// value is ready to use.
type communityGroups struct {
	mu     sync.Mutex
	groups map[string]*communityGroup
}

// group returns the state of a group, creating it.
func (cg *communityGroups) group(name string) *communityGroup {
	cg.mu.Lock()
	defer cg.mu.Unlock()
	if cg.groups == nil {
		cg.groups = map[string]*communityGroup{}
	}
	g := cg.groups[name]
	if g == nil {
		g = &communityGroup{name: name, build: make(chan struct{}, 1)}
		cg.groups[name] = g
	}
	return g
}

// communityGroup is the community state of one group.
type communityGroup struct {
	name string
	// build is held by the one build of the group that may run.
	build chan struct{}
	// write serializes the group's community writes: incremental updates
	// and the write of a build.
	write sync.Mutex

	mu sync.Mutex // guards the fields below
	// loaded is true once the drift fields below reflect the store.
	loaded bool
	// built is the time of the graph the communities were built from;
	// zero when the group has none.
	built time.Time
	// base is the number of entities at the build; added counts entities
	// created since; changed holds the entities added or moved since.
	base, added int
	changed     map[string]bool
	// building is true while a build runs; pending holds the entities
	// ingested meanwhile, for the build to extend its communities with.
	building bool
	pending  []string
	// scheduled is true while a background rebuild is queued or running;
	// failedAt is when the last one failed.
	scheduled bool
	failedAt  time.Time
}

// status returns the group's status. The caller holds g.mu.
func (g *communityGroup) status() Status {
	s := Status{Built: g.built, Entities: g.base + g.added, Changed: len(g.changed), Rebuilding: g.building || g.scheduled}
	if s.Entities > 0 {
		s.Drift = float64(s.Changed) / float64(s.Entities)
	}
	return s
}

// loadDrift derives the drift of a group from the store the first time the
// group is seen: the build time is the creation time of its communities,
// the entities added since are those created after it. Moves made by
// incremental updates before a restart are not recorded and count again
// from zero.
func (k *Keeper) loadDrift(ctx context.Context, g *communityGroup) error {
	g.mu.Lock()
	loaded := g.loaded
	g.mu.Unlock()
	if loaded {
		return nil
	}
	page, err := k.store.ListCommunities(ctx, g.name, core.ListOptions{Limit: 1})
	if err != nil {
		return fmt.Errorf("list communities: %w", err)
	}
	var built time.Time
	changed := map[string]bool{}
	total := 0
	if len(page.Items) > 0 {
		built = page.Items[0].CreatedAt
		opts := core.ListOptions{Limit: 1000, Filter: core.Filter{Time: [][]core.TimeCondition{{{Field: core.FieldCreatedAt, Op: core.OpGt, Value: built}}}}}
		for {
			p, err := k.store.ListEntities(ctx, g.name, opts)
			if err != nil {
				return fmt.Errorf("list entities added since the build: %w", err)
			}
			for _, x := range p.Items {
				changed[x.UUID] = true
			}
			if p.Next == "" {
				break
			}
			opts.Cursor = p.Next
		}
		st, err := k.store.Stats(ctx, g.name)
		if err != nil {
			return fmt.Errorf("count entities: %w", err)
		}
		total = st.Entities
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.loaded {
		g.loaded, g.built, g.changed = true, built, changed
		g.added = len(changed)
		g.base = max(total-g.added, 0)
	}
	return nil
}

// Ingested extends the group's communities with the entities an
// episode touched. It runs after the episode's write. While a build of the
// group runs it only records the entities, which the build extends its
// communities with once written, so ingestion never waits for a build.
func (k *Keeper) Ingested(ctx context.Context, group string, entities []string) error {
	if len(entities) == 0 {
		return nil
	}
	g := k.communities.group(group)
	g.mu.Lock()
	if g.building {
		g.pending = append(g.pending, entities...)
		g.mu.Unlock()
		return nil
	}
	g.mu.Unlock()
	g.write.Lock()
	defer g.write.Unlock()
	return k.extend(ctx, g, entities)
}

// extend runs the incremental update for entities. The caller holds
// g.write.
func (k *Keeper) extend(ctx context.Context, g *communityGroup, entities []string) error {
	if err := k.loadDrift(ctx, g); err != nil {
		return err
	}
	g.mu.Lock()
	built := g.built
	g.mu.Unlock()
	if built.IsZero() {
		return nil
	}
	ids := slices.Compact(slices.Sorted(slices.Values(entities)))
	ents, err := k.store.Entities(ctx, []string{g.name}, ids, core.GetOptions{})
	if err != nil {
		return fmt.Errorf("read entities: %w", err)
	}
	byID := make(map[string]core.Entity, len(ents))
	for _, x := range ents {
		byID[x.UUID] = x
	}
	ids = slices.DeleteFunc(ids, func(id string) bool { _, ok := byID[id]; return !ok })
	if len(ids) == 0 {
		return nil
	}
	facts, err := k.store.FactsOfEntities(ctx, g.name, ids, 0)
	if err != nil {
		return fmt.Errorf("read facts of entities: %w", err)
	}
	weights := map[string]map[string]int{}
	var nbs []string
	add := func(a, b string) {
		if _, ok := byID[a]; !ok {
			return
		}
		if weights[a] == nil {
			weights[a] = map[string]int{}
		}
		weights[a][b]++
		nbs = append(nbs, b)
	}
	for _, f := range facts {
		if f.SourceUUID != f.TargetUUID {
			add(f.SourceUUID, f.TargetUUID)
			add(f.TargetUUID, f.SourceUUID)
		}
	}
	labels, err := k.store.CommunitiesOf(ctx, g.name, slices.Compact(slices.Sorted(slices.Values(append(nbs, ids...)))))
	if err != nil {
		return fmt.Errorf("read communities of entities: %w", err)
	}
	before := make(map[string]string, len(ids))
	for _, id := range ids {
		before[id] = labels[id]
	}
	assign(ids, weights, labels)

	joined, left := map[string][]string{}, map[string][]string{}
	for _, id := range ids {
		if was, is := before[id], labels[id]; was != is {
			if was != "" {
				left[was] = append(left[was], id)
			}
			joined[is] = append(joined[is], id)
		}
	}
	var orphans []string
	if len(joined)+len(left) > 0 {
		if orphans, err = k.rewrite(ctx, g.name, byID, joined, left); err != nil {
			return err
		}
	}

	g.mu.Lock()
	defer g.mu.Unlock()
	for _, id := range ids {
		if g.changed[id] {
			continue
		}
		switch {
		case byID[id].CreatedAt.After(built):
			g.changed[id] = true
			g.added++
		case before[id] != labels[id]:
			g.changed[id] = true
		}
	}
	for _, id := range orphans {
		g.changed[id] = true
	}
	k.maybeRebuild(g)
	return nil
}

// assign runs one asynchronous label-propagation step over ids (in order,
// repeated until nothing changes, a few times at most, so that entities
// touched together can follow each other): each takes the community with
// the largest weight among its neighbours, keeping its own on a tie, else
// the smallest uuid. labels maps entities to communities and is updated.
func assign(ids []string, weights map[string]map[string]int, labels map[string]string) {
	for range 4 {
		moved := false
		for _, id := range ids {
			tally := map[string]int{}
			for nb, w := range weights[id] {
				if l := labels[nb]; l != "" {
					tally[l] += w
				}
			}
			cur := labels[id]
			best, bestW := cur, tally[cur]
			for _, l := range slices.Sorted(maps.Keys(tally)) {
				if w := tally[l]; w > bestW || w == bestW && best != cur && l < best {
					best, bestW = l, w
				}
			}
			if best != cur {
				labels[id] = best
				moved = true
			}
		}
		if !moved {
			return
		}
	}
}

// rewrite applies membership changes to the communities concerned: new
// members, new summaries and embeddings, one Apply. It returns the members
// of communities deleted for having too few members left.
func (k *Keeper) rewrite(ctx context.Context, group string, byID map[string]core.Entity, joined, left map[string][]string) ([]string, error) {
	affected := slices.Sorted(maps.Keys(joined))
	for c := range left {
		if _, ok := joined[c]; !ok {
			affected = append(affected, c)
		}
	}
	sort.Strings(affected)
	olds, err := k.store.Communities(ctx, []string{group}, affected, core.GetOptions{})
	if err != nil {
		return nil, fmt.Errorf("read communities: %w", err)
	}
	sum, err := k.summarizer(ctx, group)
	if err != nil {
		return nil, err
	}
	ch := core.Change{Group: group}
	var orphans []string
	var sums []core.Summary
	for _, old := range olds {
		gone := map[string]bool{}
		for _, id := range left[old.UUID] {
			gone[id] = true
		}
		members := slices.DeleteFunc(slices.Clone(old.Members), func(m string) bool { return gone[m] })
		members = slices.Compact(slices.Sorted(slices.Values(append(members, joined[old.UUID]...))))
		if len(members) < k.comm.MinMembers {
			ch.DeleteCommunities = append(ch.DeleteCommunities, old.UUID)
			for _, m := range members {
				if _, touched := byID[m]; !touched {
					orphans = append(orphans, m)
				}
			}
			continue
		}
		s, err := k.resummarize(ctx, group, sum, old, members, byID, joined[old.UUID], left[old.UUID])
		if err != nil {
			return nil, err
		}
		cm := old
		cm.Name, cm.Summary, cm.Members = s.Name, s.Summary, members
		ch.Communities = append(ch.Communities, cm)
		sums = append(sums, s)
	}
	vecs, err := k.embedCommunities(ctx, sums)
	if err != nil {
		return nil, err
	}
	for i := range ch.Communities {
		ch.Communities[i].NameEmbedding = vecs[i]
	}
	if err := k.store.Apply(ctx, ch); err != nil {
		return nil, fmt.Errorf("write communities: %w", err)
	}
	return orphans, nil
}

// resummarize writes the summary of a community whose members changed.
// A failed model call falls back to the offline summary.
func (k *Keeper) resummarize(ctx context.Context, group string, sum *summarizer, old core.Community, members []string, byID map[string]core.Entity, joined, left []string) (core.Summary, error) {
	c, err := k.clusterOf(ctx, group, members)
	if err != nil {
		return core.Summary{}, err
	}
	inputs, err := k.summaryInputs(ctx, group, []cluster{c}, sum)
	if err != nil {
		return core.Summary{}, err
	}
	in := inputs[0]
	var news []summaryMember
	for _, id := range joined {
		x := byID[id]
		news = append(news, summaryMember{UUID: id, Name: x.Name, Summary: x.Summary, Degree: c.degree[id]})
	}
	var gone []string
	for _, id := range left {
		gone = append(gone, byID[id].Name)
	}
	s, err := sum.update(ctx, old, news, gone, in)
	if err != nil {
		if canceled(err) {
			return core.Summary{}, err
		}
		k.log.Warn("community summary written offline after a summarizer failure", "group", group, "community", old.UUID, "err", err)
		s = offlineSummary(in, sum.maxChars)
	}
	return s, nil
}

// clusterFacts bounds the facts read to weigh the members of one community
// during an incremental update (the newest first).
const clusterFacts = 5000

// clusterOf weighs the members of one community by their weighted degree
// inside it, from the current facts between them (the newest clusterFacts
// facts of a very large community).
func (k *Keeper) clusterOf(ctx context.Context, group string, members []string) (cluster, error) {
	c := cluster{members: members, degree: make(map[string]int, len(members))}
	in := make(map[string]bool, len(members))
	for _, m := range members {
		in[m] = true
	}
	facts, err := k.store.FactsOfEntities(ctx, group, members, clusterFacts)
	if err != nil {
		return c, fmt.Errorf("read community facts: %w", err)
	}
	for _, f := range facts {
		if f.SourceUUID != f.TargetUUID && in[f.SourceUUID] && in[f.TargetUUID] {
			c.degree[f.SourceUUID]++
			c.degree[f.TargetUUID]++
		}
	}
	return c, nil
}

// maybeRebuild starts a background rebuild of the group when its drift is
// past the threshold, unless one is already queued or running or the last
// one failed less than RebuildBackoff ago. The caller holds g.mu.
func (k *Keeper) maybeRebuild(g *communityGroup) {
	t := k.comm.DriftThreshold
	if t < 0 || g.building || g.scheduled || g.status().Drift <= t {
		return
	}
	if !g.failedAt.IsZero() && k.now().Sub(g.failedAt) < k.comm.RebuildBackoff {
		return
	}
	select {
	case <-k.closed:
		return
	default:
	}
	g.scheduled = true
	k.goFn(func() { k.rebuild(g) })
}

// rebuild runs a background rebuild of a group, cancelled when the owner
// closes.
func (k *Keeper) rebuild(g *communityGroup) {
	ctx, cancel := k.untilClosed(context.Background())
	defer cancel()
	defer func() {
		g.mu.Lock()
		g.scheduled = false
		g.mu.Unlock()
	}()
	select {
	case g.build <- struct{}{}:
	case <-ctx.Done():
		return
	}
	defer func() { <-g.build }()
	g.mu.Lock()
	drift := g.status().Drift
	g.mu.Unlock()
	if drift <= k.comm.DriftThreshold {
		return // a build finished while this one waited
	}
	rep, err := k.build(ctx, g)
	if err != nil {
		if !canceled(err) {
			g.mu.Lock()
			g.failedAt = k.now()
			g.mu.Unlock()
			k.log.Warn("rebuild communities", "group", g.name, "drift", drift, "err", err)
		}
		return
	}
	k.log.Info("communities rebuilt", "group", g.name, "drift", drift, "communities", rep.Communities,
		"members", rep.Members, "iterations", rep.Iterations, "calls", rep.Calls, "duration", rep.Duration)
}

// untilClosed returns a context that is also cancelled when the owner
// closes. Call cancel when done with it.
func (k *Keeper) untilClosed(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	go func() {
		select {
		case <-k.closed:
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}
