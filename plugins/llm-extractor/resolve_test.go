package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

const (
	uuidAlice  = "0195a4c2-0000-7000-8000-000000000017"
	uuidAlice2 = "0195a4c2-0000-7000-8000-000000000018"
	uuidIBM    = "0195a4c2-0000-7000-8000-000000000040"
)

func entityRequest() abi.ResolveEntitiesRequest {
	return abi.ResolveEntitiesRequest{
		Episode: messageEpisode("alice: I joined IBM."),
		Questions: []abi.EntityQuestion{
			{ID: 0, Entity: abi.ExtractedEntity{Name: "alice", Type: "Person"}, Candidates: []abi.Entity{
				{UUID: uuidAlice, Name: "Alice Smith", Labels: []string{"Person"}, Summary: "Alice Smith lives in Lisbon."},
				{UUID: uuidAlice2, Name: "Alice Jones", Labels: []string{"Person"}, Summary: "Alice Jones is a pianist in Oslo."},
			}},
			{ID: 1, Entity: abi.ExtractedEntity{Name: "IBM", Type: "Company"}, Candidates: []abi.Entity{
				{UUID: uuidIBM, Name: "International Business Machines", Labels: []string{"Company"}},
			}},
			{ID: 5, Entity: abi.ExtractedEntity{Name: "Lisbon"}},
		},
	}
}

func entityAnswers(as ...map[string]any) map[string]any {
	return map[string]any{"answers": as}
}

func TestResolveEntitiesPrompt(t *testing.T) {
	x, s, _ := newTest(t, "", map[string][]any{promptResolveEntities: {entityAnswers()}})
	var out abi.ResolveEntitiesResponse
	mustCall(t, x, abi.CapResolveEntities, entityRequest(), &out)
	if len(s.reqs) != 1 {
		t.Fatalf("resolve_entities made %d calls, want 1", len(s.reqs))
	}
	req := s.reqs[0]
	if req.Model != modelSmall || req.Prompt != promptResolveEntities || !json.Valid(req.Schema) || req.Temperature == nil {
		t.Errorf("resolve_entities request = model %q prompt %q schema %s temperature %v, want small, resolve_entities, a schema, 0", req.Model, req.Prompt, req.Schema, req.Temperature)
	}
	user := req.Messages[1].Content
	if w, ok := containsAll(user, "alice: I joined IBM.", `"key":"c1","name":"Alice Smith"`, `"key":"c2","name":"Alice Jones"`,
		`"key":"c3","name":"International Business Machines"`, "pianist in Oslo", `"id":1`); !ok {
		t.Errorf("resolve_entities user prompt lacks %q:\n%s", w, user)
	}
	for _, w := range []string{uuidAlice, `"id":5`, "Lisbon\""} {
		if strings.Contains(user, w) {
			t.Errorf("resolve_entities user prompt contains %q (uuids and questions without candidates stay out):\n%s", w, user)
		}
	}
}

