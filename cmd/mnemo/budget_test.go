package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// budgetLines are five episodes, one a line.
func budgetLines() string {
	var b strings.Builder
	for i := range 5 {
		fmt.Fprintf(&b, `{"content": "Erin: I met Ivo %d.", "reference_time": "2024-01-01T00:00:00Z"}`+"\n", i)
	}
	return b.String()
}

// TestIngestBudget checks `mnemo ingest` against a group's budget of 3
// episodes a minute: locally it stores three, then stops with the budget's
// message and says which lines were stored; through --server it gets the
// server's 429 and says the same.
func TestIngestBudget(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "mnemo.toml")
	writeFile(t, cfg, "[budget.default]\nepisodes_per_minute = 3\n")

	t.Run("local", func(t *testing.T) {
		r := mnemo(t, filepath.Join(dir, "db"), budgetLines(), "--config", cfg, "ingest", "--group", "cli-budget", "--wait=false", "-")
		if r.code != 1 || !strings.Contains(r.stderr, `budget exceeded: the episodes_per_minute budget of group "cli-budget" (3) is spent; retry after`) ||
			!strings.Contains(r.stderr, "3 episodes of standard input (lines 1 to 3) were stored") {
			t.Errorf("mnemo ingest over the budget = exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 1 with the budget's message and the lines stored", r.code, r.stdout, r.stderr)
		}
		st := ok(t, filepath.Join(dir, "db"), "", "episodes", "--group", "cli-budget")
		if n := strings.Count(st.stdout, "I met Ivo"); n != 3 {
			t.Errorf("episodes after the refusal:\n%s\nwant 3 episodes", st.stdout)
		}
	})

	t.Run("through the server", func(t *testing.T) {
		addr := freeAddr(t)
		cmd := exec.Command(bin, "serve", "--addr", addr, "--config", cfg)
		cmd.Env = testEnv(filepath.Join(dir, "served"))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer cmd.Process.Kill()
		url := "http://" + addr
		waitHTTP(t, url+"/readyz", &stderr)
		client := append(testEnv(filepath.Join(dir, "unused")), "MNEMO_URL="+url)
		r := mnemoEnv(t, client, budgetLines(), "ingest", "--group", "cli-budget", "--wait=false", "-")
		if r.code != 1 || !strings.Contains(r.stderr, `the episodes_per_minute budget of group "cli-budget" (3) is spent`) ||
			!strings.Contains(r.stderr, "3 episodes of standard input (lines 1 to 3) were stored") {
			t.Errorf("mnemo ingest --server over the budget = exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 1 with the server's refusal", r.code, r.stdout, r.stderr)
		}
	})
}
