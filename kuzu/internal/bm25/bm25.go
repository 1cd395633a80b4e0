// Package bm25 is an in-memory BM25 index with one independent sub-index per
// group, so that each tenant's document frequencies and lengths are its own.
//
// The kuzu store keeps the texts in Kuzu and this index beside them: it is
// built from the stored texts when the store opens and updated after each
// committed write. Kuzu 0.11.3's full-text extension is not used because its
// incremental maintenance loses committed rows and crashes the process (see
// the kuzu package documentation).
package bm25

import (
	"hash/fnv"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/kljensen/snowball/english"
)

// BM25 parameters (Robertson's usual values).
const (
	k1 = 1.2
	b  = 0.75
)

// Terms analyzes text into index terms: lower case, split on anything but
// letters and digits, English stop words and one-letter words dropped,
// words stemmed with Porter2.
func Terms(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		w = strings.ToLower(w)
		if len(w) < 2 || english.IsStopWord(w) {
			continue
		}
		out = append(out, english.Stem(w, false))
	}
	return out
}

// Index is a BM25 index of documents partitioned by group. It is safe for
// concurrent use.
type Index struct {
	mu     sync.RWMutex
	groups map[string]*group
}

// New returns an empty index.
func New() *Index { return &Index{groups: map[string]*group{}} }

// group is the sub-index of one group. Document slots are append-only: a
// deleted or replaced document leaves a tombstone (ids[slot] == "") that
// searches skip, and the group is compacted when tombstones outnumber live
// documents.
type group struct {
	ids    []string
	lens   []uint32
	hashes []uint64
	terms  [][]uint32 // distinct term ids of each slot
	slot   map[string]int32
	vocab  map[string]uint32
	post   []postings
	live   int
	total  uint64 // sum of live lengths
	dead   int
}

type postings struct {
	slots []int32
	tfs   []uint16
	df    int // live documents containing the term
}

func newGroup() *group {
	return &group{slot: map[string]int32{}, vocab: map[string]uint32{}}
}

func textHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// Put indexes text as document id of group, replacing any earlier text of
// id. Putting the same text again is a no-op.
func (ix *Index) Put(group, id, text string) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	g := ix.groups[group]
	if g == nil {
		g = newGroup()
		ix.groups[group] = g
	}
	h := textHash(text)
	if s, ok := g.slot[id]; ok {
		if g.hashes[s] == h {
			return
		}
		g.remove(s)
	}
	g.add(id, text, h)
	if g.dead > 1024 && g.dead > g.live {
		g.compact()
	}
}

// Delete removes document id of group, if indexed.
func (ix *Index) Delete(group, id string) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	g := ix.groups[group]
	if g == nil {
		return
	}
	if s, ok := g.slot[id]; ok {
		g.remove(s)
	}
}

// DropGroup removes every document of group.
func (ix *Index) DropGroup(group string) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	delete(ix.groups, group)
}

// Len returns the number of live documents of group.
func (ix *Index) Len(group string) int {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if g := ix.groups[group]; g != nil {
		return g.live
	}
	return 0
}

func (g *group) add(id, text string, h uint64) {
	s := int32(len(g.ids))
	counts := map[uint32]int{}
	n := 0
	for _, t := range Terms(text) {
		tid, ok := g.vocab[t]
		if !ok {
			tid = uint32(len(g.post))
			g.vocab[t] = tid
			g.post = append(g.post, postings{})
		}
		counts[tid]++
		n++
	}
	distinct := make([]uint32, 0, len(counts))
	for tid, c := range counts {
		p := &g.post[tid]
		p.slots = append(p.slots, s)
		p.tfs = append(p.tfs, uint16(min(c, math.MaxUint16)))
		p.df++
		distinct = append(distinct, tid)
	}
	g.ids = append(g.ids, id)
	g.lens = append(g.lens, uint32(n))
	g.hashes = append(g.hashes, h)
	g.terms = append(g.terms, distinct)
	g.slot[id] = s
	g.live++
	g.total += uint64(n)
}

func (g *group) remove(s int32) {
	delete(g.slot, g.ids[s])
	for _, tid := range g.terms[s] {
		g.post[tid].df--
	}
	g.total -= uint64(g.lens[s])
	g.ids[s], g.terms[s] = "", nil
	g.live--
	g.dead++
}

