package llm

import (
	"fmt"
	"strings"
)

// cleanAnswer removes what models wrap around a JSON answer: reasoning
// (stripThink), Markdown code fences, and surrounding white space.
func cleanAnswer(s string) string {
	s = stripThink(s)
	if i := strings.Index(s, "```"); i >= 0 {
		rest := s[i+3:]
		// Skip the info string ("json") up to the end of the line.
		if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
			rest = rest[nl+1:]
		}
		if j := strings.Index(rest, "```"); j >= 0 {
			rest = rest[:j]
		}
		s = strings.TrimSpace(rest)
	}
	return s
}

// stripThink removes the reasoning that reasoning models put before their
// answer in <think>…</think> blocks, also when the server dropped the
// opening tag, and trims white space. An unclosed block means the answer
// was cut off while reasoning: nothing is left.
func stripThink(s string) string {
	for {
		i := strings.Index(s, "<think>")
		if i < 0 {
			break
		}
		j := strings.Index(s[i:], "</think>")
		if j < 0 {
			// Unclosed: the answer was cut off while reasoning.
			s = s[:i]
			break
		}
		s = s[:i] + s[i+j+len("</think>"):]
	}
	if i := strings.LastIndex(s, "</think>"); i >= 0 {
		s = s[i+len("</think>"):]
	}
	return strings.TrimSpace(s)
}

// jsonSpan returns the text from the first '{' or '[' to the last matching
// closing bracket, for answers that put prose around the document.
func jsonSpan(s string) (string, bool) {
	i := strings.IndexAny(s, "{[")
	if i < 0 {
		return "", false
	}
	closer := "}"
	if s[i] == '[' {
		closer = "]"
	}
	j := strings.LastIndex(s, closer)
	if j <= i {
		return "", false
	}
	return s[i : j+1], true
}

// checkAnswer extracts the JSON document from a model's answer and
// validates it against sch. It returns the document, or a description of
// what is wrong that the model can act on.
func checkAnswer(content string, sch *schema) (string, error) {
	doc := cleanAnswer(content)
	if doc == "" {
		return "", fmt.Errorf("the answer is empty")
	}
	v, err := decodeJSON([]byte(doc))
	if err != nil {
		span, ok := jsonSpan(doc)
		if !ok {
			return "", fmt.Errorf("the answer is not JSON: %w", err)
		}
		v2, err2 := decodeJSON([]byte(span))
		if err2 != nil {
			return "", fmt.Errorf("the answer is not valid JSON: %w", err)
		}
		doc, v = span, v2
	}
	if errs := sch.validate(v); len(errs) > 0 {
		return "", fmt.Errorf("the JSON does not match the schema: %s", strings.Join(errs, "; "))
	}
	return doc, nil
}
