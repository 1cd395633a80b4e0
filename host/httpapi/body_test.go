package httpapi_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/httpapi"
	"github.com/mnemohq/mnemo/host/httpapi/mcphttp"
	"github.com/mnemohq/mnemo/host/mcpserver"
)

// countingReader counts what the client sent of a body; hiding the
// length (no Len method) makes the client send the body chunked.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// TestOversizedBodyAnswered posts 50 MB to routes whose limit is far
// smaller and checks that the client reads the 413 and its JSON body
// instead of a connection reset while it is still writing (issue 34),
// with the body's length declared and sent chunked; and that the same
// client's next request is served.
func TestOversizedBodyAnswered(t *testing.T) {
	h := *shared
	h.Config.HTTP.MaxImportMB = 1
	m := mcpserver.New(&h, mcpserver.Options{Version: "test"})
	srv := httptest.NewServer(httpapi.New(&h, httpapi.Options{Version: "test", MCP: m.Handler()}).Handler())
	t.Cleanup(srv.Close)
	client := &http.Client{Transport: &http.Transport{}, Timeout: 2 * time.Minute}
	t.Cleanup(client.CloseIdleConnections)

	big := bytes.Repeat([]byte("x"), 50<<20)
	copy(big, `{"content": "`)
	tests := []struct {
		name, path, setting string
		// chunkedAnswer is the answer to the chunked body when it is not
		// 413: a route that reads no body answers as it would anyway,
		// after the body is read.
		chunkedAnswer string
	}{
		{"v1", "/v1/groups/body-1/episodes", "http.max_body_kb = 2048", ""},
		{"zep", "/api/v2/graph", "http.max_body_kb = 2048", ""},
		{"graphiti", "/messages", "http.max_body_kb = 2048", ""},
		{"import", "/v1/groups/body-1/import", "http.max_import_mb = 1", ""},
		{"mcp", "/mcp", "http.max_body_kb = 2048", ""},
		{"no route", "/v1/no-such-route", "http.max_body_kb = 2048", "no_route"},
	}
	for _, tt := range tests {
		for _, chunked := range []bool{false, true} {
			name := tt.name + "/content-length"
			if chunked {
				name = tt.name + "/chunked"
			}
			t.Run(name, func(t *testing.T) {
				var body io.Reader = bytes.NewReader(big)
				if chunked {
					body = &countingReader{r: body}
				}
				req, err := http.NewRequest("POST", srv.URL+tt.path, body)
				if err != nil {
					t.Fatal(err)
				}
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Accept", "application/json, text/event-stream")
				wrote := make(chan error, 1)
				req = req.WithContext(httptrace.WithClientTrace(req.Context(), &httptrace.ClientTrace{
					WroteRequest: func(i httptrace.WroteRequestInfo) { wrote <- i.Err },
				}))
				resp, err := client.Do(req)
				if err != nil {
					t.Fatalf("POST %s with 50 MB: %v, want a 413 answer", tt.path, err)
				}
				// net/http's client returns an answer that comes while it
				// writes, and goes on writing: the write must end well too.
				select {
				case err := <-wrote:
					if err != nil {
						t.Errorf("the client's write of the body: %v, want no error", err)
					}
				case <-time.After(time.Minute):
					t.Errorf("the client was still writing the body a minute after the answer")
				}
				raw, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil {
					t.Fatalf("read the answer: %v", err)
				}
				var e struct {
					Error string `json:"error"`
					Code  string `json:"code"`
				}
				if err := json.Unmarshal(raw, &e); err != nil {
					t.Fatalf("answer %d %q: %v, want JSON", resp.StatusCode, raw, err)
				}
				switch {
				case chunked && tt.chunkedAnswer != "":
					if e.Code != tt.chunkedAnswer {
						t.Errorf("POST %s with 50 MB chunked = %d %s, want code %s", tt.path, resp.StatusCode, raw, tt.chunkedAnswer)
					}
				case resp.StatusCode != http.StatusRequestEntityTooLarge || e.Code != "too_large" || !strings.Contains(e.Error, tt.setting) || !strings.Contains(e.Error, "over the limit of"):
					t.Errorf("POST %s with 50 MB = %d %s, want 413, code too_large, naming the limit and %s", tt.path, resp.StatusCode, raw, tt.setting)
				}
				if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
					t.Errorf("Content-Type = %q, want application/json", ct)
				}

				// The same client goes on.
				resp, err = client.Get(srv.URL + "/healthz")
				if err != nil {
					t.Fatalf("GET /healthz after: %v", err)
				}
				resp.Body.Close()
				if resp.StatusCode != 200 {
					t.Errorf("GET /healthz after = %d, want 200", resp.StatusCode)
				}
			})
		}
	}

	t.Run("normal request after", func(t *testing.T) {
		b, _ := json.Marshal(map[string]any{"content": "Alice: I live in Paris.", "reference_time": "2024-03-01T10:00:00Z"})
		resp, err := client.Post(srv.URL+"/v1/groups/body-1/episodes", "application/json", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusAccepted {
			t.Errorf("POST an episode = %d %s, want 202", resp.StatusCode, raw)
		}
	})
}

