package llm_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/llm"
)

func TestOptionsValidate(t *testing.T) {
	bad := 3.0
	tests := []struct {
		name string
		o    llm.Options
		ok   bool
	}{
		{"OpenAI with key", llm.Options{APIKey: "k"}, true},
		{"OpenAI without key", llm.Options{}, false},
		{"local server with model", llm.Options{BaseURL: "http://localhost:11434/v1", Model: "qwen3:8b"}, true},
		{"local server without model", llm.Options{BaseURL: "http://localhost:11434/v1"}, false},
		{"not a URL", llm.Options{BaseURL: "localhost:8080", Model: "m"}, false},
		{"bad mode", llm.Options{APIKey: "k", StructuredOutput: "xml"}, false},
		{"json_object mode", llm.Options{APIKey: "k", StructuredOutput: llm.JSONObject}, true},
		{"bad tokens param", llm.Options{APIKey: "k", MaxTokensParam: "max"}, false},
		{"temperature out of range", llm.Options{APIKey: "k", Temperature: &bad}, false},
		{"negative timeout", llm.Options{APIKey: "k", RequestTimeout: -1}, false},
		{"zero-value limiter", llm.Options{APIKey: "k", Limiter: &llm.Limiter{}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.o.Validate()
			if (err == nil) != tt.ok {
				t.Fatalf("Validate() = %v, want ok %v", err, tt.ok)
			}
			if err != nil && !errors.Is(err, core.ErrInvalid) {
				t.Errorf("Validate() = %v, want it to wrap ErrInvalid", err)
			}
			if _, nerr := llm.New(tt.o); (nerr == nil) != tt.ok {
				t.Errorf("New() error = %v, want ok %v", nerr, tt.ok)
			}
		})
	}
}

func TestEmbedderOptionsValidate(t *testing.T) {
	tests := []struct {
		name string
		o    llm.EmbedderOptions
		ok   bool
		dim  int
	}{
		{"OpenAI default model", llm.EmbedderOptions{APIKey: "k"}, true, llm.DefaultEmbeddingDimension},
		{"OpenAI shortened", llm.EmbedderOptions{APIKey: "k", Dimension: 512, SendDimensions: true}, true, 512},
		{"other model without dimension", llm.EmbedderOptions{APIKey: "k", Model: "text-embedding-3-large"}, false, 0},
		{"local model", llm.EmbedderOptions{BaseURL: "http://127.0.0.1:8080/v1", Model: "nomic-embed-text", Dimension: 768}, true, 768},
		{"local without model", llm.EmbedderOptions{BaseURL: "http://127.0.0.1:8080/v1", Dimension: 768}, false, 0},
		{"negative batch", llm.EmbedderOptions{APIKey: "k", MaxBatchTexts: -1}, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := llm.NewEmbedder(tt.o)
			if (err == nil) != tt.ok {
				t.Fatalf("NewEmbedder() = %v, want ok %v", err, tt.ok)
			}
			if err != nil && !errors.Is(err, core.ErrInvalid) {
				t.Errorf("NewEmbedder() = %v, want it to wrap ErrInvalid", err)
			}
			if err == nil && e.Dimension() != tt.dim {
				t.Errorf("Dimension() = %d, want %d", e.Dimension(), tt.dim)
			}
		})
	}
}

func TestApplyEnv(t *testing.T) {
	env := map[string]string{"OPENAI_API_KEY": "env-key", "OPENAI_BASE_URL": "http://env:1/v1"}
	getenv := func(k string) string { return env[k] }
	tests := []struct {
		name          string
		key, base     string
		wantKey, want string
	}{
		{"empty takes env", "", "", "env-key", "http://env:1/v1"},
		{"set keeps its values", "mine", "http://mine/v1", "mine", "http://mine/v1"},
		{"mixed", "mine", "", "mine", "http://env:1/v1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := llm.Options{APIKey: tt.key, BaseURL: tt.base}
			o.ApplyEnv(getenv)
			eo := llm.EmbedderOptions{APIKey: tt.key, BaseURL: tt.base}
			eo.ApplyEnv(getenv)
			got := [][2]string{{o.APIKey, o.BaseURL}, {eo.APIKey, eo.BaseURL}}
			want := [][2]string{{tt.wantKey, tt.want}, {tt.wantKey, tt.want}}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("ApplyEnv differs (-want +got):\n%s", diff)
			}
		})
	}
}

func TestModelDefaults(t *testing.T) {
	tests := []struct {
		name       string
		o          llm.Options
		main, smal string
	}{
		{"OpenAI defaults", llm.Options{APIKey: "k"}, llm.DefaultModel, llm.DefaultSmallModel},
		{"OpenAI main only", llm.Options{APIKey: "k", Model: "gpt-4.1"}, "gpt-4.1", "gpt-4.1"},
		{"local main only", llm.Options{BaseURL: "http://localhost:8000/v1", Model: "qwen"}, "qwen", "qwen"},
		{"both", llm.Options{BaseURL: "http://localhost:8000/v1", Model: "big", SmallModel: "small"}, "big", "small"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := llm.New(tt.o)
			if err != nil {
				t.Fatal(err)
			}
			if got := c.Model(core.ModelMain); got != tt.main {
				t.Errorf("Model(main) = %q, want %q", got, tt.main)
			}
			if got := c.Model(core.ModelSmall); got != tt.smal {
				t.Errorf("Model(small) = %q, want %q", got, tt.smal)
			}
		})
	}
}
