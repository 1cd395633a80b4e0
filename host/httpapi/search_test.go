package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
)

// searchResults is the answer of POST search.
type searchResults struct {
	Facts []struct {
		UUID      string   `json:"uuid"`
		Fact      string   `json:"fact"`
		Relation  string   `json:"relation"`
		Source    string   `json:"source"`
		Target    string   `json:"target"`
		InvalidAt *string  `json:"invalid_at"`
		ExpiredAt *string  `json:"expired_at"`
		Score     *float64 `json:"score"`
	} `json:"facts"`
	Entities []struct {
		UUID   string   `json:"uuid"`
		Name   string   `json:"name"`
		Labels []string `json:"labels"`
	} `json:"entities"`
	Episodes    []json.RawMessage `json:"episodes"`
	Communities []json.RawMessage `json:"communities"`
	Warnings    []string          `json:"warnings"`
}

// texts lists the facts' texts, best first.
func (r searchResults) texts() []string {
	out := []string{}
	for _, f := range r.Facts {
		out = append(out, f.Fact)
	}
	return out
}

// ingest posts episodes to a group and waits until each is done.
func (a *api) ingest(group string, eps ...map[string]any) {
	a.t.Helper()
	var acc accepted
	if code, raw := a.do("POST", "/v1/groups/"+group+"/episodes", map[string]any{"episodes": eps}, &acc); code != 202 {
		a.t.Fatalf("POST episodes to %s = %d %s", group, code, raw)
	}
	for _, e := range acc.Episodes {
		if st := a.waitDone(e.StatusURL); st["status"] != "done" {
			a.t.Fatalf("episode %s = %v, want done", e.UUID, st)
		}
	}
}

// fresh deletes groups, so a test can run again on the shared database
// (go test -count).
func (a *api) fresh(groups ...string) {
	a.t.Helper()
	for _, g := range groups {
		if code, raw := a.do("DELETE", "/v1/groups/"+g, nil, nil); code != 200 {
			a.t.Fatalf("DELETE group %s = %d %s", g, code, raw)
		}
	}
}

