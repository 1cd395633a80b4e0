package mcpserver_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/hosttest"
	"github.com/mnemohq/mnemo/host/mcpserver"
)

type episodesResult struct {
	Episodes []struct {
		UUID     string `json:"uuid"`
		Status   string `json:"status"`
		Attempts int    `json:"attempts"`
		Error    string `json:"error"`
	} `json:"episodes"`
}

type retryResult struct {
	Message  string `json:"message"`
	Episodes []struct {
		UUID   string `json:"uuid"`
		Status string `json:"status"`
		Error  string `json:"error"`
	} `json:"episodes"`
}

func TestRetryEpisodesTool(t *testing.T) {
	cfg := hosttest.Config(t)
	cfg.Ingest.MaxAttempts = 1
	h, err := host.Open(context.Background(), cfg, host.OpenOptions{})
	if err != nil {
		t.Fatalf("host.Open: %v", err)
	}
	defer h.Close(context.Background())
	srv := httptest.NewServer(mcpserver.New(h, mcpserver.Options{DefaultGroup: "r"}).Handler())
	defer srv.Close()
	s, err := connect(t, srv.URL, "")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	// A hand-made fact whose JSON the triplet reader refuses always fails.
	bad := map[string]any{"uuid": "bad", "source": "json", "source_description": "mnemo: fact added by hand",
		"episode_body": `{"source": 5}`, "reference_time": "2024-03-02", "wait_seconds": 30}
	var added struct {
		Status  string `json:"status"`
		Message string `json:"message"`
	}
	if msg := call(t, s, "add_memory", bad, &added); msg != "" || added.Status != "failed" {
		t.Fatalf("add_memory(bad) = %+v %s, want failed", added, msg)
	}
	failed := func(t *testing.T) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if _, err := h.Engine.Wait(ctx, "r", "bad"); err != nil {
			t.Fatal(err)
		}
		var eps episodesResult
		if msg := call(t, s, "get_episodes", map[string]any{"status": "failed"}, &eps); msg != "" {
			t.Fatalf("get_episodes(failed): %s", msg)
		}
		if len(eps.Episodes) != 1 || eps.Episodes[0].UUID != "bad" || eps.Episodes[0].Attempts != 1 || eps.Episodes[0].Error == "" {
			t.Errorf("get_episodes(failed) = %+v, want bad with 1 attempt and its error", eps.Episodes)
		}
	}
	failed(t)

	var out retryResult
	if msg := call(t, s, "retry_episodes", map[string]any{}, &out); msg != "" {
		t.Fatalf("retry_episodes: %s", msg)
	}
	if len(out.Episodes) != 1 || out.Episodes[0].UUID != "bad" || out.Episodes[0].Status != string(core.EpisodePending) ||
		!strings.Contains(out.Episodes[0].Error, "hand-made fact") {
		t.Errorf("retry_episodes = %+v, want bad pending with its last error", out)
	}
	failed(t)

	delete(bad, "wait_seconds")
	if msg := call(t, s, "add_memory", bad, &added); msg != "" || !strings.Contains(added.Message, "queued again") {
		t.Errorf("add_memory(bad) again = %+v %s, want it queued again", added, msg)
	}
	failed(t)

	errs := []struct {
		name, tool string
		args       map[string]any
		want       string
	}{
		{"unknown episode", "retry_episodes", map[string]any{"uuids": []string{"nosuch"}}, "not found"},
		{"unknown status", "get_episodes", map[string]any{"status": "stuck"}, `status "stuck"`},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			var ignored map[string]any
			if msg := call(t, s, tt.tool, tt.args, &ignored); !strings.Contains(msg, tt.want) {
				t.Errorf("%s(%v) = %q, want an error containing %q", tt.tool, tt.args, msg, tt.want)
			}
		})
	}
	var none retryResult
	call(t, s, "retry_episodes", map[string]any{"group_id": "clean"}, &none)
	if diff := cmp.Diff("group clean has no failed episodes", none.Message); diff != "" || len(none.Episodes) != 0 {
		t.Errorf("retry_episodes(clean) = %+v, want none", none)
	}
}
