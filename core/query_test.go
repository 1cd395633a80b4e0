package core_test

import (
	"errors"
	"testing"

	"github.com/mnemohq/mnemo/core"
)

func TestSearchQueryNormalize(t *testing.T) {
	tests := []struct {
		name      string
		q         core.SearchQuery
		wantErr   bool
		wantLimit int
	}{
		{"default limit", core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g"}}, false, core.DefaultSearchLimit},
		{"limit kept", core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g"}, Limit: 42}, false, 42},
		{"limit capped", core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g"}, Limit: 5000}, false, core.MaxSearchLimit},
		{"unknown scope", core.SearchQuery{Scope: "nodes", Groups: []string{"g"}}, true, 0},
		{"no group", core.SearchQuery{Scope: core.ScopeFacts}, true, 0},
		{"malformed group", core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g", "a b"}}, true, 0},
		{"filter on a field the scope lacks", core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{"g"},
			Filter: core.Filter{Time: [][]core.TimeCondition{{{Field: core.FieldValidAt, Op: core.OpIsNull}}}}}, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := tt.q
			err := q.Normalize()
			if tt.wantErr {
				if !errors.Is(err, core.ErrInvalid) {
					t.Errorf("Normalize(%+v) = %v, want ErrInvalid", tt.q, err)
				}
				return
			}
			if err != nil || q.Limit != tt.wantLimit {
				t.Errorf("Normalize(%+v) = %v, limit %d; want nil, limit %d", tt.q, err, q.Limit, tt.wantLimit)
			}
		})
	}
}

func TestTraverseQueryNormalize(t *testing.T) {
	q := core.TraverseQuery{Scope: core.ScopeEntities, Groups: []string{"g"}, Depth: 9}
	if err := q.Normalize(); err != nil || q.Depth != core.MaxTraverseDepth || q.Limit != core.DefaultSearchLimit {
		t.Errorf("Normalize(depth 9) = %v, depth %d, limit %d; want nil, %d, %d", err, q.Depth, q.Limit, core.MaxTraverseDepth, core.DefaultSearchLimit)
	}
	q = core.TraverseQuery{Scope: core.ScopeEntities}
	if err := q.Normalize(); !errors.Is(err, core.ErrInvalid) {
		t.Errorf("Normalize(no group) = %v, want ErrInvalid", err)
	}
}

func TestListOptionsPageSize(t *testing.T) {
	for _, tt := range []struct{ limit, want int }{{0, core.DefaultPageSize}, {-1, core.DefaultPageSize}, {7, 7}, {1000, 1000}, {1001, core.MaxPageSize}} {
		if got := (core.ListOptions{Limit: tt.limit}).PageSize(); got != tt.want {
			t.Errorf("ListOptions{Limit: %d}.PageSize() = %d, want %d", tt.limit, got, tt.want)
		}
	}
}
