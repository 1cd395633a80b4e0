package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestIngestLargeJSONEpisode ingests a JSONL line whose content is a
// 242 KB JSON document (issue 16: it failed with "unexpected EOF", cut to
// 16 pieces of 12 KB mid-document) with low entity and fact caps, and
// checks that it is extracted and that the summary says what the caps cut.
func TestIngestLargeJSONEpisode(t *testing.T) {
	type person struct {
		Name     string            `json:"name"`
		City     string            `json:"city"`
		Employer map[string]string `json:"employer"`
		JoinedAt string            `json:"joined_at"`
	}
	doc := struct {
		Name   string   `json:"name"`
		People []person `json:"people"`
	}{Name: "Acme directory"}
	var content []byte
	for i := 0; len(content) < 242<<10; i++ {
		doc.People = append(doc.People, person{
			Name: fmt.Sprintf("Person %d", i), City: fmt.Sprintf("City %d", i%50),
			Employer: map[string]string{"name": fmt.Sprintf("Company %d", i%30)}, JoinedAt: fmt.Sprintf("2024-01-%02d", i%28+1),
		})
		if i%100 == 0 {
			content, _ = json.Marshal(doc)
		}
	}
	content, _ = json.Marshal(doc)
	line, _ := json.Marshal(map[string]string{"source": "json", "content": string(content), "reference_time": "2025-01-01T00:00:00Z"})

	dir := t.TempDir()
	config := filepath.Join(dir, "mnemo.toml")
	writeFile(t, config, "[ingest]\nmax_entities = 100\nmax_facts = 50\n")
	r := ok(t, filepath.Join(dir, "db"), string(line)+"\n", "--config", config, "ingest", "--group", "big-json", "-")
	for _, want := range []string{
		"1 done, 0 failed",
		"entities:      100 new",
		"warnings:      1 episodes",
		fmt.Sprintf("line 1: episode of %d bytes extracted in ", len(content)),
		"entities per episode (ingest.max_entities)",
		"facts per episode (ingest.max_facts)",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("ingest summary lacks %q:\n%s\nstderr:\n%s", want, r.stdout, r.stderr)
		}
	}
}
