// Package hnsw is an in-memory approximate nearest-neighbour index of
// vectors under cosine similarity: a hierarchical navigable small world
// graph (Malkov and Yashunin, 2018), with the neighbour-selection
// heuristic of the paper's fourth algorithm.
//
// The store keeps one beside each of Kuzu's vector tables that is large
// enough (see the kuzu package's vecindex.go), keyed by the row's offset
// in the table, and rebuilds it when the store opens. Kuzu's own HNSW
// index keeps its graph in the database: an insert updates neighbour
// lists stored as relationship tables and costs about 3 ms at 20,000
// vectors, growing with the table, and the updates fill the WAL that
// checkpoints rewrite. Here an insert costs a few tenths of a millisecond
// and writes nothing.
//
// The graph is held in flat slices: vectors, normalized, one after
// another; each node's neighbour lists as node numbers. A deleted node
// stays in the graph as a waypoint, marked dead, and is never returned;
// the index is rebuilt without them when the store next opens. Memory:
// 4 bytes a dimension a vector, about 150 bytes of links and 60 of
// bookkeeping (1.2 KiB a 256-dimension vector).
//
// An Index is safe for concurrent use: searches share a read lock, writes
// take the write lock.
package hnsw

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"gonum.org/v1/gonum/blas/blas32"
)

// Parameters. M neighbours a node above the bottom layer, 2M on it, and a
// beam of efConstruction while inserting: the paper's and hnswlib's
// defaults, which TestRecall holds to 0.98 of the exact top 10 on
// clustered data with a search beam of 64.
const (
	defaultM       = 16
	efConstruction = 100
)

// Hit is a key found by Search and its cosine similarity to the query.
type Hit struct {
	Key   int64
	Score float64
}

// Index is an HNSW graph over vectors of one dimension.
type Index struct {
	mu    sync.RWMutex
	dim   int
	m, m0 int
	ml    float64
	rng   *rand.Rand

	vecs  []float32 // node i's unit vector at [i*dim, (i+1)*dim)
	keys  []int64
	links [][][]int32 // node → layer → neighbours
	dead  []bool
	byKey map[int64]int32
	live  int

	entry    int32 // -1 when empty
	topLayer int

	visited sync.Pool // *visitSet
}

// New returns an empty index of dim-dimension vectors.
func New(dim int) *Index {
	return &Index{
		dim: dim, m: defaultM, m0: 2 * defaultM, ml: 1 / math.Log(defaultM),
		rng:   rand.New(rand.NewPCG(38, 20000)),
		byKey: map[int64]int32{},
		entry: -1,
	}
}

// Len returns how many live vectors the index holds.
func (x *Index) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.live
}

// Dead returns how many deleted vectors still serve as waypoints.
func (x *Index) Dead() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.keys) - x.live
}

// Has reports whether key has a live vector.
func (x *Index) Has(key int64) bool {
	x.mu.RLock()
	defer x.mu.RUnlock()
	_, ok := x.byKey[key]
	return ok
}

// Add inserts vec under key, replacing key's vector if it has one. A
// vector of the wrong dimension is ignored.
func (x *Index) Add(key int64, vec []float32) {
	if len(vec) != x.dim {
		return
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.deleteLocked(key)
	id := int32(len(x.keys))
	x.keys = append(x.keys, key)
	x.vecs = append(x.vecs, vec...)
	normalize(x.vecs[int(id)*x.dim:])
	x.dead = append(x.dead, false)
	level := x.randomLevel()
	layers := make([][]int32, level+1)
	for l := range layers {
		layers[l] = make([]int32, 0, x.maxLinks(l))
	}
	x.links = append(x.links, layers)
	x.byKey[key] = id
	x.live++
	if x.entry < 0 {
		x.entry, x.topLayer = id, level
		return
	}
	q := x.vec(id)
	vs := x.visitSet()
	defer x.visited.Put(vs)
	ep := []cand{{x.entry, x.sim(q, x.entry)}}
	for l := x.topLayer; l > level; l-- {
		ep = x.searchLayer(q, ep, 1, l, vs)
	}
	for l := min(level, x.topLayer); l >= 0; l-- {
		found := x.searchLayer(q, ep, efConstruction, l, vs)
		nb := x.selectNeighbours(found, x.m)
		x.links[id][l] = append(x.links[id][l], nb...)
		for _, n := range nb {
			x.link(n, id, l)
		}
		ep = found
	}
	if level > x.topLayer {
		x.entry, x.topLayer = id, level
	}
}

// Delete removes key's vector from the results; it stays in the graph as
// a waypoint. It reports whether key had one.
func (x *Index) Delete(key int64) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.deleteLocked(key)
}

