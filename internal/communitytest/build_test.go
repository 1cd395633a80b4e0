package communitytest

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/community"
)

// approx compares embeddings read back from the store, which returns them
// with six decimals.
var approx = cmpopts.EquateApprox(0, 1e-5)

func TestBuildTwoClusters(t *testing.T) {
	ctx := context.Background()
	v := setup(t, engine.Options{})
	v.seed(t, "g1", twoClusters, "Zed")

	rep, err := v.eng.BuildCommunities(ctx, "g1")
	if err != nil {
		t.Fatalf("BuildCommunities: %v", err)
	}
	cs := v.communities(t, "g1")
	if diff := cmp.Diff([][]string{clusterA, clusterB}, v.memberNames(t, "g1", cs)); diff != "" {
		t.Errorf("communities mismatch (-want +got):\n%s", diff)
	}
	wantRep := community.Report{Group: "g1", Entities: 9, Pairs: 12, Communities: 2, Members: 8, Unassigned: 1, Converged: true}
	got := rep
	got.Iterations, got.Usage, got.ByPrompt = 0, core.Usage{}, nil
	got.Duration, got.Read, got.Propagation, got.Summaries, got.Write = 0, 0, 0, 0, 0
	if diff := cmp.Diff(wantRep, got); diff != "" {
		t.Errorf("BuildCommunities() report mismatch (-want +got):\n%s", diff)
	}
	if rep.Iterations < 1 || rep.Iterations > 50 {
		t.Errorf("BuildCommunities().Iterations = %d, want 1 to 50", rep.Iterations)
	}
	for _, c := range cs {
		if c.Name == "" || c.Summary == "" {
			t.Errorf("community %s: name %q, summary %q; want both", c.UUID, c.Name, c.Summary)
		}
		if diff := cmp.Diff(v.embed(t, c.Name+"\n"+c.Summary), c.NameEmbedding, approx); diff != "" {
			t.Errorf("community %s embedding is not the embedding of its name and summary (-want +got):\n%s", c.Name, diff)
		}
	}
	// The same graph gives the same communities, uuids included.
	if _, err := v.eng.BuildCommunities(ctx, "g1"); err != nil {
		t.Fatalf("BuildCommunities again: %v", err)
	}
	again := v.communities(t, "g1")
	strip := func(cs []core.Community) []core.Community {
		out := make([]core.Community, len(cs))
		for i, c := range cs {
			c.CreatedAt = time.Time{}
			out[i] = c
		}
		return out
	}
	if diff := cmp.Diff(strip(cs), strip(again)); diff != "" {
		t.Errorf("second build differs (-first +second):\n%s", diff)
	}
	if !again[0].CreatedAt.After(cs[0].CreatedAt) {
		t.Errorf("second build CreatedAt = %v, want after the first's %v", again[0].CreatedAt, cs[0].CreatedAt)
	}
}

func TestOfflineSummaryStored(t *testing.T) {
	ctx := context.Background()
	v := setup(t, engine.Options{})
	v.seed(t, "g1", twoClusters)
	if _, err := v.eng.BuildCommunities(ctx, "g1"); err != nil {
		t.Fatalf("BuildCommunities: %v", err)
	}
	of, err := v.store.CommunitiesOf(ctx, "g1", []string{entityID("g1", "Alice")})
	if err != nil {
		t.Fatalf("CommunitiesOf: %v", err)
	}
	cs, err := v.store.Communities(ctx, []string{"g1"}, []string{of[entityID("g1", "Alice")]}, core.GetOptions{})
	if err != nil || len(cs) != 1 {
		t.Fatalf("Communities = %v, %v; want Alice's community", cs, err)
	}
	// Members by weighted degree inside the community, ties by uuid; facts
	// by the degrees of their ends, then newest, then by text.
	want := core.Community{
		Name: "Alice, Acme, Paris",
		Summary: "4 members, the most connected: Alice (4 facts), Acme (3), Paris (3), Louvre (2). " +
			"Frequent relations: based in Paris; founded Acme; lives in Paris. " +
			"Alice is in the seed graph. Acme is in the seed graph. Paris is in the seed graph. " +
			"Alice founded Acme. Alice lives in Paris. Alice works at Acme. Acme based in Paris. Alice visited Louvre.",
	}
	if cs[0].Name != want.Name || cs[0].Summary != want.Summary {
		t.Errorf("offline community = %q / %q,\nwant %q / %q", cs[0].Name, cs[0].Summary, want.Name, want.Summary)
	}
}

