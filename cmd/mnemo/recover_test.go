package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
)

func TestRecoverDiscardWAL(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	ok(t, db, `{"source": "message", "content": "Alice: I work at Acme.", "reference_time": "2024-05-01"}`+"\n", "ingest", "--group", "rec", "-")

	// What a run killed after a commit leaves: the database file as of
	// its last checkpoint, and a log holding one more episode.
	ctx := context.Background()
	s, err := kuzu.Open(ctx, kuzu.Options{Dir: db, BufferPoolBytes: 64 << 20, Threads: 1, CheckpointEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2024, 5, 2, 0, 0, 0, 0, time.UTC)
	if _, err := s.AddEpisodes(ctx, []core.Episode{{UUID: "late", GroupID: "rec", Name: "late", Source: core.SourceMessage,
		Content: "Bob: I left Acme.", ValidAt: at, CreatedAt: at}}); err != nil {
		t.Fatalf("AddEpisodes: %v", err)
	}
	var files = map[string][]byte{}
	for _, name := range []string{"graph.kuzu", "graph.kuzu.wal"} {
		if files[name], err = os.ReadFile(filepath.Join(db, name)); err != nil {
			t.Fatal(err)
		}
	}
	s.Close(ctx)
	for name, b := range files {
		writeFile(t, filepath.Join(db, name), string(b))
	}

	if r := mnemo(t, db, "", "recover"); r.code != 2 || !strings.Contains(r.stderr, "--discard-wal is required") {
		t.Errorf("recover without --discard-wal = exit %d, want 2 and a word about --discard-wal\n%s", r.code, r.stderr)
	}
	r := ok(t, db, "", "recover", "--discard-wal")
	if !strings.Contains(r.stderr, "as of its last checkpoint") || !strings.Contains(r.stderr, "graph.kuzu.wal.discarded-") {
		t.Errorf("recover --discard-wal says:\n%s\nwant where the log went", r.stderr)
	}
	aside, _ := filepath.Glob(filepath.Join(db, "graph.kuzu.wal.discarded-*"))
	if len(aside) != 1 {
		t.Fatalf("discarded logs in the database directory: %v, want one", aside)
	}
	if b, err := os.ReadFile(aside[0]); err != nil || !bytes.Equal(b, files["graph.kuzu.wal"]) {
		t.Errorf("the discarded log holds %d bytes (%v), want the %d of the log", len(b), err, len(files["graph.kuzu.wal"]))
	}
	eps := ok(t, db, "", "episodes", "--group", "rec")
	if strings.Contains(eps.stdout, "late") || strings.Count(eps.stdout, " done ") != 1 {
		t.Errorf("episodes after the recovery, want the ingested one and not the one only the log held:\n%s", eps.stdout)
	}
	if r := mnemo(t, db, "", "recover", "--discard-wal"); r.code != 1 || !strings.Contains(r.stderr, "no write-ahead log to discard") {
		t.Errorf("recover --discard-wal again = exit %d, want 1 and no log to discard\n%s", r.code, r.stderr)
	}
}