func (x *Index) deleteLocked(key int64) bool {
	id, ok := x.byKey[key]
	if !ok {
		return false
	}
	delete(x.byKey, key)
	x.dead[id] = true
	x.live--
	return true
}

// Rekey gives every live vector the key that to returns for its key, and
// deletes those it has none for (ok false); the graph is unchanged. The
// new keys must be distinct. The store rekeys an index when the rows'
// offsets change but the vectors do not (a compaction rewrites the
// table without its deleted rows).
func (x *Index) Rekey(to func(key int64) (newKey int64, ok bool)) {
	x.mu.Lock()
	defer x.mu.Unlock()
	byKey := make(map[int64]int32, len(x.byKey))
	for key, id := range x.byKey {
		nk, ok := to(key)
		if !ok {
			x.dead[id] = true
			x.live--
			continue
		}
		x.keys[id] = nk
		byKey[nk] = id
	}
	x.byKey = byKey
}

// Search returns up to k live vectors most similar to vec, best first,
// exploring a beam of ef (at least k) on the bottom layer.
func (x *Index) Search(vec []float32, k, ef int) []Hit {
	if len(vec) != x.dim || k <= 0 {
		return nil
	}
	q := slices.Clone(vec)
	normalize(q)
	x.mu.RLock()
	defer x.mu.RUnlock()
	if x.entry < 0 {
		return nil
	}
	vs := x.visitSet()
	defer x.visited.Put(vs)
	ep := []cand{{x.entry, x.sim(q, x.entry)}}
	for l := x.topLayer; l > 0; l-- {
		ep = x.searchLayer(q, ep, 1, l, vs)
	}
	found := x.searchLayer(q, ep, max(ef, k), 0, vs)
	hits := make([]Hit, 0, k)
	for _, c := range found {
		if !x.dead[c.id] {
			hits = append(hits, Hit{x.keys[c.id], float64(c.sim)})
			if len(hits) == k {
				break
			}
		}
	}
	return hits
}

// Score returns the similarity of vec to the live vector of each of keys,
// exactly, for the keys that have one (a search of few known vectors,
// without the graph).
func (x *Index) Score(vec []float32, keys []int64) []Hit {
	if len(vec) != x.dim {
		return nil
	}
	q := slices.Clone(vec)
	normalize(q)
	x.mu.RLock()
	defer x.mu.RUnlock()
	hits := make([]Hit, 0, len(keys))
	for _, k := range keys {
		if id, ok := x.byKey[k]; ok {
			hits = append(hits, Hit{k, float64(x.sim(q, id))})
		}
	}
	return hits
}

// cand is a node and its similarity to the query.
type cand struct {
	id  int32
	sim float32
}

// searchLayer returns the ef nodes of layer l nearest q found from the
// entry points ep, best first. Dead nodes are explored and returned like
// the others (they keep the graph connected); Search drops them.
func (x *Index) searchLayer(q []float32, ep []cand, ef, l int, vs *visitSet) []cand {
	vs.reset(len(x.keys))
	// frontier: best first (a max-heap on sim); result: worst first (a
	// min-heap), at most ef.
	frontier := make(candHeap, 0, ef)
	result := make(candHeap, 0, ef+1)
	for _, c := range ep {
		vs.mark(c.id)
		frontier.push(c, true)
		result.push(c, false)
	}
	for len(result) > ef {
		result.pop(false)
	}
	for len(frontier) > 0 {
		c := frontier.pop(true)
		if len(result) >= ef && c.sim < result[0].sim {
			break
		}
		for _, n := range x.links[c.id][l] {
			if !vs.mark(n) {
				continue
			}
			s := x.sim(q, n)
			if len(result) < ef || s > result[0].sim {
				frontier.push(cand{n, s}, true)
				result.push(cand{n, s}, false)
				if len(result) > ef {
					result.pop(false)
				}
			}
		}
	}
	sortBestFirst(result)
	return result
}

// sortBestFirst orders candidates by similarity, best first, ties by node.
func sortBestFirst(cs []cand) {
	slices.SortFunc(cs, func(a, b cand) int {
		return cmp.Or(cmp.Compare(b.sim, a.sim), cmp.Compare(a.id, b.id))
	})
}

