package client_test

import (
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/client"
	"github.com/mnemohq/mnemo/host/hosttest"
	"github.com/mnemohq/mnemo/host/httpapi"
)

// serve starts a real mnemo HTTP server on a fresh Kuzu database, with a
// key for group "a" and one for every group.
func serve(t *testing.T) string {
	t.Helper()
	cfg := hosttest.Config(t)
	cfg.HTTP.Keys = []host.APIKeyConfig{{Key: "key-for-group-a-0001", Groups: []string{"a"}}, {Key: "key-for-every-group-01", Groups: []string{"*"}}}
	h := hosttest.Open(t, cfg, host.OpenOptions{})
	srv := httptest.NewServer(httpapi.New(h, httpapi.Options{Version: "test"}).Handler())
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestClientAgainstServer(t *testing.T) {
	ctx := context.Background()
	base := serve(t)
	c, err := client.New(base+"/", "key-for-group-a-0001", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if c.Base() != base {
		t.Errorf("Base() = %q, want %q without the trailing slash", c.Base(), base)
	}

	// Ingest and wait: the episode is processed and its fact listed.
	in := client.Ingester{C: c}
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	res, err := in.Ingest(ctx, []core.Episode{{GroupID: "a", Name: "m1", Source: core.SourceMessage, Content: "Erin: I moved to Porto last week.", ValidAt: at}})
	if err != nil || len(res) != 1 || !res[0].Created || res[0].UUID == "" {
		t.Fatalf("Ingest = %+v, %v; want one created episode", res, err)
	}
	reps, err := in.Wait(ctx, "a", res[0].UUID)
	if err != nil || len(reps) != 1 || reps[0].Status != core.EpisodeDone || reps[0].Facts == 0 {
		t.Fatalf("Wait = %+v, %v; want the episode done with facts", reps, err)
	}
	var facts struct {
		Facts []struct {
			Fact string `json:"fact"`
		} `json:"facts"`
	}
	if err := c.Do(ctx, "GET", client.GroupPath("a", "/facts"), nil, &facts); err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, f := range facts.Facts {
		found = found || strings.Contains(f.Fact, "Porto")
	}
	if !found {
		t.Errorf("facts of a = %+v, want one about Porto", facts.Facts)
	}

	// A streamed answer: the group's export names the episode.
	body, err := c.Open(ctx, "GET", client.GroupPath("a", "/export"))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(body)
	body.Close()
	if err != nil || !strings.Contains(string(raw), res[0].UUID) {
		t.Errorf("export = %d bytes, %v; want it to hold episode %s", len(raw), err, res[0].UUID)
	}

	// Refusals come back as the engine's sentinels and the server's words.
	err = c.Do(ctx, "GET", client.GroupPath("a", "/facts/0190f7a4-0000-7000-8000-000000000000"), nil, nil)
	if !errors.Is(err, core.ErrNotFound) {
		t.Errorf("unknown fact: %v, want core.ErrNotFound", err)
	}
	err = c.Do(ctx, "POST", client.GroupPath("a", "/episodes"), map[string]any{"episodes": "not a list"}, nil)
	if !errors.Is(err, core.ErrInvalid) {
		t.Errorf("malformed batch: %v, want core.ErrInvalid", err)
	}
	if err := c.Do(ctx, "GET", client.GroupPath("b", "/facts"), nil, nil); err == nil || errors.Is(err, core.ErrNotFound) {
		t.Errorf("group b with a's key: %v, want a refusal", err)
	}
	other, _ := client.New(base, "no-such-key-known-here", time.Minute)
	other.KeyHint = "pass the key"
	if err := other.Do(ctx, "GET", client.GroupPath("a", "/facts"), nil, nil); err == nil || !strings.HasSuffix(err.Error(), ": pass the key") {
		t.Errorf("unknown key: %v, want the key hint", err)
	}

	// The retry of a group with no failed episode retries nothing.
	if reps, err := in.Retry(ctx, "a"); err != nil || len(reps) != 0 {
		t.Errorf("Retry = %+v, %v; want nothing retried", reps, err)
	}
}

func TestClientRefusesWhatIsNotAServer(t *testing.T) {
	for _, u := range []string{"localhost:1", "ftp://x", "http://", "::"} {
		if _, err := client.New(u, "", time.Second); !errors.Is(err, core.ErrInvalid) {
			t.Errorf("New(%q) = %v, want core.ErrInvalid", u, err)
		}
	}
	c, err := client.New("http://127.0.0.1:1", "", 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Do(context.Background(), "GET", "/v1/recipes", nil, nil); !errors.Is(err, core.ErrUnavailable) {
		t.Errorf("no server: %v, want core.ErrUnavailable", err)
	}
}
