package lint

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/mnemohq/mnemo/host"
)

// compositionRoot lists the files of cmd/ and host/ that may import the
// store adapters: the ones that open the store from the configuration
// (host/store_weaviate.go holds what the edge build leaves out).
func compositionRoot() []string { return []string{"host/store.go", "host/store_weaviate.go"} }

// storeAdapters lists the store packages, from the one table of backends
// (host.StoreBackends).
func storeAdapters() []string {
	var out []string
	for _, b := range host.StoreBackends() {
		out = append(out, b.Package)
	}
	return out
}

// TestSurfacesUseTheEngine checks that the surfaces (cmd/ and host/) reach
// the store through engine.Engine: no non-test Go file imports a store
// adapter (storeAdapters) except the composition root, and none calls a Store() accessor (the
// engine's store, or any other). The check is per file, so a package that
// holds the composition root gives its other files no allowance.
// TestSurfaceCheck shows that it fails on a file set that breaks it.
func TestSurfacesUseTheEngine(t *testing.T) {
	problems, err := surfaceProblems(os.DirFS("../.."), []string{"cmd", "host"}, compositionRoot(), storeAdapters())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// surfaceProblems parses every non-test Go file under roots of fsys (not
// under testdata) and describes each import of a package of adapters (or
// a package under one) from a file not in allowed, each call of a method Store with
// no arguments, and each allowed file that is missing or imports no store
// adapter (a stale allowance).
func surfaceProblems(fsys fs.FS, roots, allowed, adapters []string) ([]string, error) {
	var problems []string
	importers := map[string]bool{}
	fset := token.NewFileSet()
	for _, root := range roots {
		err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "testdata" {
					return fs.SkipDir
				}
				return nil
			}
			if path.Ext(p) != ".go" || strings.HasSuffix(p, "_test.go") {
				return nil
			}
			src, err := fs.ReadFile(fsys, p)
			if err != nil {
				return err
			}
			f, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
			if err != nil {
				return fmt.Errorf("parse %s: %w", p, err)
			}
			for _, imp := range f.Imports {
				ip, _ := strconv.Unquote(imp.Path.Value)
				if !slices.ContainsFunc(adapters, func(a string) bool { return ip == a || strings.HasPrefix(ip, a+"/") }) {
					continue
				}
				importers[p] = true
				if !slices.Contains(allowed, p) {
					problems = append(problems, fmt.Sprintf("%s imports %s: only the composition root (%s) may; reach the store through engine.Engine or host.Admin",
						fset.Position(imp.Pos()), ip, strings.Join(allowed, ", ")))
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 0 {
					return true
				}
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Store" {
					problems = append(problems, fmt.Sprintf("%s calls %s.Store(): surfaces reach the store through engine.Engine, not around it",
						fset.Position(call.Pos()), exprString(sel.X)))
				}
				return true
			})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	for _, p := range allowed {
		if !importers[p] {
			problems = append(problems, fmt.Sprintf("%s is allowed to import %s but does not (or is missing): take it off the allow list", p, strings.Join(adapters, " or ")))
		}
	}
	return problems, nil
}

// exprString renders a selector's receiver for a message.
func exprString(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return exprString(x.X) + "." + x.Sel.Name
	case *ast.CallExpr:
		return exprString(x.Fun) + "()"
	}
	return "…"
}

// TestSurfaceCheck runs the check on synthetic file sets, to show what it
// catches and what it lets through.
func TestSurfaceCheck(t *testing.T) {
	const (
		root   = "package host\n\nimport \"github.com/mnemohq/mnemo/kuzu\"\n\nvar _ = kuzu.Open\n"
		plain  = "package host\n\nimport \"github.com/mnemohq/mnemo/core\"\n\nvar _ core.Store\n"
		atomic = "package host\n\nimport \"sync/atomic\"\n\nfunc f(v *atomic.Bool) { v.Store(true) }\n"
	)
	// stale names every adapter of the table of backends.
	stale := "host/store.go is allowed to import " + strings.Join(storeAdapters(), " or ") + " but does not"
	tests := []struct {
		name  string
		files map[string]string
		want  []string // substrings, one per expected problem, in order
	}{
		{"clean", map[string]string{"host/store.go": root, "host/a.go": plain, "host/b.go": atomic}, nil},
		{"same package, other file", map[string]string{"host/store.go": root, "host/views.go": root},
			[]string{"host/views.go:3:8 imports github.com/mnemohq/mnemo/kuzu"}},
		{"renamed import", map[string]string{"host/store.go": root, "host/httpapi/x.go": "package httpapi\n\nimport db \"github.com/mnemohq/mnemo/kuzu\"\n\nvar _ = db.Open\n"},
			[]string{"host/httpapi/x.go:3:8 imports github.com/mnemohq/mnemo/kuzu"}},
		{"subpackage, in cmd", map[string]string{"host/store.go": root, "cmd/mnemo/x.go": "package main\n\nimport (\n\t\"fmt\"\n\t_ \"github.com/mnemohq/mnemo/kuzu/internal/cypher\"\n)\n\nvar _ = fmt.Sprint\n"},
			[]string{"cmd/mnemo/x.go:5:2 imports github.com/mnemohq/mnemo/kuzu/internal/cypher"}},
		{"around the engine", map[string]string{"host/store.go": root, "host/httpapi/y.go": "package httpapi\n\nfunc f(s *Server) { s.h.Engine.Store().ListFacts(nil, \"g\", o) }\n"},
			[]string{"host/httpapi/y.go:3:21 calls s.h.Engine.Store()"}},
		{"tests and testdata are not linted", map[string]string{"host/store.go": root, "host/x_test.go": root, "host/testdata/y.go": root}, nil},
		{"another store", map[string]string{"host/store.go": root, "host/admin.go": "package host\n\nimport \"github.com/mnemohq/mnemo/weaviate\"\n\nvar _ = weaviate.Open\n"},
			[]string{"host/admin.go:3:8 imports github.com/mnemohq/mnemo/weaviate"}},
		{"stale allowance", map[string]string{"host/store.go": plain},
			[]string{stale}},
		{"missing root", map[string]string{"host/a.go": plain},
			[]string{stale}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Both roots exist in every set; a missing root is an error.
			fsys := fstest.MapFS{"cmd/mnemo/main.go": {Data: []byte("package main\n")}}
			for p, src := range tt.files {
				fsys[p] = &fstest.MapFile{Data: []byte(src)}
			}
			got, err := surfaceProblems(fsys, []string{"cmd", "host"}, []string{"host/store.go"}, storeAdapters())
			if err != nil {
				t.Fatalf("surfaceProblems = %v", err)
			}
			ok := len(got) == len(tt.want)
			for i := 0; ok && i < len(got); i++ {
				ok = strings.Contains(got[i], tt.want[i])
			}
			if !ok {
				t.Errorf("surfaceProblems = %q, want problems containing %q", got, tt.want)
			}
		})
	}
}
