package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

// demoFact is a fact of the demo as checked: its text, relation, validity
// range and the day mnemo superseded it ("" if current).
type demoFact struct {
	Fact, Relation, ValidAt, InvalidAt, ExpiredOn string
}

// wantDemoFacts is what the offline extraction must get from the demo's
// conversation (see docs/rule-extractor.md for the patterns it relies on).
var wantDemoFacts = []demoFact{
	{"Maya is a data analyst", "HAS_JOB_TITLE", "2024-01-08T19:02:00Z", "2024-03-18T12:42:30Z", "2024-03-18"},
	{"Maya works at Fidelity as a data analyst", "WORKS_AT", "2024-01-08T19:02:00Z", "2024-02-13T00:00:00Z", "2024-02-20"},
	{"Maya lives in Boston", "LIVES_IN", "2018-01-08T00:00:00Z", "2024-02-01T00:00:00Z", "2024-03-18"},
	{"Priya is Maya's sister", "SISTER_OF", "2024-01-08T19:03:05Z", "", ""},
	{"Priya lives in Chicago", "LIVES_IN", "2024-01-08T19:03:05Z", "2024-04-01T00:00:00Z", "2024-05-02"},
	{"Priya works at Northwestern Memorial Hospital", "WORKS_AT", "2024-01-08T19:03:05Z", "2024-05-01T00:00:00Z", "2024-06-14"},
	{"Maya moved to Seattle", "LIVES_IN", "2024-02-01T00:00:00Z", "2024-09-02T00:00:00Z", "2024-09-03"},
	{"Maya started working at Stripe", "WORKS_AT", "2024-03-04T00:00:00Z", "", ""},
	{"Maya works as a data engineer", "HAS_JOB_TITLE", "2024-03-18T12:42:30Z", "", ""},
	{"Maya adopted a dog named Biscuit", "HAS_PET", "2024-04-18T00:00:00Z", "", ""},
	{"Biscuit loves the beach", "LOVES", "2024-05-02T17:06:00Z", "", ""},
	{"Priya moved to Denver", "LIVES_IN", "2024-04-01T00:00:00Z", "", ""},
	// Getting engaged ends the dating: "last month" from 2024-09-03.
	{"Maya started dating Jonah", "IS_DATING", "2024-05-01T00:00:00Z", "2024-08-01T00:00:00Z", "2024-09-03"},
	{"Jonah works at Swedish Medical Center as a nurse", "WORKS_AT", "2024-06-14T20:30:00Z", "", ""},
	{"Jonah is a nurse", "HAS_JOB_TITLE", "2024-06-14T20:30:00Z", "", ""},
	{"Priya started working at Denver Health", "WORKS_AT", "2024-05-01T00:00:00Z", "", ""},
	{"Maya got engaged to Jonah", "ENGAGED_TO", "2024-08-01T00:00:00Z", "", ""},
	{"Maya moved to Portland", "LIVES_IN", "2024-09-02T00:00:00Z", "", ""},
}

