package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// maxRetryWait bounds how long the tool honours one server's Retry-After
// answers in a row before it gives up: a server that asks for more is not
// coming back.
const maxRetryWait = 5 * time.Minute

// backoff is what the server asked the tool to wait, for the report: a
// run whose server answered 429 or 503 measured a server that stopped
// taking episodes for that long.
type backoff struct {
	answers int
	waited  time.Duration
}

func (b backoff) String() string {
	return fmt.Sprintf("%d answers asked the tool to retry, %s waited in all", b.answers, b.waited.Round(time.Second))
}

// do sends a request built by newReq and decodes a 2xx answer into out
// (nil: discarded). A 429 or 503 answer with Retry-After is retried after
// the seconds it says, as a client of the API must, and counted in
// p.backoff; other answers of 300 and over are errors.
func (p *proc) do(ctx context.Context, method, path string, body, out any) error {
	var b []byte
	if body != nil {
		var err error
		if b, err = json.Marshal(body); err != nil {
			return err
		}
	}
	var waited time.Duration
	for {
		req, err := http.NewRequestWithContext(ctx, method, p.url+path, bytes.NewReader(b))
		if err != nil {
			return err
		}
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := p.http.Do(req)
		if err != nil {
			return err
		}
		msg, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return fmt.Errorf("%s %s: %w", method, path, err)
		}
		wait, ok := retryAfter(resp)
		if !ok {
			if resp.StatusCode >= 300 {
				return fmt.Errorf("%s %s: %s %s", method, path, resp.Status, bytes.TrimSpace(msg))
			}
			if out == nil {
				return nil
			}
			if err := json.Unmarshal(msg, out); err != nil {
				return fmt.Errorf("%s %s: %w", method, path, err)
			}
			return nil
		}
		if waited += wait; waited > maxRetryWait {
			return fmt.Errorf("%s %s: %s for %s: %s", method, path, resp.Status, waited, bytes.TrimSpace(msg))
		}
		p.backoff.answers++
		p.backoff.waited += wait
		pause := p.pause
		if pause == nil {
			pause = sleep
		}
		if err := pause(ctx, wait); err != nil {
			return err
		}
	}
}

// retryAfter is how long a 429 or 503 answer asks the client to wait, and
// whether it asks at all.
func retryAfter(resp *http.Response) (time.Duration, bool) {
	if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable {
		return 0, false
	}
	s, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil || s < 0 {
		return 0, false
	}
	return time.Duration(max(s, 1)) * time.Second, true
}
