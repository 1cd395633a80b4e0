package weaviate_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/storetest"
	"github.com/mnemohq/mnemo/weaviate"
)

// TestObserve checks that every kind of request the store makes on its
// data is reported to Options.Observe, under its operation's name.
func TestObserve(t *testing.T) {
	ctx := context.Background()
	var mu sync.Mutex
	seen := map[string]int{}
	s, err := weaviate.Open(ctx, weaviate.Options{
		URL: need(t), Dimension: storetest.MinDimension, Prefix: fmt.Sprintf("Obs%d", time.Now().UnixNano()%1000000),
		Observe: func(op string, d time.Duration, err error) {
			mu.Lock()
			defer mu.Unlock()
			if d < 0 {
				t.Errorf("%s took %s", op, d)
			}
			seen[op]++
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := weaviate.Drop(ctx, s); err != nil {
			t.Errorf("Drop: %v", err)
		}
		_ = s.Close(ctx)
	})
	at := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	ep := core.Episode{UUID: "0190f0a0-0000-7000-8000-000000000001", GroupID: "g", Name: "chat", Content: "Alice met Bob in Lyon.",
		Source: core.SourceText, ValidAt: at, CreatedAt: at, Status: core.EpisodePending}
	if _, err := s.AddEpisodes(ctx, []core.Episode{ep}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Episodes(ctx, []string{"g"}, []string{ep.UUID}, core.GetOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeEpisodes, Groups: []string{"g"}, Text: "Alice", Limit: 5}); err != nil {
		t.Fatal(err)
	}
	vec := make([]float32, storetest.MinDimension)
	vec[0] = 1
	if _, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g"}, Vector: vec, Limit: 5}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Stats(ctx, "g"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PendingGroups(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeleteGroup(ctx, "g"); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, op := range []string{"write", "get", "bm25_search", "vector_search", "aggregate", "tenants", "delete_group"} {
		if seen[op] == 0 {
			t.Errorf("no %s request observed (saw %v)", op, seen)
		}
	}
}
