package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/backup"
)

const (
	adminKey  = "backup-admin-key-0123456789"
	tenantKey = "backup-tenant-key-0123456789"
)

// serveDB runs mnemo serve on db with an admin key ("*") and a tenant key
// (group bk-a) and returns its URL; the server is stopped with SIGINT at
// the end of the test.
func serveDB(t *testing.T, db string) string {
	t.Helper()
	cfg := filepath.Join(t.TempDir(), "mnemo.toml")
	writeFile(t, cfg, fmt.Sprintf("[[http.keys]]\nkey = %q\ngroups = [\"*\"]\n\n[[http.keys]]\nkey = %q\ngroups = [\"bk-a\"]\n", adminKey, tenantKey))
	addr := freeAddr(t)
	cmd := exec.Command(bin, "serve", "--addr", addr, "--config", cfg)
	cmd.Env = testEnv(db)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGINT)
		err := cmd.Wait()
		if t.Failed() {
			// A server that died under the test says why here.
			t.Logf("mnemo serve %s: %v (%s); its stderr:\n%s", db, err, cmd.ProcessState, tail(stderr.String(), 4000))
		}
	})
	url := "http://" + addr
	waitHTTP(t, url+"/readyz", &stderr)
	return url
}

// post sends a JSON body with the admin key and decodes the answer.
func post(t *testing.T, url, path string, in, out any) {
	t.Helper()
	b, _ := json.Marshal(in)
	req, _ := http.NewRequest("POST", url+path, bytes.NewReader(b))
	req.Header.Set("Authorization", "Bearer "+adminKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Error(err)
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		t.Errorf("POST %s = %s", path, resp.Status)
		return
	}
	if out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			t.Errorf("POST %s: %v", path, err)
		}
	}
}

// episodeBody is a batch of n episodes for the HTTP API, numbered from i.
func episodeBody(i, n int) map[string]any {
	names := []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi"}
	places := []string{"Paris", "Lisbon", "Berlin", "Oslo", "Denver", "Madrid", "Rome", "Vienna"}
	orgs := []string{"Acme", "Globex", "Initech", "Hooli", "Wonka", "Tyrell"}
	var eps []map[string]any
	for k := i; k < i+n; k++ {
		eps = append(eps, map[string]any{
			"content":        fmt.Sprintf("%s: I work at %s Corp and I live in %s.", names[k%len(names)], orgs[(k/3)%len(orgs)], places[(k/2)%len(places)]),
			"reference_time": time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(k) * time.Hour).Format(time.RFC3339),
		})
	}
	return map[string]any{"episodes": eps}
}

