package weaviate_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/memstore"
	"github.com/mnemohq/mnemo/weaviate"
)

// crashWorld is a group's graph (base) and the change an ingestion of
// episode e1 makes of it: e1 done, a new entity and fact that retires an
// old one, mentions, a deleted fact and a community replaced.
func crashWorld() (eps []core.Episode, base, change core.Change) {
	g := "crash-g"
	t0 := time.Date(2025, 5, 1, 12, 0, 0, 0, time.UTC)
	ep := func(id string, at time.Time) core.Episode {
		return core.Episode{UUID: id, GroupID: g, Source: core.SourceText, Content: "episode " + id, ValidAt: at, CreatedAt: at}
	}
	e0, e1 := ep("e0", t0), ep("e1", t0.Add(time.Hour))
	ent := func(id string) core.Entity {
		return core.Entity{UUID: id, GroupID: g, Name: "Entity " + id, CreatedAt: t0}
	}
	f1 := core.Fact{UUID: "f1", GroupID: g, Relation: "WORKS_AT", Text: "a works at b", SourceUUID: "a", TargetUUID: "b", CreatedAt: t0, ValidAt: t0.AddDate(-2, 0, 0), Episodes: []string{"e0"}}
	fx := core.Fact{UUID: "fx", GroupID: g, Relation: "KNOWS", Text: "a knows c", SourceUUID: "a", TargetUUID: "c", CreatedAt: t0, Episodes: []string{"e0"}}
	e0.Status = core.EpisodeDone
	base = core.Change{
		Episodes: []core.Episode{e0}, Entities: []core.Entity{ent("a"), ent("b"), ent("c")}, Facts: []core.Fact{f1, fx},
		Mentions:    []core.Mention{{Episode: "e0", Entity: "a"}, {Episode: "e0", Entity: "b"}},
		Communities: []core.Community{{UUID: "k1", GroupID: g, Name: "ab", Members: []string{"a", "b"}, CreatedAt: t0}},
	}
	done := e1
	done.Status = core.EpisodeDone
	t1 := t0.Add(time.Hour)
	f2 := core.Fact{UUID: "f2", GroupID: g, Relation: "WORKS_AT", Text: "a works at d", SourceUUID: "a", TargetUUID: "d", CreatedAt: t1, ValidAt: t0, Episodes: []string{"e1"}}
	retired := f1
	retired.Episodes, retired.InvalidAt, retired.ExpiredAt, retired.InvalidatedBy = nil, t0, t1, "f2"
	change = core.Change{
		Episodes: []core.Episode{done}, Entities: []core.Entity{ent("d")}, Facts: []core.Fact{f2, retired},
		Mentions:          []core.Mention{{Episode: "e1", Entity: "a"}, {Episode: "e1", Entity: "d"}},
		Communities:       []core.Community{{UUID: "k2", GroupID: g, Name: "ad", Members: []string{"a", "d"}, CreatedAt: t1}},
		DeleteCommunities: []string{"k1"}, DeleteFacts: []string{"fx"},
	}
	return []core.Episode{ep("e0", t0), e1}, base, change
}

// snapshot is what a group holds, as the store's reads show it.
type snapshot struct {
	Stats       core.Stats
	Episodes    []core.Episode
	Entities    []core.Entity
	Facts       []core.Fact
	Communities []core.Community
	Links       map[string]core.Links
}

func snap(t *testing.T, s core.Store, g string) snapshot {
	t.Helper()
	ctx := context.Background()
	var sn snapshot
	var err error
	must := func(what string, e error) {
		t.Helper()
		if e != nil {
			t.Fatalf("%s: %v", what, e)
		}
	}
	sn.Stats, err = s.Stats(ctx, g)
	must("Stats", err)
	eps, err := s.ListEpisodes(ctx, g, core.ListOptions{Limit: 1000})
	must("ListEpisodes", err)
	sn.Episodes = eps.Items
	ents, err := s.ListEntities(ctx, g, core.ListOptions{Limit: 1000})
	must("ListEntities", err)
	sn.Entities = ents.Items
	facts, err := s.ListFacts(ctx, g, core.ListOptions{Limit: 1000, Filter: core.Filter{IncludeInvalid: true}})
	must("ListFacts", err)
	sn.Facts = facts.Items
	cms, err := s.ListCommunities(ctx, g, core.ListOptions{Limit: 1000})
	must("ListCommunities", err)
	sn.Communities = cms.Items
	sn.Links = map[string]core.Links{}
	for _, e := range sn.Episodes {
		sn.Links[e.UUID], err = s.EpisodeLinks(ctx, []string{g}, e.UUID)
		must("EpisodeLinks", err)
	}
	return sn
}

// TestCrashMidApply interrupts a change before each of its writes in
// turn, as a crash would, and checks that until the episode's status is
// written the episode is still pending (so the engine retries it), and
// that the retry leaves what the change applied at once leaves in the
// in-memory reference store.
func TestCrashMidApply(t *testing.T) {
	need(t)
	ctx := t.Context()
	eps, base, change := crashWorld()
	g := eps[0].GroupID
	ref := memstore.New(16)
	for _, ch := range []core.Change{base, change} {
		if _, err := ref.AddEpisodes(ctx, eps); err != nil {
			t.Fatal(err)
		}
		if err := ref.Apply(ctx, ch); err != nil {
			t.Fatalf("memstore Apply: %v", err)
		}
	}
	want := snap(t, ref, g)
	for n := 0; ; n++ {
		s := open(t)
		if _, err := s.AddEpisodes(ctx, eps); err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(ctx, base); err != nil {
			t.Fatalf("Apply(base): %v", err)
		}
		reached := weaviate.CrashAt(s, n)
		err := s.Apply(ctx, change)
		if !reached() {
			if err != nil {
				t.Fatalf("Apply without a crash: %v", err)
			}
			if diff := cmp.Diff(want, snap(t, s, g)); diff != "" {
				t.Errorf("after the change (-memstore +weaviate):\n%s", diff)
			}
			if n < 5 {
				t.Errorf("the change made %d writes; the test expects at least 5", n)
			}
			return
		}
		if err == nil {
			t.Fatalf("Apply crashing before write %d succeeded", n)
		}
		got, err := s.Episodes(ctx, []string{g}, []string{"e1"}, core.GetOptions{})
		if err != nil || len(got) != 1 {
			t.Fatalf("Episodes(e1) after a crash before write %d = %v, %v", n, got, err)
		}
		if n <= 3 && got[0].Status != core.EpisodePending {
			t.Errorf("a crash before write %d left e1 %s, want pending", n, got[0].Status)
		}
		if err := s.Apply(ctx, change); err != nil {
			t.Fatalf("retry after a crash before write %d: %v", n, err)
		}
		if diff := cmp.Diff(want, snap(t, s, g)); diff != "" {
			t.Errorf("after a crash before write %d and a retry (-memstore +weaviate):\n%s", n, diff)
		}
	}
}
