package httpapi_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestGraphitiLenientBodies checks that the Graphiti routes ignore fields
// they do not know, as Graphiti's server (FastAPI, pydantic) does, while
// mnemo's own routes still refuse them.
func TestGraphitiLenientBodies(t *testing.T) {
	a := newAPI(t, nil)
	msg := map[string]any{"content": "Bob works at Initech.", "role_type": "user", "role": "Alice", "timestamp": "2024-06-01T12:00:00Z", "unknown": true}
	for _, tc := range []struct {
		path string
		body map[string]any
		want int
	}{
		{"/messages", map[string]any{"group_id": "gr-lenient", "messages": []any{msg}, "extra": map[string]any{"x": 1}}, 202},
		{"/entity-node", map[string]any{"group_id": "gr-lenient", "name": "Initech", "labels": []string{"Company"}}, 201},
		{"/search", map[string]any{"group_ids": []string{"gr-lenient"}, "query": "Bob", "max_facts": 3, "search_type": "hybrid"}, 200},
		{"/get-memory", map[string]any{"group_id": "gr-lenient", "messages": []any{msg}, "max_facts": 3, "extra": nil}, 200},
	} {
		if code, raw := a.do("POST", tc.path, tc.body, nil); code != tc.want {
			t.Errorf("POST %s with unknown fields = %d %s, want %d", tc.path, code, raw, tc.want)
		}
	}
	a.waitIdle("gr-lenient")
	if code, raw := a.do("POST", "/v1/groups/gr-lenient/episodes", map[string]any{"content": "Ann: hi", "reference_time": "2024-06-01T12:00:00Z", "extra": 1}, nil); code != 400 {
		t.Errorf("mnemo's own route with an unknown field = %d %s, want 400", code, raw)
	}
}

// TestGraphitiValidationErrors checks that invalid input to a Graphiti
// route is answered as FastAPI answers it: 422 with a detail naming the
// failing field (loc), pydantic's type of failure and a message; and that
// its other errors carry a detail too.
func TestGraphitiValidationErrors(t *testing.T) {
	a := newAPI(t, nil)
	ok := map[string]any{"content": "hi", "role_type": "user", "role": "Alice"}
	with := func(k string, v any) map[string]any {
		m := map[string]any{"content": "hi", "role_type": "user", "role": "Alice"}
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
		return m
	}
	tests := []struct {
		name     string
		method   string
		path     string
		body     any
		wantLoc  []any
		wantType string
	}{
		{"group_id missing", "POST", "/messages", map[string]any{"messages": []any{ok}}, []any{"body", "group_id"}, "missing"},
		{"group_id not a string", "POST", "/messages", map[string]any{"group_id": 5, "messages": []any{ok}}, []any{"body", "group_id"}, "string_type"},
		{"group_id invalid", "POST", "/messages", map[string]any{"group_id": "a b", "messages": []any{ok}}, []any{"body", "group_id"}, "value_error"},
		{"messages missing", "POST", "/messages", map[string]any{"group_id": "gr-422"}, []any{"body", "messages"}, "missing"},
		{"messages empty", "POST", "/messages", map[string]any{"group_id": "gr-422", "messages": []any{}}, []any{"body", "messages"}, "too_short"},
		{"messages not a list", "POST", "/messages", map[string]any{"group_id": "gr-422", "messages": "hi"}, []any{"body", "messages"}, "list_type"},
		{"role_type unknown", "POST", "/messages", map[string]any{"group_id": "gr-422", "messages": []any{with("role_type", "robot")}}, []any{"body", "messages", 0.0, "role_type"}, "literal_error"},
		{"content missing", "POST", "/messages", map[string]any{"group_id": "gr-422", "messages": []any{ok, with("content", nil)}}, []any{"body", "messages", 1.0, "content"}, "missing"},
		{"timestamp not a date", "POST", "/messages", map[string]any{"group_id": "gr-422", "messages": []any{with("timestamp", "yesterday")}}, []any{"body", "messages", 0.0, "timestamp"}, "datetime_from_date_parsing"},
		{"content not a string", "POST", "/messages", map[string]any{"group_id": "gr-422", "messages": []any{with("content", 3)}}, []any{"body", "messages", "content"}, "string_type"},
		{"not JSON", "POST", "/messages", "{not json", []any{"body", 2.0}, "json_invalid"},
		{"no body", "POST", "/messages", "", []any{"body"}, "missing"},
		{"max_facts too large", "POST", "/search", map[string]any{"query": "x", "max_facts": 5000}, []any{"body", "max_facts"}, "value_error"},
		{"max_facts not an integer", "POST", "/search", map[string]any{"query": "x", "max_facts": "ten"}, []any{"body", "max_facts"}, "int_type"},
		{"group_ids[1] invalid", "POST", "/search", map[string]any{"query": "x", "group_ids": []string{"gr-422", ""}}, []any{"body", "group_ids", 1.0}, "missing"},
		{"center_node_uuid invalid", "POST", "/get-memory", map[string]any{"group_id": "gr-422", "messages": []any{ok}, "center_node_uuid": "not a uuid!"}, []any{"body", "center_node_uuid"}, "value_error"},
		{"entity name missing", "POST", "/entity-node", map[string]any{"group_id": "gr-422"}, []any{"body", "name"}, "missing"},
		{"last_n not an integer", "GET", "/episodes/gr-422?last_n=ten", nil, []any{"query", "last_n"}, "int_parsing"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out struct {
				Detail []struct {
					Loc  []any  `json:"loc"`
					Msg  string `json:"msg"`
					Type string `json:"type"`
				} `json:"detail"`
			}
			code, raw := a.do(tc.method, tc.path, tc.body, &out)
			if code != 422 || len(out.Detail) != 1 {
				t.Fatalf("%s %s = %d %s, want 422 with one detail", tc.method, tc.path, code, raw)
			}
			d := out.Detail[0]
			if !cmp.Equal(d.Loc, tc.wantLoc) || d.Type != tc.wantType || d.Msg == "" {
				t.Errorf("detail = %+v, want loc %v and type %s with a message", d, tc.wantLoc, tc.wantType)
			}
		})
	}
	var nf struct {
		Detail string `json:"detail"`
		Code   string `json:"code"`
	}
	if code, raw := a.do("GET", "/entity-edge/no-such-edge", nil, &nf); code != 404 || nf.Detail == "" || nf.Code != "not_found" {
		t.Errorf("GET an unknown edge = %d %s, want 404 with a detail", code, raw)
	}
}
