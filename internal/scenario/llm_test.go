package scenario

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

// model plays the LLM behind the llm-extractor plugin on the scripted test
// server: extraction answers are written per episode by the test;
// resolution answers are worked out from the question the plugin sends, by
// the rules a careful model would follow, so that the engine's handling of
// them is what the test checks.
type model struct {
	t        testing.TB
	srv      *llmtest.Server
	extracts map[string]map[string]any // episode text → answer
}

func newModel(t testing.TB) *model {
	m := &model{t: t, srv: llmtest.New(t), extracts: map[string]map[string]any{}}
	m.srv.Handle(m.answer)
	return m
}

func (m *model) configure(c *host.Config) {
	c.LLM.BaseURL = m.srv.URL()
	c.LLM.APIKey = "test-key"
	c.LLM.Model, c.LLM.SmallModel = "test-main", "test-small"
	c.Plugins.Default.Extractor = "llm-extractor"
	c.Plugins.Default.Ontology = `{"entity_types": [{"name": "Person", "description": "a human being"},
		{"name": "Location", "description": "a city, country or place"},
		{"name": "Organization", "description": "a company, school or institution"}]}`
}

// extract scripts the extraction of the episode whose text contains key.
func (m *model) extract(key string, entities [][2]string, facts ...[6]string) {
	var es, fs []any
	for _, e := range entities {
		es = append(es, map[string]any{"name": e[0], "type": e[1], "summary": ""})
	}
	for _, f := range facts {
		null := func(s string) any {
			if s == "" {
				return nil
			}
			return s
		}
		fs = append(fs, map[string]any{"source": f[0], "relation": f[1], "target": f[2], "fact": f[3], "valid_at": null(f[4]), "invalid_at": null(f[5])})
	}
	m.extracts[key] = map[string]any{"entities": es, "facts": fs}
}

var (
	questionsRe = regexp.MustCompile(`(?s)<questions>\s*(.*?)\s*</questions>`)
	currentRe   = regexp.MustCompile(`(?s)<current_episode[^>]*>(.*?)</current_episode>`)
)

// functional relations hold one value at a time.
var functional = map[string]bool{"LIVES_IN": true, "WORKS_AT": true, "MARRIED_TO": true}

type factView struct {
	Key       string `json:"key"`
	Fact      string `json:"fact"`
	Relation  string `json:"relation"`
	Source    string `json:"source"`
	Target    string `json:"target"`
	InvalidAt string `json:"invalid_at"`
}

func (m *model) answer(r llmtest.Request) (llmtest.Answer, bool) {
	// The first user message is the question; later ones are re-prompts.
	var user string
	for _, msg := range r.Messages {
		if msg.Role == "user" {
			user = msg.Content
			break
		}
	}
	switch r.Prompt {
	case "extract":
		cur := currentRe.FindStringSubmatch(user)
		if cur == nil {
			m.t.Errorf("extract prompt without a current episode:\n%s", user)
			return llmtest.Answer{}, false
		}
		for key, ans := range m.extracts {
			if strings.Contains(cur[1], key) {
				return llmtest.JSON(ans), true
			}
		}
		m.t.Errorf("no scripted extraction for %q", cur[1])
		return llmtest.JSON(map[string]any{"entities": []any{}, "facts": []any{}}), true
	case "resolve_facts":
		var qs []struct {
			ID       int        `json:"id"`
			New      factView   `json:"new_fact"`
			Existing []factView `json:"existing"`
			Related  []factView `json:"related"`
		}
		if err := json.Unmarshal([]byte(questionsRe.FindStringSubmatch(user)[1]), &qs); err != nil {
			m.t.Errorf("resolve_facts questions: %v", err)
			return llmtest.Answer{}, false
		}
		var answers []any
		for _, q := range qs {
			dups, contra := []string{}, []string{}
			// Existing facts are between the new fact's two entities; the
			// question leaves their endpoints out.
			// A state restated is a duplicate; events (visits) are not.
			for _, f := range q.Existing {
				if f.Relation == q.New.Relation && functional[f.Relation] {
					dups = append(dups, f.Key)
				}
			}
			for _, f := range q.Related {
				if functional[q.New.Relation] && f.Relation == q.New.Relation && strings.EqualFold(f.Source, q.New.Source) &&
					!strings.EqualFold(f.Target, q.New.Target) && q.New.InvalidAt == "" {
					contra = append(contra, f.Key)
				}
			}
			answers = append(answers, map[string]any{"id": q.ID, "duplicates": dups, "contradicts": contra})
		}
		return llmtest.JSON(map[string]any{"answers": answers}), true
	case "resolve_entities":
		var qs []struct {
			ID     int `json:"id"`
			Entity struct {
				Name string `json:"name"`
			} `json:"entity"`
			Candidates []struct {
				Key  string `json:"key"`
				Name string `json:"name"`
			} `json:"candidates"`
		}
		if err := json.Unmarshal([]byte(questionsRe.FindStringSubmatch(user)[1]), &qs); err != nil {
			m.t.Errorf("resolve_entities questions: %v", err)
			return llmtest.Answer{}, false
		}
		var answers []any
		for _, q := range qs {
			var dup any
			name := q.Entity.Name
			for _, c := range q.Candidates {
				if core.Acronym(c.Name) == strings.ToLower(q.Entity.Name) || core.Acronym(q.Entity.Name) == strings.ToLower(c.Name) {
					dup = c.Key
					if len(c.Name) > len(name) {
						name = c.Name // keep the fuller form
					}
				}
			}
			answers = append(answers, map[string]any{"id": q.ID, "duplicate_of": dup, "name": name})
		}
		return llmtest.JSON(map[string]any{"answers": answers}), true
	}
	return llmtest.Answer{}, false
}

