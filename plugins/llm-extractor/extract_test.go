package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// testOntology is a small ontology with every part the prompt renders.
var testOntology = &abi.Ontology{
	EntityTypes: []abi.EntityType{
		{Name: "Person", Description: "A human being, named or described by relation.", Attributes: []abi.Attribute{{Name: "role", Description: "their job"}}},
		{Name: "City", Description: "A city or town."},
		{Name: "Company", Description: "A business."},
		{Name: "Date", Description: "A calendar date."},
	},
	FactTypes: []abi.FactType{
		{Name: "LivesIn", Description: "Where a person lives.", SourceTypes: []string{"Person"}, TargetTypes: []string{"City"}, Attributes: []abi.Attribute{{Name: "since"}}},
		{Name: "WORKS_AT", SourceTypes: []string{"Person"}, TargetTypes: []string{"Company"}},
	},
	ExcludedEntityTypes: []string{"Date"},
	Instructions:        "Prefer full names.",
}

func messageEpisode(content string) abi.Episode {
	return abi.Episode{Source: "message", SourceDescription: "support chat", Content: content, ReferenceTime: "2025-03-14T09:26:53+01:00"}
}

// placeholder matches a placeholder left in a rendered prompt.
var placeholder = regexp.MustCompile(`\{[a-z_]+\}`)

var emptyExtraction = map[string]any{"entities": []any{}, "facts": []any{}}

func TestExtractPrompt(t *testing.T) {
	previous := []abi.Episode{
		{Source: "message", Content: "alice: I'm looking for a flat.", ReferenceTime: "2025-03-14T09:20:00+01:00"},
		{Source: "message", Content: "bob: where do you live now?", ReferenceTime: "2025-03-14T09:25:00+01:00"},
	}
	tests := []struct {
		name    string
		episode abi.Episode
		want    []string
		notWant []string
	}{
		{
			name:    "message",
			episode: messageEpisode("alice: I moved to Lisbon last month."),
			want:    []string{"## This episode is a message", "The speaker is always an entity and the first one you list"},
			notWant: []string{"## This episode is a text", "## This episode is a JSON document"},
		},
		{
			name:    "text",
			episode: abi.Episode{Source: "text", Content: "Acme opened an office in Lisbon.", ReferenceTime: "2025-03-14T09:26:53+01:00"},
			want:    []string{"## This episode is a text", "its author is not an entity"},
			notWant: []string{"## This episode is a message", "## This episode is a JSON document"},
		},
		{
			name:    "json",
			episode: abi.Episode{Source: "json", Content: `{"name": "Ann", "employer": "Acme"}`, ReferenceTime: "2025-03-14T09:26:53+01:00"},
			want:    []string{"## This episode is a JSON document", "Field names are not entities", "belongs in the entity's attributes or summary"},
			notWant: []string{"## This episode is a message", "## This episode is a text"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, s, _ := newTest(t, `{"instructions": "Write dates carefully."}`, map[string][]any{promptExtract: {emptyExtraction}})
			var out abi.ExtractResponse
			mustCall(t, x, abi.CapExtract, abi.ExtractRequest{Episode: tt.episode, Previous: previous, Ontology: testOntology}, &out)
			if len(s.reqs) != 1 {
				t.Fatalf("extract made %d LLM calls, want 1", len(s.reqs))
			}
			req := s.reqs[0]
			if req.Prompt != promptExtract || req.Model != modelMain || req.Temperature == nil || *req.Temperature != 0 || req.MaxTokens != defaultMaxOutputTokens {
				t.Errorf("extract request = prompt %q model %q temperature %v max tokens %d, want extract, main, 0, %d",
					req.Prompt, req.Model, req.Temperature, req.MaxTokens, defaultMaxOutputTokens)
			}
			if len(req.Messages) != 2 || req.Messages[0].Role != "system" || req.Messages[1].Role != "user" {
				t.Fatalf("extract messages = %+v, want a system and a user message", req.Messages)
			}
			system, user := req.Messages[0].Content, req.Messages[1].Content
			wantSystem := append([]string{
				// The ontology's types, descriptions, attributes and
				// signatures, with fact types in SCREAMING_SNAKE_CASE.
				"- Person: A human being, named or described by relation.", "attributes: role (their job)",
				"- City: A city or town.", "- Company: A business.",
				"- LIVES_IN (from Person to City): Where a person lives.", "attributes: since",
				"- WORKS_AT (from Person to Company)",
				"Do not list entities of these types: Date.",
				"Prefer full names.", "Write dates carefully.",
				"List at most 50 entities and 100 facts",
			}, tt.want...)
			if w, ok := containsAll(system, wantSystem...); !ok {
				t.Errorf("extract system prompt lacks %q:\n%s", w, system)
			}
			for _, w := range append(tt.notWant, "- Date: A calendar date.") {
				if strings.Contains(system, w) {
					t.Errorf("extract system prompt contains %q:\n%s", w, system)
				}
			}
			if p := placeholder.FindString(system); p != "" {
				t.Errorf("extract system prompt keeps the placeholder %s", p)
			}
			wantUser := []string{
				"<reference_time>2025-03-14T09:26:53+01:00 (Friday)</reference_time>",
				"bob: where do you live now?", "alice: I'm looking for a flat.",
				tt.episode.Content,
			}
			if w, ok := containsAll(user, wantUser...); !ok {
				t.Errorf("extract user prompt lacks %q:\n%s", w, user)
			}
			if strings.Index(user, "looking for a flat") > strings.Index(user, "where do you live") {
				t.Errorf("previous episodes are not oldest first:\n%s", user)
			}
			if strings.Index(user, "<current_episode") < strings.Index(user, "</previous_episodes>") {
				t.Errorf("the current episode does not come after the previous ones:\n%s", user)
			}
			if !json.Valid(req.Schema) {
				t.Errorf("extract schema is not JSON: %s", req.Schema)
			}
		})
	}
}

