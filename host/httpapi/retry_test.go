package httpapi_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/hosttest"
	"github.com/mnemohq/mnemo/host/httpapi"
)

// badFact is an episode whose extraction always fails: a hand-made fact
// whose JSON the triplet reader refuses.
var badFact = map[string]any{"uuid": "bad", "source": "json", "source_description": "mnemo: fact added by hand",
	"content": map[string]any{"source": 5}, "reference_time": "2024-03-02"}

// newOneAttemptAPI serves a Host of its own whose episodes fail at their
// first failed attempt.
func newOneAttemptAPI(t *testing.T) *api {
	t.Helper()
	cfg := hosttest.Config(t)
	cfg.Ingest.MaxAttempts = 1
	h, err := host.Open(context.Background(), cfg, host.OpenOptions{})
	if err != nil {
		t.Fatalf("host.Open: %v", err)
	}
	srv := httptest.NewServer(httpapi.New(h, httpapi.Options{Version: "test"}).Handler())
	t.Cleanup(func() {
		srv.Close()
		h.Close(context.Background())
	})
	return &api{t: t, base: srv.URL}
}

// retriedOut is the answer of a retry.
type retriedOut struct {
	Episodes []struct {
		UUID      string `json:"uuid"`
		Status    string `json:"status"`
		Error     string `json:"error"`
		StatusURL string `json:"status_url"`
	} `json:"episodes"`
}

func TestRetryFailedEpisodes(t *testing.T) {
	a := newOneAttemptAPI(t)
	var acc accepted
	if code, raw := a.do("POST", "/v1/groups/r/episodes", map[string]any{"episodes": []any{
		map[string]any{"uuid": "good", "source": "message", "content": "Alice: I live in Paris.", "reference_time": "2024-03-01"},
		badFact,
	}}, &acc); code != 202 {
		t.Fatalf("POST episodes = %d %s", code, raw)
	}
	for _, ep := range acc.Episodes {
		a.waitDone(ep.StatusURL)
	}
	failedOnce := func(t *testing.T) {
		t.Helper()
		st := a.waitDone("/v1/groups/r/episodes/bad/status")
		if st["status"] != "failed" || st["attempts"] != float64(1) || !strings.Contains(st["error"].(string), "hand-made fact") {
			t.Fatalf("status of bad = %v, want failed after 1 attempt with its error", st)
		}
		var list struct {
			Episodes []struct {
				UUID     string `json:"uuid"`
				Attempts int    `json:"attempts"`
				Error    string `json:"error"`
			} `json:"episodes"`
		}
		a.do("GET", "/v1/groups/r/episodes?status=failed", nil, &list)
		if len(list.Episodes) != 1 || list.Episodes[0].UUID != "bad" || list.Episodes[0].Attempts != 1 || list.Episodes[0].Error == "" {
			t.Errorf("GET episodes?status=failed = %+v, want bad with 1 attempt and its error", list.Episodes)
		}
		var stats map[string]any
		a.do("GET", "/v1/groups/r", nil, &stats)
		if stats["failed_episodes"] != float64(1) || stats["pending_episodes"] != float64(0) {
			t.Errorf("GET group = %v, want 1 failed and 0 pending episodes", stats)
		}
	}
	failedOnce(t)

	tests := []struct {
		name     string
		path     string
		wantCode int
	}{
		{"group", "/v1/groups/r/episodes/retry", 202},
		{"one", "/v1/groups/r/episodes/bad/retry", 202},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out retriedOut
			code, raw := a.do("POST", tt.path, nil, &out)
			if code != tt.wantCode || len(out.Episodes) != 1 {
				t.Fatalf("POST %s = %d %s, want %d with one episode", tt.path, code, raw, tt.wantCode)
			}
			ep := out.Episodes[0]
			if ep.UUID != "bad" || ep.Status != "pending" || !strings.Contains(ep.Error, "hand-made fact") ||
				ep.StatusURL != "/v1/groups/r/episodes/bad/status" {
				t.Errorf("retried episode = %+v, want bad pending with its last error and status URL", ep)
			}
			failedOnce(t)
		})
	}
	t.Run("re-send", func(t *testing.T) {
		var acc struct {
			Episodes []struct {
				Created  bool   `json:"created"`
				Requeued bool   `json:"requeued"`
				Status   string `json:"status"`
			} `json:"episodes"`
		}
		code, raw := a.do("POST", "/v1/groups/r/episodes", badFact, &acc)
		if code != 202 || len(acc.Episodes) != 1 || acc.Episodes[0].Created || !acc.Episodes[0].Requeued {
			t.Fatalf("re-send of a failed episode = %d %s, want 202, created false, requeued", code, raw)
		}
		failedOnce(t)
	})

	errs := []struct {
		name, method, path string
		wantCode           int
		wantCodeName       string
	}{
		{"retry a done episode", "POST", "/v1/groups/r/episodes/good/retry", 409, "conflict"},
		{"retry an unknown episode", "POST", "/v1/groups/r/episodes/nosuch/retry", 404, "not_found"},
		{"list an unknown status", "GET", "/v1/groups/r/episodes?status=stuck", 400, "invalid"},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			var e errorOf
			code, raw := a.do(tt.method, tt.path, nil, &e)
			if diff := cmp.Diff([2]any{tt.wantCode, tt.wantCodeName}, [2]any{code, e.Code}); diff != "" {
				t.Errorf("%s %s = %s (-want +got):\n%s", tt.method, tt.path, raw, diff)
			}
		})
	}
	var out retriedOut
	if code, raw := a.do("POST", "/v1/groups/nofails/episodes/retry", nil, &out); code != 202 || len(out.Episodes) != 0 {
		t.Errorf("retry of a group without failed episodes = %d %s, want 202 with none", code, raw)
	}
}
