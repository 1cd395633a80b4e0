package text

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// speakerPrefix matches "Name: " at the start of a message.
var speakerPrefix = regexp.MustCompile(`^([^:\n]{1,48}):\s`)

// speakerLine matches "Name: " at the start of a line: a turn of a
// transcript.
var speakerLine = regexp.MustCompile(`(?m)^[^:\n]{1,48}:[ \t]`)

// StripSpeakers removes the "Name: " at the start of each line.
func StripSpeakers(s string) string { return speakerLine.ReplaceAllString(s, "") }

// Pieces is an episode's content cut for the extractor.
type Pieces struct {
	// kept are the pieces extracted, in order.
	Kept []string
	// total is how many pieces there were before the cap.
	Total int
	// droppedBytes is the size of the pieces past the cap (for JSON, with
	// the members each piece repeats).
	DroppedBytes int
}

// Split cuts an episode's content into pieces of at most max bytes
// and keeps the first maxChunks, as SplitSize does. Text is cut at paragraph, line or
// sentence boundaries where it can; every piece of a message keeps the
// message's speaker prefix, so that first-person statements in later
// pieces still resolve to the speaker. A JSON document is cut into JSON
// documents (see splitJSON): a piece of a document's text is not JSON, and
// an extractor fails on it. Content that is not valid JSON is sent whole.
func Split(ep core.Episode, max, maxChunks int) Pieces {
	if ep.Source == core.SourceJSON {
		return Cap(splitJSON(ep.Content, max), maxChunks)
	}
	return Cap(splitText(ep, max), maxChunks)
}

// Cap keeps the first maxChunks pieces of all.
func Cap(all []string, maxChunks int) Pieces {
	p := Pieces{Kept: all, Total: len(all)}
	if len(all) > maxChunks {
		p.Kept = all[:maxChunks]
		for _, d := range all[maxChunks:] {
			p.DroppedBytes += len(d)
		}
	}
	return p
}

// splitText cuts text into pieces of at most max bytes.
func splitText(ep core.Episode, max int) []string {
	content := ep.Content
	if len(content) <= max {
		return []string{content}
	}
	prefix := ""
	if ep.Source == core.SourceMessage {
		if m := speakerPrefix.FindString(content); m != "" && len(m) < max/2 {
			prefix = m
		}
	}
	// A text whose lines open with speakers ("user: …", "Dr. Vogel: …")
	// is a transcript: a piece that starts inside a turn is given the
	// turn's speaker, so that what follows is still said by someone. One
	// such line ("Note: …") does not make a transcript.
	transcript := prefix == "" && len(speakerLine.FindAllStringIndex(content, 2)) == 2
	speaker := ""
	var out []string
	rest := content
	for len(rest) > 0 {
		budget := max
		head := ""
		switch {
		case len(out) > 0 && prefix != "" && !strings.HasPrefix(rest, prefix):
			head = prefix
		case len(out) > 0 && transcript && speaker != "" && len(speaker) < max/2 && !speakerPrefix.MatchString(rest):
			head = speaker
		}
		budget -= len(head)
		if len(rest) <= budget {
			out = append(out, head+rest)
			break
		}
		cut := CutPoint(rest, budget)
		if transcript {
			if lines := speakerLine.FindAllString(rest[:cut], -1); len(lines) > 0 {
				speaker = lines[len(lines)-1]
			}
		}
		out = append(out, head+strings.TrimSpace(rest[:cut]))
		rest = strings.TrimLeft(rest[cut:], " \n\t")
	}
	return out
}

// CutPoint returns where to end a piece of s of at most n bytes: after the
// last paragraph break, else line break, else sentence end, else space in
// the second half of the window; else at n (on a UTF-8 boundary).
func CutPoint(s string, n int) int {
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

// minJSONPiece is the smallest budget splitJSON cuts to; below it a value
// goes as it is.
const minJSONPiece = 64

// splitJSON cuts a JSON document into JSON documents of at most max bytes
// where it can, in document order: an array into arrays of consecutive
// elements; an object into objects holding some of its members, each
// repeating the object's short scalar members (its name, id, type, dates)
// so that every piece is about the same thing; a member or element too
// large alone is cut the same way inside its wrapping, and a long string
// as text. A document that is not valid JSON is returned whole.
func splitJSON(doc string, max int) []string {
	raw := bytes.TrimSpace([]byte(doc))
	if len(raw) <= max || !json.Valid(raw) {
		return []string{doc}
	}
	parts := splitValue(raw, max)
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = string(p)
	}
	return out
}

