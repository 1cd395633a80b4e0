package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRecover(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	ok(t, db, `{"source": "message", "content": "Alice: I work at Acme.", "reference_time": "2024-05-01"}`+"\n"+
		`{"source": "message", "content": "Bob: I live in Oslo.", "reference_time": "2024-05-02"}`+"\n", "ingest", "--group", "rec", "-")
	if r := ok(t, db, "", "recover"); !strings.Contains(r.stdout, "opened as it was") {
		t.Errorf("recover of a sound database says:\n%s\nwant that it opened as it was", r.stdout)
	}

	// What a kill inside a checkpoint leaves: the checkpoint's mark and a
	// database file it wrote half.
	writeFile(t, filepath.Join(db, "checkpoint.pending"), "3\n")
	f, err := os.OpenFile(filepath.Join(db, "graph.kuzu"), os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(make([]byte, 1<<20), 8<<10); err != nil {
		t.Fatal(err)
	}
	f.Close()
	r := ok(t, db, "", "recover")
	for _, want := range []string{"rebuilt", "inside a checkpoint", "damaged-", "journal's base", "replayed"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("recover after a kill inside a checkpoint says:\n%s\nwant %q", r.stdout, want)
		}
	}
	aside, _ := filepath.Glob(filepath.Join(db, "damaged-*", "graph.kuzu"))
	if len(aside) != 1 {
		t.Errorf("damaged database files set aside: %v, want one", aside)
	}
	eps := ok(t, db, "", "episodes", "--group", "rec")
	if strings.Count(eps.stdout, " done ") != 2 {
		t.Errorf("episodes after the recovery, want both done:\n%s", eps.stdout)
	}
	facts := ok(t, db, "", "facts", "--group", "rec")
	if !strings.Contains(facts.stdout, "Acme") || !strings.Contains(facts.stdout, "Oslo") {
		t.Errorf("facts after the recovery, want Acme and Oslo:\n%s", facts.stdout)
	}

	// --rebuild rebuilds a sound database too.
	r = ok(t, db, "", "recover", "--rebuild")
	if !strings.Contains(r.stdout, "--rebuild asked for it") {
		t.Errorf("recover --rebuild says:\n%s\nwant the reason", r.stdout)
	}
	if eps := ok(t, db, "", "episodes", "--group", "rec"); strings.Count(eps.stdout, " done ") != 2 {
		t.Errorf("episodes after recover --rebuild, want both done:\n%s", eps.stdout)
	}
	if r := mnemo(t, db, "", "recover", "extra"); r.code != 2 {
		t.Errorf("recover with an argument = exit %d, want 2", r.code)
	}
}
