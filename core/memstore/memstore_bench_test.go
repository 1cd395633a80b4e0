package memstore_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/memstore"
)

// The benchmarks search one group of 10,000 entities with 256-dimension
// vectors beside another group of the same size. Run them with
//
//	go test -run '^$' -bench . ./core/memstore/

var benchWords = []string{"Alice", "Bob", "Acme", "Paris", "Berlin", "tennis", "coffee", "jazz", "engineer", "garden", "river", "violin"}

func benchStore(b *testing.B, n, dim int) *memstore.Store {
	b.Helper()
	s := memstore.New(dim)
	rng := rand.New(rand.NewSource(1))
	for _, g := range []string{"g-a", "g-b"} {
		var ents []core.Entity
		for i := range n {
			v := make([]float32, dim)
			for j := range v {
				v[j] = rng.Float32()*2 - 1
			}
			ents = append(ents, core.Entity{UUID: fmt.Sprintf("%s-%06d", g, i), GroupID: g, CreatedAt: t0, NameEmbedding: v,
				Name:    fmt.Sprintf("%s %s %d", benchWords[i%len(benchWords)], benchWords[(i/7)%len(benchWords)], i),
				Summary: fmt.Sprintf("Likes %s and %s.", benchWords[(i/3)%len(benchWords)], benchWords[(i/11)%len(benchWords)])})
		}
		if err := s.Apply(b.Context(), core.Change{Entities: ents}); err != nil {
			b.Fatal(err)
		}
	}
	return s
}

func BenchmarkVectorSearch(b *testing.B) {
	s := benchStore(b, 10000, 256)
	q := make([]float32, 256)
	q[0] = 1
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.VectorSearch(b.Context(), core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{"g-a"}, Vector: q, Limit: 10}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTextSearch(b *testing.B) {
	s := benchStore(b, 10000, 256)
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.TextSearch(b.Context(), core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{"g-a"}, Text: "Alice likes jazz", Limit: 10}); err != nil {
			b.Fatal(err)
		}
	}
}
