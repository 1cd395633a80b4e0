package lint

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// engineLineBudget is the most lines of Go (tests left out) a package of
// the engine may hold: past it, a stage should become a package of its
// own (ARCHITECTURE.md, "A pipeline stage").
const engineLineBudget = 5000

// TestEnginePackageSize keeps every package under engine/ within its line
// budget, counting the lines of its non-test Go files.
func TestEnginePackageSize(t *testing.T) {
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}} {{.Dir}} {{join .GoFiles \" \"}}", "./engine/...")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, exitStderr(err))
	}
	for l := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		pkg, dir, n := f[0], f[1], 0
		for _, name := range f[2:] {
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			n += bytes.Count(b, []byte("\n"))
		}
		if n > engineLineBudget {
			t.Errorf("%s has %d lines of Go, over its budget of %d: move a stage into a package of its own", pkg, n, engineLineBudget)
		}
	}
}

// readmeLineBudget is the most lines the README may hold: it is the front
// page, and what goes past it belongs in docs/.
const readmeLineBudget = 200

// TestReadmeIsAFrontPage keeps the README under its line budget.
func TestReadmeIsAFrontPage(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(b, []byte("\n")); n >= readmeLineBudget {
		t.Errorf("README.md has %d lines, want under %d: move the detail into docs/ and link it", n, readmeLineBudget)
	}
}
