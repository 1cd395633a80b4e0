package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/httpapi"
)

// shared is the Host of the tests that can share a database: each uses its
// own groups.
var shared *host.Host

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mnemo-httpapi-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cfg, err := host.Load("", func(string) string { return "" })
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cfg.DB = filepath.Join(dir, "db")
	cfg.Store.BufferPoolMB = 64
	cfg.Plugins.CacheDir = filepath.Join(os.TempDir(), "mnemo-test-wasm-cache")
	cfg.Plugins.Reload = -1
	shared, err = host.Open(context.Background(), cfg, host.OpenOptions{Now: clock.now})
	if err != nil {
		fmt.Fprintln(os.Stderr, "host.Open:", err)
		os.Exit(1)
	}
	code := m.Run()
	shared.Close(context.Background())
	os.RemoveAll(dir)
	os.Exit(code)
}

// clock is the engine's clock in these tests: the real time plus a skew
// that a test moves forward to put two writes on either side of a moment
// without sleeping.
var clock testClock

type testClock struct{ skew atomic.Int64 }

func (c *testClock) now() time.Time { return time.Now().Add(time.Duration(c.skew.Load())) }

// advance moves the clock d forward.
func (c *testClock) advance(d time.Duration) { c.skew.Add(int64(d)) }

// api is a test server with a client.
type api struct {
	t    *testing.T
	base string
	key  string
}

// newAPI serves the shared Host, with the HTTP settings changed by mutate.
func newAPI(t *testing.T, mutate func(*host.HTTPConfig)) *api {
	t.Helper()
	h := *shared
	if mutate != nil {
		mutate(&h.Config.HTTP)
	}
	srv := httptest.NewServer(httpapi.New(&h, httpapi.Options{Version: "test"}).Handler())
	t.Cleanup(srv.Close)
	return &api{t: t, base: srv.URL}
}

// withKey returns a client of the same server sending key.
func (a *api) withKey(key string) *api {
	b := *a
	b.key = key
	return &b
}

// do sends a request with a JSON (or raw string) body and decodes a JSON
// answer into out when out is not nil. It returns the status and the raw
// answer.
func (a *api) do(method, path string, body any, out any) (int, []byte) {
	a.t.Helper()
	code, raw, _ := a.doAnswer(method, path, body, out)
	return code, raw
}

// doAnswer is do returning the answer's header too.
func (a *api) doAnswer(method, path string, body any, out any) (int, []byte, http.Header) {
	a.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = bytes.NewBufferString(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			a.t.Fatal(err)
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, a.base+path, rd)
	if err != nil {
		a.t.Fatal(err)
	}
	if a.key != "" {
		req.Header.Set("Authorization", "Bearer "+a.key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		a.t.Fatal(err)
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			a.t.Fatalf("%s %s: decode %s: %v", method, path, raw, err)
		}
	}
	return resp.StatusCode, raw, resp.Header
}

// waitDone polls a status URL until the episode is no longer pending.
func (a *api) waitDone(statusURL string) map[string]any {
	a.t.Helper()
	// A hang detector, not a speed check: on a loaded machine a large
	// episode takes minutes, so the wait ends shortly before the test
	// binary's own deadline (go test -timeout), or after ten minutes.
	deadline := time.Now().Add(10 * time.Minute)
	if d, ok := a.t.Deadline(); ok {
		deadline = d.Add(-30 * time.Second)
	}
	for {
		var st map[string]any
		code, raw := a.do("GET", statusURL, nil, &st)
		if code != 200 {
			a.t.Fatalf("GET %s = %d %s", statusURL, code, raw)
		}
		if st["status"] != "pending" {
			return st
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("episode still pending at the test's deadline: %s", raw)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// errorOf decodes an error answer.
type errorOf struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// doHeader is do with the key sent in X-API-Key instead.
func (a *api) doHeader(method, path string, body any, apiKey string) (int, []byte) {
	a.t.Helper()
	if apiKey == "" {
		return a.do(method, path, body, nil)
	}
	var rd io.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, a.base+path, rd)
	if err != nil {
		a.t.Fatal(err)
	}
	req.Header.Set("X-API-Key", apiKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, raw
}
