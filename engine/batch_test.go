package engine_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
)

func TestReadQueries(t *testing.T) {
	in := `{"id": "q1", "query": "where does Alice live"}

{"id": 7, "query": "who is Bob", "groups": ["g2"], "recipe": "facts", "limit": 3}
{"query": "no id"}
not json
{"id": "q5", "query": "last"}
`
	base := retrieval.Request{Groups: []string{"g1"}, Recipe: "default", Limit: 10}
	type row struct {
		ID     string
		Query  string
		Groups []string
		Recipe string
		Limit  int
		Err    bool
	}
	want := []row{
		{"q1", "where does Alice live", []string{"g1"}, "default", 10, false},
		{"7", "who is Bob", []string{"g2"}, "facts", 3, false},
		{"4", "no id", []string{"g1"}, "default", 10, false},
		{"5", "", []string{"g1"}, "default", 10, true},
		{"q5", "last", []string{"g1"}, "default", 10, false},
	}
	var got []row
	for q := range retrieval.ReadQueries(strings.NewReader(in), base) {
		if q.Err != nil && !errors.Is(q.Err, core.ErrInvalid) {
			t.Errorf("ReadQueries: query %s error %v, want ErrInvalid", q.ID, q.Err)
		}
		got = append(got, row{q.ID, q.Request.Query, q.Request.Groups, q.Request.Recipe, q.Request.Limit, q.Err != nil})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ReadQueries (-want +got):\n%s", diff)
	}
	if !cmp.Equal(base.Groups, []string{"g1"}) {
		t.Errorf("ReadQueries changed the base request's groups: %v", base.Groups)
	}
}

func TestReadQueriesLongLine(t *testing.T) {
	in := `{"id": "a", "query": "` + strings.Repeat("x", 2<<20) + `"}` + "\n"
	var got []retrieval.BatchQuery
	for q := range retrieval.ReadQueries(strings.NewReader(in), retrieval.Request{}) {
		got = append(got, q)
	}
	if len(got) != 1 || got[0].Err == nil {
		t.Fatalf("ReadQueries(a 2 MiB line) = %+v, want one query with an error", got)
	}
}
