package relext_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/internal/bench/relext"
)

// TestPredictAndTally scores a made-up graph: a fact in each direction,
// an alias, a pair with nothing between it.
func TestPredictAndTally(t *testing.T) {
	g := relext.Graph{
		Entities: []core.Entity{
			{UUID: "a", Name: "Ann Lee", Attributes: map[string]any{core.AliasesAttribute: []any{"Speaker 1"}}},
			{UUID: "b", Name: "Bo"},
			{UUID: "c", Name: "Oslo"},
		},
		Facts: []core.Fact{
			{SourceUUID: "b", TargetUUID: "a", Relation: "SISTER_OF"},
			{SourceUUID: "a", TargetUUID: "c", Relation: "LIVES_IN"},
		},
	}
	m := relext.DialogREMapping()
	tests := []struct {
		pair relext.Pair
		want []string
	}{
		{relext.Pair{X: "Speaker 1", Y: "Ann Lee"}, []string{"per:alternate_names"}},
		{relext.Pair{X: "Speaker 1", Y: "Bo"}, []string{"per:siblings"}},
		{relext.Pair{X: "Ann Lee", Y: "Oslo"}, []string{"per:place_of_residence"}},
		{relext.Pair{X: "Oslo", Y: "Ann Lee"}, []string{"gpe:residents_of_place"}},
		{relext.Pair{X: "Bo", Y: "Oslo"}, nil},
		{relext.Pair{X: "Nobody", Y: "Oslo"}, nil},
	}
	tally := relext.NewTally()
	for _, tc := range tests {
		got, _ := m.Predict(g, tc.pair)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Predict(%v) (-want +got):\n%s", tc.pair, diff)
		}
		tally.Add([]string{"per:siblings"}, got)
	}
	p, r, f := tally.Overall()
	// 6 gold per:siblings, 4 predicted labels, 1 correct.
	if p != 0.25 || r != 1.0/6 || f != 0.2 {
		t.Errorf("Overall() = %v, %v, %v, want 0.25, 0.1667, 0.2", p, r, f)
	}
}