// search posts a search and wants 200.
func (a *api) search(group string, body map[string]any) searchResults {
	a.t.Helper()
	var res searchResults
	if code, raw := a.do("POST", "/v1/groups/"+group+"/search", body, &res); code != 200 {
		a.t.Fatalf("POST search %v = %d %s, want 200", body, code, raw)
	}
	return res
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestSearch ingests two groups and searches them: the expected fact comes
// first, each group sees only its own data, and valid_at and known_at
// bring back the fact a later episode superseded.
func TestSearch(t *testing.T) {
	a := newAPI(t, nil)
	a.fresh("search-a", "search-b")
	a.ingest("search-a", map[string]any{"content": "Alice: I work at Acme Corp and I live in Paris.", "reference_time": "2024-03-01T10:00:00Z"})
	// Between the two episodes: what mnemo knew before the move.
	clock.advance(time.Second)
	beforeMove := clock.now().UTC().Format(time.RFC3339Nano)
	clock.advance(time.Second)
	a.ingest("search-a", map[string]any{"content": "Alice: I moved to Berlin last week.", "reference_time": "2024-05-01T10:00:00Z"})
	a.ingest("search-b", map[string]any{"content": "Bob: I work at Initech and I live in Austin.", "reference_time": "2024-03-01T10:00:00Z"})

	t.Run("best first", func(t *testing.T) {
		res := a.search("search-a", map[string]any{"query": "Who works at Acme Corp?", "scopes": []string{"facts", "entities"}})
		if len(res.Facts) == 0 || res.Facts[0].Fact != "Alice works at Acme Corp" {
			t.Fatalf("facts = %q, want \"Alice works at Acme Corp\" first", res.texts())
		}
		f := res.Facts[0]
		if f.Source != "Alice" || f.Target != "Acme Corp" || f.Relation != "WORKS_AT" || f.Score == nil || *f.Score <= 0 {
			t.Errorf("first fact = %+v, want Alice WORKS_AT Acme Corp with a positive score", f)
		}
		if len(res.Entities) == 0 || len(res.Episodes) != 0 {
			t.Errorf("entities, episodes = %d, %d; want some entities and no episodes (not in scopes)", len(res.Entities), len(res.Episodes))
		}
		if contains(res.texts(), "Alice lives in Paris") {
			t.Errorf("facts = %q: the superseded Paris fact is there without history", res.texts())
		}
	})
	t.Run("limit", func(t *testing.T) {
		res := a.search("search-a", map[string]any{"query": "Alice", "scopes": []string{"facts"}, "limit": 1})
		if len(res.Facts) != 1 {
			t.Errorf("facts with limit 1 = %q, want 1", res.texts())
		}
	})
	t.Run("group isolation", func(t *testing.T) {
		for _, q := range []string{"Bob Initech Austin", "Who works at Initech?", "Alice"} {
			res := a.search("search-a", map[string]any{"query": q, "recipe": "hybrid_rrf"})
			raw, _ := json.Marshal(res)
			for _, leak := range []string{"Bob", "Initech", "Austin"} {
				if strings.Contains(string(raw), leak) {
					t.Errorf("search of search-a for %q mentions %s of search-b: %s", q, leak, raw)
				}
			}
		}
		res := a.search("search-b", map[string]any{"query": "Who works at Initech?"})
		if len(res.Facts) == 0 || res.Facts[0].Fact != "Bob works at Initech" {
			t.Errorf("facts of search-b = %q, want \"Bob works at Initech\" first", res.texts())
		}
	})
	t.Run("valid_at", func(t *testing.T) {
		res := a.search("search-a", map[string]any{"query": "Where does Alice live?", "scopes": []string{"facts"}, "valid_at": "2024-04-01", "relations": []string{"LIVES_IN"}})
		if got := res.texts(); len(got) != 1 || got[0] != "Alice lives in Paris" {
			t.Errorf("LIVES_IN facts valid at 2024-04-01 = %q, want [Alice lives in Paris]", got)
		}
		if res.Facts[0].ExpiredAt == nil {
			t.Errorf("Paris fact = %+v, want it shown as superseded (expired_at set)", res.Facts[0])
		}
	})
	t.Run("known_at", func(t *testing.T) {
		res := a.search("search-a", map[string]any{"query": "Where does Alice live?", "scopes": []string{"facts"}, "known_at": beforeMove})
		got := res.texts()
		if !contains(got, "Alice lives in Paris") || contains(got, "Alice moved to Berlin") {
			t.Fatalf("facts known at %s = %q, want Paris and not Berlin", beforeMove, got)
		}
		for _, f := range res.Facts {
			if f.ExpiredAt != nil {
				t.Errorf("fact %q known at %s has expired_at %s, want none (retired later)", f.Fact, beforeMove, *f.ExpiredAt)
			}
		}
		now := a.search("search-a", map[string]any{"query": "Where does Alice live?", "scopes": []string{"facts"}})
		if contains(now.texts(), "Alice lives in Paris") || !contains(now.texts(), "Alice moved to Berlin") {
			t.Errorf("facts now = %q, want Berlin and not Paris", now.texts())
		}
	})
	t.Run("include_history", func(t *testing.T) {
		res := a.search("search-a", map[string]any{"query": "Where does Alice live?", "scopes": []string{"facts"}, "include_history": true})
		if !contains(res.texts(), "Alice lives in Paris") {
			t.Errorf("facts with history = %q, want Paris among them", res.texts())
		}
	})
	t.Run("center", func(t *testing.T) {
		ents := a.search("search-a", map[string]any{"query": "Acme Corp", "scopes": []string{"entities"}, "limit": 1})
		if len(ents.Entities) != 1 || ents.Entities[0].Name != "Acme Corp" {
			t.Fatalf("entities = %+v, want Acme Corp", ents.Entities)
		}
		res := a.search("search-a", map[string]any{"query": "Alice", "scopes": []string{"facts"}, "reranker": "node_distance", "center": ents.Entities[0].UUID})
		if len(res.Facts) == 0 || res.Facts[0].Target != "Acme Corp" {
			t.Errorf("facts by distance from Acme Corp = %q, want the Acme Corp fact first", res.texts())
		}
	})
	t.Run("context", func(t *testing.T) {
		var full struct {
			Context string `json:"context"`
		}
		if code, raw := a.do("POST", "/v1/groups/search-a/context", map[string]any{"query": "Where does Alice work?"}, &full); code != 200 {
			t.Fatalf("POST context = %d %s", code, raw)
		}
		if !strings.Contains(full.Context, "<FACTS>") || !strings.Contains(full.Context, "Alice works at Acme Corp") || strings.Contains(full.Context, "Bob") {
			t.Errorf("context = %q, want a FACTS section with Alice's job and nothing of search-b", full.Context)
		}
		const budget = 60
		var small struct {
			Context string `json:"context"`
		}
		a.do("POST", "/v1/groups/search-a/context", map[string]any{"query": "Where does Alice work?", "budget": budget}, &small)
		if n := retrieval.EstimateTokens(small.Context); n > budget || n == 0 || n >= retrieval.EstimateTokens(full.Context) {
			t.Errorf("context within %d tokens = %d tokens (full: %d): %q", budget, n, retrieval.EstimateTokens(full.Context), small.Context)
		}
		var then struct {
			Context string `json:"context"`
		}
		a.do("POST", "/v1/groups/search-a/context", map[string]any{"query": "Where does Alice live?", "valid_at": "2024-04-01", "format": "json"}, &then)
		var doc struct {
			Facts []struct {
				Fact string `json:"fact"`
			} `json:"facts"`
		}
		if err := json.Unmarshal([]byte(then.Context), &doc); err != nil {
			t.Fatalf("json context %q: %v", then.Context, err)
		}
		var facts []string
		for _, f := range doc.Facts {
			facts = append(facts, f.Fact)
		}
		if !contains(facts, "Alice lives in Paris") || contains(facts, "Alice moved to Berlin") {
			t.Errorf("json context valid at 2024-04-01 has facts %q, want Paris and not Berlin", facts)
		}
	})
}

// TestSearchLabels filters entities and facts by the labels of facts added
// with their entity types.
func TestSearchLabels(t *testing.T) {
	a := newAPI(t, nil)
	a.fresh("slabels")
	for _, f := range []map[string]any{
		{"source": "Gina", "source_type": "Person", "relation": "WORKS_AT", "target": "Globex", "target_type": "Organization"},
		{"source": "Gina", "source_type": "Person", "relation": "LIVES_IN", "target": "Springfield", "target_type": "Location"},
	} {
		if code, raw := a.do("POST", "/v1/groups/slabels/facts", f, nil); code != 201 {
			t.Fatalf("POST facts = %d %s", code, raw)
		}
	}
	res := a.search("slabels", map[string]any{"query": "Gina Globex Springfield", "scopes": []string{"entities", "facts"}, "labels": []string{"Organization"}})
	if len(res.Entities) != 1 || res.Entities[0].Name != "Globex" {
		t.Errorf("Organization entities = %+v, want Globex alone", res.Entities)
	}
	if got := res.texts(); len(got) != 1 || res.Facts[0].Target != "Globex" {
		t.Errorf("facts with an Organization endpoint = %q, want Gina's job alone", got)
	}
	res = a.search("slabels", map[string]any{"query": "Gina Globex Springfield", "scopes": []string{"facts"}, "relations": []string{"LIVES_IN"}})
	if len(res.Facts) != 1 || res.Facts[0].Target != "Springfield" {
		t.Errorf("LIVES_IN facts = %q, want Gina's home alone", res.texts())
	}
}

func TestSearchBadInput(t *testing.T) {
	a := newAPI(t, nil)
	tests := []struct {
		name     string
		path     string
		body     string
		wantCode int
		wantMsg  string
	}{
		{"not JSON", "/v1/groups/sbad/search", `{"query": "x"`, 400, "invalid JSON"},
		{"no body", "/v1/groups/sbad/search", ``, 400, "no JSON value"},
		{"unknown field", "/v1/groups/sbad/search", `{"query": "x", "top_k": 3}`, 400, `unknown field "top_k"`},
		{"wrong type", "/v1/groups/sbad/search", `{"query": "x", "limit": "ten"}`, 400, `field "limit": want an integer`},
		{"wrong type in list", "/v1/groups/sbad/search", `{"query": "x", "scopes": "facts"}`, 400, `field "scopes": want an array`},
		{"bad valid_at", "/v1/groups/sbad/search", `{"query": "x", "valid_at": "last tuesday"}`, 400, `valid_at: time "last tuesday"`},
		{"bad known_at", "/v1/groups/sbad/search", `{"query": "x", "known_at": "2024-13-01"}`, 400, "known_at"},
		{"unknown recipe", "/v1/groups/sbad/search", `{"query": "x", "recipe": "nope"}`, 400, `unknown recipe "nope"`},
		{"unknown scope", "/v1/groups/sbad/search", `{"query": "x", "scopes": ["facts", "people"]}`, 400, `scope "people"`},
		{"unknown reranker", "/v1/groups/sbad/search", `{"query": "x", "reranker": "magic"}`, 400, `unknown reranker "magic"`},
		{"node_distance without center", "/v1/groups/sbad/search", `{"query": "x", "reranker": "node_distance"}`, 400, "centre"},
		{"limit too big", "/v1/groups/sbad/search", `{"query": "x", "limit": 5000}`, 400, "limit 5000"},
		{"negative limit", "/v1/groups/sbad/search", `{"query": "x", "limit": -1}`, 400, "limit -1"},
		{"empty query", "/v1/groups/sbad/search", `{"query": ""}`, 400, "empty query"},
		{"bad time op", "/v1/groups/sbad/search", `{"query": "x", "time": [[{"field": "valid_at", "op": "~", "value": "2024-01-01"}]]}`, 400, `time[0][0]: op "~"`},
		{"bad time field", "/v1/groups/sbad/search", `{"query": "x", "time": [[{"field": "born_at", "op": "is_null"}]]}`, 400, `field "born_at"`},
		{"bad label", "/v1/groups/sbad/search", `{"query": "x", "labels": [""]}`, 400, "label"},
		{"bad group", "/v1/groups/bad%20group/search", `{"query": "x"}`, 400, "group id"},
		{"negative budget", "/v1/groups/sbad/context", `{"query": "x", "budget": -5}`, 400, "budget"},
		{"bad format", "/v1/groups/sbad/context", `{"query": "x", "format": "xml"}`, 400, `format "xml"`},
		{"context unknown field", "/v1/groups/sbad/context", `{"query": "x", "tokens": 5}`, 400, `unknown field "tokens"`},
		{"context unknown recipe", "/v1/groups/sbad/context", `{"query": "x", "recipe": "nope"}`, 400, `unknown recipe "nope"`},
		// Graphiti's /search and /get-memory answer 422 as Graphiti
		// does: TestGraphitiValidationErrors.
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var e errorOf
			code, raw := a.do("POST", tc.path, tc.body, &e)
			if code != tc.wantCode || e.Code != "invalid" || !strings.Contains(e.Error, tc.wantMsg) {
				t.Errorf("POST %s %s = %d %s, want %d invalid with a message containing %q", tc.path, tc.body, code, raw, tc.wantCode, tc.wantMsg)
			}
		})
	}
}