// groupStats reads GET /v1/groups/{group}.
func groupStats(t *testing.T, url, group string) map[string]int {
	t.Helper()
	req, _ := http.NewRequest("GET", url+"/v1/groups/"+group, nil)
	req.Header.Set("Authorization", "Bearer "+adminKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	st := map[string]int{}
	for k, v := range out {
		if f, ok := v.(float64); ok {
			st[k] = int(f)
		}
	}
	return st
}

// checkConsistent opens the database db with the normal store and checks
// that it holds what the manifest counted and nothing half-written: every
// fact's endpoints and episodes exist, every mention joins an episode and
// an entity that exist, a pending episode produced nothing yet and a done
// one its mentions (every test episode names entities).
func checkConsistent(t *testing.T, db string, m backup.Manifest) {
	t.Helper()
	ctx := context.Background()
	cfg, err := host.Load("", func(k string) string {
		return map[string]string{"MNEMO_DB": db, "MNEMO_STORE_BUFFER_POOL_MB": "64",
			"MNEMO_PLUGINS_CACHE_DIR": filepath.Join(os.TempDir(), "mnemo-test-wasm-cache")}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	h, err := host.Open(ctx, cfg, host.OpenOptions{NoWorkers: true})
	if err != nil {
		t.Fatalf("open the backup's database: %v", err)
	}
	defer h.Close(ctx)
	groups, err := h.Engine.Groups(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(groups) != len(m.Groups) {
		t.Errorf("groups = %v, the manifest counted %d", groups, len(m.Groups))
	}
	for _, g := range groups {
		st, err := h.Engine.Stats(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(m.Groups[g], backup.CountsOf(st)); diff != "" {
			t.Errorf("group %s holds (-manifest +database):\n%s", g, diff)
		}
		d, err := h.Engine.ExportGroup(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		entities, episodes := map[string]bool{}, map[string]core.EpisodeStatus{}
		for _, e := range d.Entities {
			entities[e.UUID] = true
		}
		for _, e := range d.Episodes {
			episodes[e.UUID] = e.Status
		}
		produced := map[string]bool{}
		for _, f := range d.Facts {
			if !entities[f.SourceUUID] || !entities[f.TargetUUID] {
				t.Errorf("fact %s (%s) has an endpoint that is not stored", f.UUID, f.Text)
			}
			for _, ep := range f.Episodes {
				if _, ok := episodes[ep]; !ok {
					t.Errorf("fact %s cites episode %s, which is not stored", f.UUID, ep)
				}
				produced[ep] = true
			}
		}
		for _, mn := range d.Mentions {
			if _, ok := episodes[mn.Episode]; !ok || !entities[mn.Entity] {
				t.Errorf("mention %+v joins objects that are not stored", mn)
			}
			produced[mn.Episode] = true
		}
		for uuid, status := range episodes {
			switch {
			case status == core.EpisodePending && produced[uuid]:
				t.Errorf("episode %s is pending but produced facts or mentions: half-written", uuid)
			case status == core.EpisodeDone && !produced[uuid]:
				t.Errorf("episode %s is done but produced nothing: half-written", uuid)
			}
		}
	}
}

// TestBackupWhileServing backs up a database that mnemo serve holds while
// a client ingests into it, restores the backup and checks it; then
// backs up a quiet server, serves the restored copy beside it and
// compares their searches; and checks who may back up and what restore
// refuses.
func TestBackupWhileServing(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "db")
	url := serveDB(t, db)
	post(t, url, "/v1/groups/bk-a/episodes", episodeBody(0, 10), nil)

	// A client ingests without pause until the backup is done.
	var sent atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 10; ; i += 5 {
			select {
			case <-stop:
				return
			default:
			}
			post(t, url, fmt.Sprintf("/v1/groups/bk-%c/episodes", 'a'+i%3), episodeBody(i, 5), nil)
			sent.Add(5)
		}
	}()
	for groupStats(t, url, "bk-a")["episodes"]-groupStats(t, url, "bk-a")["pending_episodes"] < 10 {
		time.Sleep(20 * time.Millisecond)
	}
	// No --server: the lock file says where the database is served.
	snap := filepath.Join(dir, "snap")
	client := append(testEnv(db), "MNEMO_API_KEY="+adminKey)
	before := sent.Load()
	r := mnemoEnv(t, client, "", "backup", snap)
	during := sent.Load() - before
	close(stop)
	wg.Wait()
	if r.code != 0 || !strings.Contains(r.stderr, "asking it for the backup") || !strings.Contains(r.stderr, "writers waited") {
		t.Fatalf("mnemo backup = exit %d\n%s", r.code, r.stderr)
	}
	t.Log(strings.TrimSpace(r.stderr))
	if during == 0 {
		t.Errorf("no episode was ingested while the backup ran")
	}
	m, err := backup.Verify(snap)
	if err != nil {
		t.Fatal(err)
	}
	var inBackup int
	for _, c := range m.Groups {
		inBackup += c.Episodes
	}
	if total := int(sent.Load()) + 10; inBackup >= total {
		t.Errorf("the backup holds %d episodes of the %d ingested: it was taken after the writes, not during them", inBackup, total)
	}

	restored := filepath.Join(dir, "restored")
	ok(t, restored, "", "restore", snap)
	checkConsistent(t, restored, m)

	t.Run("same searches", func(t *testing.T) {
		for _, g := range []string{"bk-a", "bk-b", "bk-c"} {
			for groupStats(t, url, g)["pending_episodes"] > 0 {
				time.Sleep(50 * time.Millisecond)
			}
		}
		quiet := filepath.Join(dir, "quiet")
		mnemoEnv(t, client, "", "backup", "--server", url, quiet)
		copyDB := filepath.Join(dir, "copy")
		ok(t, copyDB, "", "restore", quiet)
		copyURL := serveDB(t, copyDB)
		for _, q := range []string{"where does Alice live", "who works at Acme", "Berlin"} {
			for _, g := range []string{"bk-a", "bk-b"} {
				var live, back json.RawMessage
				body := map[string]any{"query": q, "scopes": []string{"facts", "entities", "episodes"}}
				post(t, url, "/v1/groups/"+g+"/search", body, &live)
				post(t, copyURL, "/v1/groups/"+g+"/search", body, &back)
				if len(live) < 50 || !bytes.Equal(live, back) {
					t.Errorf("search %q in %s:\nlive:     %.300s\nrestored: %.300s", q, g, live, back)
				}
			}
		}
	})

	t.Run("refusals", func(t *testing.T) {
		nonEmpty := filepath.Join(dir, "non-empty")
		writeFile(t, filepath.Join(dir, "a-file"), "x")
		if err := os.MkdirAll(nonEmpty, 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(nonEmpty, "keep.txt"), "mine")
		damaged := filepath.Join(dir, "damaged")
		if err := os.CopyFS(damaged, os.DirFS(snap)); err != nil {
			t.Fatal(err)
		}
		f, err := os.OpenFile(filepath.Join(damaged, "graph.kuzu"), os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteAt([]byte{0xff, 0x00, 0xff}, 40960); err != nil {
			t.Fatal(err)
		}
		f.Close()
		tests := []struct {
			name string
			env  []string
			args []string
			want string
		}{
			{"a group-bound key", append(testEnv(db), "MNEMO_API_KEY="+tenantKey), []string{"backup", filepath.Join(dir, "tenant")}, `takes a key bound to "*"`},
			{"a non-empty directory", client, []string{"backup", nonEmpty}, "exists and is not empty"},
			{"an unwritable directory", client, []string{"backup", filepath.Join(dir, "a-file", "snap")}, "not a directory"},
			{"restore into the served database", testEnv(db), []string{"restore", "--force", snap}, ", which serves " + url},
			{"restore over a database", testEnv(restored), []string{"restore", snap}, "pass --force"},
			{"restore a damaged backup", testEnv(restored), []string{"restore", "--force", damaged}, "the backup is damaged"},
			{"restore what is no backup", testEnv(restored), []string{"restore", "--force", nonEmpty}, "is not a mnemo backup"},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				r := mnemoEnv(t, tc.env, "", tc.args...)
				if r.code == 0 || !strings.Contains(r.stderr, tc.want) {
					t.Errorf("mnemo %s = exit %d %q, want a failure saying %q", strings.Join(tc.args, " "), r.code, r.stderr, tc.want)
				}
			})
		}
		if _, err := os.Stat(filepath.Join(dir, "tenant")); !os.IsNotExist(err) {
			t.Errorf("a refused backup created its directory (%v)", err)
		}
		if b, err := os.ReadFile(filepath.Join(nonEmpty, "keep.txt")); err != nil || string(b) != "mine" {
			t.Errorf("keep.txt after a refused backup = %q, %v", b, err)
		}
		// Nothing was lost: the refused restores left the database as the
		// backup made it.
		checkConsistent(t, restored, m)
	})
}

// tail returns the last n bytes of s.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "..." + s[len(s)-n:]
}
