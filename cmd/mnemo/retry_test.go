package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// retryEpisodes holds a good episode and one whose extraction always
// fails: a hand-made fact whose JSON the triplet reader refuses.
const retryEpisodes = `{"uuid": "good", "source": "message", "content": "Alice: I live in Paris.", "reference_time": "2024-03-01"}
{"uuid": "bad", "source": "json", "source_description": "mnemo: fact added by hand", "content": "{\"source\": 5}", "reference_time": "2024-03-02"}
`

// listed is the JSON of `mnemo episodes --json`, reduced to what the
// retry tests look at.
type listed struct {
	UUID     string `json:"uuid"`
	Status   string `json:"status"`
	Attempts int    `json:"attempts"`
	Failed   bool   // the error is set
}

func episodesJSON(t *testing.T, db, cfg string, args ...string) []listed {
	t.Helper()
	r := ok(t, db, "", append([]string{"episodes", "--json", "--config", cfg, "--group", "r"}, args...)...)
	var out struct {
		Episodes []struct {
			listed
			Error string `json:"error"`
		} `json:"episodes"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("episodes --json: %v\n%s", err, r.stdout)
	}
	var eps []listed
	for _, e := range out.Episodes {
		e.listed.Failed = strings.Contains(e.Error, "hand-made fact")
		eps = append(eps, e.listed)
	}
	return eps
}

func TestEpisodesStatusAndRetry(t *testing.T) {
	dir := t.TempDir()
	db, cfg := filepath.Join(dir, "db"), filepath.Join(dir, "mnemo.toml")
	writeFile(t, cfg, "[ingest]\nmax_attempts = 1\n")
	if r := mnemo(t, db, retryEpisodes, "ingest", "--config", cfg, "--group", "r", "-"); r.code != 1 || !strings.Contains(r.stdout, "1 done, 1 failed") {
		t.Fatalf("ingest = exit %d, want 1 with one episode failed\n%s%s", r.code, r.stdout, r.stderr)
	}

	tests := []struct {
		name   string
		status string
		want   []listed
	}{
		{"failed", "failed", []listed{{UUID: "bad", Status: "failed", Attempts: 1, Failed: true}}},
		{"done", "done", []listed{{UUID: "good", Status: "done"}}},
		{"pending", "pending", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, episodesJSON(t, db, cfg, "--status", tt.status)); diff != "" {
				t.Errorf("episodes --status %s (-want +got):\n%s", tt.status, diff)
			}
		})
	}
	r := ok(t, db, "", "episodes", "--config", cfg, "--group", "r", "--status", "failed")
	for _, want := range []string{"ATTEMPTS", "bad", "hand-made fact", "mnemo retry --group r"} {
		if !strings.Contains(r.stdout+r.stderr, want) {
			t.Errorf("episodes --status failed lacks %q:\n%s%s", want, r.stdout, r.stderr)
		}
	}

	// Queued again without processing: pending, no attempts, the error kept.
	r = ok(t, db, "", "retry", "--config", cfg, "--group", "r", "--wait=false")
	if !strings.Contains(r.stderr, "queued 1 episode again") {
		t.Errorf("retry --wait=false: %s", r.stderr)
	}
	if diff := cmp.Diff([]listed{{UUID: "bad", Status: "pending", Failed: true}}, episodesJSON(t, db, cfg, "--status", "pending")); diff != "" {
		t.Errorf("after retry --wait=false (-want +got):\n%s", diff)
	}

	// Processed: the bad episode fails again, with one attempt.
	r = mnemo(t, db, "", "retry", "--config", cfg, "--group", "r", "--episode", "bad")
	if r.code != 1 || !strings.Contains(r.stdout, "episode bad failed again") || !strings.Contains(r.stdout, "0 done, 1 failed") {
		t.Errorf("retry --episode bad = exit %d, want 1 and the failure\n%s%s", r.code, r.stdout, r.stderr)
	}
	if diff := cmp.Diff([]listed{{UUID: "bad", Status: "failed", Attempts: 1, Failed: true}}, episodesJSON(t, db, cfg, "--status", "failed")); diff != "" {
		t.Errorf("after retry (-want +got):\n%s", diff)
	}

	errs := []struct {
		name     string
		args     []string
		wantCode int
		wantErr  string
	}{
		{"done episode", []string{"retry", "--group", "r", "--episode", "good"}, 1, "episode good is done"},
		{"unknown episode", []string{"retry", "--group", "r", "--episode", "nosuch"}, 1, "not found"},
		{"no group", []string{"retry"}, 1, "--group is required"},
		{"bad status", []string{"episodes", "--group", "r", "--status", "stuck"}, 2, `--status "stuck"`},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			r := mnemo(t, db, "", append(tt.args, "--config", cfg)...)
			if r.code != tt.wantCode || !strings.Contains(r.stderr, tt.wantErr) {
				t.Errorf("mnemo %s = exit %d %q, want %d with %q", strings.Join(tt.args, " "), r.code, r.stderr, tt.wantCode, tt.wantErr)
			}
		})
	}
}