// TestSearchKeys checks that a key bound to one group can search it and
// nothing else, on every search route.
func TestSearchKeys(t *testing.T) {
	const keyA, keyAll = "key-for-skey-a-0123456789", "key-for-all-skey-0123456789"
	a := newAPI(t, func(c *host.HTTPConfig) {
		c.Keys = []host.APIKeyConfig{{Key: keyA, Groups: []string{"skey-a"}}, {Key: keyAll, Groups: []string{"*"}}}
	})
	all := a.withKey(keyAll)
	all.fresh("skey-a", "skey-b")
	all.ingest("skey-a", map[string]any{"content": "Carol: I work at Umbrella Corp.", "reference_time": "2024-01-01"})
	all.ingest("skey-b", map[string]any{"content": "Dave: I work at Umbrella Corp too.", "reference_time": "2024-01-01"})
	msg := []map[string]any{{"content": "Who works at Umbrella Corp?", "role_type": "user", "role": "me"}}
	tests := []struct {
		name string
		key  string
		path string
		body any
		want int
	}{
		{"no key", "", "/v1/groups/skey-a/search", map[string]any{"query": "Umbrella"}, 401},
		{"own group", keyA, "/v1/groups/skey-a/search", map[string]any{"query": "Umbrella"}, 200},
		{"other group", keyA, "/v1/groups/skey-b/search", map[string]any{"query": "Umbrella"}, 403},
		{"other group context", keyA, "/v1/groups/skey-b/context", map[string]any{"query": "Umbrella"}, 403},
		{"other group build", keyA, "/v1/groups/skey-b/communities/build", nil, 403},
		{"graphiti own group", keyA, "/search", map[string]any{"query": "Umbrella", "group_ids": []string{"skey-a"}}, 200},
		{"graphiti other group", keyA, "/search", map[string]any{"query": "Umbrella", "group_ids": []string{"skey-a", "skey-b"}}, 403},
		{"get-memory own group", keyA, "/get-memory", map[string]any{"group_id": "skey-a", "messages": msg}, 200},
		{"get-memory other group", keyA, "/get-memory", map[string]any{"group_id": "skey-b", "messages": msg}, 403},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, raw := a.withKey(tc.key).do("POST", tc.path, tc.body, nil)
			if code != tc.want {
				t.Errorf("POST %s = %d %s, want %d", tc.path, code, raw, tc.want)
			}
		})
	}
	// Without group_ids, Graphiti's search covers the key's groups only.
	var got struct {
		Facts []graphitiFact `json:"facts"`
	}
	if code, raw := a.withKey(keyA).do("POST", "/search", map[string]any{"query": "Who works at Umbrella Corp?"}, &got); code != 200 {
		t.Fatalf("POST /search = %d %s", code, raw)
	}
	if len(got.Facts) != 1 || got.Facts[0].Fact != "Carol works at Umbrella Corp" {
		t.Errorf("facts of the skey-a key = %+v, want Carol's alone", got.Facts)
	}
	all.do("POST", "/search", map[string]any{"query": "Who works at Umbrella Corp?"}, &got)
	var texts []string
	for _, f := range got.Facts {
		texts = append(texts, f.Fact)
	}
	if !contains(texts, "Carol works at Umbrella Corp") || !contains(texts, "Dave works at Umbrella Corp") {
		t.Errorf("facts of the '*' key = %q, want Carol's and Dave's among them", texts)
	}
}