// TestDemo runs `mnemo demo` as `make demo` does (offline, no key), within
// a minute, checks the lines that carry its story, and checks that the
// offline extraction caught every fact the conversation states.
func TestDemo(t *testing.T) {
	start := time.Now()
	r := ok(t, filepath.Join(t.TempDir(), "unused"), "", "demo", "--keep")
	took := time.Since(start)
	if took > time.Minute {
		t.Errorf("mnemo demo took %s, want under a minute", took)
	}
	t.Logf("mnemo demo took %s", took)
	m := regexp.MustCompile(`database: (\S+) \(kept\)`).FindStringSubmatch(r.stdout)
	if m == nil {
		t.Fatalf("demo output names no kept database:\n%s", r.stdout)
	}
	db := m[1]
	defer os.RemoveAll(filepath.Dir(db))

	for _, want := range []string{
		"mnemo demo (offline: rule extractor and local hashing embedder, no network, no key)",
		"22 messages in 6 sessions",
		"== session 3 · Mon 18 Mar 2024",
		"x Maya lives in Boston",
		"+ Maya moved to Seattle",
		"== Entities (",
		"Biscuit                         Pet",
		"x Maya lives in Boston                              LIVES_IN       2018-01-08 → 2024-02-01 (superseded on 2024-03-18",
		"Where did Maya live on 15 Dec 2023?  Boston",
		"Where did Maya live on 15 Jun 2024?  Seattle",
		"Where does Maya live now?            Portland",
		"Where did Maya work on 25 Feb 2024?  (none)",
		"On 1 Mar 2024, where did we believe Maya lived?  Boston",
		"Where did she really live on 1 Mar 2024, as we know now?  Seattle",
		"== Search ===",
		"  Who is Jonah?\n    1. Jonah is a nurse ",
		"  What is Maya's dog called?\n    1. Maya adopted a dog named Biscuit ",
		"  Where does Priya work?\n    1. Priya started working at Denver Health ",
		"== Context for an agent ===",
		"    - Biscuit loves the beach (2024-05-02 17:06 – present)",
		"demo done in",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("demo output lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("demo output:\n%s", r.stdout)
	}

	// Facts of one episode are created in the same instant, in no set order.
	byText := cmpopts.SortSlices(func(a, b demoFact) bool { return a.Fact < b.Fact })
	if diff := cmp.Diff(wantDemoFacts, demoFactsOf(t, db, "demo"), byText); diff != "" {
		t.Errorf("demo facts (-want +got):\n%s", diff)
	}
}

// demoFactsOf lists a group's facts with the superseded ones, as the demo
// tests check them.
func demoFactsOf(t *testing.T, db, group string) []demoFact {
	t.Helper()
	facts := ok(t, db, "", "facts", "--group", group, "--history", "--json")
	var got struct {
		Facts []struct {
			Fact      string  `json:"fact"`
			Relation  string  `json:"relation"`
			ValidAt   *string `json:"valid_at"`
			InvalidAt *string `json:"invalid_at"`
			ExpiredAt *string `json:"expired_at"`
		} `json:"facts"`
	}
	if err := json.Unmarshal([]byte(facts.stdout), &got); err != nil {
		t.Fatal(err)
	}
	var gotFacts []demoFact
	str := func(s *string) string {
		if s == nil {
			return ""
		}
		return *s
	}
	for _, f := range got.Facts {
		exp := str(f.ExpiredAt)
		if len(exp) > 10 {
			exp = exp[:10]
		}
		gotFacts = append(gotFacts, demoFact{f.Fact, f.Relation, str(f.ValidAt), str(f.InvalidAt), exp})
	}
	return gotFacts
}

// TestDemoLLMMode runs the demo with an LLM endpoint configured (the
// scripted test server, answering every extraction with nothing found):
// the demo must say it runs in LLM mode, send each message to the model
// through the llm-extractor, and still finish.
func TestDemoLLMMode(t *testing.T) {
	srv := llmtest.New(t)
	srv.Handle(func(r llmtest.Request) (llmtest.Answer, bool) {
		return llmtest.Answer{Content: `{"entities": [], "facts": []}`}, r.Kind == llmtest.KindChat
	})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "demo")
	cmd.Env = append(testEnv(filepath.Join(t.TempDir(), "unused")),
		"OPENAI_BASE_URL="+srv.URL(), "OPENAI_API_KEY=test-key", "MNEMO_LLM_MODEL=scripted-model")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("mnemo demo with an LLM: %v\nstdout:\n%s\nstderr:\n%s", err, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "LLM: scripted-model through llm-extractor") {
		t.Errorf("the demo does not say it runs in LLM mode:\n%s", out.String())
	}
	extract := 0
	for _, r := range srv.Requests() {
		if r.Kind == llmtest.KindChat && r.Prompt == "extract" {
			extract++
		}
	}
	t.Logf("%d requests, %d extraction calls", len(srv.Requests()), extract)
	// Every message of the bundled conversation is one extraction call.
	lines := strings.Count(strings.TrimSpace(string(demoConversation)), "\n") + 1
	if extract < lines {
		t.Errorf("%d extraction calls for %d messages; want one per message at least", extract, lines)
	}
}
