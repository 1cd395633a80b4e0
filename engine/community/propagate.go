package community

import (
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// Label propagation (Raghavan, Albert and Kumara, 2007), weighted by the
// number of current facts between two entities.
//
// Every entity starts with its own label. A sweep visits the entities in a
// shuffled order and gives each the label carrying the largest total weight
// among its neighbours. Updates are asynchronous: an entity sees the labels
// its neighbours received earlier in the same sweep, which is what keeps
// two entities joined by several facts, or the two sides of a bipartite
// graph, from swapping labels forever as they do under synchronous updates.
// Ties keep the entity's current label when it is among the best, so that
// an entity never moves between equally good labels; a tie between other
// labels is settled by a fair draw that is a pure function of the label,
// the entity and the sweep. (Taking the smallest label instead makes one
// label win every tie of the first sweep, and it floods clusters joined by
// a single fact.) A level stops after a sweep that changes nothing.
//
// Propagation on entities leaves sparse clusters in fragments: each
// fragment is stable because every member has as much weight inside it as
// towards the rest. So propagation runs again on the graph of the
// communities found, where a community counts the weight between its own
// members for its own label and joins a neighbouring community when at
// least as many facts link it to that neighbour as hold it together; and
// again, level after level, until no community merges. Clusters denser
// inside than between stay apart. MaxIterations caps the sweeps of all
// levels together, so a build always ends.
//
// The shuffle is drawn from a generator with a fixed seed and labels are
// indexes of entities sorted by uuid, so the same graph always gives the
// same communities, whatever order the store listed it in.

// propagationSeed seeds the visiting order. Any constant works; it is fixed
// so that builds are reproducible.
const propagationSeed = 0x6d6e656d6f

// adjacency is a weighted undirected graph in compressed sparse rows: the
// neighbours of node v are nbr[off[v]:off[v+1]] with weights wt[...].
type adjacency struct {
	nodes []string // sorted uuids; a node's index is its initial label
	off   []int32
	nbr   []int32
	wt    []int64
	// self is the weight inside each node when nodes are communities of a
	// finer level; nil at the level of entities.
	self []int64
}

// edge is one weighted pair of node indexes.
type edge struct {
	a, b int32
	w    int64
}

// newAdjacency indexes a projection. Edges naming unknown entities, self
// loops and non-positive weights are ignored; a pair listed twice adds up.
func newAdjacency(g core.EntityGraph) *adjacency {
	nodes := g.Nodes
	if !slices.IsSorted(nodes) {
		nodes = slices.Clone(nodes)
		slices.Sort(nodes)
	}
	nodes = slices.Compact(slices.Clip(nodes))
	index := make(map[string]int32, len(nodes))
	for i, id := range nodes {
		index[id] = int32(i)
	}
	edges := make([]edge, 0, len(g.Edges))
	for _, e := range g.Edges {
		a, okA := index[e.A]
		b, okB := index[e.B]
		if !okA || !okB || a == b || e.Weight <= 0 {
			continue
		}
		edges = append(edges, edge{a, b, int64(e.Weight)})
	}
	return compress(nodes, edges)
}

// compress builds the rows of a graph from its edges.
func compress(nodes []string, edges []edge) *adjacency {
	off := make([]int32, len(nodes)+1)
	for _, e := range edges {
		off[e.a+1]++
		off[e.b+1]++
	}
	for i := 1; i < len(off); i++ {
		off[i] += off[i-1]
	}
	nbr := make([]int32, off[len(nodes)])
	wt := make([]int64, len(nbr))
	next := slices.Clone(off[:len(nodes)])
	for _, e := range edges {
		nbr[next[e.a]], wt[next[e.a]] = e.b, e.w
		next[e.a]++
		nbr[next[e.b]], wt[next[e.b]] = e.a, e.w
		next[e.b]++
	}
	return &adjacency{nodes: nodes, off: off, nbr: nbr, wt: wt}
}

// aggregate returns the graph whose nodes are the labels of g (in
// increasing order), each weighted inside by the weight between its
// members, and, for each label, its node in that graph.
func aggregate(g *adjacency, labels []int32) (*adjacency, []int32, map[int32]int32) {
	distinct := slices.Compact(slices.Sorted(slices.Values(labels)))
	of := make(map[int32]int32, len(distinct))
	nodes := make([]string, len(distinct))
	for i, l := range distinct {
		of[l] = int32(i)
		nodes[i] = g.nodes[l]
	}
	self := make([]int64, len(distinct))
	between := map[[2]int32]int64{}
	for v := range g.nodes {
		a := of[labels[v]]
		for k := g.off[v]; k < g.off[v+1]; k++ {
			u := g.nbr[k]
			if int(u) < v {
				continue // each pair once
			}
			b := of[labels[u]]
			switch {
			case a == b:
				self[a] += g.wt[k]
			case a < b:
				between[[2]int32{a, b}] += g.wt[k]
			default:
				between[[2]int32{b, a}] += g.wt[k]
			}
		}
	}
	edges := make([]edge, 0, len(between))
	for k, w := range between {
		edges = append(edges, edge{k[0], k[1], w})
	}
	slices.SortFunc(edges, func(x, y edge) int {
		if x.a != y.a {
			return int(x.a - y.a)
		}
		return int(x.b - y.b)
	})
	agg := compress(nodes, edges)
	agg.self = self
	return agg, distinct, of
}

// pairs counts the distinct neighbour pairs.
func (g *adjacency) pairs() int { return len(g.nbr) / 2 }

// propagation is the outcome of label propagation.
type propagation struct {
	labels     []int32 // label of each node of the adjacency
	iterations int
	converged  bool
}

// propagate runs label propagation for at most maxIter sweeps (at least
// one). stop is polled between sweeps; when it returns true propagation
// ends early, unconverged.
func propagate(g *adjacency, maxIter int, stop func() bool) propagation {
	n := len(g.nodes)
	labels := make([]int32, n)
	order := make([]int32, n)
	for i := range labels {
		labels[i] = int32(i)
		order[i] = int32(i)
	}
	p := propagation{labels: labels, converged: true}
	if n == 0 {
		return p
	}
	rng := rand.New(rand.NewPCG(propagationSeed, uint64(n)))
	acc := make([]int64, n) // weight per label for the node being updated
	var seen []int32        // labels with a non-zero acc
	p.converged = false
	// On a community graph weights count double and a community's own
	// weight 2w-1, so that a tie between its inside and a neighbour goes to
	// the neighbour while any real difference decides as before.
	wmul := int64(1)
	if g.self != nil {
		wmul = 2
	}
	for p.iterations < max(maxIter, 1) {
		if stop != nil && stop() {
			return p
		}
		p.iterations++
		rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
		changed := 0
		for _, v := range order {
			lo, hi := g.off[v], g.off[v+1]
			if lo == hi {
				continue
			}
			if g.self != nil && g.self[v] > 0 {
				seen = append(seen, labels[v])
				acc[labels[v]] = 2*g.self[v] - 1
			}
			for k := lo; k < hi; k++ {
				l := labels[g.nbr[k]]
				if acc[l] == 0 {
					seen = append(seen, l)
				}
				acc[l] += wmul * g.wt[k]
			}
			cur := labels[v]
			best, bestW := cur, acc[cur]
			bestH := uint64(0)
			for _, l := range seen {
				w := acc[l]
				if w < bestW || w == bestW && best == cur {
					continue
				}
				// A tie between labels other than the current one goes to
				// the label with the smallest hash of (label, node, sweep):
				// a fair draw that does not depend on the order neighbours
				// are listed in.
				h := tieHash(l, v, p.iterations)
				if w > bestW || h < bestH || h == bestH && l < best {
					best, bestW, bestH = l, w, h
				}
			}
			for _, l := range seen {
				acc[l] = 0
			}
			seen = seen[:0]
			if best != cur {
				labels[v] = best
				changed++
			}
		}
		if changed == 0 {
			p.converged = true
			return p
		}
	}
	return p
}

// propagateLevels runs label propagation on the entities, then on the
// graph of the communities found, level after level, until no community
// merges (see the comment at the top of the file). maxIter caps the sweeps
// of all levels together.
func propagateLevels(g *adjacency, maxIter int, stop func() bool) propagation {
	maxIter = max(maxIter, 1)
	p := propagate(g, maxIter, stop)
	for p.converged && p.iterations < maxIter {
		agg, distinct, of := aggregate(g, p.labels)
		q := propagate(agg, maxIter-p.iterations, stop)
		p.iterations += q.iterations
		p.converged = q.converged
		if q.converged && q.iterations <= 1 {
			break // no community merged
		}
		for v, l := range p.labels {
			p.labels[v] = distinct[q.labels[of[l]]]
		}
	}
	return p
}

// tieHash mixes a label, a node and a sweep number into 64 bits
// (splitmix64's finalizer).
func tieHash(label, node int32, sweep int) uint64 {
	x := uint64(uint32(label))<<32 | uint64(uint32(node))
	x ^= uint64(sweep) * 0x9e3779b97f4a7c15
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// cluster is a community found by propagation: its members, sorted, and
// each member's weighted degree inside the community.
type cluster struct {
	members []string
	degree  map[string]int
}

// clusters groups the nodes by label, drops clusters smaller than
// minMembers and orders the rest by size (largest first), then by their
// smallest member.
func clusters(g *adjacency, labels []int32, minMembers int) []cluster {
	byLabel := map[int32][]int32{}
	for v, l := range labels {
		byLabel[l] = append(byLabel[l], int32(v))
	}
	var out []cluster
	for l, vs := range byLabel {
		if len(vs) < minMembers {
			continue
		}
		c := cluster{members: make([]string, len(vs)), degree: make(map[string]int, len(vs))}
		for i, v := range vs {
			id := g.nodes[v]
			c.members[i] = id
			d := 0
			for k := g.off[v]; k < g.off[v+1]; k++ {
				if labels[g.nbr[k]] == l {
					d += int(g.wt[k])
				}
			}
			c.degree[id] = d
		}
		sort.Strings(c.members)
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i].members) != len(out[j].members) {
			return len(out[i].members) > len(out[j].members)
		}
		return out[i].members[0] < out[j].members[0]
	})
	return out
}

// central returns up to n members, most central first: by weighted degree
// inside the community, then by uuid.
func (c *cluster) central(n int) []string {
	ids := slices.Clone(c.members)
	sort.SliceStable(ids, func(i, j int) bool {
		di, dj := c.degree[ids[i]], c.degree[ids[j]]
		if di != dj {
			return di > dj
		}
		return strings.Compare(ids[i], ids[j]) < 0
	})
	if len(ids) > n {
		ids = ids[:n]
	}
	return ids
}