func TestLLMMovesTwice(t *testing.T) {
	m := newModel(t)
	m.extract("I live in Paris", [][2]string{{"Alice", "Person"}, {"Paris", "Location"}},
		[6]string{"Alice", "LIVES_IN", "Paris", "Alice lives in Paris", "2024-01-10T00:00:00Z", ""})
	m.extract("moved to Berlin", [][2]string{{"Alice", "Person"}, {"Berlin", "Location"}},
		[6]string{"Alice", "LIVES_IN", "Berlin", "Alice lives in Berlin", "2024-03-01T00:00:00Z", ""})
	m.extract("moved to Lisbon", [][2]string{{"Alice", "Person"}, {"Lisbon", "Location"}},
		[6]string{"Alice", "LIVES_IN", "Lisbon", "Alice lives in Lisbon", "2024-09-01T00:00:00Z", ""})
	w := openWorld(t, "", m.configure)
	r1 := w.say("g", "2024-01-10", "Alice: I live in Paris.")
	r2 := w.say("g", "2024-04-01", "Alice: I moved to Berlin last month.")
	r3 := w.say("g", "2024-09-15", "Alice: I moved to Lisbon two weeks ago.")

	paris := one(t, w.find("g", "LIVES_IN", "Paris"), "Paris")
	berlin := one(t, w.find("g", "LIVES_IN", "Berlin"), "Berlin")
	lisbon := one(t, w.find("g", "LIVES_IN", "Lisbon"), "Lisbon")
	if !paris.InvalidAt.Equal(date(t, "2024-03-01")) || paris.InvalidatedBy != berlin.UUID {
		t.Errorf("Paris = invalid %v by %s; want 2024-03-01 by Berlin", paris.InvalidAt, paris.InvalidatedBy)
	}
	if !berlin.InvalidAt.Equal(date(t, "2024-09-01")) || berlin.InvalidatedBy != lisbon.UUID {
		t.Errorf("Berlin = invalid %v by %s; want 2024-09-01 by Lisbon", berlin.InvalidAt, berlin.InvalidatedBy)
	}
	if got := w.facts("g", core.Filter{ValidAt: date(t, "2024-06-01")}); !equalStrings(got, []string{"Alice LIVES_IN Berlin"}) {
		t.Errorf("in June: %v", got)
	}
	// LLM calls per episode: one extraction; a fact resolution when there
	// are facts to compare; no entity resolution (Alice matches exactly).
	calls := func(r engine.EpisodeReport) map[string]int {
		out := map[string]int{}
		for p, u := range r.ByPrompt {
			if p != "embed" {
				out[p] = u.Calls
			}
		}
		return out
	}
	want := []map[string]int{{"extract": 1}, {"extract": 1, "resolve_facts": 1}, {"extract": 1, "resolve_facts": 1}}
	for i, r := range []engine.EpisodeReport{r1, r2, r3} {
		if got := calls(r); !mapsEqual(got, want[i]) {
			t.Errorf("episode %d LLM calls = %v, want %v", i+1, got, want[i])
		}
		if r.Usage.PromptTokens == 0 {
			t.Errorf("episode %d: no tokens recorded", i+1)
		}
	}
}

