package kuzu_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

func open(t *testing.T, dir string, dim int) (*kuzu.Store, error) {
	t.Helper()
	return kuzu.Open(context.Background(), kuzu.Options{Dir: dir, Dimension: dim, BufferPoolBytes: 64 << 20, Threads: 1})
}

func TestReopenKeepsEverything(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := open(t, dir, kuzutest.Dimension)
	if err != nil {
		t.Fatal(err)
	}
	seed(t, s, "g1")
	before, _ := s.Stats(ctx, "g1")
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(ctx); err != nil {
		t.Errorf("second Close = %v, want nil", err)
	}
	if _, err := s.Stats(ctx, "g1"); !errors.Is(err, core.ErrClosed) {
		t.Errorf("Stats after Close: err = %v, want ErrClosed", err)
	}

	s, err = open(t, dir, 0) // zero accepts the recorded dimension
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	if s.Dimension() != kuzutest.Dimension {
		t.Errorf("Dimension() = %d, want %d", s.Dimension(), kuzutest.Dimension)
	}
	after, _ := s.Stats(ctx, "g1")
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("Stats after reopen (-before +after):\n%s", diff)
	}
	f, _ := s.Facts(ctx, []string{"g1"}, []string{"g1-f1"}, core.GetOptions{Embeddings: true})
	if len(f) != 1 || f[0].Text != "Alice works at Acme" || len(f[0].Embedding) != kuzutest.Dimension || !cmp.Equal(f[0].Episodes, []string{"g1-e1"}) {
		t.Errorf("fact after reopen = %+v", f)
	}
	// The text index is rebuilt from the stored texts; vectors are indexed.
	th, err := s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g1"}, Text: "Paris", Limit: 3})
	if err != nil || len(th) != 1 || th[0].UUID != "g1-f2" {
		t.Errorf("TextSearch after reopen = %v, %v", th, err)
	}
	vh, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: []string{"g1"}, Vector: axis(6, 0), Limit: 1})
	if err != nil || len(vh) != 1 || vh[0].UUID != "g1-bob" {
		t.Errorf("VectorSearch after reopen = %v, %v", vh, err)
	}
}

func TestSchemaIsIdempotent(t *testing.T) {
	dir := t.TempDir()
	for i := range 3 {
		s, err := open(t, dir, kuzutest.Dimension)
		if err != nil {
			t.Fatalf("open #%d: %v", i+1, err)
		}
		if i == 0 {
			seed(t, s, "g1")
		}
		st, err := s.Stats(context.Background(), "g1")
		if err != nil || st.Facts != 3 {
			t.Errorf("open #%d: Stats = %+v, %v", i+1, st, err)
		}
		s.Close(context.Background())
	}
}

