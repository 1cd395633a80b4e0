package lint

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
)

// TestNamesReachEverySurface checks that the names kept in one table each
// (retrieval.Rerankers, core.Scopes, retrieval.BuiltinRecipes,
// host.StoreBackends) reach the surfaces that list them by hand: the
// configuration reference, the retrieval guide and the HTTP schema (whose
// descriptions MCP and the inspector share, as host/wire's comments). Adding a name to its table
// without the others fails here. The CLI's --reranker and --store read
// retrieval.Rerankers and host.StoreBackends themselves, and the MCP
// tools' recipe argument names retrieval.BuiltinRecipes (checked by
// host/mcpserver's TestRecipeNamesInToolSchemas).
func TestNamesReachEverySurface(t *testing.T) {
	config := readFile(t, "docs/configuration.md")
	guide := readFile(t, "docs/retrieval.md")
	rerankerRow := line(t, "docs/configuration.md", config, "`search.recipes.<name>.scopes.<name>.reranker`")
	scopesRow := line(t, "docs/configuration.md", config, "`search.recipes.<name>.scopes` |")
	schemaReranker := schemaDescription(t, "Reranker overrides")

	for _, r := range retrieval.Rerankers() {
		if !strings.Contains(rerankerRow, "`"+r+"`") {
			t.Errorf("docs/configuration.md's reranker row does not name reranker %q", r)
		}
		if !containsWord(schemaReranker, r) {
			t.Errorf("host/httpapi/openapi.json's Reranker description (host/wire) does not name reranker %q", r)
		}
		if !strings.Contains(guide, "`"+r+"`") {
			t.Errorf("docs/retrieval.md does not name reranker %q", r)
		}
	}
	backendRow := line(t, "docs/configuration.md", config, "| `store.backend` |")
	for _, b := range host.StoreBackends() {
		if !strings.Contains(backendRow, "`"+b.Name+"`") {
			t.Errorf("docs/configuration.md's store.backend row does not name backend %q", b.Name)
		}
	}
	for _, sc := range core.Scopes {
		if !strings.Contains(scopesRow, "`"+string(sc)+"`") {
			t.Errorf("docs/configuration.md's scopes row does not name scope %q", sc)
		}
	}
	var recipeCells []string // the first cells of the guide's table rows
	for l := range strings.SplitSeq(guide, "\n") {
		if cells := strings.Split(l, "|"); len(cells) > 2 && strings.TrimSpace(cells[0]) == "" {
			recipeCells = append(recipeCells, cells[1])
		}
	}
	for _, name := range slices.Sorted(maps.Keys(retrieval.BuiltinRecipes())) {
		if !slices.ContainsFunc(recipeCells, func(c string) bool { return strings.Contains(c, "`"+name+"`") }) {
			t.Errorf("docs/retrieval.md's table of recipes lacks built-in recipe %q", name)
		}
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../..", path))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// line returns the first line of text containing key.
func line(t *testing.T, path, text, key string) string {
	t.Helper()
	for l := range strings.SplitSeq(text, "\n") {
		if strings.Contains(l, key) {
			return l
		}
	}
	t.Fatalf("%s has no line with %s", path, key)
	return ""
}

// schemaDescription returns the first description in the OpenAPI
// document that starts with prefix.
func schemaDescription(t *testing.T, prefix string) string {
	t.Helper()
	var doc any
	if err := json.Unmarshal([]byte(readFile(t, "host/httpapi/openapi.json")), &doc); err != nil {
		t.Fatal(err)
	}
	var found string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if d, ok := v["description"].(string); ok && found == "" && strings.HasPrefix(d, prefix) {
				found = d
			}
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(v[k])
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(doc)
	if found == "" {
		t.Fatalf("host/httpapi/openapi.json has no description starting %q", prefix)
	}
	return found
}

// containsWord reports whether s holds w as a whole word.
func containsWord(s, w string) bool {
	return slices.Contains(strings.FieldsFunc(s, func(r rune) bool {
		return r != '_' && (r < 'a' || r > 'z') && (r < '0' || r > '9')
	}), w)
}
