package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestDoHonoursRetryAfter: a 503 or 429 answer with Retry-After is
// retried after the seconds it says and counted; one without it, or any
// other error status, is an error at once.
func TestDoHonoursRetryAfter(t *testing.T) {
	for _, tc := range []struct {
		name        string
		answers     []int    // statuses the server gives in turn, then 200
		retryAfter  []string // their Retry-After headers
		wantErr     string
		wantAnswers int
		wantWaited  time.Duration
	}{
		{name: "busy then ok", answers: []int{503, 503}, retryAfter: []string{"1", "3"}, wantAnswers: 2, wantWaited: 4 * time.Second},
		{name: "budget then ok", answers: []int{429}, retryAfter: []string{"7"}, wantAnswers: 1, wantWaited: 7 * time.Second},
		{name: "no Retry-After", answers: []int{503}, retryAfter: []string{""}, wantErr: "503"},
		{name: "other error", answers: []int{500}, retryAfter: []string{"1"}, wantErr: "500"},
		{name: "past the longest wait", answers: []int{503, 503}, retryAfter: []string{"200", "200"}, wantErr: "503", wantAnswers: 1, wantWaited: 200 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := 0
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if n < len(tc.answers) {
					if tc.retryAfter[n] != "" {
						w.Header().Set("Retry-After", tc.retryAfter[n])
					}
					w.WriteHeader(tc.answers[n])
					n++
					return
				}
				fmt.Fprint(w, `{"episodes": 3, "pending_episodes": 1}`)
			}))
			defer srv.Close()
			var paused time.Duration
			p := &proc{url: srv.URL, http: srv.Client(), pause: func(_ context.Context, d time.Duration) error { paused += d; return nil }}
			st, err := p.stats(context.Background())
			switch {
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("stats() error = %v, want one saying %s", err, tc.wantErr)
			case tc.wantErr == "" && err != nil:
				t.Fatalf("stats() error = %v", err)
			case tc.wantErr == "" && st != (groupStats{Episodes: 3, Pending: 1}):
				t.Errorf("stats() = %+v, want 3 episodes, 1 pending", st)
			}
			if p.backoff.answers != tc.wantAnswers || p.backoff.waited != tc.wantWaited || paused != tc.wantWaited {
				t.Errorf("backoff = %+v after pausing %s, want %d answers, %s", p.backoff, paused, tc.wantAnswers, tc.wantWaited)
			}
		})
	}
}