func TestBuildReplacesAndDeletes(t *testing.T) {
	ctx := context.Background()
	v := setup(t, engine.Options{})
	v.seed(t, "g1", twoClusters)
	if _, err := v.eng.BuildCommunities(ctx, "g1"); err != nil {
		t.Fatalf("BuildCommunities: %v", err)
	}
	first := v.communities(t, "g1")
	// Retire the facts of cluster B: Globex, Sushi and Tokyo are left
	// without current facts, Bob with his one fact to Alice, and the next
	// build keeps one community, cluster A with Bob, under A's uuid.
	var retire []core.Fact
	page, err := v.store.ListFacts(ctx, "g1", core.ListOptions{Limit: 1000})
	if err != nil {
		t.Fatalf("ListFacts: %v", err)
	}
	for _, f := range page.Items {
		if strings.Contains("Bob Globex Sushi Tokyo", strings.Fields(f.Text)[0]) {
			f.ExpiredAt = v.clock.Now()
			retire = append(retire, f)
		}
	}
	if err := v.store.Apply(ctx, core.Change{Facts: retire}); err != nil {
		t.Fatalf("retire facts: %v", err)
	}
	rep, err := v.eng.BuildCommunities(ctx, "g1")
	if err != nil {
		t.Fatalf("BuildCommunities after retiring: %v", err)
	}
	second := v.communities(t, "g1")
	if rep.Communities != 1 || len(second) != 1 {
		t.Fatalf("communities after retiring cluster B = %d (report %d), want 1", len(second), rep.Communities)
	}
	if diff := cmp.Diff([][]string{{"Acme", "Alice", "Bob", "Louvre", "Paris"}}, v.memberNames(t, "g1", second)); diff != "" {
		t.Errorf("communities mismatch (-want +got):\n%s", diff)
	}
	idA := ""
	for _, c := range first {
		if len(c.Members) > 0 && c.Members[0] == second[0].Members[0] {
			idA = c.UUID
		}
	}
	if second[0].UUID != idA {
		t.Errorf("cluster A uuid = %s, want its previous %s", second[0].UUID, idA)
	}
	// Retire the rest: the build finds nothing and deletes cluster A.
	page, _ = v.store.ListFacts(ctx, "g1", core.ListOptions{Limit: 1000})
	for i := range page.Items {
		page.Items[i].ExpiredAt = v.clock.Now()
	}
	if err := v.store.Apply(ctx, core.Change{Facts: page.Items}); err != nil {
		t.Fatalf("retire facts: %v", err)
	}
	if rep, err = v.eng.BuildCommunities(ctx, "g1"); err != nil {
		t.Fatalf("BuildCommunities of a graph without facts: %v", err)
	}
	if got := v.communities(t, "g1"); len(got) != 0 || rep.Communities != 0 || rep.Unassigned != 8 {
		t.Errorf("communities of a graph without facts = %d (report %+v), want none and 8 unassigned", len(got), rep)
	}
}

