package kuzu_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/internal/bench/latency"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

var t0 = time.Date(2024, 3, 1, 9, 30, 0, 0, time.UTC)

// axis returns a unit vector close to axis i, tilted by tilt towards the
// next axis, so cosine order is easy to predict.
func axis(i int, tilt float64) []float32 {
	v := make([]float32, kuzutest.Dimension)
	v[i%kuzutest.Dimension] = float32(math.Cos(tilt))
	v[(i+1)%kuzutest.Dimension] = float32(math.Sin(tilt))
	return v
}

func ep(group, id, content string, at time.Time) core.Episode {
	return core.Episode{UUID: id, GroupID: group, Name: id, Source: core.SourceMessage, SourceDescription: "chat",
		Content: content, ValidAt: at, CreatedAt: at.Add(time.Minute)}
}

func ent(group, id, name string, labels ...string) core.Entity {
	return core.Entity{UUID: id, GroupID: group, Name: name, Labels: labels, Summary: name + " summary", CreatedAt: t0}
}

func fact(group, id, src, rel, tgt, text string, eps ...string) core.Fact {
	return core.Fact{UUID: id, GroupID: group, Relation: rel, Text: text, SourceUUID: src, TargetUUID: tgt,
		Episodes: eps, ValidAt: t0, CreatedAt: t0}
}

// seed writes a small graph in group g: alice -WORKS_AT-> acme,
// alice -LIVES_IN-> paris, bob -KNOWS-> alice, stated by two episodes.
func seed(t *testing.T, s *kuzu.Store, g string) {
	t.Helper()
	ctx := context.Background()
	if _, err := s.AddEpisodes(ctx, []core.Episode{
		ep(g, g+"-e1", "Alice: I work at Acme and live in Paris", t0),
		ep(g, g+"-e2", "Bob: Alice and I have been friends for years", t0.Add(time.Hour)),
	}); err != nil {
		t.Fatalf("AddEpisodes: %v", err)
	}
	alice, acme, paris, bob := ent(g, g+"-alice", "Alice", "Person"), ent(g, g+"-acme", "Acme", "Organization"), ent(g, g+"-paris", "Paris", "Location"), ent(g, g+"-bob", "Bob", "Person")
	alice.NameEmbedding, acme.NameEmbedding, paris.NameEmbedding, bob.NameEmbedding = axis(0, 0), axis(2, 0), axis(4, 0), axis(6, 0)
	f1 := fact(g, g+"-f1", alice.UUID, "WORKS_AT", acme.UUID, "Alice works at Acme", g+"-e1")
	f2 := fact(g, g+"-f2", alice.UUID, "LIVES_IN", paris.UUID, "Alice lives in Paris", g+"-e1")
	f3 := fact(g, g+"-f3", bob.UUID, "KNOWS", alice.UUID, "Bob has been friends with Alice for years", g+"-e2")
	f1.Embedding, f2.Embedding, f3.Embedding = axis(8, 0), axis(10, 0), axis(11, 0)
	f1.Attributes = map[string]any{"title": "engineer"}
	err := s.Apply(ctx, core.Change{
		Entities: []core.Entity{alice, acme, paris, bob},
		Facts:    []core.Fact{f1, f2, f3},
		Mentions: []core.Mention{{Episode: g + "-e1", Entity: alice.UUID}, {Episode: g + "-e1", Entity: acme.UUID}, {Episode: g + "-e1", Entity: paris.UUID}, {Episode: g + "-e2", Entity: bob.UUID}, {Episode: g + "-e2", Entity: alice.UUID}},
	})
	if err != nil {
		t.Fatalf("Apply: %v", err)
	}
}

func TestRoundTrip(t *testing.T) {
	ctx := context.Background()
	s := kuzutest.MustOpen(t)
	seed(t, s, "g1")
	g := []string{"g1"}

	e, err := s.Episode(ctx, g, "g1-e1")
	if err != nil {
		t.Fatalf("Episode: %v", err)
	}
	want := ep("g1", "g1-e1", "Alice: I work at Acme and live in Paris", t0)
	want.Status = core.EpisodePending
	if diff := cmp.Diff(want, e); diff != "" {
		t.Errorf("Episode (-want +got):\n%s", diff)
	}

	ents, err := s.Entities(ctx, g, []string{"g1-bob", "missing", "g1-alice"}, core.GetOptions{Embeddings: true})
	if err != nil {
		t.Fatalf("Entities: %v", err)
	}
	if got := []string{ents[0].Name, ents[1].Name}; !cmp.Equal(got, []string{"Bob", "Alice"}) || len(ents) != 2 {
		t.Fatalf("Entities order = %v, want [Bob Alice]", got)
	}
	if diff := cmp.Diff(axis(0, 0), ents[1].NameEmbedding); diff != "" {
		t.Errorf("Alice's embedding (-want +got):\n%s", diff)
	}
	if got := ents[0].Labels; !cmp.Equal(got, []string{"Person"}) {
		t.Errorf("Bob's labels = %v, want [Person]", got)
	}

	facts, err := s.Facts(ctx, g, []string{"g1-f1"}, core.GetOptions{})
	if err != nil || len(facts) != 1 {
		t.Fatalf("Facts = %v, %v", facts, err)
	}
	wantF := fact("g1", "g1-f1", "g1-alice", "WORKS_AT", "g1-acme", "Alice works at Acme", "g1-e1")
	wantF.Attributes = map[string]any{"title": "engineer"}
	if diff := cmp.Diff(wantF, facts[0]); diff != "" {
		t.Errorf("Facts (-want +got):\n%s", diff)
	}
}

