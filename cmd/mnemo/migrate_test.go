package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMigrateCommand copies a Kuzu database into another with mnemo
// migrate and lists the copy's facts; without --to it is a usage error.
func TestMigrateCommand(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
	mnemo(t, src, cliEpisodes, "ingest", "--group", "m", "-") // some lines are bad on purpose, one names another group
	to := filepath.Join(dir, "to.toml")
	if err := os.WriteFile(to, []byte("db = "+`"`+filepath.ToSlash(dst)+`"`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := ok(t, src, "", "migrate", "--to", to)
	if !strings.Contains(r.stdout, "groups from kuzu to kuzu") || !strings.Contains(r.stdout, "both read the same") {
		t.Errorf("mnemo migrate printed %q", r.stdout)
	}
	want := ok(t, src, "", "facts", "--group", "m", "--history").stdout
	if got := ok(t, dst, "", "facts", "--group", "m", "--history").stdout; got != want {
		t.Errorf("facts of the copy:\n%s\nwant those of the source:\n%s", got, want)
	}
	if r := mnemo(t, src, "", "migrate"); r.code != 2 || !strings.Contains(r.stderr, "--to is required") {
		t.Errorf("mnemo migrate without --to = exit %d, %q", r.code, r.stderr)
	}
}
