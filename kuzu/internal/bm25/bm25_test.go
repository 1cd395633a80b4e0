package bm25

import (
	"fmt"
	"math/rand"
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
