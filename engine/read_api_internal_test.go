package engine

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
)

// leakyStore breaks the Store contract on purpose: every read returns the
// rows of group "a" and of group "b", whatever groups it is asked for, so
// that the tests see what the engine lets through. It records the
// arguments the engine passes. Methods not defined here panic.
type leakyStore struct {
	core.Store
	calls    int
	listOpts core.ListOptions
	previous core.Episode
	applied  []core.Change
	// onApply runs inside Apply, before the change is recorded.
	onApply func()
}

var leakyTime = time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)

func (s *leakyStore) Dimension() int { return 4 }

func (s *leakyStore) PendingGroups(context.Context) ([]string, error) { return nil, nil }

func (s *leakyStore) Groups(context.Context) ([]string, error) {
	s.calls++
	return []string{"b", "a", "b"}, nil
}

func (s *leakyStore) Stats(_ context.Context, group string) (core.Stats, error) {
	s.calls++
	return core.Stats{Episodes: 1}, nil
}

func (s *leakyStore) Episodes(_ context.Context, groups []string, uuids []string, _ core.GetOptions) ([]core.Episode, error) {
	s.calls++
	return []core.Episode{{UUID: uuids[0], GroupID: "b"}}, nil
}

func (s *leakyStore) PreviousEpisodes(_ context.Context, ep core.Episode, n int) ([]core.Episode, error) {
	s.calls++
	s.previous = ep
	return []core.Episode{{UUID: "ea", GroupID: "a"}, {UUID: "eb", GroupID: "b"}}, nil
}

func (s *leakyStore) EpisodeLinks(context.Context, []string, string) (core.Links, error) {
	s.calls++
	return core.Links{Entities: []string{"na", "nb"}, Facts: []string{"fa", "fb"}}, nil
}

// Facts returns every fact asked for; the last letter of a uuid is its
// group.
func (s *leakyStore) Facts(_ context.Context, groups, uuids []string, _ core.GetOptions) ([]core.Fact, error) {
	s.calls++
	var out []core.Fact
	for _, id := range uuids {
		out = append(out, core.Fact{UUID: id, GroupID: id[len(id)-1:]})
	}
	return out, nil
}

func (s *leakyStore) EntityNames(context.Context, []string, []string) (map[string]string, error) {
	s.calls++
	return map[string]string{"na": "Alice"}, nil
}

func (s *leakyStore) ListFacts(_ context.Context, group string, opts core.ListOptions) (core.Page[core.Fact], error) {
	s.calls++
	s.listOpts = opts
	return core.Page[core.Fact]{Items: []core.Fact{{UUID: "fb", GroupID: "b"}, {UUID: "fa", GroupID: "a"}}, Next: "c"}, nil
}

func (s *leakyStore) ListEntities(_ context.Context, group string, opts core.ListOptions) (core.Page[core.Entity], error) {
	s.calls++
	s.listOpts = opts
	return core.Page[core.Entity]{Items: []core.Entity{{UUID: "na", GroupID: "a"}, {UUID: "nb", GroupID: "b"}}}, nil
}

func (s *leakyStore) ListEpisodes(_ context.Context, group string, opts core.ListOptions) (core.Page[core.Episode], error) {
	s.calls++
	s.listOpts = opts
	return core.Page[core.Episode]{Items: []core.Episode{{UUID: "eb", GroupID: "b"}, {UUID: "ea", GroupID: "a"}}}, nil
}

func (s *leakyStore) ListCommunities(_ context.Context, group string, opts core.ListOptions) (core.Page[core.Community], error) {
	s.calls++
	s.listOpts = opts
	return core.Page[core.Community]{Items: []core.Community{{UUID: "cb", GroupID: "b"}, {UUID: "ca", GroupID: "a"}}}, nil
}

// Entities returns every entity asked for; the last letter of a uuid is
// its group.
func (s *leakyStore) Entities(_ context.Context, groups, uuids []string, _ core.GetOptions) ([]core.Entity, error) {
	s.calls++
	var out []core.Entity
	for _, id := range uuids {
		out = append(out, core.Entity{UUID: id, GroupID: id[len(id)-1:], Name: "someone", Labels: []string{"Secret"}})
	}
	return out, nil
}

