package scenario

import (
	"context"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
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
