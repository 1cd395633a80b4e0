package community

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
)

// graphOf builds a projection from "a-b" or "a-b:3" pairs.
func graphOf(nodes []string, pairs ...string) core.EntityGraph {
	g := core.EntityGraph{Nodes: nodes}
	for _, p := range pairs {
		var a, b string
		w := 1
		if n, _ := fmt.Sscanf(p, "%1s-%1s:%d", &a, &b, &w); n < 2 {
			panic("bad pair " + p)
		}
		g.Edges = append(g.Edges, core.WeightedEdge{A: a, B: b, Weight: w})
	}
	return g
}

func letters(s string) []string {
	out := make([]string, len(s))
	for i, r := range s {
		out[i] = string(r)
	}
	return out
}

// memberships runs propagation and returns the members of each community
// (MinMembers 2) and the propagation itself.
func memberships(g core.EntityGraph, maxIter int) ([][]string, propagation) {
	adj := newAdjacency(g)
	p := propagateLevels(adj, maxIter, nil)
	var out [][]string
	for _, c := range clusters(adj, p.labels, 2) {
		out = append(out, c.members)
	}
	return out, p
}

// stable reports the first node whose label does not carry the largest
// weight among its neighbours' labels, or "" when every label is stable.
func stable(g *adjacency, labels []int32) string {
	for v := range g.nodes {
		tally := map[int32]int{}
		best := 0
		for k := g.off[v]; k < g.off[v+1]; k++ {
			tally[labels[g.nbr[k]]] += int(g.wt[k])
			best = max(best, tally[labels[g.nbr[k]]])
		}
		if len(tally) > 0 && tally[labels[v]] != best {
			return g.nodes[v]
		}
	}
	return ""
}

func TestPropagateFindsClusters(t *testing.T) {
	tests := []struct {
		name  string
		graph core.EntityGraph
		want  [][]string
	}{
		{
			name: "two cliques joined by one fact",
			graph: graphOf(letters("abcdefgh"),
				"a-b:2", "a-c:2", "a-d:2", "b-c:2", "b-d:2", "c-d:2",
				"e-f:2", "e-g:2", "e-h:2", "f-g:2", "f-h:2", "g-h:2",
				"d-e"),
			want: [][]string{letters("abcd"), letters("efgh")},
		},
		{
			name: "two stars joined leaf to leaf",
			graph: graphOf(letters("abcdefgh"),
				"a-b:2", "a-c:2", "a-d:2", "e-f:2", "e-g:2", "e-h:2", "d-h"),
			want: [][]string{letters("abcd"), letters("efgh")},
		},
		{
			name:  "weights beat counts",
			graph: graphOf(letters("abcxy"), "a-b:5", "b-c:5", "a-c:5", "x-y:9", "c-x:1", "c-y:1"),
			want:  [][]string{letters("abc"), letters("xy")},
		},
		{
			name:  "isolated entities and pairs",
			graph: graphOf(letters("abcde"), "a-b:3"),
			want:  [][]string{letters("ab")},
		},
		{
			name:  "empty graph",
			graph: core.EntityGraph{},
			want:  nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, p := memberships(tt.graph, 50)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("communities(%s) mismatch (-want +got):\n%s", tt.name, diff)
			}
			if !p.converged {
				t.Errorf("propagate(%s).converged = false after %d iterations, want true", tt.name, p.iterations)
			}
		})
	}
}

// ring returns a cycle of n nodes.
func ring(n int) core.EntityGraph {
	g := core.EntityGraph{}
	for i := range n {
		g.Nodes = append(g.Nodes, fmt.Sprintf("n%03d", i))
	}
	for i := range n {
		g.Edges = append(g.Edges, core.WeightedEdge{A: g.Nodes[i], B: g.Nodes[(i+1)%n], Weight: 1})
	}
	return g
}

// bipartite returns the complete bipartite graph K(m, n) with weight w.
func bipartite(m, n, w int) core.EntityGraph {
	g := core.EntityGraph{}
	for i := range m {
		g.Nodes = append(g.Nodes, fmt.Sprintf("l%02d", i))
	}
	for j := range n {
		g.Nodes = append(g.Nodes, fmt.Sprintf("r%02d", j))
	}
	for i := range m {
		for j := range n {
			g.Edges = append(g.Edges, core.WeightedEdge{A: g.Nodes[i], B: g.Nodes[m+j], Weight: w})
		}
	}
	return g
}

// star returns a centre joined to n leaves.
func star(n int) core.EntityGraph {
	g := core.EntityGraph{Nodes: []string{"centre"}}
	for i := range n {
		leaf := fmt.Sprintf("leaf%02d", i)
		g.Nodes = append(g.Nodes, leaf)
		g.Edges = append(g.Edges, core.WeightedEdge{A: "centre", B: leaf, Weight: 1 + i%3})
	}
	return g
}

