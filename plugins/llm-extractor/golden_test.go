package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestPromptsGolden renders every prompt for a fixed request and compares
// it with testdata/<name>.golden, so that a change to a prompt shows in
// review as a change to these files. go test -run Golden -update rewrites
// them.
func TestPromptsGolden(t *testing.T) {
	previous := []abi.Episode{{Source: "message", Content: "bob: where do you live now, Alice?", ReferenceTime: "2025-03-14T09:25:00+01:00"}}
	noFacts := map[string]any{"entities": []any{}, "facts": []any{}}
	tests := []struct {
		name string
		fn   string
		req  any
	}{
		{"extract_message", abi.CapExtract, abi.ExtractRequest{Episode: messageEpisode("alice: I moved to Lisbon last month, and my brother still lives in Porto."), Previous: previous, Ontology: testOntology}},
		{"extract_text", abi.CapExtract, abi.ExtractRequest{Episode: abi.Episode{Source: "text", SourceDescription: "company news", Content: "Acme Corp opened an office in Lisbon in June 2024; Maria Costa leads it.", ReferenceTime: "2025-03-14T09:26:53Z"}}},
		{"extract_json", abi.CapExtract, abi.ExtractRequest{Episode: abi.Episode{Source: "json", Content: `{"name": "Ann Lee", "employer": "Acme", "city": "Berlin", "since": "2023-04"}`, ReferenceTime: "2025-03-14T09:26:53Z"}}},
		{"resolve_entities", abi.CapResolveEntities, entityRequest()},
		{"resolve_facts", abi.CapResolveFacts, factRequest()},
		{"summarize", abi.CapSummarize, abi.SummarizeRequest{Kind: "community", Texts: []string{"Alice lives in Lisbon.", "Alice works at Acme.", "Acme has an office in Lisbon."}, MaxChars: 400}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, s, _ := newTest(t, "", map[string][]any{
				promptExtract:         {noFacts},
				promptResolveEntities: {map[string]any{"answers": []any{}}},
				promptResolveFacts:    {map[string]any{"answers": []any{}}},
				promptSummarize:       {map[string]any{"name": "", "summary": ""}},
			})
			var out map[string]any
			mustCall(t, x, tt.fn, tt.req, &out)
			var got bytes.Buffer
			for _, r := range s.reqs {
				writeRequest(&got, r)
			}
			path := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("read golden file (go test -run Golden -update writes it): %v", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("prompt %s differs from %s; if the change is intended, run go test -run Golden -update\ngot:\n%s", tt.name, path, got.Bytes())
			}
		})
	}
}