func TestOpenRefusals(t *testing.T) {
	dir := t.TempDir()
	s, err := open(t, dir, 16)
	if err != nil {
		t.Fatal(err)
	}
	// The error names the holder: its pid, its command line where /proc
	// has it, and once it serves, its URL.
	holder := fmt.Sprintf("(pid %d", os.Getpid())
	if _, err := os.Stat("/proc/self/cmdline"); err == nil {
		holder += ": " + os.Args[0]
	}
	t.Run("locked by another store", func(t *testing.T) {
		_, err := open(t, dir, 16)
		if !errors.Is(err, core.ErrLocked) || !contains(err.Error(), holder) || contains(err.Error(), "serves") {
			t.Errorf("second Open err = %v, want ErrLocked naming %q and no URL", err, holder)
		}
	})
	if err := s.Advertise("http://127.0.0.1:8080"); err != nil {
		t.Fatalf("Advertise: %v", err)
	}
	t.Run("locked by another process", func(t *testing.T) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperOpen$")
		cmd.Env = append(os.Environ(), "MNEMO_HELPER_DIR="+dir)
		out, _ := cmd.CombinedOutput()
		for _, want := range []string{"core: database locked", holder, "which serves http://127.0.0.1:8080"} {
			if !contains(string(out), want) {
				t.Errorf("other process: %s, want %q", out, want)
			}
		}
	})
	s.Close(context.Background())
	t.Run("dimension mismatch", func(t *testing.T) {
		_, err := open(t, dir, 32)
		if !errors.Is(err, core.ErrConflict) || !contains(err.Error(), "dimension 16") {
			t.Errorf("Open with dimension 32 err = %v, want ErrConflict naming 16", err)
		}
	})
	t.Run("not a mnemo directory", func(t *testing.T) {
		other := t.TempDir()
		os.WriteFile(filepath.Join(other, "notes.txt"), []byte("mine"), 0o644)
		if _, err := open(t, other, 16); !errors.Is(err, core.ErrInvalid) {
			t.Errorf("Open(dir with other files) err = %v, want ErrInvalid", err)
		}
		if b, _ := os.ReadFile(filepath.Join(other, "notes.txt")); string(b) != "mine" {
			t.Errorf("the foreign file was touched")
		}
	})
	t.Run("a file, not a directory", func(t *testing.T) {
		f := filepath.Join(t.TempDir(), "file")
		os.WriteFile(f, nil, 0o644)
		if _, err := open(t, f, 16); !errors.Is(err, core.ErrInvalid) {
			t.Errorf("Open(file) err = %v, want ErrInvalid", err)
		}
	})
	t.Run("garbage database file", func(t *testing.T) {
		other := t.TempDir()
		os.WriteFile(filepath.Join(other, "graph.kuzu"), []byte("this is not a kuzu database, only some text"), 0o644)
		if _, err := open(t, other, 16); err == nil {
			t.Errorf("Open(garbage graph.kuzu) succeeded")
		}
	})
	t.Run("new database without dimension", func(t *testing.T) {
		if _, err := open(t, t.TempDir(), 0); !errors.Is(err, core.ErrInvalid) {
			t.Errorf("Open(new, dimension 0) err = %v, want ErrInvalid", err)
		}
	})
}

// TestHelperOpen runs in a child process of TestOpenRefusals.
func TestHelperOpen(t *testing.T) {
	dir := os.Getenv("MNEMO_HELPER_DIR")
	if dir == "" {
		t.Skip("helper process only")
	}
	_, err := open(t, dir, 16)
	fmt.Println(err)
}

