package community

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
)

func TestOfflineSummary(t *testing.T) {
	fact := func(id, src, rel, tgt, text string) core.Fact {
		return core.Fact{UUID: id, SourceUUID: src, Relation: rel, TargetUUID: tgt, Text: text}
	}
	names := map[string]string{"alice": "Alice", "bob": "Bob", "acme": "Acme", "paris": "Paris", "carol": "Carol"}
	in := summaryInput{
		Size: 7,
		Members: []summaryMember{
			{UUID: "alice", Name: "Alice", Summary: "Alice works at Acme. Alice lives in Paris.", Degree: 4},
			{UUID: "acme", Name: "Acme", Summary: "Acme is a rocket maker", Degree: 3},
			{UUID: "bob", Name: "Bob", Degree: 2},
			{UUID: "paris", Name: "Paris", Degree: 1},
			{UUID: "carol", Name: "Carol", Degree: 1},
		},
		Facts: []core.Fact{
			fact("f1", "alice", "WORKS_AT", "acme", "Alice works at Acme"),
			fact("f2", "bob", "WORKS_AT", "acme", "Bob works at Acme"),
			fact("f3", "alice", "KNOWS", "bob", "Alice knows Bob"),
			fact("f4", "alice", "LIVES_IN", "paris", "Alice lives in Paris"),
			fact("f5", "carol", "WORKS_AT", "acme", "Carol works at Acme"),
			fact("f6", "carol", "KNOWS", "alice", "Carol knows Alice"),
		},
		Names: names,
	}
	tests := []struct {
		name     string
		in       summaryInput
		maxChars int
		want     core.Summary
	}{
		{
			name:     "whole",
			in:       in,
			maxChars: 1000,
			want: core.Summary{
				Name: "Alice, Acme, Bob",
				Summary: "7 members, the most connected: Alice (4 facts), Acme (3), Bob (2), Paris (1), Carol (1). " +
					"Frequent relations: works at Acme (3); knows Alice, Bob; lives in Paris. " +
					"Alice works at Acme. Acme is a rocket maker. Bob works at Acme. Alice knows Bob. Alice lives in Paris. Carol works at Acme.",
			},
		},
		{
			name:     "cut on a sentence",
			in:       in,
			maxChars: 170,
			want: core.Summary{
				Name: "Alice, Acme, Bob",
				Summary: "7 members, the most connected: Alice (4 facts), Acme (3), Bob (2), Paris (1), Carol (1). " +
					"Frequent relations: works at Acme (3); knows Alice, Bob; lives in Paris.",
			},
		},
		{
			name:     "one member, no facts",
			in:       summaryInput{Size: 2, Members: []summaryMember{{UUID: "x", Name: "Xavier", Degree: 1}}},
			maxChars: 1000,
			want:     core.Summary{Name: "Xavier", Summary: "2 members, the most connected: Xavier (1 fact)."},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := offlineSummary(tt.in, tt.maxChars)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("offlineSummary(%s) mismatch (-want +got):\n%s", tt.name, diff)
			}
			if len(got.Summary) > tt.maxChars {
				t.Errorf("offlineSummary(%s) is %d bytes, want at most %d", tt.name, len(got.Summary), tt.maxChars)
			}
		})
	}
}

