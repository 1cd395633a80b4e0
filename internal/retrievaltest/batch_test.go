package retrievaltest

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/retrieval"
)

var batchQueries = []string{"Alice", "Berlin", "tennis", "robots", "Bob cooks", "married", "Paris restaurant", "Carol pilot"}

// TestSearchBatch runs many queries through SearchBatch and checks that
// each result is the one a single Search gives, in input order.
func TestSearchBatch(t *testing.T) {
	e := newEnv(t, func(o *engine.Options) { o.Search.BatchWorkers = 3 })
	e.people("g")
	var in []retrieval.BatchQuery
	for i := range 40 {
		q := batchQueries[i%len(batchQueries)]
		in = append(in, retrieval.BatchQuery{ID: fmt.Sprint("q", i), Request: retrieval.Request{Groups: []string{"g"}, Query: q}})
	}
	in[7].Err = core.ErrInvalid
	in[9].Request.Recipe = "magic"
	i := 0
	for r := range e.eng.SearchBatch(context.Background(), slices.Values(in)) {
		if r.ID != in[i].ID {
			t.Fatalf("result %d has id %s, want %s", i, r.ID, in[i].ID)
		}
		switch i {
		case 7, 9:
			if !errors.Is(r.Err, core.ErrInvalid) {
				t.Errorf("result %s error = %v, want ErrInvalid", r.ID, r.Err)
			}
		default:
			if r.Err != nil {
				t.Fatalf("result %s: %v", r.ID, r.Err)
			}
			want := e.search(t, in[i].Request)
			for _, sc := range core.Scopes {
				if got, w := names(r.Results, sc), names(want, sc); !cmp.Equal(got, w) {
					t.Errorf("batch %s %s = %v, want %v", r.ID, sc, got, w)
				}
			}
		}
		i++
	}
	if i != len(in) {
		t.Errorf("SearchBatch yielded %d results for %d queries", i, len(in))
	}
}

// TestSearchBatchStopsEarly breaks out of a batch and checks that it
// returns at once without pulling the whole input.
func TestSearchBatchStopsEarly(t *testing.T) {
	e := newEnv(t)
	e.people("g")
	pulled := 0
	queries := func(yield func(retrieval.BatchQuery) bool) {
		for i := range 10000 {
			pulled++
			if !yield(retrieval.BatchQuery{ID: fmt.Sprint(i), Request: retrieval.Request{Groups: []string{"g"}, Query: "Alice"}}) {
				return
			}
		}
	}
	n := 0
	for r := range e.eng.SearchBatch(context.Background(), queries) {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		if n++; n == 3 {
			break
		}
	}
	if pulled > 3+2*4+1 {
		t.Errorf("SearchBatch pulled %d queries for 3 results, want at most workers ahead", pulled)
	}
}

// TestSearchBatchJSONL feeds a JSON Lines stream through ReadQueries.
func TestSearchBatchJSONL(t *testing.T) {
	e := newEnv(t)
	e.people("g")
	e.people("h")
	in := `{"id": "a", "query": "tennis"}
{"id": "b", "query": "robots", "groups": ["h"], "recipe": "facts"}
{"id": "c", "query":
{"id": "d", "query": "married", "limit": 1}
`
	type row struct {
		ID     string
		Groups []string
		Facts  int
		Err    bool
	}
	var got []row
	for r := range e.eng.SearchBatch(context.Background(), retrieval.ReadQueries(strings.NewReader(in), retrieval.Request{Groups: []string{"g"}, Recipe: "default"})) {
		gs := slices.Sorted(maps.Keys(groupsOf(r.Results)))
		got = append(got, row{r.ID, gs, len(r.Results.Facts), r.Err != nil})
	}
	a := e.search(t, retrieval.Request{Groups: []string{"g"}, Query: "tennis", Recipe: "default"})
	b := e.search(t, retrieval.Request{Groups: []string{"h"}, Query: "robots", Recipe: "facts"})
	want := []row{
		{"a", []string{"g"}, len(a.Facts), false},
		{"b", []string{"h"}, len(b.Facts), false},
		{"3", nil, 0, true},
		{"d", []string{"g"}, 1, false},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("SearchBatch(JSONL) (-want +got):\n%s", diff)
	}
}

// TestConcurrentSearch hammers one engine from many goroutines while the
// store is written to; run it with -race.
func TestConcurrentSearch(t *testing.T) {
	e := newEnv(t)
	e.people("g")
	ctx := context.Background()
	errs := make(chan error, 64)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 20 {
			g := e.graph("w")
			g.entity(fmt.Sprint("n", i), fmt.Sprint("Writer ", i), "")
			if err := e.store.Apply(ctx, core.Change{Entities: g.ents}); err != nil {
				errs <- err
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := range 15 {
				q := batchQueries[(w+i)%len(batchQueries)]
				if _, err := e.eng.Search(ctx, retrieval.Request{Groups: []string{"g"}, Query: q, Recipe: "hybrid_rrf"}); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	<-done
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
