package bm25

import (
	"strconv"
	"testing"

	"github.com/mnemohq/mnemo/internal/bench/latency"
)

// BenchmarkTopGraph ranks the facts of bench-search's 100,000-fact graph
// for its queries (a few words of a fact: names shared by many facts,
// relation words shared by an eighth of them, rare topic words), forty
// results as the default recipe's facts scope asks.
func BenchmarkTopGraph(b *testing.B) {
	g := latency.NewGraph("bench", 100000, 1)
	ix := New()
	for i := range g.Facts {
		ix.Put("g", strconv.Itoa(i), g.FactText(i))
	}
	queries := make([]string, 512)
	for i := range queries {
		queries[i] = g.Query(i)
	}
	for i := 0; b.Loop(); i++ {
		ix.Top([]string{"g"}, queries[i%len(queries)], 40)
	}
}
