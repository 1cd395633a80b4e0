package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

// TestLLMCheck runs `mnemo llm check` against a server that refuses
// json_schema: it reports each mode, uses json_object under the default
// auto, and is an error when the configuration insists on json_schema.
func TestLLMCheck(t *testing.T) {
	srv := llmtest.New(t)
	srv.RefuseFormats("json_schema")
	cfg := filepath.Join(t.TempDir(), "mnemo.toml")
	write := func(mode string) {
		writeFile(t, cfg, "[llm]\nbase_url = \""+srv.URL()+"\"\napi_key = \"k\"\nmodel = \"local-model\"\n"+mode)
	}
	write("")
	r := ok(t, filepath.Join(t.TempDir(), "db"), "", "--config", cfg, "llm", "check", "--json")
	var out struct {
		Configured string `json:"structured_output"`
		Models     []struct {
			Model string `json:"model"`
			Uses  string `json:"uses"`
			Modes []struct {
				Mode   string `json:"mode"`
				Works  bool   `json:"works"`
				Detail string `json:"detail"`
			} `json:"modes"`
		} `json:"models"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("llm check --json printed %q: %v", r.stdout, err)
	}
	if out.Configured != "auto" || len(out.Models) != 1 || out.Models[0].Model != "local-model" || out.Models[0].Uses != "json_object" {
		t.Fatalf("llm check = %+v, want auto, one model local-model using json_object", out)
	}
	works := map[string]bool{}
	for _, m := range out.Models[0].Modes {
		works[m.Mode] = m.Works
		if m.Mode == "json_schema" && !strings.Contains(m.Detail, "not supported") {
			t.Errorf("json_schema detail = %q, want the server's refusal", m.Detail)
		}
	}
	if works["json_schema"] || !works["json_object"] || !works["prompt_only"] {
		t.Errorf("llm check modes = %v, want json_schema refused, the others working", works)
	}

	write("structured_output = \"json_schema\"\n")
	r = mnemo(t, filepath.Join(t.TempDir(), "db"), "", "--config", cfg, "llm", "check")
	if r.code != 1 || !strings.Contains(r.stderr, `set it to "auto" or "json_object"`) || !strings.Contains(r.stdout, "mnemo uses") {
		t.Errorf("llm check with json_schema configured = exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 1, the table, and advice", r.code, r.stdout, r.stderr)
	}
}

// TestLLMCheckEmbedder runs `mnemo llm check` with an [embedder] endpoint:
// it embeds one text there and reports the vector's dimension; an
// endpoint that answers with another dimension than embedder.dimensions
// is an error; with no LLM configured, the embedder alone is checked.
func TestLLMCheckEmbedder(t *testing.T) {
	srv := llmtest.New(t)
	srv.SetDimension(64)
	cfg := filepath.Join(t.TempDir(), "mnemo.toml")
	write := func(llmSection string, dim int) {
		writeFile(t, cfg, llmSection+"[embedder]\nprovider = \"openai\"\nbase_url = \""+srv.URL()+"\"\napi_key = \"k\"\nmodel = \"embed-small\"\ndimensions = "+strconv.Itoa(dim)+"\n")
	}
	type check struct {
		Models   []json.RawMessage `json:"models"`
		Embedder *struct {
			Model      string `json:"model"`
			BaseURL    string `json:"base_url"`
			Dimensions int    `json:"dimensions"`
			Works      bool   `json:"works"`
			Detail     string `json:"detail"`
		} `json:"embedder"`
	}
	write("[llm]\nbase_url = \""+srv.URL()+"\"\napi_key = \"k\"\nmodel = \"local-model\"\n", 64)
	r := ok(t, filepath.Join(t.TempDir(), "db"), "", "--config", cfg, "llm", "check", "--json")
	var out check
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("llm check --json printed %q: %v", r.stdout, err)
	}
	if len(out.Models) != 1 || out.Embedder == nil || !out.Embedder.Works || out.Embedder.Model != "embed-small" || out.Embedder.BaseURL != srv.URL() || out.Embedder.Detail != "64 dimensions" {
		t.Fatalf("llm check = %s, want the model and a working embedder embed-small of 64 dimensions", r.stdout)
	}
	var kinds []string
	for _, q := range srv.Requests() {
		kinds = append(kinds, q.Kind)
	}
	if !slices.Contains(kinds, llmtest.KindEmbeddings) {
		t.Errorf("the server got requests %v, want an embeddings request", kinds)
	}

	// No LLM, and a dimension the endpoint does not give.
	write("", 128)
	r = mnemo(t, filepath.Join(t.TempDir(), "db"), "", "--config", cfg, "llm", "check")
	if r.code != 1 || !strings.Contains(r.stdout, "embedder embed-small") || !strings.Contains(r.stdout, "no: ") ||
		!strings.Contains(r.stderr, "error: embedder embed-small at "+srv.URL()) || !strings.Contains(r.stdout, "LLM") {
		t.Errorf("llm check of an embedder of the wrong dimension = exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 1 and the embedder's failure", r.code, r.stdout, r.stderr)
	}
}
