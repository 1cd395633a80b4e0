package main

import (
	"testing"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/wasm/abi"
)

func TestMode(t *testing.T) {
	load := func(t *testing.T, env map[string]string) host.Config {
		t.Helper()
		cfg, err := host.Load("", func(k string) string { return env[k] })
		if err != nil {
			t.Fatal(err)
		}
		return cfg
	}
	tests := []struct {
		name  string
		env   map[string]string
		model string
		set   host.SetInfo
		want  string
	}{
		{"defaults", nil, "", host.SetInfo{}, "offline: no LLM, extractor rule-extractor, local embedder"},
		{"the built-in loaded", nil, "", host.SetInfo{Extractor: host.PluginInfo{Name: "rule-extractor", Source: "built-in", Describe: abi.Describe{Name: "rule-extractor", Version: "1.2.0"}}},
			"offline: no LLM, extractor rule-extractor 1.2.0, local embedder"},
		{"a file named otherwise", map[string]string{"MNEMO_PLUGINS_DEFAULT_EXTRACTOR": "ex"}, "",
			host.SetInfo{Extractor: host.PluginInfo{Name: "ontology-extractor", Source: "plugins/ex.wasm", Describe: abi.Describe{Name: "ontology-extractor", Version: "0.3"}}},
			"offline: no LLM, extractor ontology-extractor 0.3 (plugins/ex.wasm), local embedder"},
		{"a custom extractor", map[string]string{"MNEMO_PLUGINS_DEFAULT_EXTRACTOR": "my-extractor", "MNEMO_PLUGINS_DEFAULT_RERANKER": "boost"}, "", host.SetInfo{},
			"offline: no LLM, extractor my-extractor, rerank plugin boost, local embedder"},
		{"an LLM", map[string]string{"MNEMO_LLM_MODEL": "qwen3:8b", "MNEMO_LLM_BASE_URL": "http://localhost:11434/v1"}, "qwen3:8b", host.SetInfo{},
			"LLM qwen3:8b, extractor llm-extractor, local embedder"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mode(load(t, tt.env), tt.model, tt.set); got != tt.want {
				t.Errorf("mode() = %q, want %q", got, tt.want)
			}
		})
	}
}