// selectNeighbours picks up to m of the candidates, best first, each
// nearer the new node than any already picked (the heuristic keeps links
// into other clusters), then fills up with the best of the rest.
func (x *Index) selectNeighbours(cands []cand, m int) []int32 {
	if len(cands) <= m {
		out := make([]int32, len(cands))
		for i, c := range cands {
			out[i] = c.id
		}
		return out
	}
	out := make([]int32, 0, m)
	var skipped []int32
	for _, c := range cands {
		if len(out) == m {
			break
		}
		keep := true
		for _, o := range out {
			if x.sim(x.vec(c.id), o) > c.sim {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, c.id)
		} else {
			skipped = append(skipped, c.id)
		}
	}
	for _, s := range skipped {
		if len(out) == m {
			break
		}
		out = append(out, s)
	}
	return out
}

// link adds id to n's neighbours on layer l. A full list keeps its
// nearest: re-selecting it by the heuristic cost a fifth of the time of
// an insert (all pairs of neighbours compared) for no recall measured.
func (x *Index) link(n, id int32, l int) {
	nb := x.links[n][l]
	if max := x.maxLinks(l); len(nb) < max {
		x.links[n][l] = append(nb, id)
		return
	}
	v := x.vec(n)
	cands := make([]cand, 0, len(nb)+1)
	for _, o := range append(nb, id) {
		cands = append(cands, cand{o, x.sim(v, o)})
	}
	sortBestFirst(cands)
	keep := nb[:0]
	for _, c := range cands[:x.maxLinks(l)] {
		keep = append(keep, c.id)
	}
	x.links[n][l] = keep
}

func (x *Index) maxLinks(l int) int {
	if l == 0 {
		return x.m0
	}
	return x.m
}

func (x *Index) randomLevel() int {
	u := 1 - x.rng.Float64() // (0, 1]
	return min(int(-math.Log(u)*x.ml), 16)
}

func (x *Index) vec(id int32) []float32 {
	return x.vecs[int(id)*x.dim : int(id+1)*x.dim]
}

func (x *Index) sim(q []float32, id int32) float32 {
	return dot(q, x.vec(id))
}

// dot is the dot product of a and b (b at least as long as a), by BLAS's
// sdot: gonum's kernel in assembly (SSE on amd64) runs three times the
// speed of a loop in Go on vectors in cache, and a quarter faster on the
// random reads of a search.
func dot(a, b []float32) float32 {
	return blas32.Implementation().Sdot(len(a), a, 1, b, 1)
}

// normalize scales v to unit length in place (a zero vector stays zero:
// its similarity to anything is 0).
func normalize(v []float32) {
	var n float64
	for _, f := range v {
		n += float64(f) * float64(f)
	}
	if n == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(n))
	for i := range v {
		v[i] *= inv
	}
}

// visitSet marks the nodes a search has seen: a stamp a node, so that
// clearing it between searches costs nothing.
type visitSet struct {
	stamp []uint32
	cur   uint32
}

func (x *Index) visitSet() *visitSet {
	if v, ok := x.visited.Get().(*visitSet); ok {
		return v
	}
	return &visitSet{}
}

func (v *visitSet) reset(n int) {
	if len(v.stamp) < n {
		v.stamp = append(v.stamp, make([]uint32, n-len(v.stamp)+n/4)...)
	}
	v.cur++
	if v.cur == 0 {
		clear(v.stamp)
		v.cur = 1
	}
}

// mark reports whether id was not yet seen, and marks it.
func (v *visitSet) mark(id int32) bool {
	if v.stamp[id] == v.cur {
		return false
	}
	v.stamp[id] = v.cur
	return true
}

// candHeap is a binary heap of candidates: a max-heap on sim when best is
// true, a min-heap otherwise.
type candHeap []cand

func (h candHeap) less(i, j int, best bool) bool {
	if best {
		return h[i].sim > h[j].sim
	}
	return h[i].sim < h[j].sim
}

func (h *candHeap) push(c cand, best bool) {
	*h = append(*h, c)
	s := *h
	for i := len(s) - 1; i > 0; {
		p := (i - 1) / 2
		if !s.less(i, p, best) {
			break
		}
		s[i], s[p] = s[p], s[i]
		i = p
	}
}

func (h *candHeap) pop(best bool) cand {
	s := *h
	top := s[0]
	n := len(s) - 1
	s[0] = s[n]
	s = s[:n]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < n && s.less(l, m, best) {
			m = l
		}
		if r < n && s.less(r, m, best) {
			m = r
		}
		if m == i {
			break
		}
		s[i], s[m] = s[m], s[i]
		i = m
	}
	*h = s
	return top
}
