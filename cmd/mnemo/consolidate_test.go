package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestConsolidateCLI runs consolidate and unmerge through the binary: a
// dry run and a run on a group without duplicates merge nothing, and an
// unmerge of an entity never merged fails with a message that says so.
func TestConsolidateCLI(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	ok(t, db, `{"content": "Alice: I work at Acme Corp and live in Paris.", "reference_time": "2024-01-10T09:00:00Z"}`+"\n", "ingest", "--group", "cc")
	r := ok(t, db, "", "consolidate", "--group", "cc", "--dry-run")
	if !strings.Contains(r.stdout, "would merge 0 entities in group cc") {
		t.Errorf("consolidate --dry-run = %q, want it to merge nothing", r.stdout)
	}
	r = ok(t, db, "", "consolidate", "--group", "cc", "--json")
	if !strings.Contains(r.stdout, `"merges": []`) {
		t.Errorf("consolidate --json = %q, want an empty merges list", r.stdout)
	}
	var alice string
	for _, line := range strings.Split(ok(t, db, "", "entities", "--group", "cc").stdout, "\n") {
		if strings.Contains(line, "Alice") {
			alice = strings.Fields(line)[0]
		}
	}
	if alice == "" {
		t.Fatal("no entity Alice listed")
	}
	r = mnemo(t, db, "", "unmerge", "--group", "cc", alice)
	if r.code != 1 || !strings.Contains(r.stderr, "was not merged into another") {
		t.Errorf("unmerge of an entity never merged = exit %d %q, want 1 and why", r.code, r.stderr)
	}
	if r := mnemo(t, db, "", "unmerge", "--group", "cc"); r.code != 2 {
		t.Errorf("unmerge without a uuid = exit %d, want 2", r.code)
	}
}
