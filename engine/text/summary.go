package text

import (
	"slices"
	"sort"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// Sentence makes a fact text a sentence ending with a full stop.
func Sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?") {
		return s
	}
	return s + "."
}

// Sentences splits a summary after '.', '!' or '?' followed by space.
func Sentences(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if (s[i] == '.' || s[i] == '!' || s[i] == '?') && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n') {
			if t := strings.TrimSpace(s[start : i+1]); t != "" {
				out = append(out, t)
			}
			start = i + 1
		}
	}
	if t := strings.TrimSpace(s[start:]); t != "" {
		out = append(out, Sentence(t))
	}
	return out
}

// JoinCapped joins distinct sentences with spaces, stopping before the one
// that would pass max bytes.
func JoinCapped(parts []string, max int) string {
	var b strings.Builder
	seen := map[string]bool{}
	for _, s := range parts {
		k := Normalize(s)
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		if b.Len() > 0 && b.Len()+1+len(s) > max {
			break
		}
		if b.Len() == 0 && len(s) > max {
			return strings.TrimSpace(s[:CutPoint(s, max)])
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	return b.String()
}

// FactSummary is an entity's summary made from its facts without an LLM
// (the template): their texts as sentences, the fact valid latest first
// and ties by text, each sentence once, cut at maxChars on a sentence
// boundary. facts is sorted in place.
func FactSummary(facts []core.Fact, maxChars int) string {
	sort.SliceStable(facts, func(i, j int) bool {
		if !facts[i].ValidAt.Equal(facts[j].ValidAt) {
			return facts[i].ValidAt.After(facts[j].ValidAt)
		}
		return facts[i].Text < facts[j].Text
	})
	var parts []string
	for _, f := range facts {
		if s := Sentence(f.Text); !slices.Contains(parts, s) {
			parts = append(parts, s)
		}
	}
	return JoinCapped(parts, maxChars)
}
