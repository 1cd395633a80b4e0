package host_test

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/evolve"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/exchange"
	"github.com/mnemohq/mnemo/host/hosttest"
)

// testClock is a clock a test sets.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *testClock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }

func openHostAt(t *testing.T, clock *testClock) *host.Host {
	t.Helper()
	return hosttest.Open(t, hosttest.Config(t), host.OpenOptions{Now: clock.Now})
}

// TestReleaseIsBitemporal releases quarantined facts on Kuzu, one by a
// trusted restatement and one by approval, and reads them as known
// before and after: a query known before a release sees the fact as it
// was then, quarantined (out of default listings, searches and the
// context, marked as quarantined when asked for), and one known after
// sees it released. An export and its import keep the release.
func TestReleaseIsBitemporal(t *testing.T) {
	ctx := context.Background()
	const g = "release"
	t0 := time.Date(2025, 1, 10, 9, 0, 0, 0, time.UTC)
	clock := &testClock{t: t0}
	h := openHostAt(t, clock)
	ingestAll := func(eps ...core.Episode) {
		t.Helper()
		res, err := h.Engine.Ingest(ctx, eps)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, r := range res {
			ids = append(ids, r.UUID)
		}
		wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
		defer cancel()
		reps, err := h.Engine.Wait(wctx, g, ids...)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range reps {
			if r.Status != core.EpisodeDone {
				t.Fatalf("episode %s: %s (%s)", r.UUID, r.Status, r.Error)
			}
		}
	}
	ingestAll(
		core.Episode{GroupID: g, Source: core.SourceMessage, Content: "Ivo: I work at Globex.", ValidAt: t0, Trust: core.TrustWeb},
		core.Episode{GroupID: g, Source: core.SourceMessage, Content: "Hana: I live in Porto.", ValidAt: t0, Trust: core.TrustWeb},
	)
	held := func(h *host.Host, f core.Filter) map[string]core.Fact {
		t.Helper()
		f.IncludeQuarantined = true
		page, err := h.Engine.ListFacts(ctx, g, core.ListOptions{Limit: 100, Filter: f})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]core.Fact{}
		for _, x := range page.Items {
			out[x.Text] = x
		}
		return out
	}
	facts := held(h, core.Filter{})
	ivo, hana := facts["Ivo works at Globex"], facts["Hana lives in Porto"]
	if ivo.QuarantinedAt.IsZero() || hana.QuarantinedAt.IsZero() {
		t.Fatalf("facts of web episodes = %+v, want Ivo works at Globex and Hana lives in Porto, quarantined", facts)
	}

	// Ivo's fact is approved at t1; Hana's is corroborated by the user at t2.
	t1, t2 := t0.Add(time.Hour), t0.Add(2*time.Hour)
	clock.Set(t1)
	if err := h.Engine.Feedback(ctx, evolve.FeedbackRequest{Group: g, Scope: core.ScopeFacts, UUID: ivo.UUID, Kind: evolve.FeedbackApprove, Trust: core.TrustOperator}); err != nil {
		t.Fatalf("approve: %v", err)
	}
	clock.Set(t2)
	ingestAll(core.Episode{GroupID: g, Source: core.SourceMessage, Content: "Hana: I live in Porto.", ValidAt: t2, Trust: core.TrustUser})
	clock.Set(t2.Add(time.Hour))

	check := func(h *host.Host, where string) {
		t.Helper()
		for _, c := range []struct {
			name       string
			known      time.Time
			ivo, hana  bool // released as known then
			ivoExisted bool
		}{
			{"now", time.Time{}, true, true, true},
			{"before both releases", t1.Add(-time.Minute), false, false, true},
			{"between the releases", t1.Add(time.Minute), true, false, true},
			{"after both releases", t2.Add(time.Minute), true, true, true},
			{"before the facts were made", t0.Add(-time.Minute), false, false, false},
		} {
			page, err := h.Engine.ListFacts(ctx, g, core.ListOptions{Limit: 100, Filter: core.Filter{KnownAt: c.known}})
			if err != nil {
				t.Fatal(err)
			}
			var listed []string
			for _, x := range page.Items {
				listed = append(listed, x.Text)
			}
			if got := slices.Contains(listed, ivo.Text); got != c.ivo {
				t.Errorf("%s: ListFacts known %s lists %q = %v, want %v", where, c.name, ivo.Text, got, c.ivo)
			}
			if got := slices.Contains(listed, hana.Text); got != c.hana {
				t.Errorf("%s: ListFacts known %s lists %q = %v, want %v", where, c.name, hana.Text, got, c.hana)
			}
			res, err := h.Engine.Search(ctx, retrieval.Request{Groups: []string{g}, Query: "Ivo Globex Hana Porto", Scopes: []core.Scope{core.ScopeFacts},
				Limit: 10, Filter: core.Filter{KnownAt: c.known}})
			if err != nil {
				t.Fatal(err)
			}
			found := map[string]bool{}
			for _, r := range res.Facts {
				found[r.Text] = true
			}
			if found[ivo.Text] != c.ivo || found[hana.Text] != c.hana {
				t.Errorf("%s: Search known %s finds Ivo %v, Hana %v; want %v, %v", where, c.name, found[ivo.Text], found[hana.Text], c.ivo, c.hana)
			}
			// Asked for, the held facts show as quarantined as they were.
			all := held(h, core.Filter{KnownAt: c.known})
			if x, ok := all[ivo.Text]; ok != c.ivoExisted || ok && x.QuarantinedAt.IsZero() == !c.ivo {
				t.Errorf("%s: ListFacts known %s with quarantine: Ivo's fact %+v (listed %v), want quarantined %v", where, c.name, x, ok, !c.ivo)
			}
			if x, ok := all[hana.Text]; ok != c.ivoExisted || ok && x.QuarantinedAt.IsZero() == !c.hana {
				t.Errorf("%s: ListFacts known %s with quarantine: Hana's fact %+v (listed %v), want quarantined %v", where, c.name, x, ok, !c.hana)
			}
		}
		cs, err := h.Engine.Context(ctx, retrieval.ContextRequest{Request: retrieval.Request{Groups: []string{g}, Query: "Where does Hana live? Where does Ivo work?",
			Filter: core.Filter{KnownAt: t1.Add(-time.Minute)}}})
		if err != nil {
			t.Fatal(err)
		}
		if fs := factLines(cs); strings.Contains(fs, "Globex") || strings.Contains(fs, "Porto") {
			t.Errorf("%s: the context known before the releases carries a fact then quarantined:\n%s", where, cs)
		}
		cs, err = h.Engine.Context(ctx, retrieval.ContextRequest{Request: retrieval.Request{Groups: []string{g}, Query: "Where does Hana live? Where does Ivo work?",
			Filter: core.Filter{KnownAt: t2.Add(time.Minute)}}})
		if err != nil {
			t.Fatal(err)
		}
		if fs := factLines(cs); !strings.Contains(fs, "Globex") || !strings.Contains(fs, "Porto") {
			t.Errorf("%s: the context known after the releases lacks a released fact:\n%s", where, cs)
		}
	}
	check(h, "kuzu")

	var b bytes.Buffer
	if err := exchange.Export(ctx, h.Engine, &b, []string{g}, clock.Now()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte(`"released_at":"`+t1.Format(time.RFC3339Nano))) {
		t.Errorf("the export has no released_at of the approval at %s", t1)
	}
	dst := openHostAt(t, clock)
	if _, err := exchange.Import(ctx, dst.Engine, bytes.NewReader(b.Bytes()), exchange.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	check(dst, "imported")
}
