package host_test

import (
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/host"
)

// settingPaths lists the dotted paths of every setting of t, as they are
// written in the file: "llm.model", "plugins.tenants.groups".
func settingPaths(t reflect.Type, prefix string) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
		if tag == "" && f.Anonymous {
			out = append(out, settingPaths(f.Type, prefix)...)
			continue
		}
		path := tag
		if prefix != "" {
			path = prefix + "." + tag
		}
		ft := f.Type
		if ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct {
			out = append(out, path)
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Map && ft.Elem().Kind() == reflect.Struct {
			out = append(out, path)
			out = append(out, settingPaths(ft.Elem(), path+".<name>")...)
			continue
		}
		if ft.Kind() == reflect.Struct && ft.PkgPath() == t.PkgPath() {
			out = append(out, settingPaths(ft, path)...)
			continue
		}
		out = append(out, path)
	}
	return out
}

// TestConfigurationDoc checks that docs/configuration.md documents every
// setting of host.Config and no setting that does not exist.
func TestConfigurationDoc(t *testing.T) {
	b, err := os.ReadFile("../docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	paths := settingPaths(reflect.TypeOf(host.Config{}), "")
	for _, p := range paths {
		if !strings.Contains(doc, "| `"+p+"` |") {
			t.Errorf("docs/configuration.md has no row for the setting %s", p)
		}
	}
	rows := regexp.MustCompile("(?m)^\\| `([a-z_.<>]+)` \\|").FindAllStringSubmatch(doc, -1)
	for _, r := range rows {
		if !slices.Contains(paths, r[1]) {
			t.Errorf("docs/configuration.md documents %s, which is not a setting", r[1])
		}
	}
	if len(rows) < len(paths) {
		t.Errorf("docs/configuration.md has %d rows for %d settings", len(rows), len(paths))
	}
	env := regexp.MustCompile("`(MNEMO_[A-Z_]+)`").FindAllStringSubmatch(doc, -1)
	for _, e := range env {
		path := strings.ToLower(strings.TrimPrefix(e[1], "MNEMO_"))
		found := false
		for _, p := range paths {
			if strings.ReplaceAll(p, ".", "_") == path {
				found = true
			}
		}
		if !found && e[1] != "MNEMO_" {
			t.Errorf("docs/configuration.md names %s, which is no setting's variable", e[1])
		}
	}
}

// TestExampleConfiguration loads docs/mnemo.example.toml and checks that it
// sets every section and that its values arrive.
func TestExampleConfiguration(t *testing.T) {
	c, err := host.Load("../docs/mnemo.example.toml", func(string) string { return "" })
	if err != nil {
		t.Fatalf("Load(docs/mnemo.example.toml) = %v", err)
	}
	tests := []struct {
		name string
		got  any
		want any
	}{
		{"llm.model", c.LLM.Model, "qwen2.5:14b"},
		{"embedder.dimensions", c.Embedder.Dimensions, 768},
		{"plugins.default.reranker", c.Plugins.Default.Reranker, "script-reranker"},
		{"plugins.tenants[0].groups", c.Plugins.Tenants[0].Groups, []string{"acme", "acme-*"}},
		{"plugins.tenants[0].extractor", c.Plugins.Tenants[0].Extractor, "rule-extractor"},
		{"http.keys[1].groups", c.HTTP.Keys[1].Groups, []string{"*"}},
		{"plugins.grants", c.Plugins.Grants["my-extractor"].AllowLLM, true},
		{"search.group_recipes", c.Search.GroupRecipes["support-*"], "default"},
		{"search.recipes", c.Search.Recipes["acme"].Scopes["episodes"].Plugin, "script-reranker"},
	}
	for _, tc := range tests {
		if !reflect.DeepEqual(tc.got, tc.want) {
			t.Errorf("example %s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	masked := c.Masked()
	if strings.Contains(masked, "change-me-team-a") {
		t.Errorf("Masked() shows an API key: %s", masked)
	}
}