func TestExtractWithoutOntologyAsksForKinds(t *testing.T) {
	x, s, _ := newTest(t, "", map[string][]any{promptExtract: {map[string]any{
		"entities": []any{
			map[string]any{"name": "Acme", "kind": "company", "summary": ""},
			map[string]any{"name": "Lisbon", "kind": "City", "summary": ""},
			map[string]any{"name": "Quantum computing", "kind": "Other", "summary": ""},
		},
		"facts": []any{},
	}}})
	var out abi.ExtractResponse
	mustCall(t, x, abi.CapExtract, abi.ExtractRequest{Episode: abi.Episode{Source: "text", Content: "Acme in Lisbon works on quantum computing.", ReferenceTime: "2025-03-14T09:26:53Z"}}, &out)
	system := s.reqs[0].Messages[0].Content
	if w, ok := containsAll(system, "- kind: what sort of entity it is: Person, Organization, Location"); !ok {
		t.Errorf("extract system prompt lacks %q", w)
	}
	for _, w := range []string{"ENTITY TYPES", "FACT TYPES", "- type:"} {
		if strings.Contains(system, w) {
			t.Errorf("extract system prompt without an ontology contains %q", w)
		}
	}
	want := []abi.ExtractedEntity{
		{Name: "Acme", Attributes: map[string]any{"kind": "Organization"}},
		{Name: "Lisbon", Attributes: map[string]any{"kind": "Location"}},
		{Name: "Quantum computing"},
	}
	if diff := cmp.Diff(want, out.Entities); diff != "" {
		t.Errorf("Extract() entities mismatch (-want +got):\n%s", diff)
	}
}

func TestExtractUsesConfiguredOntology(t *testing.T) {
	config := `{"ontology": {"entity_types": [{"name": "Pet", "description": "An animal someone keeps."}]}}`
	x, s, _ := newTest(t, config, map[string][]any{promptExtract: {emptyExtraction, emptyExtraction}})
	var out abi.ExtractResponse
	mustCall(t, x, abi.CapExtract, abi.ExtractRequest{Episode: messageEpisode("alice: my dog Rex is ill")}, &out)
	if w, ok := containsAll(s.reqs[0].Messages[0].Content, "- Pet: An animal someone keeps."); !ok {
		t.Errorf("extract with no ontology in the request lacks the configured one's %q", w)
	}
	// The request's ontology wins over the configured one.
	mustCall(t, x, abi.CapExtract, abi.ExtractRequest{Episode: messageEpisode("alice: my dog Rex is ill"), Ontology: testOntology}, &out)
	if system := s.reqs[1].Messages[0].Content; strings.Contains(system, "- Pet:") || !strings.Contains(system, "- City:") {
		t.Errorf("extract with an ontology in the request does not use it:\n%s", system)
	}
}

