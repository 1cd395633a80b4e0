package retrieval

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
)

func TestEstimateTokens(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"", 0},
		{"hello", 2},                    // 5 bytes: 2 by length, 1 piece
		{"hello world", 3},              // 11 bytes: 3 by length, 2 pieces
		{"a, b, c, d, e, f", 11},        // 6 words and 5 commas
		{"supercalifragilistic", 5},     // 20 letters: 4 pieces, 5 by length
		{"2024-03-01", 6},               // digits 2+1+1 pieces, 2 dashes
		{"Zoë lives in Zürich", 6},      // 21 bytes: 6 by length, 4 pieces
		{"<FACTS>\n</FACTS>\n", 7},      // 5 symbols, 2 words
		{strings.Repeat("x", 400), 100}, // 400 bytes
	}
	for _, tt := range tests {
		t.Run(tt.s, func(t *testing.T) {
			if got := EstimateTokens(tt.s); got != tt.want {
				t.Errorf("EstimateTokens(%q) = %d, want %d", tt.s, got, tt.want)
			}
		})
	}
}

// TestEstimateTokensSubadditive checks the property the context budget
// relies on: a concatenation is never estimated above its parts.
func TestEstimateTokensSubadditive(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("ab9 ,.\n-éß")
	gen := func() string {
		n := r.IntN(30)
		var b strings.Builder
		for range n {
			b.WriteRune(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	for range 5000 {
		a, b := gen(), gen()
		if EstimateTokens(a+b) > EstimateTokens(a)+EstimateTokens(b) {
			t.Fatalf("EstimateTokens(%q) = %d > %d + %d", a+b, EstimateTokens(a+b), EstimateTokens(a), EstimateTokens(b))
		}
	}
}

var march = func(d int) time.Time { return time.Date(2024, 3, d, 0, 0, 0, 0, time.UTC) }

func sampleResults() Results {
	var res Results
	for i := range 12 {
		f := FactResult{Fact: core.Fact{UUID: fmt.Sprintf("f%d", i), Text: fmt.Sprintf("Fact number %d says something rather long about Alice and her %d cats", i, i), ValidAt: march(1 + i)}}
		if i == 1 {
			f.InvalidAt, f.ExpiredAt = march(20), march(21)
		}
		res.Facts = append(res.Facts, f)
	}
	for i := range 6 {
		res.Entities = append(res.Entities, EntityResult{Entity: core.Entity{UUID: fmt.Sprintf("n%d", i), Name: fmt.Sprintf("Entity %d", i), Summary: "A summary of the entity, in one sentence."}})
	}
	for i := range 4 {
		res.Episodes = append(res.Episodes, EpisodeResult{Episode: core.Episode{UUID: fmt.Sprintf("e%d", i), SourceDescription: "chat", Content: fmt.Sprintf("user: message %d\nassistant: answer %d", i, i), ValidAt: march(2).Add(time.Duration(i) * time.Hour)}})
	}
	res.Episodes = append(res.Episodes, EpisodeResult{Episode: core.Episode{UUID: "huge", Content: strings.Repeat("word ", 3000), ValidAt: march(3)}})
	res.Communities = append(res.Communities, CommunityResult{Community: core.Community{UUID: "c0", Name: "Cats", Summary: "Alice and her cats."}})
	return res
}

// TestContextBudget renders the same results under many budgets and checks
// that each context fits, that every item is whole or absent, and that
// the best items are kept first.
func TestContextBudget(t *testing.T) {
	res := sampleResults()
	f := core.Filter{Now: march(25)}
	for _, format := range []string{FormatText, FormatJSON} {
		for budget := 1; budget <= 1500; budget += 7 {
			t.Run(fmt.Sprintf("%s/%d", format, budget), func(t *testing.T) {
				out := renderContext(res, f, budget, format)
				if got := EstimateTokens(out); got > budget {
					t.Fatalf("renderContext(budget %d) is %d tokens", budget, got)
				}
				if strings.Contains(out, "word word") {
					t.Fatalf("renderContext(budget %d) holds the episode larger than the budget", budget)
				}
				if format == FormatJSON {
					checkJSONContext(t, out, budget)
					return
				}
				checkTextContext(t, res, out, budget)
			})
		}
	}
}

// checkTextContext checks that the text context holds a prefix of each
// scope's items (an item that does not fit may be skipped only if a later
// one is shorter), each line whole.
func checkTextContext(t *testing.T, res Results, out string, budget int) {
	t.Helper()
	if out == "" {
		return
	}
	for i, f := range res.Facts {
		line := "- " + f.Text + " ("
		if !strings.Contains(out, line) {
			for _, later := range res.Facts[i+1:] {
				if strings.Contains(out, "- "+later.Text+" (") && len(later.Text) >= len(f.Text) {
					t.Errorf("budget %d: fact %q left out before the no shorter %q", budget, f.Text, later.Text)
				}
			}
		}
	}
	for _, tag := range []string{"FACTS", "ENTITIES", "EPISODES", "COMMUNITIES"} {
		if strings.Count(out, "<"+tag+">") != strings.Count(out, "</"+tag+">") {
			t.Errorf("budget %d: %s section not closed:\n%s", budget, tag, out)
		}
	}
}

func checkJSONContext(t *testing.T, out string, budget int) {
	t.Helper()
	if out == "" {
		return
	}
	var v map[string][]map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("budget %d: context is not JSON: %v\n%s", budget, err, out)
	}
	for i, f := range v["facts"] {
		if want := fmt.Sprintf("Fact number %d says", i); !strings.HasPrefix(f["fact"].(string), want) {
			t.Errorf("budget %d: fact %d = %v, want the %d-th best", budget, i, f["fact"], i)
		}
	}
}

func TestContextLayout(t *testing.T) {
	res := Results{
		Facts: []FactResult{
			{Fact: core.Fact{Text: "Alice lives in Berlin", ValidAt: march(1)}},
			{Fact: core.Fact{Text: "Alice lived in Paris", ValidAt: time.Date(2022, 5, 1, 14, 30, 0, 0, time.UTC), InvalidAt: march(1), ExpiredAt: march(2)}},
			{Fact: core.Fact{Text: "Alice studied in Lyon", InvalidAt: march(1)}},
		},
		Entities: []EntityResult{{Entity: core.Entity{Name: "Alice", Summary: "A software engineer.\nLikes cats."}}},
		Episodes: []EpisodeResult{{Episode: core.Episode{SourceDescription: "chat", Content: "user: hi\nassistant: hello", ValidAt: time.Date(2024, 3, 1, 9, 5, 0, 0, time.UTC)}}},
	}
	tests := []struct {
		name   string
		f      core.Filter
		format string
		want   string
	}{
		{
			name: "text, no history",
			f:    core.Filter{Now: march(10)},
			want: `The memory holds these facts, entities and records relevant to the conversation.

FACTS: statements and the period each held, as (from – to); "present" means it still holds, and an event happened within its period.
<FACTS>
- Alice lives in Berlin (2024-03-01 – present)
- Alice lived in Paris (2022-05-01 14:30 – 2024-03-01)
- Alice studied in Lyon (unknown – 2024-03-01)
</FACTS>

ENTITIES: the people, places and things involved, as NAME: summary.
<ENTITIES>
- Alice: A software engineer. Likes cats.
</ENTITIES>

EPISODES: messages and documents as received, with the time each happened.
<EPISODES>
- [2024-03-01 09:05] (chat) user: hi
  assistant: hello
</EPISODES>
`,
		},
		{
			name:   "json with history",
			f:      core.Filter{Now: march(10), IncludeInvalid: true},
			format: FormatJSON,
			want: `{"facts":[{"fact":"Alice lives in Berlin","valid_at":"2024-03-01T00:00:00Z","invalid_at":null,"superseded":false,"ended":false},` +
				`{"fact":"Alice lived in Paris","valid_at":"2022-05-01T14:30:00Z","invalid_at":"2024-03-01T00:00:00Z","superseded":true,"ended":false},` +
				`{"fact":"Alice studied in Lyon","valid_at":null,"invalid_at":"2024-03-01T00:00:00Z","superseded":false,"ended":true}],` +
				`"entities":[{"name":"Alice","summary":"A software engineer.\nLikes cats."}],` +
				`"episodes":[{"time":"2024-03-01T09:05:00Z","source":"chat","content":"user: hi\nassistant: hello"}]}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := renderContext(res, tt.f, 0, tt.format)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("renderContext (-want +got):\n%s", diff)
			}
		})
	}
	hist := renderContext(res, core.Filter{Now: march(10), KnownAt: march(5)}, 0, FormatText)
	for _, want := range []string{"- Alice lived in Paris (2022-05-01 14:30 – 2024-03-01) [superseded]\n", "- Alice studied in Lyon (unknown – 2024-03-01) [ended]\n", "- Alice lives in Berlin (2024-03-01 – present)\n"} {
		if !strings.Contains(hist, want) {
			t.Errorf("renderContext with history lacks %q:\n%s", want, hist)
		}
	}
	if got := renderContext(Results{}, core.Filter{}, 0, FormatText); got != "" {
		t.Errorf("renderContext(no results) = %q, want empty", got)
	}
}
