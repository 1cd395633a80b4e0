package kuzu

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// deletesRelationships matches a statement, or a piece of one, that
// deletes relationships: DETACH DELETE, or a DELETE after a relationship
// pattern ("-[m:HAS_MEMBER]->").
var deletesRelationships = regexp.MustCompile(`DETACH DELETE|-\[[^\]]*\]-.*\bDELETE\b`)

// TestRelationshipDeletesAreGuarded checks the rule of freshrels.go on
// the package's source: every function whose statements delete
// relationships also calls one of the guards (mayDeleteGroup,
// mayDeleteNodes, mayDeleteMembers), which make the transaction wait for
// a checkpoint when those relationships are not checkpointed yet. A
// deletion without its guard brings back Kuzu's crash in the next
// checkpoint but one.
func TestRelationshipDeletesAreGuarded(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	found := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			var deletes []string
			guarded := false
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.BasicLit:
					if x.Kind == token.STRING {
						if s, err := strconv.Unquote(x.Value); err == nil && deletesRelationships.MatchString(s) {
							deletes = append(deletes, fset.Position(x.Pos()).String())
						}
					}
				case *ast.SelectorExpr:
					if strings.HasPrefix(x.Sel.Name, "mayDelete") {
						guarded = true
					}
				}
				return true
			})
			found += len(deletes)
			if len(deletes) > 0 && !guarded {
				t.Errorf("%s deletes relationships (%s) without calling a guard of freshrels.go", fn.Name.Name, strings.Join(deletes, ", "))
			}
		}
	}
	// The deletions known today: a group's nodes, objects, community
	// members and communities. Fewer means the pattern no longer sees them.
	if found < 4 {
		t.Errorf("found %d statements deleting relationships, want at least 4: the pattern misses them", found)
	}
}
