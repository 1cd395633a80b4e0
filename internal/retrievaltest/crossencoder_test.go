package retrievaltest

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

var passageRE = regexp.MustCompile(`(?s)<passage id="(\d+)">\n(.*?)\n</passage>`)

// judge answers cross-encoder prompts like a model would: 10 for a
// passage about marriage, 7 for one mentioning a wife, 1 otherwise.
func judge(req llmtest.Request) (llmtest.Answer, bool) {
	if req.Prompt != "rerank" {
		return llmtest.Answer{}, false
	}
	type score struct {
		ID    int `json:"id"`
		Score int `json:"score"`
	}
	var out []score
	for _, m := range passageRE.FindAllStringSubmatch(req.LastUser(), -1) {
		id, _ := strconv.Atoi(m[1])
		s := 1
		switch {
		case strings.Contains(m[2], "married"):
			s = 10
		case strings.Contains(m[2], "wife"):
			s = 7
		}
		out = append(out, score{id, s})
	}
	return llmtest.JSON(map[string]any{"scores": out}), true
}

func newLLMEnv(t *testing.T, batch int) (*env, *llmtest.Server) {
	t.Helper()
	srv := llmtest.New(t)
	c, err := llm.New(srv.ClientOptions())
	if err != nil {
		t.Fatalf("llm.New: %v", err)
	}
	e := newEnv(t, func(o *engine.Options) {
		o.LLM = c
		o.Search.CrossEncoderBatch = batch
	})
	return e, srv
}

func TestCrossEncoder(t *testing.T) {
	tests := []struct {
		name     string
		batch    int
		requests int
	}{
		{"one prompt for all passages", 0, 1},
		{"batches of two", 2, 3}, // the six facts
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, srv := newLLMEnv(t, tt.batch)
			srv.Handle(judge)
			e.people("g")
			res := e.search(t, retrieval.Request{Groups: []string{"g"}, Query: "Alice Bob Carol Dan", Custom: only(core.ScopeFacts, retrieval.RerankCrossEncoder, 3, retrieval.MethodCosine, retrieval.MethodBM25)})
			if got := names(res, core.ScopeFacts); len(got) != 3 || got[0] != "f-married" {
				t.Errorf("Search(cross_encoder) = %v, want f-married first of 3", got)
			}
			if got := scores(res, core.ScopeFacts); len(got) != 3 || !cmp.Equal(got[:2], []float64{1, 0.1}, cmpopts.EquateApprox(0, 1e-12)) {
				t.Errorf("Search(cross_encoder) scores = %v, want [1 0.1 ...]", got)
			}
			if len(res.Warnings) != 0 {
				t.Errorf("Search(cross_encoder) warnings = %v, want none", res.Warnings)
			}
			reqs := srv.RequestsFor("rerank")
			if len(reqs) != tt.requests {
				t.Fatalf("cross-encoder prompts = %d, want %d", len(reqs), tt.requests)
			}
			for _, r := range reqs {
				if r.ResponseFormat != "json_schema" || len(r.Schema) == 0 {
					t.Errorf("cross-encoder prompt response_format = %q (schema %d bytes), want json_schema", r.ResponseFormat, len(r.Schema))
				}
				if !strings.Contains(r.LastUser(), "Query: Alice Bob Carol Dan") {
					t.Errorf("cross-encoder prompt lacks the query:\n%s", r.LastUser())
				}
				if r.Model != "test-small" {
					t.Errorf("cross-encoder model = %q, want the small model", r.Model)
				}
			}
		})
	}
}

// TestCrossEncoderFallback checks that a cross-encoder without an LLM, or
// with a failing one, leaves the RRF order and says so.
func TestCrossEncoderFallback(t *testing.T) {
	query := retrieval.Request{Groups: []string{"g"}, Query: "Alice Berlin", Custom: only(core.ScopeFacts, retrieval.RerankCrossEncoder, 3, retrieval.MethodCosine, retrieval.MethodBM25)}
	rrf := query
	rrf.Custom = only(core.ScopeFacts, retrieval.RerankRRF, 3, retrieval.MethodCosine, retrieval.MethodBM25)

	plain := newEnv(t)
	plain.people("g")
	failing, srv := newLLMEnv(t, 0)
	failing.people("g")
	srv.Handle(func(llmtest.Request) (llmtest.Answer, bool) {
		return llmtest.Answer{Status: http.StatusBadRequest, Message: "no"}, true
	})
	for name, e := range map[string]*env{"no LLM": plain, "failing LLM": failing} {
		t.Run(name, func(t *testing.T) {
			res := e.search(t, query)
			want := e.search(t, rrf)
			if got, w := names(res, core.ScopeFacts), names(want, core.ScopeFacts); !cmp.Equal(got, w) {
				t.Errorf("Search(cross_encoder, %s) = %v, want the RRF order %v", name, got, w)
			}
			if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "rrf") {
				t.Errorf("Search(cross_encoder, %s) warnings = %q, want one saying it fell back to rrf", name, res.Warnings)
			}
		})
	}
}
