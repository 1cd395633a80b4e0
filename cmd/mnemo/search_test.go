package main

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host/wire"
)

// searchEpisodes are two groups' episodes. Group "other" holds an Alice
// too, with her own job and city, so that a search that leaked across
// groups would find them.
const searchEpisodes = `{"source": "message", "content": "Alice: I work at Acme Corp and I live in Paris.", "reference_time": "2024-03-01T10:00:00Z"}
{"source": "message", "content": "Alice: I moved to Berlin last week.", "reference_time": "2024-05-01T10:00:00Z"}
{"source": "message", "content": "Bob: My sister Carol adopted a dog named Rex.", "reference_time": "2024-05-03"}
{"source": "text", "content": "Dana joined Initech in 2023.", "reference_time": "2024-05-05"}
{"source": "message", "content": "Alice: I work at Globex and I live in Madrid.", "reference_time": "2024-04-01", "group_id": "other"}
`

// searchJSON runs `mnemo search --json`, checks that the output has
// exactly the keys of the search shape, and decodes it.
func searchJSON(t *testing.T, db string, args ...string) wire.SearchResults {
	t.Helper()
	r := ok(t, db, "", append([]string{"search", "--json"}, args...)...)
	checkSearchKeys(t, r.stdout)
	var out wire.SearchResults
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("search --json: %v\n%s", err, r.stdout)
	}
	return out
}

// searchKeys are the keys of the search shape, by scope, and its top level.
var searchKeys = map[string][]string{
	"":            {"communities", "entities", "episodes", "facts"},
	"facts":       {"created_at", "episodes", "expired_at", "fact", "invalid_at", "relation", "score", "source", "source_class", "source_uuid", "target", "target_uuid", "uuid", "valid_at"},
	"entities":    {"labels", "name", "score", "summary", "uuid"},
	"episodes":    {"content", "name", "reference_time", "score", "uuid"},
	"communities": {"name", "score", "summary", "uuid"},
}

// checkSearchKeys checks that a search's JSON has exactly the keys of the
// search shape: every scope's list, and each result's fields.
func checkSearchKeys(t *testing.T, doc string) {
	t.Helper()
	var raw map[string][]map[string]any
	if err := json.Unmarshal([]byte(doc), &raw); err != nil {
		t.Fatalf("search JSON: %v\n%s", err, doc)
	}
	if diff := cmp.Diff(searchKeys[""], slices.Sorted(maps.Keys(raw))); diff != "" {
		t.Errorf("search JSON keys (-want +got):\n%s", diff)
	}
	for scope, items := range raw {
		if items == nil {
			t.Errorf("search JSON %q is null, want a list", scope)
		}
		for _, it := range items {
			if diff := cmp.Diff(searchKeys[scope], slices.Sorted(maps.Keys(it))); diff != "" {
				t.Errorf("search JSON %s keys (-want +got):\n%s", scope, diff)
			}
		}
	}
}

// factTexts returns the texts of facts in their order.
func factTexts(fs []wire.Fact) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.Fact)
	}
	return out
}

// containsAny reports whether any of facts contains any of words.
func containsAny(facts []string, words ...string) bool {
	for _, f := range facts {
		for _, w := range words {
			if strings.Contains(f, w) {
				return true
			}
		}
	}
	return false
}

