package lint

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/host"
)

const module = "github.com/mnemohq/mnemo"

// pkgImports returns, for every package of the module matching patterns,
// its direct imports (including test imports) under the given environment.
func pkgImports(t *testing.T, env []string, patterns ...string) map[string][]string {
	t.Helper()
	args := append([]string{"list", "-e", "-f", "{{.ImportPath}} {{join .Imports \" \"}} {{join .TestImports \" \"}} {{join .XTestImports \" \"}}"}, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, exitStderr(err))
	}
	m := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		m[f[0]] = f[1:]
	}
	return m
}

// deps returns the transitive dependencies (non-test) of a package.
func deps(t *testing.T, env []string, pkg string) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", pkg)
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", pkg, err, exitStderr(err))
	}
	return strings.Fields(string(out))
}

func exitStderr(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}

// required returns the path of the module go.mod requires whose name (the
// last path element, before any major-version suffix) is name, so the rules
// follow go.mod rather than repeat its paths.
func required(t *testing.T, name string) string {
	t.Helper()
	cmd := exec.Command("go", "list", "-m", "-f", "{{.Path}}", "all")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -m all: %v\n%s", err, exitStderr(err))
	}
	for _, p := range strings.Fields(string(out)) {
		base := p
		if i := strings.LastIndex(base, "/"); i >= 0 && strings.HasPrefix(base[i+1:], "v") && strings.Trim(base[i+2:], "0123456789") == "" {
			base = base[:i]
		}
		if base[strings.LastIndex(base, "/")+1:] == name {
			return p
		}
	}
	t.Fatalf("go.mod requires no module named %s", name)
	return ""
}

func isStd(pkg string) bool {
	first, _, _ := strings.Cut(pkg, "/")
	return !strings.Contains(first, ".") && first != module
}

func under(pkg, dir string) bool {
	p := module + "/" + dir
	return pkg == p || strings.HasPrefix(pkg, p+"/")
}

// TestForbiddenImports enforces who may import what: only kuzu/ imports
// go-kuzu, only wasm/ imports wazero, only host/llm imports openai-go,
// only weaviate/ imports Weaviate's client and models, only etcd/ the
// etcd client, and the arrows point inward.
func TestForbiddenImports(t *testing.T) {
	rules := []struct {
		name    string
		dep     string            // an imported path prefix
		allowed func(string) bool // packages allowed to import it directly
	}{
		{"go-kuzu", required(t, "go-kuzu"), func(p string) bool { return under(p, "kuzu") }},
		{"wazero", required(t, "wazero"), func(p string) bool { return under(p, "wasm") && !under(p, "wasm/abi") }},
		{"openai-go", required(t, "openai-go"), func(p string) bool { return under(p, "host/llm") }},
		{"weaviate client", required(t, "weaviate-go-client"), func(p string) bool { return under(p, "weaviate") && !under(p, "weaviate/weaviatetest") }},
		// By path: other modules are named weaviate too (testcontainers').
		{"weaviate models", "github.com/weaviate/weaviate", func(p string) bool { return under(p, "weaviate") && !under(p, "weaviate/weaviatetest") }},
		{"etcd client", "go.etcd.io/etcd", func(p string) bool { return under(p, "etcd") }},
		{"etcd adapter", module + "/etcd", func(p string) bool {
			// weaviate/'s two-host test starts etcd with etcdtest.
			return under(p, "etcd") || under(p, "host") || under(p, "cmd") || under(p, "internal") || p == module+"/weaviate"
		}},
		{"kuzu adapter", module + "/kuzu", func(p string) bool {
			return under(p, "kuzu") || under(p, "host") || under(p, "cmd") || under(p, "internal")
		}},
		{"wasm adapter", module + "/wasm", func(p string) bool {
			return under(p, "wasm") || under(p, "host") || under(p, "cmd") || under(p, "internal") || under(p, "plugins")
		}},
		{"weaviate adapter", module + "/weaviate", func(p string) bool {
			return under(p, "weaviate") || under(p, "host") || under(p, "cmd") || under(p, "internal")
		}},
		{"host", module + "/host", func(p string) bool { return under(p, "host") || under(p, "cmd") || under(p, "internal") }},
	}
	for pkg, imps := range pkgImports(t, nil, "./...") {
		for _, imp := range imps {
			for _, r := range rules {
				if (imp == r.dep || strings.HasPrefix(imp, r.dep+"/")) && !r.allowed(pkg) {
					// wasm/abi is a leaf every side may import.
					if r.name == "wasm adapter" && (imp == module+"/wasm/abi") {
						continue
					}
					t.Errorf("%s imports %s: only its adapter package may (%s)", pkg, imp, r.name)
				}
			}
		}
	}
}

// TestCoreIsPure checks that core, engine and their subpackages depend on
// the standard library and the module's own inner layers only (see
// TestLayers), and that they and wasm build with CGO_ENABLED=0.
func TestCoreIsPure(t *testing.T) {
	env := []string{"CGO_ENABLED=0"}
	for pkg := range pkgImports(t, env, "./core/...", "./engine/...") {
		for _, d := range deps(t, env, pkg) {
			if !isStd(d) && !under(d, "core") && !under(d, "engine") {
				t.Errorf("%s depends on %s: core and engine use the standard library only", pkg, d)
			}
		}
	}
	cmd := exec.Command("go", "build", "./core/...", "./engine/...", "./wasm/...")
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("CGO_ENABLED=0 go build ./core/... ./engine/... ./wasm/...: %v\n%s", err, out)
	}
}

