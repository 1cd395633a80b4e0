package text

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
)

// TestSentencesOf checks where SplitMeaning may cut: after sentences and
// lines, not after a title or an initial nor before a lower-case word, and
// inside a sentence longer than the budget as splitText cuts it.
func TestSentencesOf(t *testing.T) {
	long := strings.Repeat("Word ", 30) + "end."
	tests := []struct {
		name    string
		ep      core.Episode
		max     int
		want    []string
		wantPre string
	}{
		{"sentences and lines", core.Episode{Source: core.SourceText, Content: "Dr. J. Smith met Mr. Jones at 9 a.m. today. It rained!\nuser: Why? (Nobody knows.) 42 came."}, 1000,
			[]string{"Dr. J. Smith met Mr. Jones at 9 a.m. today. ", "It rained!\n", "user: Why? ", "(Nobody knows.) 42 came."}, ""},
		{"lower case goes on", core.Episode{Source: core.SourceText, Content: "We use e.g. tools. and more. Done."}, 1000,
			[]string{"We use e.g. tools. and more. ", "Done."}, ""},
		{"long sentence cut", core.Episode{Source: core.SourceText, Content: "Short one. " + long}, 60,
			[]string{"Short one. ", strings.Repeat("Word ", 12), strings.Repeat("Word ", 12), strings.Repeat("Word ", 6) + "end."}, ""},
		{"speaker", core.Episode{Source: core.SourceMessage, Content: "Alice: Hi. Bye."}, 20,
			[]string{"Alice: Hi. ", "Bye."}, "Alice: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := SpansOf(tt.ep, tt.max)
			if diff := cmp.Diff(tt.want, s.Texts()); diff != "" {
				t.Errorf("SpansOf(%q) (-want +got):\n%s", tt.ep.Content, diff)
			}
			if s.prefix != tt.wantPre {
				t.Errorf("SpansOf(%q) prefix = %q, want %q", tt.ep.Content, s.prefix, tt.wantPre)
			}
			for _, x := range s.Texts() {
				if len(x) > s.budget {
					t.Errorf("sentence %q over the budget %d", x, s.budget)
				}
			}
		})
	}
}
