package community

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// readChunk bounds the uuids sent in one store read.
const readChunk = 2000

// embedChunk bounds the texts sent in one embedding call.
const embedChunk = 256

// maxSummaryFacts bounds the facts a community's summary input keeps.
const maxSummaryFacts = 200

// build runs a full build of g's group. The caller holds g.build.
//
// Label propagation runs in Go on the projection the store reads in one
// query (EntityGraph) rather than in Kuzu's algo extension: that extension
// has no label propagation (its Louvain works on one node table and one
// relationship table, while facts are nodes between entities), and running
// it here gives the deterministic tie-break, the iteration cap and the same
// rules as the incremental update, on any Store.
func (k *Keeper) build(ctx context.Context, g *communityGroup) (rep Report, err error) {
	meter := core.NewMeter()
	ctx = core.WithMeter(ctx, meter)
	start := k.now()
	rep = Report{Group: g.name}
	g.mu.Lock()
	g.building = true
	g.mu.Unlock()
	wrote := false
	defer func() {
		if !wrote {
			g.write.Lock()
			k.endBuild(ctx, g)
			g.write.Unlock()
		}
		rep.Usage, rep.ByPrompt = meter.Total(), meter.Snapshot()
		rep.Duration = k.now().Sub(start)
	}()

	snap := k.now()
	graph, err := k.store.EntityGraph(ctx, g.name)
	if err != nil {
		return rep, fmt.Errorf("read entity graph: %w", err)
	}
	adj := newAdjacency(graph)
	rep.Entities, rep.Pairs = len(adj.nodes), adj.pairs()
	t := k.now()
	rep.Read = t.Sub(snap)
	p := propagateLevels(adj, k.comm.MaxIterations, func() bool { return ctx.Err() != nil })
	if err := ctx.Err(); err != nil {
		return rep, fmt.Errorf("build communities: %w", err)
	}
	rep.Propagation, t = k.now().Sub(t), k.now()
	rep.Iterations, rep.Converged = p.iterations, p.converged
	cs := clusters(adj, p.labels, k.comm.MinMembers)
	for _, c := range cs {
		rep.Members += len(c.members)
	}
	rep.Communities, rep.Unassigned = len(cs), rep.Entities-rep.Members

	sum, err := k.summarizer(ctx, g.name)
	if err != nil {
		return rep, err
	}
	inputs, err := k.summaryInputs(ctx, g.name, cs, sum)
	if err != nil {
		return rep, err
	}
	sums, fallbacks, err := k.summarizeAll(ctx, g.name, sum, inputs)
	rep.Calls, rep.Fallbacks = int(sum.calls.Load()), fallbacks
	if err != nil {
		return rep, err
	}
	vecs, err := k.embedCommunities(ctx, sums)
	if err != nil {
		return rep, err
	}
	rep.Summaries, t = k.now().Sub(t), k.now()

	g.write.Lock()
	defer g.write.Unlock()
	wrote = true
	defer k.endBuild(ctx, g)
	old, err := k.allCommunities(ctx, g.name)
	if err != nil {
		return rep, err
	}
	ids := reuseIDs(cs, old)
	ch := core.Change{Group: g.name, Communities: make([]core.Community, len(cs))}
	for _, o := range old {
		ch.DeleteCommunities = append(ch.DeleteCommunities, o.UUID)
	}
	for i, c := range cs {
		if ids[i] == "" {
			ids[i] = core.NewID(snap)
		}
		ch.Communities[i] = core.Community{
			UUID: ids[i], GroupID: g.name, Name: sums[i].Name, Summary: sums[i].Summary,
			NameEmbedding: vecs[i], Members: c.members, CreatedAt: snap,
		}
	}
	if err := k.store.Apply(ctx, ch); err != nil {
		return rep, fmt.Errorf("write communities: %w", err)
	}
	rep.Write = k.now().Sub(t)
	g.mu.Lock()
	g.loaded, g.built, g.base, g.added, g.changed = true, snap, len(adj.nodes), 0, map[string]bool{}
	g.failedAt = time.Time{}
	g.mu.Unlock()
	return rep, nil
}

