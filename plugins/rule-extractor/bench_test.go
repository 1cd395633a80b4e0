package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// benchMessage is a typical chat message of about 100 words.
const benchMessage = "Alice: Hi! Quick update from my side. I just started a new job at Acme Corp in Seattle last week, " +
	"after I quit Globex in March. My sister Carol moved from Boston to Denver two weeks ago and she has a dog named Rex, " +
	"who is adorable. We visited Portland last summer and I loved it, although I don't like the rain. " +
	"My boss, Dr. Lee, graduated from MIT in 2009 and he drives a Tesla Model 3. " +
	"I've been married to Noor for five years and we still live in a small apartment near Lake Union. " +
	"Do you still work at Initech?"

// benchSession is a LongMemEval-style session of about 2 KB.
var benchSession = strings.Join([]string{
	"user: I'm planning a trip and could use some help. I live in Chicago and I work as a nurse at Northwestern Memorial Hospital.",
	"assistant: Of course! Where would you like to go, and when? Tell me about your budget and interests.",
	"user: I was thinking about Japan in October. I visited Tokyo two years ago with my friend Maya and we loved the food. " +
		"This time I'd like to see Kyoto. My husband Daniel prefers quiet places and he hates crowds.",
	"assistant: Kyoto in October is lovely. You could stay near Gion and visit the Fushimi Inari shrine early in the morning to avoid crowds. " +
		"Consider a ryokan for a night or two; many include a traditional dinner.",
	"user: That sounds great. We adopted a cat named Miso last month, so I need someone to look after her. " +
		"My neighbor Priya usually helps, but she moved to Evanston in March.",
	"assistant: A pet sitter service or a boarding facility near Chicago could work. Ask your vet for recommendations.",
	"user: Good idea. By the way, I sold my old car yesterday and I bought a Subaru Outback, so driving to the airport is easy now. " +
		"I also started taking Japanese classes at the community college since January.",
	"assistant: Congratulations on the new car! Learning some Japanese will make the trip even better.",
}, "\n")

// BenchmarkExtract measures extraction of a message and of a session.
// Reproduce with:
//
//	go test -run '^$' -bench Extract -benchmem ./plugins/rule-extractor/
func BenchmarkExtract(b *testing.B) {
	for _, bc := range []struct {
		name, source, content string
	}{
		{"message-100w", "message", benchMessage},
		{"session-2KB", "text", benchSession},
	} {
		b.Run(bc.name, func(b *testing.B) {
			req := abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: bc.source, Content: bc.content, ReferenceTime: refTime}}
			b.SetBytes(int64(len(bc.content)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := extract(req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestBenchInputsExtract(t *testing.T) {
	// The benchmark inputs must exercise the rules, not an empty path.
	for _, tt := range []struct {
		name, source, content string
		minFacts              int
	}{
		{"message", "message", benchMessage, 10},
		{"session", "text", benchSession, 8},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := extract(abi.ExtractRequest{Episode: abi.Episode{Source: tt.source, Content: tt.content, ReferenceTime: refTime}})
			if err != nil {
				t.Fatal(err)
			}
			if len(resp.Facts) < tt.minFacts {
				t.Errorf("extract(%s) = %d facts, want at least %d: %+v", tt.name, len(resp.Facts), tt.minFacts, resp.Facts)
			}
		})
	}
}

// largeJSON is a directory of people like cmd/mnemo's
// TestIngestLargeJSONEpisode: about 242 KB of records.
func largeJSON(tb testing.TB) string {
	tb.Helper()
	type person struct {
		Name     string            `json:"name"`
		City     string            `json:"city"`
		Employer map[string]string `json:"employer"`
		JoinedAt string            `json:"joined_at"`
	}
	doc := struct {
		Name   string   `json:"name"`
		People []person `json:"people"`
	}{Name: "Acme directory"}
	var content []byte
	for i := 0; len(content) < 242<<10; i++ {
		doc.People = append(doc.People, person{
			Name: fmt.Sprintf("Person %d", i), City: fmt.Sprintf("City %d", i%50),
			Employer: map[string]string{"name": fmt.Sprintf("Company %d", i%30)}, JoinedAt: fmt.Sprintf("2024-01-%02d", i%28+1),
		})
		if i%100 == 0 {
			content, _ = json.Marshal(doc)
		}
	}
	content, _ = json.Marshal(doc)
	return string(content)
}

// BenchmarkExtractLargeJSON measures a 242 KB JSON episode, which must
// stay well inside the plugin's call limit. Reproduce with:
//
//	go test -run '^$' -bench ExtractLargeJSON -benchtime 1x -cpuprofile cpu.out ./plugins/rule-extractor/
func BenchmarkExtractLargeJSON(b *testing.B) {
	content := largeJSON(b)
	req := abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "json", Content: content, ReferenceTime: refTime}}
	b.SetBytes(int64(len(content)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := extract(req); err != nil {
			b.Fatal(err)
		}
	}
}
