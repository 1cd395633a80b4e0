package text

import "testing"

func TestEvidence(t *testing.T) {
	tests := []struct {
		name, content, fact string
		names               []string
		want                string
	}{
		{"one sentence", "Alice: I live in Lisbon.", "Alice lives in Lisbon", []string{"Alice", "Lisbon"}, "Alice: I live in Lisbon."},
		{"the sentence naming both", "Alice: I work at Acme. My sister Carol lives in Porto.", "Carol lives in Porto", []string{"Carol", "Porto"}, "My sister Carol lives in Porto."},
		{"a word of a name", "Bob met Dr. Jane Smith. Jane Smith works at Initech Corp.", "Jane Smith works at Initech", []string{"Jane Smith", "Initech"}, "Jane Smith works at Initech Corp."},
		{"the words break a tie", "Alice: I work at Acme. I live in Paris and love Paris.", "Alice lives in Paris", []string{"Alice", "Paris"}, "I live in Paris and love Paris."},
		{"no name", "It rained all day.", "Alice lives in Lisbon", []string{"Alice", "Lisbon"}, ""},
		{"not inside a word", "Malice aforethought. Alice: I live in Lima.", "Alice lives in Lima", []string{"Alice", "Lima"}, "Alice: I live in Lima."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, b := Evidence(tc.content, tc.fact, tc.names...)
			if got := tc.content[a:b]; got != tc.want {
				t.Errorf("Evidence(%q, %q, %q) = %q, want %q", tc.content, tc.fact, tc.names, got, tc.want)
			}
		})
	}
}