// TestLayers enforces the layering of the domain and the engine (see
// ARCHITECTURE.md): core imports nothing of the module
// (its subpackages import core only); engine's stage packages import core
// and engine/text, never engine itself nor one another; engine/text
// imports core only; engine imports core and its stages; the adapters
// (the store backends of host.StoreBackends, wasm, etcd) import no engine
// package. The rule is
// layerProblem; TestLayerRule shows what it catches. Tests may import
// more (an external test of a stage may open an Engine), so only the
// packages' own imports are checked.
func TestLayers(t *testing.T) {
	patterns := []string{"./core/...", "./engine/..."}
	for _, dir := range adapterDirs() {
		patterns = append(patterns, "./"+dir+"/...")
	}
	for pkg, imps := range ownImports(t, patterns...) {
		for _, imp := range imps {
			if p := layerProblem(pkg, imp); p != "" {
				t.Error(p)
			}
		}
	}
}

// adapterDirs lists the directories of the adapters: each store backend's
// (host.StoreBackends) but core's own in-memory store, which the rule of
// core's subpackages holds, then wasm and etcd.
func adapterDirs() []string {
	var out []string
	for _, b := range host.StoreBackends() {
		if dir := strings.TrimPrefix(b.Package, module+"/"); !under(b.Package, "core") {
			out = append(out, dir)
		}
	}
	return append(out, "wasm", "etcd")
}

// layerProblem says why pkg may not import imp, or "" if it may.
func layerProblem(pkg, imp string) string {
	if isStd(imp) {
		return ""
	}
	stage := func(p string) bool { return under(p, "engine") && p != module+"/engine" }
	switch {
	case slices.ContainsFunc(adapterDirs(), func(dir string) bool { return under(pkg, dir) }):
		if under(imp, "engine") {
			return fmt.Sprintf("%s imports %s: an adapter implements core's contracts and knows no engine package", pkg, imp)
		}
	case pkg == module+"/core":
		return fmt.Sprintf("%s imports %s: core imports nothing of the module", pkg, imp)
	case under(pkg, "core"):
		if imp != module+"/core" && !under(imp, "core/storetest") {
			return fmt.Sprintf("%s imports %s: core's subpackages import core (and the conformance suite) only", pkg, imp)
		}
	case under(pkg, "engine/text"):
		if imp != module+"/core" {
			return fmt.Sprintf("%s imports %s: engine/text imports core only", pkg, imp)
		}
	case stage(pkg):
		if imp != module+"/core" && !under(imp, "engine/text") {
			return fmt.Sprintf("%s imports %s: a stage of the engine imports core and engine/text only, never engine or another stage", pkg, imp)
		}
	case pkg == module+"/engine":
		if imp != module+"/core" && !stage(imp) {
			return fmt.Sprintf("%s imports %s: engine imports core and its stages only", pkg, imp)
		}
	}
	return ""
}

// TestLayerRule runs layerProblem on pairs that keep and break the rule.
func TestLayerRule(t *testing.T) {
	m := module + "/"
	tests := []struct {
		pkg, imp string
		ok       bool
	}{
		{m + "core", "fmt", true},
		{m + "core", m + "engine", false},
		{m + "core", m + "core/memstore", false},
		{m + "core/memstore", m + "core", true},
		{m + "core/memstore", m + "engine/text", false},
		{m + "core/memstore", m + "core/storetest", true},
		{m + "engine/text", m + "core", true},
		{m + "engine/text", m + "engine/retrieval", false},
		{m + "engine/retrieval", m + "core", true},
		{m + "engine/retrieval", m + "engine/text", true},
		{m + "engine/retrieval", m + "engine", false},
		{m + "engine/community", m + "engine/evolve", false},
		{m + "engine/retrieval", "github.com/kuzudb/go-kuzu", false},
		{m + "engine", m + "engine/retrieval", true},
		{m + "engine", m + "core/memstore", false},
		{m + "engine", m + "host", false},
		{m + "kuzu", m + "core", true},
		{m + "kuzu", m + "engine/text", false},
		{m + "weaviate", m + "engine", false},
	}
	for _, tt := range tests {
		t.Run(tt.pkg+" imports "+tt.imp, func(t *testing.T) {
			if got := layerProblem(tt.pkg, tt.imp); (got == "") != tt.ok {
				t.Errorf("layerProblem(%s, %s) = %q, want ok %v", tt.pkg, tt.imp, got, tt.ok)
			}
		})
	}
}

// ownImports returns, for every package of the module matching patterns,
// its direct imports, test imports left out.
func ownImports(t *testing.T, patterns ...string) map[string][]string {
	t.Helper()
	args := append([]string{"list", "-e", "-f", "{{.ImportPath}} {{join .Imports \" \"}}"}, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, exitStderr(err))
	}
	m := map[string][]string{}
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) > 0 {
			m[f[0]] = f[1:]
		}
	}
	return m
}

// TestABIIsLeaf checks that wasm/abi imports nothing but the standard
// library, so guests of any toolchain can use it.
func TestABIIsLeaf(t *testing.T) {
	for _, d := range deps(t, nil, module+"/wasm/abi") {
		if !isStd(d) && d != module+"/wasm/abi" {
			t.Errorf("wasm/abi depends on %s", d)
		}
	}
}
