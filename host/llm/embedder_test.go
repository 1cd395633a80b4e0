package llm_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

func TestEmbedBatches(t *testing.T) {
	texts := func(n, size int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%0*d", size, i)
		}
		return out
	}
	tests := []struct {
		name      string
		texts     []string
		maxTexts  int
		maxTokens int
		want      []int // texts per request
	}{
		{"one request", texts(5, 8), 0, 0, []int{5}},
		{"split by count", texts(7, 8), 3, 0, []int{3, 3, 1}},
		{"split by tokens", texts(5, 40), 0, 25, []int{2, 2, 1}}, // 10 tokens each
		{"oversized text alone", append(texts(1, 8), strings.Repeat("x", 400), "y"), 0, 25, []int{1, 1, 1}},
		{"both bounds", texts(9, 40), 4, 35, []int{3, 3, 3}},
		{"nothing", nil, 0, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.New(t)
			e := newEmbedder(t, srv, func(o *llm.EmbedderOptions) { o.MaxBatchTexts, o.MaxBatchTokens = tt.maxTexts, tt.maxTokens })
			got, err := e.Embed(context.Background(), tt.texts)
			if err != nil {
				t.Fatalf("Embed: %v", err)
			}
			var sizes []int
			var sent []string
			for _, r := range srv.Requests() {
				sizes = append(sizes, len(r.Input))
				sent = append(sent, r.Input...)
				if r.Prompt != llm.EmbedPrompt || r.Model != "test-embed" || r.Dimensions != 0 {
					t.Errorf("request prompt, model, dimensions = %q, %q, %d; want embed, test-embed, 0", r.Prompt, r.Model, r.Dimensions)
				}
			}
			if diff := cmp.Diff(tt.want, sizes); diff != "" {
				t.Errorf("texts per request differ (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.texts, sent, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("texts sent differ (-want +got):\n%s", diff)
			}
			// The server answers with hashembed vectors: the order must hold.
			h := hashembed.New(e.Dimension())
			if len(got) != len(tt.texts) {
				t.Fatalf("Embed returned %d vectors, want %d", len(got), len(tt.texts))
			}
			for i, text := range tt.texts {
				if diff := cmp.Diff(h.Vector(text), got[i], cmpopts.EquateApprox(0, 1e-6)); diff != "" {
					t.Errorf("vector %d differs from hashembed's (-want +got):\n%s", i, diff)
				}
			}
		})
	}
}

func TestEmbedEmptyText(t *testing.T) {
	srv := llmtest.New(t)
	e := newEmbedder(t, srv, nil)
	got, err := e.Embed(context.Background(), []string{"Alice", "", "Bob"})
	if err != nil {
		t.Fatalf("Embed: %v", err)
	}
	if diff := cmp.Diff([]string{"Alice", " ", "Bob"}, srv.Requests()[0].Input); diff != "" {
		t.Errorf("inputs sent differ (-want +got):\n%s", diff)
	}
	if len(got) != 3 || len(got[1]) != e.Dimension() {
		t.Errorf("Embed returned %d vectors, the empty text's of length %d; want 3 of %d", len(got), len(got[1]), e.Dimension())
	}
}

func TestEmbedNormalizes(t *testing.T) {
	srv := llmtest.New(t)
	srv.SetDimension(4)
	srv.Handle(func(r llmtest.Request) (llmtest.Answer, bool) {
		return llmtest.Answer{Vectors: [][]float32{{3, 0, 4, 0}, {0, 0, 0, 0.5}}}, true
	})
	e := newEmbedder(t, srv, nil)
	got, err := e.Embed(context.Background(), []string{"a", "b"})
	if err != nil {
		t.Fatalf("Embed: %v", err)
	}
	want := [][]float32{{0.6, 0, 0.8, 0}, {0, 0, 0, 1}}
	if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-6)); diff != "" {
		t.Errorf("vectors differ (-want +got):\n%s", diff)
	}
}

func TestEmbedDimension(t *testing.T) {
	tests := []struct {
		name      string
		serverDim int
		dim       int
		send      bool
		wantErr   error
		wantText  string
		wantParam int
	}{
		{"match", 32, 32, false, nil, "", 0},
		{"server longer", 64, 32, false, core.ErrInvalid, "returned 64 dimensions, want 32 (set SendDimensions", 0},
		{"server shorter", 16, 32, false, core.ErrInvalid, "returned 16 dimensions, want 32", 0},
		{"dimensions sent", 64, 32, true, nil, "", 32},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.SetDimension(tt.serverDim)
			e := newEmbedder(t, srv, func(o *llm.EmbedderOptions) { o.Dimension, o.SendDimensions = tt.dim, tt.send })
			got, err := e.Embed(context.Background(), []string{"Alice", "Bob"})
			if !errors.Is(err, tt.wantErr) || (err != nil && !strings.Contains(err.Error(), tt.wantText)) {
				t.Fatalf("Embed error = %v, want %v containing %q", err, tt.wantErr, tt.wantText)
			}
			if err == nil && (len(got) != 2 || len(got[0]) != tt.dim) {
				t.Errorf("Embed returned %d vectors of %d, want 2 of %d", len(got), len(got[0]), tt.dim)
			}
			if r := srv.Requests()[0]; r.Dimensions != tt.wantParam {
				t.Errorf("dimensions sent = %d, want %d", r.Dimensions, tt.wantParam)
			}
			if n := len(srv.Requests()); n != 1 {
				t.Errorf("server got %d requests, want 1 (a wrong dimension is not retried)", n)
			}
		})
	}
}

func TestEmbedBadAnswers(t *testing.T) {
	tests := []struct {
		name    string
		vectors [][]float32
		want    string
	}{
		{"too few vectors", [][]float32{{1, 0}}, "the answer has 1 vectors"},
		{"zero vector", [][]float32{{1, 0}, {0, 0}}, "no direction"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.SetDimension(2)
			srv.Handle(func(llmtest.Request) (llmtest.Answer, bool) { return llmtest.Answer{Vectors: tt.vectors}, true })
			e := newEmbedder(t, srv, nil)
			_, err := e.Embed(context.Background(), []string{"a", "b"})
			if !errors.Is(err, core.ErrUnavailable) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Embed error = %v, want ErrUnavailable containing %q", err, tt.want)
			}
		})
	}
}

func TestEmbedRetries(t *testing.T) {
	clock := newFakeClock()
	srv := llmtest.New(t)
	srv.FailNext(1, http.StatusTooManyRequests, 3e9)
	srv.MalformNext(1)
	e := newEmbedder(t, srv, func(o *llm.EmbedderOptions) { o.Sleep, o.Now = clock.Sleep, clock.Now })
	got, err := e.Embed(context.Background(), []string{"Alice"})
	if err != nil {
		t.Fatalf("Embed: %v", err)
	}
	if len(got) != 1 || math.Abs(float64(got[0][0])-float64(hashembed.New(e.Dimension()).Vector("Alice")[0])) > 1e-6 {
		t.Errorf("Embed after retries returned %v, want Alice's vector", got)
	}
	if n := len(srv.Requests()); n != 3 {
		t.Errorf("server got %d requests, want 3", n)
	}
	if s := clock.Sleeps(); len(s) != 2 || s[0] != 3e9 {
		t.Errorf("waits = %v, want 3s then a backoff", s)
	}
	if u := e.Usage()[llm.EmbedPrompt]; u.Calls != 3 || u.PromptTokens != 2 {
		t.Errorf("Usage()[embed] = %+v, want 3 calls and 2 tokens", u)
	}
}
