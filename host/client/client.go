package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Client speaks to one mnemo serve.
type Client struct {
	base string
	key  string
	hc   *http.Client
	// KeyHint ends the error of an answer 401: how the caller passes a
	// key (the CLI's flag and variable).
	KeyHint string
}

// New returns a client of the server at base (an http or https URL),
// sending key (none when empty) and giving each request timeout (0: only
// the request's context bounds it).
func New(base, key string, timeout time.Duration) (*Client, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%w: %q: want the URL of a mnemo serve, e.g. http://127.0.0.1:8080", core.ErrInvalid, base)
	}
	return &Client{base: strings.TrimRight(base, "/"), key: key, hc: &http.Client{Timeout: timeout}}, nil
}

// Base is the server's URL, without a trailing slash.
func (c *Client) Base() string { return c.base }

// Key is the API key the client sends.
func (c *Client) Key() string { return c.key }

// Untimed returns a client of the same server whose requests only their
// context bounds: for an erasure or an import, which take as long as the
// data is large.
func (c *Client) Untimed() *Client {
	hc := *c.hc
	hc.Timeout = 0
	u := *c
	u.hc = &hc
	return &u
}

// errorAnswer is the body of an error answer of the HTTP API.
type errorAnswer struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// codeErrors maps the API's error codes back to core's sentinels, so that
// a caller treats a server's refusal as it treats the engine's.
var codeErrors = map[string]error{
	"invalid": core.ErrInvalid, "not_found": core.ErrNotFound, "conflict": core.ErrConflict,
	"too_large": core.ErrTooLarge, "busy": core.ErrBusy, "storage": core.ErrStorage, "unavailable": core.ErrUnavailable,
}

// Do sends a request with in as its JSON body (none when nil) and decodes
// the answer into out (ignored when nil).
func (c *Client) Do(ctx context.Context, method, path string, in, out any) error {
	if in == nil {
		return c.Send(ctx, method, path, "", nil, out)
	}
	b, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("encode request: %w", err)
	}
	return c.Send(ctx, method, path, "application/json", bytes.NewReader(b), out)
}

// Send sends a request with body, of type contentType (none when body is
// nil), and decodes the answer into out (ignored when nil).
func (c *Client) Send(ctx context.Context, method, path, contentType string, body io.Reader, out any) error {
	resp, err := c.request(ctx, c.hc, method, path, contentType, body)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
	if err != nil {
		return fmt.Errorf("read the server's answer: %w", err)
	}
	if resp.StatusCode >= 300 {
		return c.answerError(method, path, resp, raw)
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("decode the server's answer to %s %s: %w", method, path, err)
	}
	return nil
}

// Open sends a request without a body and returns the answer's body, for
// an answer too large to hold (a backup, an export); only ctx bounds it.
// The caller closes it.
func (c *Client) Open(ctx context.Context, method, path string) (io.ReadCloser, error) {
	hc := *c.hc
	hc.Timeout = 0
	resp, err := c.request(ctx, &hc, method, path, "", nil)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= 300 {
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		return nil, c.answerError(method, path, resp, raw)
	}
	return resp.Body, nil
}

// request sends one request through hc.
func (c *Client) request(ctx context.Context, hc *http.Client, method, path, contentType string, body io.Reader) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return nil, fmt.Errorf("%w: %s %s: %w", core.ErrInvalid, method, path, err)
	}
	if body != nil {
		req.Header.Set("Content-Type", contentType)
	}
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: reach the server at %s: %w", core.ErrUnavailable, c.base, err)
	}
	return resp, nil
}

// answerError turns the server's error answer (its status, its body raw)
// into an error.
func (c *Client) answerError(method, path string, resp *http.Response, raw []byte) error {
	var e errorAnswer
	if json.Unmarshal(raw, &e) != nil || e.Error == "" {
		return fmt.Errorf("%s %s: the server answered %s", method, path, resp.Status)
	}
	switch resp.StatusCode {
	case http.StatusUnauthorized:
		msg := "the server wants an API key it knows"
		if c.KeyHint != "" {
			msg += ": " + c.KeyHint
		}
		return errors.New(msg)
	case http.StatusForbidden:
		return errors.New(e.Error)
	}
	if s, ok := codeErrors[e.Code]; ok {
		return &answeredError{msg: e.Error, kind: s}
	}
	return fmt.Errorf("the server: %s", e.Error)
}

// answeredError is a refusal of the server: its message, as the engine
// would have worded it, and the sentinel of its code for errors.Is.
type answeredError struct {
	msg  string
	kind error
}

func (e *answeredError) Error() string { return e.msg }
func (e *answeredError) Unwrap() error { return e.kind }

// GroupPath is the path of a group's /v1 route.
func GroupPath(group, rest string) string {
	return "/v1/groups/" + url.PathEscape(group) + rest
}