func (s *leakyStore) EntitiesByName(_ context.Context, group string, keys []string) ([]core.Entity, error) {
	s.calls++
	return []core.Entity{
		{UUID: "nb", GroupID: "b", Name: "alice", Summary: "B's Alice"},
		{UUID: "na", GroupID: "a", Name: "alice", Summary: "A's Alice", Labels: []string{"Person"}, CreatedAt: leakyTime.Add(-time.Hour)},
	}, nil
}

func (s *leakyStore) Apply(_ context.Context, c core.Change) error {
	if s.onApply != nil {
		s.onApply()
	}
	s.applied = append(s.applied, c)
	return nil
}

// unitEmbedder embeds every text as the same unit vector.
type unitEmbedder struct{}

func (unitEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = []float32{1, 0, 0, 0}
	}
	return out, nil
}

func (unitEmbedder) Dimension() int { return 4 }

func openLeaky(t *testing.T) (*Engine, *leakyStore) {
	t.Helper()
	st := &leakyStore{}
	e, err := Open(context.Background(), Options{
		Store: st, Embedder: unitEmbedder{}, Plugins: noPlugins{}, Now: func() time.Time { return leakyTime },
		Ingest: IngestOptions{Workers: -1},
	})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { e.Close(context.Background()) })
	return e, st
}

