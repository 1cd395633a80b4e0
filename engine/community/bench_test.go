package community

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mnemohq/mnemo/core"
)

// BenchmarkPropagation measures label propagation alone (both levels) on
// in-memory planted graphs shaped like the store benchmark's
// (internal/communitytest):
//
//	go test -run '^$' -bench Propagation -benchtime 10x ./core/
func BenchmarkPropagation(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("entities=%dk", n/1000), func(b *testing.B) {
			g, truth, sizes := plantedGraph(n, 1)
			adj := newAdjacency(g)
			var p propagation
			for b.Loop() {
				p = propagateLevels(adj, 50, nil)
			}
			b.StopTimer()
			exact := 0
			for _, c := range clusters(adj, p.labels, 2) {
				t := truth[c.members[0]]
				ok := len(c.members) == sizes[t]
				for _, m := range c.members {
					ok = ok && truth[m] == t
				}
				if ok {
					exact++
				}
			}
			b.ReportMetric(float64(p.iterations), "sweeps")
			b.ReportMetric(100*float64(exact)/float64(len(sizes)), "%recovered")
		})
	}
}

// plantedGraph returns communities of 5 to 30 entities where each entity
// has facts with about four others of its community, and one fact in ten
// joins two random communities.
func plantedGraph(n int, seed uint64) (core.EntityGraph, map[string]int, []int) {
	rng := rand.New(rand.NewPCG(seed, 7))
	g := core.EntityGraph{}
	truth := map[string]int{}
	var sizes []int
	var comms [][]string
	for len(g.Nodes) < n {
		size := min(5+rng.IntN(26), n-len(g.Nodes))
		var ms []string
		for range size {
			id := fmt.Sprintf("e%07d", len(g.Nodes))
			g.Nodes = append(g.Nodes, id)
			truth[id] = len(comms)
			ms = append(ms, id)
		}
		comms = append(comms, ms)
		sizes = append(sizes, size)
	}
	add := func(a, b string, w int) { g.Edges = append(g.Edges, core.WeightedEdge{A: a, B: b, Weight: w}) }
	facts := 0
	for _, ms := range comms {
		if len(ms) < 2 {
			continue
		}
		for i, a := range ms {
			add(a, ms[(i+1)%len(ms)], 1)
			facts++
			for range 2 {
				if b := ms[rng.IntN(len(ms))]; b != a {
					w := 1 + rng.IntN(3)/2
					add(a, b, w)
					facts += w
				}
			}
		}
	}
	for range facts / 10 {
		a, b := comms[rng.IntN(len(comms))], comms[rng.IntN(len(comms))]
		add(a[rng.IntN(len(a))], b[rng.IntN(len(b))], 1)
	}
	return g, truth, sizes
}