// compact rebuilds the group without tombstones.
func (g *group) compact() {
	old := g
	ng := newGroup()
	remap := make([]int32, len(old.ids))
	for s, id := range old.ids {
		remap[s] = -1
		if id == "" {
			continue
		}
		ns := int32(len(ng.ids))
		remap[s] = ns
		ng.ids = append(ng.ids, id)
		ng.lens = append(ng.lens, old.lens[s])
		ng.hashes = append(ng.hashes, old.hashes[s])
		ng.slot[id] = ns
		ng.live++
		ng.total += uint64(old.lens[s])
	}
	// Keep term ids; drop dead postings.
	ng.vocab = old.vocab
	ng.post = make([]postings, len(old.post))
	for tid, p := range old.post {
		var np postings
		for i, s := range p.slots {
			if ns := remap[s]; ns >= 0 {
				np.slots = append(np.slots, ns)
				np.tfs = append(np.tfs, p.tfs[i])
			}
		}
		np.df = len(np.slots)
		ng.post[tid] = np
	}
	ng.terms = make([][]uint32, len(ng.ids))
	for s, id := range old.ids {
		if id != "" {
			ng.terms[remap[s]] = old.terms[s]
		}
	}
	*g = *ng
}

// Hit is one scored document.
type Hit struct {
	ID    string
	Score float64
}