// The shapes on which synchronous propagation, as in the Python
// implementation, swaps labels forever (issues #402 and #1397 there).
func oscillating() []struct {
	name  string
	graph core.EntityGraph
} {
	return []struct {
		name  string
		graph core.EntityGraph
	}{
		{"two entities joined by several facts", graphOf(letters("ab"), "a-b:4")},
		{"two entities joined by one fact", graphOf(letters("ab"), "a-b")},
		{"bipartite 1x1 weight 3", bipartite(1, 1, 3)},
		{"bipartite 2x2", bipartite(2, 2, 1)},
		{"bipartite 3x5 weight 2", bipartite(3, 5, 2)},
		{"bipartite 10x10", bipartite(10, 10, 1)},
		{"star of 12", star(12)},
		{"ring of 2", ring(2)},
		{"ring of 8", ring(8)},
		{"ring of 101", ring(101)},
		{"path", graphOf(letters("abcdef"), "a-b", "b-c", "c-d", "d-e", "e-f")},
	}
}

func TestPropagateTerminates(t *testing.T) {
	runs := []struct {
		name string
		run  func(*adjacency, int) propagation
	}{
		{"propagate", func(g *adjacency, n int) propagation { return propagate(g, n, nil) }},
		{"propagateLevels", func(g *adjacency, n int) propagation { return propagateLevels(g, n, nil) }},
	}
	for _, tt := range oscillating() {
		for _, r := range runs {
			t.Run(tt.name+"/"+r.name, func(t *testing.T) {
				adj := newAdjacency(tt.graph)
				// No effective cap: propagation must settle on its own long
				// before 100000 sweeps.
				p := r.run(adj, 100000)
				if !p.converged || p.iterations > 20 {
					t.Fatalf("%s(%s) = %d iterations, converged %v; want convergence within 20", r.name, tt.name, p.iterations, p.converged)
				}
				if r.name == "propagate" {
					if v := stable(adj, p.labels); v != "" {
						t.Errorf("propagate(%s): label of %s is not the heaviest among its neighbours", tt.name, v)
					}
				}
				// The cap: one sweep at most, reported as such.
				capped := r.run(adj, 1)
				if capped.iterations != 1 {
					t.Errorf("%s(%s, cap 1).iterations = %d, want 1", r.name, tt.name, capped.iterations)
				}
				if capped.converged && p.iterations > 1 {
					t.Errorf("%s(%s, cap 1).converged = true, want false (it needs %d sweeps)", r.name, tt.name, p.iterations)
				}
				again := r.run(adj, 100000)
				if diff := cmp.Diff(p.labels, again.labels); diff != "" {
					t.Errorf("%s(%s) differs between two runs (-first +second):\n%s", r.name, tt.name, diff)
				}
			})
		}
	}
}

func TestPropagateSmallShapes(t *testing.T) {
	tests := []struct {
		name  string
		graph core.EntityGraph
		want  [][]string
	}{
		{"two entities joined by several facts", graphOf(letters("ab"), "a-b:4"), [][]string{letters("ab")}},
		{"bipartite 2x2", bipartite(2, 2, 1), [][]string{{"l00", "l01", "r00", "r01"}}},
		{"star", star(5), [][]string{{"centre", "leaf00", "leaf01", "leaf02", "leaf03", "leaf04"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := memberships(tt.graph, 50)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("communities(%s) mismatch (-want +got):\n%s", tt.name, diff)
			}
		})
	}
}

func TestPropagateCapStopsLongRuns(t *testing.T) {
	g, _ := planted(40, 30, 3)
	adj := newAdjacency(g)
	full := propagateLevels(adj, 1<<30, nil)
	if !full.converged || full.iterations < 4 {
		t.Fatalf("propagateLevels(planted 40x30) = %d iterations, converged %v; want convergence after at least 4 for this test to mean anything", full.iterations, full.converged)
	}
	for _, cap := range []int{1, 2, 3} {
		p := propagateLevels(adj, cap, nil)
		if p.iterations != cap || p.converged {
			t.Errorf("propagateLevels(planted 40x30, cap %d) = %d iterations, converged %v; want %d, false", cap, p.iterations, p.converged, cap)
		}
	}
	calls := 0
	p := propagateLevels(adj, 50, func() bool { calls++; return calls > 1 })
	if p.iterations != 1 || p.converged {
		t.Errorf("propagateLevels(planted 40x30, stop after 1) = %d iterations, converged %v; want 1, false", p.iterations, p.converged)
	}
}

