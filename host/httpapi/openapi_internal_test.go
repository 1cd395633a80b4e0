package httpapi

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/mnemohq/mnemo/host/httpapi/api"
	"github.com/mnemohq/mnemo/host/httpapi/graphiti"
)

var update = flag.Bool("update", false, "rewrite openapi.json from the route table")

// docs are the doc comments of the types and fields of the packages whose
// types appear in the API, keyed "Type" and "Type.Field".
type docs map[string]string

// readDocs parses the Go files of dirs for their type and field comments.
func readDocs(t *testing.T, dirs ...string) docs {
	t.Helper()
	d := docs{}
	for _, dir := range dirs {
		fset := token.NewFileSet()
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		var files []*ast.File
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		p, err := doc.NewFromFiles(fset, files, dir, doc.AllDecls|doc.PreserveAST)
		if err != nil {
			t.Fatal(err)
		}
		for _, ty := range p.Types {
			d[ty.Name] = oneParagraph(ty.Doc)
			for _, spec := range ty.Decl.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, f := range st.Fields.List {
					text := ""
					if f.Doc != nil {
						text = f.Doc.Text()
					} else if f.Comment != nil {
						text = f.Comment.Text()
					}
					for _, n := range f.Names {
						if text != "" {
							d[ts.Name.Name+"."+n.Name] = oneParagraph(text)
						}
					}
				}
			}
		}
	}
	return d
}

func oneParagraph(s string) string { return strings.Join(strings.Fields(s), " ") }

// generator builds the OpenAPI document.
type generator struct {
	t       *testing.T
	docs    docs
	schemas map[string]any
	owners  map[string]reflect.Type
	// requests are the types used as request bodies: they refuse unknown
	// fields.
	requests map[reflect.Type]bool
}

var (
	timeType = reflect.TypeOf(time.Time{})
	rawType  = reflect.TypeOf(json.RawMessage(nil))
)

// componentName is a type's schema name: its Go name, capitalized.
func componentName(t reflect.Type) string {
	r := []rune(t.Name())
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// schema returns the schema of t, registering named structs as components.
func (g *generator) schema(t reflect.Type) map[string]any {
	switch {
	case t == timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case t == rawType:
		return map[string]any{"description": "Any JSON value."}
	}
	switch t.Kind() {
	case reflect.Pointer:
		s := g.schema(t.Elem())
		if typ, ok := s["type"].(string); ok {
			s["type"] = []string{typ, "null"}
		}
		return s
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int64, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice:
		return map[string]any{"type": "array", "items": g.schema(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": g.schema(t.Elem())}
	case reflect.Interface:
		return map[string]any{}
	case reflect.Struct:
		name := componentName(t)
		if prev, ok := g.owners[name]; ok && prev != t {
			g.t.Fatalf("schema name %s is used by %s and %s", name, prev, t)
		}
		if _, ok := g.schemas[name]; !ok {
			g.owners[name] = t
			g.schemas[name] = nil // break cycles
			g.schemas[name] = g.object(t)
		}
		return map[string]any{"$ref": "#/components/schemas/" + name}
	}
	g.t.Fatalf("no schema for %s", t)
	return nil
}

// object is the schema of a struct's fields.
func (g *generator) object(t reflect.Type) map[string]any {
	props := map[string]any{}
	var required []string
	g.fields(t, props, &required)
	o := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		o["required"] = required
	}
	if d := g.docs[t.Name()]; d != "" {
		o["description"] = d
	}
	if g.requests[t] {
		o["additionalProperties"] = false
	}
	return o
}

// fields adds the properties of t's fields to props, those of embedded
// structs without a JSON name included, as encoding/json promotes them.
func (g *generator) fields(t reflect.Type, props map[string]any, required *[]string) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			g.fields(f.Type, props, required)
			continue
		}
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		s := g.schema(f.Type)
		if d := g.docs[t.Name()+"."+f.Name]; d != "" {
			if _, isRef := s["$ref"]; isRef {
				s = map[string]any{"allOf": []any{s}, "description": d}
			} else {
				s["description"] = d
			}
		}
		props[name] = s
		if !strings.Contains(opts, "omitempty") {
			*required = append(*required, name)
		}
	}
}