func TestExtractSettings(t *testing.T) {
	config := `{"extract_model": "small", "language": "German", "summaries": false, "temperature": null, "max_output_tokens": 2048, "max_entities": 5, "max_facts": 7}`
	x, s, _ := newTest(t, config, map[string][]any{promptExtract: {emptyExtraction}})
	var out abi.ExtractResponse
	mustCall(t, x, abi.CapExtract, abi.ExtractRequest{Episode: messageEpisode("alice: hi"), Ontology: testOntology}, &out)
	req := s.reqs[0]
	if req.Model != modelSmall || req.Temperature != nil || req.MaxTokens != 2048 {
		t.Errorf("extract request = model %q temperature %v max tokens %d, want small, none, 2048", req.Model, req.Temperature, req.MaxTokens)
	}
	system := req.Messages[0].Content
	if w, ok := containsAll(system, "Write fact sentences and summaries in German", "List at most 5 entities and 7 facts"); !ok {
		t.Errorf("extract system prompt lacks %q:\n%s", w, system)
	}
	if strings.Contains(system, "- summary:") || strings.Contains(string(req.Schema), `"summary"`) {
		t.Errorf("extract asks for summaries with summaries off")
	}
}

func TestExtractSchemaIsStrict(t *testing.T) {
	for _, o := range []*abi.Ontology{nil, testOntology} {
		for _, summaries := range []bool{false, true} {
			raw := extractSchema(prepareOntology(o), summaries)
			var doc any
			if err := json.Unmarshal(raw, &doc); err != nil {
				t.Fatalf("extractSchema() = %s: %v", raw, err)
			}
			checkStrict(t, "#", doc)
			props := doc.(map[string]any)["properties"].(map[string]any)
			entity := props["entities"].(map[string]any)["items"].(map[string]any)["properties"].(map[string]any)
			_, hasType := entity["type"]
			_, hasKind := entity["kind"]
			_, hasSummary := entity["summary"]
			_, hasAttrs := entity["attributes"]
			if hasType != (o != nil) || hasKind != (o == nil) || hasSummary != summaries || hasAttrs != (o != nil) {
				t.Errorf("extractSchema(ontology %v, summaries %v) entity members = %v", o != nil, summaries, entity)
			}
		}
	}
	// Members keep the order models should fill them in.
	raw := string(extractSchema(prepareOntology(testOntology), true))
	order := []string{`"entities"`, `"name"`, `"type"`, `"summary"`, `"facts"`, `"source"`, `"relation"`, `"target"`, `"fact"`, `"valid_at"`, `"invalid_at"`}
	at := 0
	for _, k := range order {
		i := strings.Index(raw[at:], k)
		if i < 0 {
			t.Fatalf("extractSchema() lists %s out of order: %s", k, raw)
		}
		at += i
	}
}

// checkStrict checks that every object schema requires all its properties
// and allows no others, as OpenAI's strict mode needs.
func checkStrict(t *testing.T, at string, v any) {
	t.Helper()
	m, ok := v.(map[string]any)
	if !ok {
		return
	}
	if props, ok := m["properties"].(map[string]any); ok {
		req, _ := m["required"].([]any)
		if len(req) != len(props) {
			t.Errorf("%s: required %v does not list all of %d properties", at, req, len(props))
		}
		if m["additionalProperties"] != false {
			t.Errorf("%s: additionalProperties = %v, want false", at, m["additionalProperties"])
		}
		for k, p := range props {
			checkStrict(t, at+"/properties/"+k, p)
		}
	}
	if items, ok := m["items"]; ok {
		checkStrict(t, at+"/items", items)
	}
}

