package mcpserver_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/hosttest"
	"github.com/mnemohq/mnemo/host/mcpserver"
)

func openHost(t *testing.T, keys []host.APIKeyConfig) *host.Host {
	t.Helper()
	cfg := hosttest.Config(t)
	cfg.HTTP.Keys = keys
	h := hosttest.Open(t, cfg, host.OpenOptions{Now: clock.now})
	return h
}

// clock is the engine's clock in these tests: the real time plus a skew
// that a test moves forward to put two writes on either side of a moment
// without sleeping.
var clock testClock

type testClock struct{ skew atomic.Int64 }

func (c *testClock) now() time.Time { return time.Now().Add(time.Duration(c.skew.Load())) }

// advance moves the clock d forward.
func (c *testClock) advance(d time.Duration) { c.skew.Add(int64(d)) }

// bearer adds an Authorization header to every request.
type bearer struct{ key string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.key)
	return http.DefaultTransport.RoundTrip(r)
}

func connect(t *testing.T, url, key string) (*mcp.ClientSession, error) {
	t.Helper()
	hc := &http.Client{Timeout: 30 * time.Second}
	if key != "" {
		hc.Transport = bearer{key}
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: hc, MaxRetries: -1}, nil)
}

func TestHTTPTransportKeys(t *testing.T) {
	const keyA = "mcp-key-for-team-a-0123456789"
	h := openHost(t, []host.APIKeyConfig{{Key: keyA, Groups: []string{"team-a*"}}})
	srv := httptest.NewServer(mcpserver.New(h, mcpserver.Options{DefaultGroup: "team-a"}).Handler())
	defer srv.Close()

	for _, key := range []string{"", "not-a-key-0123456789"} {
		if s, err := connect(t, srv.URL, key); err == nil {
			s.Close()
			t.Errorf("connect with key %q succeeded, want it refused", key)
		}
	}
	s, err := connect(t, srv.URL, keyA)
	if err != nil {
		t.Fatalf("connect with a valid key: %v", err)
	}
	defer s.Close()
	tests := []struct {
		name    string
		tool    string
		args    map[string]any
		wantErr string
	}{
		{"default group", "add_memory", map[string]any{"episode_body": "Ana: I live in Porto.", "reference_time": "2024-01-01", "wait_seconds": 30}, ""},
		{"own pattern", "list_facts", map[string]any{"group_id": "team-a-eu"}, ""},
		{"other group", "list_facts", map[string]any{"group_id": "team-b"}, `may not use group "team-b"`},
		{"other group write", "add_memory", map[string]any{"episode_body": "x", "group_id": "team-b"}, `may not use group "team-b"`},
		{"other group clear", "clear_graph", map[string]any{"group_ids": []string{"team-a", "team-b"}}, `may not use group "team-b"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := s.CallTool(context.Background(), &mcp.CallToolParams{Name: tc.tool, Arguments: tc.args})
			if err != nil {
				t.Fatal(err)
			}
			text := ""
			for _, c := range res.Content {
				if tc, ok := c.(*mcp.TextContent); ok {
					text += tc.Text
				}
			}
			switch {
			case tc.wantErr == "" && res.IsError:
				t.Errorf("%s(%v) = error %q, want success", tc.tool, tc.args, text)
			case tc.wantErr != "" && (!res.IsError || !strings.Contains(text, tc.wantErr)):
				t.Errorf("%s(%v) = %q (error %v), want an error containing %q", tc.tool, tc.args, text, res.IsError, tc.wantErr)
			}
		})
	}
	// The refused clear_graph deleted nothing.
	res, err := s.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_episodes", Arguments: map[string]any{}})
	if err != nil || res.IsError {
		t.Fatalf("get_episodes: %v %v", err, res)
	}
	if !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "Ana: I live in Porto.") {
		t.Errorf("team-a's episode is gone after a refused clear_graph: %v", res.Content[0])
	}
}
