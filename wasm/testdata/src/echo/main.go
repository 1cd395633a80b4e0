//go:build wasip1

// Command echo is a well-behaved test plugin with every capability. Each
// answer is computed from its request, so tests check the conversions in
// both directions.
package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

var config string

func init() {
	sdk.Register(sdk.Plugin{
		Name:        "echo",
		Version:     "1.2.3",
		Description: "answers from its requests, for tests",
		Configure: func(c []byte) error {
			if string(c) == "reject" {
				return errors.New("echo rejects this configuration")
			}
			config = string(c)
			return nil
		},
		Extract:         extract,
		ResolveEntities: resolveEntities,
		ResolveFacts:    resolveFacts,
		Rerank:          rerank,
		Summarize:       summarize,
	})
}

func main() {}

// sink keeps churn's allocations from being optimized away.
var sink [][]byte

// churn allocates 2 MiB of short-lived memory, as a handler that parses
// and rebuilds its input does, whatever the size of its request.
func churn() {
	sink = sink[:0]
	for range 64 {
		b := make([]byte, 32<<10)
		b[len(b)-1] = 1
		sink = append(sink, b)
	}
	sink = sink[:0]
}

// extract makes an entity of every capitalized word and a NEXT_TO fact
// between consecutive ones, dated at the episode's reference time.
func extract(req abi.ExtractRequest) (abi.ExtractResponse, error) {
	var typ string
	if req.Ontology != nil && len(req.Ontology.EntityTypes) > 0 {
		typ = req.Ontology.EntityTypes[0].Name
	}
	resp := abi.ExtractResponse{
		Entities: []abi.ExtractedEntity{},
		Facts:    []abi.ExtractedFact{},
		Warnings: []string{fmt.Sprintf("group=%s previous=%d config=%s", req.GroupID, len(req.Previous), config)},
	}
	var names []string
	for _, w := range strings.Fields(req.Episode.Content) {
		w = strings.TrimFunc(w, unicode.IsPunct)
		if w != "" && unicode.IsUpper([]rune(w)[0]) {
			names = append(names, w)
			resp.Entities = append(resp.Entities, abi.ExtractedEntity{Name: w, Type: typ})
		}
	}
	for i := 1; i < len(names); i++ {
		resp.Facts = append(resp.Facts, abi.ExtractedFact{
			Source:   names[i-1],
			Target:   names[i],
			Relation: "NEXT_TO",
			Fact:     names[i-1] + " then " + names[i],
			ValidAt:  req.Episode.ReferenceTime,
		})
	}
	return resp, nil
}

// resolveEntities calls each entity a duplicate of its first candidate and
// upper-cases its name.
func resolveEntities(req abi.ResolveEntitiesRequest) (abi.ResolveEntitiesResponse, error) {
	resp := abi.ResolveEntitiesResponse{Answers: []abi.EntityAnswer{}}
	for _, q := range req.Questions {
		a := abi.EntityAnswer{ID: q.ID, Name: strings.ToUpper(q.Entity.Name)}
		if len(q.Candidates) > 0 {
			a.DuplicateOf = q.Candidates[0].UUID
		}
		resp.Answers = append(resp.Answers, a)
	}
	return resp, nil
}

// resolveFacts calls every existing fact a duplicate and every related fact
// a contradiction.
func resolveFacts(req abi.ResolveFactsRequest) (abi.ResolveFactsResponse, error) {
	resp := abi.ResolveFactsResponse{Answers: []abi.FactAnswer{}}
	for _, q := range req.Questions {
		a := abi.FactAnswer{ID: q.ID}
		for _, f := range q.Existing {
			a.Duplicates = append(a.Duplicates, f.UUID)
		}
		for _, f := range q.Related {
			a.Contradicts = append(a.Contradicts, f.UUID)
		}
		resp.Answers = append(resp.Answers, a)
	}
	return resp, nil
}

// rerank scores each candidate by the sum of its scores plus its mentions,
// keeps the best Limit, and adds a uuid that is no candidate (the host must
// drop it).
func rerank(req abi.RerankRequest) (abi.RerankResponse, error) {
	resp := abi.RerankResponse{Results: []abi.Scored{}}
	for _, c := range req.Candidates {
		s := float64(c.Mentions)
		for _, v := range c.Scores {
			s += v
		}
		resp.Results = append(resp.Results, abi.Scored{UUID: c.UUID, Score: s})
	}
	sort.SliceStable(resp.Results, func(i, j int) bool { return resp.Results[i].Score > resp.Results[j].Score })
	if req.Limit > 0 && len(resp.Results) > req.Limit {
		resp.Results = resp.Results[:req.Limit]
	}
	resp.Results = append(resp.Results, abi.Scored{UUID: "not-a-candidate", Score: 99})
	return resp, nil
}

// summarize names the summary after its kind and group and joins the
// texts.
func summarize(req abi.SummarizeRequest) (abi.SummarizeResponse, error) {
	if req.Kind == "churn" {
		churn()
	}
	s := strings.Join(req.Texts, " | ")
	if req.MaxChars > 0 && len(s) > req.MaxChars {
		s = s[:req.MaxChars]
	}
	return abi.SummarizeResponse{Name: req.Kind + ":" + req.GroupID, Summary: s}, nil
}
