package communitytest

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/community"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// byName finds a community holding the entity named name in group g.
func (v *env) communityOf(t *testing.T, g, name string) core.Community {
	t.Helper()
	for _, c := range v.communities(t, g) {
		if slices.Contains(c.Members, entityID(g, name)) {
			return c
		}
	}
	return core.Community{}
}

// newEntityID returns the uuid of the entity named name.
func (v *env) newEntityID(t *testing.T, g, name string) string {
	t.Helper()
	ents, err := v.store.EntitiesByName(context.Background(), g, []string{core.NormalizeName(name)})
	if err != nil || len(ents) != 1 {
		t.Fatalf("EntitiesByName(%s) = %v, %v; want one entity", name, ents, err)
	}
	return ents[0].UUID
}

func TestIncrementalPlurality(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  string // the community Xavier joins: "A", "B" or "" for none
	}{
		{
			name:  "weighted plurality beats the count of neighbours",
			lines: []string{"Xavier MET Alice", "Xavier EMAILED Alice", "Xavier CALLED Alice", "Xavier KNOWS Bob", "Xavier KNOWS Globex"},
			want:  "A",
		},
		{
			name:  "plurality of neighbours",
			lines: []string{"Xavier KNOWS Alice", "Xavier KNOWS Bob", "Xavier KNOWS Globex"},
			want:  "B",
		},
		{
			name:  "neighbours in no community",
			lines: []string{"Xavier KNOWS Yolanda"},
			want:  "",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			v := setup(t, engine.Options{})
			v.seed(t, "g1", twoClusters, "Zed")
			if _, err := v.eng.BuildCommunities(ctx, "g1"); err != nil {
				t.Fatalf("BuildCommunities: %v", err)
			}
			a, b := v.communityOf(t, "g1", "Alice"), v.communityOf(t, "g1", "Bob")
			v.ingest(t, "g1", tt.lines...)
			x := v.newEntityID(t, "g1", "Xavier")
			of, err := v.store.CommunitiesOf(ctx, "g1", []string{x})
			if err != nil {
				t.Fatalf("CommunitiesOf: %v", err)
			}
			want := map[string]string{"A": a.UUID, "B": b.UUID}[tt.want]
			if of[x] != want {
				t.Errorf("community of Xavier = %q, want %s (%q)", of[x], tt.want, want)
			}
			// The other members stay where they were.
			a2, b2 := v.communityOf(t, "g1", "Alice"), v.communityOf(t, "g1", "Bob")
			if a2.UUID != a.UUID || b2.UUID != b.UUID {
				t.Errorf("Alice and Bob moved: %s, %s; want %s, %s", a2.UUID, b2.UUID, a.UUID, b.UUID)
			}
			st, err := v.eng.CommunityStatus(ctx, "g1")
			if err != nil {
				t.Fatalf("CommunityStatus: %v", err)
			}
			newEntities := 1
			if tt.want == "" {
				newEntities = 2 // Yolanda too
			}
			if st.Changed != newEntities || st.Entities != 9+newEntities {
				t.Errorf("CommunityStatus() = %+v, want %d changed of %d", st, newEntities, 9+newEntities)
			}
		})
	}
}

