package weaviate_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/etcd/etcdtest"
	"github.com/mnemohq/mnemo/weaviate/weaviatetest"
)

// mnemoHost is a `mnemo serve` process of the two-host test.
type mnemoHost struct {
	url  string
	cmd  *exec.Cmd
	done chan struct{}
	mu   sync.Mutex
	log  bytes.Buffer
}

var servingAddr = regexp.MustCompile(`msg=serving addr=(http://\S+)`)

// sharedEnv is the environment of a mnemo host sharing a Weaviate store
// through etcd leases (a 2 s time to live).
func sharedEnv(weaviateURL, etcdURL, prefix string) []string {
	return []string{
		"MNEMO_STORE_BACKEND=weaviate", "MNEMO_STORE_WEAVIATE_URL=" + weaviateURL,
		"MNEMO_STORE_LEASE_ETCD=" + etcdURL, "MNEMO_STORE_LEASE_PREFIX=" + prefix, "MNEMO_STORE_LEASE_TTL=2s",
	}
}

// startHost runs `mnemo serve` on a new database directory with the
// MNEMO_* settings in env, and waits until it listens.
func startHost(t *testing.T, bin string, env []string) *mnemoHost {
	t.Helper()
	cmd := exec.Command(bin, "--db", filepath.Join(t.TempDir(), "db"), "serve", "--addr", "127.0.0.1:0")
	cmd.Env = append([]string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}, env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	h := &mnemoHost{cmd: cmd, done: make(chan struct{})}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			h.mu.Lock()
			h.log.WriteString(sc.Text() + "\n")
			h.mu.Unlock()
			if m := servingAddr.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case addr <- m[1]:
				default:
				}
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
	}()
	go func() {
		_ = cmd.Wait()
		close(h.done)
	}()
	t.Cleanup(func() {
		h.kill()
		if t.Failed() {
			h.mu.Lock()
			t.Logf("log of the host at %s:\n%s", h.url, h.log.String())
			h.mu.Unlock()
		}
	})
	select {
	case h.url = <-addr:
		return h
	case <-h.done:
		t.Fatalf("mnemo serve exited before listening:\n%s", h.log.String())
	case <-time.After(2 * time.Minute):
		t.Fatalf("mnemo serve did not listen within 2 minutes:\n%s", h.log.String())
	}
	return nil
}

// kill ends the host as a crash does: no shutdown, its leases left to
// expire.
func (h *mnemoHost) kill() {
	_ = h.cmd.Process.Kill()
	<-h.done
}

func (h *mnemoHost) call(t *testing.T, method, path string, body, out any) {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, h.url+path, r)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		t.Fatalf("%s %s: %s: %s", method, path, resp.Status, b)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, b)
		}
	}
}

// needHosts returns the mnemo binary and a running etcd for a test of
// several hosts, or skips (fails in CI) without them.
func needHosts(t *testing.T) (string, *etcdtest.Server) {
	t.Helper()
	bin := os.Getenv("MNEMO_BIN")
	ebin, eerr := etcdtest.Binary()
	if bin == "" || eerr != nil {
		why := fmt.Sprintf("MNEMO_BIN=%q, etcd: %v", bin, eerr)
		if weaviatetest.Required() || etcdtest.Required() {
			t.Fatalf("a test of several hosts needs the mnemo binary and etcd: %s", why)
		}
		t.Skip("a test of several hosts needs the mnemo binary (MNEMO_BIN, set by make test-weaviate) and etcd: " + why)
	}
	srv, err := etcdtest.Start(context.Background(), ebin, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Stop)
	return bin, srv
}

// facts lists every fact of a group, ended and superseded ones included.
func (h *mnemoHost) facts(t *testing.T, group string) []hostFact {
	t.Helper()
	var facts []hostFact
	cursor := ""
	for {
		var page struct {
			Facts      []hostFact `json:"facts"`
			NextCursor string     `json:"next_cursor"`
		}
		h.call(t, "GET", "/v1/groups/"+group+"/facts?history=true&limit=1000&cursor="+cursor, nil, &page)
		facts = append(facts, page.Facts...)
		if cursor = page.NextCursor; cursor == "" {
			return facts
		}
	}
}

// waitGroup waits until a group holds n episodes, none pending, and
// returns its counts.
func (h *mnemoHost) waitGroup(t *testing.T, group string, n int, deadline time.Time) hostStats {
	t.Helper()
	for {
		var st hostStats
		h.call(t, "GET", "/v1/groups/"+group, nil, &st)
		if st.Episodes == n && st.PendingEpisodes == 0 {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("group %s not done: %+v, want %d episodes done", group, st, n)
		}
		time.Sleep(100 * time.Millisecond) // polls a remote server's progress
	}
}