func TestEpisodesBatch(t *testing.T) {
	ctx := context.Background()
	s := kuzutest.MustOpen(t)
	seed(t, s, "g1")
	seed(t, s, "g2")
	e1 := axis(3, 0)
	if err := s.Apply(ctx, core.Change{Episodes: []core.Episode{func() core.Episode {
		e := ep("g1", "g1-e1", "Alice: I work at Acme and live in Paris", t0)
		e.Status, e.Embedding = core.EpisodeDone, e1
		return e
	}()}}); err != nil {
		t.Fatalf("Apply: %v", err)
	}
	tests := []struct {
		name   string
		groups []string
		ids    []string
		opts   core.GetOptions
		want   []string
		vec    bool
	}{
		{"order asked", []string{"g1"}, []string{"g1-e2", "g1-e1"}, core.GetOptions{}, []string{"g1-e2", "g1-e1"}, false},
		{"unknown and repeated skipped", []string{"g1"}, []string{"nope", "g1-e1", "g1-e1"}, core.GetOptions{}, []string{"g1-e1"}, false},
		{"other group skipped", []string{"g1"}, []string{"g2-e1", "g1-e2"}, core.GetOptions{}, []string{"g1-e2"}, false},
		{"two groups", []string{"g1", "g2"}, []string{"g2-e1", "g1-e2"}, core.GetOptions{}, []string{"g2-e1", "g1-e2"}, false},
		{"embeddings", []string{"g1"}, []string{"g1-e1"}, core.GetOptions{Embeddings: true}, []string{"g1-e1"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			eps, err := s.Episodes(ctx, tt.groups, tt.ids, tt.opts)
			if err != nil {
				t.Fatalf("Episodes: %v", err)
			}
			var got []string
			for _, e := range eps {
				got = append(got, e.UUID)
				if tt.vec && !cmp.Equal(e.Embedding, e1) {
					t.Errorf("Episodes(%v) embedding = %v, want %v", tt.ids, e.Embedding, e1)
				}
				if !tt.vec && e.Embedding != nil {
					t.Errorf("Episodes(%v) embedding = %v, want nil", tt.ids, e.Embedding)
				}
			}
			if !cmp.Equal(got, tt.want) {
				t.Errorf("Episodes(%v) = %v, want %v", tt.ids, got, tt.want)
			}
		})
	}
}

