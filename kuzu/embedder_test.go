package kuzu_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
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