func TestSearchContextDelete(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	ok(t, db, searchEpisodes, "ingest", "--group", "srch", "-")

	res := searchJSON(t, db, "--group", "srch", "Who adopted a dog?")
	got := factTexts(res.Facts)
	if len(got) == 0 || got[0] != "Carol adopted a dog named Rex" {
		t.Fatalf("search srch %q facts = %q, want Carol adopted a dog named Rex first", "Who adopted a dog?", got)
	}
	dog := res.Facts[0]
	if dog.Source != "Carol" || dog.Relation == "" || dog.ValidAt == nil || len(dog.Episodes) != 1 || dog.Score == nil || *dog.Score <= 0 {
		t.Errorf("search fact = %+v, want its source, relation, valid_at, one episode and a positive score", dog)
	}
	if len(res.Entities) == 0 || len(res.Episodes) == 0 {
		t.Errorf("default recipe found %d entities and %d episodes, want some of each", len(res.Entities), len(res.Episodes))
	}

	// Each group sees its own Alice only.
	for _, tc := range []struct {
		group, want string
		never       []string
	}{
		{"srch", "Alice works at Acme Corp", []string{"Globex", "Madrid"}},
		{"other", "Alice works at Globex", []string{"Acme", "Paris", "Berlin", "Carol", "Initech"}},
	} {
		res := searchJSON(t, db, "--group", tc.group, "Where does Alice work?")
		got := factTexts(res.Facts)
		if len(got) == 0 || got[0] != tc.want {
			t.Errorf("search %s facts = %q, want %q first", tc.group, got, tc.want)
		}
		var seen []string
		seen = append(seen, got...)
		for _, e := range res.Entities {
			seen = append(seen, e.Name)
		}
		for _, e := range res.Episodes {
			seen = append(seen, e.Content)
		}
		if containsAny(seen, tc.never...) {
			t.Errorf("search %s shows another group's data %q: %q", tc.group, tc.never, seen)
		}
	}

	// --scope and --limit cut the results.
	res = searchJSON(t, db, "--group", "srch", "--scope", "facts", "--limit", "2", "Who adopted a dog?")
	if len(res.Facts) != 2 || len(res.Entities)+len(res.Episodes)+len(res.Communities) != 0 {
		t.Errorf("search --scope facts --limit 2 = %d facts, %d entities, %d episodes, %d communities; want 2 facts only",
			len(res.Facts), len(res.Entities), len(res.Episodes), len(res.Communities))
	}

	text := ok(t, db, "", "search", "--group", "srch", "Who adopted a dog?")
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`^Facts \(5\)\n  # +FACT +VALID +SCORE\n  1 +Carol adopted a dog named Rex +2024-05-03 → now +\d+(\.\d+)?\n`),
		regexp.MustCompile(`\n\nEntities \(\d\)\n  # +NAME +SUMMARY +SCORE\n  1 +Rex \(Pet\) +Carol adopted a dog named Rex\. `),
		regexp.MustCompile(`\n\nEpisodes \(\d\)\n  # +TIME +CONTENT +SCORE\n  1 +2024-05-03 +Bob: My sister Carol`),
	} {
		if !want.MatchString(text.stdout) {
			t.Errorf("search listing does not match %s:\n%s", want, text.stdout)
		}
	}
	if !strings.Contains(text.stderr, "(recipe default,") {
		t.Errorf("search stderr = %q, want a count with the recipe", text.stderr)
	}

	// The context holds the fact and stays within its budget.
	for _, budget := range []int{400, 120} {
		c := ok(t, db, "", "context", "--group", "srch", "--budget", strconv.Itoa(budget), "Who adopted a dog?")
		if n := retrieval.EstimateTokens(c.stdout); n > budget {
			t.Errorf("context --budget %d is %d tokens:\n%s", budget, n, c.stdout)
		}
		if !strings.Contains(c.stdout, "<FACTS>\n- Carol adopted a dog named Rex (2024-05-03 – present) [source: user]\n") {
			t.Errorf("context --budget %d lacks the fact first:\n%s", budget, c.stdout)
		}
	}
	small := ok(t, db, "", "context", "--group", "srch", "--budget", "120", "Who adopted a dog?")
	large := ok(t, db, "", "context", "--group", "srch", "--budget", "400", "Who adopted a dog?")
	if len(small.stdout) >= len(large.stdout) {
		t.Errorf("context at 120 tokens (%d bytes) is not shorter than at 400 (%d bytes)", len(small.stdout), len(large.stdout))
	}
	cj := ok(t, db, "", "context", "--group", "srch", "--format", "json", "Who adopted a dog?")
	var doc struct {
		Facts []struct {
			Fact string `json:"fact"`
		} `json:"facts"`
	}
	if err := json.Unmarshal([]byte(cj.stdout), &doc); err != nil || len(doc.Facts) == 0 || doc.Facts[0].Fact != "Carol adopted a dog named Rex" {
		t.Errorf("context --format json = %v, %s; want Carol's fact first", err, cj.stdout)
	}

	// A deleted fact is found no more.
	ok(t, db, "", "delete", "--group", "srch", "--fact", dog.UUID)
	res = searchJSON(t, db, "--group", "srch", "Who adopted a dog?")
	for _, f := range res.Facts {
		if f.UUID == dog.UUID || f.Fact == dog.Fact {
			t.Errorf("search after delete --fact still returns %q", f.Fact)
		}
	}
	c := ok(t, db, "", "context", "--group", "srch", "Who adopted a dog?")
	if strings.Contains(c.stdout, "- Carol adopted a dog named Rex (") {
		t.Errorf("context after delete --fact still states the fact:\n%s", c.stdout)
	}
}

