package wasm

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// smokeRef is the reference time of the smoke requests.
var smokeRef = time.Date(2024, 5, 15, 10, 0, 0, 0, time.UTC)

// Smoke runs one small valid request of capability c through its host
// adapter, which checks the answer, and summarizes the answer in a line:
// what `mnemo plugins check` prints for each capability a plugin has.
func Smoke(ctx context.Context, p *Plugin, c string) (string, error) {
	ep := core.Episode{
		UUID: "smoke-episode", GroupID: "smoke", Name: "smoke test", Source: core.SourceMessage,
		Content: "Alice: I work at Acme Corp and I live in Paris. Last month I moved to Berlin.", ValidAt: smokeRef,
	}
	switch c {
	case abi.CapExtract:
		x, err := NewExtractor(p)
		if err != nil {
			return "", err
		}
		out, err := x.Extract(ctx, core.ExtractRequest{Episode: ep})
		if err != nil {
			return "", err
		}
		var facts []string
		for _, f := range out.Facts {
			facts = append(facts, fmt.Sprintf("%q", f.Text))
		}
		return fmt.Sprintf("%d entities, %d facts %s", len(out.Entities), len(out.Facts), strings.Join(facts, ", ")), nil
	case abi.CapResolveEntities:
		r, err := NewEntityResolver(p)
		if err != nil {
			return "", err
		}
		out, err := r.ResolveEntities(ctx, core.EntityResolveRequest{Episode: ep, Questions: []core.EntityQuestion{{
			ID: 0, Entity: core.ExtractedEntity{Name: "Acme", Type: "Organization"},
			Candidates: []core.Entity{{UUID: "acme-corp", GroupID: "smoke", Name: "Acme Corp", Labels: []string{"Organization"}}},
		}}})
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%d answers (Acme → %s)", len(out), answerOf(out)), nil
	case abi.CapResolveFacts:
		r, err := NewFactResolver(p)
		if err != nil {
			return "", err
		}
		old := core.Fact{UUID: "paris", GroupID: "smoke", Relation: "LIVES_IN", Text: "Alice lives in Paris", SourceUUID: "alice", TargetUUID: "paris-city", ValidAt: smokeRef.AddDate(-2, 0, 0), CreatedAt: smokeRef.AddDate(-2, 0, 0)}
		nw := core.Fact{UUID: "berlin", GroupID: "smoke", Relation: "LIVES_IN", Text: "Alice moved to Berlin", SourceUUID: "alice", TargetUUID: "berlin-city", ValidAt: smokeRef.AddDate(0, -1, 0)}
		out, err := r.ResolveFacts(ctx, core.FactResolveRequest{
			Episode: ep, Questions: []core.FactQuestion{{ID: 0, Fact: nw, Related: []core.Fact{old}}},
			Names: map[string]string{"alice": "Alice", "paris-city": "Paris", "berlin-city": "Berlin"},
		})
		if err != nil {
			return "", err
		}
		n := 0
		for _, a := range out {
			n += len(a.Contradicts)
		}
		return fmt.Sprintf("%d answers, %d contradictions (Berlin vs Paris)", len(out), n), nil
	case abi.CapRerank:
		r, err := NewReranker(p, "smoke")
		if err != nil {
			return "", err
		}
		out, err := r.Rerank(ctx, core.RerankRequest{Query: "where does Alice live", Scope: core.ScopeFacts, Limit: 2, Now: smokeRef,
			Candidates: []core.RerankCandidate{
				{UUID: "a", Text: "Alice lives in Berlin", Scores: map[string]float64{"cosine": 0.8}, Ranks: map[string]int{"cosine": 1}, Mentions: 2, Distance: -1, ValidAt: smokeRef},
				{UUID: "b", Text: "Alice works at Acme Corp", Scores: map[string]float64{"cosine": 0.4}, Ranks: map[string]int{"cosine": 2}, Mentions: 1, Distance: -1, ValidAt: smokeRef},
			}})
		if err != nil {
			return "", err
		}
		var ids []string
		for _, s := range out {
			ids = append(ids, fmt.Sprintf("%s=%.3g", s.UUID, s.Score))
		}
		return fmt.Sprintf("order %s", strings.Join(ids, ", ")), nil
	case abi.CapSummarize:
		s, err := NewSummarizer(p, "smoke")
		if err != nil {
			return "", err
		}
		out, err := s.Summarize(ctx, core.SummarizeRequest{Kind: "community", MaxChars: 300,
			Texts: []string{"Alice works at Acme Corp", "Alice lives in Berlin", "Bob works at Acme Corp"}})
		if err != nil {
			return "", err
		}
		if out.Summary == "" {
			return "", errors.New("empty summary")
		}
		return fmt.Sprintf("%q: %s", out.Name, clipRunes(out.Summary, 60)), nil
	}
	return "", fmt.Errorf("capability %q is not one mnemo calls (ABI version %d)", c, abi.Version)
}

func answerOf(as []core.EntityAnswer) string {
	for _, a := range as {
		if a.DuplicateOf != "" {
			return "duplicate of " + a.DuplicateOf
		}
	}
	return "new entity"
}

// clipRunes shortens s to n runes on one line, marking a cut with an
// ellipsis.
func clipRunes(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