func contains(s, sub string) bool {
	return len(s) >= len(sub) && (s == sub || len(sub) == 0 || indexOf(s, sub) >= 0)
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func TestBadInputWritesNothing(t *testing.T) {
	ctx := context.Background()
	s := kuzutest.MustOpen(t)
	seed(t, s, "g1")
	before, _ := s.Stats(ctx, "g1")
	good := ent("g1", "new", "New")
	wrongDim := ent("g1", "wd", "Wrong")
	wrongDim.NameEmbedding = []float32{1, 2, 3}
	tests := []struct {
		name string
		ch   core.Change
		want error
	}{
		{"wrong embedding dimension", core.Change{Entities: []core.Entity{good, wrongDim}}, core.ErrInvalid},
		{"fact to an unknown entity", core.Change{Entities: []core.Entity{good}, Facts: []core.Fact{fact("g1", "fx", "new", "KNOWS", "ghost", "knows a ghost")}}, core.ErrInvalid},
		{"provenance from an unknown episode", core.Change{Entities: []core.Entity{good}, Facts: []core.Fact{fact("g1", "fx", "new", "KNOWS", "g1-alice", "knows", "nope")}}, core.ErrInvalid},
		{"spans two groups", core.Change{Entities: []core.Entity{good, ent("g2", "x", "X")}}, core.ErrInvalid},
		{"invalid group id", core.Change{Entities: []core.Entity{ent("bad group!", "x", "X")}}, core.ErrInvalid},
		{"empty name", core.Change{Entities: []core.Entity{ent("g1", "x", " ")}}, core.ErrInvalid},
		{"bad label", core.Change{Entities: []core.Entity{ent("g1", "x", "X", "not a label")}}, core.ErrInvalid},
		{"another group's uuid", core.Change{Entities: []core.Entity{good, ent("g2", "g1-alice", "Alice")}}, core.ErrInvalid},
		{"overwrite another group's object", core.Change{Entities: []core.Entity{ent("g2", "g1-alice", "Mallory")}}, core.ErrConflict},
		{"rewire a fact", core.Change{Facts: []core.Fact{fact("g1", "g1-f1", "g1-bob", "WORKS_AT", "g1-acme", "Bob works at Acme")}}, core.ErrConflict},
		{"attributes not JSON", core.Change{Entities: []core.Entity{{UUID: "x", GroupID: "g1", Name: "X", Attributes: map[string]any{"f": func() {}}}}}, core.ErrInvalid},
		{"deletion without a group", core.Change{DeleteFacts: []string{"g1-f1"}}, core.ErrInvalid},
		{"delete an endpoint of a fact", core.Change{Group: "g1", DeleteFacts: []string{"g1-f1"}, DeleteEntities: []string{"g1-alice"}}, core.ErrConflict},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := s.Apply(ctx, tt.ch); !errors.Is(err, tt.want) {
				t.Fatalf("Apply err = %v, want %v", err, tt.want)
			}
			after, _ := s.Stats(ctx, "g1")
			if diff := cmp.Diff(before, after); diff != "" {
				t.Errorf("a refused change wrote data (-before +after):\n%s", diff)
			}
		})
	}
	eng := kuzu.EngineForTest(t, s)
	reads := []struct {
		name string
		err  error
		want error
	}{
		{"unknown episode", errOf(s.Episode(ctx, []string{"g1"}, "nope")), core.ErrNotFound},
		{"episode of another group", errOf(s.Episode(ctx, []string{"g2"}, "g1-e1")), core.ErrNotFound},
		{"no group", errOf(s.Entities(ctx, nil, []string{"g1-alice"}, core.GetOptions{})), core.ErrInvalid},
		{"bad group", errOf(s.ListFacts(ctx, "a b", core.ListOptions{})), core.ErrInvalid},
		{"query vector dimension", errOf(s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"g1"}, Vector: []float32{1}})), core.ErrInvalid},
		{"unknown scope", errOf(s.TextSearch(ctx, core.SearchQuery{Scope: "things", Groups: []string{"g1"}, Text: "x"})), core.ErrInvalid},
		{"delete unknown fact", errOf(eng.DeleteFact(ctx, "g1", "nope")), core.ErrNotFound},
		{"delete another group's episode", errOf(eng.DeleteEpisode(ctx, "g2", "g1-e1")), core.ErrNotFound},
		{"empty episode", errOf(s.AddEpisodes(ctx, []core.Episode{ep("g1", "e9", "   ", t0)})), core.ErrInvalid},
		{"episode without time", errOf(s.AddEpisodes(ctx, []core.Episode{ep("g1", "e9", "x", time.Time{})})), core.ErrInvalid},
		{"centre of another group", errOf(s.Distances(ctx, []string{"g2"}, "g1-alice", nil, 2)), core.ErrNotFound},
	}
	for _, r := range reads {
		if !errors.Is(r.err, r.want) {
			t.Errorf("%s: err = %v, want %v", r.name, r.err, r.want)
		}
	}
}

func errOf[T any](_ T, err error) error { return err }

