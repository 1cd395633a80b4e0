package llm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// schema is a compiled JSON Schema, the subset that structured-output
// prompts use:
//
//   - type (a name or an array of names; "integer" accepts numbers with no
//     fractional part; "null" included);
//   - properties, required, additionalProperties (false or a schema);
//   - items (one schema), minItems, maxItems;
//   - enum, const;
//   - minLength, maxLength (in runes), pattern (Go regexp syntax);
//   - minimum, maximum, exclusiveMinimum, exclusiveMaximum (numeric form);
//   - anyOf, oneOf, allOf;
//   - $ref to a JSON pointer inside the same document ("#/$defs/Entity").
//
// Other keywords (descriptions, formats, titles...) are ignored, as the
// specification allows. A boolean schema is true (anything) or false
// (nothing).
type schema struct {
	never bool // the schema false

	types []string // nil: any type

	properties map[string]*schema
	required   []string
	noExtra    bool    // additionalProperties: false
	extra      *schema // additionalProperties as a schema

	items              *schema
	minItems, maxItems int // -1: no bound

	enum     []any
	constant any
	hasConst bool

	minLength, maxLength int // -1: no bound
	pattern              *regexp.Regexp

	minimum, maximum    *float64
	exclMin, exclMax    *float64
	anyOf, oneOf, allOf []*schema

	ref    string // $ref, resolved into target at compile time
	target *schema
}

// compileSchema parses a JSON Schema document.
func compileSchema(raw []byte) (*schema, error) {
	doc, err := decodeJSON(raw)
	if err != nil {
		return nil, fmt.Errorf("parse schema: %w", err)
	}
	c := &schemaCompiler{root: doc, refs: map[string]*schema{}}
	s, err := c.compile(doc, "#")
	if err != nil {
		return nil, fmt.Errorf("compile schema: %w", err)
	}
	return s, nil
}

type schemaCompiler struct {
	root any
	refs map[string]*schema // compiled $ref targets, by pointer
}

func (c *schemaCompiler) compile(v any, at string) (*schema, error) {
	s := &schema{minItems: -1, maxItems: -1, minLength: -1, maxLength: -1}
	switch v := v.(type) {
	case bool:
		s.never = !v
		return s, nil
	case map[string]any:
		return s, c.compileObject(s, v, at)
	default:
		return nil, fmt.Errorf("%s: a schema must be an object or a boolean", at)
	}
}

func (c *schemaCompiler) compileObject(s *schema, m map[string]any, at string) error {
	if ref, ok := m["$ref"].(string); ok {
		t, err := c.resolve(ref)
		if err != nil {
			return fmt.Errorf("%s: %w", at, err)
		}
		s.ref, s.target = ref, t
	}
	switch t := m["type"].(type) {
	case nil:
	case string:
		s.types = []string{t}
	case []any:
		for _, x := range t {
			name, ok := x.(string)
			if !ok {
				return fmt.Errorf("%s/type: want a string or an array of strings", at)
			}
			s.types = append(s.types, name)
		}
	default:
		return fmt.Errorf("%s/type: want a string or an array of strings", at)
	}
	for _, name := range s.types {
		switch name {
		case "null", "boolean", "object", "array", "number", "integer", "string":
		default:
			return fmt.Errorf("%s/type: unknown type %q", at, name)
		}
	}
	if props, ok := m["properties"].(map[string]any); ok {
		s.properties = make(map[string]*schema, len(props))
		for name, p := range props {
			ps, err := c.compile(p, at+"/properties/"+escapePointer(name))
			if err != nil {
				return err
			}
			s.properties[name] = ps
		}
	}
	if req, ok := m["required"].([]any); ok {
		for _, x := range req {
			name, ok := x.(string)
			if !ok {
				return fmt.Errorf("%s/required: want an array of strings", at)
			}
			s.required = append(s.required, name)
		}
	}
	switch ap := m["additionalProperties"].(type) {
	case nil:
	case bool:
		s.noExtra = !ap
	default:
		es, err := c.compile(ap, at+"/additionalProperties")
		if err != nil {
			return err
		}
		s.extra = es
	}
	if it, ok := m["items"]; ok {
		is, err := c.compile(it, at+"/items")
		if err != nil {
			return err
		}
		s.items = is
	}
	var err error
	for _, b := range []struct {
		key string
		dst *int
	}{{"minItems", &s.minItems}, {"maxItems", &s.maxItems}, {"minLength", &s.minLength}, {"maxLength", &s.maxLength}} {
		if *b.dst, err = schemaCount(m, b.key, at); err != nil {
			return err
		}
	}
	for _, b := range []struct {
		key string
		dst **float64
	}{{"minimum", &s.minimum}, {"maximum", &s.maximum}, {"exclusiveMinimum", &s.exclMin}, {"exclusiveMaximum", &s.exclMax}} {
		if n, ok := m[b.key].(json.Number); ok {
			f, err := n.Float64()
			if err != nil {
				return fmt.Errorf("%s/%s: %w", at, b.key, err)
			}
			*b.dst = &f
		}
	}
	if e, ok := m["enum"].([]any); ok {
		s.enum = e
	}
	if cv, ok := m["const"]; ok {
		s.constant, s.hasConst = cv, true
	}
	if p, ok := m["pattern"].(string); ok {
		re, err := regexp.Compile(p)
		if err != nil {
			return fmt.Errorf("%s/pattern: %w", at, err)
		}
		s.pattern = re
	}
	for _, b := range []struct {
		key string
		dst *[]*schema
	}{{"anyOf", &s.anyOf}, {"oneOf", &s.oneOf}, {"allOf", &s.allOf}} {
		list, ok := m[b.key].([]any)
		if !ok {
			continue
		}
		for i, x := range list {
			xs, err := c.compile(x, fmt.Sprintf("%s/%s/%d", at, b.key, i))
			if err != nil {
				return err
			}
			*b.dst = append(*b.dst, xs)
		}
	}
	return nil
}

