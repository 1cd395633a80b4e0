package mcpserver_test

import (
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/mnemohq/mnemo/host/mcpserver"
)

// TestAddMemoryFirstPerson checks that add_memory of plain first-person
// text, with no "Name:" label, gives the facts it states on the offline
// defaults: said by the user, or by the speaker the call names.
func TestAddMemoryFirstPerson(t *testing.T) {
	h := openHost(t, nil)
	srv := httptest.NewServer(mcpserver.New(h, mcpserver.Options{DefaultGroup: "first-person"}).Handler())
	defer srv.Close()
	s, err := connect(t, srv.URL, "")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	const body = "I moved to Lisbon last month and I work at Acme now"
	tests := []struct {
		name  string
		args  map[string]any
		group string
		want  []string
	}{
		{"no speaker", map[string]any{}, "fp-user", []string{"User moved to Lisbon", "User works at Acme"}},
		{"speaker argument", map[string]any{"speaker": "Priya"}, "fp-priya", []string{"Priya moved to Lisbon", "Priya works at Acme"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := map[string]any{"episode_body": body, "group_id": tc.group, "reference_time": "2024-05-15T12:00:00Z", "wait_seconds": 60}
			for k, v := range tc.args {
				args[k] = v
			}
			var added map[string]any
			if e := call(t, s, "add_memory", args, &added); e != "" || added["status"] != "done" {
				t.Fatalf("add_memory(%q) = %v %s, want done", body, added, e)
			}
			var r factsResult
			if e := call(t, s, "search_memory_facts", map[string]any{"query": "Lisbon Acme", "group_ids": []string{tc.group}}, &r); e != "" {
				t.Fatal(e)
			}
			got := r.texts()
			for _, w := range tc.want {
				if !slices.Contains(got, w) {
					t.Errorf("search_memory_facts(Lisbon Acme) = %q, want %q among them", got, w)
				}
			}
		})
	}
}