func TestDeletes(t *testing.T) {
	ctx := context.Background()
	g := []string{"g1"}
	t.Run("episode cascade and restore", func(t *testing.T) {
		s := kuzutest.MustOpen(t)
		seed(t, s, "g1")
		// e3 states that Alice moved to Berlin, which retires f2 (Paris),
		// and restates f1.
		if _, err := s.AddEpisodes(ctx, []core.Episode{ep("g1", "g1-e3", "Alice: moved to Berlin, still at Acme", t0.Add(48*time.Hour))}); err != nil {
			t.Fatal(err)
		}
		berlin := ent("g1", "g1-berlin", "Berlin")
		moved := fact("g1", "g1-f4", "g1-alice", "LIVES_IN", "g1-berlin", "Alice lives in Berlin", "g1-e3")
		old, _ := s.Facts(ctx, g, []string{"g1-f2", "g1-f1"}, core.GetOptions{})
		retired, restated := old[0], old[1]
		retired.InvalidAt, retired.ExpiredAt, retired.InvalidatedBy = t0.Add(48*time.Hour), t0.Add(49*time.Hour), "g1-f4"
		restated.Episodes = []string{"g1-e3"}
		if err := s.Apply(ctx, core.Change{Entities: []core.Entity{berlin}, Facts: []core.Fact{moved, retired, restated},
			Mentions: []core.Mention{{Episode: "g1-e3", Entity: "g1-alice"}, {Episode: "g1-e3", Entity: "g1-berlin"}}}); err != nil {
			t.Fatal(err)
		}
		d, err := kuzu.EngineForTest(t, s).DeleteEpisode(ctx, "g1", "g1-e3")
		if err != nil {
			t.Fatal(err)
		}
		if want := (core.Deleted{Episodes: 1, Facts: 1, Entities: 1, Restored: 1}); d != want {
			t.Errorf("DeleteEpisode = %+v, want %+v", d, want)
		}
		f, _ := s.Facts(ctx, g, []string{"g1-f2", "g1-f1", "g1-f4"}, core.GetOptions{})
		if len(f) != 2 {
			t.Fatalf("facts after delete = %d, want 2 (f4 gone)", len(f))
		}
		if !f[0].InvalidAt.IsZero() || !f[0].ExpiredAt.IsZero() || f[0].InvalidatedBy != "" {
			t.Errorf("f2 not restored: %+v", f[0])
		}
		if !cmp.Equal(f[1].Episodes, []string{"g1-e1"}) {
			t.Errorf("f1 provenance = %v, want [g1-e1]", f[1].Episodes)
		}
		if e, _ := s.Entities(ctx, g, []string{"g1-berlin", "g1-alice"}, core.GetOptions{}); len(e) != 1 || e[0].UUID != "g1-alice" {
			t.Errorf("entities after delete = %v, want only alice (berlin orphaned)", e)
		}
		if h, _ := s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: g, Text: "Berlin", Limit: 5, Filter: core.Filter{IncludeInvalid: true}}); len(h) != 0 {
			t.Errorf("deleted fact still found by text search: %v", h)
		}
	})
	t.Run("shared entity stays", func(t *testing.T) {
		s := kuzutest.MustOpen(t)
		seed(t, s, "g1")
		d, err := kuzu.EngineForTest(t, s).DeleteEpisode(ctx, "g1", "g1-e2")
		if err != nil {
			t.Fatal(err)
		}
		// f3 (Bob knows Alice) goes; Bob goes; Alice stays (mentioned by e1).
		if want := (core.Deleted{Episodes: 1, Facts: 1, Entities: 1}); d != want {
			t.Errorf("DeleteEpisode(e2) = %+v, want %+v", d, want)
		}
	})
	t.Run("fact", func(t *testing.T) {
		s := kuzutest.MustOpen(t)
		seed(t, s, "g1")
		if _, err := kuzu.EngineForTest(t, s).DeleteFact(ctx, "g1", "g1-f1"); err != nil {
			t.Fatal(err)
		}
		st, _ := s.Stats(ctx, "g1")
		if st.Facts != 2 || st.Entities != 4 {
			t.Errorf("Stats after DeleteFact = %+v", st)
		}
		if h, _ := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeFacts, Groups: g, Vector: axis(8, 0), Limit: 1, MinScore: 0.9}); len(h) != 0 {
			t.Errorf("deleted fact's vector still found: %v", h)
		}
	})
	t.Run("group", func(t *testing.T) {
		s := kuzutest.MustOpen(t)
		seed(t, s, "g1")
		seed(t, s, "g2")
		d, err := s.DeleteGroup(ctx, "g1")
		if err != nil {
			t.Fatal(err)
		}
		if want := (core.Deleted{Episodes: 2, Entities: 4, Facts: 3}); d != want {
			t.Errorf("DeleteGroup = %+v, want %+v", d, want)
		}
		if st, _ := s.Stats(ctx, "g1"); st != (core.Stats{}) {
			t.Errorf("g1 after delete = %+v", st)
		}
		if st, _ := s.Stats(ctx, "g2"); st.Facts != 3 || st.Entities != 4 || st.Episodes != 2 {
			t.Errorf("g2 touched by deleting g1: %+v", st)
		}
		for _, sc := range []core.Scope{core.ScopeFacts, core.ScopeEntities, core.ScopeEpisodes} {
			h, _ := s.TextSearch(ctx, core.SearchQuery{Scope: sc, Groups: []string{"g1"}, Text: "Alice Acme Paris", Limit: 5})
			if len(h) != 0 {
				t.Errorf("%s text search of a deleted group = %v", sc, h)
			}
		}
	})
}

