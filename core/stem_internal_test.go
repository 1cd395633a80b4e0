package core

import (
	"slices"
	"testing"
)

// TestStem checks the stemmer on words that exercise each step. The
// expected stems are those of the Snowball library Kuzu's text index uses
// (github.com/kljensen/snowball/english); the stemmer was also compared
// with it on the 164,342 distinct words of the LongMemEval_S data set,
// without a difference.
func TestStem(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"step 1a sses", "caresses", "caress"},
		{"step 1a ies after two letters", "ponies", "poni"},
		{"step 1a ies after one letter", "ties", "tie"},
		{"step 1a ies", "cries", "cri"},
		{"step 1a s kept after a lone vowel", "gas", "gas"},
		{"step 1a s", "gaps", "gap"},
		{"step 1a s after a vowel", "kiwis", "kiwi"},
		{"step 1b eed in R1", "agreed", "agre"},
		{"step 1b eed outside R1", "feed", "feed"},
		{"step 1b short word gets e", "hoping", "hope"},
		{"step 1b double undone", "hopping", "hop"},
		{"step 1b at gets e", "luxuriating", "luxuri"},
		{"step 1b e kept by step 5 after a short syllable", "filing", "file"},
		{"step 1b e kept", "taking", "take"},
		{"step 1b ll kept", "rolling", "roll"},
		{"step 1c", "happy", "happi"},
		{"step 1c after a consonant", "cry", "cri"},
		{"step 1c y after the first letter", "by", "by"},
		{"step 1c y after a vowel", "say", "say"},
		{"step 2 ational", "relational", "relat"},
		{"step 2 tional", "conditional", "condit"},
		{"step 2 outside R1", "rational", "ration"},
		{"step 2 ousli", "generously", "generous"},
		{"step 2 li after a non li-ending", "fluently", "fluentli"},
		{"R1 after gener", "generate", "generat"},
		{"R1 after commun", "communism", "communism"},
		{"R1 after arsen", "arsenal", "arsenal"},
		{"step 3 ical", "electrical", "electr"},
		{"step 3 aliti", "formality", "formal"},
		{"step 4 able", "adjustable", "adjust"},
		{"step 4 ive", "effective", "effect"},
		{"step 4 ance", "abeyance", "abey"},
		{"step 5 ll", "controlling", "control"},
		{"plural and gerund", "friends", "friend"},
		{"gerund", "working", "work"},
		{"verb s", "works", "work"},
		{"plural al", "hospitals", "hospit"},
		{"exception", "skies", "sky"},
		{"exception dying", "dying", "die"},
		{"exception after step 1a", "proceeded", "proceed"},
		{"exception news", "news", "news"},
		{"exception plural", "innings", "inning"},
		{"initial y", "yelling", "yell"},
		{"non-ASCII letter", "naïve", "naïv"},
		{"digits", "2021", "2021"},
		{"two letters", "is", "is"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := stem(tt.in); got != tt.want {
				t.Errorf("stem(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestTerms checks the analysis on the cases kuzu/internal/bm25 tests.
func TestTerms(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"stems and drops stop words", "Alice is working at the Hospitals", []string{"alic", "work", "hospit"}},
		{"punctuation and possessive", "Bob's dog, Rex!", []string{"bob", "dog", "rex"}},
		{"numbers kept", "moved in 2021", []string{"move", "2021"}},
		{"unicode letters", "Zoë lives in Malmö", []string{"zoë", "live", "malmö"}},
		{"relation names split", "WORKS_AT", []string{"work"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SearchTerms(tt.in); !slices.Equal(got, tt.want) {
				t.Errorf("SearchTerms(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
