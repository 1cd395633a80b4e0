package main

import (
	"testing"

	"mnemo/host"
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
		want  string
	}{
		{"defaults", nil, "", "offline: no LLM, extractor rule-extractor, local embedder"},
		{"a custom extractor", map[string]string{"MNEMO_PLUGINS_DEFAULT_EXTRACTOR": "my-extractor", "MNEMO_PLUGINS_DEFAULT_RERANKER": "boost"}, "",
			"offline: no LLM, extractor my-extractor, rerank plugin boost, local embedder"},
		{"an LLM", map[string]string{"MNEMO_LLM_MODEL": "qwen3:8b", "MNEMO_LLM_BASE_URL": "http://localhost:11434/v1"}, "qwen3:8b",
			"LLM qwen3:8b, extractor llm-extractor, local embedder"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mode(load(t, tt.env), tt.model); got != tt.want {
				t.Errorf("mode() = %q, want %q", got, tt.want)
			}
		})
	}
}