// TestReadsKeepTheirGroups checks that a read for group "a" returns none
// of group "b"'s rows even when the store hands them over.
func TestReadsKeepTheirGroups(t *testing.T) {
	ctx := context.Background()
	e, _ := openLeaky(t)
	tests := []struct {
		name string
		read func() ([]string, error)
		want []string
	}{
		{"RecentEpisodes", func() ([]string, error) {
			eps, err := e.RecentEpisodes(ctx, "a", 5)
			return uuidsOf(eps, func(x core.Episode) string { return x.UUID }), err
		}, []string{"ea"}},
		{"EpisodeFacts", func() ([]string, error) {
			fs, err := e.EpisodeFacts(ctx, "a", "ea")
			return uuidsOf(fs, func(x core.Fact) string { return x.UUID }), err
		}, []string{"fa"}},
		{"EpisodeEntities", func() ([]string, error) {
			ents, err := e.EpisodeEntities(ctx, "a", "ea")
			return uuidsOf(ents, func(x core.Entity) string { return x.UUID }), err
		}, []string{"na"}},
		{"Fact", func() ([]string, error) {
			f, err := e.Fact(ctx, []string{"a"}, "fa")
			return []string{f.UUID}, err
		}, []string{"fa"}},
		{"ListFacts", func() ([]string, error) {
			p, err := e.ListFacts(ctx, "a", core.ListOptions{})
			return uuidsOf(p.Items, func(x core.Fact) string { return x.UUID }), err
		}, []string{"fa"}},
		{"ListEntities", func() ([]string, error) {
			p, err := e.ListEntities(ctx, "a", core.ListOptions{})
			return uuidsOf(p.Items, func(x core.Entity) string { return x.UUID }), err
		}, []string{"na"}},
		{"ListEpisodes", func() ([]string, error) {
			p, err := e.ListEpisodes(ctx, "a", core.ListOptions{})
			return uuidsOf(p.Items, func(x core.Episode) string { return x.UUID }), err
		}, []string{"ea"}},
		{"ListCommunities", func() ([]string, error) {
			p, err := e.ListCommunities(ctx, "a", core.ListOptions{})
			return uuidsOf(p.Items, func(x core.Community) string { return x.UUID }), err
		}, []string{"ca"}},
		{"Groups", func() ([]string, error) { return e.Groups(ctx) }, []string{"a", "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.read()
			if err != nil {
				t.Fatalf("%s = %v", tt.name, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s for group a (-want +got):\n%s", tt.name, diff)
			}
		})
	}
	t.Run("Episode", func(t *testing.T) {
		// The store answers with group b's episode: not found for a.
		if ep, err := e.Episode(ctx, []string{"a"}, "eb"); !errors.Is(err, core.ErrNotFound) {
			t.Errorf("Episode([a], eb) = %+v, %v, want ErrNotFound", ep, err)
		}
		if g, err := e.GroupOf(ctx, core.ScopeEpisodes, []string{"a"}, "eb"); !errors.Is(err, core.ErrNotFound) {
			t.Errorf("GroupOf(episodes, [a], eb) = %q, %v, want ErrNotFound", g, err)
		}
		if g, err := e.GroupOf(ctx, core.ScopeEpisodes, []string{"a", "b"}, "eb"); err != nil || g != "b" {
			t.Errorf("GroupOf(episodes, [a b], eb) = %q, %v, want b", g, err)
		}
	})
	t.Run("Fact of group b", func(t *testing.T) {
		if f, err := e.Fact(ctx, []string{"a"}, "fb"); !errors.Is(err, core.ErrNotFound) {
			t.Errorf("Fact([a], fb) = %+v, %v, want ErrNotFound", f, err)
		}
		if g, err := e.GroupOf(ctx, core.ScopeFacts, []string{"a"}, "fb"); !errors.Is(err, core.ErrNotFound) {
			t.Errorf("GroupOf(facts, [a], fb) = %q, %v, want ErrNotFound", g, err)
		}
	})
}

func uuidsOf[T any](xs []T, id func(T) string) []string {
	out := []string{}
	for _, x := range xs {
		out = append(out, id(x))
	}
	return out
}

// TestReadsCheckGroups checks that reads refuse malformed group ids before
// they reach the store, and that reading no group finds nothing.
func TestReadsCheckGroups(t *testing.T) {
	ctx := context.Background()
	e, st := openLeaky(t)
	bad := "not a group!"
	reads := []struct {
		name string
		read func() error
	}{
		{"Stats", func() error { _, err := e.Stats(ctx, bad); return err }},
		{"Episode", func() error { _, err := e.Episode(ctx, []string{"a", bad}, "x"); return err }},
		{"RecentEpisodes", func() error { _, err := e.RecentEpisodes(ctx, bad, 3); return err }},
		{"EpisodeLinks", func() error { _, err := e.EpisodeLinks(ctx, bad, "x"); return err }},
		{"EpisodeFacts", func() error { _, err := e.EpisodeFacts(ctx, bad, "x"); return err }},
		{"EpisodeEntities", func() error { _, err := e.EpisodeEntities(ctx, bad, "x"); return err }},
		{"Fact", func() error { _, err := e.Fact(ctx, []string{bad}, "x"); return err }},
		{"GroupOf", func() error { _, err := e.GroupOf(ctx, core.ScopeFacts, []string{bad}, "x"); return err }},
		{"EntityNames", func() error { _, err := e.EntityNames(ctx, []string{bad}, []string{"x"}); return err }},
		{"ListEntities", func() error { _, err := e.ListEntities(ctx, bad, core.ListOptions{}); return err }},
		{"ListFacts", func() error { _, err := e.ListFacts(ctx, bad, core.ListOptions{}); return err }},
		{"ListCommunities", func() error { _, err := e.ListCommunities(ctx, bad, core.ListOptions{}); return err }},
		{"ListEpisodes", func() error { _, err := e.ListEpisodes(ctx, bad, core.ListOptions{}); return err }},
		{"ListEntities label", func() error {
			_, err := e.ListEntities(ctx, "a", core.ListOptions{Filter: core.Filter{Labels: []string{"no spaces"}}})
			return err
		}},
		{"RecentEpisodes n", func() error { _, err := e.RecentEpisodes(ctx, "a", 0); return err }},
		{"GroupOf scope", func() error { _, err := e.GroupOf(ctx, core.ScopeEntities, []string{"a"}, "x"); return err }},
	}
	for _, tt := range reads {
		t.Run(tt.name, func(t *testing.T) {
			st.calls = 0
			if err := tt.read(); !errors.Is(err, core.ErrInvalid) {
				t.Errorf("%s = %v, want ErrInvalid", tt.name, err)
			}
			if st.calls != 0 {
				t.Errorf("%s made %d store calls, want 0", tt.name, st.calls)
			}
		})
	}
	st.calls = 0
	if _, err := e.Fact(ctx, nil, "fa"); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("Fact(no groups) = %v, want ErrNotFound", err)
	}
	if _, err := e.Episode(ctx, nil, "ea"); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("Episode(no groups) = %v, want ErrNotFound", err)
	}
	if names, err := e.EntityNames(ctx, nil, []string{"na"}); err != nil || len(names) != 0 {
		t.Errorf("EntityNames(no groups) = %v, %v, want none", names, err)
	}
	if st.calls != 0 {
		t.Errorf("reads of no group made %d store calls, want 0", st.calls)
	}
	e.Close(ctx)
	if _, err := e.Groups(ctx); !errors.Is(err, core.ErrClosed) {
		t.Errorf("Groups after Close = %v, want ErrClosed", err)
	}
	if err := e.Health(ctx); !errors.Is(err, core.ErrClosed) {
		t.Errorf("Health after Close = %v, want ErrClosed", err)
	}
}

