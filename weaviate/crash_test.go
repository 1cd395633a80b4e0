package weaviate_test

import (
	"context"
	"fmt"
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
func crashWorld(g string) (eps []core.Episode, base, change core.Change) {
	id := func(x string) string { return g + "-" + x }
	t0 := time.Date(2025, 5, 1, 12, 0, 0, 0, time.UTC)
	ep := func(uuid string, at time.Time) core.Episode {
		return core.Episode{UUID: uuid, GroupID: g, Source: core.SourceText, Content: "episode " + uuid, ValidAt: at, CreatedAt: at}
	}
	e0, e1 := ep(id("e0"), t0), ep(id("e1"), t0.Add(time.Hour))
	ent := func(uuid string) core.Entity {
		return core.Entity{UUID: uuid, GroupID: g, Name: "Entity " + uuid, CreatedAt: t0}
	}
	f1 := core.Fact{UUID: id("f1"), GroupID: g, Relation: "WORKS_AT", Text: "a works at b", SourceUUID: id("a"), TargetUUID: id("b"), CreatedAt: t0, ValidAt: t0.AddDate(-2, 0, 0), Episodes: []string{id("e0")}}
	fx := core.Fact{UUID: id("fx"), GroupID: g, Relation: "KNOWS", Text: "a knows c", SourceUUID: id("a"), TargetUUID: id("c"), CreatedAt: t0, Episodes: []string{id("e0")}}
	e0.Status = core.EpisodeDone
	base = core.Change{
		Episodes: []core.Episode{e0}, Entities: []core.Entity{ent(id("a")), ent(id("b")), ent(id("c"))}, Facts: []core.Fact{f1, fx},
		Mentions:    []core.Mention{{Episode: id("e0"), Entity: id("a")}, {Episode: id("e0"), Entity: id("b")}},
		Communities: []core.Community{{UUID: id("k1"), GroupID: g, Name: "ab", Members: []string{id("a"), id("b")}, CreatedAt: t0}},
	}
	done := e1
	done.Status = core.EpisodeDone
	t1 := t0.Add(time.Hour)
	f2 := core.Fact{UUID: id("f2"), GroupID: g, Relation: "WORKS_AT", Text: "a works at d", SourceUUID: id("a"), TargetUUID: id("d"), CreatedAt: t1, ValidAt: t0, Episodes: []string{id("e1")}}
	retired := f1
	retired.Episodes, retired.InvalidAt, retired.ExpiredAt, retired.InvalidatedBy = nil, t0, t1, id("f2")
	change = core.Change{
		Episodes: []core.Episode{done}, Entities: []core.Entity{ent(id("d"))}, Facts: []core.Fact{f2, retired},
		Mentions:          []core.Mention{{Episode: id("e1"), Entity: id("a")}, {Episode: id("e1"), Entity: id("d")}},
		Communities:       []core.Community{{UUID: id("k2"), GroupID: g, Name: "ad", Members: []string{id("a"), id("d")}, CreatedAt: t1}},
		DeleteCommunities: []string{id("k1")}, DeleteFacts: []string{id("fx")},
	}
	return []core.Episode{ep(id("e0"), t0), e1}, base, change
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
// written the episode is still pending, and that each way of going on
// leaves what the change applied at once leaves in the in-memory
// reference store: the same change applied again, the store opened again
// (a new process), or the group's pending episodes listed (the engine
// about to extract again).
func TestCrashMidApply(t *testing.T) {
	need(t)
	for _, how := range []string{"retry", "reopen", "pending"} {
		t.Run(how, func(t *testing.T) {
			// One store; each crash point in a group of its own.
			s := open(t)
			for n := 0; ; n++ {
				if !crashAndGoOn(t, s, how, n) {
					return
				}
			}
		})
	}
}

// crashAndGoOn crashes change before its write n and goes on as how says;
// it reports false when the change made fewer writes than n.
func crashAndGoOn(t *testing.T, s *weaviate.Store, how string, n int) bool {
	t.Helper()
	ctx := t.Context()
	g := fmt.Sprintf("crash-%d", n)
	eps, base, change := crashWorld(g)
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
	if _, err := s.AddEpisodes(ctx, eps); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(ctx, base); err != nil {
		t.Fatalf("Apply(base): %v", err)
	}
	reached := weaviate.CrashAt(s, n)
	err := s.Apply(ctx, change)
	weaviate.CrashAt(s, -1)
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
		return false
	}
	if err == nil {
		t.Fatalf("Apply crashing before write %d succeeded", n)
	}
	got, err := s.Episodes(ctx, []string{g}, []string{eps[1].UUID}, core.GetOptions{})
	if err != nil || len(got) != 1 {
		t.Fatalf("Episodes(e1) after a crash before write %d = %v, %v", n, got, err)
	}
	if n <= 3 && got[0].Status != core.EpisodePending {
		t.Errorf("a crash before write %d left e1 %s, want pending", n, got[0].Status)
	}
	switch how {
	case "retry":
		if err := s.Apply(ctx, change); err != nil {
			t.Fatalf("retry after a crash before write %d: %v", n, err)
		}
	case "reopen":
		s = reopen(t, s)
	case "pending":
		pending, err := s.PendingEpisodes(ctx, g, 10)
		if err != nil {
			t.Fatalf("PendingEpisodes after a crash before write %d: %v", n, err)
		}
		if len(pending) != 0 {
			t.Errorf("PendingEpisodes after a crash before write %d = %v, want none: the change cut short is completed first", n, pending)
		}
	}
	if diff := cmp.Diff(want, snap(t, s, g)); diff != "" {
		t.Errorf("after a crash before write %d and a %s (-memstore +weaviate):\n%s", n, how, diff)
	}
	return true
}
