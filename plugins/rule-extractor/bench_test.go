package main

import (
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