func TestResolveEntitiesAnswers(t *testing.T) {
	tests := []struct {
		name     string
		answer   map[string]any
		want     []abi.EntityAnswer
		wantLogs []string
	}{
		{
			name: "keys become uuids; the best name is kept for duplicates only",
			answer: entityAnswers(
				map[string]any{"id": 0, "duplicate_of": "c1", "name": "Alice Smith"},
				map[string]any{"id": 1, "duplicate_of": nil, "name": "IBM"},
			),
			want: []abi.EntityAnswer{{ID: 0, DuplicateOf: uuidAlice, Name: "Alice Smith"}, {ID: 1}, {ID: 5}},
		},
		{
			name: "a uuid or a unique candidate name is accepted for a key",
			answer: entityAnswers(
				map[string]any{"id": 0, "duplicate_of": uuidAlice2, "name": "Alice Jones"},
				map[string]any{"id": 1, "duplicate_of": "International Business Machines", "name": "International Business Machines"},
			),
			want: []abi.EntityAnswer{{ID: 0, DuplicateOf: uuidAlice2, Name: "Alice Jones"}, {ID: 1, DuplicateOf: uuidIBM, Name: "International Business Machines"}, {ID: 5}},
		},
		{
			name: "another question's candidate is not a duplicate",
			answer: entityAnswers(
				map[string]any{"id": 0, "duplicate_of": "c3", "name": "IBM"},
				map[string]any{"id": 1, "duplicate_of": "C3", "name": ""},
			),
			want:     []abi.EntityAnswer{{ID: 0}, {ID: 1, DuplicateOf: uuidIBM}, {ID: 5}},
			wantLogs: []string{`2 resolve_entities: question 0: "c3" is not one of its candidates; treated as a new entity`},
		},
		{
			name: "unasked, repeated and missing answers",
			answer: entityAnswers(
				map[string]any{"id": 7, "duplicate_of": "c1", "name": "x"},
				map[string]any{"id": 5, "duplicate_of": "c1", "name": "x"},
				map[string]any{"id": 0, "duplicate_of": "none", "name": "alice"},
				map[string]any{"id": 0, "duplicate_of": "c1", "name": "Alice Smith"},
			),
			want: []abi.EntityAnswer{{ID: 0}, {ID: 1}, {ID: 5}},
			wantLogs: []string{
				"2 resolve_entities: answer to question 7, which was not asked; ignored",
				"2 resolve_entities: answer to question 5, which was not asked; ignored",
				"2 resolve_entities: second answer to question 0; ignored",
				`2 resolve_entities: no answer for question 1 ("IBM"); treated as a new entity`,
			},
		},
		{
			name:   "a pronoun is not a name",
			answer: entityAnswers(map[string]any{"id": 0, "duplicate_of": "c1", "name": "she"}, map[string]any{"id": 1, "duplicate_of": "-1", "name": "IBM"}),
			want:   []abi.EntityAnswer{{ID: 0, DuplicateOf: uuidAlice}, {ID: 1}, {ID: 5}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, _, l := newTest(t, "", map[string][]any{promptResolveEntities: {tt.answer}})
			var out abi.ResolveEntitiesResponse
			mustCall(t, x, abi.CapResolveEntities, entityRequest(), &out)
			if diff := cmp.Diff(tt.want, out.Answers); diff != "" {
				t.Errorf("ResolveEntities() answers mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantLogs, []string(*l), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("ResolveEntities() logs mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestResolveEntitiesWithoutCandidatesMakesNoCall(t *testing.T) {
	x, s, _ := newTest(t, "", nil)
	req := abi.ResolveEntitiesRequest{Episode: messageEpisode("alice: hi"), Questions: []abi.EntityQuestion{{ID: 3, Entity: abi.ExtractedEntity{Name: "alice"}}}}
	var out abi.ResolveEntitiesResponse
	mustCall(t, x, abi.CapResolveEntities, req, &out)
	if diff := cmp.Diff([]abi.EntityAnswer{{ID: 3}}, out.Answers); diff != "" || len(s.reqs) != 0 {
		t.Errorf("ResolveEntities() = %+v after %d calls, want one new entity and no call", out.Answers, len(s.reqs))
	}
}

func TestResolveEntitiesSplitsLargeRequests(t *testing.T) {
	req := abi.ResolveEntitiesRequest{Episode: messageEpisode("alice: hi")}
	summary := strings.Repeat("A long summary of a stored entity. ", 20) // cut to 300 runes
	for i := range 20 {
		req.Questions = append(req.Questions, abi.EntityQuestion{ID: i, Entity: abi.ExtractedEntity{Name: fmt.Sprint("Person ", i)},
			Candidates: []abi.Entity{{UUID: fmt.Sprint("u", i), Name: fmt.Sprint("Person Number ", i), Summary: summary}}})
	}
	// The model answers every question it is shown: question i is the
	// duplicate of candidate c(i+1).
	var reqs []abi.LLMRequest
	complete := func(r abi.LLMRequest) (sdk.Completion, error) {
		reqs = append(reqs, r)
		var as []map[string]any
		for _, m := range regexp.MustCompile(`"id":(\d+)`).FindAllStringSubmatch(r.Messages[1].Content, -1) {
			id, _ := strconv.Atoi(m[1])
			as = append(as, map[string]any{"id": id, "duplicate_of": fmt.Sprint("c", id+1), "name": fmt.Sprint("Person Number ", id)})
		}
		b, err := json.Marshal(entityAnswers(as...))
		return sdk.Completion{Content: string(b)}, err
	}
	x := newExtractor(complete, nil)
	if err := x.configure([]byte(`{"max_prompt_chars": 4000}`)); err != nil {
		t.Fatal(err)
	}
	var out abi.ResolveEntitiesResponse
	mustCall(t, x, abi.CapResolveEntities, req, &out)
	// About 460 bytes a question: 8 per call of 4000 bytes.
	if len(reqs) != 3 {
		t.Errorf("resolve_entities made %d calls over max_prompt_chars, want 3", len(reqs))
	}
	for i, r := range reqs {
		if n := len(r.Messages[1].Content); n > 4000+300 {
			t.Errorf("resolve_entities call %d sent %d bytes, want about 4000 at most", i, n)
		}
	}
	for i, a := range out.Answers {
		if want := (abi.EntityAnswer{ID: i, DuplicateOf: fmt.Sprint("u", i), Name: fmt.Sprint("Person Number ", i)}); a != want {
			t.Errorf("ResolveEntities() answer %d = %+v, want %+v", i, a, want)
		}
	}
}

func TestResolveEntitiesModelError(t *testing.T) {
	x, s, _ := newTest(t, "", nil)
	s.err = errModel
	var out abi.ResolveEntitiesResponse
	err := call(t, x, abi.CapResolveEntities, entityRequest(), &out)
	if err == nil || !strings.Contains(err.Error(), "complete resolve_entities prompt: llm endpoint unavailable") {
		t.Errorf("ResolveEntities() = %v, want the model's error", err)
	}
}

const (
	uuidLivesPorto = "f-9"
	uuidWorksAcme  = "f-10"
	uuidLikesTea   = "f-11"
)

func factRequest() abi.ResolveFactsRequest {
	return abi.ResolveFactsRequest{
		Episode: messageEpisode("alice: I moved to Lisbon and left Acme."),
		Questions: []abi.FactQuestion{
			{
				ID:   3,
				Fact: abi.Fact{Relation: "LIVES_IN", Fact: "alice lives in Lisbon", Source: "alice", Target: "Lisbon", ValidAt: "2025-02-01T00:00:00+01:00"},
				Related: []abi.Fact{
					{UUID: uuidLivesPorto, Relation: "LIVES_IN", Fact: "alice lives in Porto", Source: "alice", Target: "Porto", ValidAt: "2021-06-01T00:00:00Z"},
					{UUID: uuidLikesTea, Relation: "LIKES", Fact: "alice likes tea", Source: "alice", Target: "tea"},
				},
			},
			{
				ID:       4,
				Fact:     abi.Fact{Relation: "WORKS_AT", Fact: "alice no longer works at Acme", Source: "alice", Target: "Acme", InvalidAt: "2025-03-14T09:26:53+01:00"},
				Existing: []abi.Fact{{UUID: uuidWorksAcme, Relation: "WORKS_AT", Fact: "alice works at Acme", Source: "alice", Target: "Acme"}},
				Related:  []abi.Fact{{UUID: uuidLivesPorto, Relation: "LIVES_IN", Fact: "alice lives in Porto", Source: "alice", Target: "Porto"}},
			},
			{ID: 6, Fact: abi.Fact{Relation: "KNOWS", Fact: "alice knows Bob", Source: "alice", Target: "Bob"}},
		},
	}
}

func TestResolveFactsPrompt(t *testing.T) {
	x, s, _ := newTest(t, "", map[string][]any{promptResolveFacts: {map[string]any{"answers": []any{}}}})
	var out abi.ResolveFactsResponse
	mustCall(t, x, abi.CapResolveFacts, factRequest(), &out)
	if len(s.reqs) != 1 {
		t.Fatalf("resolve_facts made %d calls, want 1", len(s.reqs))
	}
	req := s.reqs[0]
	if req.Model != modelSmall || req.Prompt != promptResolveFacts || !json.Valid(req.Schema) {
		t.Errorf("resolve_facts request = model %q prompt %q schema %s, want small, resolve_facts, a schema", req.Model, req.Prompt, req.Schema)
	}
	user := req.Messages[1].Content
	// A fact shown in two questions keeps one key.
	if w, ok := containsAll(user, `"id":3,"new_fact":{"relation":"LIVES_IN","fact":"alice lives in Lisbon","source":"alice","target":"Lisbon","valid_at":"2025-02-01T00:00:00+01:00"}`,
		`{"key":"f1","relation":"LIVES_IN","fact":"alice lives in Porto","source":"alice","target":"Porto","valid_at":"2021-06-01T00:00:00Z"}`,
		`"existing":[{"key":"f3","relation":"WORKS_AT","fact":"alice works at Acme"}]`,
		`"related":[{"key":"f1",`); !ok {
		t.Errorf("resolve_facts user prompt lacks %q:\n%s", w, user)
	}
	for _, w := range []string{uuidLivesPorto, `"id":6`} {
		if strings.Contains(user, w) {
			t.Errorf("resolve_facts user prompt contains %q:\n%s", w, user)
		}
	}
}

func TestResolveFactsAnswers(t *testing.T) {
	tests := []struct {
		name     string
		answer   any
		want     []abi.FactAnswer
		wantLogs []string
	}{
		{
			name: "a move contradicts the old home; an end duplicates the state it ends",
			answer: map[string]any{"answers": []any{
				map[string]any{"id": 3, "duplicates": []any{}, "contradicts": []any{"f1"}},
				map[string]any{"id": 4, "duplicates": []any{"f3"}, "contradicts": []any{}},
			}},
			want: []abi.FactAnswer{{ID: 3, Contradicts: []string{uuidLivesPorto}}, {ID: 4, Duplicates: []string{uuidWorksAcme}}, {ID: 6}},
		},
		{
			name: "duplicates only among existing facts; unknown keys dropped",
			answer: map[string]any{"answers": []any{
				map[string]any{"id": 3, "duplicates": []any{"f1"}, "contradicts": []any{"f2", "f9", "f3"}},
				map[string]any{"id": 4, "duplicates": []any{"F3", uuidWorksAcme}, "contradicts": []any{"f3", "f1"}},
			}},
			want: []abi.FactAnswer{{ID: 3, Contradicts: []string{uuidLikesTea}}, {ID: 4, Duplicates: []string{uuidWorksAcme}, Contradicts: []string{uuidLivesPorto}}, {ID: 6}},
			wantLogs: []string{
				`2 resolve_facts: question 3: duplicate "f1" is a related fact, not one between the same entities; ignored`,
				`2 resolve_facts: question 3: contradicted "f9" is not one of its stored facts; ignored`,
				`2 resolve_facts: question 3: contradicted "f3" is not one of its stored facts; ignored`,
			},
		},
		{
			name: "unasked, repeated and missing answers",
			answer: map[string]any{"answers": []any{
				map[string]any{"id": 6, "duplicates": []any{}, "contradicts": []any{"f1"}},
				map[string]any{"id": 3, "duplicates": []any{}, "contradicts": []any{}},
				map[string]any{"id": 3, "duplicates": []any{}, "contradicts": []any{"f1"}},
			}},
			want: []abi.FactAnswer{{ID: 3}, {ID: 4}, {ID: 6}},
			wantLogs: []string{
				"2 resolve_facts: answer to question 6, which was not asked; ignored",
				"2 resolve_facts: second answer to question 3; ignored",
				`2 resolve_facts: no answer for question 4 ("alice no longer works at Acme"); treated as a new fact`,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, _, l := newTest(t, "", map[string][]any{promptResolveFacts: {tt.answer}})
			var out abi.ResolveFactsResponse
			mustCall(t, x, abi.CapResolveFacts, factRequest(), &out)
			if diff := cmp.Diff(tt.want, out.Answers); diff != "" {
				t.Errorf("ResolveFacts() answers mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantLogs, []string(*l), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("ResolveFacts() logs mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestResolveFactsWithoutCandidatesMakesNoCall(t *testing.T) {
	x, s, _ := newTest(t, "", nil)
	req := factRequest()
	req.Questions = req.Questions[2:]
	var out abi.ResolveFactsResponse
	mustCall(t, x, abi.CapResolveFacts, req, &out)
	if diff := cmp.Diff([]abi.FactAnswer{{ID: 6}}, out.Answers); diff != "" || len(s.reqs) != 0 {
		t.Errorf("ResolveFacts() = %+v after %d calls, want one empty answer and no call", out.Answers, len(s.reqs))
	}
}

func TestResolveFactsModelError(t *testing.T) {
	x, s, _ := newTest(t, "", nil)
	s.err = errModel
	var out abi.ResolveFactsResponse
	err := call(t, x, abi.CapResolveFacts, factRequest(), &out)
	if err == nil || !strings.Contains(err.Error(), "complete resolve_facts prompt: llm endpoint unavailable") {
		t.Errorf("ResolveFacts() = %v, want the model's error", err)
	}
}

func TestBatches(t *testing.T) {
	tests := []struct {
		sizes  []int
		budget int
		want   [][2]int
	}{
		{nil, 10, nil},
		{[]int{3, 3, 3}, 10, [][2]int{{0, 3}}},
		{[]int{3, 3, 3}, 6, [][2]int{{0, 2}, {2, 3}}},
		{[]int{20, 3, 3}, 10, [][2]int{{0, 1}, {1, 3}}},
		{[]int{3, 20, 3}, 10, [][2]int{{0, 1}, {1, 2}, {2, 3}}},
	}
	for _, tt := range tests {
		blobs := make([]string, len(tt.sizes))
		for i, n := range tt.sizes {
			blobs[i] = strings.Repeat("x", n)
		}
		if got := batches(blobs, tt.budget); !cmp.Equal(got, tt.want) {
			t.Errorf("batches(%v, %d) = %v, want %v", tt.sizes, tt.budget, got, tt.want)
		}
	}
}