// handlerName is the name of a route's handler method.
func handlerName(h api.Handler) string {
	n := runtime.FuncForPC(reflect.ValueOf(h).Pointer()).Name()
	n = n[strings.LastIndex(n, ".")+1:]
	return strings.TrimSuffix(n, "-fm")
}

// requestTypes lists the struct types used in request bodies, nested ones
// included.
func requestTypes(routes []*api.Route) map[reflect.Type]bool {
	out := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || t == timeType || out[t] {
			return
		}
		out[t] = true
		for i := range t.NumField() {
			walk(t.Field(i).Type)
		}
	}
	for _, rt := range routes {
		switch req := rt.Request.(type) {
		case nil, api.Raw:
		case api.OneOf:
			for _, v := range req {
				walk(reflect.TypeOf(v))
			}
		default:
			walk(reflect.TypeOf(req))
		}
	}
	return out
}

// generate builds the OpenAPI document of routes.
func generate(t *testing.T, routes []*api.Route) []byte {
	t.Helper()
	g := &generator{t: t, docs: readDocs(t, ".", "api", "v1", "graphiti", "../wire"), schemas: map[string]any{}, owners: map[string]reflect.Type{}, requests: requestTypes(routes)}
	errorRef := map[string]any{"$ref": "#/components/responses/Error"}
	graphitiErrorRef := map[string]any{"$ref": "#/components/responses/GraphitiError"}
	validationRef := map[string]any{"$ref": "#/components/responses/GraphitiValidationError"}
	paths := map[string]map[string]any{}
	for _, rt := range routes {
		op := map[string]any{"operationId": handlerName(rt.Handle), "summary": rt.Summary, "tags": []string{rt.Tag}}
		if rt.Description != "" {
			op["description"] = rt.Description
		}
		var params []any
		for _, seg := range strings.Split(rt.Path, "/") {
			if strings.HasPrefix(seg, "{") {
				name := strings.Trim(seg, "{}")
				params = append(params, map[string]any{"name": name, "in": "path", "required": true, "schema": map[string]any{"type": "string"}})
			}
		}
		for _, q := range rt.Query {
			params = append(params, map[string]any{"name": q.Name, "in": "query", "description": q.Description, "schema": map[string]any{"type": q.Type}})
		}
		if params != nil {
			op["parameters"] = params
		}
		if _, ok := rt.Request.(api.Raw); ok {
			op["requestBody"] = map[string]any{"required": true, "content": map[string]any{"application/x-ndjson": map[string]any{}}}
		} else if rt.Request != nil {
			var s map[string]any
			if alts, ok := rt.Request.(api.OneOf); ok {
				var list []any
				for _, a := range alts {
					list = append(list, g.schema(reflect.TypeOf(a)))
				}
				s = map[string]any{"oneOf": list}
			} else {
				s = g.schema(reflect.TypeOf(rt.Request))
			}
			media := map[string]any{"schema": s}
			if rt.Example != nil {
				media["example"] = rt.Example
			}
			op["requestBody"] = map[string]any{"required": true, "content": map[string]any{"application/json": media}}
		}
		ok := map[string]any{"description": http200Description(rt)}
		switch resp := rt.Response.(type) {
		case api.Raw:
			ct := "application/json"
			if rt.Path == "/metrics" {
				ct = "text/plain"
			}
			ok["content"] = map[string]any{ct: map[string]any{}}
		case api.Stream:
			ct := resp.ContentType
			if ct == "" {
				ct = "application/x-ndjson"
			}
			ok["content"] = map[string]any{ct: map[string]any{}}
		default:
			ok["content"] = map[string]any{"application/json": map[string]any{"schema": g.schema(reflect.TypeOf(rt.Response))}}
		}
		responses := map[string]any{fmt.Sprint(rt.Status): ok}
		if rt.Auth != api.AuthNone {
			responses["401"] = errorRef
			responses["400"] = errorRef
			responses["503"] = errorRef
			responses["500"] = errorRef
			op["security"] = []any{map[string]any{"bearer": []string{}}, map[string]any{"apiKey": []string{}}}
		} else {
			op["security"] = []any{}
		}
		if rt.Auth == api.AuthGroup || rt.Request != nil {
			responses["403"] = errorRef
		}
		if strings.Contains(rt.Path, "{uuid}") || rt.Auth == api.AuthGroup {
			responses["404"] = errorRef
		}
		if rt.Request != nil {
			responses["413"] = errorRef
		}
		if rt.Ingests {
			responses["429"] = map[string]any{"$ref": "#/components/responses/BudgetExceeded"}
		}
		if rt.Graphiti {
			// Graphiti's answers (graphiti_errors.go): invalid input is
			// 422 with FastAPI's detail.
			for code := range responses {
				if code[0] != '2' {
					responses[code] = graphitiErrorRef
				}
			}
			if _, ok := responses["400"]; ok {
				delete(responses, "400")
				responses["422"] = validationRef
			}
		}
		op["responses"] = responses
		if paths[rt.Path] == nil {
			paths[rt.Path] = map[string]any{}
		}
		paths[rt.Path][strings.ToLower(rt.Method)] = op
	}
	errSchema := g.schema(reflect.TypeOf(api.ErrorBody{}))
	graphitiFailure, graphitiValidation := graphiti.ErrorBodies()
	graphitiErrSchema := g.schema(reflect.TypeOf(graphitiFailure))
	validationSchema := g.schema(reflect.TypeOf(graphitiValidation))
	docOut := map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{
			"title":   "mnemo",
			"version": "1",
			"description": "Temporal knowledge-graph memory for AI agents. Episodes go in; entities and bi-temporal " +
				"facts come out, and newer facts supersede older ones instead of erasing them. With no API keys configured " +
				"no key is needed; with keys, each key may use its groups only (401 without a key, 403 for another group).",
		},
		"servers": []any{map[string]any{"url": "http://127.0.0.1:8080"}},
		"paths":   paths,
		"components": map[string]any{
			"schemas": g.schemas,
			"responses": map[string]any{
				"Error": map[string]any{
					"description": "An error: what went wrong and its kind.",
					"content":     map[string]any{"application/json": map[string]any{"schema": errSchema}},
				},
				"BudgetExceeded": map[string]any{
					"description": "A budget of the group or of the API key is spent (budget.*, http.keys.budget; code budget): " +
						"nothing of the request was stored. Retry-After says when the budget's window admits it.",
					"headers": map[string]any{"Retry-After": map[string]any{
						"description": "Seconds until the budget's window (the minute, or the UTC day) admits the request.",
						"schema":      map[string]any{"type": "integer"},
					}},
					"content": map[string]any{"application/json": map[string]any{"schema": errSchema}},
				},
				"GraphitiError": map[string]any{
					"description": "An error of a Graphiti route: FastAPI's detail, with what went wrong and its kind.",
					"content":     map[string]any{"application/json": map[string]any{"schema": graphitiErrSchema}},
				},
				"GraphitiValidationError": map[string]any{
					"description": "Invalid input to a Graphiti route, as FastAPI answers it: each failing field's location, message and type.",
					"content":     map[string]any{"application/json": map[string]any{"schema": validationSchema}},
				},
			},
			"securitySchemes": map[string]any{
				"bearer": map[string]any{"type": "http", "scheme": "bearer", "description": "An API key of http.keys."},
				"apiKey": map[string]any{"type": "apiKey", "in": "header", "name": "X-API-Key", "description": "An API key of http.keys."},
			},
		},
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(docOut); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func http200Description(rt *api.Route) string {
	switch rt.Status {
	case 202:
		return "Accepted into the ingestion queue."
	case 201:
		return "Created."
	}
	return "OK."
}

// sortedKeys returns a map's keys in order, for stable messages.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func writeGolden(t *testing.T, b []byte) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(".", "openapi.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}
