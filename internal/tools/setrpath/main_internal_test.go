package main

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSetRPath links a real executable with a long run path, as cgo does
// with go-kuzu's module-cache path, rewrites it to $ORIGIN, and checks
// what the dynamic section then says, and that a longer path is refused
// without touching the file.
func TestSetRPath(t *testing.T) {
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler to link a test executable")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "main.c")
	if err := os.WriteFile(src, []byte("int main(void) { return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const long = "/root/go/pkg/mod/github.com/kuzudb/go-kuzu@v0.11.3/lib/dynamic/linux-amd64"
	exe := filepath.Join(dir, "prog")
	if out, err := exec.Command(cc, "-o", exe, src, "-Wl,-rpath,"+long).CombinedOutput(); err != nil {
		t.Fatalf("link: %v\n%s", err, out)
	}
	if got := runPaths(t, exe); !slices.Equal(got, []string{long}) {
		t.Fatalf("run paths before = %q, want [%q]", got, long)
	}

	old, err := setRPath(exe, "$ORIGIN")
	if err != nil || old != long {
		t.Fatalf("setRPath($ORIGIN) = %q, %v, want %q, nil", old, err, long)
	}
	if got := runPaths(t, exe); !slices.Equal(got, []string{"$ORIGIN"}) {
		t.Errorf("run paths after = %q, want [$ORIGIN]", got)
	}
	if out, err := exec.Command(exe).CombinedOutput(); err != nil {
		t.Errorf("the rewritten executable does not run: %v\n%s", err, out)
	}

	before, _ := os.ReadFile(exe)
	if _, err := setRPath(exe, "/a/path/longer/than/the/nine/bytes/left"); err == nil || !strings.Contains(err.Error(), "longer") {
		t.Errorf("setRPath(longer path) = %v, want an error saying it is longer", err)
	}
	if after, _ := os.ReadFile(exe); !slices.Equal(before, after) {
		t.Error("a refused rewrite changed the file")
	}
}

// runPaths returns the DT_RUNPATH and DT_RPATH strings of the ELF file.
func runPaths(t *testing.T, path string) []string {
	t.Helper()
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	for _, tag := range []elf.DynTag{elf.DT_RUNPATH, elf.DT_RPATH} {
		s, err := f.DynString(tag)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s...)
	}
	return out
}
