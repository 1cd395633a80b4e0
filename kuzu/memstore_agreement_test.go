package kuzu_test

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/memstore"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// TestTextSearchAgreesWithMemstore writes the same objects to a Kuzu store
// and to the in-memory store (core/memstore), which writes Kuzu's text
// analysis and BM25 again with the standard library only, and checks that
// their text searches return the same hits with the same scores, in every
// scope.
func TestTextSearchAgreesWithMemstore(t *testing.T) {
	ctx := t.Context()
	k := kuzutest.MustOpen(t)
	m := memstore.New(kuzutest.Dimension)
	defer m.Close(context.Background())

	sentences := []string{
		"Alice is working at the hospitals of Lyon since 2021",
		"Bob hired two engineers and plays tennis on Sundays",
		"Carol's companies generously donated to the running club",
		"Dave lived in Paris, then moved to Berlin for a job",
		"The engineers were running experiments at Acme's laboratories",
		"Erin played the violin at the national conservatory",
		"Frank's dog Rex likes running along the river",
		"Grace is an engineer who works remotely for Globex",
		"Heidi studies generative models and their applications",
		"Ivan and Judy were friends until they moved apart in 2019",
	}
	const g = "agree"
	at := time.Date(2024, 3, 1, 9, 0, 0, 0, time.UTC)
	var ch core.Change
	var eps []core.Episode
	for i, s := range sentences {
		ep := core.Episode{UUID: fmt.Sprintf("ep%02d", i), GroupID: g, Source: core.SourceText, Content: s, ValidAt: at, CreatedAt: at}
		eps = append(eps, ep)
		ch.Entities = append(ch.Entities, core.Entity{UUID: fmt.Sprintf("n%02d", i), GroupID: g, Name: fmt.Sprintf("Entity %d %s", i, s[:5]), Summary: s, CreatedAt: at})
	}
	for i, s := range sentences {
		rel := []string{"WORKS_AT", "PLAYS", "DONATED_TO", "LIVES_IN", "RUNS"}[i%5]
		ch.Facts = append(ch.Facts, core.Fact{UUID: fmt.Sprintf("f%02d", i), GroupID: g, Relation: rel, Text: s,
			SourceUUID: fmt.Sprintf("n%02d", i), TargetUUID: fmt.Sprintf("n%02d", (i+1)%len(sentences)), CreatedAt: at, Episodes: []string{eps[i].UUID}})
		if i%2 == 0 {
			ch.Communities = append(ch.Communities, core.Community{UUID: fmt.Sprintf("c%02d", i), GroupID: g, Name: fmt.Sprintf("Community %d", i), Summary: s,
				Members: []string{fmt.Sprintf("n%02d", i)}, CreatedAt: at})
		}
	}
	for _, s := range []core.Store{k, m} {
		if _, err := s.AddEpisodes(ctx, eps); err != nil {
			t.Fatalf("AddEpisodes: %v", err)
		}
		if err := s.Apply(ctx, ch); err != nil {
			t.Fatalf("Apply: %v", err)
		}
	}
	queries := []string{"working at hospitals", "engineers", "running", "generously donated", "moved in 2019",
		"Alice's work", "plays tennis", "lives", "works", "the and of", "zeppelin", "Community 4", "generate"}
	found := 0
	for _, sc := range core.Scopes {
		for _, text := range queries {
			q := core.SearchQuery{Scope: sc, Groups: []string{g}, Text: text, Limit: 50, Filter: core.Filter{IncludeInvalid: true}}
			want, err := k.TextSearch(ctx, q)
			if err != nil {
				t.Fatalf("kuzu TextSearch(%s, %q): %v", sc, text, err)
			}
			got, err := m.TextSearch(ctx, q)
			if err != nil {
				t.Fatalf("memstore TextSearch(%s, %q): %v", sc, text, err)
			}
			if !sameHits(got, want) {
				t.Errorf("TextSearch(%s, %q):\nmemstore %v\nkuzu     %v", sc, text, got, want)
			}
			found += len(want)
		}
	}
	t.Logf("%d hits compared", found)
	if found < 50 {
		t.Errorf("the searches found %d hits in all: too few to compare the stores", found)
	}
}

func sameHits(a, b []core.Hit) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].UUID != b[i].UUID || math.Abs(a[i].Score-b[i].Score) > 1e-9 {
			return false
		}
	}
	return true
}