func TestFourTimestampsAndUpdate(t *testing.T) {
	ctx := context.Background()
	s := kuzutest.MustOpen(t)
	seed(t, s, "g1")
	f, _ := s.Facts(ctx, []string{"g1"}, []string{"g1-f2"}, core.GetOptions{})
	up := f[0]
	up.ValidAt = time.Date(2020, 1, 2, 3, 4, 5, 123456789, time.FixedZone("CET", 3600))
	up.InvalidAt = time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)
	up.ExpiredAt = time.Date(2024, 6, 2, 12, 0, 0, 0, time.UTC)
	up.InvalidatedBy = "g1-f9"
	up.Episodes = nil
	if err := s.Apply(ctx, core.Change{Facts: []core.Fact{up}}); err != nil {
		t.Fatalf("Apply: %v", err)
	}
	got, _ := s.Facts(ctx, []string{"g1"}, []string{"g1-f2"}, core.GetOptions{})
	g := got[0]
	checks := []struct {
		name      string
		got, want time.Time
	}{
		{"valid_at (microseconds, UTC)", g.ValidAt, time.Date(2020, 1, 2, 2, 4, 5, 123456000, time.UTC)},
		{"invalid_at", g.InvalidAt, up.InvalidAt},
		{"created_at kept", g.CreatedAt, t0},
		{"expired_at", g.ExpiredAt, up.ExpiredAt},
		{"stated_invalid_at kept from creation", g.StatedInvalidAt, time.Time{}},
	}
	for _, c := range checks {
		if !c.got.Equal(c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if g.InvalidatedBy != "g1-f9" {
		t.Errorf("InvalidatedBy = %q, want g1-f9", g.InvalidatedBy)
	}
	if !cmp.Equal(g.Episodes, []string{"g1-e1"}) {
		t.Errorf("Episodes = %v, want provenance kept [g1-e1]", g.Episodes)
	}
}

func TestProvenanceBothWays(t *testing.T) {
	ctx := context.Background()
	s := kuzutest.MustOpen(t)
	seed(t, s, "g1")
	g := []string{"g1"}
	// A second episode restates f1.
	if _, err := s.AddEpisodes(ctx, []core.Episode{ep("g1", "g1-e3", "Alice: still at Acme", t0.Add(2*time.Hour))}); err != nil {
		t.Fatal(err)
	}
	f, _ := s.Facts(ctx, g, []string{"g1-f1"}, core.GetOptions{})
	f[0].Episodes = []string{"g1-e3"}
	if err := s.Apply(ctx, core.Change{Facts: f, Mentions: []core.Mention{{Episode: "g1-e3", Entity: "g1-alice"}}}); err != nil {
		t.Fatal(err)
	}
	f, _ = s.Facts(ctx, g, []string{"g1-f1"}, core.GetOptions{})
	if want := []string{"g1-e1", "g1-e3"}; !cmp.Equal(f[0].Episodes, want) {
		t.Errorf("fact episodes = %v, want %v", f[0].Episodes, want)
	}
	links, err := s.EpisodeLinks(ctx, g, "g1-e1")
	if err != nil {
		t.Fatal(err)
	}
	want := core.Links{Entities: []string{"g1-acme", "g1-alice", "g1-paris"}, Facts: []string{"g1-f1", "g1-f2"}}
	if diff := cmp.Diff(want, links); diff != "" {
		t.Errorf("EpisodeLinks (-want +got):\n%s", diff)
	}
	eps, err := s.EntityEpisodes(ctx, g, "g1-alice")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"g1-e1", "g1-e2", "g1-e3"}; !cmp.Equal(eps, want) {
		t.Errorf("EntityEpisodes = %v, want %v", eps, want)
	}
	counts, err := s.MentionCounts(ctx, core.ScopeFacts, g, []string{"g1-f1", "g1-f2"})
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]int{"g1-f1": 2, "g1-f2": 1}; !cmp.Equal(counts, want) {
		t.Errorf("MentionCounts = %v, want %v", counts, want)
	}
	if _, err := s.EpisodeLinks(ctx, []string{"g2"}, "g1-e1"); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("EpisodeLinks from another group: err = %v, want ErrNotFound", err)
	}
}

func TestAddEpisodesIdempotent(t *testing.T) {
	ctx := context.Background()
	s := kuzutest.MustOpen(t)
	e1 := ep("g1", "e1", "hello", t0)
	created, err := s.AddEpisodes(ctx, []core.Episode{e1})
	if err != nil || !created[0] {
		t.Fatalf("AddEpisodes = %v, %v; want created", created, err)
	}
	again := e1
	again.CreatedAt = t0.Add(time.Hour) // a re-send is later; it is still the same episode
	created, err = s.AddEpisodes(ctx, []core.Episode{again, ep("g1", "e2", "world", t0)})
	if err != nil || created[0] || !created[1] {
		t.Fatalf("AddEpisodes(resend, new) = %v, %v; want [false true]", created, err)
	}
	changed := e1
	changed.Content = "hello, changed"
	_, err = s.AddEpisodes(ctx, []core.Episode{ep("g1", "e3", "third", t0), changed})
	if !errors.Is(err, core.ErrConflict) {
		t.Fatalf("AddEpisodes(changed content) err = %v, want ErrConflict", err)
	}
	if _, err := s.Episode(ctx, []string{"g1"}, "e3"); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("a refused batch stored e3: err = %v", err)
	}
	// Another group's episode of the same uuid is another episode.
	other := e1
	other.GroupID, other.Content = "g2", "another tenant's"
	if created, err := s.AddEpisodes(ctx, []core.Episode{other}); err != nil || !created[0] {
		t.Errorf("same uuid in another group: AddEpisodes = %v, %v; want created", created, err)
	}
	pending, err := s.PendingEpisodes(ctx, "g1", 0)
	if err != nil || len(pending) != 2 {
		t.Errorf("PendingEpisodes = %d episodes, %v; want 2", len(pending), err)
	}
	if groups, err := s.PendingGroups(ctx); err != nil || !cmp.Equal(groups, []string{"g1", "g2"}) {
		t.Errorf("PendingGroups = %v, %v; want [g1 g2]", groups, err)
	}
}