func TestIncrementalSummaryUpdate(t *testing.T) {
	ctx := context.Background()
	v := setup(t, engine.Options{})
	v.seed(t, "g1", twoClusters)
	if _, err := v.eng.BuildCommunities(ctx, "g1"); err != nil {
		t.Fatalf("BuildCommunities: %v", err)
	}
	before := v.communityOf(t, "g1", "Alice")
	other := v.communityOf(t, "g1", "Bob")
	v.ingest(t, "g1", "Xavier MET Alice", "Xavier EMAILED Alice", "Xavier CALLED Alice", "Xavier HIRED Louvre")
	after := v.communityOf(t, "g1", "Alice")
	x := v.newEntityID(t, "g1", "Xavier")
	if !slices.Contains(after.Members, x) || len(after.Members) != len(before.Members)+1 {
		t.Fatalf("community of Alice members = %v, want the previous ones and Xavier %s", after.Members, x)
	}
	if after.UUID != before.UUID || !after.CreatedAt.Equal(before.CreatedAt) {
		t.Errorf("community of Alice = %s created %v, want %s created %v (updated in place)", after.UUID, after.CreatedAt, before.UUID, before.CreatedAt)
	}
	want := "5 members, the most connected: Alice (7 facts), Xavier (4), Acme (3), Louvre (3), Paris (3)."
	if !strings.HasPrefix(after.Summary, want) {
		t.Errorf("updated summary = %q, want it to start with %q", after.Summary, want)
	}
	if after.Name != "Alice, Xavier, Acme" {
		t.Errorf("updated name = %q, want %q", after.Name, "Alice, Xavier, Acme")
	}
	if diff := cmp.Diff(v.embed(t, after.Name+"\n"+after.Summary), after.NameEmbedding, approx); diff != "" {
		t.Errorf("updated embedding is not that of the new name and summary (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(other, v.communityOf(t, "g1", "Bob")); diff != "" {
		t.Errorf("the other community changed (-before +after):\n%s", diff)
	}
	hits, err := v.store.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeCommunities, Groups: []string{"g1"}, Text: "Xavier", Limit: 5})
	if err != nil || len(hits) != 1 || hits[0].UUID != after.UUID {
		t.Errorf("TextSearch(Xavier) = %v, %v; want the updated community", hits, err)
	}
}

func TestIncrementalMoveAndDelete(t *testing.T) {
	ctx := context.Background()
	v := setup(t, engine.Options{Communities: community.Options{DriftThreshold: -1}})
	// A pair (Kim, Lee) and cluster B.
	v.seed(t, "g1", append([]string{"Kim KNOWS Lee"}, clusterBLines...))
	if _, err := v.eng.BuildCommunities(ctx, "g1"); err != nil {
		t.Fatalf("BuildCommunities: %v", err)
	}
	pair := v.communityOf(t, "g1", "Kim")
	if len(pair.Members) != 2 {
		t.Fatalf("community of Kim = %v, want the pair", pair.Members)
	}
	// Kim now has more facts towards cluster B than towards Lee: Kim moves,
	// and the pair, down to one member, is deleted.
	v.ingest(t, "g1", "Kim WORKS_AT Globex", "Kim LIVES_IN Tokyo")
	if got := v.communityOf(t, "g1", "Kim"); got.UUID != v.communityOf(t, "g1", "Bob").UUID {
		t.Errorf("community of Kim = %s, want Bob's", got.UUID)
	}
	cs, err := v.store.Communities(ctx, []string{"g1"}, []string{pair.UUID}, core.GetOptions{})
	if err != nil || len(cs) != 0 {
		t.Errorf("Communities(the pair) = %v, %v; want it deleted", cs, err)
	}
	st, err := v.eng.CommunityStatus(ctx, "g1")
	if err != nil {
		t.Fatalf("CommunityStatus: %v", err)
	}
	if want := (community.Status{Built: st.Built, Entities: 6, Changed: 2, Drift: 2.0 / 6}); st != want {
		t.Errorf("CommunityStatus() = %+v, want %+v (Kim moved, Lee left alone)", st, want)
	}
}

func TestNoCommunitiesNoUpdate(t *testing.T) {
	ctx := context.Background()
	v := setup(t, engine.Options{})
	v.seed(t, "g1", twoClusters)
	v.ingest(t, "g1", "Xavier KNOWS Alice")
	if got := v.communities(t, "g1"); len(got) != 0 {
		t.Errorf("communities of a group never built = %d, want 0", len(got))
	}
	st, err := v.eng.CommunityStatus(ctx, "g1")
	if err != nil || !st.Built.IsZero() || st.Drift != 0 {
		t.Errorf("CommunityStatus() = %+v, %v; want not built", st, err)
	}
}

// island is a new cluster that touches no community: incremental updates
// cannot place it, a rebuild finds it.
var island = []string{"Nina KNOWS Omar", "Omar KNOWS Pia", "Pia KNOWS Nina", "Nina WORKS_AT Quux", "Omar WORKS_AT Quux"}

