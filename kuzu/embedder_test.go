package kuzu_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// TestEmbedderIdentity opens one database with several embedders: the
// one that made its vectors is recorded, another of the same dimension
// is refused with a message naming both and what to do, and a database
// that records none (made before mnemo kept it) adopts the first one
// named, with a log line.
func TestEmbedderIdentity(t *testing.T) {
	ctx := context.Background()
	local := core.EmbedderID{Name: "local", Model: "hashembed", Dimension: 16}
	remote := core.EmbedderID{Name: "openai", Model: "text-embedding-3-small", Dimension: 16}
	var logs bytes.Buffer
	openWith := func(dir string, id core.EmbedderID) (*kuzu.Store, error) {
		return kuzu.Open(ctx, kuzu.Options{
			Dir: dir, Dimension: 16, Embedder: id, BufferPoolBytes: 64 << 20, Threads: 1,
			Logger: slog.New(slog.NewTextHandler(&logs, nil)),
		})
	}
	// reopen opens dir with id, checks the outcome, and closes the store.
	reopen := func(t *testing.T, dir string, id core.EmbedderID, wantErr error, wantRecorded core.EmbedderID) {
		t.Helper()
		s, err := openWith(dir, id)
		if !errors.Is(err, wantErr) {
			t.Fatalf("Open(%v) = %v, want %v", id, err, wantErr)
		}
		if err != nil {
			return
		}
		defer s.Close(ctx)
		if got := s.EmbedderID(); got != wantRecorded {
			t.Errorf("EmbedderID() = %v, want %v", got, wantRecorded)
		}
	}

	t.Run("recorded at creation", func(t *testing.T) {
		dir := t.TempDir()
		reopen(t, dir, local, nil, local)
		reopen(t, dir, local, nil, local)
		_, err := openWith(dir, remote)
		for _, want := range []string{local.String(), remote.String(), "mnemo reembed"} {
			if !errors.Is(err, core.ErrConflict) || !strings.Contains(fmtErr(err), want) {
				t.Errorf("Open with another embedder = %v, want ErrConflict naming %q", err, want)
			}
		}
		// A store opened without naming an embedder checks nothing and
		// reports the recorded one.
		reopen(t, dir, core.EmbedderID{}, nil, local)
	})
	t.Run("adopted by an older database", func(t *testing.T) {
		dir := t.TempDir()
		reopen(t, dir, core.EmbedderID{}, nil, core.EmbedderID{})
		logs.Reset()
		reopen(t, dir, remote, nil, remote)
		if !strings.Contains(logs.String(), "adopts the configured one") || !strings.Contains(logs.String(), remote.String()) {
			t.Errorf("adopting logged %q, want a line naming %s", logs.String(), remote)
		}
		logs.Reset()
		reopen(t, dir, remote, nil, remote)
		if logs.Len() != 0 {
			t.Errorf("reopening logged %q, want nothing", logs.String())
		}
		reopen(t, dir, local, core.ErrConflict, core.EmbedderID{})
	})
	t.Run("identity of another dimension", func(t *testing.T) {
		wrong := local
		wrong.Dimension = 32
		reopen(t, t.TempDir(), wrong, core.ErrInvalid, core.EmbedderID{})
	})
}

func fmtErr(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestSwitchVectors stages new vectors beside indexed ones (the HNSW
// indexes exist and are maintained by the switch) and switches: refused
// while one is missing (nothing changes), then every vector is the staged
// one, an exact vector search finds objects by their new vectors (the
// index is approximate: its answers are not asserted here), and the
// database records the new embedder.
func TestSwitchVectors(t *testing.T) {
	ctx := context.Background()
	s := kuzutest.MustOpen(t, kuzu.Options{VectorIndexAt: 1})
	seed(t, s, "g1")
	for _, sc := range []core.Scope{core.ScopeEntities, core.ScopeFacts} {
		if !kuzu.HasIndexForTest(s, sc) {
			t.Fatalf("%s have no vector index: the test would not cover it", sc)
		}
	}
	to := core.EmbedderID{Name: "openai", Model: "m2", Dimension: kuzutest.Dimension}
	staged, err := s.BeginRestage(ctx, to)
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range core.Scopes {
		if len(staged[sc]) != 0 {
			t.Errorf("BeginRestage staged %s: %v, want none", sc, staged[sc])
		}
	}
	// New vectors: each entity's and fact's old axis moved by one.
	ents := map[string]int{"g1-alice": 1, "g1-acme": 3, "g1-paris": 5, "g1-bob": 7}
	facts := map[string]int{"g1-f1": 9, "g1-f2": 12, "g1-f3": 13}
	stage := func(sc core.Scope, m map[string]int, skip string) {
		var vs []core.StagedVector
		for id, ax := range m {
			if id != skip {
				vs = append(vs, core.StagedVector{UUID: id, Group: "g1", Vector: axis(ax, 0)})
			}
		}
		if err := s.StageVectors(ctx, sc, vs); err != nil {
			t.Fatal(err)
		}
	}
	stage(core.ScopeEntities, ents, "")
	stage(core.ScopeFacts, facts, "g1-f3")
	if err := s.SwitchVectors(ctx, to); !errors.Is(err, core.ErrConflict) || !strings.Contains(fmtErr(err), "g1-f3") {
		t.Fatalf("SwitchVectors with f3 missing = %v, want ErrConflict naming g1-f3", err)
	}
	hit := func(sc core.Scope, v []float32) string {
		t.Helper()
		hits, err := s.VectorSearch(ctx, core.SearchQuery{Scope: sc, Groups: []string{"g1"}, Vector: v, Limit: 1})
		if err != nil || len(hits) == 0 {
			t.Fatalf("VectorSearch = %v, %v", hits, err)
		}
		return hits[0].UUID
	}
	if got := hit(core.ScopeEntities, axis(0, 0)); got != "g1-alice" {
		t.Errorf("after a refused switch, the old vector of alice finds %s", got)
	}
	staged, err = s.BeginRestage(ctx, to)
	if err != nil || len(staged[core.ScopeFacts]) != 2 || len(staged[core.ScopeEntities]) != 4 {
		t.Fatalf("BeginRestage again = %v, %v; want the 6 staged vectors kept", staged, err)
	}
	stage(core.ScopeFacts, map[string]int{"g1-f3": 13}, "")
	if err := s.SwitchVectors(ctx, to); err != nil {
		t.Fatalf("SwitchVectors = %v", err)
	}
	for id, ax := range ents {
		if got := hit(core.ScopeEntities, axis(ax, 0)); got != id {
			t.Errorf("VectorSearch(new vector of %s) = %s", id, got)
		}
	}
	for id, ax := range facts {
		if got := hit(core.ScopeFacts, axis(ax, 0)); got != id {
			t.Errorf("VectorSearch(new vector of %s) = %s", id, got)
		}
	}
	es, err := s.Entities(ctx, []string{"g1"}, []string{"g1-alice"}, core.GetOptions{Embeddings: true})
	if err != nil || len(es) != 1 {
		t.Fatalf("Entities = %v, %v", es, err)
	}
	if diff := cmp.Diff(axis(1, 0), es[0].NameEmbedding); diff != "" {
		t.Errorf("alice's vector after the switch (-want +got):\n%s", diff)
	}
	if got := s.EmbedderID(); got != to {
		t.Errorf("EmbedderID() after the switch = %v, want %v", got, to)
	}
}
