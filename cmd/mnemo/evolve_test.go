package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestEvolveAndFeedback runs mnemo feedback and mnemo evolve on a database:
// a dry run changes nothing, a run archives what was unused but not what is
// pinned, --include-archived and --known-at still show it, a fact marked
// wrong keeps its reason in history, and the run's report is kept.
func TestEvolveAndFeedback(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	lines := strings.Split(cliEpisodes, "\n")
	ok(t, db, strings.Join([]string{lines[0], lines[1], lines[3]}, "\n"), "ingest", "--group", "cli-e", "-")
	facts := factsJSON(t, db, "--group", "cli-e")
	if len(facts) < 3 {
		t.Fatalf("facts = %v, want at least 3", texts(facts))
	}
	pinned, wrong := facts[0]["uuid"].(string), facts[1]["uuid"].(string)

	for _, args := range [][]string{
		{"feedback", "--group", "cli-e", "--useful"},
		{"feedback", "--group", "cli-e", "--fact", pinned, "--entity", pinned, "--pin"},
		{"feedback", "--group", "cli-e", "--fact", pinned, "--pin", "--useful"},
	} {
		if r := mnemo(t, db, "", args...); r.code != 2 {
			t.Errorf("mnemo %s = exit %d, want 2 (usage)\n%s", strings.Join(args, " "), r.code, r.stderr)
		}
	}
	if r := mnemo(t, db, "", "feedback", "--group", "cli-e", "--fact", "no-such-fact", "--pin"); r.code != 1 || !strings.Contains(r.stderr, "not found") {
		t.Errorf("feedback on an unknown fact = exit %d %s, want 1 and not found", r.code, r.stderr)
	}
	ok(t, db, "", "feedback", "--group", "cli-e", "--fact", pinned, "--pin")
	ok(t, db, "", "feedback", "--group", "cli-e", "--fact", wrong, "--wrong", "--reason", "a typo")
	for _, f := range factsJSON(t, db, "--group", "cli-e", "--history") {
		if f["uuid"] == wrong {
			attrs, _ := f["attributes"].(map[string]any)
			if attrs["invalid_reason"] != "marked wrong: a typo" || f["expired_at"] == nil {
				t.Errorf("fact marked wrong in history = %v, want expired with its reason", f)
			}
		}
	}

	type report struct {
		DryRun   bool `json:"dry_run"`
		Archived []struct {
			UUID string `json:"uuid"`
		} `json:"archived"`
	}
	// In a graph this small every entity is central: a threshold over
	// centrality's weight (0.2) archives what nobody used, whatever its
	// place.
	evolve := func(args ...string) result {
		t.Helper()
		r := mnemoEnv(t, append(testEnv(db), "MNEMO_EVOLVE_THRESHOLD=0.3"), "", append([]string{"evolve", "--group", "cli-e"}, args...)...)
		if r.code != 0 {
			t.Fatalf("mnemo evolve %v = exit %d\n%s", args, r.code, r.stderr)
		}
		return r
	}
	var dry report
	r := evolve("--dry-run", "--now", "2099-01-01", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &dry); err != nil || !dry.DryRun || len(dry.Archived) == 0 {
		t.Fatalf("evolve --dry-run --json = %s (%v), want a dry run archiving something", r.stdout, err)
	}
	if got := factsJSON(t, db, "--group", "cli-e"); len(got) != len(facts)-1 {
		t.Errorf("after a dry run, %d facts are current, want %d", len(got), len(facts)-1)
	}
	r = evolve("--now", "2099-01-01")
	if !strings.Contains(r.stdout, "evolved group cli-e as of 2099-01-01") || !strings.Contains(r.stdout, "\narchive (") {
		t.Errorf("evolve = %s, want its report", r.stdout)
	}
	active := factsJSON(t, db, "--group", "cli-e")
	all := factsJSON(t, db, "--group", "cli-e", "--include-archived")
	if len(active) != 1 || active[0]["uuid"] != pinned || len(all) != len(facts)-1 {
		t.Errorf("facts after evolve = %v, with --include-archived %v; want the pinned one kept and the archived ones back", texts(active), texts(all))
	}
	for _, f := range all {
		if f["uuid"] != pinned && !slices.ContainsFunc(active, func(a cliFact) bool { return a["uuid"] == f["uuid"] }) && f["archived_at"] == nil {
			t.Errorf("archived fact %v has no archived_at", f)
		}
	}
	if known := factsJSON(t, db, "--group", "cli-e", "--known-at", "2098-12-31"); len(known) != len(all) {
		t.Errorf("facts known at 2098-12-31 = %v, want all %d current then", texts(known), len(all))
	}
	r = ok(t, db, "", "evolve", "--group", "cli-e", "--reports")
	if !strings.HasPrefix(r.stdout, "2099-01-01 00:00:00Z  scored ") {
		t.Errorf("evolve --reports = %q, want the run's line", r.stdout)
	}
	ents := ok(t, db, "", "entities", "--group", "cli-e", "--include-archived")
	if !strings.Contains(ents.stdout, "Paris") {
		t.Errorf("entities --include-archived = %s, want Paris among them", ents.stdout)
	}
}
