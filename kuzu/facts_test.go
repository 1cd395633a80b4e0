package kuzu_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// TestFactsOfEntities checks the facts touching a set of entities: each
// once, newest uuid first, current only, within the group, cut at the
// limit — for a short list (one traversal per entity) and a long one (one
// join over the list), which must agree.
func TestFactsOfEntities(t *testing.T) {
	ctx := context.Background()
	s := kuzutest.MustOpen(t)
	const n = 20 // entities h00..h19 in a ring: fact i joins h(i) and h(i+1)
	for _, g := range []string{"g1", "g2"} {
		if _, err := s.AddEpisodes(ctx, []core.Episode{ep(g, g+"-e", "ring", t0)}); err != nil {
			t.Fatal(err)
		}
		var ch core.Change
		for i := range n {
			ch.Entities = append(ch.Entities, ent(g, fmt.Sprintf("%s-h%02d", g, i), fmt.Sprintf("H%02d", i)))
		}
		for i := range n {
			f := fact(g, fmt.Sprintf("%s-f%02d", g, i), fmt.Sprintf("%s-h%02d", g, i), "NEXT", fmt.Sprintf("%s-h%02d", g, (i+1)%n), fmt.Sprintf("H%02d is before H%02d", i, (i+1)%n), g+"-e")
			if i == 5 {
				f.InvalidAt, f.ExpiredAt = t0.Add(time.Hour), t0.Add(time.Hour)
			}
			ch.Facts = append(ch.Facts, f)
		}
		if err := s.Apply(ctx, ch); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(fs []core.Fact) []string {
		out := make([]string, len(fs))
		for i, f := range fs {
			out[i] = f.UUID
		}
		return out
	}
	entities := func(is ...int) []string {
		var out []string
		for _, i := range is {
			out = append(out, fmt.Sprintf("g1-h%02d", i))
		}
		return out
	}
	// want lists the current facts touching the entities, newest first.
	want := func(limit int, is ...int) []string {
		var out []string
		for i := n - 1; i >= 0; i-- {
			if i != 5 && (slices.Contains(is, i) || slices.Contains(is, (i+1)%n)) {
				out = append(out, fmt.Sprintf("g1-f%02d", i))
			}
		}
		if limit > 0 && len(out) > limit {
			out = out[:limit]
		}
		return out
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	for _, tc := range []struct {
		name  string
		is    []int
		limit int
	}{
		{"neighbours share a fact", []int{1, 2}, 0},
		{"expired fact left out", []int{5, 6}, 0},
		{"limit keeps the newest", []int{1, 2, 10, 11}, 3},
		{"long list, one join", all, 0},
		{"long list with limit", all, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.FactsOfEntities(ctx, "g1", entities(tc.is...), tc.limit)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want(tc.limit, tc.is...), ids(got)); diff != "" {
				t.Errorf("FactsOfEntities(%v, limit %d) (-want +got):\n%s", tc.is, tc.limit, diff)
			}
		})
	}
	// Another group's entity ids find nothing.
	got, err := s.FactsOfEntities(ctx, "g2", entities(1, 2), 0)
	if err != nil || len(got) != 0 {
		t.Errorf("FactsOfEntities(g2, g1's entities) = %v, %v; want none", ids(got), err)
	}
}
