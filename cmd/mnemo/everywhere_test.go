package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
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
	"github.com/mnemohq/mnemo/host/wire"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// everyEpisodes are the episodes both databases of
// TestEveryCommandThroughServer start with.
const everyEpisodes = `{"uuid": "0b0e7a52-7d1c-4d38-9a39-2f3f8d1b0001", "source": "message", "content": "Erin: I work at Acme Corp and I live in Lisbon.", "reference_time": "2024-03-01T10:00:00Z"}
{"uuid": "0b0e7a52-7d1c-4d38-9a39-2f3f8d1b0002", "source": "message", "content": "Erin: I moved to Porto last week.", "reference_time": "2024-05-01T10:00:00Z"}
{"uuid": "0b0e7a52-7d1c-4d38-9a39-2f3f8d1b0003", "source": "message", "content": "Bob: My sister Carol adopted a dog named Rex.", "reference_time": "2024-05-03T09:00:00Z"}
{"uuid": "0b0e7a52-7d1c-4d38-9a39-2f3f8d1b0004", "source": "text", "content": "Dana joined Initech in 2023.", "reference_time": "2024-05-05T09:00:00Z"}
{"uuid": "0b0e7a52-7d1c-4d38-9a39-2f3f8d1b0006", "source": "message", "content": "Dana: I work at Hooli.", "reference_time": "2024-05-06T09:00:00Z", "source_class": "web"}
`

// mcpSession runs `mnemo mcp` with env and args as an agent would, through
// an MCP client: it lists the tools and calls two, and returns what it
// got as the run's standard output.
func mcpSession(t *testing.T, env []string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	s, err := mcp.NewClient(&mcp.Implementation{Name: "every", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		return result{code: 1, stderr: fmt.Sprintf("connect: %v\n%s", err, stderr.String())}
	}
	defer s.Close()
	var out strings.Builder
	tools, err := s.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("list tools of mnemo mcp: %v", err)
	}
	for _, tl := range tools.Tools {
		fmt.Fprintln(&out, "tool", tl.Name)
	}
	for _, call := range []struct {
		name string
		args map[string]any
	}{
		{"search_memory_facts", map[string]any{"query": "Where does Erin live?", "group_ids": "every"}},
		{"get_episodes", map[string]any{"group_id": "every"}},
	} {
		res := callTool(t, s, call.name, call.args, nil)
		fmt.Fprintf(&out, "%s: error %v\n%s\n", call.name, res.IsError, toolText(res))
	}
	return result{stdout: out.String(), stderr: stderr.String()}
}