func TestListPaging(t *testing.T) {
	ctx := context.Background()
	s := kuzutest.MustOpen(t)
	var eps []core.Episode
	var ents []core.Entity
	for i := range 25 {
		eps = append(eps, ep("g1", fmt.Sprintf("e%02d", i), fmt.Sprintf("episode %d", i), t0.Add(time.Duration(25-i)*time.Minute)))
		ents = append(ents, ent("g1", fmt.Sprintf("n%02d", i), fmt.Sprintf("Entity %d", i)))
	}
	eps = append(eps, ep("g2", "other", "other group", t0))
	if _, err := s.AddEpisodes(ctx, eps); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(ctx, core.Change{Entities: ents}); err != nil {
		t.Fatal(err)
	}
	var got []string
	cur := ""
	for pages := 0; ; pages++ {
		p, err := s.ListEpisodes(ctx, "g1", core.ListOptions{Limit: 10, Cursor: cur})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range p.Items {
			got = append(got, e.UUID)
		}
		if p.Next == "" {
			if pages != 2 {
				t.Errorf("pages = %d, want 3", pages+1)
			}
			break
		}
		cur = p.Next
	}
	if len(got) != 25 || got[0] != "e24" || got[24] != "e00" {
		t.Errorf("episodes by reference time = %v, want e24 … e00", got)
	}
	p1, _ := s.ListEntities(ctx, "g1", core.ListOptions{Limit: 20})
	p2, _ := s.ListEntities(ctx, "g1", core.ListOptions{Limit: 20, Cursor: p1.Next})
	if len(p1.Items) != 20 || len(p2.Items) != 5 || p2.Next != "" {
		t.Errorf("entity pages = %d, %d (next %q), want 20, 5", len(p1.Items), len(p2.Items), p2.Next)
	}
	if _, err := s.ListEpisodes(ctx, "g1", core.ListOptions{Cursor: "garbage"}); !errors.Is(err, core.ErrInvalid) {
		t.Errorf("bad cursor err = %v, want ErrInvalid", err)
	}
}

func TestPreviousEpisodes(t *testing.T) {
	ctx := context.Background()
	s := kuzutest.MustOpen(t)
	var eps []core.Episode
	for i := range 6 {
		eps = append(eps, ep("g1", fmt.Sprintf("e%d", i), "x", t0.Add(time.Duration(i)*time.Hour)))
	}
	if _, err := s.AddEpisodes(ctx, eps); err != nil {
		t.Fatal(err)
	}
	prev, err := s.PreviousEpisodes(ctx, eps[4], 3)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range prev {
		ids = append(ids, e.UUID)
	}
	if want := []string{"e1", "e2", "e3"}; !cmp.Equal(ids, want) {
		t.Errorf("PreviousEpisodes(e4, 3) = %v, want %v", ids, want)
	}
}

// TestWarnsWhenPoolTooSmall opens a database larger than its buffer pool
// and checks the store says so, and that it says nothing when the pool
// holds the database.
func TestWarnsWhenPoolTooSmall(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	emb := hashembed.New(2048)
	s, err := kuzu.Open(ctx, kuzu.Options{Dir: dir, Dimension: 2048, BufferPoolBytes: 256 << 20, VectorIndexAt: -1})
	if err != nil {
		t.Fatal(err)
	}
	g := latency.NewGraph("bench", 3000, 1)
	if err := g.WriteWith(ctx, s, s.Import, emb, 10000, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(filepath.Join(dir, "graph.kuzu"))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() <= 16<<20 {
		t.Fatalf("database of %d bytes: the test needs one over 16 MiB", fi.Size())
	}
	for _, c := range []struct {
		pool uint64
		warn bool
	}{{16 << 20, true}, {uint64(fi.Size()) + 1<<20, false}} {
		var logs bytes.Buffer
		s, err := kuzu.Open(ctx, kuzu.Options{Dir: dir, BufferPoolBytes: c.pool, VectorIndexAt: -1, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
		if err != nil {
			t.Fatal(err)
		}
		s.Close(ctx)
		want := fmt.Sprintf("database_mib=%d buffer_pool_mib=%d", fi.Size()>>20, c.pool>>20)
		if got := strings.Contains(logs.String(), "larger than the buffer pool") && strings.Contains(logs.String(), want); got != c.warn {
			t.Errorf("pool %d MiB: warned %v, want %v; logs:\n%s", c.pool>>20, got, c.warn, logs.String())
		}
	}
}
