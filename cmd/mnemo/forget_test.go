package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// forgetCanary is a name planted and forgotten by the tests below.
const forgetCanary = "Wystandria"

// TestForgetCommand forgets a person with mnemo forget on a database no
// server holds: the command reports the erasure, the name leaves every
// file of the database, mnemo erasures lists it without the name, and
// bad flags are usage errors that change nothing.
func TestForgetCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	lines := `{"content": "Alice: I work at Acme and I live in Paris.", "reference_time": "2024-03-01T10:00:00Z"}
{"content": "` + forgetCanary + `: I work at Initech and I live in Lisbon.", "reference_time": "2024-03-01T11:00:00Z"}
`
	ok(t, db, lines, "ingest", "--group", "fg", "-")
	for _, args := range [][]string{
		{"forget", "--group", "fg"},
		{"forget", "--group", "fg", "--entity", "x", "--episode", "y"},
	} {
		if r := mnemo(t, db, "", args...); r.code != 2 {
			t.Errorf("mnemo %s = exit %d, want 2\n%s", strings.Join(args, " "), r.code, r.stderr)
		}
	}
	if r := mnemo(t, db, "", "forget", "--group", "fg", "--entity", "Nobody"); r.code != 1 || !strings.Contains(r.stderr, "no entity of group fg") {
		t.Errorf("forget an unknown entity = exit %d\n%s", r.code, r.stderr)
	}
	if found := kuzutest.FilesHolding(t, db, forgetCanary); len(found) == 0 {
		t.Fatalf("the canary is not on disk before mnemo forget: the scan cannot see it")
	}
	r := ok(t, db, "", "forget", "--group", "fg", "--entity", strings.ToLower(forgetCanary))
	if !strings.Contains(r.stdout, "forgot entity") || !strings.Contains(r.stdout, "1 episode,") || !strings.Contains(r.stdout, "by cli") {
		t.Errorf("mnemo forget printed:\n%s", r.stdout)
	}
	if found := kuzutest.FilesHolding(t, db, forgetCanary, strings.ToLower(forgetCanary)); len(found) > 0 {
		t.Errorf("after mnemo forget: %s", strings.Join(found, "; "))
	}
	r = ok(t, db, "", "erasures", "--group", "fg", "--json")
	var list struct{ Erasures []host.Erasure }
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil || len(list.Erasures) != 1 || list.Erasures[0].Kind != "entity" {
		t.Errorf("mnemo erasures = %s (%v), want the one erasure", r.stdout, err)
	}
	if strings.Contains(strings.ToLower(r.stdout), strings.ToLower(forgetCanary)) {
		t.Errorf("the audit record holds the name: %s", r.stdout)
	}
	if r := ok(t, db, "", "facts", "--group", "fg"); !strings.Contains(r.stdout, "Alice works at Acme") {
		t.Errorf("the facts not forgotten are gone:\n%s", r.stdout)
	}
}

// TestForgetWhileServing forgets an episode and deletes a group through a
// running mnemo serve (found from the lock file, no --server) while a
// client keeps writing to another group: the canary leaves every file
// under the database directory while the server runs, and the server
// serves on.
func TestForgetWhileServing(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "db")
	url := serveDB(t, db)
	canary := func(uuid string) map[string]any {
		return map[string]any{"episodes": []map[string]any{{
			"uuid": uuid, "content": forgetCanary + ": I work at Initech and I live in Lisbon.", "reference_time": "2024-01-01T05:00:00Z"}}}
	}
	post(t, url, "/v1/groups/bk-a/episodes", episodeBody(0, 4), nil)
	post(t, url, "/v1/groups/bk-a/episodes", canary("canary-ep"), nil)
	post(t, url, "/v1/groups/bk-c/episodes", canary("canary-ep-c"), nil)
	for _, g := range []string{"bk-a", "bk-c"} {
		for groupStats(t, url, g)["pending_episodes"] > 0 {
			time.Sleep(20 * time.Millisecond)
		}
	}
	// The canary is in the write-ahead log, if not yet in the database file.
	if found := kuzutest.FilesHolding(t, db, forgetCanary); len(found) == 0 {
		t.Fatalf("the canary is not on disk before the erasure: the scan cannot see it")
	}

	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i += 5 {
			select {
			case <-stop:
				return
			default:
			}
			post(t, url, "/v1/groups/bk-b/episodes", episodeBody(i, 5), nil)
		}
	}()
	client := append(testEnv(db), "MNEMO_API_KEY="+adminKey)
	r := mnemoEnv(t, client, "", "forget", "--group", "bk-a", "--episode", "canary-ep")
	if r.code != 0 || !strings.Contains(r.stderr, "sending the command to it") || !strings.Contains(r.stdout, "forgot episode canary-ep") {
		t.Errorf("mnemo forget through the server = exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = mnemoEnv(t, client, "", "delete", "--group", "bk-c", "--all", "--server", url)
	close(stop)
	wg.Wait()
	if r.code != 0 {
		t.Errorf("mnemo delete --all through the server = exit %d\n%s", r.code, r.stderr)
	}
	if found := kuzutest.FilesHolding(t, db, forgetCanary, strings.ToLower(forgetCanary)); len(found) > 0 {
		t.Errorf("after the erasures, with the server running: %s", strings.Join(found, "; "))
	}
	if st := groupStats(t, url, "bk-a"); st["episodes"] != 4 {
		t.Errorf("bk-a after forgetting one of 5 episodes = %v", st)
	}
	if st := groupStats(t, url, "bk-b"); st["episodes"] == 0 {
		t.Errorf("bk-b, written during the erasures, = %v", st)
	}
	r = mnemoEnv(t, client, "", "erasures", "--group", "bk-c", "--server", url)
	if r.code != 0 || !strings.Contains(r.stdout, "forgot group bk-c") {
		t.Errorf("mnemo erasures --group bk-c = exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}