// endBuild extends the communities with the entities ingested while the
// build ran, then lets ingestion update the group directly again. The
// caller holds g.write.
func (k *Keeper) endBuild(ctx context.Context, g *communityGroup) {
	for {
		g.mu.Lock()
		ids := g.pending
		g.pending = nil
		if len(ids) == 0 || ctx.Err() != nil {
			g.building = false
			g.mu.Unlock()
			return
		}
		g.mu.Unlock()
		if err := k.extend(ctx, g, ids); err != nil && !canceled(err) {
			k.log.Warn("extend communities after a build", "group", g.name, "entities", len(ids), "err", err)
		}
	}
}

// allCommunities reads every community of a group, members included.
func (k *Keeper) allCommunities(ctx context.Context, group string) ([]core.Community, error) {
	var out []core.Community
	opts := core.ListOptions{Limit: 1000}
	for {
		page, err := k.store.ListCommunities(ctx, group, opts)
		if err != nil {
			return nil, fmt.Errorf("list communities: %w", err)
		}
		out = append(out, page.Items...)
		if page.Next == "" {
			return out, nil
		}
		opts.Cursor = page.Next
	}
}

// reuseIDs gives each new cluster the uuid of the previous community it
// shares the most members with, each previous uuid going to one cluster at
// most, largest overlaps first; "" where nothing overlaps.
func reuseIDs(cs []cluster, old []core.Community) []string {
	owner := map[string]int{}
	for i, o := range old {
		for _, m := range o.Members {
			owner[m] = i
		}
	}
	type pair struct{ c, o, n int }
	overlap := map[[2]int]int{}
	for i, c := range cs {
		for _, m := range c.members {
			if o, ok := owner[m]; ok {
				overlap[[2]int{i, o}]++
			}
		}
	}
	pairs := make([]pair, 0, len(overlap))
	for k, n := range overlap {
		pairs = append(pairs, pair{k[0], k[1], n})
	}
	sort.Slice(pairs, func(i, j int) bool {
		a, b := pairs[i], pairs[j]
		if a.n != b.n {
			return a.n > b.n
		}
		if a.c != b.c {
			return a.c < b.c
		}
		return a.o < b.o
	})
	ids := make([]string, len(cs))
	used := make([]bool, len(old))
	for _, p := range pairs {
		if ids[p.c] == "" && !used[p.o] {
			ids[p.c], used[p.o] = old[p.o].UUID, true
		}
	}
	return ids
}