func TestExtractErrors(t *testing.T) {
	tests := []struct {
		name    string
		answer  any
		err     error
		wantErr string
	}{
		{name: "the model fails", err: errModel, wantErr: "complete extract prompt: llm endpoint unavailable"},
		{name: "an answer that is not JSON", answer: "entities: Alice", wantErr: "decode extract answer"},
		{name: "an answer of the wrong shape", answer: `{"entities": "Alice"}`, wantErr: "decode extract answer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, s, _ := newTest(t, "", map[string][]any{promptExtract: {tt.answer}})
			s.err = tt.err
			var out abi.ExtractResponse
			err := call(t, x, abi.CapExtract, abi.ExtractRequest{Episode: messageEpisode("alice: hi")}, &out)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Extract() = %+v, %v; want error containing %q", out, err, tt.wantErr)
			}
		})
	}
}

func TestExtractEmptyEpisodeMakesNoCall(t *testing.T) {
	x, s, _ := newTest(t, "", nil)
	var out abi.ExtractResponse
	mustCall(t, x, abi.CapExtract, abi.ExtractRequest{Episode: messageEpisode("  \n ")}, &out)
	if len(s.reqs) != 0 || len(out.Entities) != 0 || len(out.Facts) != 0 {
		t.Errorf("Extract(empty) = %+v after %d calls, want nothing and no call", out, len(s.reqs))
	}
}

func TestExtractBoundsTheEpisode(t *testing.T) {
	x, s, _ := newTest(t, `{"max_episode_chars": 1000, "max_context_chars": 300}`, map[string][]any{promptExtract: {emptyExtraction}})
	long := strings.Repeat("Alice met Bob in Lisbon. ", 200) // 5000 bytes, 4999 trimmed
	prev := []abi.Episode{{Source: "text", Content: strings.Repeat("Earlier text. ", 100), ReferenceTime: "2025-03-13T09:00:00Z"}}
	var out abi.ExtractResponse
	mustCall(t, x, abi.CapExtract, abi.ExtractRequest{Episode: abi.Episode{Source: "text", Content: long, ReferenceTime: "2025-03-14T09:26:53Z"}, Previous: prev}, &out)
	user := s.reqs[0].Messages[1].Content
	if n := strings.Count(user, "Alice met Bob"); n < 30 || n > 40 {
		t.Errorf("extract sent %d of 200 sentences with max_episode_chars 1000, want about 40", n)
	}
	if n := strings.Count(user, "Earlier text."); n > 12 {
		t.Errorf("extract sent %d context sentences with max_context_chars 300, want at most 12", n)
	}
	if len(out.Warnings) != 1 || !strings.Contains(out.Warnings[0], "episode of 4999 bytes: extracted from the first 999,") {
		t.Errorf("Extract(long) warnings = %q, want one about the cut", out.Warnings)
	}
}

func TestExtractWithoutReferenceTime(t *testing.T) {
	answer := map[string]any{"entities": []any{
		map[string]any{"name": "alice", "summary": "", "kind": "Person"},
		map[string]any{"name": "Lisbon", "summary": "", "kind": "Location"},
	}, "facts": []any{
		map[string]any{"source": "alice", "relation": "LIVES_IN", "target": "Lisbon", "fact": "alice lives in Lisbon", "valid_at": "2025-02-01", "invalid_at": nil},
	}}
	x, s, _ := newTest(t, "", map[string][]any{promptExtract: {answer}})
	ep := messageEpisode("alice: I live in Lisbon")
	ep.ReferenceTime = "yesterday"
	var out abi.ExtractResponse
	mustCall(t, x, abi.CapExtract, abi.ExtractRequest{Episode: ep}, &out)
	if w, ok := containsAll(s.reqs[0].Messages[1].Content, "<reference_time>unknown"); !ok {
		t.Errorf("extract user prompt lacks %q", w)
	}
	if len(out.Facts) != 1 || out.Facts[0].ValidAt != "2025-02-01T00:00:00Z" {
		t.Errorf("Extract() facts = %+v, want the date read in UTC", out.Facts)
	}
	if len(out.Warnings) != 1 || !strings.Contains(out.Warnings[0], `reference time "yesterday"`) {
		t.Errorf("Extract() warnings = %q, want one about the reference time", out.Warnings)
	}
}

