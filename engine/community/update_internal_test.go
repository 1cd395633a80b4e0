package community

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
)

func TestAssign(t *testing.T) {
	tests := []struct {
		name    string
		ids     []string
		weights map[string]map[string]int
		labels  map[string]string
		want    map[string]string
	}{
		{
			name:    "plurality of neighbours",
			ids:     []string{"x"},
			weights: map[string]map[string]int{"x": {"a1": 1, "a2": 1, "b1": 1}},
			labels:  map[string]string{"a1": "A", "a2": "A", "b1": "B"},
			want:    map[string]string{"x": "A"},
		},
		{
			name:    "weighted plurality beats the count of neighbours",
			ids:     []string{"x"},
			weights: map[string]map[string]int{"x": {"a1": 3, "b1": 1, "b2": 1}},
			labels:  map[string]string{"a1": "A", "b1": "B", "b2": "B"},
			want:    map[string]string{"x": "A"},
		},
		{
			name:    "tie takes the smallest community",
			ids:     []string{"x"},
			weights: map[string]map[string]int{"x": {"a1": 2, "b1": 2}},
			labels:  map[string]string{"a1": "B", "b1": "A"},
			want:    map[string]string{"x": "A"},
		},
		{
			name:    "a member keeps its community on a tie",
			ids:     []string{"x"},
			weights: map[string]map[string]int{"x": {"a1": 2, "b1": 2}},
			labels:  map[string]string{"x": "B", "a1": "A", "b1": "B"},
			want:    map[string]string{"x": "B"},
		},
		{
			name:    "a member moves when another community weighs more",
			ids:     []string{"x"},
			weights: map[string]map[string]int{"x": {"a1": 3, "b1": 2}},
			labels:  map[string]string{"x": "B", "a1": "A", "b1": "B"},
			want:    map[string]string{"x": "A"},
		},
		{
			name:    "no neighbour in a community",
			ids:     []string{"x"},
			weights: map[string]map[string]int{"x": {"y": 4}},
			labels:  map[string]string{},
			want:    map[string]string{},
		},
		{
			name: "new entities follow each other",
			ids:  []string{"x", "y", "z"},
			weights: map[string]map[string]int{
				"x": {"y": 1}, "y": {"x": 1, "z": 1}, "z": {"y": 1, "a1": 1},
			},
			labels: map[string]string{"a1": "A"},
			want:   map[string]string{"x": "A", "y": "A", "z": "A"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := map[string]string{}
			for k, v := range tt.labels {
				got[k] = v
			}
			assign(tt.ids, tt.weights, got)
			for _, id := range tt.ids {
				if got[id] != tt.want[id] {
					t.Errorf("assign(%s): community of %s = %q, want %q", tt.name, id, got[id], tt.want[id])
				}
			}
		})
	}
}

func TestReuseIDs(t *testing.T) {
	old := []core.Community{
		{UUID: "old-1", Members: []string{"a", "b", "c"}},
		{UUID: "old-2", Members: []string{"d", "e"}},
		{UUID: "old-3", Members: []string{"f", "g"}},
	}
	cs := []cluster{
		{members: []string{"a", "b", "d"}},      // 2 from old-1, 1 from old-2
		{members: []string{"c", "e", "x", "y"}}, // 1 from old-1, 1 from old-2
		{members: []string{"p", "q"}},           // new
		{members: []string{"f", "g", "h"}},      // old-3
	}
	want := []string{"old-1", "old-2", "", "old-3"}
	if diff := cmp.Diff(want, reuseIDs(cs, old)); diff != "" {
		t.Errorf("reuseIDs() mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"", ""}, reuseIDs(cs[:2], nil)); diff != "" {
		t.Errorf("reuseIDs(no old) mismatch (-want +got):\n%s", diff)
	}
}

func TestCommunityStatusDrift(t *testing.T) {
	g := &communityGroup{base: 6, added: 2, changed: map[string]bool{"a": true, "b": true, "c": true}}
	want := Status{Entities: 8, Changed: 3, Drift: 3.0 / 8}
	if diff := cmp.Diff(want, g.status()); diff != "" {
		t.Errorf("status() mismatch (-want +got):\n%s", diff)
	}
	if got := (&communityGroup{}).status(); got.Drift != 0 {
		t.Errorf("status(empty).Drift = %v, want 0", got.Drift)
	}
}
