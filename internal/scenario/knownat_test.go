package scenario

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
)

// TestListFactsKnownAt checks that listing facts as known at a system time
// shows their validity as it was known then, as search does: a fact
// superseded later is still open.
func TestListFactsKnownAt(t *testing.T) {
	w := openWorld(t, "", func(c *host.Config) {
		c.Store.Backend, c.Store.BufferPoolMB, c.Store.MaxDBSizeMB = "memory", 0, 0
	})
	w.say("k", "2024-01-10", "Ines: I live in Paris.")
	w.say("k", "2024-03-10", "Ines: I moved to Lyon last month.")
	ctx := context.Background()
	for _, tt := range []struct {
		name      string
		knownAt   time.Time
		wantParis string // Paris's invalid_at as listed, "" for open
	}{
		{"before Lyon was learnt", date(t, "2024-02-01"), ""},
		{"after", date(t, "2024-04-01"), "2024-02-01"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := w.h.Engine.ListFacts(ctx, "k", core.ListOptions{Filter: core.Filter{KnownAt: tt.knownAt, IncludeInvalid: true}})
			if err != nil {
				t.Fatal(err)
			}
			names := w.names("k")
			got := "missing"
			for _, f := range p.Items {
				if names[f.TargetUUID] == "Paris" {
					got = ""
					if !f.InvalidAt.IsZero() {
						got = f.InvalidAt.Format(time.DateOnly)
					}
				}
			}
			if got != tt.wantParis {
				t.Errorf("ListFacts(known at %s): Paris invalid_at = %q, want %q", tt.knownAt.Format(time.DateOnly), got, tt.wantParis)
			}
		})
	}
}

// TestContextSummariesOfThePast: a context asked as of a past date, in
// event time or in system time, does not tell a later fact through an
// entity's summary, which mnemo keeps up to date: Maya's summary shows
// where she lived then. The episodes go through the rule extractor, on
// each store.
func TestContextSummariesOfThePast(t *testing.T) {
	for _, backend := range []string{"kuzu", "memory"} {
		t.Run(backend, func(t *testing.T) {
			w := openWorld(t, "", func(c *host.Config) {
				if backend == "memory" {
					c.Store.Backend, c.Store.BufferPoolMB, c.Store.MaxDBSizeMB = "memory", 0, 0
				}
			})
			w.say("m", "2022-01-10", "Maya: I live in Boston.")
			w.say("m", "2024-03-10", "Maya: I moved to Seattle last month.")
			w.clock.Set(date(t, "2025-01-01"))
			ctx := context.Background()
			const later = "Maya moved to Seattle"
			seattle := one(t, w.find("m", "LIVES_IN", "Seattle"), "Seattle")
			if seattle.Text != later {
				t.Fatalf("the Seattle fact reads %q, want %q", seattle.Text, later)
			}
			maya, err := w.h.Engine.Entity(ctx, []string{"m"}, seattle.SourceUUID)
			if err != nil || !strings.Contains(maya.Summary, later) {
				t.Fatalf("Maya's stored summary = %q, %v; want it to tell %q", maya.Summary, err, later)
			}
			for _, tt := range []struct {
				name     string
				f        core.Filter
				wantMaya string
				past     bool
			}{
				{"now", core.Filter{}, "- Maya: Maya moved to Seattle.\n", false},
				{"valid in June 2022", core.Filter{ValidAt: date(t, "2022-06-01")}, "- Maya: Maya lives in Boston.\n", true},
				{"known in 2023", core.Filter{KnownAt: date(t, "2023-01-01")}, "- Maya: Maya lives in Boston.\n", true},
				{"valid in June 2022 as known in 2023", core.Filter{ValidAt: date(t, "2022-06-01"), KnownAt: date(t, "2023-01-01")}, "- Maya: Maya lives in Boston.\n", true},
			} {
				text, err := w.h.Engine.Context(ctx, retrieval.ContextRequest{Request: retrieval.Request{Groups: []string{"m"}, Query: "Where does Maya live?", Filter: tt.f}})
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(text, tt.wantMaya) {
					t.Errorf("context %s: want the line %q in\n%s", tt.name, tt.wantMaya, text)
				}
				if tt.past && strings.Contains(text, later) {
					t.Errorf("context %s tells %q, which came later:\n%s", tt.name, later, text)
				}
			}
		})
	}
}
