package main

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestIngestLearnedAtReference replays the demo's conversation with
// `mnemo ingest --learned-at reference`: the graph's system time tells
// the demo's story (every fact superseded on the day the demo shows, and
// --known-at answering as the demo does); an episode that would be learned
// before what the group knows is refused with the reason, and nothing of
// it is stored.
func TestIngestLearnedAtReference(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	ok(t, db, "", "ingest", "--learned-at", "reference", "--group", "maya", "demo/conversation.jsonl")

	byText := cmpopts.SortSlices(func(a, b demoFact) bool { return a.Fact < b.Fact })
	if diff := cmp.Diff(wantDemoFacts, demoFactsOf(t, db, "maya"), byText); diff != "" {
		t.Errorf("replayed facts (-demo's +replay's):\n%s", diff)
	}

	// The demo's point-in-time questions.
	whereMaya := func(args ...string) []string {
		t.Helper()
		r := ok(t, db, "", append([]string{"facts", "--group", "maya", "--relation", "LIVES_IN", "--json"}, args...)...)
		var out struct {
			Facts []struct {
				Source, Target string
				CreatedAt      string `json:"created_at"`
			} `json:"facts"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
			t.Fatal(err)
		}
		var places []string
		for _, f := range out.Facts {
			if f.Source == "Maya" {
				places = append(places, f.Target)
			}
		}
		return places
	}
	for _, tt := range []struct {
		question string
		args     []string
		want     []string
	}{
		{"On 1 Mar 2024, where did we believe Maya lived?", []string{"--valid-at", "2024-03-01", "--known-at", "2024-03-01"}, []string{"Boston"}},
		{"Where did she really live on 1 Mar 2024, as we know now?", []string{"--valid-at", "2024-03-01"}, []string{"Seattle"}},
		{"On 19 Mar 2024, where did we believe she lived on 1 Mar?", []string{"--valid-at", "2024-03-01", "--known-at", "2024-03-19"}, []string{"Seattle"}},
		{"Where does Maya live now?", nil, []string{"Portland"}},
	} {
		if got := whereMaya(tt.args...); !cmp.Equal(got, tt.want) {
			t.Errorf("%s (facts %v) = %v, want %v", tt.question, tt.args, got, tt.want)
		}
	}

	// An episode dated before what the group knows is refused.
	before := len(demoFactsOf(t, db, "maya"))
	old := `{"source": "message", "content": "Maya: I live in Lisbon.", "reference_time": "2024-05-01T10:00:00Z"}`
	r := mnemo(t, db, old, "ingest", "--learned-at", "reference", "--group", "maya", "-")
	if r.code != 1 || !strings.Contains(r.stderr, "would come before what group maya already knows (learned up to 2024-09-03T") {
		t.Errorf("a replay out of order = exit %d, stderr %q; want 1 and the reason", r.code, r.stderr)
	}
	if n := len(demoFactsOf(t, db, "maya")); n != before {
		t.Errorf("after the refused replay the group has %d facts, want %d", n, before)
	}
	// So is a replay into a group that learned something now.
	ok(t, db, `{"source": "message", "content": "Ann: I live in Oslo.", "reference_time": "2024-05-01T10:00:00Z"}`, "ingest", "--group", "ann", "-")
	r = mnemo(t, db, old, "ingest", "--learned-at", "reference", "--group", "ann", "-")
	if r.code != 1 || !strings.Contains(r.stderr, "would come before what group ann already knows") {
		t.Errorf("a replay into a group ingested now = exit %d, stderr %q; want 1 and the reason", r.code, r.stderr)
	}
	// A value other than now or reference is a usage error.
	if r := mnemo(t, db, "", "ingest", "--learned-at", "sometime", "--group", "maya", "-"); r.code != 2 || !strings.Contains(r.stderr, `--learned-at "sometime": want now or reference`) {
		t.Errorf("ingest --learned-at sometime = exit %d, stderr %q; want 2 and the values", r.code, r.stderr)
	}
}

// TestIngestLearnedAtReferenceThroughServer replays the demo's
// conversation through a running mnemo serve with a key allowed to
// (http.keys.replay): the graph tells the same story as the local replay.
// A key without the setting is refused, and stores nothing.
func TestIngestLearnedAtReferenceThroughServer(t *testing.T) {
	const replayKey, plainKey = "replay-key-0123456789abcdef", "plain-key-0123456789abcdef"
	dir := t.TempDir()
	db := filepath.Join(dir, "db")
	cfg := filepath.Join(dir, "mnemo.toml")
	writeFile(t, cfg, "[[http.keys]]\nkey = \""+replayKey+"\"\ngroups = [\"maya\"]\nreplay = true\n[[http.keys]]\nkey = \""+plainKey+"\"\ngroups = [\"maya\", \"plain\"]\n")
	addr := freeAddr(t)
	cmd := exec.Command(bin, "serve", "--addr", addr, "--config", cfg)
	cmd.Env = testEnv(db)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stopped := false
	defer func() {
		if !stopped {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	url := "http://" + addr
	waitHTTP(t, url+"/readyz", &stderr)
	client := func(key string) []string {
		return append(testEnv(filepath.Join(dir, "unused")), "MNEMO_URL="+url, "MNEMO_API_KEY="+key)
	}

	r := mnemoEnv(t, client(plainKey), "", "ingest", "--learned-at", "reference", "--group", "plain", "demo/conversation.jsonl")
	if r.code != 1 || !strings.Contains(r.stderr, "may not replay history (http.keys.replay)") {
		t.Errorf("a replay with a key without http.keys.replay = exit %d, stderr %q; want 1 and the setting named", r.code, r.stderr)
	}
	r = mnemoEnv(t, client(replayKey), "", "ingest", "--learned-at", "reference", "--group", "maya", "demo/conversation.jsonl")
	if r.code != 0 || !strings.Contains(r.stdout, "ingested 22 episodes") {
		t.Fatalf("a replay through the server = exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}

	// Stop the server (SIGTERM: a clean close) and read the database.
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	stopped = true
	byText := cmpopts.SortSlices(func(a, b demoFact) bool { return a.Fact < b.Fact })
	if diff := cmp.Diff(wantDemoFacts, demoFactsOf(t, db, "maya"), byText); diff != "" {
		t.Errorf("facts replayed through the server (-demo's +replay's):\n%s", diff)
	}
	if n := len(demoFactsOf(t, db, "plain")); n != 0 {
		t.Errorf("the refused replay stored %d facts, want none", n)
	}
}