func TestSearchTimeTravel(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	lines := strings.Split(searchEpisodes, "\n")
	ok(t, db, lines[0], "ingest", "--group", "srch", "-")
	// Between the two ingests: mnemo knew of Paris, not yet of Berlin.
	// Each ingest is a process of its own, whose clock reads after the
	// previous one exited and before the next one started.
	between := time.Now().UTC()
	ok(t, db, lines[1], "ingest", "--group", "srch", "-")

	q := "Where does Alice live?"
	tests := []struct {
		name      string
		args      []string
		want      []string
		wantNever []string
	}{
		{"now", nil, []string{"Alice moved to Berlin"}, []string{"Alice lives in Paris"}},
		{"valid at, before the move", []string{"--valid-at", "2024-04-01"}, []string{"Alice lives in Paris"}, []string{"Alice moved to Berlin"}},
		{"valid at, after the move", []string{"--valid-at", "2024-05-01"}, []string{"Alice moved to Berlin"}, []string{"Alice lives in Paris"}},
		{"known at, before learning of the move", []string{"--known-at", between.Format(time.RFC3339Nano)}, []string{"Alice lives in Paris"}, []string{"Alice moved to Berlin"}},
		{"include invalid", []string{"--include-invalid"}, []string{"Alice lives in Paris", "Alice moved to Berlin"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"--group", "srch", "--scope", "facts"}, tc.args...)
			got := factTexts(searchJSON(t, db, append(args, q)...).Facts)
			for _, w := range tc.want {
				if !slices.Contains(got, w) {
					t.Errorf("search %v = %q, want %q", tc.args, got, w)
				}
			}
			for _, w := range tc.wantNever {
				if slices.Contains(got, w) {
					t.Errorf("search %v = %q, want no %q", tc.args, got, w)
				}
			}
		})
	}

	// The context of the past marks what no longer holds.
	c := ok(t, db, "", "context", "--group", "srch", "--valid-at", "2024-04-01", q)
	if !strings.Contains(c.stdout, "- Alice lives in Paris (2024-03-01 10:00 – 2024-04-24) [superseded]") {
		t.Errorf("context --valid-at 2024-04-01 lacks Paris marked superseded:\n%s", c.stdout)
	}
}