func TestCancellation(t *testing.T) {
	s := kuzutest.MustOpen(t)
	seed(t, s, "g1")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Facts(ctx, []string{"g1"}, []string{"g1-f1"}, core.GetOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("read with a cancelled ctx: err = %v", err)
	}
	if err := s.Apply(ctx, core.Change{Entities: []core.Entity{ent("g1", "x", "X")}}); !errors.Is(err, context.Canceled) {
		t.Errorf("write with a cancelled ctx: err = %v", err)
	}
	if st, _ := s.Stats(context.Background(), "g1"); st.Entities != 4 {
		t.Errorf("a cancelled write wrote: %+v", st)
	}
	if err := s.Close(ctx); err != nil {
		t.Errorf("Close with a cancelled ctx = %v, want nil", err)
	}
}

// TestConcurrentReadsAndWrites runs searches while groups are written; run
// with -race. Reads must never fail nor see another group.
func TestConcurrentReadsAndWrites(t *testing.T) {
	ctx := context.Background()
	s := kuzutest.MustOpen(t)
	seed(t, s, "base")
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 15 {
				g := fmt.Sprintf("w%d-%d", w, i)
				eps := []core.Episode{ep(g, g+"-e1", "Alice: I work at Acme and live in Paris", t0)}
				if _, err := s.AddEpisodes(ctx, eps); err != nil {
					errs <- err
					return
				}
				a, b := ent(g, g+"-a", "Alice"), ent(g, g+"-b", "Acme")
				a.NameEmbedding = axis(0, 0)
				f := fact(g, g+"-f", a.UUID, "WORKS_AT", b.UUID, "Alice works at Acme", g+"-e1")
				f.Embedding = axis(8, 0)
				if err := s.Apply(ctx, core.Change{Entities: []core.Entity{a, b}, Facts: []core.Fact{f}}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 40 {
				for _, q := range []core.SearchQuery{
					{Scope: core.ScopeFacts, Groups: []string{"base"}, Vector: axis(8, 0), Limit: 5},
					{Scope: core.ScopeFacts, Groups: []string{"base"}, Text: "Alice Acme", Limit: 5},
				} {
					var hits []core.Hit
					var err error
					if q.Vector != nil {
						hits, err = s.VectorSearch(ctx, q)
					} else {
						hits, err = s.TextSearch(ctx, q)
					}
					if err != nil {
						errs <- err
						return
					}
					for _, h := range hits {
						if h.UUID[:5] != "base-" {
							errs <- fmt.Errorf("search of base returned %s", h.UUID)
							return
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for w := range 2 {
		for i := range 15 {
			g := fmt.Sprintf("w%d-%d", w, i)
			if st, _ := s.Stats(ctx, g); st.Facts != 1 || st.Entities != 2 {
				t.Errorf("%s = %+v, want 1 fact and 2 entities", g, st)
			}
		}
	}
}
