package httpapi_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestGraphitiSearch checks POST /search and POST /get-memory against
// Graphiti's shapes: {"facts": [FactResult]} with exactly its fields.
func TestGraphitiSearch(t *testing.T) {
	a := newAPI(t, nil)
	a.fresh("grs-1", "grs-2")
	for _, g := range []string{"grs-1", "grs-2"} {
		content := "Hana works at Wayne Enterprises and lives in Gotham."
		if g == "grs-2" {
			content = "Ivan works at Wayne Enterprises and lives in Metropolis."
		}
		code, raw := a.do("POST", "/messages", map[string]any{"group_id": g, "messages": []map[string]any{
			{"content": content, "role_type": "user", "role": "Hana", "timestamp": "2024-06-01T12:00:00Z"},
		}}, nil)
		if code != 202 {
			t.Fatalf("POST /messages = %d %s", code, raw)
		}
		a.waitIdle(g)
	}

	var res struct {
		Facts []map[string]json.RawMessage `json:"facts"`
	}
	code, raw := a.do("POST", "/search", map[string]any{"group_ids": []string{"grs-1"}, "query": "Where does Hana work?", "max_facts": 5}, &res)
	if code != 200 || len(res.Facts) != 2 {
		t.Fatalf("POST /search = %d %s, want 200 with Hana's 2 facts", code, raw)
	}
	var keys []string
	for k := range res.Facts[0] {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	want := []string{"created_at", "episodes", "expired_at", "fact", "invalid_at", "name", "source_node_uuid", "target_node_uuid", "uuid", "valid_at"}
	if diff := cmp.Diff(want, keys); diff != "" {
		t.Errorf("FactResult fields (-want +got):\n%s", diff)
	}
	var first graphitiFact
	if err := json.Unmarshal(mustJSON(t, res.Facts[0]), &first); err != nil {
		t.Fatal(err)
	}
	if first.Fact != "Hana works at Wayne Enterprises" || first.Name != "WORKS_AT" || first.SourceNodeUUID == "" || len(first.Episodes) != 1 {
		t.Errorf("first fact = %+v, want Hana's job with its nodes and episode", first)
	}

	var one struct {
		Facts []graphitiFact `json:"facts"`
	}
	a.do("POST", "/search", map[string]any{"group_ids": []string{"grs-1", "grs-2"}, "query": "Wayne Enterprises", "max_facts": 1}, &one)
	if len(one.Facts) != 1 {
		t.Errorf("facts with max_facts 1 = %+v, want 1", one.Facts)
	}
	var both struct {
		Facts []graphitiFact `json:"facts"`
	}
	a.do("POST", "/search", map[string]any{"group_ids": []string{"grs-1", "grs-2"}, "query": "Who works at Wayne Enterprises?"}, &both)
	var jobs []string
	for _, f := range both.Facts {
		if f.Name == "WORKS_AT" {
			jobs = append(jobs, f.Fact)
		}
	}
	slices.Sort(jobs)
	if diff := cmp.Diff([]string{"Hana works at Wayne Enterprises", "Ivan works at Wayne Enterprises"}, jobs); diff != "" {
		t.Errorf("WORKS_AT facts of both groups (-want +got):\n%s", diff)
	}

	var mem struct {
		Facts []graphitiFact `json:"facts"`
	}
	code, raw = a.do("POST", "/get-memory", map[string]any{"group_id": "grs-1", "max_facts": 3, "center_node_uuid": nil, "messages": []map[string]any{
		{"content": "Hana lives in Gotham, I think.", "role_type": "user", "role": "Jo"},
		{"content": "Noted.", "role_type": "assistant", "role": "bot"},
	}}, &mem)
	if code != 200 || len(mem.Facts) == 0 || mem.Facts[0].Fact != "Hana lives in Gotham" {
		t.Fatalf("POST /get-memory = %d %s, want Hana's home first", code, raw)
	}
	for _, f := range mem.Facts {
		if f.Fact == "Ivan works at Wayne Enterprises" || f.Fact == "Ivan lives in Metropolis" {
			t.Errorf("get-memory of grs-1 returned %q of grs-2", f.Fact)
		}
	}

	// A centre ranks the facts touching it first, whatever the query says.
	center := first.TargetNodeUUID
	code, raw = a.do("POST", "/get-memory", map[string]any{"group_id": "grs-1", "center_node_uuid": center, "messages": []map[string]any{
		{"content": "Which city is Hana in?", "role_type": "user", "role": "Jo"},
	}}, &mem)
	if code != 200 || len(mem.Facts) == 0 || mem.Facts[0].TargetNodeUUID != center {
		t.Errorf("POST /get-memory centred on Wayne Enterprises = %d %s, want the job fact first", code, raw)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