func TestSearchBatch(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	ok(t, db, searchEpisodes, "ingest", "--group", "srch", "-")
	queries := filepath.Join(t.TempDir(), "queries.jsonl")
	writeFile(t, queries, `{"id": "work", "query": "Where does Alice work?"}
{"id": "broken", "query":

{"id": 7, "query": "Who adopted a dog?", "limit": 1}
{"id": "empty", "query": ""}
`)
	for _, from := range []string{"file", "stdin"} {
		t.Run(from, func(t *testing.T) {
			var r result
			if from == "file" {
				r = mnemo(t, db, "", "search", "--group", "srch", "--scope", "facts", "--queries", queries)
			} else {
				r = mnemo(t, db, readFile(t, queries), "search", "--group", "srch", "--scope", "facts", "--queries", "-")
			}
			if r.code != 1 {
				t.Errorf("search --queries with bad lines = exit %d, want 1\n%s", r.code, r.stderr)
			}
			if !strings.Contains(r.stderr, "4 queries, 2 failed") {
				t.Errorf("search --queries stderr = %q, want 4 queries, 2 failed", r.stderr)
			}
			out := strings.Split(strings.TrimSpace(r.stdout), "\n")
			if len(out) != 4 {
				t.Fatalf("search --queries printed %d lines, want 4:\n%s", len(out), r.stdout)
			}
			type line struct {
				ID    string      `json:"id"`
				Facts []wire.Fact `json:"facts"`
				Error string      `json:"error"`
			}
			var got []line
			for i, l := range out {
				var keys map[string]any
				var v line
				if err := json.Unmarshal([]byte(l), &keys); err != nil {
					t.Fatalf("line %d: %v: %s", i+1, err, l)
				}
				if err := json.Unmarshal([]byte(l), &v); err != nil {
					t.Fatalf("line %d: %v: %s", i+1, err, l)
				}
				want := append([]string{"id"}, searchKeys[""]...)
				if v.Error != "" {
					want = []string{"error", "id"}
				}
				slices.Sort(want)
				if diff := cmp.Diff(want, slices.Sorted(maps.Keys(keys))); diff != "" {
					t.Errorf("line %d keys (-want +got):\n%s", i+1, diff)
				}
				got = append(got, v)
			}
			if got[0].ID != "work" || len(got[0].Facts) == 0 || got[0].Facts[0].Fact != "Alice works at Acme Corp" {
				t.Errorf("line 1 = %+v, want id work with Acme first", got[0])
			}
			if got[1].ID != "2" || !strings.Contains(got[1].Error, "parse query line 2") {
				t.Errorf("line 2 = %+v, want id 2 (its line) with a parse error", got[1])
			}
			if got[2].ID != "7" || len(got[2].Facts) != 1 || got[2].Facts[0].Fact != "Carol adopted a dog named Rex" {
				t.Errorf("line 3 = %+v, want id 7 with Carol's fact alone", got[2])
			}
			if got[3].ID != "empty" || !strings.Contains(got[3].Error, "empty query") {
				t.Errorf("line 4 = %+v, want id empty with an empty-query error", got[3])
			}
		})
	}
}