func TestPieces(t *testing.T) {
	record := func(i int) string { return fmt.Sprintf(`{"id": %d, "name": "Customer %d", "city": "Lisbon"}`, i, i) } // 50 bytes
	array := func(n int) string {
		var rs []string
		for i := range n {
			rs = append(rs, record(i))
		}
		return "[" + strings.Join(rs, ", ") + "]"
	}
	tests := []struct {
		name      string
		source    string
		content   string
		max       int
		calls     int
		wantN     int    // pieces
		wantElems int    // array elements over all pieces, for JSON arrays
		wantNote  string // "" when the content goes whole
	}{
		{name: "short", source: "text", content: "Alice lives in Lisbon.", max: 1000, calls: 1, wantN: 1},
		{name: "long text is cut", source: "text", content: strings.Repeat("Alice lives in Lisbon. ", 100), max: 1000, calls: 8, wantN: 1, wantNote: "episode of 2300 bytes: extracted from the first 988"},
		{name: "long JSON object is cut", source: "json", content: `{"notes": "` + strings.Repeat("x ", 1000) + `"}`, max: 1000, calls: 8, wantN: 1, wantNote: "the rest was left out"},
		{name: "long JSON array is split", source: "json", content: array(100), max: 1000, calls: 8, wantN: 6, wantElems: 100, wantNote: "its array of 100 elements was extracted in 6 calls"},
		{name: "one call keeps the first whole elements", source: "json", content: array(100), max: 1000, calls: 1, wantN: 1, wantElems: 19, wantNote: "extracted the first 19 of its 100 array elements in 1 call;"},
		{name: "a huge JSON array keeps the first calls' elements", source: "json", content: array(400), max: 1000, calls: 8, wantN: 8, wantElems: 145, wantNote: "extracted the first 145 of its 400 array elements in 8 calls"},
		{name: "a JSON array in a text episode is cut", source: "text", content: array(100), max: 1000, calls: 8, wantN: 1, wantNote: "the rest was left out"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, note := pieces(tt.source, tt.content, tt.max, tt.calls)
			if len(got) != tt.wantN {
				t.Errorf("pieces() = %d pieces, want %d", len(got), tt.wantN)
			}
			if tt.wantNote == "" && note != "" || !strings.Contains(note, tt.wantNote) {
				t.Errorf("pieces() note = %q, want it to contain %q", note, tt.wantNote)
			}
			elems := 0
			for i, p := range got {
				if len(p) > tt.max {
					t.Errorf("pieces() piece %d has %d bytes, over %d", i, len(p), tt.max)
				}
				if tt.wantElems > 0 {
					var rs []map[string]any
					if err := json.Unmarshal([]byte(p), &rs); err != nil {
						t.Errorf("pieces() piece %d is not a JSON array: %v", i, err)
					}
					elems += len(rs)
				}
			}
			if elems != tt.wantElems {
				t.Errorf("pieces() kept %d array elements, want %d", elems, tt.wantElems)
			}
		})
	}
}

func TestExtractSplitsAJSONArray(t *testing.T) {
	// Two pieces; both answers name Acme, which comes out once.
	first := answer([]any{ent("Ann", "Person"), ent("Acme", "Company")}, fact("Ann", "WORKS_AT", "Acme", "Ann works at Acme", nil, nil))
	second := answer([]any{ent("Bob", "Person"), ent("acme", "Company")}, fact("Bob", "WORKS_AT", "acme", "Bob works at Acme", nil, nil))
	x, s, _ := newTest(t, `{"max_episode_chars": 1000, "max_extract_calls": 3}`, map[string][]any{promptExtract: {first, second}})
	var records []string
	for i := range 30 {
		records = append(records, fmt.Sprintf(`{"name": "Employee %02d", "employer": "Acme"}`, i)) // 44 bytes
	}
	content := "[" + strings.Join(records, ", ") + "]"
	var out abi.ExtractResponse
	mustCall(t, x, abi.CapExtract, abi.ExtractRequest{Episode: abi.Episode{Source: "json", Content: content, ReferenceTime: "2025-03-14T09:26:53Z"}, Ontology: testOntology}, &out)
	if len(s.reqs) != 2 {
		t.Fatalf("extract of a %d-byte array made %d calls, want 2", len(content), len(s.reqs))
	}
	for i, r := range s.reqs {
		if w, ok := containsAll(r.Messages[1].Content, "<current_episode source=\"json\">\n[\n{"); !ok {
			t.Errorf("extract call %d lacks %q:\n%s", i, w, r.Messages[1].Content)
		}
	}
	want := []abi.ExtractedEntity{{Name: "Ann", Type: "Person"}, {Name: "Acme", Type: "Company"}, {Name: "Bob", Type: "Person"}}
	if diff := cmp.Diff(want, out.Entities); diff != "" {
		t.Errorf("Extract() entities mismatch (-want +got):\n%s", diff)
	}
	if len(out.Facts) != 2 || out.Facts[1].Target != "Acme" {
		t.Errorf("Extract() facts = %+v, want two, both to Acme", out.Facts)
	}
	if len(out.Warnings) != 1 || !strings.Contains(out.Warnings[0], "extracted in 2 calls") {
		t.Errorf("Extract() warnings = %q, want one about the split", out.Warnings)
	}
}

