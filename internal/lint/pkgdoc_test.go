package lint

import (
	"os"
	"os/exec"
	"path"
	"strings"
	"testing"
)

// TestPackageComments checks that every package of the module has a
// package comment that `go doc` shows: "Package name …" for a library,
// "Command name …" for a main package (name being its directory). The
// comment must be in a non-test file (doc.go by convention), since go doc
// reads no other. Packages are listed for the host and for wasip1, where
// the plugins are built, so that a package built only for one is checked
// too.
func TestPackageComments(t *testing.T) {
	platforms := []struct {
		name string
		env  []string
	}{
		{"host", nil},
		{"wasip1", []string{"GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0"}},
	}
	checked := map[string]bool{}
	for _, p := range platforms {
		cmd := exec.Command("go", "list", "-e", "-f", "{{.ImportPath}}\t{{.Name}}\t{{.Doc}}", "./...")
		cmd.Dir = "../.."
		cmd.Env = append(os.Environ(), p.env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list (%s): %v\n%s", p.name, err, exitStderr(err))
		}
		for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
			pkg, rest, _ := strings.Cut(line, "\t")
			name, doc, _ := strings.Cut(rest, "\t")
			if checked[pkg] || name == "" {
				continue // checked for the host already, or no Go files for this platform
			}
			checked[pkg] = true
			want := "Package " + name + " "
			if name == "main" {
				want = "Command " + path.Base(pkg) + " "
			}
			switch {
			case doc == "":
				t.Errorf("%s has no package comment: add a doc.go that says what it is (%q…)", pkg, want)
			case !strings.HasPrefix(doc, want):
				t.Errorf("%s's package comment begins %q, want %q…", pkg, firstWords(doc, 4), want)
			}
		}
	}
	if len(checked) == 0 {
		t.Fatal("go list found no packages")
	}
}

// firstWords returns the first n words of s.
func firstWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[:min(n, len(f))], " ")
}