func TestCommunitiesBuildSearch(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	ok(t, db, searchEpisodes, "ingest", "--group", "srch", "-")
	if r := ok(t, db, "", "communities", "--group", "srch", "--json"); !strings.Contains(r.stdout, `"communities": []`) {
		t.Fatalf("communities before a build = %s, want none", r.stdout)
	}

	r := ok(t, db, "", "communities", "build", "--group", "srch")
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`^built [1-9]\d* communit(y|ies) in group srch in \d`),
		regexp.MustCompile(`\n  graph: +\d+ entities, \d+ pairs joined by current facts\n`),
		regexp.MustCompile(`\n  members: +[1-9]\d* in communities, \d+ in none`),
		regexp.MustCompile(`\n  propagation: +\d+ iterations?, converged\n`),
		regexp.MustCompile(`\n  time: +read \S+, propagation \S+, summaries \S+, write \S+\n`),
		regexp.MustCompile(`\n  LLM: +0 calls \(offline summaries\)\n`),
	} {
		if !want.MatchString(r.stdout) {
			t.Errorf("communities build output does not match %s:\n%s", want, r.stdout)
		}
	}
	r = ok(t, db, "", "communities", "build", "--group", "srch", "--json")
	var rep struct {
		Group       string  `json:"group"`
		Communities int     `json:"communities"`
		Members     int     `json:"members"`
		Iterations  int     `json:"iterations"`
		Calls       int     `json:"calls"`
		DurationMS  float64 `json:"duration_ms"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("communities build --json: %v\n%s", err, r.stdout)
	}
	if rep.Group != "srch" || rep.Communities == 0 || rep.Members < 2*rep.Communities || rep.Iterations == 0 || rep.Calls != 0 || rep.DurationMS <= 0 {
		t.Errorf("communities build --json = %+v", rep)
	}

	var list struct {
		Communities []wire.Community `json:"communities"`
	}
	r = ok(t, db, "", "communities", "--group", "srch", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil {
		t.Fatal(err)
	}
	if len(list.Communities) != rep.Communities {
		t.Errorf("communities lists %d, the build reported %d", len(list.Communities), rep.Communities)
	}
	var alice wire.Community
	for _, c := range list.Communities {
		if len(c.Members) < 2 {
			t.Errorf("community %q has %d members, want 2 or more", c.Name, len(c.Members))
		}
		if strings.Contains(c.Name, "Alice") {
			alice = c
		}
	}
	if alice.UUID == "" {
		t.Fatalf("no community is named after Alice: %+v", list.Communities)
	}
	text := ok(t, db, "", "communities", "--group", "srch")
	if !strings.Contains(text.stdout, alice.UUID+"  "+alice.Name) {
		t.Errorf("communities listing lacks %s %s:\n%s", alice.UUID, alice.Name, text.stdout)
	}

	res := searchJSON(t, db, "--group", "srch", "--scope", "communities", "Alice Acme Paris")
	if len(res.Communities) == 0 || res.Communities[0].UUID != alice.UUID {
		t.Errorf("search --scope communities = %+v, want %s first", res.Communities, alice.Name)
	}
	if len(res.Facts)+len(res.Entities)+len(res.Episodes) != 0 {
		t.Errorf("search --scope communities returned other scopes: %+v", res)
	}
	// The other group has no communities, and sees none of these.
	if res := searchJSON(t, db, "--group", "other", "--scope", "communities", "Alice Acme Paris"); len(res.Communities) != 0 {
		t.Errorf("search other --scope communities = %+v, want none", res.Communities)
	}
}

func TestSearchErrors(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantErr  string
	}{
		{"no query", []string{"search", "--group", "g"}, 2, "want a QUERY (or --queries FILE)"},
		{"query and batch", []string{"search", "--group", "g", "--queries", "q.jsonl", "x"}, 2, "give a QUERY or --queries, not both"},
		{"no group", []string{"search", "x"}, 1, "--group is required"},
		{"unknown recipe", []string{"search", "--group", "g", "--recipe", "best", "x"}, 1, `--recipe: unknown recipe "best" (known: bfs, communities, cross_encoder, default,`},
		{"unknown reranker", []string{"search", "--group", "g", "--reranker", "magic", "x"}, 1, `--reranker: unknown reranker "magic" (known: rrf, linear, mmr,`},
		{"unknown scope", []string{"search", "--group", "g", "--scope", "facts,people", "x"}, 1, `--scope: scope "people": want facts, entities, episodes or communities`},
		{"bad valid-at", []string{"search", "--group", "g", "--valid-at", "yesterday", "x"}, 1, `--valid-at: time "yesterday": want RFC 3339`},
		{"bad known-at", []string{"context", "--group", "g", "--known-at", "soon", "x"}, 1, `--known-at: time "soon": want RFC 3339`},
		{"negative limit", []string{"search", "--group", "g", "--limit", "-1", "x"}, 1, "--limit -1: want 1 to 1000"},
		{"node distance without a centre", []string{"search", "--group", "g", "--reranker", "node_distance", "x"}, 1, "needs --center UUID"},
		{"missing queries file", []string{"search", "--group", "g", "--queries", "no-such.jsonl"}, 1, "open queries: open no-such.jsonl"},
		{"unknown search flag", []string{"search", "--group", "g", "--fuzzy", "x"}, 2, "flag provided but not defined: -fuzzy"},
		{"context without query", []string{"context", "--group", "g"}, 2, "want a QUERY"},
		{"context format", []string{"context", "--group", "g", "--format", "xml", "x"}, 1, `--format "xml": want text or json`},
		{"context budget", []string{"context", "--group", "g", "--budget", "-5", "x"}, 1, "--budget -5: want a positive number"},
		{"context recipe", []string{"context", "--group", "g", "--recipe", "best", "x"}, 1, `unknown recipe "best"`},
		{"build without group", []string{"communities", "build"}, 1, "--group is required"},
		{"misspelled build", []string{"communities", "biuld", "--group", "g"}, 2, `unexpected argument "biuld" (did you mean 'mnemo communities build'?)`},
		{"build argument", []string{"communities", "build", "--group", "g", "now"}, 2, `unexpected argument "now"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := mnemo(t, db, "", tc.args...)
			if r.code != tc.wantCode || !strings.Contains(r.stderr, tc.wantErr) {
				t.Errorf("mnemo %s = exit %d, stderr %q; want exit %d with %q", strings.Join(tc.args, " "), r.code, r.stderr, tc.wantCode, tc.wantErr)
			}
		})
	}
	// Flags may follow the query's words.
	r := ok(t, db, "", "search", "--group", "g", "where", "is", "Alice", "--json")
	checkSearchKeys(t, r.stdout)
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
