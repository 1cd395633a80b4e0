package wasm_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// The echo fixture computes each answer from its request (see
// testdata/src/echo), so these tests check that every capability crosses
// the boundary and back with nothing lost or invented.

var refTime = time.Date(2025, 3, 14, 9, 26, 53, 500, time.FixedZone("CET", 3600))

func TestExtractorRoundTrip(t *testing.T) {
	p := load(t, shared(t), "echo", wasm.Manifest{Config: []byte(`{"k":1}`)})
	x, err := wasm.NewExtractor(p)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		req  core.ExtractRequest
		want core.Extraction
	}{
		{
			name: "entities, facts and dates",
			req: core.ExtractRequest{
				Episode:  core.Episode{GroupID: "g1", Source: core.SourceMessage, Content: "alice: Alice met Bob in Paris.", ValidAt: refTime},
				Previous: []core.Episode{{Content: "earlier", ValidAt: refTime.Add(-time.Hour)}},
				Ontology: &core.Ontology{EntityTypes: []core.EntityType{{Name: "Person", Attributes: []core.AttributeField{{Name: "age"}}}}},
			},
			want: core.Extraction{
				Entities: []core.ExtractedEntity{{Name: "Alice", Type: "Person"}, {Name: "Bob", Type: "Person"}, {Name: "Paris", Type: "Person"}},
				Facts: []core.ExtractedFact{
					{Source: "Alice", Target: "Bob", Relation: "NEXT_TO", Text: "Alice then Bob", ValidAt: refTime},
					{Source: "Bob", Target: "Paris", Relation: "NEXT_TO", Text: "Bob then Paris", ValidAt: refTime},
				},
				Warnings: []string{`group=g1 previous=1 config={"k":1}`},
			},
		},
		{
			name: "nothing found, no ontology",
			req:  core.ExtractRequest{Episode: core.Episode{GroupID: "g2", Content: "nothing here", ValidAt: refTime}},
			want: core.Extraction{Warnings: []string{`group=g2 previous=0 config={"k":1}`}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := x.Extract(context.Background(), tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, cmp.Comparer(time.Time.Equal)); diff != "" {
				t.Errorf("Extract() mismatch (-want +got):\n%s", diff)
			}
			for _, f := range got.Facts {
				if _, off := f.ValidAt.Zone(); off != 3600 {
					t.Errorf("fact ValidAt zone offset = %d, want 3600 (the reference time's)", off)
				}
			}
		})
	}
}