// summaryInputs reads what each cluster's summary is written from (see
// summarizer.reach): its most central members with their names and
// summaries, and the current facts between members that touch the most
// central of them, most central first (by the degrees of their ends, then
// newest, then by text). Reads are batched across clusters.
func (k *Keeper) summaryInputs(ctx context.Context, group string, cs []cluster, sum *summarizer) ([]summaryInput, error) {
	top, factTop := sum.reach()
	owner := map[string]int{}
	tops := make([][]string, len(cs))
	var topIDs []string
	for i := range cs {
		for _, m := range cs[i].members {
			owner[m] = i
		}
		tops[i] = cs[i].central(top)
		topIDs = append(topIDs, tops[i][:min(factTop, len(tops[i]))]...)
	}
	now := k.now()
	facts := make([][]core.Fact, len(cs))
	seen := map[string]bool{}
	for lo := 0; lo < len(topIDs); lo += readChunk {
		fs, err := k.store.FactsOfEntities(ctx, group, topIDs[lo:min(lo+readChunk, len(topIDs))], 0)
		if err != nil {
			return nil, fmt.Errorf("read community facts: %w", err)
		}
		for _, f := range fs {
			a, okA := owner[f.SourceUUID]
			b, okB := owner[f.TargetUUID]
			if !okA || !okB || a != b || f.SourceUUID == f.TargetUUID || seen[f.UUID] || !f.Current(now) {
				continue
			}
			seen[f.UUID] = true
			facts[a] = append(facts[a], f)
		}
	}
	want := map[string]bool{}
	for i := range cs {
		deg := cs[i].degree
		fs := facts[i]
		sort.SliceStable(fs, func(x, y int) bool {
			cx := deg[fs[x].SourceUUID] + deg[fs[x].TargetUUID]
			cy := deg[fs[y].SourceUUID] + deg[fs[y].TargetUUID]
			if cx != cy {
				return cx > cy
			}
			if !fs[x].CreatedAt.Equal(fs[y].CreatedAt) {
				return fs[x].CreatedAt.After(fs[y].CreatedAt)
			}
			if fs[x].Text != fs[y].Text {
				return fs[x].Text < fs[y].Text
			}
			return fs[x].UUID < fs[y].UUID
		})
		if len(fs) > maxSummaryFacts {
			fs = fs[:maxSummaryFacts]
		}
		facts[i] = fs
		for _, id := range tops[i] {
			want[id] = true
		}
		for _, f := range fs {
			want[f.SourceUUID], want[f.TargetUUID] = true, true
		}
	}
	ids := make([]string, 0, len(want))
	for id := range want {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	ents := make(map[string]core.Entity, len(ids))
	for lo := 0; lo < len(ids); lo += readChunk {
		es, err := k.store.Entities(ctx, []string{group}, ids[lo:min(lo+readChunk, len(ids))], core.GetOptions{})
		if err != nil {
			return nil, fmt.Errorf("read community members: %w", err)
		}
		for _, x := range es {
			ents[x.UUID] = x
		}
	}
	out := make([]summaryInput, len(cs))
	for i := range cs {
		in := summaryInput{Size: len(cs[i].members), Facts: facts[i], Names: map[string]string{}}
		for _, id := range tops[i] {
			if x, ok := ents[id]; ok {
				in.Members = append(in.Members, summaryMember{UUID: id, Name: x.Name, Summary: x.Summary, Degree: cs[i].degree[id]})
			}
		}
		for _, f := range facts[i] {
			in.Names[f.SourceUUID], in.Names[f.TargetUUID] = ents[f.SourceUUID].Name, ents[f.TargetUUID].Name
		}
		out[i] = in
	}
	return out, nil
}

// summarizeAll summarizes every community, SummaryWorkers at a time when a
// model writes them. A community whose calls fail gets its offline summary
// (counted in fallbacks); a done context stops everything.
func (k *Keeper) summarizeAll(ctx context.Context, group string, sum *summarizer, inputs []summaryInput) ([]core.Summary, int, error) {
	out := make([]core.Summary, len(inputs))
	if sum.offline() {
		for i, in := range inputs {
			out[i] = offlineSummary(in, sum.maxChars)
		}
		return out, 0, nil
	}
	var (
		mu        sync.Mutex
		fallbacks int
		firstErr  error
		wg        sync.WaitGroup
	)
	next := make(chan int)
	for range min(k.comm.SummaryWorkers, len(inputs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				s, err := sum.summarize(ctx, inputs[i])
				if err != nil {
					if ctx.Err() != nil {
						continue
					}
					mu.Lock()
					fallbacks++
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					s = offlineSummary(inputs[i], sum.maxChars)
				}
				out[i] = s
			}
		}()
	}
	for i := range inputs {
		select {
		case next <- i:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, fallbacks, fmt.Errorf("summarize communities: %w", err)
	}
	if firstErr != nil {
		k.log.Warn("community summaries written offline after summarizer failures", "group", group, "communities", fallbacks, "err", firstErr)
	}
	return out, fallbacks, nil
}

// embedCommunities embeds each community's name followed by its summary.
func (k *Keeper) embedCommunities(ctx context.Context, sums []core.Summary) ([][]float32, error) {
	out := make([][]float32, 0, len(sums))
	for lo := 0; lo < len(sums); lo += embedChunk {
		batch := sums[lo:min(lo+embedChunk, len(sums))]
		texts := make([]string, len(batch))
		for i, s := range batch {
			texts[i] = Text(s)
		}
		vecs, err := k.embedder.Embed(ctx, texts)
		if err != nil {
			return nil, fmt.Errorf("embed communities: %w", err)
		}
		if len(vecs) != len(texts) {
			return nil, fmt.Errorf("embed communities: %w: the embedder returned %d vectors for %d texts", core.ErrUnavailable, len(vecs), len(texts))
		}
		out = append(out, vecs...)
	}
	return out, nil
}

// Text is the text a community's embedding is made from.
func Text(s core.Summary) string { return s.Name + "\n" + s.Summary }