func TestLLMJobChangeOutOfOrderAndRepeats(t *testing.T) {
	m := newModel(t)
	m.extract("started at Initech", [][2]string{{"Bob", "Person"}, {"Initech", "Organization"}},
		[6]string{"Bob", "WORKS_AT", "Initech", "Bob works at Initech", "2024-06-01T00:00:00Z", ""})
	m.extract("I work at Acme", [][2]string{{"Bob", "Person"}, {"Acme", "Organization"}},
		[6]string{"Bob", "WORKS_AT", "Acme", "Bob works at Acme", "2024-01-15T00:00:00Z", ""})
	m.extract("Still happy at Initech", [][2]string{{"Bob", "Person"}, {"Initech", "Organization"}},
		[6]string{"Bob", "WORKS_AT", "Initech", "Bob is employed by Initech", "", ""})
	m.extract("work for International Business Machines", [][2]string{{"Bob", "Person"}, {"International Business Machines", "Organization"}},
		[6]string{"Bob", "VISITED", "International Business Machines", "Bob visited International Business Machines", "", ""})
	m.extract("IBM office", [][2]string{{"Bob", "Person"}, {"IBM", "Organization"}},
		[6]string{"Bob", "VISITED", "IBM", "Bob visited the IBM office", "", ""})
	w := openWorld(t, "", m.configure)
	w.say("g", "2024-06-01", "Bob: I just started at Initech.")
	w.say("g", "2024-01-15", "Bob: I work at Acme.")
	r3 := w.say("g", "2024-07-01", "Bob: Still happy at Initech!")

	acme := one(t, w.find("g", "WORKS_AT", "Acme"), "Acme")
	initech := one(t, w.find("g", "WORKS_AT", "Initech"), "Initech")
	if !acme.InvalidAt.Equal(date(t, "2024-06-01")) || acme.InvalidatedBy != initech.UUID {
		t.Errorf("Acme told late: invalid %v by %s; want 2024-06-01 by Initech", acme.InvalidAt, acme.InvalidatedBy)
	}
	if len(initech.Episodes) != 2 || r3.Duplicates != 1 {
		t.Errorf("restated Initech: provenance %v, duplicates %d; want 2 episodes, 1 duplicate", initech.Episodes, r3.Duplicates)
	}

	w.say("g", "2024-08-01", "Bob: I used to work for International Business Machines.")
	w.say("g", "2024-08-02", "Bob: Went by the IBM office today.")
	names := w.entityNames("g")
	if slices.Contains(names, "IBM") || !slices.Contains(names, "International Business Machines") {
		t.Errorf("entities = %v, want IBM resolved into International Business Machines", names)
	}
	if got := len(w.find("g", "VISITED", "International Business Machines")); got != 2 {
		t.Errorf("visits of International Business Machines = %d, want 2", got)
	}
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestLLMServerWithoutJSONSchema ingests through a model server that
// refuses json_schema (and then also json_object), as many local servers
// do, with the default configuration: the client falls back to the
// strongest format the server takes, and the episodes come out as with a
// server that takes them all.
func TestLLMServerWithoutJSONSchema(t *testing.T) {
	for _, refused := range [][]string{{"json_schema"}, {"json_schema", "json_object"}} {
		t.Run(strings.Join(refused, "+"), func(t *testing.T) {
			m := newModel(t)
			m.srv.RefuseFormats(refused...)
			m.extract("I live in Paris", [][2]string{{"Alice", "Person"}, {"Paris", "Location"}},
				[6]string{"Alice", "LIVES_IN", "Paris", "Alice lives in Paris", "2024-01-10T00:00:00Z", ""})
			m.extract("moved to Berlin", [][2]string{{"Alice", "Person"}, {"Berlin", "Location"}},
				[6]string{"Alice", "LIVES_IN", "Berlin", "Alice lives in Berlin", "2024-03-01T00:00:00Z", ""})
			w := openWorld(t, "", m.configure)
			for _, r := range []engine.EpisodeReport{
				w.say("g", "2024-01-10", "Alice: I live in Paris."),
				w.say("g", "2024-04-01", "Alice: I moved to Berlin last month."),
			} {
				if r.Status != core.EpisodeDone {
					t.Fatalf("episode %s: %s (%s)", r.UUID, r.Status, r.Error)
				}
			}
			paris := one(t, w.find("g", "LIVES_IN", "Paris"), "Paris")
			berlin := one(t, w.find("g", "LIVES_IN", "Berlin"), "Berlin")
			if !paris.InvalidAt.Equal(date(t, "2024-03-01")) || paris.InvalidatedBy != berlin.UUID {
				t.Errorf("Paris = invalid %v by %s; want 2024-03-01 by Berlin", paris.InvalidAt, paris.InvalidatedBy)
			}
			// Once the format is found, no request asks for a refused one.
			var formats []string
			for _, r := range m.srv.RequestsFor("extract") {
				formats = append(formats, r.ResponseFormat)
			}
			if want := len(refused) + 2; len(formats) != want || slices.Contains(refused, formats[len(formats)-1]) {
				t.Errorf("extract requests asked for formats %q; want %d requests, the refused ones only first", formats, want)
			}
		})
	}
}
