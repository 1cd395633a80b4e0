package kuzu

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// TestListsBuiltFromTheRelationships: a fact's list of episodes is kept
// in the catalog as restatements add episodes, older or newer, and built
// again from the STATES relationships at opening; the Fact table's
// episodes column is never written (an update in place would make each
// checkpoint rewrite the column), and every read answers the list.
func TestListsBuiltFromTheRelationships(t *testing.T) {
	ctx := context.Background()
	s, t0 := pairStore(t, 4, -1)
	var eps []core.Episode
	for _, e := range []struct {
		id string
		at time.Duration
	}{{"e2", time.Hour}, {"e0", -time.Hour}, {"e3", 2 * time.Hour}, {"e1", 0}} {
		eps = append(eps, core.Episode{UUID: e.id, GroupID: "g", Source: core.SourceText, Content: "Ann and Bo " + e.id, ValidAt: t0.Add(e.at), CreatedAt: t0})
	}
	if _, err := s.AddEpisodes(ctx, eps); err != nil {
		t.Fatal(err)
	}
	mk := func(ep string) core.Fact {
		return core.Fact{UUID: "f1", GroupID: "g", Relation: "KNOWS", Text: "Ann knows Bo", SourceUUID: "a", TargetUUID: "b",
			CreatedAt: t0, Embedding: []float32{1, 0, 0, 0}, Episodes: []string{ep}}
	}
	lists := func() (facts, listed []string) {
		t.Helper()
		fs, err := s.Facts(ctx, []string{"g"}, []string{"f1"}, core.GetOptions{})
		if err != nil || len(fs) != 1 {
			t.Fatalf("read f1: %v %v", fs, err)
		}
		page, err := s.ListFacts(ctx, "g", core.ListOptions{Limit: 10})
		if err != nil || len(page.Items) != 1 {
			t.Fatalf("list facts: %v %v", page.Items, err)
		}
		return fs[0].Episodes, page.Items[0].Episodes
	}
	column := func() []string {
		t.Helper()
		return strs(rawRows(t, s, "MATCH (f:Fact {uuid: 'f1'}) RETURN f.episodes", nil)[0][0])
	}
	steps := []struct {
		ep   string
		want []string
	}{
		{"e", []string{"e"}},
		{"e2", []string{"e", "e2"}},             // newer: the list grows at its end
		{"e0", []string{"e0", "e", "e2"}},       // older: ordered again
		{"e1", []string{"e0", "e", "e1", "e2"}}, // the same time as e: by uuid
		{"e3", []string{"e0", "e", "e1", "e2", "e3"}},
		{"e2", []string{"e0", "e", "e1", "e2", "e3"}}, // stated again: no repeat
	}
	for _, st := range steps {
		if err := s.Apply(ctx, core.Change{Facts: []core.Fact{mk(st.ep)}}); err != nil {
			t.Fatal(err)
		}
		if got, listed := lists(); !slices.Equal(got, st.want) || !slices.Equal(listed, st.want) {
			t.Fatalf("after %s, Facts says %v and ListFacts %v; want %v", st.ep, got, listed, st.want)
		}
		if c := column(); c != nil {
			t.Fatalf("after %s, the Fact table's episodes column holds %v; want it never written", st.ep, c)
		}
		checkCatalog(t, s, "a restatement by "+st.ep)
	}
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	var err error
	if s, err = Open(ctx, s.opts); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(ctx) })
	want := steps[len(steps)-1].want
	if got, listed := lists(); !slices.Equal(got, want) || !slices.Equal(listed, want) {
		t.Fatalf("after reopening, Facts says %v and ListFacts %v; want %v", got, listed, want)
	}
}
