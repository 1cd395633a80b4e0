package host_test

import (
	"os"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/host"
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
		{"tenant reranker unused", "[[plugins.tenants]]\ngroups = [\"support-*\"]\nreranker = \"boost\"\n", []string{`[[plugins.tenants]] #1 (groups support-*): reranker = "boost"`}},
		{"tenant with a plugin group recipe", "[search.group_recipes]\n\"support-*\" = \"plugin\"\n[[plugins.tenants]]\ngroups = [\"support-*\"]\nreranker = \"boost\"\n", nil},
		{"a group recipe for other groups", "[search.group_recipes]\n\"sales-*\" = \"plugin\"\n[[plugins.tenants]]\ngroups = [\"support-*\"]\nreranker = \"boost\"\n", []string{`[[plugins.tenants]] #1 (groups support-*)`}},
		{"a group recipe that is no plugin recipe", "[search.group_recipes]\n\"support-*\" = \"default\"\n[[plugins.tenants]]\ngroups = [\"support-*\"]\nreranker = \"boost\"\n", []string{`[[plugins.tenants]] #1`}},
		{"a configured recipe with the group's plugin", "[search.group_recipes]\n\"support-*\" = \"mine\"\n[search.recipes.mine.scopes.facts]\nreranker = \"plugin\"\n[[plugins.tenants]]\ngroups = [\"support-*\"]\nreranker = \"boost\"\n", nil},
		{"a configured recipe with its own plugin", "[search.group_recipes]\n\"support-*\" = \"mine\"\n[search.recipes.mine.scopes.facts]\nplugin = \"other\"\n[[plugins.tenants]]\ngroups = [\"support-*\"]\nreranker = \"boost\"\n", []string{`[[plugins.tenants]] #1`}},
		{"kuzu settings with the memory store", "[store]\nbackend = \"memory\"\nthreads = 2\ncheckpoint_every = 10\n", []string{`store.checkpoint_every is a Kuzu setting and store.backend is "memory"`, `store.threads is a Kuzu setting`}},
		{"kuzu settings with kuzu", "[store]\nthreads = 2\n", nil},
		{"kuzu settings with weaviate", "[store]\nbackend = \"weaviate\"\nthreads = 2\n[store.weaviate]\nurl = \"http://127.0.0.1:8080\"\n", []string{`store.threads is a Kuzu setting and store.backend is "weaviate"`}},
		{"weaviate settings with kuzu", "[store.weaviate]\nurl = \"http://127.0.0.1:8080\"\n", []string{`store.weaviate is set and store.backend is "kuzu"`}},
		{"llm settings without an llm", "[llm]\nmax_tokens = 100\ntemperature = 0.5\n", []string{"llm.temperature is set but no LLM is configured", "llm.max_tokens is set but no LLM"}},
		{"an llm with the rule extractor", "[llm]\nmodel = \"m\"\n[plugins.default]\nextractor = \"rule-extractor\"\n", []string{`an LLM is configured (llm.*) but no plugin set uses llm-extractor (the extractor is "rule-extractor")`}},
		{"an llm with the llm extractor", "[llm]\nmodel = \"m\"\n", nil},
		{"an llm granted to a plugin", "[llm]\nmodel = \"m\"\n[plugins.default]\nextractor = \"mine\"\n[plugins.grants.mine]\nallow_llm = true\n", nil},
		{"openai embedder settings with the local one", "[embedder]\nsend_dimensions = true\n", []string{"embedder.send_dimensions is a setting of the openai embedder"}},
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
