package host_test

import (
	"os"
	"strings"
	"testing"

	"mnemo/host"
)

func TestNotices(t *testing.T) {
	tests := []struct {
		name string
		toml string
		want []string // substrings, one per notice
	}{
		{"no reranker", ``, nil},
		{"default reranker unused", "[plugins.default]\nreranker = \"boost\"\n", []string{`plugins.default.reranker = "boost" orders only searches that ask for reranker "plugin"`}},
		{"default recipe uses the plugin", "[search]\ndefault_recipe = \"plugin\"\n[plugins.default]\nreranker = \"boost\"\n", nil},
		{"tenant reranker unused", "[[plugins.tenants]]\ngroups = [\"support-*\"]\nreranker = \"boost\"\n", []string{`plugins.tenants[0] (groups support-*): reranker = "boost"`}},
		{"tenant with a plugin group recipe", "[search.group_recipes]\n\"support-*\" = \"plugin\"\n[[plugins.tenants]]\ngroups = [\"support-*\"]\nreranker = \"boost\"\n", nil},
		{"a group recipe for other groups", "[search.group_recipes]\n\"sales-*\" = \"plugin\"\n[[plugins.tenants]]\ngroups = [\"support-*\"]\nreranker = \"boost\"\n", []string{`plugins.tenants[0] (groups support-*)`}},
		{"a group recipe that is no plugin recipe", "[search.group_recipes]\n\"support-*\" = \"default\"\n[[plugins.tenants]]\ngroups = [\"support-*\"]\nreranker = \"boost\"\n", []string{`plugins.tenants[0]`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := t.TempDir() + "/mnemo.toml"
			if err := os.WriteFile(path, []byte(tt.toml), 0o644); err != nil {
				t.Fatal(err)
			}
			cfg, err := host.Load(path, func(string) string { return "" })
			if err != nil {
				t.Fatal(err)
			}
			got := cfg.Notices()
			if len(got) != len(tt.want) {
				t.Fatalf("Notices() = %q, want %d notices", got, len(tt.want))
			}
			for i, w := range tt.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("Notices()[%d] = %q, want it to contain %q", i, got[i], w)
				}
			}
		})
	}
}