func TestCapName(t *testing.T) {
	long := strings.Repeat("word ", 40)
	tests := []struct{ in, want string }{
		{"  Alice,  Acme\nand Bob. ", "Alice, Acme and Bob"},
		{`"Quoted"`, "Quoted"},
		{long, strings.TrimSpace(strings.Repeat("word ", 24))},
	}
	for _, tt := range tests {
		if got := capName(tt.in); got != tt.want {
			t.Errorf("capName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// fakeLLM answers community prompts with a name and summary naming the
// prompt and counting calls, and records the requests.
type fakeLLM struct {
	mu   sync.Mutex
	reqs []core.CompletionRequest
	fail error
}

func (f *fakeLLM) Complete(_ context.Context, req core.CompletionRequest) (core.Completion, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reqs = append(f.reqs, req)
	if f.fail != nil {
		return core.Completion{}, f.fail
	}
	b, _ := json.Marshal(map[string]string{"name": fmt.Sprintf("%s %d", req.Prompt, len(f.reqs)), "summary": "Summary " + req.Prompt + "."})
	return core.Completion{Content: string(b)}, nil
}

func (f *fakeLLM) count() map[string]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]int{}
	for _, r := range f.reqs {
		out[r.Prompt]++
	}
	return out
}

// fakeSummarizer is a Summarizer plugin that records its requests.
type fakeSummarizer struct {
	reqs []core.SummarizeRequest
}

func (f *fakeSummarizer) Summarize(_ context.Context, req core.SummarizeRequest) (core.Summary, error) {
	f.reqs = append(f.reqs, req)
	return core.Summary{Name: fmt.Sprintf("plugin %d", len(f.reqs)), Summary: fmt.Sprintf("%d texts.", len(req.Texts))}, nil
}

func inputOf(n int) summaryInput {
	in := summaryInput{Size: n, Names: map[string]string{}}
	for i := range n {
		id := fmt.Sprintf("m%03d", i)
		in.Members = append(in.Members, summaryMember{UUID: id, Name: fmt.Sprintf("Member %d", i), Summary: fmt.Sprintf("Member %d is here.", i), Degree: n - i})
		in.Names[id] = fmt.Sprintf("Member %d", i)
		if i > 0 {
			in.Facts = append(in.Facts, core.Fact{UUID: fmt.Sprintf("f%03d", i), SourceUUID: "m000", TargetUUID: id, Relation: "KNOWS", Text: fmt.Sprintf("Member 0 knows Member %d", i)})
		}
	}
	return in
}

func TestSummarizerCalls(t *testing.T) {
	tests := []struct {
		name    string
		members int // members given (at most SummaryMembers in a build)
		want    map[string]int
	}{
		{"one batch", 10, map[string]int{PromptMap: 1}},
		{"exactly one batch", 16, map[string]int{PromptMap: 1}},
		{"three batches", 40, map[string]int{PromptMap: 3, PromptReduce: 1}},
		{"four batches", 64, map[string]int{PromptMap: 4, PromptReduce: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			llm := &fakeLLM{}
			s := &summarizer{llm: llm, maxChars: 1000, batch: 16}
			got, err := s.summarize(context.Background(), inputOf(tt.members))
			if err != nil {
				t.Fatalf("summarize(%d members): %v", tt.members, err)
			}
			if diff := cmp.Diff(tt.want, llm.count()); diff != "" {
				t.Errorf("summarize(%d members) calls mismatch (-want +got):\n%s", tt.members, diff)
			}
			if n := int(s.calls.Load()); n != len(llm.reqs) {
				t.Errorf("summarizer.calls = %d, want %d", n, len(llm.reqs))
			}
			last := llm.reqs[len(llm.reqs)-1]
			if want := fmt.Sprintf("%s %d", last.Prompt, len(llm.reqs)); got.Name != want {
				t.Errorf("summarize(%d members).Name = %q, want %q (the last call's)", tt.members, got.Name, want)
			}
			for _, r := range llm.reqs {
				if !json.Valid(r.Schema) || r.Model != core.ModelSmall || len(r.Messages) != 2 {
					t.Errorf("request %s: schema valid %v, model %q, %d messages; want a valid schema, the small model, 2 messages", r.Prompt, json.Valid(r.Schema), r.Model, len(r.Messages))
				}
			}
			// Every member is in exactly one map prompt.
			for _, m := range inputOf(tt.members).Members {
				n := 0
				for _, r := range llm.reqs {
					if r.Prompt == PromptMap && strings.Contains(r.Messages[1].Content, "Entity: "+m.Name+": ") {
						n++
					}
				}
				if n != 1 {
					t.Errorf("member %q appears in %d map prompts, want 1", m.Name, n)
				}
			}
		})
	}
}

func TestSummarizerPromptText(t *testing.T) {
	llm := &fakeLLM{}
	s := &summarizer{llm: llm, maxChars: 500, batch: 2}
	if _, err := s.summarize(context.Background(), inputOf(3)); err != nil {
		t.Fatalf("summarize: %v", err)
	}
	want := []string{
		"Members and facts:\n- Note: these are 2 of the community's 3 members.\n- Entity: Member 0: Member 0 is here.\n- Entity: Member 1: Member 1 is here.\n- Fact: Member 0 knows Member 1.\n- Fact: Member 0 knows Member 2.",
		"Members and facts:\n- Note: these are 1 of the community's 3 members.\n- Entity: Member 2: Member 2 is here.\n- Fact: Member 0 knows Member 2.",
		"Partial summaries:\n- Summary: community_map 1: Summary community_map.\n- Summary: community_map 2: Summary community_map.",
	}
	var got []string
	for _, r := range llm.reqs {
		got = append(got, r.Messages[1].Content)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("user prompts mismatch (-want +got):\n%s", diff)
	}
	if !strings.Contains(llm.reqs[0].Messages[0].Content, "at most 500 characters") {
		t.Errorf("system prompt = %q, want the summary bound", llm.reqs[0].Messages[0].Content)
	}
}

func TestSummarizerPluginFirst(t *testing.T) {
	llm := &fakeLLM{}
	plugin := &fakeSummarizer{}
	s := &summarizer{plugin: plugin, llm: llm, maxChars: 800, batch: 16}
	got, err := s.summarize(context.Background(), inputOf(20))
	if err != nil {
		t.Fatalf("summarize: %v", err)
	}
	if len(llm.reqs) != 0 || len(plugin.reqs) != 3 {
		t.Fatalf("summarize(20 members) = %d LLM calls, %d plugin calls; want 0, 3", len(llm.reqs), len(plugin.reqs))
	}
	for _, r := range plugin.reqs {
		if r.Kind != SummarizeKind || r.MaxChars != 800 {
			t.Errorf("plugin request kind %q, max %d; want %q, 800", r.Kind, r.MaxChars, SummarizeKind)
		}
	}
	if want := (core.Summary{Name: "plugin 3", Summary: "2 texts."}); got != want {
		t.Errorf("summarize() = %+v, want %+v (the reduce call's)", got, want)
	}
}

func TestSummarizerUpdate(t *testing.T) {
	llm := &fakeLLM{}
	s := &summarizer{llm: llm, maxChars: 1000, batch: 16}
	old := core.Community{Name: "Old name", Summary: "Old summary."}
	in := inputOf(4)
	got, err := s.update(context.Background(), old, in.Members[3:], []string{"Zed"}, in)
	if err != nil {
		t.Fatalf("update: %v", err)
	}
	if diff := cmp.Diff(map[string]int{PromptUpdate: 1}, llm.count()); diff != "" {
		t.Errorf("update() calls mismatch (-want +got):\n%s", diff)
	}
	want := "Current summary and changes:\n- Summary: Old name: Old summary.\n- New member Entity: Member 3: Member 3 is here.\n- New member Fact: Member 0 knows Member 3.\n- Left the community: Zed"
	if got := llm.reqs[0].Messages[1].Content; got != want {
		t.Errorf("update prompt = %q, want %q", got, want)
	}
	if got.Name != "community_update 1" {
		t.Errorf("update().Name = %q, want the model's", got.Name)
	}

	offline := &summarizer{maxChars: 1000, batch: 16}
	got, err = offline.update(context.Background(), old, in.Members[3:], nil, in)
	if err != nil || got != offlineSummary(in, 1000) {
		t.Errorf("offline update() = %+v, %v; want the offline summary of the new members", got, err)
	}
}

func TestSummarizerFailures(t *testing.T) {
	llm := &fakeLLM{fail: fmt.Errorf("endpoint down: %w", core.ErrUnavailable)}
	s := &summarizer{llm: llm, maxChars: 1000, batch: 16}
	if _, err := s.summarize(context.Background(), inputOf(3)); !errors.Is(err, core.ErrUnavailable) {
		t.Errorf("summarize() error = %v, want ErrUnavailable", err)
	}
	bad := &badJSON{}
	s = &summarizer{llm: bad, maxChars: 1000, batch: 16}
	if _, err := s.summarize(context.Background(), inputOf(3)); !errors.Is(err, core.ErrUnavailable) {
		t.Errorf("summarize(bad JSON) error = %v, want ErrUnavailable", err)
	}
	// An empty name from the model falls back to the offline name.
	s = &summarizer{llm: emptyName{}, maxChars: 1000, batch: 16}
	got, err := s.summarize(context.Background(), inputOf(3))
	if err != nil || got.Name != "Member 0, Member 1, Member 2" {
		t.Errorf("summarize(empty name) = %+v, %v; want the offline name", got, err)
	}
}

type badJSON struct{}

func (badJSON) Complete(context.Context, core.CompletionRequest) (core.Completion, error) {
	return core.Completion{Content: "not json"}, nil
}

type emptyName struct{}

func (emptyName) Complete(context.Context, core.CompletionRequest) (core.Completion, error) {
	return core.Completion{Content: `{"name":"  ","summary":"Fine."}`}, nil
}
