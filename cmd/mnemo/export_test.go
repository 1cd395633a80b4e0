package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// withoutHeader drops an export's header line, whose time changes.
func withoutHeader(t *testing.T, export string) string {
	t.Helper()
	_, rest, ok := strings.Cut(export, "\n")
	if !ok || !strings.Contains(export[:len(export)-len(rest)], `"format":"mnemo-export"`) {
		t.Fatalf("not an export: %.200q", export)
	}
	return rest
}

// TestExportImportCommands round-trips the demo conversation through
// mnemo export and mnemo import between two databases, renames a group
// on the way, and reports a bad line by its number.
func TestExportImportCommands(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
	conv, err := os.ReadFile("demo/conversation.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	ok(t, src, string(conv), "ingest", "--group", "maya", "-")
	ok(t, src, `{"source": "message", "content": "Zoltan: I live in Oslo.", "reference_time": "2024-03-01T10:00:00Z"}`+"\n", "ingest", "--group", "zed", "-")

	file := filepath.Join(dir, "all.jsonl")
	r := ok(t, src, "", "export", "-o", file)
	if !strings.Contains(r.stderr, "exported 2 groups") {
		t.Errorf("export stderr = %q", r.stderr)
	}
	exported, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	r = ok(t, dst, "", "import", file)
	if !strings.Contains(r.stdout, "imported group maya: 22 episodes") {
		t.Errorf("import stdout = %q, want maya's 22 episodes", r.stdout)
	}
	again := ok(t, dst, "", "export").stdout
	if withoutHeader(t, again) != withoutHeader(t, string(exported)) {
		t.Errorf("export → import → export differs")
	}
	ok(t, dst, "", "import", file)
	if third := ok(t, dst, "", "export").stdout; withoutHeader(t, third) != withoutHeader(t, string(exported)) {
		t.Errorf("importing twice changed the database")
	}

	// One group, renamed, with the flag after the file.
	one := ok(t, src, "", "export", "--group", "maya").stdout
	if strings.Contains(one, `"group":"zed"`) {
		t.Errorf("export --group maya holds group zed")
	}
	r = ok(t, dst, one, "import", "-", "--group-map", "maya=maya-2")
	if !strings.Contains(r.stdout, "imported group maya-2: 22 episodes") {
		t.Errorf("import --group-map stdout = %q", r.stdout)
	}

	lines := strings.SplitAfter(one, "\n")
	lines[3] = "{\"kind\":\"episode\",\n"
	r = mnemo(t, dst, strings.Join(lines, ""), "import", "-", "--group-map", "maya=maya-3")
	if r.code != 1 || !strings.Contains(r.stderr, "line 4:") {
		t.Errorf("import of a bad line = exit %d %q, want 1 naming line 4", r.code, r.stderr)
	}
	if out := ok(t, dst, "", "export", "--group", "maya-3").stdout; withoutHeader(t, out) != "" {
		t.Errorf("the refused import wrote group maya-3")
	}
}

// TestReembedCommand re-embeds a database with its own embedder: every
// vector is made again and the memory reads as before.
func TestReembedCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	ok(t, db, `{"source": "message", "content": "Alice: I work at Acme and I live in Paris.", "reference_time": "2024-03-01T10:00:00Z"}`+"\n", "ingest", "--group", "re", "-")
	before := withoutHeader(t, ok(t, db, "", "export").stdout)
	r := ok(t, db, "", "reembed")
	if !strings.Contains(r.stdout, "re-embedded") || !strings.Contains(r.stdout, "local hashembed (256 dimensions)") {
		t.Errorf("reembed stdout = %q", r.stdout)
	}
	if after := withoutHeader(t, ok(t, db, "", "export").stdout); after != before {
		t.Errorf("re-embedding with the same embedder changed the memory")
	}
}
