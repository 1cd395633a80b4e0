package hnsw

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/mnemohq/mnemo/core/hashembed"
)

// clustered returns n unit vectors of dim dimensions around 40 centres,
// like embeddings of texts on a few topics (uniform random vectors are
// the easy case for recall).
func clustered(rng *rand.Rand, n, dim int) [][]float32 {
	centres := make([][]float32, 40)
	for i := range centres {
		centres[i] = make([]float32, dim)
		for j := range centres[i] {
			centres[i][j] = float32(rng.NormFloat64())
		}
	}
	out := make([][]float32, n)
	for i := range out {
		c := centres[rng.IntN(len(centres))]
		v := make([]float32, dim)
		for j := range v {
			v[j] = c[j] + float32(rng.NormFloat64()*3)
		}
		out[i] = v
	}
	return out
}

func cosine(a, b []float32) float64 {
	var d, na, nb float64
	for i := range a {
		d += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	return d / math.Sqrt(na*nb)
}

// exact returns the keys of the k vectors of live most similar to q.
func exact(live map[int64][]float32, q []float32, k int) []int64 {
	type ks struct {
		k int64
		s float64
	}
	var all []ks
	for key, v := range live {
		all = append(all, ks{key, cosine(q, v)})
	}
	slices.SortFunc(all, func(a, b ks) int { return cmp.Compare(b.s, a.s) })
	out := make([]int64, 0, k)
	for _, x := range all[:min(k, len(all))] {
		out = append(out, x.k)
	}
	return out
}

// skipUnderRace skips a test of one goroutine under the race detector,
// which has nothing to find there and makes it some twenty times slower
// (125 s for TestRecall); make test runs it without. TestConcurrent is
// the one for the race detector.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("one goroutine: run without -race")
	}
}

func recall(t *testing.T, x *Index, live map[int64][]float32, queries [][]float32, k, ef int) float64 {
	t.Helper()
	var hit, total int
	for _, q := range queries {
		want := exact(live, q, k)
		got := x.Search(q, k, ef)
		if len(got) != len(want) {
			t.Fatalf("Search returned %d hits, want %d", len(got), len(want))
		}
		for i, h := range got {
			if _, ok := live[h.Key]; !ok {
				t.Fatalf("Search returned key %d, which is not live", h.Key)
			}
			if d := math.Abs(h.Score - cosine(q, live[h.Key])); d > 1e-4 {
				t.Fatalf("hit %d: score %.6f, cosine %.6f", h.Key, h.Score, cosine(q, live[h.Key]))
			}
			if i > 0 && h.Score > got[i-1].Score {
				t.Fatalf("hits not best first: %v", got)
			}
			if slices.Contains(want, h.Key) {
				hit++
			}
		}
		total += len(want)
	}
	return float64(hit) / float64(total)
}

// TestRecall holds the index to the exact top 10 of the offline
// embedder's vectors of generated facts with the store's search beam (64):
// after inserts, and after a third of them are deleted and a tenth
// replaced (deleted nodes stay as waypoints). On the harder clustered
// vectors (TestRecallClustered) a wider beam is needed.
func TestRecall(t *testing.T) {
	skipUnderRace(t)
	const n, k = 5000, 10
	vecs := textVectors(n + 200 + n/10)
	queries, spare := vecs[n:n+200], vecs[n+200:]
	x := New(256)
	live := map[int64][]float32{}
	for i, v := range vecs[:n] {
		key := int64(i * 3) // keys need not be dense
		x.Add(key, v)
		live[key] = v
	}
	if x.Len() != n {
		t.Fatalf("Len = %d, want %d", x.Len(), n)
	}
	if r := recall(t, x, live, queries, k, 64); r < 0.98 {
		t.Errorf("recall@%d after %d inserts = %.3f, want at least 0.98", k, n, r)
	}
	for i := 0; i < n; i += 3 {
		key := int64(i * 3)
		if !x.Delete(key) {
			t.Fatalf("Delete(%d) = false for a live key", key)
		}
		delete(live, key)
	}
	if x.Delete(0) {
		t.Error("Delete of a deleted key = true")
	}
	for i := 1; i < n; i += 10 {
		key := int64(i * 3)
		v := spare[i/10]
		x.Add(key, v) // replaces
		live[key] = v
	}
	if x.Len() != len(live) || x.Dead() == 0 {
		t.Fatalf("Len = %d, Dead = %d; want %d live and some dead", x.Len(), x.Dead(), len(live))
	}
	if r := recall(t, x, live, queries, k, 64); r < 0.98 {
		t.Errorf("recall@%d after deletes and replacements = %.3f, want at least 0.98", k, r)
	}
}

// TestRecallClustered: 64-dimension vectors scattered widely around 40
// centres, close to uniform, the hard case for a graph index.
func TestRecallClustered(t *testing.T) {
	skipUnderRace(t)
	rng := rand.New(rand.NewPCG(1, 2))
	const n, k = 5000, 10
	vecs := clustered(rng, n+200, 64)
	x := New(64)
	live := map[int64][]float32{}
	for i, v := range vecs[:n] {
		x.Add(int64(i), v)
		live[int64(i)] = v
	}
	if r := recall(t, x, live, vecs[n:], k, 128); r < 0.97 {
		t.Errorf("recall@%d with a beam of 128 = %.3f, want at least 0.97", k, r)
	}
}