// planted returns k communities of size n, each a random graph where half
// the pairs are joined, with k light facts between communities.
func planted(k, n int, seed uint64) (core.EntityGraph, [][]string) {
	rng := rand.New(rand.NewPCG(seed, 1))
	g := core.EntityGraph{}
	var want [][]string
	for c := range k {
		var ms []string
		for i := range n {
			ms = append(ms, fmt.Sprintf("c%03d-%03d", c, i))
		}
		want = append(want, ms)
		g.Nodes = append(g.Nodes, ms...)
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rng.IntN(2) == 0 || j == i+1 {
					g.Edges = append(g.Edges, core.WeightedEdge{A: ms[i], B: ms[j], Weight: 1 + rng.IntN(3)})
				}
			}
		}
	}
	for range k {
		a, b := want[rng.IntN(k)], want[rng.IntN(k)]
		g.Edges = append(g.Edges, core.WeightedEdge{A: a[rng.IntN(n)], B: b[rng.IntN(n)], Weight: 1})
	}
	return g, want
}

func TestPropagateDeterministic(t *testing.T) {
	g, want := planted(12, 15, 7)
	got, _ := memberships(g, 50)
	slices.SortFunc(got, func(a, b []string) int { return slices.Compare(a, b) })
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("communities(planted 12x15) mismatch (-want +got):\n%s", diff)
	}
	// The same graph listed in another order gives the same result.
	rng := rand.New(rand.NewPCG(99, 2))
	for i := range 5 {
		h := core.EntityGraph{Nodes: slices.Clone(g.Nodes), Edges: slices.Clone(g.Edges)}
		rng.Shuffle(len(h.Nodes), func(a, b int) { h.Nodes[a], h.Nodes[b] = h.Nodes[b], h.Nodes[a] })
		rng.Shuffle(len(h.Edges), func(a, b int) { h.Edges[a], h.Edges[b] = h.Edges[b], h.Edges[a] })
		for j := range h.Edges {
			if j%2 == 0 {
				h.Edges[j].A, h.Edges[j].B = h.Edges[j].B, h.Edges[j].A
			}
		}
		again, _ := memberships(h, 50)
		first, _ := memberships(g, 50)
		if diff := cmp.Diff(first, again); diff != "" {
			t.Errorf("communities(shuffled listing %d) differ from the sorted listing (-sorted +shuffled):\n%s", i, diff)
		}
	}
}

func TestNewAdjacencyIgnoresBadEdges(t *testing.T) {
	g := core.EntityGraph{
		Nodes: []string{"b", "a", "a"},
		Edges: []core.WeightedEdge{{A: "a", B: "b", Weight: 2}, {A: "b", B: "a", Weight: 1}, {A: "a", B: "a", Weight: 5}, {A: "a", B: "z", Weight: 1}, {A: "a", B: "b", Weight: 0}},
	}
	adj := newAdjacency(g)
	if diff := cmp.Diff([]string{"a", "b"}, adj.nodes); diff != "" {
		t.Errorf("newAdjacency().nodes mismatch (-want +got):\n%s", diff)
	}
	if adj.pairs() != 2 {
		t.Errorf("newAdjacency().pairs() = %d, want 2 (a-b listed twice)", adj.pairs())
	}
	c := clusters(adj, propagate(adj, 10, nil).labels, 2)
	if len(c) != 1 || c[0].degree["a"] != 3 || c[0].degree["b"] != 3 {
		t.Errorf("clusters() = %+v, want one community with degrees a=3, b=3", c)
	}
}

func TestClustersMinMembersAndOrder(t *testing.T) {
	g := graphOf(letters("abcdefg"), "a-b", "c-d", "d-e", "c-e", "f-g:2")
	adj := newAdjacency(g)
	p := propagate(adj, 50, nil)
	tests := []struct {
		min  int
		want [][]string
	}{
		{2, [][]string{letters("cde"), letters("ab"), letters("fg")}},
		{3, [][]string{letters("cde")}},
		{4, nil},
	}
	for _, tt := range tests {
		var got [][]string
		for _, c := range clusters(adj, p.labels, tt.min) {
			got = append(got, c.members)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("clusters(min %d) mismatch (-want +got):\n%s", tt.min, diff)
		}
	}
}

func TestClusterCentral(t *testing.T) {
	c := cluster{members: letters("abcd"), degree: map[string]int{"a": 1, "b": 5, "c": 5, "d": 2}}
	if diff := cmp.Diff(letters("bcd"), c.central(3)); diff != "" {
		t.Errorf("central(3) mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(letters("bcda"), c.central(10)); diff != "" {
		t.Errorf("central(10) mismatch (-want +got):\n%s", diff)
	}
}