func TestBuildCommunities(t *testing.T) {
	a := newAPI(t, nil)
	a.fresh("comm-1")
	a.ingest("comm-1",
		map[string]any{"content": "Erin: I work at Hooli and I live in Denver.", "reference_time": "2024-01-01"},
		map[string]any{"content": "Frank: I work at Hooli.", "reference_time": "2024-01-02"},
	)
	var rep map[string]any
	code, raw := a.do("POST", "/v1/groups/comm-1/communities/build", nil, &rep)
	if code != 200 {
		t.Fatalf("POST communities/build = %d %s, want 200", code, raw)
	}
	if rep["group_id"] != "comm-1" || rep["communities"] != float64(1) || rep["members"] != float64(4) || rep["converged"] != true {
		t.Errorf("build report = %s, want 1 community of 4 members, converged", raw)
	}
	var list struct {
		Communities []struct {
			Name    string   `json:"name"`
			Members []string `json:"members"`
		} `json:"communities"`
	}
	a.do("GET", "/v1/groups/comm-1/communities", nil, &list)
	if len(list.Communities) != 1 || len(list.Communities[0].Members) != 4 {
		t.Errorf("communities after the build = %+v, want 1 of 4 members", list.Communities)
	}
	res := a.search("comm-1", map[string]any{"query": "Hooli", "scopes": []string{"communities"}})
	if len(res.Communities) != 1 {
		t.Errorf("communities found for Hooli = %d, want 1", len(res.Communities))
	}
}

func TestSearchMetrics(t *testing.T) {
	a := newAPI(t, nil)
	a.do("POST", "/v1/groups/smetrics/search", map[string]any{"query": "anything"}, nil)
	a.do("POST", "/v1/groups/smetrics/context", map[string]any{"query": "anything"}, nil)
	a.do("POST", "/v1/groups/smetrics/search", map[string]any{"query": "x", "recipe": "nope"}, nil)
	_, raw := a.do("GET", "/metrics", nil, nil)
	for _, want := range []string{
		`mnemo_http_request_duration_seconds_count{route="POST /v1/groups/{group}/search",code="200"} `,
		`mnemo_http_request_duration_seconds_count{route="POST /v1/groups/{group}/context",code="200"} `,
		`mnemo_http_requests_total{route="POST /v1/groups/{group}/search",code="400"} `,
	} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("/metrics has no line starting %q", want)
		}
	}
}