// TestEveryCommandThroughServer runs every command of commands() that
// reads or changes a database twice: on a database directly, and through
// a mnemo serve of a copy of it, in the same order, and compares what
// each prints, on standard output and standard error, text and --json.
// Commands that change the database are compared by what they print and
// by what the commands after them read. A command in neither its table
// nor localOnly fails the test, as does a local-only command that does not
// refuse --server with its reason.
func TestEveryCommandThroughServer(t *testing.T) {
	const key = "every-command-key-0123456789abcdef"
	dir := t.TempDir()
	local, served := filepath.Join(dir, "local"), filepath.Join(dir, "served")
	cfg := filepath.Join(dir, "mnemo.toml")
	writeFile(t, cfg, "[[http.keys]]\nkey = \""+key+"\"\ngroups = [\"*\"]\n")
	ok(t, local, everyEpisodes, "ingest", "--config", cfg, "--group", "every", "-")
	copyDir(t, local, served)

	var facts struct{ Facts []wire.Fact }
	if err := json.Unmarshal([]byte(ok(t, local, "", "facts", "--config", cfg, "--group", "every", "--json").stdout), &facts); err != nil || len(facts.Facts) < 3 {
		t.Fatalf("facts of the test group = %+v, %v; want at least 3", facts.Facts, err)
	}
	fact, pinned := facts.Facts[0].UUID, facts.Facts[1].UUID
	var held struct{ Facts []wire.Fact }
	if err := json.Unmarshal([]byte(ok(t, local, "", "facts", "--config", cfg, "--group", "every", "--quarantined", "--json").stdout), &held); err != nil || len(held.Facts) != 1 {
		t.Fatalf("quarantined facts of the test group = %+v, %v; want the web's one", held.Facts, err)
	}
	quarantined := held.Facts[0].UUID
	today := time.Now().UTC().Format("2006-01-02")
	backupDir := func(side string) string { return filepath.Join(dir, "backup-"+side) }
	exportFile := filepath.Join(dir, "every.jsonl")

	addr := freeAddr(t)
	url := "http://" + addr
	serve := exec.Command(bin, "serve", "--addr", addr, "--config", cfg)
	serve.Env = testEnv(served)
	var serveErr bytes.Buffer
	serve.Stderr = &serveErr
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	defer serve.Process.Kill()
	waitHTTP(t, url+"/readyz", &serveErr)
	// The client opens no database: its MNEMO_DB does not exist.
	client := append(testEnv(filepath.Join(dir, "unused")), "MNEMO_URL="+url, "MNEMO_API_KEY="+key)

	// The cases run in order on both sides; side is "local" or "server",
	// for the arguments that name a path of one side.
	// unordered marks a listing whose order depends on uuids made during
	// the run.
	cases := []struct {
		name      string
		stdin     string
		args      func(side string) []string
		code      int
		unordered bool
	}{
		{"episodes", "", fixed("episodes", "--group", "every"), 0, false},
		{"episodes --json --limit", "", fixed("episodes", "--group", "every", "--json", "--limit", "2"), 0, false},
		{"entities", "", fixed("entities", "--group", "every"), 0, false},
		{"facts", "", fixed("facts", "--group", "every"), 0, false},
		{"facts --history --json", "", fixed("facts", "--group", "every", "--history", "--json"), 0, false},
		{"facts --known-at", "", fixed("facts", "--group", "every", "--known-at", "2024-04-01", "--json"), 0, false},
		{"facts bad date", "", fixed("facts", "--group", "every", "--known-at", "last year"), 1, false},
		{"search --json", "", fixed("search", "--group", "every", "--json", "--scope", "facts,entities", "Erin"), 0, false},
		{"context", "", fixed("context", "--group", "every", "--budget", "300", "Where does Erin live?"), 0, false},
		{"context unknown recipe", "", fixed("context", "--group", "every", "--recipe", "nope", "Erin"), 1, false},
		{"export every group", "", fixed("export"), 0, false},
		{"export -o", "", func(side string) []string {
			return []string{"export", "--group", "every", "-o", filepath.Join(dir, side+"-export.jsonl")}
		}, 0, false},
		{"retry with nothing failed", "", fixed("retry", "--group", "every", "--json"), 0, false},
		{"communities build", "", fixed("communities", "build", "--group", "every"), 0, false},
		{"communities build --json", "", fixed("communities", "build", "--group", "every", "--json"), 0, false},
		{"communities", "", fixed("communities", "--group", "every"), 0, true},
		{"evolve --dry-run", "", fixed("evolve", "--group", "every", "--dry-run", "--now", "2025-01-01"), 0, false},
		{"evolve --json", "", fixed("evolve", "--group", "every", "--now", "2025-01-01", "--json"), 0, false},
		{"evolve --reports", "", fixed("evolve", "--group", "every", "--reports", "--json"), 0, false},
		{"feedback", "", fixed("feedback", "--group", "every", "--fact", pinned, "--pin"), 0, false},
		{"feedback unknown fact", "", fixed("feedback", "--group", "every", "--fact", "00000000-0000-4000-8000-000000000000", "--useful"), 1, false},
		{"facts --quarantined", "", fixed("facts", "--group", "every", "--quarantined"), 0, false},
		{"why", "", fixed("why", "--group", "every", quarantined), 0, false},
		{"why --json", "", fixed("why", "--group", "every", "--json", fact), 0, false},
		{"why unknown fact", "", fixed("why", "--group", "every", "00000000-0000-4000-8000-000000000000"), 1, false},
		{"feedback --approve as the web", "", fixed("feedback", "--group", "every", "--fact", quarantined, "--approve", "--source-class", "web"), 1, false},
		{"feedback --approve", "", fixed("feedback", "--group", "every", "--fact", quarantined, "--approve"), 0, false},
		{"facts --include-quarantined --json", "", fixed("facts", "--group", "every", "--include-quarantined", "--json"), 0, false},
		{"consolidate --dry-run", "", fixed("consolidate", "--group", "every", "--dry-run"), 0, false},
		{"consolidate --json", "", fixed("consolidate", "--group", "every", "--json"), 0, false},
		{"unmerge unknown uuid", "", fixed("unmerge", "--group", "every", "00000000-0000-4000-8000-000000000000"), 1, false},
		{"ingest", `{"uuid": "0b0e7a52-7d1c-4d38-9a39-2f3f8d1b0005", "content": "Erin: I work at Globex now.", "reference_time": "2024-06-01T10:00:00Z"}`,
			fixed("ingest", "--group", "every", "-"), 0, false},
		{"import --group-map", "", fixed("import", "--group-map", "every=every-copy", exportFile), 0, false},
		{"entities of the import", "", fixed("entities", "--group", "every-copy", "--json"), 0, false},
		{"delete --fact", "", fixed("delete", "--group", "every", "--fact", fact, "--json"), 0, false},
		{"forget --episode", "", fixed("forget", "--group", "every", "--episode", "0b0e7a52-7d1c-4d38-9a39-2f3f8d1b0003"), 0, false},
		{"delete --all", "", fixed("delete", "--group", "every-copy", "--all", "--json"), 0, false},
		{"erasures", "", fixed("erasures", "--group", "every"), 0, false},
		{"erasures --json", "", fixed("erasures", "--group", "every-copy", "--json"), 0, false},
		{"backup", "", func(side string) []string { return []string{"backup", backupDir(side)} }, 0, false},
		{"mcp", "", fixed("mcp"), 0, false},
		{"export after the changes", "", fixed("export"), 0, true},
	}

	t.Run("every command is covered", func(t *testing.T) {
		covered := map[string]bool{}
		for _, tc := range cases {
			covered[tc.args("local")[0]] = true
		}
		for _, c := range commands() {
			_, only := localOnly[c.name]
			switch {
			case covered[c.name] && only:
				t.Errorf("command %s is local-only (%s) and run through the server here", c.name, localOnly[c.name])
			case !covered[c.name] && !only:
				t.Errorf("command %s is neither run through the server here nor in localOnly: give it a server path and a case, or a reason", c.name)
			}
		}
		for name := range localOnly {
			if !slices.ContainsFunc(commands(), func(c command) bool { return c.name == name }) {
				t.Errorf("localOnly names %s, which is no command", name)
			}
		}
	})

	// The export the import case reads, written before the cases run.
	writeFile(t, exportFile, ok(t, local, "", "export", "--config", cfg, "--group", "every").stdout)

	type output struct{ Code, Stdout, Stderr string }
	run := func(env []string, stdin string, args []string) result {
		if args[len(args)-1] == "mcp" {
			return mcpSession(t, env, args...)
		}
		return mnemoEnv(t, env, stdin, args...)
	}
	runLocal := make([]result, len(cases))
	for i, tc := range cases {
		runLocal[i] = run(testEnv(local), tc.stdin, append([]string{"--config", cfg}, tc.args("local")...))
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l := runLocal[i]
			r := run(client, tc.stdin, tc.args("server"))
			if l.code != tc.code || r.code != tc.code {
				t.Fatalf("mnemo %s = exit %d locally, %d through the server, want %d\nlocal stderr:\n%s\nserver stderr:\n%s",
					strings.Join(tc.args("local"), " "), l.code, r.code, tc.code, l.stderr, r.stderr)
			}
			n := normaliser{url: url, today: today, unordered: tc.unordered, paths: map[string]string{dir + "/local": "<side>", dir + "/server": "<side>", backupDir("local"): "<backup>", backupDir("server"): "<backup>"}}
			lo := output{fmt.Sprint(l.code), n.stdout(l.stdout), n.stderr(l.stderr)}
			ro := output{fmt.Sprint(r.code), n.stdout(r.stdout), n.stderr(r.stderr)}
			if diff := cmp.Diff(lo, ro); diff != "" {
				t.Errorf("mnemo %s differs on the database and through the server (-local +server):\n%s", strings.Join(tc.args("local"), " "), diff)
			}
			if strings.Contains(r.stderr, "sending the command to it") {
				t.Errorf("with --server the command said it found the server by itself: %s", r.stderr)
			}
		})
	}
	// The approval released the web's claim on both sides.
	for side, env := range map[string][]string{"local": testEnv(local), "server": client} {
		args := []string{"facts", "--group", "every", "--quarantined", "--json"}
		if side == "local" {
			args = append(args, "--config", cfg)
		}
		if r := mnemoEnv(t, env, "", args...); r.code != 0 || strings.Contains(r.stdout, quarantined) {
			t.Errorf("%s: quarantined facts after the approval = exit %d %s, want %s released", side, r.code, r.stdout, quarantined)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "unused")); !os.IsNotExist(err) {
		t.Errorf("a command through the server created a database at its MNEMO_DB (%v)", err)
	}

	t.Run("local-only commands refuse --server", func(t *testing.T) {
		for name, why := range localOnly {
			r := mnemoEnv(t, client, "", name, "--server", url)
			if r.code != 2 || !strings.Contains(r.stderr, "runs on this machine only: "+why) || strings.Contains(r.stderr, "flag provided but not defined") {
				t.Errorf("mnemo %s --server = exit %d %q, want 2 with the reason %q", name, r.code, r.stderr, why)
			}
		}
	})

	t.Run("a command finds the server holding its database", func(t *testing.T) {
		args := []string{"facts", "--group", "every", "--json"}
		through := mnemoEnv(t, client, "", args...)
		found := mnemoEnv(t, append(testEnv(served), "MNEMO_API_KEY="+key), "", args...)
		note := "mnemo: the database is open in the mnemo serving " + url + ": sending the command to it"
		if found.code != 0 || !strings.Contains(found.stderr, note) || found.stdout != through.stdout {
			t.Errorf("mnemo %s on the served database = exit %d\nstdout:\n%s\nstderr:\n%s\nwant what --server prints (%d bytes) and %q on stderr",
				strings.Join(args, " "), found.code, found.stdout, found.stderr, len(through.stdout), note)
		}
	})

	if err := serve.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := serve.Wait(); err != nil {
		t.Errorf("serve: %v\n%s", err, serveErr.String())
	}
}