func TestDriftRebuildsInBackground(t *testing.T) {
	ctx := context.Background()
	v := setup(t, engine.Options{Communities: community.Options{DriftThreshold: 0.3}, Logger: slog.New(slog.NewTextHandler(t.Output(), nil))})
	v.seed(t, "g1", twoClusters, "Zed")
	if _, err := v.eng.BuildCommunities(ctx, "g1"); err != nil {
		t.Fatalf("BuildCommunities: %v", err)
	}
	built := v.communities(t, "g1")[0].CreatedAt
	// One new entity: 1/10 changed, under the threshold.
	v.ingest(t, "g1", "Xavier MET Alice")
	if st, _ := v.eng.CommunityStatus(ctx, "g1"); st.Changed != 1 || st.Rebuilding {
		t.Fatalf("CommunityStatus() = %+v, want 1 changed and no rebuild", st)
	}
	// Four more: 5/14 changed, past 0.3.
	v.ingest(t, "g1", island...)
	waitFor(t, "rebuild", 30*time.Second, func() bool {
		cs := v.communities(t, "g1")
		return len(cs) == 3 && cs[0].CreatedAt.After(built)
	})
	cs := v.communities(t, "g1")
	want := [][]string{append(slices.Clone(clusterA), "Xavier"), clusterB, {"Nina", "Omar", "Pia", "Quux"}}
	slices.Sort(want[0])
	if diff := cmp.Diff(want, v.memberNames(t, "g1", cs)); diff != "" {
		t.Errorf("communities after the rebuild mismatch (-want +got):\n%s", diff)
	}
	waitFor(t, "rebuild done", 10*time.Second, func() bool {
		st, _ := v.eng.CommunityStatus(ctx, "g1")
		return !st.Rebuilding
	})
	st, err := v.eng.CommunityStatus(ctx, "g1")
	if err != nil {
		t.Fatalf("CommunityStatus: %v", err)
	}
	if want := (community.Status{Built: cs[0].CreatedAt, Entities: 14}); st != want {
		t.Errorf("CommunityStatus() after the rebuild = %+v, want %+v", st, want)
	}
}

func TestDriftNeverWithNegativeThreshold(t *testing.T) {
	ctx := context.Background()
	v := setup(t, engine.Options{Communities: community.Options{DriftThreshold: -1}})
	v.seed(t, "g1", twoClusters)
	if _, err := v.eng.BuildCommunities(ctx, "g1"); err != nil {
		t.Fatalf("BuildCommunities: %v", err)
	}
	// The worker decides on a rebuild before it reports the episodes done
	// (maybeRebuild, under the group's lock), so once ingest returns a
	// rebuild would show as Rebuilding.
	v.ingest(t, "g1", island...)
	st, err := v.eng.CommunityStatus(ctx, "g1")
	if err != nil || st.Rebuilding || st.Changed != 4 || len(v.communities(t, "g1")) != 2 {
		t.Errorf("CommunityStatus() = %+v, %v with %d communities; want 4 changed, no rebuild, 2 communities", st, err, len(v.communities(t, "g1")))
	}
}

func TestDriftSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	store := kuzutest.MustOpen(t)
	v := open(t, store, engine.Options{Communities: community.Options{DriftThreshold: -1}})
	v.seed(t, "g1", twoClusters, "Zed")
	if _, err := v.eng.BuildCommunities(ctx, "g1"); err != nil {
		t.Fatalf("BuildCommunities: %v", err)
	}
	v.ingest(t, "g1", island...)
	st1, err := v.eng.CommunityStatus(ctx, "g1")
	if err != nil {
		t.Fatalf("CommunityStatus: %v", err)
	}
	if err := v.eng.Close(ctx); err != nil {
		t.Fatalf("Close: %v", err)
	}
	// A new engine on the same store derives the drift from what is stored.
	c := newClock()
	c.t = v.clock.Now()
	eng, err := engine.Open(ctx, engine.Options{Store: store, Embedder: hashembed.New(kuzutest.Dimension), Plugins: pluginSets{core.Plugins{Extractor: lineExtractor{}}}, Now: c.Now})
	if err != nil {
		t.Fatalf("engine.Open: %v", err)
	}
	defer eng.Close(ctx)
	st2, err := eng.CommunityStatus(ctx, "g1")
	if err != nil {
		t.Fatalf("CommunityStatus after restart: %v", err)
	}
	if diff := cmp.Diff(st1, st2); diff != "" || st2.Changed != 4 {
		t.Errorf("CommunityStatus() after restart mismatch (-before +after), want 4 changed:\n%s", diff)
	}
}
