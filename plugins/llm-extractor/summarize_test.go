package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/wasm/abi"
)

func TestSummarize(t *testing.T) {
	long := strings.Repeat("Alice lives in Lisbon. ", 10) // 230 bytes
	tests := []struct {
		name   string
		config string
		req    abi.SummarizeRequest
		answer any
		want   abi.SummarizeResponse
		// wantPrompt are in the system or user message.
		wantPrompt []string
	}{
		{
			name:       "a community",
			req:        abi.SummarizeRequest{Kind: "community", Texts: []string{"alice lives in Lisbon", "", "alice works at Acme"}, MaxChars: 300},
			answer:     map[string]any{"name": " Alice, Lisbon and Acme. ", "summary": "Alice lives in Lisbon and works at Acme."},
			want:       abi.SummarizeResponse{Name: "Alice, Lisbon and Acme", Summary: "Alice lives in Lisbon and works at Acme."},
			wantPrompt: []string{"texts about one community", "in at most 300 characters", "- alice lives in Lisbon\n- alice works at Acme\n", "Write in the language of the texts"},
		},
		{
			name:       "a summary over max_chars is cut at a sentence",
			config:     `{"language": "English"}`,
			req:        abi.SummarizeRequest{Texts: []string{"alice lives in Lisbon"}, MaxChars: 100},
			answer:     map[string]any{"name": "Alice", "summary": long},
			want:       abi.SummarizeResponse{Name: "Alice", Summary: strings.TrimSpace(strings.Repeat("Alice lives in Lisbon. ", 4))},
			wantPrompt: []string{"texts about one subject", "in at most 100 characters", "Write in English"},
		},
		{
			name:   "without a sentence end, at a word",
			req:    abi.SummarizeRequest{Texts: []string{"x"}, MaxChars: 20},
			answer: map[string]any{"name": "x", "summary": "one two three four five six seven"},
			want:   abi.SummarizeResponse{Name: "x", Summary: "one two three four…"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, s, _ := newTest(t, tt.config, map[string][]any{promptSummarize: {tt.answer}})
			var out abi.SummarizeResponse
			mustCall(t, x, abi.CapSummarize, tt.req, &out)
			if diff := cmp.Diff(tt.want, out); diff != "" {
				t.Errorf("Summarize() mismatch (-want +got):\n%s", diff)
			}
			max := tt.req.MaxChars
			if n := utf8.RuneCountInString(out.Summary); n > max {
				t.Errorf("Summarize() summary has %d characters, over max_chars %d", n, max)
			}
			if len(s.reqs) != 1 || s.reqs[0].Model != modelSmall || s.reqs[0].Prompt != promptSummarize {
				t.Fatalf("summarize requests = %+v, want one on the small model", s.reqs)
			}
			prompt := s.reqs[0].Messages[0].Content + s.reqs[0].Messages[1].Content
			if w, ok := containsAll(prompt, tt.wantPrompt...); !ok {
				t.Errorf("summarize prompt lacks %q:\n%s", w, prompt)
			}
		})
	}
}

func TestSummarizeNothing(t *testing.T) {
	x, s, _ := newTest(t, "", nil)
	var out abi.SummarizeResponse
	mustCall(t, x, abi.CapSummarize, abi.SummarizeRequest{Kind: "community", Texts: []string{" ", ""}}, &out)
	if out != (abi.SummarizeResponse{}) || len(s.reqs) != 0 {
		t.Errorf("Summarize(no texts) = %+v after %d calls, want empty and no call", out, len(s.reqs))
	}
}

func TestSummarizeBoundsTheTexts(t *testing.T) {
	x, s, l := newTest(t, `{"max_prompt_chars": 4000}`, map[string][]any{promptSummarize: {map[string]any{"name": "n", "summary": "s"}}})
	texts := make([]string, 40)
	for i := range texts {
		texts[i] = strings.Repeat("word ", 40) // 200 bytes
	}
	var out abi.SummarizeResponse
	mustCall(t, x, abi.CapSummarize, abi.SummarizeRequest{Texts: texts}, &out)
	if n := len(s.reqs[0].Messages[1].Content); n > 4100 {
		t.Errorf("summarize sent %d bytes of texts with max_prompt_chars 4000", n)
	}
	if len(*l) != 1 || !strings.Contains((*l)[0], "summarize: 40 texts do not fit in max_prompt_chars; summarized the first 19") {
		t.Errorf("Summarize() logs = %q, want one about the texts left out", *l)
	}
}

func TestSummarizeModelError(t *testing.T) {
	x, s, _ := newTest(t, "", nil)
	s.err = errModel
	var out abi.SummarizeResponse
	err := call(t, x, abi.CapSummarize, abi.SummarizeRequest{Texts: []string{"a"}}, &out)
	if err == nil || !strings.Contains(err.Error(), "complete summarize prompt: llm endpoint unavailable") {
		t.Errorf("Summarize() = %v, want the model's error", err)
	}
}