// fixed returns the same arguments on both sides.
func fixed(args ...string) func(string) []string {
	return func(string) []string { return args }
}

// normaliser rewrites what must differ between a run on the database and
// one through a server: the time now, durations, database sizes, paths of
// each side, the server's URL, and uuids made during the run (numbered in
// order of appearance).
type normaliser struct {
	url       string
	today     string
	paths     map[string]string
	unordered bool
}

var (
	uuidRE     = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	durationRE = regexp.MustCompile(`\b\d+(\.\d+)? ?(ns|µs|us|ms|s)\b`)
	msFieldRE  = regexp.MustCompile(`("[a-z_]*_ms"): [0-9.e+-]+`)
	bytesRE    = regexp.MustCompile(`("bytes_(before|after)"): \d+|\d+\.\d MiB`)
	noteRE     = regexp.MustCompile(`\((recipe [^,]*|through <server>), <d>\)|\(offline[^)]*\)|\(the server's mode\)|\(\d+(\.\d+)?/s\)`)
	// keyRE is the key an erasure's record names: the CLI's, or the
	// server's key.
	keyRE = regexp.MustCompile(`by (cli|http\.keys\[\d+\])|"key": "(cli|http\.keys\[\d+\])"`)
)

func (n normaliser) common(s string) string {
	s = strings.ReplaceAll(s, n.url, "<server>")
	for p, r := range n.paths {
		s = strings.ReplaceAll(s, p, r)
	}
	s = regexp.MustCompile(regexp.QuoteMeta(n.today)+`[T ][0-9:.]+(Z|[+-]\d\d:\d\d)?`).ReplaceAllString(s, "<now>")
	s = msFieldRE.ReplaceAllString(s, "$1: <ms>")
	s = bytesRE.ReplaceAllString(s, "<bytes>")
	s = durationRE.ReplaceAllString(s, "<d>")
	s = noteRE.ReplaceAllString(s, "(…)")
	s = keyRE.ReplaceAllString(s, "<key>")
	if n.unordered {
		lines := strings.Split(uuidRE.ReplaceAllString(s, "<uuid>"), "\n")
		slices.Sort(lines)
		return strings.Join(lines, "\n")
	}
	seen := map[string]string{}
	return uuidRE.ReplaceAllStringFunc(s, func(u string) string {
		if strings.HasPrefix(u, "0b0e7a52-") || strings.HasPrefix(u, "00000000-") {
			return u
		}
		if _, ok := seen[u]; !ok {
			seen[u] = fmt.Sprintf("<uuid %d>", len(seen)+1)
		}
		return seen[u]
	})
}

func (n normaliser) stdout(s string) string { return n.common(s) }

func (n normaliser) stderr(s string) string { return n.common(s) }

// copyDir copies the database directory from to to, which must not exist.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