// Top returns the n best documents of groups for query, best first (ties by
// id), and whether more documents matched. Each group is scored with its own
// statistics.
func (ix *Index) Top(groups []string, query string, n int) (hits []Hit, more bool) {
	terms := Terms(query)
	if len(terms) == 0 || n <= 0 {
		return nil, false
	}
	seen := map[string]bool{}
	uniq := terms[:0:0]
	for _, t := range terms {
		if !seen[t] {
			seen[t] = true
			uniq = append(uniq, t)
		}
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	matched := 0
	for _, name := range groups {
		g := ix.groups[name]
		if g == nil || g.live == 0 {
			continue
		}
		best, m := g.top(uniq, n)
		hits = append(hits, best...)
		matched += m
	}
	sort.Slice(hits, func(i, j int) bool { return better(hits[i], hits[j]) })
	if len(hits) > n {
		hits = hits[:n]
	}
	return hits, matched > len(hits)
}

// queryTerm is one term of a query in a group: its postings, its weight
// and the most it can add to a document's score.
type queryTerm struct {
	word string
	p    *postings
	idf  float64
}

// bound is the most the term adds to a score: its tf factor is below k1+1.
func (t queryTerm) bound() float64 { return t.idf * (k1 + 1) }

// top returns the n best documents of g for the distinct terms words (not
// in order) and how many documents matched, at least.
//
// The terms are scored rarest first (largest bound first), one term at a
// time. Once n documents have a score, the n-th best of them is a floor
// that only rises; when the bounds of the terms not scored yet add up to
// less than it, a document none of the scored terms matched cannot reach
// the best n (MaxScore, Turtle and Flood 1995), so the remaining terms
// only add to the documents already found, by binary search in their
// postings when those are much longer. A query of a rare name and common
// words then costs about the name's postings, not the common words'. The
// count of matches is exact unless such a skipped document exists, when it
// is past the documents found: more than n either way.
func (g *group) top(words []string, n int) ([]Hit, int) {
	var qs []queryTerm
	for _, w := range words {
		tid, ok := g.vocab[w]
		if !ok {
			continue
		}
		p := &g.post[tid]
		if p.df == 0 {
			continue
		}
		idf := math.Log(1 + (float64(g.live)-float64(p.df)+0.5)/(float64(p.df)+0.5))
		qs = append(qs, queryTerm{w, p, idf})
	}
	if len(qs) == 0 {
		return nil, 0
	}
	sort.Slice(qs, func(i, j int) bool {
		if qs[i].idf != qs[j].idf {
			return qs[i].idf > qs[j].idf
		}
		return qs[i].word < qs[j].word
	})
	// rest[i]: the bounds of qs[i:]; postings[i]: their postings.
	rest := make([]float64, len(qs)+1)
	postings := make([]int, len(qs)+1)
	for i := len(qs) - 1; i >= 0; i-- {
		rest[i] = rest[i+1] + qs[i].bound()
		postings[i] = postings[i+1] + len(qs[i].p.slots)
	}
	avg := float64(g.total) / float64(g.live)
	if avg == 0 {
		avg = 1
	}
	acc := getScores(len(g.ids))
	defer putScores(acc)
	score := func(t queryTerm, i int, s int32) float64 {
		tf := float64(t.p.tfs[i])
		return t.idf * tf * (k1 + 1) / (tf + k1*(1-b+b*float64(g.lens[s])/avg))
	}
	closed, beyond := false, false
	for i, t := range qs {
		// The floor costs a pass over the documents found: worth it
		// only when the postings left are longer.
		if !closed && i > 0 && len(acc.touched) >= n && postings[i] > 2*len(acc.touched) && rest[i] < acc.floor(n) {
			closed = true
		}
		switch {
		case !closed:
			for j, s := range t.p.slots {
				if g.ids[s] == "" {
					continue
				}
				if acc.sum[s] == 0 {
					acc.touched = append(acc.touched, s)
				}
				acc.sum[s] += score(t, j, s)
			}
		case t.p.df > len(acc.touched) && len(t.p.slots) > 16*len(acc.touched):
			// Slots are in increasing order (add appends, compact
			// keeps the order): find each document found. The term
			// matches more live documents than were found, so some
			// are beyond them.
			beyond = true
			for _, s := range acc.touched {
				if j, ok := slices.BinarySearch(t.p.slots, s); ok {
					acc.sum[s] += score(t, j, s)
				}
			}
		default:
			for j, s := range t.p.slots {
				switch {
				case g.ids[s] == "":
				case acc.sum[s] == 0:
					beyond = true
				default:
					acc.sum[s] += score(t, j, s)
				}
			}
		}
	}
	matched := len(acc.touched)
	if beyond {
		matched++
	}
	// The best n, by a min-heap of the best so far: most documents
	// fall below its worst, one comparison each.
	h := make(slotHeap, 0, n)
	worse := func(x, y slotScore) bool {
		if x.score != y.score {
			return x.score < y.score
		}
		return g.ids[x.slot] > g.ids[y.slot]
	}
	for _, s := range acc.touched {
		c := slotScore{s, acc.sum[s]}
		acc.sum[s] = 0
		switch {
		case len(h) < n:
			h = append(h, c)
			h.up(len(h)-1, worse)
		case worse(h[0], c):
			h[0] = c
			h.down(0, worse)
		}
	}
	hits := make([]Hit, len(h))
	for i, c := range h {
		hits[i] = Hit{ID: g.ids[c.slot], Score: c.score}
	}
	return hits, matched
}

// slotScore is a document's slot and score.
type slotScore struct {
	slot  int32
	score float64
}

// slotHeap is a binary heap of documents, the worst at its root.
type slotHeap []slotScore

func (h slotHeap) up(i int, worse func(x, y slotScore) bool) {
	for i > 0 {
		p := (i - 1) / 2
		if !worse(h[i], h[p]) {
			return
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (h slotHeap) down(i int, worse func(x, y slotScore) bool) {
	for {
		l, w := 2*i+1, i
		if l < len(h) && worse(h[l], h[w]) {
			w = l
		}
		if r := l + 1; r < len(h) && worse(h[r], h[w]) {
			w = r
		}
		if w == i {
			return
		}
		h[i], h[w] = h[w], h[i]
		i = w
	}
}

// scores accumulates a query's scores by slot: a dense array, zero where
// no term matched (every matching term adds a positive amount), and the
// slots touched, so that a query costs in proportion to its postings and
// not to the group's size. Arrays are reused across queries.
type scores struct {
	sum     []float64
	touched []int32
	scratch []float64
}

// floor returns the n-th best score of the documents touched, 0 when
// fewer than n are.
func (acc *scores) floor(n int) float64 {
	if len(acc.touched) < n {
		return 0
	}
	xs := acc.scratch[:0]
	for _, s := range acc.touched {
		xs = append(xs, acc.sum[s])
	}
	acc.scratch = xs
	return nthLargest(xs, n)
}

// nthLargest returns the n-th largest of xs (1 <= n <= len(xs)),
// reordering xs: quickselect, linear on average.
func nthLargest(xs []float64, n int) float64 {
	k := n - 1
	lo, hi := 0, len(xs)-1
	for lo < hi {
		p := xs[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for xs[i] > p {
				i++
			}
			for xs[j] < p {
				j--
			}
			if i <= j {
				xs[i], xs[j] = xs[j], xs[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return xs[k]
		}
	}
	return xs[k]
}

var scorePool sync.Pool

func getScores(n int) *scores {
	acc, _ := scorePool.Get().(*scores)
	if acc == nil {
		acc = &scores{}
	}
	if len(acc.sum) < n {
		acc.sum = make([]float64, n)
	}
	acc.touched = acc.touched[:0]
	return acc
}

func putScores(acc *scores) { scorePool.Put(acc) }

func better(a, b Hit) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return a.ID < b.ID
}