// schemaCount reads a non-negative integer keyword, or -1 if absent.
func schemaCount(m map[string]any, key, at string) (int, error) {
	n, ok := m[key].(json.Number)
	if !ok {
		return -1, nil
	}
	i, err := strconv.Atoi(n.String())
	if err != nil || i < 0 {
		return 0, fmt.Errorf("%s/%s: want a non-negative integer", at, key)
	}
	return i, nil
}

// resolve compiles the target of a local $ref once; a recursive schema
// refers to the same compiled node.
func (c *schemaCompiler) resolve(ref string) (*schema, error) {
	if s, ok := c.refs[ref]; ok {
		return s, nil
	}
	if ref != "#" && !strings.HasPrefix(ref, "#/") {
		return nil, fmt.Errorf("$ref %q: only references inside the schema (#/...) are supported", ref)
	}
	v := c.root
	if ref != "#" {
		for _, tok := range strings.Split(ref[2:], "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			switch x := v.(type) {
			case map[string]any:
				next, ok := x[tok]
				if !ok {
					return nil, fmt.Errorf("$ref %q: no such definition", ref)
				}
				v = next
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(x) {
					return nil, fmt.Errorf("$ref %q: no such definition", ref)
				}
				v = x[i]
			default:
				return nil, fmt.Errorf("$ref %q: no such definition", ref)
			}
		}
	}
	// Register the node before compiling it so that a reference to itself
	// inside it finds it.
	s := &schema{minItems: -1, maxItems: -1, minLength: -1, maxLength: -1}
	c.refs[ref] = s
	switch v := v.(type) {
	case bool:
		s.never = !v
	case map[string]any:
		if err := c.compileObject(s, v, ref); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("$ref %q: a schema must be an object or a boolean", ref)
	}
	return s, nil
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// maxSchemaErrors bounds how many violations one validation reports.
const maxSchemaErrors = 8

// validate checks a decoded JSON value (decodeJSON's output) and returns
// the violations, each prefixed by the JSON pointer of the value at fault.
func (s *schema) validate(v any) []string {
	var errs []string
	s.check(v, "", &errs, 0)
	return errs
}

