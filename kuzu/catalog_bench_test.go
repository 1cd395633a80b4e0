package kuzu_test

import (
	"context"
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
)

// BenchmarkResolutionReads measures the reads entity and fact resolution
// make for every episode — FactsOfEntities, FactsBetween, EntitiesByName —
// served by the catalog, against the Cypher they replaced, on a graph of
// 10k facts among 2k entities. Each read is asked of both, one after the
// other, with the same arguments, and the medians are reported with their
// ratio:
//
//	go test -run '^$' -bench ResolutionReads -benchtime 1x ./kuzu/
func BenchmarkResolutionReads(b *testing.B) {
	ctx := context.Background()
	g, _ := buildGraph(b, 10000, -1)
	s := g.s
	const entities = 2000
	rng := rand.New(rand.NewSource(3))
	entity := func() string { return fmt.Sprintf("e%07d", rng.Intn(entities)) }
	type read struct {
		name            string
		catalog, cypher func() (int, error)
		catalogD, kuzuD []time.Duration
	}
	reads := []*read{
		{name: "FactsOfEntities"},
		{name: "FactsBetween"},
		{name: "EntitiesByName"},
	}
	for range b.N {
		for range 300 {
			// Two entities, the first with facts, and one of its facts.
			ids := []string{entity(), entity()}
			fs, err := s.FactsOfEntities(ctx, "bench", ids[:1], 0)
			for ; err == nil && len(fs) == 0; fs, err = s.FactsOfEntities(ctx, "bench", ids[:1], 0) {
				ids[0] = entity()
			}
			if err != nil {
				b.Fatal(err)
			}
			f := fs[rng.Intn(len(fs))]
			names, err := s.EntityNames(ctx, []string{"bench"}, append(ids, entity()))
			if err != nil {
				b.Fatal(err)
			}
			var keys []string
			for _, n := range names {
				keys = append(keys, core.NormalizeName(n))
				if a := core.Acronym(n); a != "" {
					keys = append(keys, a)
				}
			}
			reads[0].catalog = func() (int, error) { x, err := s.FactsOfEntities(ctx, "bench", ids, 0); return len(x), err }
			reads[0].cypher = func() (int, error) {
				x, err := kuzu.FactsOfEntitiesFromKuzuForTest(ctx, s, "bench", ids, 0)
				return len(x), err
			}
			reads[1].catalog = func() (int, error) {
				x, err := s.FactsBetween(ctx, "bench", f.SourceUUID, f.TargetUUID)
				return len(x), err
			}
			reads[1].cypher = func() (int, error) {
				x, err := kuzu.FactsBetweenFromKuzuForTest(ctx, s, "bench", f.SourceUUID, f.TargetUUID)
				return len(x), err
			}
			reads[2].catalog = func() (int, error) { x, err := s.EntitiesByName(ctx, "bench", keys); return len(x), err }
			reads[2].cypher = func() (int, error) {
				x, err := kuzu.EntitiesByNameFromKuzuForTest(ctx, s, "bench", keys)
				return len(x), err
			}
			for _, r := range reads {
				start := time.Now()
				n, err := r.catalog()
				r.catalogD = append(r.catalogD, time.Since(start))
				if err != nil {
					b.Fatal(err)
				}
				start = time.Now()
				m, err := r.cypher()
				r.kuzuD = append(r.kuzuD, time.Since(start))
				if err != nil {
					b.Fatal(err)
				}
				if n != m {
					b.Fatalf("%s: %d results from the catalog, %d from Kuzu", r.name, n, m)
				}
			}
		}
	}
	for _, r := range reads {
		c, _ := percentiles(r.catalogD)
		k, _ := percentiles(r.kuzuD)
		b.ReportMetric(float64(c.Nanoseconds())/1000, r.name+"-catalog-p50-us")
		b.ReportMetric(float64(k.Nanoseconds())/1000, r.name+"-cypher-p50-us")
		b.ReportMetric(float64(k)/float64(c), r.name+"-speedup")
	}
}