type hostStats struct {
	Episodes        int `json:"episodes"`
	PendingEpisodes int `json:"pending_episodes"`
	FailedEpisodes  int `json:"failed_episodes"`
}

type hostFact struct {
	Fact      string     `json:"fact"`
	Relation  string     `json:"relation"`
	Target    string     `json:"target"`
	ValidAt   *time.Time `json:"valid_at"`
	InvalidAt *time.Time `json:"invalid_at"`
}

// TestTwoHostsOneDies runs two mnemo hosts on one Weaviate with etcd
// leases. The first ingests a group and is killed in the middle; the
// second, given more of the group's episodes, waits for the dead host's
// lease to expire, then processes its own episodes and the dead host's
// unfinished ones. Every episode ends done, every fact is there once, and
// the residence that moved through both hosts' episodes ends with exactly
// one current fact, the last.
func TestTwoHostsOneDies(t *testing.T) {
	wurl := need(t)
	bin, etcdSrv := needHosts(t)
	prefix := "/" + strings.ReplaceAll(t.Name(), "/", "_") + "/"
	a := startHost(t, bin, sharedEnv(wurl, etcdSrv.Endpoint, prefix))
	b := startHost(t, bin, sharedEnv(wurl, etcdSrv.Endpoint, prefix))
	group := fmt.Sprintf("twohosts%d", time.Now().UnixNano())
	path := "/v1/groups/" + group

	firsts := []string{"Ada", "Bruno", "Chiara", "Dmitri", "Elena", "Farid", "Greta", "Hugo"}
	lasts := []string{"Berg", "Costa", "Dahl", "Ekberg", "Fontaine"}
	orgs := []string{"Acme", "Globex", "Initech", "Umbrella"}
	cities := []string{"Lyon", "Grenoble", "Nantes", "Lille", "Rennes", "Dijon", "Rouen", "Brest"}
	type ep struct {
		Source        string `json:"source"`
		Content       string `json:"content"`
		ReferenceTime string `json:"reference_time"`
	}
	var all []ep
	moves := 0
	for i := range 40 {
		day := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i).Format(time.RFC3339)
		content := fmt.Sprintf("%s %s works at %s.", firsts[i%8], lasts[i/8], orgs[i%4])
		if i%5 == 4 {
			content = fmt.Sprintf("Alice moved to %s.", cities[moves])
			moves++
		}
		all = append(all, ep{"text", content, day})
	}
	// The first host gets the even days, the second the odd ones: the
	// residence moves through both.
	var toA, toB []ep
	for i, e := range all {
		if i%2 == 0 {
			toA = append(toA, e)
		} else {
			toB = append(toB, e)
		}
	}
	a.call(t, "POST", path+"/episodes", map[string]any{"episodes": toA}, nil)
	// Kill the first host as soon as it holds the group's lease: in the
	// middle of its batch, whose episodes are done only at its end.
	deadline := time.Now().Add(3 * time.Minute)
	for {
		held, err := etcdSrv.Keys(context.Background(), prefix)
		if err != nil {
			t.Fatal(err)
		}
		if held > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the first host never took the group's lease")
		}
		time.Sleep(5 * time.Millisecond) // polls etcd
	}
	a.kill()
	var st hostStats
	b.call(t, "GET", path, nil, &st)
	if st.PendingEpisodes == 0 {
		t.Fatalf("the first host finished before it was killed (%+v): give it more episodes", st)
	}
	b.call(t, "POST", path+"/episodes", map[string]any{"episodes": toB}, nil)
	st = b.waitGroup(t, group, len(all), deadline)
	if st.FailedEpisodes != 0 {
		t.Fatalf("%d episodes failed", st.FailedEpisodes)
	}

	facts := b.facts(t, group)
	seen := map[string]int{}
	var current []string
	lives := 0
	for _, f := range facts {
		seen[f.Fact]++
		if f.Relation == "LIVES_IN" {
			lives++
			if f.InvalidAt == nil {
				current = append(current, f.Target)
			}
		}
	}
	for _, e := range all {
		fact := strings.TrimSuffix(e.Content, ".")
		if seen[fact] != 1 {
			t.Errorf("fact %q is stored %d times, want once", fact, seen[fact])
		}
	}
	if lives != moves || len(current) != 1 || current[0] != cities[moves-1] {
		t.Errorf("residence: %d facts with current %v, want %d with current [%s]", lives, current, moves, cities[moves-1])
	}
}
