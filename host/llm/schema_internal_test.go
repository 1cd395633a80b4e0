package llm

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSchemaValidate(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		doc    string
		want   []string // violations; nil means valid
	}{
		{"type ok", `{"type":"string"}`, `"x"`, nil},
		{"type wrong", `{"type":"string"}`, `3`, []string{"/: got integer, want string"}},
		{"integer accepts 2.0", `{"type":"integer"}`, `2.0`, nil},
		{"integer rejects 2.5", `{"type":"integer"}`, `2.5`, []string{"/: got number, want integer"}},
		{"number accepts integer", `{"type":"number"}`, `2`, nil},
		{"type array with null", `{"type":["string","null"]}`, `null`, nil},
		{"type array mismatch", `{"type":["string","null"]}`, `true`, []string{"/: got boolean, want string or null"}},
		{"required", `{"type":"object","required":["a","b"]}`, `{"a":1}`, []string{`/: missing required property "b"`}},
		{"additionalProperties false", `{"type":"object","properties":{"a":{}},"additionalProperties":false}`, `{"a":1,"z":2}`, []string{`/: property "z" is not allowed`}},
		{"additionalProperties schema", `{"type":"object","additionalProperties":{"type":"integer"}}`, `{"a":1,"b":"x"}`, []string{"/b: got string, want integer"}},
		{"nested path", `{"type":"object","properties":{"xs":{"type":"array","items":{"type":"object","properties":{"n":{"type":"string"}}}}}}`,
			`{"xs":[{"n":"ok"},{"n":5}]}`, []string{"/xs/1/n: got integer, want string"}},
		{"pointer escaping", `{"type":"object","properties":{"a/b":{"type":"string"}}}`, `{"a/b":1}`, []string{"/a~1b: got integer, want string"}},
		{"minItems", `{"type":"array","minItems":2}`, `[1]`, []string{"/: 1 items, want at least 2"}},
		{"maxItems", `{"type":"array","maxItems":1}`, `[1,2]`, []string{"/: 2 items, want at most 1"}},
		{"enum ok", `{"enum":["a","b",1]}`, `1.0`, nil},
		{"enum miss", `{"enum":["a","b"]}`, `"c"`, []string{`/: "c" is not one of ["a","b"]`}},
		{"const", `{"const":{"k":[1,2]}}`, `{"k":[1,2]}`, nil},
		{"const miss", `{"const":"x"}`, `"y"`, []string{`/: "y" is not "x"`}},
		{"minLength counts runes", `{"type":"string","minLength":3}`, `"éé"`, []string{"/: string of 2 characters, want at least 3"}},
		{"maxLength", `{"type":"string","maxLength":2}`, `"abc"`, []string{"/: string of 3 characters, want at most 2"}},
		{"pattern", `{"type":"string","pattern":"^[0-9]{4}-"}`, `"March 2021"`, []string{`/: "March 2021" does not match pattern "^[0-9]{4}-"`}},
		{"minimum", `{"type":"number","minimum":0}`, `-1`, []string{"/: -1 is less than the minimum 0"}},
		{"maximum", `{"type":"number","maximum":1}`, `1.5`, []string{"/: 1.5 is more than the maximum 1"}},
		{"exclusiveMinimum", `{"type":"number","exclusiveMinimum":0}`, `0`, []string{"/: 0 is not more than 0"}},
		{"anyOf ok", `{"anyOf":[{"type":"string"},{"type":"null"}]}`, `null`, nil},
		{"anyOf miss", `{"anyOf":[{"type":"string"},{"type":"null"}]}`, `1`, []string{"/: matches none of the anyOf alternatives (first: /: got integer, want string)"}},
		{"oneOf two match", `{"oneOf":[{"type":"number"},{"type":"integer"}]}`, `1`, []string{"/: matches 2 of the oneOf alternatives, want exactly 1"}},
		{"allOf", `{"allOf":[{"type":"object","required":["a"]},{"required":["b"]}]}`, `{"a":1}`, []string{`/: missing required property "b"`}},
		{"ref to defs", `{"$defs":{"E":{"type":"object","required":["name"]}},"type":"array","items":{"$ref":"#/$defs/E"}}`,
			`[{"name":"a"},{}]`, []string{`/1: missing required property "name"`}},
		{"recursive ref", `{"type":"object","properties":{"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#"}}}}`,
			`{"name":"a","children":[{"name":"b","children":[{"name":3}]}]}`, []string{"/children/0/children/0/name: got integer, want string"}},
		{"false schema", `{"type":"object","properties":{"x":false}}`, `{"x":1}`, []string{"/x: no value is allowed here"}},
		{"true schema", `true`, `{"anything":[1]}`, nil},
		{"unknown keywords ignored", `{"type":"string","format":"date-time","description":"d","title":"t"}`, `"not a date"`, nil},
		{"several violations", `{"type":"object","required":["a","b"],"properties":{"c":{"type":"string"}}}`, `{"c":1}`,
			[]string{`/: missing required property "a"`, `/: missing required property "b"`, "/c: got integer, want string"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := compileSchema([]byte(tt.schema))
			if err != nil {
				t.Fatalf("compileSchema(%s): %v", tt.schema, err)
			}
			v, err := decodeJSON([]byte(tt.doc))
			if err != nil {
				t.Fatalf("decodeJSON(%s): %v", tt.doc, err)
			}
			if diff := cmp.Diff(tt.want, s.validate(v)); diff != "" {
				t.Errorf("validate(%s) against %s differs (-want +got):\n%s", tt.doc, tt.schema, diff)
			}
		})
	}
}