// TestExtractRuleNamesTheModel checks what each fact says extracted it,
// for "why": the model the host says answered, or the role the plugin
// asked for when the host does not say (hosts from before
// abi.LLMResponse.Model).
func TestExtractRuleNamesTheModel(t *testing.T) {
	tests := []struct {
		name   string
		config string
		models map[string]string
		want   string
	}{
		{name: "host names the model", models: map[string]string{"main": "gpt-4o-mini-2024-07-18", "small": "other"}, want: "model gpt-4o-mini-2024-07-18"},
		{name: "host does not say", want: "model main"},
		{name: "small role named", config: `{"extract_model": "small"}`, models: map[string]string{"main": "other", "small": "qwen3-8b"}, want: "model qwen3-8b"},
		{name: "small role, host does not say", config: `{"extract_model": "small"}`, models: map[string]string{"main": "other"}, want: "model small"},
	}
	ans := answer([]any{ent("alice", "Person"), ent("Lisbon", "City")}, fact("alice", "LIVES_IN", "Lisbon", "alice lives in Lisbon", nil, nil))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, s, _ := newTest(t, tt.config, map[string][]any{promptExtract: {ans}})
			s.models = tt.models
			var out abi.ExtractResponse
			mustCall(t, x, abi.CapExtract, abi.ExtractRequest{Episode: messageEpisode("alice: I live in Lisbon."), Ontology: testOntology}, &out)
			if len(out.Facts) != 1 || out.Facts[0].Rule != tt.want {
				t.Errorf("Extract() facts = %+v, want one with rule %q", out.Facts, tt.want)
			}
		})
	}
}

// TestExtractRulePerCall checks that an episode extracted in several calls
// names, on each fact, the model of the call that extracted it.
func TestExtractRulePerCall(t *testing.T) {
	answers := []any{
		answer([]any{ent("Ann", "Person"), ent("Acme", "Company")}, fact("Ann", "WORKS_AT", "Acme", "Ann works at Acme", nil, nil)),
		answer([]any{ent("Bob", "Person"), ent("Acme", "Company")}, fact("Bob", "WORKS_AT", "Acme", "Bob works at Acme", nil, nil)),
	}
	models := []string{"model-a", ""}
	calls := 0
	complete := func(abi.LLMRequest) (sdk.Completion, error) {
		b, err := json.Marshal(answers[calls])
		c := sdk.Completion{Content: string(b), Model: models[calls]}
		calls++
		return c, err
	}
	x := newExtractor(complete, nil)
	if err := x.configure([]byte(`{"max_episode_chars": 1000, "max_extract_calls": 3}`)); err != nil {
		t.Fatal(err)
	}
	var records []string
	for i := range 30 {
		records = append(records, fmt.Sprintf(`{"name": "Employee %02d", "employer": "Acme"}`, i))
	}
	var out abi.ExtractResponse
	mustCall(t, x, abi.CapExtract, abi.ExtractRequest{Episode: abi.Episode{Source: "json", Content: "[" + strings.Join(records, ", ") + "]", ReferenceTime: "2025-03-14T09:26:53Z"}, Ontology: testOntology}, &out)
	var got []string
	for _, f := range out.Facts {
		got = append(got, f.Fact+": "+f.Rule)
	}
	want := []string{"Ann works at Acme: model model-a", "Bob works at Acme: model main"}
	if diff := cmp.Diff(want, got); diff != "" || calls != 2 {
		t.Errorf("Extract() in %d calls: facts and rules mismatch (-want +got):\n%s", calls, diff)
	}
}
