package main

import (
	"slices"
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestExtractWorkAsTitle holds the title a job at an organisation is
// held as in the text of the fact of work, so that the fact says what
// the person does there.
func TestExtractWorkAsTitle(t *testing.T) {
	tests := []struct {
		name, content string
		previous      []string
		want, absent  []string
	}{
		{name: "a title at an organisation", content: "Vesna: I'm a junior planner at Brackley Freight.",
			want: []string{"Vesna works at Brackley Freight as a junior planner"}},
		{name: "a title held in the past", content: "Vesna: I was a junior planner at Brackley Freight.",
			want: []string{"Vesna worked at Brackley Freight as a junior planner"}},
		{name: "a title taken where an earlier episode said one works",
			previous: []string{"Vesna: I'm a junior planner at Brackley Freight."},
			content:  "Vesna: I got promoted to route manager on Monday!",
			want:     []string{"Vesna became a route manager", "Vesna works at Brackley Freight as a route manager"}},
		{name: "a title taken with no employer told before", content: "Vesna: I got promoted to route manager on Monday!",
			want: []string{"Vesna became a route manager"}, absent: []string{"Vesna works at Brackley Freight as a route manager"}},
		{name: "a title taken where a job ended before",
			previous: []string{"Vesna: I was a junior planner at Brackley Freight until March."},
			content:  "Vesna: I got promoted to route manager on Monday!",
			absent:   []string{"Vesna works at Brackley Freight as a route manager"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "message", Content: tt.content, ReferenceTime: refTime}}
			for _, p := range tt.previous {
				req.Previous = append(req.Previous, abi.Episode{Source: "message", Content: p, ReferenceTime: "2024-02-01T09:00:00Z"})
			}
			texts := extractTexts(t, req)
			for _, w := range tt.want {
				if !slices.Contains(texts, w) {
					t.Errorf("extract(%q): no fact %q in %q", tt.content, w, texts)
				}
			}
			for _, a := range tt.absent {
				if slices.Contains(texts, a) {
					t.Errorf("extract(%q): fact %q, want none", tt.content, a)
				}
			}
		})
	}
}

// TestExtractPromotedAtEarlierEmployer holds the dates of the fact of
// work a promotion adds: from the day of the promotion.
func TestExtractPromotedAtEarlierEmployer(t *testing.T) {
	runConstructions(t, []construction{
		{name: "promoted on a weekday", source: "message",
			previous: []string{"Vesna: I'm a junior planner at Brackley Freight."},
			content:  "Vesna: I got promoted to route manager on Monday!",
			want:     []wf{{"WORKS_AT", "Vesna", "Brackley Freight", "2024-05-13", ""}}},
	})
}

// TestResolveWorkAsAnotherTitle holds that work at one place held as a
// new title ends the work held there as the old one, and that a title
// said again, or work said without one, duplicates it.
func TestResolveWorkAsAnotherTitle(t *testing.T) {
	old := fct("e1", "WORKS_AT", "Vesna", "Brackley Freight", "Vesna works at Brackley Freight as a junior planner", "2024-02-01", "")
	tests := []struct {
		name string
		fact abi.Fact
		want abi.FactAnswer
	}{
		{"a later title ends the earlier",
			fct("", "WORKS_AT", "Vesna", "Brackley Freight", "Vesna works at Brackley Freight as a route manager", "2024-05-13", ""),
			abi.FactAnswer{Contradicts: []string{"e1"}}},
		{"an earlier title told later ends nothing",
			fct("", "WORKS_AT", "Vesna", "Brackley Freight", "Vesna works at Brackley Freight as a route manager", "2023-05-13", ""),
			abi.FactAnswer{}},
		{"the same title told again",
			fct("", "WORKS_AT", "Vesna", "Brackley Freight", "Vesna worked at Brackley Freight as a junior planner", "2024-05-13", ""),
			abi.FactAnswer{Duplicates: []string{"e1"}}},
		{"work told without a title",
			fct("", "WORKS_AT", "Vesna", "Brackley Freight", "Vesna works at Brackley Freight", "2024-05-13", ""),
			abi.FactAnswer{Duplicates: []string{"e1"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := abi.ResolveFactsRequest{GroupID: "g", Questions: []abi.FactQuestion{{ID: 1, Fact: tt.fact, Existing: []abi.Fact{old}}}}
			var resp abi.ResolveFactsResponse
			roundTrip(t, abi.CapResolveFacts, req, &resp)
			tt.want.ID = 1
			if len(resp.Answers) != 1 || !slices.Equal(resp.Answers[0].Duplicates, tt.want.Duplicates) || !slices.Equal(resp.Answers[0].Contradicts, tt.want.Contradicts) {
				t.Errorf("resolve %q against %q = %+v, want %+v", tt.fact.Fact, old.Fact, resp.Answers, tt.want)
			}
		})
	}
}

// TestExtractNoTitle holds nouns of a person that name no job, however
// they are said: a relative's word, a word of address or endearment;
// jobs stay.
func TestExtractNoTitle(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a baby then", source: "message", content: "Oddny: Sigvald was a baby then.",
			absent: []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "a buddy of mine", source: "message", content: "Oddny: Sigvald is a buddy of mine.",
			absent: []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "a daddy now", source: "message", content: "Oddny: Sigvald is a daddy now.",
			absent: []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "a nanny is a job", source: "message", content: "Oddny: Sigvald is a nanny.",
			want: []wf{{"HAS_JOB_TITLE", "Sigvald", "nanny", "ref", ""}}},
	})
}

// TestExtractSuchAPraise holds the words of praise said with "such a".
func TestExtractSuchAPraise(t *testing.T) {
	req := abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "message", ReferenceTime: refTime,
		Content: "Oddny: Hi.\nSigvald: You're such a sweetie."}}
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, req, &resp)
	for _, f := range resp.Facts {
		if f.Relation == "LIKES" && f.Fact != "Sigvald calls Oddny a sweetie" {
			t.Errorf("praise %q, want %q", f.Fact, "Sigvald calls Oddny a sweetie")
		}
	}
	if len(resp.Facts) == 0 {
		t.Errorf("no fact of praise")
	}
}

// extractTexts returns the texts of the facts extract gives for req.
func extractTexts(t *testing.T, req abi.ExtractRequest) []string {
	t.Helper()
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, req, &resp)
	texts := make([]string, 0, len(resp.Facts))
	for _, f := range resp.Facts {
		texts = append(texts, f.Fact)
	}
	return texts
}
