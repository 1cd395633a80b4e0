package crashtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/internal/bench/httpload"
)

// server is a running mnemo serve.
type server struct {
	*proc
	url string
}

// servingAddr finds the address in the log line mnemo serve writes once
// it listens.
var servingAddr = regexp.MustCompile(`msg=serving addr=(http://[0-9.:]+)`)

// serve starts mnemo serve on db, on a free loopback port, and waits
// until it listens. e is the environment (env() when nil). Its log is
// shown if the test fails.
func serve(t *testing.T, e []string, db string) *server {
	t.Helper()
	if e == nil {
		e = env()
	}
	p := start(t, append(e, "MNEMO_LOG_LEVEL=info"), db, "serve", "--addr", "127.0.0.1:0")
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("mnemo serve's log:\n%s", excerpt(p.errText(), 12000))
		}
	})
	deadline := time.After(5 * time.Minute)
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				<-p.done
				t.Fatalf("mnemo serve ended before it listened (%v):\n%s", p.err, tail(p.errText(), 4000))
			}
			if m := servingAddr.FindStringSubmatch(line); m != nil {
				go func() { // keep draining the lines
					for range p.lines {
					}
				}()
				return &server{proc: p, url: m[1]}
			}
		case <-deadline:
			p.kill()
			t.Fatalf("mnemo serve did not listen within 5 minutes:\n%s", tail(p.errText(), 4000))
		}
	}
}

// client is the HTTP client of the tests: a request to a killed server
// fails at once.
var client = &http.Client{Timeout: 2 * time.Minute}

// answer is an HTTP answer.
type answer struct {
	status int
	header http.Header
	body   []byte
	// err is the transport's error (the server was killed, say).
	err error
}

// code is the error code of an error answer.
func (a answer) code() string {
	var b struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal(a.body, &b)
	return b.Code
}

func (a answer) String() string {
	if a.err != nil {
		return a.err.Error()
	}
	return fmt.Sprintf("%d %s", a.status, clip(string(a.body), 300))
}

// do sends a request with a JSON body (none when in is nil).
func do(method, url string, in any) answer {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return answer{err: err}
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		return answer{err: err}
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		return answer{err: err}
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return answer{status: resp.StatusCode, header: resp.Header, body: b, err: err}
}

// postBatch posts episodes to group g in one request.
func (s *server) postBatch(g string, eps []httpload.Episode) answer {
	return do("POST", s.url+"/v1/groups/"+g+"/episodes", map[string]any{"episodes": eps})
}

// groupStats is GET /v1/groups/{g}.
type groupStats struct {
	Episodes        int `json:"episodes"`
	PendingEpisodes int `json:"pending_episodes"`
	FailedEpisodes  int `json:"failed_episodes"`
}

func (s *server) stats(t *testing.T, g string) groupStats {
	t.Helper()
	a := do("GET", s.url+"/v1/groups/"+g, nil)
	if a.err != nil || a.status != http.StatusOK {
		t.Fatalf("GET /v1/groups/%s = %v", g, a)
	}
	var st groupStats
	if err := json.Unmarshal(a.body, &st); err != nil {
		t.Fatalf("GET /v1/groups/%s: %v", g, err)
	}
	return st
}

// waitIdle waits until group g holds n episodes and none is pending.
func (s *server) waitIdle(t *testing.T, g string, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Minute)
	for {
		st := s.stats(t, g)
		if st.Episodes >= n && st.PendingEpisodes == 0 {
			if st.FailedEpisodes > 0 {
				t.Errorf("group %s: %d failed episodes", g, st.FailedEpisodes)
			}
			return
		}
		if time.Now().After(deadline) || s.exited() {
			t.Fatalf("group %s is not idle: %+v, want %d episodes, none pending\n%s", g, st, n, excerpt(s.errText(), 4000))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// batches cuts eps into batches of size.
func batches(eps []httpload.Episode, size int) [][]httpload.Episode {
	var out [][]httpload.Episode
	for len(eps) > 0 {
		n := min(size, len(eps))
		out = append(out, eps[:n])
		eps = eps[n:]
	}
	return out
}
