package api

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestStreamCutIsNotWhole: a streamed answer whose writer fails midway
// reaches the client as an error, never as a shorter answer that ends
// cleanly; one that succeeds ends cleanly.
func TestStreamCutIsNotWhole(t *testing.T) {
	fail := errors.New("the store went away")
	env := &Env{Log: slog.New(slog.DiscardHandler), Metrics: NewMetrics(nil, "test")}
	mux := http.NewServeMux()
	for path, werr := range map[string]error{"/cut": fail, "/whole": nil} {
		rt := &Route{Method: "GET", Path: path, Auth: AuthNone, Status: http.StatusOK,
			Handle: func(ctx context.Context, c *Call) (any, error) {
				return Stream{ContentType: "application/x-ndjson", Write: func(w io.Writer) error {
					for range 100 {
						if _, err := io.WriteString(w, strings.Repeat("x", 1000)+"\n"); err != nil {
							return err
						}
					}
					return werr
				}}, nil
			}}
		mux.Handle(rt.Method+" "+path, env.Handler(rt))
	}
	srv := httptest.NewServer(mux)
	defer srv.Close()

	read := func(path string) (int, int, error) {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return resp.StatusCode, len(b), err
	}
	if status, n, err := read("/whole"); status != http.StatusOK || n != 100*1001 || err != nil {
		t.Errorf("whole stream: %d, %d bytes, %v; want 200, %d bytes, no error", status, n, err, 100*1001)
	}
	if status, n, err := read("/cut"); status != http.StatusOK || err == nil {
		t.Errorf("cut stream: %d, %d bytes, error %v; want 200 and a read error", status, n, err)
	}
	// Both answers are counted.
	env.Metrics.mu.Lock()
	defer env.Metrics.mu.Unlock()
	if len(env.Metrics.requests) != 2 {
		t.Errorf("metrics hold %d routes, want both streams counted", len(env.Metrics.requests))
	}
}