func TestCompileSchemaErrors(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		want   string
	}{
		{"not JSON", `{`, "parse schema"},
		{"not an object", `3`, "must be an object or a boolean"},
		{"bad type", `{"type":"text"}`, `unknown type "text"`},
		{"bad type kind", `{"type":3}`, "want a string or an array of strings"},
		{"bad pattern", `{"pattern":"("}`, "#/pattern"},
		{"negative minItems", `{"minItems":-1}`, "#/minItems: want a non-negative integer"},
		{"missing ref", `{"$ref":"#/$defs/Nope"}`, "no such definition"},
		{"remote ref", `{"$ref":"other.json#/x"}`, "only references inside the schema"},
		{"bad nested", `{"properties":{"a":{"type":"nope"}}}`, "#/properties/a/type"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := compileSchema([]byte(tt.schema))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("compileSchema(%s) error = %v, want one containing %q", tt.schema, err, tt.want)
			}
		})
	}
}

func TestDecodeJSONRejectsTrailingText(t *testing.T) {
	if _, err := decodeJSON([]byte(`{"a":1} and more`)); err == nil {
		t.Errorf("decodeJSON with trailing text succeeded, want an error")
	}
	if _, err := decodeJSON([]byte(" {\"a\":1}\n ")); err != nil {
		t.Errorf("decodeJSON with white space around: %v", err)
	}
}

func TestCheckAnswer(t *testing.T) {
	sch, err := compileSchema([]byte(`{"type":"object","required":["ok"]}`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		content string
		want    string
		wantErr string
	}{
		{"plain", `{"ok":true}`, `{"ok":true}`, ""},
		{"fence", "```json\n{\"ok\":true}\n```", `{"ok":true}`, ""},
		{"fence without language", "```\n{\"ok\":true}\n```", `{"ok":true}`, ""},
		{"think then fence", "<think>\nhmm {not json}\n</think>\n\n```json\n{\"ok\":1}\n```", `{"ok":1}`, ""},
		{"two think blocks", "<think>a</think><think>b</think>{\"ok\":2}", `{"ok":2}`, ""},
		{"dangling close tag", "reasoning...</think>\n{\"ok\":3}", `{"ok":3}`, ""},
		{"prose around", "Sure: {\"ok\":4} done", `{"ok":4}`, ""},
		{"unclosed think", "<think>still thinking", "", "the answer is empty"},
		{"empty", "  ", "", "the answer is empty"},
		{"no JSON", "I cannot do that.", "", "the answer is not JSON"},
		{"broken JSON", `{"ok": tru}`, "", "the answer is not valid JSON"},
		{"schema violation", `{"no":1}`, "", `the JSON does not match the schema: /: missing required property "ok"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := checkAnswer(tt.content, sch)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("checkAnswer(%q) error = %v, want one containing %q", tt.content, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("checkAnswer(%q) = %q, %v; want %q", tt.content, got, err, tt.want)
			}
		})
	}
}