// TestOversizedBodyExpectContinue checks that a client that waits for
// "100 Continue" before sending a body declared too large gets the 413
// without sending it.
func TestOversizedBodyExpectContinue(t *testing.T) {
	a := newAPI(t, func(c *host.HTTPConfig) { c.MaxBodyKB = 1024 })
	client := &http.Client{Transport: &http.Transport{ExpectContinueTimeout: 30 * time.Second}, Timeout: time.Minute}
	t.Cleanup(client.CloseIdleConnections)
	body := &countingReader{r: bytes.NewReader(make([]byte, 50<<20))}
	req, err := http.NewRequest("POST", a.base+"/v1/groups/body-2/episodes", body)
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = 50 << 20
	req.Header.Set("Expect", "100-continue")
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("POST with Expect: 100-continue: %v", err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(raw), "http.max_body_kb") {
		t.Errorf("POST = %d %s, want 413 naming http.max_body_kb", resp.StatusCode, raw)
	}
	if n := body.n.Load(); n > 1<<20 {
		t.Errorf("the client sent %d bytes of the body, want none", n)
	}
}

// TestBodyWrittenBeforeTheAnswer is a client that writes its whole
// request before it reads anything, as most HTTP clients but net/http's
// do: with a body over the limit, and with a body within it that the
// route answers without reading (no key), it must write the body without
// error, read the answer, and send its next request on the same
// connection.
func TestBodyWrittenBeforeTheAnswer(t *testing.T) {
	const key = "key-for-body-tests-0123456789"
	a := newMCPAPI(t, []host.APIKeyConfig{{Key: key, Groups: []string{"*"}}}, "")
	addr := strings.TrimPrefix(a.base, "http://")
	tests := []struct {
		name     string
		path     string
		size     int
		chunked  bool
		auth     bool
		wantCode int
	}{
		{"over the limit", "/v1/groups/body-3/episodes", 50 << 20, false, true, 413},
		{"over the limit, chunked", "/v1/groups/body-3/episodes", 50 << 20, true, true, 413},
		{"within the limit, no key", "/v1/groups/body-3/episodes", 1 << 20, false, false, 401},
		{"within the limit, no key, chunked", "/v1/groups/body-3/episodes", 1 << 20, true, false, 401},
		{"mcp over the limit", "/mcp", 50 << 20, false, true, 413},
		{"mcp within the limit, no key", "/mcp", 1 << 20, true, false, 401},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			_ = conn.SetDeadline(time.Now().Add(2 * time.Minute))
			var head strings.Builder
			head.WriteString("POST " + tt.path + " HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n")
			if tt.auth {
				head.WriteString("Authorization: Bearer " + key + "\r\n")
			}
			if tt.chunked {
				head.WriteString("Transfer-Encoding: chunked\r\n\r\n")
			} else {
				fmt.Fprintf(&head, "Content-Length: %d\r\n\r\n", tt.size)
			}
			if _, err := io.WriteString(conn, head.String()); err != nil {
				t.Fatal(err)
			}
			piece := bytes.Repeat([]byte("x"), 64<<10)
			for sent := 0; sent < tt.size; sent += len(piece) {
				var err error
				if tt.chunked {
					_, err = fmt.Fprintf(conn, "%x\r\n%s\r\n", len(piece), piece)
				} else {
					_, err = conn.Write(piece)
				}
				if err != nil {
					t.Fatalf("write the body at byte %d of %d: %v, want the whole body written", sent, tt.size, err)
				}
			}
			if tt.chunked {
				if _, err := io.WriteString(conn, "0\r\n\r\n"); err != nil {
					t.Fatalf("end the body: %v", err)
				}
			}
			br := bufio.NewReader(conn)
			resp, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatalf("read the answer: %v", err)
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			var e struct {
				Error, Code string
			}
			if resp.StatusCode != tt.wantCode || json.Unmarshal(raw, &e) != nil || e.Error == "" {
				t.Fatalf("answer = %d %s, want %d with a JSON error", resp.StatusCode, raw, tt.wantCode)
			}
			if resp.Close {
				t.Errorf("the answer closes the connection: want it kept after a body read whole")
			}
			if _, err := io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: "+addr+"\r\n\r\n"); err != nil {
				t.Fatalf("next request: %v", err)
			}
			next, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatalf("read the next answer: %v", err)
			}
			next.Body.Close()
			if next.StatusCode != 200 {
				t.Errorf("GET /healthz on the same connection = %d, want 200", next.StatusCode)
			}
		})
	}
}

// TestLimitBodyMCPAlone checks MCP over HTTP served without the API
// (`mnemo mcp --http`): a body over the limit gets the API's 413.
func TestLimitBodyMCPAlone(t *testing.T) {
	m := mcpserver.New(shared, mcpserver.Options{Version: "test"})
	srv := httptest.NewServer(mcphttp.LimitBody(m.Handler(), 1024))
	t.Cleanup(srv.Close)
	for _, chunked := range []bool{false, true} {
		var body io.Reader = bytes.NewReader(make([]byte, 50<<20))
		if chunked {
			body = &countingReader{r: body}
		}
		wrote := make(chan error, 1)
		req, err := http.NewRequest("POST", srv.URL, body)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req = req.WithContext(httptrace.WithClientTrace(req.Context(), &httptrace.ClientTrace{
			WroteRequest: func(i httptrace.WroteRequestInfo) { wrote <- i.Err },
		}))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 413 || !strings.Contains(string(raw), `"code":"too_large"`) || !strings.Contains(string(raw), "http.max_body_kb = 1024") {
			t.Errorf("POST 50 MB (chunked %v) = %d %s, want 413 naming http.max_body_kb = 1024", chunked, resp.StatusCode, raw)
		}
		if err := <-wrote; err != nil {
			t.Errorf("the client's write of the body (chunked %v): %v", chunked, err)
		}
	}
}