// splitValue cuts one valid JSON value.
func splitValue(raw []byte, max int) [][]byte {
	if len(raw) <= max || max < minJSONPiece {
		return [][]byte{raw}
	}
	switch raw[0] {
	case '[':
		return splitArray(raw, max)
	case '{':
		return splitObject(raw, max)
	case '"':
		return splitString(raw, max)
	}
	return [][]byte{raw}
}

// splitArray packs an array's elements into arrays of at most max bytes.
func splitArray(raw []byte, max int) [][]byte {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return [][]byte{raw}
	}
	var out [][]byte
	cur := []byte{'['}
	flush := func() {
		if len(cur) > 1 {
			out = append(out, append(cur, ']'))
		}
		cur = []byte{'['}
	}
	for dec.More() {
		var el json.RawMessage
		if err := dec.Decode(&el); err != nil {
			return [][]byte{raw}
		}
		if len(el)+2 > max {
			flush()
			for _, p := range splitValue(el, max-2) {
				out = append(out, wrap('[', p, ']'))
			}
			continue
		}
		if len(cur)+1+len(el)+1 > max {
			flush()
		}
		if len(cur) > 1 {
			cur = append(cur, ',')
		}
		cur = append(cur, el...)
	}
	flush()
	return out
}

// member is an object member: its encoded key and raw value.
type member struct{ key, val []byte }

func (m member) size() int { return len(m.key) + 1 + len(m.val) }

func (m member) appendTo(b []byte) []byte {
	if b[len(b)-1] != '{' {
		b = append(b, ',')
	}
	b = append(b, m.key...)
	b = append(b, ':')
	return append(b, m.val...)
}

// splitObject packs an object's members into objects of at most max
// bytes, each led by the object's short scalar members.
func splitObject(raw []byte, max int) [][]byte {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return [][]byte{raw}
	}
	var head, body []member
	headSize := 0
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return [][]byte{raw}
		}
		key, _ := json.Marshal(kt)
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return [][]byte{raw}
		}
		m := member{key: key, val: val}
		if c := val[0]; c != '{' && c != '[' && m.size() <= max/16 {
			head = append(head, m)
			headSize += m.size() + 1
			continue
		}
		body = append(body, m)
	}
	if headSize > max/4 {
		// Too many short members to repeat: cut them like the others.
		body, head, headSize = append(head, body...), nil, 0
	}
	start := []byte{'{'}
	for _, m := range head {
		start = m.appendTo(start)
	}
	var out [][]byte
	cur := bytes.Clone(start)
	flush := func() {
		if len(cur) > len(start) || len(body) == 0 {
			out = append(out, append(cur, '}'))
		}
		cur = bytes.Clone(start)
	}
	for _, m := range body {
		if len(start)+1+m.size()+1 > max {
			flush()
			for _, p := range splitValue(m.val, max-len(start)-len(m.key)-3) {
				out = append(out, append(member{key: m.key, val: p}.appendTo(bytes.Clone(start)), '}'))
			}
			continue
		}
		if len(cur)+1+m.size()+1 > max {
			flush()
		}
		cur = m.appendTo(cur)
	}
	if len(cur) > len(start) || len(out) == 0 {
		flush()
	}
	return out
}

// splitString cuts a long JSON string into JSON strings of its text.
func splitString(raw []byte, max int) [][]byte {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return [][]byte{raw}
	}
	var out [][]byte
	// Escapes lengthen the text: aim at half the budget.
	for _, p := range splitText(core.Episode{Source: core.SourceText, Content: s}, max/2) {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(p); err != nil {
			return [][]byte{raw}
		}
		out = append(out, bytes.TrimSpace(b.Bytes()))
	}
	return out
}

// wrap returns p between open and close.
func wrap(open byte, p []byte, close byte) []byte {
	b := make([]byte, 0, len(p)+2)
	b = append(b, open)
	b = append(b, p...)
	return append(b, close)
}
