package zep

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
)

// TestZepTimeFilter checks how Zep's per-field date filters (each an OR of
// ANDs, the fields ANDed) become core's one OR of ANDs.
func TestZepTimeFilter(t *testing.T) {
	d1 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	d2 := time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)
	gt := func(f core.TimeField, d time.Time) core.TimeCondition {
		return core.TimeCondition{Field: f, Op: core.OpGt, Value: d}
	}
	tests := []struct {
		name string
		in   zepSearchFilters
		want [][]core.TimeCondition
		err  error
	}{
		{name: "none", in: zepSearchFilters{}},
		{
			name: "one field, OR of ANDs kept",
			in: zepSearchFilters{ValidAt: [][]zepDateFilter{
				{{">", "2024-01-01T00:00:00Z"}, {"<", "2024-06-01"}}, {{"IS NULL", ""}},
			}},
			want: [][]core.TimeCondition{
				{gt(core.FieldValidAt, d1), {Field: core.FieldValidAt, Op: core.OpLt, Value: d2}},
				{{Field: core.FieldValidAt, Op: core.OpIsNull}},
			},
		},
		{
			name: "two fields distributed",
			in: zepSearchFilters{
				ValidAt:   [][]zepDateFilter{{{">", "2024-01-01"}}, {{">", "2024-06-01"}}},
				CreatedAt: [][]zepDateFilter{{{">", "2024-01-01"}}},
			},
			want: [][]core.TimeCondition{
				{gt(core.FieldValidAt, d1), gt(core.FieldCreatedAt, d1)},
				{gt(core.FieldValidAt, d2), gt(core.FieldCreatedAt, d1)},
			},
		},
		{name: "CONTAINS is not a date operator", in: zepSearchFilters{ExpiredAt: [][]zepDateFilter{{{"CONTAINS", "x"}}}}, err: core.ErrInvalid},
		{name: "bad date", in: zepSearchFilters{InvalidAt: [][]zepDateFilter{{{"<", "yesterday"}}}}, err: core.ErrInvalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.in.timeFilter()
			if !errors.Is(err, tc.err) {
				t.Fatalf("timeFilter() error = %v, want %v", err, tc.err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("timeFilter() (-want +got):\n%s", diff)
			}
		})
	}
}

// TestMessageContent checks the speaker label a Zep message's episode
// gets: the Graphiti convention "name(role): text", the thread user's name
// for a user's message without one.
func TestMessageContent(t *testing.T) {
	tests := []struct {
		name string
		m    zepMessageIn
		user string
		want string
	}{
		{"name and role", zepMessageIn{Name: "Rachel", Role: "user", Content: "I live in Montauk."}, "", "Rachel(user): I live in Montauk."},
		{"named assistant", zepMessageIn{Name: "Ava", Role: "assistant", Content: "Noted."}, "Priya Shah", "Ava(assistant): Noted."},
		{"user without a name", zepMessageIn{Role: "user", Content: "I moved to Lisbon."}, "Priya Shah", "Priya Shah(user): I moved to Lisbon."},
		{"nameless user of a nameless thread user", zepMessageIn{Role: "user", Content: "hi"}, "", "user: hi"},
		{"role only", zepMessageIn{Role: "tool", Content: "42"}, "Priya Shah", "tool: 42"},
		{"norole", zepMessageIn{Name: " Bo ", Role: "norole", Content: "hi"}, "", "Bo: hi"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := messageContent(tc.m, tc.user); got != tc.want {
				t.Errorf("messageContent(%+v, %q) = %q, want %q", tc.m, tc.user, got, tc.want)
			}
		})
	}
}