func TestGroupIsolation(t *testing.T) {
	ctx := context.Background()
	v := setup(t, engine.Options{})
	v.seed(t, "g1", twoClusters)
	v.seed(t, "g2", twoClusters)
	if _, err := v.eng.BuildCommunities(ctx, "g1"); err != nil {
		t.Fatalf("BuildCommunities(g1): %v", err)
	}
	if got := v.communities(t, "g2"); len(got) != 0 {
		t.Fatalf("g2 communities after building g1 = %d, want 0", len(got))
	}
	if _, err := v.eng.BuildCommunities(ctx, "g2"); err != nil {
		t.Fatalf("BuildCommunities(g2): %v", err)
	}
	c1, c2 := v.communities(t, "g1"), v.communities(t, "g2")
	if diff := cmp.Diff(v.memberNames(t, "g1", c1), v.memberNames(t, "g2", c2)); diff != "" {
		t.Errorf("identical graphs give different communities (-g1 +g2):\n%s", diff)
	}
	ids := map[string]string{}
	for g, cs := range map[string][]core.Community{"g1": c1, "g2": c2} {
		for _, c := range cs {
			if prev, ok := ids[c.UUID]; ok {
				t.Errorf("community %s is in %s and %s", c.UUID, prev, g)
			}
			ids[c.UUID] = g
			if c.GroupID != g {
				t.Errorf("community %s of %s has GroupID %s", c.UUID, g, c.GroupID)
			}
			for _, m := range c.Members {
				if !strings.HasPrefix(m, g+"-") {
					t.Errorf("community %s of %s has member %s of another group", c.UUID, g, m)
				}
			}
		}
	}
	// Reads through one group never see the other's communities.
	got, err := v.store.Communities(ctx, []string{"g1"}, []string{c2[0].UUID}, core.GetOptions{})
	if err != nil || len(got) != 0 {
		t.Errorf("Communities(g1, a g2 uuid) = %v, %v; want nothing", got, err)
	}
	of, err := v.store.CommunitiesOf(ctx, "g1", []string{entityID("g2", "Alice")})
	if err != nil || len(of) != 0 {
		t.Errorf("CommunitiesOf(g1, g2's Alice) = %v, %v; want nothing", of, err)
	}
	for _, method := range []string{"bm25", "cosine"} {
		q := core.SearchQuery{Scope: core.ScopeCommunities, Groups: []string{"g1"}, Text: "Alice Acme Paris", Vector: v.embed(t, "Alice Acme Paris"), Limit: 10}
		var hits []core.Hit
		if method == "bm25" {
			hits, err = v.store.TextSearch(ctx, q)
		} else {
			hits, err = v.store.VectorSearch(ctx, q)
		}
		if err != nil {
			t.Fatalf("%s search: %v", method, err)
		}
		if len(hits) == 0 {
			t.Errorf("%s search of g1 communities for Alice found nothing", method)
		}
		for _, h := range hits {
			if ids[h.UUID] != "g1" {
				t.Errorf("%s search of g1 returned community %s of %q", method, h.UUID, ids[h.UUID])
			}
		}
	}
	// Rebuilding one group leaves the other untouched.
	if _, err := v.eng.BuildCommunities(ctx, "g1"); err != nil {
		t.Fatalf("BuildCommunities(g1) again: %v", err)
	}
	if diff := cmp.Diff(c2, v.communities(t, "g2")); diff != "" {
		t.Errorf("g2 communities changed by a g1 build (-before +after):\n%s", diff)
	}
}

func TestBuildErrors(t *testing.T) {
	ctx := context.Background()
	v := setup(t, engine.Options{})
	if _, err := v.eng.BuildCommunities(ctx, "bad group!"); !errors.Is(err, core.ErrInvalid) {
		t.Errorf("BuildCommunities(bad group) error = %v, want ErrInvalid", err)
	}
	rep, err := v.eng.BuildCommunities(ctx, "empty")
	if err != nil || rep.Communities != 0 || rep.Entities != 0 {
		t.Errorf("BuildCommunities(empty group) = %+v, %v; want an empty report", rep, err)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := v.eng.BuildCommunities(canceled, "g1"); !errors.Is(err, context.Canceled) {
		t.Errorf("BuildCommunities(canceled) error = %v, want context.Canceled", err)
	}
	if err := v.eng.Close(ctx); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if _, err := v.eng.BuildCommunities(ctx, "g1"); !errors.Is(err, core.ErrClosed) {
		t.Errorf("BuildCommunities after Close error = %v, want ErrClosed", err)
	}
}
