package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// freeAddr returns a loopback address with a port free at the time.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// waitHTTP polls url until it answers 200.
func waitHTTP(t *testing.T, url string, cmdErr *bytes.Buffer) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s did not answer within a minute; server stderr:\n%s", url, cmdErr)
}

func TestServeLockAndGracefulShutdown(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	addr := freeAddr(t)
	cmd := exec.Command(bin, "serve", "--addr", addr)
	cmd.Env = testEnv(db)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	base := "http://" + addr
	waitHTTP(t, base+"/readyz", &stderr)

	// A command that cannot go through a server (reembed: localOnly) on the
	// same database is refused with a message naming the server, its
	// command line and its URL.
	r := mnemo(t, db, "", "reembed")
	for _, want := range []string{fmt.Sprintf("is in use by another mnemo (pid %d: %s serve --addr %s), which serves http://%s", cmd.Process.Pid, bin, addr, addr),
		"go through it: mnemo serve answers the HTTP API and MCP"} {
		if r.code != 1 || !strings.Contains(r.stderr, want) {
			t.Errorf("reembed while serve runs = exit %d %q, want 1 and %q", r.code, r.stderr, want)
		}
	}

	resp, err := http.Post(base+"/v1/groups/serve-1/episodes", "application/json",
		strings.NewReader(`{"content": "Erin: I live in Lisbon.", "reference_time": "2024-01-01T00:00:00Z"}`))
	if err != nil {
		t.Fatal(err)
	}
	var acc struct {
		Episodes []struct {
			StatusURL string `json:"status_url"`
		} `json:"episodes"`
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 202 || json.Unmarshal(body, &acc) != nil || len(acc.Episodes) != 1 {
		t.Fatalf("POST episodes = %d %s", resp.StatusCode, body)
	}
	deadline := time.Now().Add(time.Minute)
	for {
		resp, err := http.Get(base + acc.Episodes[0].StatusURL)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if strings.Contains(string(b), `"status":"done"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("episode not done: %s", b)
		}
		time.Sleep(50 * time.Millisecond)
	}

	// search and ingest find the database held by this server and go
	// through it by themselves, and say so.
	note := "mnemo: the database is open in the mnemo serving http://" + addr + ": sending the command to it"
	if r := mnemo(t, db, "", "search", "--group", "serve-1", "where does Erin live"); r.code != 0 || !strings.Contains(r.stderr, note) || !strings.Contains(r.stdout, "Lisbon") {
		t.Errorf("search while serve runs = exit %d\nstdout:\n%s\nstderr:\n%s\nwant Lisbon, through the server, said on stderr", r.code, r.stdout, r.stderr)
	}
	if r := mnemo(t, db, `{"content": "Erin: I work at Acme Corp.", "reference_time": "2024-02-01T00:00:00Z"}`, "ingest", "--group", "serve-1", "-"); r.code != 0 ||
		!strings.Contains(r.stderr, note) || !strings.Contains(r.stdout, "ingested 1 episodes") {
		t.Errorf("ingest while serve runs = exit %d\nstdout:\n%s\nstderr:\n%s\nwant 1 episode ingested through the server", r.code, r.stdout, r.stderr)
	}

	// The same server speaks MCP at /mcp; a session left open does not hold
	// up the shutdown.
	client := mcp.NewClient(&mcp.Implementation{Name: "mnemo-test", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	session, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: base + "/mcp/", MaxRetries: -1}, nil)
	if err != nil {
		t.Fatalf("connect MCP at %s/mcp/: %v", base, err)
	}
	defer session.Close()
	var facts mcpFacts
	if res := callTool(t, session, "search_memory_facts", map[string]any{"query": "Where does Erin live?", "group_ids": []string{"serve-1"}}, &facts); res.IsError ||
		len(facts.Facts) == 0 || !strings.Contains(facts.Facts[0].Fact, "Lisbon") {
		t.Errorf("search_memory_facts over MCP on serve = %s %+v, want the fact about Lisbon", toolText(res), facts)
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	stopping := time.Now()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve after SIGTERM: %v, want exit 0\n%s", err, stderr.String())
		}
	case <-time.After(40 * time.Second):
		t.Fatalf("serve did not stop within 40s of SIGTERM\n%s", stderr.String())
	}
	if took := time.Since(stopping); took > 10*time.Second {
		t.Errorf("serve took %v to stop after SIGTERM with an MCP session open, want it not to wait for the session", took)
	}
	for _, want := range []string{"shutting down", "stopped"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("serve stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	// The database is released and holds the episode.
	r = ok(t, db, "", "episodes", "--group", "serve-1")
	if !strings.Contains(r.stdout, "Erin: I live in Lisbon.") {
		t.Errorf("episodes after restart = %s", r.stdout)
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Errorf("the server still answers after shutdown")
	}
}
