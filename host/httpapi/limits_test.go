package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// jsonDirectory is a JSON document of at least size bytes: a directory of
// people (40 names, so the graph stays small), each with a city, an
// employer and a note, whose last entry is Zed Last of Omega City.
func jsonDirectory(size int) string {
	type person struct {
		Name     string            `json:"name"`
		City     string            `json:"city"`
		Employer map[string]string `json:"employer,omitempty"`
		Notes    string            `json:"notes,omitempty"`
	}
	doc := struct {
		Name   string   `json:"name"`
		People []person `json:"people"`
	}{Name: "Acme directory"}
	for n := 0; ; n++ {
		doc.People = append(doc.People, person{
			Name: fmt.Sprintf("Person %d", n%40), City: fmt.Sprintf("City %d", n%40),
			Employer: map[string]string{"name": fmt.Sprintf("Company %d", n%40)}, Notes: "Works on a project with the team.",
		})
		if n%100 == 0 {
			b, _ := json.Marshal(doc)
			if len(b) >= size {
				break
			}
		}
	}
	doc.People = append(doc.People, person{Name: "Zed Last", City: "Omega City"})
	b, _ := json.Marshal(doc)
	return string(b)
}

// longText is prose of at least size bytes in paragraphs, about 40
// people, ending with Zed Last, who lives in Omega City.
func longText(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "Person %d lives in City %d. The weather was fine that day and nothing else happened.\n\n", i%40, i%40)
	}
	b.WriteString("Zed Last lives in Omega City.\n")
	return b.String()
}

// TestLargeEpisodesExtractedWhole posts large episodes and checks that every piece of them is extracted, up to the last
// entity (issue 16: a 242 KB JSON episode failed with "unexpected EOF",
// and of a 1 MB text only 16 pieces of 12 KB were extracted).
func TestLargeEpisodesExtractedWhole(t *testing.T) {
	a := newAPI(t, nil)
	tests := []struct {
		name, group, source, content string
		wantEntities                 []string
	}{
		{"242 KB JSON document", "limits-json", "json", jsonDirectory(242 << 10), []string{"Person 0", "City 0", "Zed Last", "Omega City"}},
		// 34 pieces of 12 KB, over the former cap of 16 (the default cap
		// covers 1 MiB: TestIngestDefaults).
		{"400 KB text", "limits-text", "text", longText(400 << 10), []string{"City 0", "Omega City"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var acc accepted
			code, raw := a.do("POST", "/v1/groups/"+tt.group+"/episodes", map[string]any{
				"source": tt.source, "content": tt.content, "reference_time": "2024-03-01T10:00:00Z"}, &acc)
			if code != 202 {
				t.Fatalf("POST episodes (%d bytes) = %d %.200s, want 202", len(tt.content), code, raw)
			}
			st := a.waitDone(acc.Episodes[0].StatusURL)
			if st["status"] != "done" {
				t.Fatalf("status = %v, want done", st)
			}
			var warnings []string
			for _, w := range st["warnings"].([]any) {
				warnings = append(warnings, w.(string))
			}
			wantPieces := fmt.Sprintf("episode of %d bytes extracted in ", len(tt.content))
			if !strings.Contains(strings.Join(warnings, "\n"), wantPieces) {
				t.Errorf("warnings = %q, want %q…", warnings, wantPieces)
			}
			for _, w := range warnings {
				if strings.Contains(w, "not extracted") || strings.Contains(w, "not added") {
					t.Errorf("warning %q: want the whole episode extracted", w)
				}
			}
			var ents struct {
				Entities []struct {
					Name string `json:"name"`
				} `json:"entities"`
			}
			a.do("GET", "/v1/groups/"+tt.group+"/entities?limit=1000", nil, &ents)
			var names []string
			for _, e := range ents.Entities {
				names = append(names, e.Name)
			}
			for _, want := range tt.wantEntities {
				if !strings.Contains(strings.Join(names, "\n"), want) {
					t.Errorf("entities = %q, want %s (from the last piece) among them", names, want)
				}
			}
		})
	}
}