func TestEntityResolverRoundTrip(t *testing.T) {
	p := load(t, shared(t), "echo", wasm.Manifest{})
	r, err := wasm.NewEntityResolver(p)
	if err != nil {
		t.Fatal(err)
	}
	req := core.EntityResolveRequest{
		Episode: core.Episode{GroupID: "g", Content: "x", ValidAt: refTime},
		Questions: []core.EntityQuestion{
			{ID: 1, Entity: core.ExtractedEntity{Name: "alice", Type: "Person"}, Candidates: []core.Entity{
				{UUID: "e-1", Name: "Alice", Labels: []string{"Person"}, Summary: "s", Attributes: map[string]any{"age": 30.0}},
				{UUID: "e-2", Name: "Alicia"},
			}},
			{ID: 2, Entity: core.ExtractedEntity{Name: "bob"}},
		},
	}
	got, err := r.ResolveEntities(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	want := []core.EntityAnswer{{ID: 1, DuplicateOf: "e-1", Name: "ALICE"}, {ID: 2, Name: "BOB"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ResolveEntities() mismatch (-want +got):\n%s", diff)
	}
}

func TestFactResolverRoundTrip(t *testing.T) {
	p := load(t, shared(t), "echo", wasm.Manifest{})
	r, err := wasm.NewFactResolver(p)
	if err != nil {
		t.Fatal(err)
	}
	fact := func(uuid string) core.Fact {
		return core.Fact{UUID: uuid, Relation: "WORKS_AT", Text: "Alice works at " + uuid, SourceUUID: "a", TargetUUID: "b", ValidAt: refTime, CreatedAt: refTime}
	}
	req := core.FactResolveRequest{
		Episode: core.Episode{GroupID: "g", Content: "x", ValidAt: refTime},
		Questions: []core.FactQuestion{
			{ID: 7, Fact: fact(""), Existing: []core.Fact{fact("f-1"), fact("f-2")}, Related: []core.Fact{fact("f-3")}},
			{ID: 8, Fact: fact("")},
		},
		Names: map[string]string{"a": "Alice", "b": "Acme"},
	}
	got, err := r.ResolveFacts(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	want := []core.FactAnswer{{ID: 7, Duplicates: []string{"f-1", "f-2"}, Contradicts: []string{"f-3"}}, {ID: 8}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ResolveFacts() mismatch (-want +got):\n%s", diff)
	}
}

func TestRerankerRoundTrip(t *testing.T) {
	p := load(t, shared(t), "echo", wasm.Manifest{})
	r, err := wasm.NewReranker(p, "g")
	if err != nil {
		t.Fatal(err)
	}
	req := core.RerankRequest{
		Query: "q",
		Scope: core.ScopeFacts,
		Limit: 2,
		Now:   refTime,
		Candidates: []core.RerankCandidate{
			{UUID: "a", Scores: map[string]float64{"cosine": 0.5}, Ranks: map[string]int{"cosine": 2}, Mentions: 1, Distance: -1},
			{UUID: "b", Scores: map[string]float64{"cosine": 0.9, "bm25": 1.5}, Mentions: 0, Distance: 1, ValidAt: refTime},
			{UUID: "c", Mentions: 0, Distance: 2},
		},
	}
	got, err := r.Rerank(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	// echo adds "not-a-candidate", which the adapter must drop.
	want := []core.Scored{{UUID: "b", Score: 2.4}, {UUID: "a", Score: 1.5}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Rerank() mismatch (-want +got):\n%s", diff)
	}
}

func TestSummarizerRoundTrip(t *testing.T) {
	p := load(t, shared(t), "echo", wasm.Manifest{})
	s, err := wasm.NewSummarizer(p, "tenant-1")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		req  core.SummarizeRequest
		want core.Summary
	}{
		{"texts", core.SummarizeRequest{Kind: "community", Texts: []string{"Alice", "Bob"}}, core.Summary{Name: "community:tenant-1", Summary: "Alice | Bob"}},
		{"cut at max chars", core.SummarizeRequest{Kind: "k", Texts: []string{"abcdefgh"}, MaxChars: 3}, core.Summary{Name: "k:tenant-1", Summary: "abc"}},
		{"no texts", core.SummarizeRequest{Kind: "k"}, core.Summary{Name: "k:tenant-1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := s.Summarize(context.Background(), tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("Summarize() = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestAdapterNeedsCapability(t *testing.T) {
	p := load(t, shared(t), "loop", wasm.Manifest{}) // rerank only
	if _, err := wasm.NewReranker(p, "g"); err != nil {
		t.Errorf("NewReranker(loop) = %v, want nil", err)
	}
	tests := []struct {
		name string
		make func() error
	}{
		{"extractor", func() error { _, err := wasm.NewExtractor(p); return err }},
		{"entity resolver", func() error { _, err := wasm.NewEntityResolver(p); return err }},
		{"fact resolver", func() error { _, err := wasm.NewFactResolver(p); return err }},
		{"summarizer", func() error { _, err := wasm.NewSummarizer(p, "g"); return err }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.make()
			if !errors.Is(err, core.ErrInvalid) {
				t.Errorf("constructor error = %v, want core.ErrInvalid", err)
			}
		})
	}
	if _, err := p.Call(context.Background(), abi.CapSummarize, []byte(`{}`)); !errors.Is(err, core.ErrInvalid) {
		t.Errorf("Call(summarize) on a rerank-only plugin = %v, want core.ErrInvalid", err)
	}
}

// TestAdapterRejectsWrongShape: valid JSON of the wrong shape is a typed
// error naming the plugin and export, and counts as a failure.
func TestAdapterRejectsWrongShape(t *testing.T) {
	p := load(t, shared(t), "malformed", wasm.Manifest{})
	r, err := wasm.NewFactResolver(p)
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.ResolveFacts(context.Background(), core.FactResolveRequest{})
	var pe *wasm.PluginError
	if !errors.As(err, &pe) || !errors.Is(err, wasm.ErrMalformed) {
		t.Fatalf("ResolveFacts() = %v, want a *PluginError matching ErrMalformed", err)
	}
	if pe.Plugin != "malformed" || pe.Func != "mnemo_resolve_facts" {
		t.Errorf("PluginError names %s/%s, want malformed/mnemo_resolve_facts", pe.Plugin, pe.Func)
	}
	if s := p.Stats(); s.Calls != 1 || s.Failures != 1 {
		t.Errorf("Stats() = %+v, want 1 call and 1 failure", s)
	}
}
