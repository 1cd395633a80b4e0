package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// cliEpisodes has good lines and bad ones (3: not JSON, 5: a bad date, 6:
// an unknown field, 7: empty content).
const cliEpisodes = `{"source": "message", "content": "Alice: I work at Acme Corp and I live in Paris.", "reference_time": "2024-03-01T10:00:00Z"}
{"source": "message", "content": "Alice: I moved to Berlin last week.", "reference_time": "2024-05-01T10:00:00Z", "uuid": "alice-moves"}
{"source": "message", "content": 
{"source": "message", "content": "Bob: My sister Carol adopted a dog named Rex.", "reference_time": "2024-05-03"}
{"source": "message", "content": "Bob: I live in Oslo.", "reference_time": "last tuesday"}
{"source": "message", "content": "Bob: I live in Oslo.", "reference_time": "2024-05-04", "colour": "blue"}
{"source": "message", "content": "", "reference_time": "2024-05-04"}

{"source": "text", "content": "Dana joined Initech in 2023.", "reference_time": "2024-05-05", "group_id": "cli-1"}
`

// cliFact is a fact of `mnemo facts --json`.
type cliFact map[string]any

func factsJSON(t *testing.T, db string, args ...string) []cliFact {
	t.Helper()
	r := ok(t, db, "", append([]string{"facts", "--json"}, args...)...)
	var out struct {
		Facts []cliFact `json:"facts"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("facts --json: %v\n%s", err, r.stdout)
	}
	return out.Facts
}

func texts(fs []cliFact) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f["fact"].(string))
	}
	slices.Sort(out)
	return out
}

func TestIngestListDelete(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	r := mnemo(t, db, cliEpisodes, "ingest", "--group", "cli-1", "-")
	if r.code != 1 {
		t.Errorf("ingest with bad lines = exit %d, want 1\n%s", r.code, r.stderr)
	}
	for _, want := range []string{
		"line 3: invalid JSON",
		`line 5: reference_time: time "last tuesday": want RFC 3339`,
		`line 6: unknown field "colour"`,
		"line 7: episode content is empty",
		"queued 4 episodes from standard input (4 new, 4 bad lines)",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("ingest stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	for _, want := range []string{"ingested 4 episodes", "4 done, 0 failed", "invalidations: 1 facts superseded", "LLM:           0 calls and 0 tokens per episode"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("ingest summary lacks %q:\n%s", want, r.stdout)
		}
	}
	if strings.Contains(r.stderr, "line 8") {
		t.Errorf("the blank line 8 was reported:\n%s", r.stderr)
	}

	// Re-sending an episode with its uuid stores nothing new.
	r = ok(t, db, strings.Split(cliEpisodes, "\n")[1], "ingest", "--group", "cli-1")
	if !strings.Contains(r.stdout, "0 new, 0 resumed from an earlier run, 1 already done") || !strings.Contains(r.stdout, "facts:         0 new") {
		t.Errorf("second ingest = %s, want 1 already done and nothing new", r.stdout)
	}

	all := factsJSON(t, db, "--group", "cli-1", "--history")
	wantKeys := []string{"created_at", "episodes", "expired_at", "fact", "invalid_at", "relation", "source", "source_class", "source_uuid", "target", "target_uuid", "uuid", "valid_at"}
	for _, f := range all {
		var keys []string
		for k := range f {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if diff := cmp.Diff(wantKeys, keys); diff != "" {
			t.Fatalf("facts --json keys (-want +got):\n%s", diff)
		}
	}
	want := []string{"Alice lives in Paris", "Alice moved to Berlin", "Alice works at Acme Corp", "Carol adopted a dog named Rex", "Carol is Bob's sister", "Dana joined Initech"}
	if diff := cmp.Diff(want, texts(all)); diff != "" {
		t.Errorf("facts --history (-want +got):\n%s", diff)
	}
	current := factsJSON(t, db, "--group", "cli-1")
	if slices.Contains(texts(current), "Alice lives in Paris") || len(current) != 5 {
		t.Errorf("current facts = %v, want the 5 without Paris", texts(current))
	}
	then := factsJSON(t, db, "--group", "cli-1", "--valid-at", "2024-04-01", "--relation", "LIVES_IN")
	if diff := cmp.Diff([]string{"Alice lives in Paris"}, texts(then)); diff != "" {
		t.Errorf("LIVES_IN valid at 2024-04-01 (-want +got):\n%s", diff)
	}
	text := ok(t, db, "", "facts", "--group", "cli-1", "--history")
	if !strings.Contains(text.stdout, "2024-03-01 10:00 → 2024-04-24 (superseded on ") {
		t.Errorf("facts --history does not show Paris's range and supersession:\n%s", text.stdout)
	}
	eps := ok(t, db, "", "episodes", "--group", "cli-1")
	if n := strings.Count(eps.stdout, " done "); n != 4 {
		t.Errorf("episodes lists %d done episodes, want 4:\n%s", n, eps.stdout)
	}
	ents := ok(t, db, "", "entities", "--group", "cli-1", "--json")
	if !strings.Contains(ents.stdout, `"name": "Initech"`) {
		t.Errorf("entities --json lacks Initech:\n%s", ents.stdout)
	}

	// Deleting the fact that superseded Paris restores it.
	var berlin string
	for _, f := range all {
		if f["fact"] == "Alice moved to Berlin" {
			berlin = f["uuid"].(string)
		}
	}
	r = ok(t, db, "", "delete", "--group", "cli-1", "--fact", berlin)
	if !strings.Contains(r.stdout, "1 fact removed") && !strings.Contains(r.stdout, "1 fact,") {
		t.Errorf("delete --fact = %s", r.stdout)
	}
	if !strings.Contains(r.stdout, "1 superseded fact restored") {
		t.Errorf("delete --fact did not restore Paris: %s", r.stdout)
	}
	if !slices.Contains(texts(factsJSON(t, db, "--group", "cli-1")), "Alice lives in Paris") {
		t.Errorf("Paris is not current after deleting the Berlin fact")
	}
	r = ok(t, db, "", "delete", "--group", "cli-1", "--episode", "alice-moves")
	if !strings.Contains(r.stdout, "1 episode,") {
		t.Errorf("delete --episode = %s", r.stdout)
	}
	r = ok(t, db, "", "delete", "--group", "cli-1", "--all")
	if !strings.Contains(r.stdout, "3 episodes,") {
		t.Errorf("delete --all = %s", r.stdout)
	}
	if fs := factsJSON(t, db, "--group", "cli-1", "--history"); len(fs) != 0 {
		t.Errorf("facts after delete --all = %v", texts(fs))
	}
}

func TestCLIErrors(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantErr  string
	}{
		{"unknown command", []string{"remember"}, 2, `unknown command "remember"`},
		{"no group", []string{"facts"}, 1, "--group is required"},
		{"bad group", []string{"facts", "--group", "a b"}, 1, `group id "a b": character ' ' is not allowed`},
		{"bad date", []string{"facts", "--group", "g", "--valid-at", "May 5th"}, 1, `time "May 5th": want RFC 3339`},
		{"unknown episode", []string{"delete", "--group", "g", "--episode", "nope"}, 1, "delete episode nope in group g: episode nope: not found"},
		{"unknown fact", []string{"delete", "--group", "g", "--fact", "nope"}, 1, "not found"},
		{"two targets", []string{"delete", "--group", "g", "--all", "--fact", "x"}, 2, "give exactly one of --all"},
		{"missing file", []string{"ingest", "--group", "g", "no-such-file.jsonl"}, 1, "open episodes"},
		{"unknown flag", []string{"facts", "--colour"}, 2, "flag provided but not defined: -colour"},
		{"config check needs its verb", []string{"config"}, 2, "want 'mnemo config check'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := mnemo(t, db, "", tc.args...)
			if r.code != tc.wantCode || !strings.Contains(r.stderr, tc.wantErr) {
				t.Errorf("mnemo %s = exit %d, stderr %q; want exit %d with %q", strings.Join(tc.args, " "), r.code, r.stderr, tc.wantCode, tc.wantErr)
			}
		})
	}
}

func TestConfigCheck(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "mnemo.toml")
	writeFile(t, cfg, "[llm]\napi_key = \"sk-very-secret-key-1234\"\nmodel = \"gpt-4.1-mini\"\n\n[http]\naddr = \"127.0.0.1:9090\"\n[[http.keys]]\nkey = \"a-long-api-key-for-team-a\"\ngroups = [\"team-a\"]\n")
	r := ok(t, filepath.Join(dir, "db"), "", "config", "check", "--config", cfg)
	for _, want := range []string{`api_key = "****1234"  # file`, `key = "****am-a"  # file`, `addr = "127.0.0.1:9090"  # file`, `extractor = "llm-extractor"  # default`, "[[http.keys]]"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("config check output lacks %s:\n%s", want, r.stdout)
		}
	}
	if strings.Contains(r.stdout, "very-secret") || strings.Contains(r.stdout, "a-long-api-key") {
		t.Errorf("config check prints a secret:\n%s", r.stdout)
	}
	bad := filepath.Join(dir, "bad.toml")
	writeFile(t, bad, "[llm]\nmodle = \"x\"\n")
	r = mnemo(t, filepath.Join(dir, "db"), "", "config", "check", "--config", bad)
	if r.code != 1 || !strings.Contains(r.stderr, "unknown settings llm.modle") {
		t.Errorf("config check of a misspelled setting = exit %d %q, want 1 naming llm.modle", r.code, r.stderr)
	}
}

