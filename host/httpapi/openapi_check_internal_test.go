package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/hosttest"
	"github.com/mnemohq/mnemo/host/httpapi/api"
)

// openTestHost opens a Host on a temporary database, offline, sharing the
// wasm compilation cache of every test binary.
func openTestHost(t *testing.T) *host.Host {
	t.Helper()
	cfg := hosttest.Config(t)
	h := hosttest.Open(t, cfg, host.OpenOptions{})
	return h
}

// TestOpenAPI checks that openapi.json is the document generated from the
// route table, that every route the server registers is documented and
// every documented operation reaches a route, and that every example body
// fits its schema and succeeds.
func TestOpenAPI(t *testing.T) {
	h := openTestHost(t)
	s := New(h, Options{})
	got := generate(t, s.routes)
	if *update {
		writeGolden(t, got)
		return
	}
	if !bytes.Equal(got, openapiJSON) {
		t.Fatalf("openapi.json is not the document the route table gives; run `go test ./host/httpapi -run TestOpenAPI -update` (-want +got):\n%s",
			cmp.Diff(string(openapiJSON), string(got)))
	}
	var d struct {
		Paths map[string]map[string]struct {
			RequestBody struct {
				Content map[string]struct {
					Schema  any             `json:"schema"`
					Example json.RawMessage `json:"example"`
				} `json:"content"`
			} `json:"requestBody"`
			Responses map[string]any `json:"responses"`
		} `json:"paths"`
		Components struct {
			Schemas map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(openapiJSON, &d); err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for path, ops := range d.Paths {
		for m := range ops {
			documented[strings.ToUpper(m)+" "+path] = true
		}
	}
	registered := map[string]bool{}
	for _, rt := range s.routes {
		registered[rt.Pattern()] = true
	}
	if diff := cmp.Diff(sortedKeys(documented), sortedKeys(registered)); diff != "" {
		t.Errorf("documented operations (-) differ from registered routes (+):\n%s", diff)
	}

	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	v := &validator{schemas: d.Components.Schemas}
	t.Run("examples", func(t *testing.T) {
		for _, rt := range s.routes {
			if rt.Example == nil {
				continue
			}
			media := d.Paths[rt.Path][strings.ToLower(rt.Method)].RequestBody.Content["application/json"]
			var ex any
			if err := json.Unmarshal(media.Example, &ex); err != nil {
				t.Fatalf("%s: example: %v", rt.Pattern(), err)
			}
			if err := v.validate(media.Schema, ex, "body"); err != nil {
				t.Errorf("%s: example does not fit its schema: %v", rt.Pattern(), err)
			}
			status, body := send(t, srv.URL, rt.Method, fill(rt.Path, "openapi-example"), media.Example)
			if status != rt.Status {
				t.Errorf("%s with its example = %d %s, want %d", rt.Pattern(), status, body, rt.Status)
			}
		}
	})
	t.Run("reachable", func(t *testing.T) {
		for _, rt := range s.routes {
			if rt.Path == "/clear" {
				continue
			}
			status, body := send(t, srv.URL, rt.Method, fill(rt.Path, "openapi-probe"), nil)
			var e api.ErrorBody
			_ = json.Unmarshal(body, &e)
			if e.Code == "no_route" || e.Code == "method_not_allowed" {
				t.Errorf("%s = %d %s: the documented operation reaches no route", rt.Pattern(), status, body)
			}
			if _, ok := d.Paths[rt.Path][strings.ToLower(rt.Method)].Responses[fmt.Sprint(status)]; !ok && status != 200 {
				t.Errorf("%s = %d, a status its documentation does not list (%s)", rt.Pattern(), status, body)
			}
		}
	})
}

// fill substitutes path parameters.
func fill(path, group string) string {
	r := strings.NewReplacer("{group}", group, "{group_id}", group, "{uuid}", "no-such-uuid")
	return r.Replace(path)
}

func send(t *testing.T, base, method, path string, body []byte) (int, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, base+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// validator checks JSON values against the subset of JSON Schema the
// generator writes: $ref, type (one or a list), properties, required,
// additionalProperties, items, oneOf, allOf.
type validator struct {
	schemas map[string]any
}

func (v *validator) validate(schema, val any, at string) error {
	s, _ := schema.(map[string]any)
	if ref, ok := s["$ref"].(string); ok {
		return v.validate(v.schemas[strings.TrimPrefix(ref, "#/components/schemas/")], val, at)
	}
	if all, ok := s["allOf"].([]any); ok {
		for _, sub := range all {
			if err := v.validate(sub, val, at); err != nil {
				return err
			}
		}
	}
	if alts, ok := s["oneOf"].([]any); ok {
		n := 0
		var errs []string
		for _, sub := range alts {
			if err := v.validate(sub, val, at); err == nil {
				n++
			} else {
				errs = append(errs, err.Error())
			}
		}
		if n != 1 {
			return fmt.Errorf("%s: fits %d of the oneOf alternatives, want 1 (%s)", at, n, strings.Join(errs, "; "))
		}
	}
	if typ, ok := s["type"]; ok && !typeMatches(typ, val) {
		return fmt.Errorf("%s: %v is not of type %v", at, val, typ)
	}
	switch x := val.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		for _, r := range asList(s["required"]) {
			if _, ok := x[r]; !ok {
				return fmt.Errorf("%s: %s is required", at, r)
			}
		}
		for k, fv := range x {
			if ps, ok := props[k]; ok {
				if err := v.validate(ps, fv, at+"."+k); err != nil {
					return err
				}
			} else if s["additionalProperties"] == false {
				return fmt.Errorf("%s: unknown property %s", at, k)
			}
		}
	case []any:
		if items, ok := s["items"]; ok {
			for i, e := range x {
				if err := v.validate(items, e, fmt.Sprintf("%s[%d]", at, i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func asList(v any) []string {
	var out []string
	if l, ok := v.([]any); ok {
		for _, e := range l {
			out = append(out, e.(string))
		}
	}
	return out
}

func typeMatches(typ, val any) bool {
	var types []string
	switch t := typ.(type) {
	case string:
		types = []string{t}
	case []any:
		for _, e := range t {
			types = append(types, e.(string))
		}
	}
	for _, t := range types {
		switch val := val.(type) {
		case nil:
			if t == "null" {
				return true
			}
		case string:
			if t == "string" {
				return true
			}
		case bool:
			if t == "boolean" {
				return true
			}
		case float64:
			if t == "number" || t == "integer" && val == float64(int64(val)) {
				return true
			}
		case map[string]any:
			if t == "object" {
				return true
			}
		case []any:
			if t == "array" {
				return true
			}
		}
	}
	return false
}