func TestEdgeCases(t *testing.T) {
	x := New(3)
	if got := x.Search([]float32{1, 0, 0}, 5, 10); got != nil {
		t.Errorf("Search of an empty index = %v", got)
	}
	x.Add(7, []float32{1, 2}) // wrong dimension: ignored
	x.Add(1, []float32{0, 0, 0})
	x.Add(2, []float32{2, 0, 0})
	x.Add(3, []float32{0, 5, 0})
	got := x.Search([]float32{3, 0.1, 0}, 10, 10)
	if len(got) != 3 || got[0].Key != 2 || got[len(got)-1].Key != 1 || got[len(got)-1].Score != 0 {
		t.Errorf("Search = %v, want 2 first and the zero vector (score 0) last", got)
	}
	if x.Has(7) || !x.Has(3) {
		t.Error("Has: a vector of the wrong dimension was kept, or a live one is missing")
	}
	x.Delete(2)
	if got := x.Search([]float32{1, 0, 0}, 1, 10); len(got) != 1 || got[0].Key == 2 {
		t.Errorf("Search after Delete(2) = %v", got)
	}
	if got := x.Search([]float32{1, 0}, 1, 10); got != nil {
		t.Errorf("Search with a query of the wrong dimension = %v", got)
	}
}

// TestConcurrent runs searches beside inserts (go test -race).
func TestConcurrent(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	vecs := clustered(rng, 3000, 32)
	x := New(32)
	for i, v := range vecs[:1000] {
		x.Add(int64(i), v)
	}
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, q := range vecs[2000+w*100 : 2100+w*100] {
				if got := x.Search(q, 10, 64); len(got) != 10 {
					t.Errorf("Search returned %d hits, want 10", len(got))
					return
				}
			}
		}()
	}
	for i, v := range vecs[1000:2000] {
		x.Add(int64(1000+i), v)
		if i%7 == 0 {
			x.Delete(int64(i))
		}
	}
	wg.Wait()
}

func BenchmarkAdd(b *testing.B) {
	benchAdd(b, clustered(rand.New(rand.NewPCG(5, 6)), 20000, 256), 10000)
}

func BenchmarkSearch(b *testing.B) {
	benchSearch(b, clustered(rand.New(rand.NewPCG(5, 6)), 20100, 256), 20000)
}

// benchAdd fills an index with the first n of vecs, then times inserts of
// the others, over and over.
func benchAdd(b *testing.B, vecs [][]float32, n int) {
	x := New(len(vecs[0]))
	for i, v := range vecs[:n] {
		x.Add(int64(i), v)
	}
	rest := len(vecs) - n
	b.ResetTimer()
	for i := range b.N {
		x.Add(int64(n+i%rest), vecs[n+i%rest])
	}
}

// benchSearch fills an index with the first n of vecs, then times
// searches for 10 neighbours of the others with the store's beam.
func benchSearch(b *testing.B, vecs [][]float32, n int) {
	x := New(len(vecs[0]))
	for i, v := range vecs[:n] {
		x.Add(int64(i), v)
	}
	rest := len(vecs) - n
	b.ResetTimer()
	for i := range b.N {
		x.Search(vecs[n+i%rest], 10, 64)
	}
}

// textVectors returns n short sentences over a small vocabulary, like the facts
// of a long-lived memory, embedded by the offline embedder.
func textVectors(n int) [][]float32 {
	people := []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy"}
	verbs := []string{"works at", "lives in", "likes", "visited", "owns", "knows", "studies at", "moved to", "bought", "plays"}
	things := []string{"Acme", "Initech", "Paris", "Berlin", "Lisbon", "tennis", "coffee", "jazz", "a red bike", "the piano", "green tea", "Kyoto"}
	rng := rand.New(rand.NewPCG(9, 9))
	emb := hashembed.New(256)
	out := make([][]float32, n)
	for i := range out {
		out[i] = emb.Vector(fmt.Sprintf("%s %d %s %s %d", people[rng.IntN(len(people))], rng.IntN(500), verbs[rng.IntN(len(verbs))], things[rng.IntN(len(things))], rng.IntN(300)))
	}
	return out
}

// BenchmarkAddText and BenchmarkSearchText measure the index on the
// offline embedder's vectors of generated facts, 20,000 in the index:
//
//	go test -run '^$' -bench Text ./kuzu/internal/hnsw/
func BenchmarkAddText(b *testing.B) { benchAdd(b, textVectors(40000), 20000) }

func BenchmarkSearchText(b *testing.B) { benchSearch(b, textVectors(20100), 20000) }

// TestRekey: after Rekey the live vectors answer to their new keys only,
// those without one are deleted, and searches still find the exact top.
func TestRekey(t *testing.T) {
	const n, k = 600, 10
	vecs := textVectors(n + 50)
	x := New(256)
	for i, v := range vecs[:n] {
		x.Add(int64(i), v)
	}
	for i := 0; i < n; i += 5 {
		x.Delete(int64(i))
	}
	// Every third key is lost; the others move to 10,000 plus twice
	// their key.
	x.Rekey(func(key int64) (int64, bool) { return 10000 + 2*key, key%3 != 0 })
	live := map[int64][]float32{}
	for i, v := range vecs[:n] {
		if i%5 != 0 && i%3 != 0 {
			live[10000+2*int64(i)] = v
		}
	}
	if x.Len() != len(live) {
		t.Fatalf("Len = %d after Rekey, want %d", x.Len(), len(live))
	}
	for i := range n {
		if x.Has(int64(i)) {
			t.Fatalf("old key %d still answers after Rekey", i)
		}
	}
	for key := range live {
		if !x.Has(key) {
			t.Fatalf("new key %d missing after Rekey", key)
		}
	}
	if r := recall(t, x, live, vecs[n:], k, 64); r < 0.98 {
		t.Errorf("recall@%d after Rekey = %.3f, want at least 0.98", k, r)
	}
	x.Add(10000+2*7, vecs[n]) // a rekeyed vector is replaced under its new key
	if x.Len() != len(live) {
		t.Errorf("Len = %d after replacing a rekeyed vector, want %d", x.Len(), len(live))
	}
}
