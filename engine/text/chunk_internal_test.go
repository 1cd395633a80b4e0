package text

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/core"
)

func TestSplitContent(t *testing.T) {
	long := "Alice: " + strings.Repeat("I work at Acme. ", 50) + "\n\n" + strings.Repeat("I live in Paris. ", 50)
	tests := []struct {
		name         string
		ep           core.Episode
		max, chunks  int
		wantPieces   int
		wantDropped  bool
		wantPrefixed bool
	}{
		{"short", core.Episode{Source: core.SourceText, Content: "hello"}, 100, 4, 1, false, false},
		{"message keeps its speaker", core.Episode{Source: core.SourceMessage, Content: long}, 400, 16, 5, false, true},
		{"cap drops the tail", core.Episode{Source: core.SourceText, Content: long}, 400, 2, 2, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Split(tt.ep, tt.max, tt.chunks)
			pieces, dropped := got.Kept, got.DroppedBytes
			if len(pieces) != tt.wantPieces || (dropped > 0) != tt.wantDropped {
				t.Fatalf("Split = %d pieces, %d dropped; want %d, dropped %v", len(pieces), dropped, tt.wantPieces, tt.wantDropped)
			}
			if tt.wantDropped != (got.Total > len(pieces)) {
				t.Errorf("Split total = %d for %d kept pieces, dropped %v", got.Total, len(pieces), tt.wantDropped)
			}
			total := dropped
			for i, p := range pieces {
				if len(p) > tt.max {
					t.Errorf("piece %d is %d bytes, over %d", i, len(p), tt.max)
				}
				if tt.wantPrefixed && !strings.HasPrefix(p, "Alice: ") {
					t.Errorf("piece %d lost the speaker: %.30q", i, p)
				}
				total += len(strings.TrimPrefix(p, "Alice: "))
			}
			if !tt.wantPrefixed && total < len(tt.ep.Content)-got.Total*8 { // whitespace at each cut is trimmed
				t.Errorf("pieces and dropped bytes cover %d of %d bytes", total, len(tt.ep.Content))
			}
		})
	}
}

// TestSplitJSON checks that a JSON document is cut into JSON documents
// that together hold all of it (issue 16: a 242 KB JSON episode was cut
// mid-document and failed with "unexpected EOF").
func TestSplitJSON(t *testing.T) {
	var people []string
	for i := range 2000 {
		people = append(people, fmt.Sprintf(`{"name": "Person %d", "city": "City %d", "employer": {"name": "Company %d"}, "notes": "Works on project %d."}`, i, i%50, i%30, i))
	}
	list := "[" + strings.Join(people, ", ") + "]"
	tests := []struct {
		name string
		doc  string
		max  int
		// want are strings each piece, or some piece, must contain.
		everyPiece []string
		somePiece  []string
	}{
		{"small document is one piece", `{"name": "Acme", "city": "Paris"}`, 100, []string{`"name": "Acme"`}, nil},
		{"array of objects", list, 12 << 10, nil, []string{`"Person 0"`, `"Person 1999"`}},
		{"object keeps its name in every piece", `{"name": "Acme directory", "founded": 1990, "people": ` + list + `}`, 12 << 10,
			[]string{`"name":"Acme directory"`, `"founded":1990`}, []string{`"Person 0"`, `"Person 1999"`}},
		{"long string is cut as text", `{"name": "Acme", "description": "` + strings.Repeat("Acme makes anvils. ", 2000) + `"}`, 4 << 10,
			[]string{`"name":"Acme"`}, []string{"Acme makes anvils."}},
		{"not JSON goes whole", `{"name": "Acme", ` + strings.Repeat("x", 500), 100, []string{"xxx"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pieces := splitJSON(tt.doc, tt.max)
			valid := json.Valid([]byte(tt.doc))
			all := strings.Join(pieces, "\n")
			for i, p := range pieces {
				if valid && !json.Valid([]byte(p)) {
					t.Fatalf("piece %d of %d is not JSON: %.80q", i, len(pieces), p)
				}
				if valid && len(p) > tt.max {
					t.Errorf("piece %d is %d bytes, over %d", i, len(p), tt.max)
				}
				for _, w := range tt.everyPiece {
					if !strings.Contains(p, w) {
						t.Errorf("piece %d lacks %s: %.80q", i, w, p)
					}
				}
			}
			for _, w := range tt.somePiece {
				if !strings.Contains(all, w) {
					t.Errorf("no piece holds %s", w)
				}
			}
			if valid && len(tt.doc) > tt.max && len(pieces) < 2 {
				t.Errorf("splitJSON(%d bytes, %d) = 1 piece", len(tt.doc), tt.max)
			}
		})
	}
}

// TestSplitTranscriptKeepsSpeaker checks that a transcript cut inside a
// turn gives the next piece the turn's speaker, that a piece starting a
// turn gets none added, and that a text with one "Name:" line is no
// transcript.
func TestSplitTranscriptKeepsSpeaker(t *testing.T) {
	long := strings.Repeat("I can suggest a few more dishes for the dinner party. ", 40)
	transcript := "user: What should I cook for eight people?\nassistant: " + long + "\nuser: Thanks, I will try the risotto.\n"
	pieces := Split(core.Episode{Source: core.SourceText, Content: transcript}, 1024, 10).Kept
	if len(pieces) < 3 {
		t.Fatalf("transcript of %d bytes cut into %d pieces, want at least 3", len(transcript), len(pieces))
	}
	if !strings.HasPrefix(pieces[0], "user: ") {
		t.Errorf("first piece %.30q does not start with its own speaker", pieces[0])
	}
	for i, p := range pieces[1:] {
		if len(p) > 1024 {
			t.Errorf("piece %d is %d bytes, over 1024", i+1, len(p))
		}
		if !strings.HasPrefix(p, "assistant: ") && !strings.HasPrefix(p, "user: ") {
			t.Errorf("piece %d lost its speaker: %.40q", i+1, p)
		}
		if strings.HasPrefix(p, "assistant: user: ") || strings.HasPrefix(p, "assistant: assistant: ") {
			t.Errorf("piece %d has a speaker added to a turn's start: %.40q", i+1, p)
		}
	}
	last := pieces[len(pieces)-1]
	if !strings.Contains(last, "user: Thanks") {
		t.Errorf("last piece %.60q lost the user's last turn", last)
	}
	// One "Note:" line does not make a transcript.
	note := "Note: the kitchen closes at nine.\n" + long
	for i, p := range Split(core.Episode{Source: core.SourceText, Content: note}, 1024, 10).Kept[1:] {
		if strings.HasPrefix(p, "Note: ") {
			t.Errorf("piece %d of a text with one Note line was given it: %.40q", i+1, p)
		}
	}
}
