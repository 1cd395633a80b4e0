package core

import (
	"regexp"
	"strings"
)

// speakerPrefix matches "Name: " at the start of a message.
var speakerPrefix = regexp.MustCompile(`^([^:\n]{1,48}):\s`)

// splitContent cuts an episode's content into pieces of at most max bytes,
// at paragraph, line or sentence boundaries where it can, and at most
// maxChunks pieces. It returns the pieces and how many bytes were left out.
// Every piece of a message keeps the message's speaker prefix, so that
// first-person statements in later pieces still resolve to the speaker.
// JSON is not split: a piece of a JSON document is not JSON.
func splitContent(ep Episode, max, maxChunks int) ([]string, int) {
	content := ep.Content
	if len(content) <= max || ep.Source == SourceJSON {
		if ep.Source == SourceJSON && len(content) > max*maxChunks {
			// A JSON document is extracted whole, up to the same total.
			return []string{content[:max*maxChunks]}, len(content) - max*maxChunks
		}
		return []string{content}, 0
	}
	prefix := ""
	if ep.Source == SourceMessage {
		if m := speakerPrefix.FindString(content); m != "" && len(m) < max/2 {
			prefix = m
		}
	}
	var out []string
	rest := content
	for len(rest) > 0 && len(out) < maxChunks {
		budget := max
		head := ""
		if len(out) > 0 && prefix != "" && !strings.HasPrefix(rest, prefix) {
			head = prefix
			budget -= len(prefix)
		}
		if len(rest) <= budget {
			out = append(out, head+rest)
			rest = ""
			break
		}
		cut := cutPoint(rest, budget)
		out = append(out, head+strings.TrimSpace(rest[:cut]))
		rest = strings.TrimLeft(rest[cut:], " \n\t")
	}
	return out, len(rest)
}

// cutPoint returns where to end a piece of s of at most n bytes: after the
// last paragraph break, else line break, else sentence end, else space in
// the second half of the window; else at n (on a UTF-8 boundary).
func cutPoint(s string, n int) int {
	w := s[:n]
	for _, sep := range []string{"\n\n", "\n", ". ", "! ", "? ", " "} {
		if i := strings.LastIndex(w, sep); i >= n/2 {
			return i + len(sep)
		}
	}
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	return n
}