// TestStoreMemory runs a command on the memory store: it ingests and
// resolves as on Kuzu, and leaves no database directory behind; an unknown
// store is refused.
func TestStoreMemory(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	in := strings.Join(strings.Split(cliEpisodes, "\n")[:2], "\n")
	r := ok(t, db, in, "ingest", "--store", "memory", "--group", "mem", "-")
	for _, want := range []string{"ingested 2 episodes", "2 done, 0 failed", "invalidations: 1 facts superseded"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("ingest --store memory summary lacks %q:\n%s", want, r.stdout)
		}
	}
	if !strings.Contains(r.stderr, "store.backend is memory") {
		t.Errorf("ingest --store memory does not warn that nothing is kept:\n%s", r.stderr)
	}
	if _, err := os.Stat(db); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ingest --store memory created %s (Stat: %v)", db, err)
	}
	r = mnemo(t, db, in, "ingest", "--store", "cassandra", "--group", "mem", "-")
	if r.code == 0 || !strings.Contains(r.stderr, `store.backend "cassandra"`) {
		t.Errorf("ingest --store cassandra = exit %d, want a refusal naming store.backend:\n%s", r.code, r.stderr)
	}
}

// TestConfigCheckEffective runs `mnemo config check` on a file that sets
// little: it prints the defaults the components apply, not zero values,
// and notes on stderr the settings that take no effect, with the reason.
func TestConfigCheckEffective(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "mnemo.toml")
	writeFile(t, cfg, "[ingest]\nmax_facts = 77\n")
	r := ok(t, filepath.Join(dir, "db"), "", "config", "check", "--config", cfg)
	for _, want := range []string{
		`max_facts = 77  # file`, `max_entities = 500  # default`, `batch = 64  # default`, `max_attempts = 3  # default`, `workers = 2  # default`, `context_episodes = 4  # default`,
		`max_extract_kb = 12  # default`, `split = "size"  # default`, `max_chunks = 96  # default`, `checkpoint_every = 256  # default`, `checkpoint_wal_mb = 16  # default`, `read_conns = 4  # default`,
		`buffer_pool_mb = 64  # env MNEMO_STORE_BUFFER_POOL_MB`, `default_recipe = "default"  # default`, `memory_limit_mb = 32  # default`, `call_timeout = "10s"  # default`,
		`reload = "2s"  # default`, `half_life = "720h"  # default`, `drift_threshold = 0.25  # default`, `extractor = "rule-extractor"  # default`,
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("config check output lacks %s:\n%s", want, r.stdout)
		}
	}
	if strings.Contains(r.stderr, "note:") {
		t.Errorf("config check of a plain file notes %q, want none", r.stderr)
	}

	withLLM := filepath.Join(dir, "llm.toml")
	writeFile(t, withLLM, "[llm]\nmodel = \"gpt-4.1-mini\"\napi_key = \"sk-a-key-for-the-test-0000\"\n")
	r = ok(t, filepath.Join(dir, "db"), "", "config", "check", "--config", withLLM)
	for _, want := range []string{`max_tokens = 4096  # default`, `small_model = "gpt-4.1-nano"  # default`, `max_retries = 4  # default`, `structured_output = "auto"  # default`,
		`base_url = "https://api.openai.com/v1"  # default`, `timeout = "2m"  # default`, `model = "gpt-4.1-mini"  # file`} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("config check with an LLM lacks %s:\n%s", want, r.stdout)
		}
	}

	noEffect := filepath.Join(dir, "no-effect.toml")
	writeFile(t, noEffect, `[store]
backend = "memory"
threads = 2
[llm]
model = "gpt-4.1-mini"
api_key = "sk-a-key-for-the-test-0000"
[plugins.default]
extractor = "rule-extractor"
[[plugins.tenants]]
groups = ["support-*"]
reranker = "script-reranker"
[plugins.tenants.plugin_config]
script-reranker = 'rrf'
`)
	r = ok(t, filepath.Join(dir, "db"), "", "config", "check", "--config", noEffect)
	for _, want := range []string{
		`note: [[plugins.tenants]] #1 (groups support-*): reranker = "script-reranker" orders only searches that ask for reranker "plugin"`,
		"add to the configuration file:\n    [search.group_recipes]\n    \"support-*\" = \"plugin\"",
		`note: store.threads is a Kuzu setting and store.backend is "memory"`,
		// The test environment sets MNEMO_STORE_BUFFER_POOL_MB.
		`note: store.buffer_pool_mb is a Kuzu setting`,
		`note: an LLM is configured (llm.*) but no plugin set uses llm-extractor (the extractor is "rule-extractor")`,
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("config check stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	if strings.Contains(r.stdout, `checkpoint_every`) {
		t.Errorf("config check with the memory store shows Kuzu's defaults:\n%s", r.stdout)
	}
}
