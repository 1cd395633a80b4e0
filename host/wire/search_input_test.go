package wire_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host/wire"
)

func TestSearchInputRequest(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2024, 5, d, 0, 0, 0, 0, time.UTC) }
	groups := []string{"g"}
	tests := []struct {
		name    string
		in      string
		want    retrieval.Request
		wantErr string
	}{
		{"query alone", `{"query": "where"}`, retrieval.Request{Groups: groups, Query: "where"}, ""},
		{"everything", `{"query": "q", "scopes": ["fact", "Entities"], "limit": 7, "recipe": "bfs", "reranker": "mmr",
			"center": "c1", "seeds": ["s1"], "labels": ["Person"], "relations": ["LIVES_IN"], "valid_at": "2024-05-01",
			"known_at": "2024-05-02", "include_history": true,
			"time": [[{"field": "valid_at", "op": ">=", "value": "2024-05-03"}, {"field": "invalid_at", "op": "is_null"}]]}`,
			retrieval.Request{Groups: groups, Query: "q", Scopes: []core.Scope{core.ScopeFacts, core.ScopeEntities}, Limit: 7,
				Recipe: "bfs", Reranker: "mmr", Center: "c1", Seeds: []string{"s1"}, Filter: core.Filter{
					Labels: []string{"Person"}, Relations: []string{"LIVES_IN"}, ValidAt: day(1), KnownAt: day(2), IncludeInvalid: true,
					Time: [][]core.TimeCondition{{{Field: core.FieldValidAt, Op: core.OpGe, Value: day(3)}, {Field: core.FieldInvalidAt, Op: core.OpIsNull}}},
				}}, ""},
		{"bad scope", `{"query": "q", "scopes": ["people"]}`, retrieval.Request{}, `scope "people"`},
		{"limit too big", `{"query": "q", "limit": 1001}`, retrieval.Request{}, "limit 1001"},
		{"negative limit", `{"query": "q", "limit": -3}`, retrieval.Request{}, "limit -3"},
		{"bad valid_at", `{"query": "q", "valid_at": "soon"}`, retrieval.Request{}, `valid_at: core: invalid input: time "soon"`},
		{"bad center", `{"query": "q", "center": "a b"}`, retrieval.Request{}, "center: "},
		{"bad seed", `{"query": "q", "seeds": [""]}`, retrieval.Request{}, "seeds: "},
		{"empty time group", `{"query": "q", "time": [[]]}`, retrieval.Request{}, "time[0] is empty"},
		{"bad time field", `{"query": "q", "time": [[{"field": "born", "op": "is_null"}]]}`, retrieval.Request{}, `time[0][0]: core: invalid input: field "born"`},
		{"bad time op", `{"query": "q", "time": [[{"field": "valid_at", "op": "=="}]]}`, retrieval.Request{}, `op "=="`},
		{"value with is_null", `{"query": "q", "time": [[{"field": "valid_at", "op": "is_null", "value": "2024-01-01"}]]}`, retrieval.Request{}, "takes no value"},
		{"missing value", `{"query": "q", "time": [[{"field": "valid_at", "op": "<"}]]}`, retrieval.Request{}, `value: core: invalid input: time ""`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var in wire.SearchInput
			if err := wire.DecodeBytes([]byte(tc.in), &in); err != nil {
				t.Fatal(err)
			}
			got, err := in.Request(groups)
			if tc.wantErr != "" {
				if !errors.Is(err, core.ErrInvalid) || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("Request() = %v, want ErrInvalid containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Request() (-want +got):\n%s", diff)
			}
		})
	}
}