// TestReadsUseTheEngineClock checks that "now" in a listing and in recent
// episodes is the engine's clock, not the caller's.
func TestReadsUseTheEngineClock(t *testing.T) {
	ctx := context.Background()
	e, st := openLeaky(t)
	if _, err := e.ListFacts(ctx, "a", core.ListOptions{Filter: core.Filter{Now: leakyTime.Add(-24 * time.Hour)}}); err != nil {
		t.Fatal(err)
	}
	if got := st.listOpts.Filter.Now; !got.Equal(leakyTime) {
		t.Errorf("ListFacts passed Filter.Now = %v, want the engine's %v", got, leakyTime)
	}
	if _, err := e.RecentEpisodes(ctx, "a", 7); err != nil {
		t.Fatal(err)
	}
	if p := st.previous; p.GroupID != "a" || !p.ValidAt.Equal(leakyTime) {
		t.Errorf("RecentEpisodes read before %+v, want group a at %v", p, leakyTime)
	}
}

// TestSaveEntity checks what SaveEntity writes, and that it writes under
// the group's lock.
func TestSaveEntity(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name string
		in   EntityNode
		want core.Entity
	}{
		{"by name: group a's entity, renamed, labels kept", EntityNode{GroupID: "a", Name: "  Alice "},
			core.Entity{UUID: "na", GroupID: "a", Name: "Alice", Summary: "A's Alice", Labels: []string{"Person"}, CreatedAt: leakyTime.Add(-time.Hour)}},
		{"by name: summary replaced", EntityNode{GroupID: "a", Name: "Alice", Summary: "new"},
			core.Entity{UUID: "na", GroupID: "a", Name: "Alice", Summary: "new", Labels: []string{"Person"}, CreatedAt: leakyTime.Add(-time.Hour)}},
		// A uuid group a does not hold names the entity of a derived
		// uuid, whatever another group holds.
		{"by uuid: group b's row is not taken", EntityNode{GroupID: "a", UUID: "nb", Name: "Bob"},
			core.Entity{UUID: RenamedUUID("a", "nb"), GroupID: "a", Name: "Bob", CreatedAt: leakyTime}},
		{"by uuid: a uuid no group holds", EntityNode{GroupID: "a", UUID: "fresh", Name: "Bob"},
			core.Entity{UUID: RenamedUUID("a", "fresh"), GroupID: "a", Name: "Bob", CreatedAt: leakyTime}},
		{"by uuid: group a's entity renamed", EntityNode{GroupID: "a", UUID: "xa", Name: "Bob"},
			core.Entity{UUID: "xa", GroupID: "a", Name: "Bob", Labels: []string{"Secret"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, st := openLeaky(t)
			st.onApply = func() {
				m := e.q.groups[tt.in.GroupID]
				if m == nil || m.TryLock() {
					t.Errorf("SaveEntity applied its change without the group's lock")
					if m != nil {
						m.Unlock()
					}
				}
			}
			got, err := e.SaveEntity(ctx, tt.in)
			if err != nil {
				t.Fatalf("SaveEntity(%+v) = %v", tt.in, err)
			}
			if len(got.NameEmbedding) != 4 {
				t.Errorf("SaveEntity(%+v) returned name embedding %v, want the name's", tt.in, got.NameEmbedding)
			}
			got.NameEmbedding = nil
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("SaveEntity(%+v) (-want +got):\n%s", tt.in, diff)
			}
			if len(st.applied) != 1 || len(st.applied[0].Entities) != 1 || st.applied[0].Entities[0].UUID != tt.want.UUID {
				t.Errorf("SaveEntity applied %+v, want one change with entity %s", st.applied, tt.want.UUID)
			}
		})
	}
	e, st := openLeaky(t)
	for _, in := range []EntityNode{
		{GroupID: "a", Name: "  "},
		{GroupID: "a", Name: "?!"},
		{GroupID: "bad group", Name: "Alice"},
		{GroupID: "a", UUID: "bad uuid", Name: "Alice"},
	} {
		if _, err := e.SaveEntity(ctx, in); !errors.Is(err, core.ErrInvalid) {
			t.Errorf("SaveEntity(%+v) = %v, want ErrInvalid", in, err)
		}
	}
	if st.calls != 0 || len(st.applied) != 0 {
		t.Errorf("invalid saves made %d reads and %d writes, want none", st.calls, len(st.applied))
	}
}