// check appends the violations of v to errs. depth guards against a
// schema that refers to itself without consuming input.
func (s *schema) check(v any, at string, errs *[]string, depth int) {
	if len(*errs) >= maxSchemaErrors {
		return
	}
	add := func(format string, args ...any) {
		if len(*errs) < maxSchemaErrors {
			p := at
			if p == "" {
				p = "/"
			}
			*errs = append(*errs, p+": "+fmt.Sprintf(format, args...))
		}
	}
	if depth > 64 {
		add("schema nests $ref too deeply")
		return
	}
	if s.never {
		add("no value is allowed here")
		return
	}
	if s.target != nil {
		s.target.check(v, at, errs, depth+1)
	}
	if len(s.types) > 0 && !slices.ContainsFunc(s.types, func(t string) bool { return hasType(v, t) }) {
		add("got %s, want %s", typeName(v), strings.Join(s.types, " or "))
		return
	}
	if s.enum != nil && !slices.ContainsFunc(s.enum, func(e any) bool { return jsonEqual(v, e) }) {
		add("%s is not one of %s", shortJSON(v), shortJSON(s.enum))
	}
	if s.hasConst && !jsonEqual(v, s.constant) {
		add("%s is not %s", shortJSON(v), shortJSON(s.constant))
	}
	switch v := v.(type) {
	case map[string]any:
		for _, name := range s.required {
			if _, ok := v[name]; !ok {
				add("missing required property %q", name)
			}
		}
		names := make([]string, 0, len(v))
		for name := range v {
			names = append(names, name)
		}
		slices.Sort(names) // report in a stable order
		for _, name := range names {
			p := at + "/" + escapePointer(name)
			if ps, ok := s.properties[name]; ok {
				ps.check(v[name], p, errs, depth)
			} else if s.noExtra {
				add("property %q is not allowed", name)
			} else if s.extra != nil {
				s.extra.check(v[name], p, errs, depth)
			}
		}
	case []any:
		if s.minItems >= 0 && len(v) < s.minItems {
			add("%d items, want at least %d", len(v), s.minItems)
		}
		if s.maxItems >= 0 && len(v) > s.maxItems {
			add("%d items, want at most %d", len(v), s.maxItems)
		}
		if s.items != nil {
			for i, x := range v {
				s.items.check(x, at+"/"+strconv.Itoa(i), errs, depth)
			}
		}
	case string:
		n := utf8.RuneCountInString(v)
		if s.minLength >= 0 && n < s.minLength {
			add("string of %d characters, want at least %d", n, s.minLength)
		}
		if s.maxLength >= 0 && n > s.maxLength {
			add("string of %d characters, want at most %d", n, s.maxLength)
		}
		if s.pattern != nil && !s.pattern.MatchString(v) {
			add("%s does not match pattern %q", shortJSON(v), s.pattern.String())
		}
	case json.Number:
		f, _ := v.Float64()
		switch {
		case s.minimum != nil && f < *s.minimum:
			add("%s is less than the minimum %v", v, *s.minimum)
		case s.maximum != nil && f > *s.maximum:
			add("%s is more than the maximum %v", v, *s.maximum)
		case s.exclMin != nil && f <= *s.exclMin:
			add("%s is not more than %v", v, *s.exclMin)
		case s.exclMax != nil && f >= *s.exclMax:
			add("%s is not less than %v", v, *s.exclMax)
		}
	}
	for _, sub := range s.allOf {
		sub.check(v, at, errs, depth+1)
	}
	if len(s.anyOf) > 0 {
		var first []string
		matched := false
		for _, sub := range s.anyOf {
			var e []string
			sub.check(v, at, &e, depth+1)
			if len(e) == 0 {
				matched = true
				break
			}
			if first == nil {
				first = e
			}
		}
		if !matched {
			add("matches none of the anyOf alternatives (first: %s)", strings.Join(first, "; "))
		}
	}
	if len(s.oneOf) > 0 {
		n := 0
		for _, sub := range s.oneOf {
			var e []string
			sub.check(v, at, &e, depth+1)
			if len(e) == 0 {
				n++
			}
		}
		if n != 1 {
			add("matches %d of the oneOf alternatives, want exactly 1", n)
		}
	}
}

// hasType reports whether v has the JSON Schema type t.
func hasType(v any, t string) bool {
	switch v := v.(type) {
	case nil:
		return t == "null"
	case bool:
		return t == "boolean"
	case string:
		return t == "string"
	case []any:
		return t == "array"
	case map[string]any:
		return t == "object"
	case json.Number:
		if t == "number" {
			return true
		}
		if t != "integer" {
			return false
		}
		f, err := v.Float64()
		return err == nil && !math.IsInf(f, 0) && f == math.Trunc(f)
	}
	return false
}

func typeName(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case json.Number:
		if hasType(v, "integer") {
			return "integer"
		}
		return "number"
	}
	return fmt.Sprintf("%T", v)
}

// jsonEqual compares decoded JSON values; numbers compare by value.
func jsonEqual(a, b any) bool {
	switch a := a.(type) {
	case json.Number:
		bn, ok := b.(json.Number)
		if !ok {
			return false
		}
		x, err1 := a.Float64()
		y, err2 := bn.Float64()
		return err1 == nil && err2 == nil && x == y
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, av := range a {
			bv, ok := bm[k]
			if !ok || !jsonEqual(av, bv) {
				return false
			}
		}
		return true
	case []any:
		bs, ok := b.([]any)
		if !ok || len(a) != len(bs) {
			return false
		}
		for i := range a {
			if !jsonEqual(a[i], bs[i]) {
				return false
			}
		}
		return true
	default:
		return a == b
	}
}

// shortJSON renders v for an error message, cut at 80 bytes.
func shortJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	if len(b) > 80 {
		return string(b[:77]) + "..."
	}
	return string(b)
}

// decodeJSON decodes exactly one JSON value, keeping numbers exact.
func decodeJSON(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("text after the JSON value")
	}
	return v, nil
}
