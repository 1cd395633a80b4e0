package sdk_test

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"

	"github.com/mnemohq/mnemo/wasm"
)

// TestGoGetFromAnotherModule does what docs/plugins.md tells a plugin author
// outside this repository to do: start from the example's own module with
// no requirement on mnemo, `go get github.com/mnemohq/mnemo/plugins/sdk@latest`,
// and build the plugin for wasip1. The module comes from a module proxy
// serving this checkout as version v0.1.0 (a directory laid out as the
// GOPROXY protocol wants), so what is tested is the module path, the
// module's contents and its requirements as the Go tool sees them from
// outside, with no replace directive and no workspace.
func TestGoGetFromAnotherModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module from a proxy")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	const version = "v0.1.0"
	dir := t.TempDir()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	modFile, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mod := module.Version{Path: "github.com/mnemohq/mnemo", Version: version}

	// The proxy: list, info, mod and zip for one version.
	vdir := filepath.Join(dir, "proxy", "github.com", "mnemohq", "mnemo", "@v")
	if err := os.MkdirAll(vdir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"list":            version + "\n",
		version + ".info": `{"Version":"` + version + `","Time":"2026-11-25T00:00:00Z"}`,
		version + ".mod":  string(modFile),
	} {
		if err := os.WriteFile(filepath.Join(vdir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	zf, err := os.Create(filepath.Join(vdir, version+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	if err := modzip.Create(zf, mod, checkoutFiles(t, root)); err != nil {
		t.Fatalf("zip the module as a proxy serves it: %v", err)
	}
	if err := zf.Close(); err != nil {
		t.Fatal(err)
	}

	// The author's module: the example's source and a go.mod of its own.
	src := filepath.Join(dir, "prefer-word")
	if err := os.Mkdir(src, 0o755); err != nil {
		t.Fatal(err)
	}
	mainGo, err := os.ReadFile(filepath.Join(root, "plugins", "examples", "prefer-word", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "main.go"), mainGo, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "go.mod"), []byte("module example.com/prefer-word\n\ngo 1.26.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	// The module's own requirements come from the local module cache, which
	// is laid out as a proxy too; nothing is fetched from the network. The
	// test's module cache is its own, left writable so that the temporary
	// directory can be removed.
	cache, err := exec.Command(goBin, "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	proxy := "file://" + filepath.Join(dir, "proxy") + ",file://" + filepath.Join(strings.TrimSpace(string(cache)), "cache", "download")
	env := append(os.Environ(),
		"GOPROXY="+proxy, "GOSUMDB=off", "GOWORK=off", "GOFLAGS=-mod=mod -modcacherw", "GOTOOLCHAIN=local",
		"GOMODCACHE="+filepath.Join(dir, "modcache"))
	run := func(extra []string, args ...string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, goBin, args...)
		cmd.Dir = src
		cmd.Env = append(env, extra...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run(nil, "get", "github.com/mnemohq/mnemo/plugins/sdk@latest")
	got, err := os.ReadFile(filepath.Join(src, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), "github.com/mnemohq/mnemo "+version) {
		t.Fatalf("go get wrote no requirement on github.com/mnemohq/mnemo %s:\n%s", version, got)
	}
	out := filepath.Join(dir, "prefer-word.wasm")
	run([]string{"GOOS=wasip1", "GOARCH=wasm"}, "build", "-buildmode=c-shared", "-o", out, ".")

	// What was built is a plugin the host loads, under the name it gives.
	bin, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := wasm.Open(t.Context(), wasm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(context.Background())
	d, err := rt.Describe(t.Context(), "prefer-word.wasm", bin)
	if err != nil {
		t.Fatalf("describe the plugin built from the proxy: %v", err)
	}
	if d.Name != "prefer-word" {
		t.Errorf("the plugin describes itself as %q, want prefer-word", d.Name)
	}
}

// TestReplaceFromAnotherModule does what docs/plugins.md tells a plugin
// author to do today, while the module is not published: the example's
// own module requires mnemo through a replace directive pointing at a
// checkout, go mod tidy, and a build for wasip1 that the host loads.
// Nothing is fetched from the network: the requirements come from the
// local module cache.
func TestReplaceFromAnotherModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "prefer-word")
	if err := os.Mkdir(src, 0o755); err != nil {
		t.Fatal(err)
	}
	mainGo, err := os.ReadFile(filepath.Join(root, "plugins", "examples", "prefer-word", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "main.go"), mainGo, 0o644); err != nil {
		t.Fatal(err)
	}
	cache, err := exec.Command(goBin, "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(),
		"GOPROXY=file://"+filepath.Join(strings.TrimSpace(string(cache)), "cache", "download"), "GOSUMDB=off", "GOWORK=off",
		"GOFLAGS=-modcacherw", "GOTOOLCHAIN=local", "GOMODCACHE="+filepath.Join(dir, "modcache"))
	run := func(extra []string, args ...string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, goBin, args...)
		cmd.Dir = src
		cmd.Env = append(env, extra...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	// The commands of docs/plugins.md, with the checkout at root.
	run(nil, "mod", "init", "example.com/prefer-word")
	run(nil, "mod", "edit", "-require=github.com/mnemohq/mnemo@v0.0.0", "-replace=github.com/mnemohq/mnemo="+root)
	run(nil, "mod", "tidy")
	out := filepath.Join(dir, "prefer-word.wasm")
	run([]string{"GOOS=wasip1", "GOARCH=wasm"}, "build", "-buildmode=c-shared", "-o", out, ".")

	bin, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := wasm.Open(t.Context(), wasm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(context.Background())
	d, err := rt.Describe(t.Context(), "prefer-word.wasm", bin)
	if err != nil {
		t.Fatalf("describe the plugin built with a replace: %v", err)
	}
	if d.Name != "prefer-word" {
		t.Errorf("the plugin describes itself as %q, want prefer-word", d.Name)
	}
}

// checkoutFiles lists the files of the checkout at root as git sees them,
// tracked or new but never ignored: what the repository holds, and so
// what a proxy would serve. A zip of the directory would also take the
// build's and the tests' ignored caches and binaries, past the 500 MB a
// module may have.
func checkoutFiles(t *testing.T, root string) []modzip.File {
	t.Helper()
	out, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		t.Skipf("list the checkout's files with git: %v", err)
	}
	var files []modzip.File
	for _, name := range bytes.Split(bytes.TrimRight(out, "\x00"), []byte{0}) {
		f := checkoutFile{root: root, path: filepath.ToSlash(string(name))}
		if _, err := f.Lstat(); err != nil {
			continue // deleted in the working tree, not yet in git
		}
		files = append(files, f)
	}
	return files
}

// checkoutFile is one file of the checkout, as modzip reads it.
type checkoutFile struct{ root, path string }

func (f checkoutFile) Path() string                 { return f.path }
func (f checkoutFile) Lstat() (fs.FileInfo, error)  { return os.Lstat(filepath.Join(f.root, f.path)) }
func (f checkoutFile) Open() (io.ReadCloser, error) { return os.Open(filepath.Join(f.root, f.path)) }
