package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestCLIThroughServer runs search and ingest through a running mnemo
// serve, as a client on another machine would, and checks that they print
// what they print on the database itself.
func TestCLIThroughServer(t *testing.T) {
	const key = "cli-through-server-key-0123456789"
	dir := t.TempDir()
	db := filepath.Join(dir, "db")
	cfg := filepath.Join(dir, "mnemo.toml")
	writeFile(t, cfg, "[[http.keys]]\nkey = \""+key+"\"\ngroups = [\"cli-*\"]\n")
	addr := freeAddr(t)
	cmd := exec.Command(bin, "serve", "--addr", addr, "--config", cfg)
	cmd.Env = testEnv(db)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	url := "http://" + addr
	waitHTTP(t, url+"/readyz", &stderr)

	// The client never opens a database: its MNEMO_DB does not exist.
	unused := filepath.Join(dir, "unused")
	client := append(testEnv(unused), "MNEMO_URL="+url, "MNEMO_API_KEY="+key)
	episodes := `{"content": "Erin: I live in Lisbon and I work at Acme Corp.", "reference_time": "2024-01-01T00:00:00Z"}
{"content": "Erin: I moved to Porto.", "reference_time": "2024-06-01T00:00:00Z"}
not json
`
	in := mnemoEnv(t, client, episodes, "ingest", "--group", "cli-1")
	if in.code != 1 || !strings.Contains(in.stderr, "line 3:") || !strings.Contains(in.stdout, "ingested 2 episodes") || !strings.Contains(in.stdout, "2 done, 0 failed") {
		t.Fatalf("ingest through the server = exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 1 (line 3 is bad) with 2 episodes done", in.code, in.stdout, in.stderr)
	}
	query := []string{"search", "--group", "cli-1", "--json", "where", "does", "Erin", "live"}
	remote := mnemoEnv(t, client, "", query...)
	if remote.code != 0 || !strings.Contains(remote.stdout, "Erin moved to Porto") {
		t.Fatalf("search through the server = exit %d %s %s, want Porto", remote.code, remote.stdout, remote.stderr)
	}
	if _, err := os.Stat(unused); !os.IsNotExist(err) {
		t.Errorf("the client created a database at %s (%v)", unused, err)
	}
	// A batch: good lines, a line that does not parse, an empty query.
	batch := `{"id": "live", "query": "Where does Erin live?"}
{"id": "broken", "query":
{"id": 7, "query": "Where does Erin work?", "limit": 1}
{"id": "empty", "query": ""}
`
	batchArgs := []string{"search", "--group", "cli-1", "--scope", "facts", "--queries", "-"}
	remoteBatch := mnemoEnv(t, client, batch, batchArgs...)
	if remoteBatch.code != 1 || !strings.Contains(remoteBatch.stderr, "4 queries, 2 failed") || !strings.Contains(remoteBatch.stdout, "Erin moved to Porto") {
		t.Fatalf("search --queries through the server = exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 1, 4 queries, 2 failed, Porto found", remoteBatch.code, remoteBatch.stdout, remoteBatch.stderr)
	}
	// Through the server a query searches one group the key may use.
	groups := mnemoEnv(t, client, `{"id": "x", "query": "Erin", "groups": ["cli-1", "cli-2"]}
{"id": "y", "query": "Erin", "groups": ["other"]}
`, batchArgs...)
	if groups.code != 1 || !strings.Contains(groups.stdout, "through --server a query searches one group") || !strings.Contains(groups.stdout, `may not use group \"other\"`) {
		t.Errorf("search --queries with other groups through the server = exit %d\n%s%s", groups.code, groups.stdout, groups.stderr)
	}

	refusals := []struct {
		name string
		args []string
		want string
	}{
		{"no key", []string{"search", "--api-key", "", "--group", "cli-1", "Erin"}, "pass --api-key or set MNEMO_API_KEY"},
		{"another group", []string{"search", "--group", "other", "Erin"}, `may not use group "other"`},
		{"bad url", []string{"search", "--server", "localhost:1", "--group", "cli-1", "Erin"}, "want the URL of a mnemo serve"},
		{"unknown recipe", []string{"search", "--recipe", "nope", "--group", "cli-1", "Erin"}, `unknown recipe "nope"`},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			r := mnemoEnv(t, client, "", tc.args...)
			if r.code == 0 || !strings.Contains(r.stderr, tc.want) {
				t.Errorf("mnemo %s = exit %d %q, want a failure saying %q", strings.Join(tc.args, " "), r.code, r.stderr, tc.want)
			}
		})
	}

	t.Run("mcp over stdio through the server", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		proxy := exec.Command(bin, "mcp")
		proxy.Env = client
		s, err := mcp.NewClient(&mcp.Implementation{Name: "mnemo-test", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: proxy}, nil)
		if err != nil {
			t.Fatalf("connect to mnemo mcp --server: %v", err)
		}
		defer s.Close()
		tools, err := s.ListTools(ctx, nil)
		if err != nil || len(tools.Tools) < 10 {
			t.Fatalf("tools through the proxy = %v, %v", tools, err)
		}
		var facts mcpFacts
		res := callTool(t, s, "search_memory_facts", map[string]any{"query": "Where does Erin live?", "group_ids": "cli-1"}, &facts)
		if res.IsError || !slices.ContainsFunc(facts.Facts, func(f mcpFact) bool { return f.Fact == "Erin moved to Porto" }) {
			t.Errorf("search_memory_facts through the proxy = %s, want Erin moved to Porto", toolText(res))
		}
		if res := callTool(t, s, "get_episodes", map[string]any{"group_id": "other"}, nil); !res.IsError || !strings.Contains(toolText(res), `may not use group "other"`) {
			t.Errorf("get_episodes(other) through the proxy = %q, want refused", toolText(res))
		}
		bad := mnemoEnv(t, client, "", "mcp", "--api-key", "not-a-key-0123456789")
		if bad.code != 1 || !strings.Contains(bad.stderr, "is --api-key one of its keys?") {
			t.Errorf("mcp --server with a bad key = exit %d %q, want 1 naming the key", bad.code, bad.stderr)
		}
	})

	// The same commands on the database itself print the same, once the
	// server has let it go.
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(40 * time.Second):
		t.Fatalf("serve did not stop\n%s", stderr.String())
	}
	local := ok(t, db, "", query...)
	if diff := cmp.Diff(local.stdout, remote.stdout); diff != "" {
		t.Errorf("search through the server and on the database differ (-local +server):\n%s", diff)
	}
	localBatch := mnemo(t, db, batch, batchArgs...)
	if diff := cmp.Diff(localBatch.stdout, remoteBatch.stdout); diff != "" || localBatch.stderr != remoteBatch.stderr {
		t.Errorf("search --queries through the server and on the database differ (-local +server):\n%s%s%s", diff, localBatch.stderr, remoteBatch.stderr)
	}
	fresh := filepath.Join(dir, "fresh")
	localIn := mnemo(t, fresh, episodes, "ingest", "--group", "cli-1")
	// The timing and the mode (the client cannot know the server's) aside.
	norm := regexp.MustCompile(`in [0-9.]+m?s:|\(offline[^)]*\)|\(the server's mode\)`)
	if diff := cmp.Diff(norm.ReplaceAllString(localIn.stdout, ""), norm.ReplaceAllString(in.stdout, "")); diff != "" {
		t.Errorf("ingest through the server and on the database differ (-local +server):\n%s", diff)
	}
}
