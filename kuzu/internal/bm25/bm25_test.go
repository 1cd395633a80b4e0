package bm25

import (
	"fmt"
	"math"
	"math/rand"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func ids(hits []Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.ID
	}
	return out
}

func TestTerms(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"stems and drops stop words", "Alice is working at the Hospitals", []string{"alic", "work", "hospit"}},
		{"punctuation and possessive", "Bob's dog, Rex!", []string{"bob", "dog", "rex"}},
		{"numbers kept", "moved in 2021", []string{"move", "2021"}},
		{"unicode letters", "Zoë lives in Malmö", []string{"zoë", "live", "malmö"}},
		{"relation names split", "WORKS_AT", []string{"work"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Terms(tt.in); !cmp.Equal(got, tt.want) {
				t.Errorf("Terms(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

func TestRanking(t *testing.T) {
	ix := New()
	ix.Put("g", "a", "Alice works at Acme as an engineer")
	ix.Put("g", "b", "Bob works at Initech")
	ix.Put("g", "c", "Alice lives in Paris with her dog Rex")
	ix.Put("g", "d", "The weather in Paris was lovely")
	tests := []struct {
		q    string
		want []string
	}{
		{"where does Alice work", []string{"a", "b", "c"}}, // b is shorter than c
		{"Paris dog", []string{"c", "d"}},
		{"engineer", []string{"a"}},
		{"zeppelin", []string{}},
		{"the and of", []string{}},
	}
	for _, tt := range tests {
		hits, _ := ix.Top([]string{"g"}, tt.q, 10)
		if got := ids(hits); !cmp.Equal(got, tt.want) {
			t.Errorf("Top(%q) = %v, want %v", tt.q, got, tt.want)
		}
	}
	hits, more := ix.Top([]string{"g"}, "alice paris", 1)
	if len(hits) != 1 || !more {
		t.Errorf("Top(n=1) = %v, more=%v; want one hit and more", hits, more)
	}
}

// TestGroupStatistics checks that a group's scores do not depend on another
// group's documents.
func TestGroupStatistics(t *testing.T) {
	alone, shared := New(), New()
	for _, ix := range []*Index{alone, shared} {
		ix.Put("g", "a", "Alice met the ferryman")
		ix.Put("g", "b", "the ferryman rowed across")
	}
	for i := range 500 {
		shared.Put("other", fmt.Sprint(i), "ferryman ferryman Alice")
	}
	h1, _ := alone.Top([]string{"g"}, "Alice ferryman", 5)
	h2, _ := shared.Top([]string{"g"}, "Alice ferryman", 5)
	if !cmp.Equal(h1, h2) {
		t.Errorf("scores of g changed with another group's documents:\n%v\n%v", h1, h2)
	}
	for _, h := range h2 {
		if h.ID != "a" && h.ID != "b" {
			t.Errorf("search of g returned %s of another group", h.ID)
		}
	}
}

// TestUpdatesMatchFreshIndex replaces and deletes documents at random
// (forcing compactions) and checks the index answers exactly as an index
// built from the final documents.
func TestUpdatesMatchFreshIndex(t *testing.T) {
	words := []string{"alice", "bob", "acme", "paris", "berlin", "dog", "coffee", "tea", "job", "moved", "married", "tennis"}
	rng := rand.New(rand.NewSource(7))
	text := func() string {
		s := ""
		for range 3 + rng.Intn(5) {
			s += words[rng.Intn(len(words))] + " "
		}
		return s
	}
	live := New()
	final := map[string]string{}
	for range 6000 {
		id := fmt.Sprint(rng.Intn(300))
		if rng.Intn(5) == 0 {
			live.Delete("g", id)
			delete(final, id)
			continue
		}
		s := text()
		live.Put("g", id, s)
		final[id] = s
	}
	fresh := New()
	for id, s := range final {
		fresh.Put("g", id, s)
	}
	if live.Len("g") != len(final) {
		t.Fatalf("Len = %d, want %d", live.Len("g"), len(final))
	}
	for _, q := range []string{"alice dog", "paris berlin tea", "married tennis job"} {
		a, _ := live.Top([]string{"g"}, q, 20)
		b, _ := fresh.Top([]string{"g"}, q, 20)
		if diff := cmp.Diff(b, a); diff != "" {
			t.Errorf("Top(%q) after updates differs from a fresh index (-fresh +live):\n%s", q, diff)
		}
	}
}

// TestTopMatchesExhaustive checks the pruned ranking against scoring every
// document: corpora with a few common words and many rare ones (where
// pruning skips the common words' postings), replaced and deleted
// documents, two groups, and pages from 1 to past the matches. Scores are
// summed in the same order (rarest term first) so that they compare
// exactly.
func TestTopMatchesExhaustive(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	var vocab []string
	for i := range 400 {
		vocab = append(vocab, fmt.Sprintf("w%dx", i))
	}
	// word picks common words often: w0x..w9x make most of the text.
	word := func() string {
		if rng.Intn(3) > 0 {
			return vocab[rng.Intn(10)]
		}
		return vocab[rng.Intn(len(vocab))]
	}
	docs := map[string]map[string]string{"g": {}, "h": {}}
	ix := New()
	for range 20000 {
		g := []string{"g", "h"}[rng.Intn(2)]
		id := fmt.Sprint(rng.Intn(3000))
		if rng.Intn(6) == 0 {
			ix.Delete(g, id)
			delete(docs[g], id)
			continue
		}
		var ws []string
		for range 1 + rng.Intn(12) {
			ws = append(ws, word())
		}
		if rng.Intn(20) == 0 {
			// A word said over and over scores near its term's bound.
			for range 20 + rng.Intn(40) {
				ws = append(ws, ws[0])
			}
		}
		text := strings.Join(ws, " ")
		ix.Put(g, id, text)
		docs[g][id] = text
	}
	c := analyze(docs)
	pruned := 0
	for qi := range 300 {
		var q []string
		for range 1 + rng.Intn(5) {
			q = append(q, word())
		}
		groups := [][]string{{"g"}, {"h"}, {"g", "h"}}[qi%3]
		n := []int{1, 3, 10, 40, 5000}[rng.Intn(5)]
		want, wantMore := exhaustive(c, groups, q, n)
		got, more := ix.Top(groups, strings.Join(q, " "), n)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("Top(%v, %q, %d) differs from scoring every document (-want +got):\n%s", groups, q, n, diff)
		}
		if more != wantMore {
			t.Fatalf("Top(%v, %q, %d): more = %v, want %v", groups, q, n, more, wantMore)
		}
		if len(want) == n && n < 50 {
			pruned++
		}
	}
	if pruned < 50 {
		t.Fatalf("only %d queries had a full short page: the test does not exercise pruning", pruned)
	}
}

// corpus is the documents of each group, analyzed.
type corpus map[string]map[string][]string

func analyze(docs map[string]map[string]string) corpus {
	c := corpus{}
	for g, ds := range docs {
		c[g] = map[string][]string{}
		for id, text := range ds {
			c[g][id] = Terms(text)
		}
	}
	return c
}

// exhaustive scores every document of groups for the words of q.
func exhaustive(c corpus, groups, q []string, n int) ([]Hit, bool) {
	words := map[string]bool{}
	for _, w := range Terms(strings.Join(q, " ")) {
		words[w] = true
	}
	var hits []Hit
	for _, g := range groups {
		df := map[string]int{}
		total := 0
		for _, ts := range c[g] {
			total += len(ts)
			for w := range words {
				if slices.Contains(ts, w) {
					df[w]++
				}
			}
		}
		live := float64(len(c[g]))
		avg := float64(total) / live
		type term struct {
			w   string
			idf float64
		}
		var ts []term
		for w := range words {
			if df[w] > 0 {
				ts = append(ts, term{w, math.Log(1 + (live-float64(df[w])+0.5)/(float64(df[w])+0.5))})
			}
		}
		sort.Slice(ts, func(i, j int) bool {
			if ts[i].idf != ts[j].idf {
				return ts[i].idf > ts[j].idf
			}
			return ts[i].w < ts[j].w
		})
		for id, doc := range c[g] {
			sum, hit := 0.0, false
			for _, t := range ts {
				if n := countOf(doc, t.w); n > 0 {
					tf := float64(n)
					sum += t.idf * tf * (k1 + 1) / (tf + k1*(1-b+b*float64(len(doc))/avg))
					hit = true
				}
			}
			if hit {
				hits = append(hits, Hit{ID: id, Score: sum})
			}
		}
	}
	sort.Slice(hits, func(i, j int) bool { return better(hits[i], hits[j]) })
	more := len(hits) > n
	if more {
		hits = hits[:n]
	}
	return hits, more
}

func countOf(ws []string, w string) int {
	n := 0
	for _, x := range ws {
		if x == w {
			n++
		}
	}
	return n
}

// BenchmarkTop ranks 50,000 documents of 4 to 15 words drawn from 20,000
// with Zipf's law (a few words in many documents, most in few), for
// queries of four words drawn the same way, twenty results.
func BenchmarkTop(b *testing.B) {
	rng := rand.New(rand.NewSource(3))
	zipf := rand.NewZipf(rng, 1.1, 4, 19999)
	word := func() string { return fmt.Sprintf("w%dx", zipf.Uint64()) }
	ix := New()
	for i := range 50000 {
		var ws []string
		for range 4 + rng.Intn(12) {
			ws = append(ws, word())
		}
		ix.Put("g", fmt.Sprint(i), strings.Join(ws, " "))
	}
	queries := make([]string, 256)
	for i := range queries {
		queries[i] = strings.Join([]string{word(), word(), word(), word()}, " ")
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		ix.Top([]string{"g"}, queries[i%len(queries)], 20)
	}
}
