package evolve

import (
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// TestMentionGrain checks that mentions are noted to the hour: a mention
// within mentionGrain of one noted, or of the object's creation, adds
// nothing to write; a later one, or one from a clock set back, does.
func TestMentionGrain(t *testing.T) {
	// The record store is never called by note.
	type records struct{ core.RecordStore }
	a := &accessLog{v: &Evolver{evolve: Config{FlushSize: 1000}}, rs: records{}, pending: map[string]map[string]*accessDelta{},
		kick: make(chan struct{}, 1), mentioned: map[string]time.Time{}}
	t0 := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	pending := func() map[string]time.Time {
		out := map[string]time.Time{}
		for g, m := range a.pending {
			for k, d := range m {
				out[g+" "+k] = d.mentions
			}
		}
		clear(a.pending)
		a.size = 0
		return out
	}
	a.note("g", core.ScopeEntities, "alice", t0, false)
	a.note("g", core.ScopeEntities, "alice", t0.Add(30*time.Minute), false)
	a.note("h", core.ScopeEntities, "alice", t0.Add(30*time.Minute), false)
	a.created("g", core.ScopeFacts, "f1", t0)
	a.note("g", core.ScopeFacts, "f1", t0.Add(59*time.Minute), false)
	got := pending()
	want := map[string]time.Time{"g " + itemKey(core.ScopeEntities, "alice"): t0, "h " + itemKey(core.ScopeEntities, "alice"): t0.Add(30 * time.Minute)}
	if len(got) != len(want) || got["g "+itemKey(core.ScopeEntities, "alice")] != want["g "+itemKey(core.ScopeEntities, "alice")] || got["h "+itemKey(core.ScopeEntities, "alice")] != want["h "+itemKey(core.ScopeEntities, "alice")] {
		t.Fatalf("pending after mentions within the hour = %v, want %v", got, want)
	}
	a.note("g", core.ScopeEntities, "alice", t0.Add(61*time.Minute), false)
	a.note("g", core.ScopeFacts, "f1", t0.Add(2*time.Hour), false)
	a.note("h", core.ScopeEntities, "alice", t0.Add(-time.Hour), false)
	got = pending()
	if len(got) != 3 || !got["g "+itemKey(core.ScopeEntities, "alice")].Equal(t0.Add(61*time.Minute)) ||
		!got["g "+itemKey(core.ScopeFacts, "f1")].Equal(t0.Add(2*time.Hour)) || !got["h "+itemKey(core.ScopeEntities, "alice")].Equal(t0.Add(-time.Hour)) {
		t.Fatalf("pending after later mentions and a clock set back = %v", got)
	}
	// Searches are counted every time.
	for range 3 {
		a.note("g", core.ScopeEntities, "alice", t0.Add(62*time.Minute), true)
	}
	if d := a.pending["g"][itemKey(core.ScopeEntities, "alice")]; d == nil || d.n != 3 {
		t.Fatalf("three searches counted as %+v, want n = 3", d)
	}
}
