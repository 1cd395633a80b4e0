package scenario

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/internal/simclock"
)

// wasmCache is shared by every test binary of the repository that opens
// plugins, so each plugin is compiled once.
var wasmCache = filepath.Join(os.TempDir(), "mnemo-test-wasm-cache")

type world struct {
	t     *testing.T
	h     *host.Host
	clock *simclock.Clock
}

func openWorld(t *testing.T, dir string, mutate func(*host.Config)) *world {
	t.Helper()
	cfg, err := host.Load("", func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if dir == "" {
		dir = t.TempDir()
	}
	cfg.DB = dir
	cfg.Store.BufferPoolMB = 64
	cfg.Plugins.CacheDir = wasmCache
	cfg.Plugins.Reload = -1
	if mutate != nil {
		mutate(&cfg)
	}
	c := simclock.New(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	h, err := host.Open(context.Background(), cfg, host.OpenOptions{Now: c.Now})
	if err != nil {
		t.Fatalf("host.Open: %v", err)
	}
	t.Cleanup(func() { h.Close(context.Background()) })
	return &world{t: t, h: h, clock: c}
}

// say ingests one message at its reference time (the clock is set an hour
// later, when mnemo learns it) and waits for it.
func (w *world) say(group, at, msg string) engine.EpisodeReport {
	w.t.Helper()
	ref := date(w.t, at)
	w.clock.Set(ref.Add(time.Hour))
	ctx := context.Background()
	res, err := w.h.Engine.Ingest(ctx, []core.Episode{{GroupID: group, Source: core.SourceMessage, Content: msg, ValidAt: ref}})
	if err != nil {
		w.t.Fatalf("Ingest(%q): %v", msg, err)
	}
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	r, err := w.h.Engine.Wait(wctx, group, res[0].UUID)
	if err != nil {
		w.t.Fatalf("Wait(%q): %v", msg, err)
	}
	if r[0].Status != core.EpisodeDone {
		w.t.Fatalf("episode %q: %s: %s", msg, r[0].Status, r[0].Error)
	}
	return r[0]
}

func date(t *testing.T, s string) time.Time {
	t.Helper()
	for _, layout := range []string{"2006-01-02", time.RFC3339} {
		if d, err := time.Parse(layout, s); err == nil {
			return d
		}
	}
	t.Fatalf("bad date %q", s)
	return time.Time{}
}

// facts lists a group's facts under a filter as "RELATION target [from,to)".
func (w *world) facts(group string, f core.Filter) []string {
	w.t.Helper()
	p, err := w.h.Engine.Store().ListFacts(context.Background(), group, core.ListOptions{Limit: 1000, Filter: f})
	if err != nil {
		w.t.Fatal(err)
	}
	names := w.names(group)
	var out []string
	for _, x := range p.Items {
		out = append(out, fmt.Sprintf("%s %s %s", names[x.SourceUUID], x.Relation, names[x.TargetUUID]))
	}
	sort.Strings(out)
	return out
}

func (w *world) allFacts(group string) []core.Fact {
	w.t.Helper()
	p, err := w.h.Engine.Store().ListFacts(context.Background(), group, core.ListOptions{Limit: 1000, Filter: core.Filter{IncludeInvalid: true}})
	if err != nil {
		w.t.Fatal(err)
	}
	return p.Items
}

func (w *world) names(group string) map[string]string {
	w.t.Helper()
	p, err := w.h.Engine.Store().ListEntities(context.Background(), group, core.ListOptions{Limit: 1000})
	if err != nil {
		w.t.Fatal(err)
	}
	m := map[string]string{}
	for _, e := range p.Items {
		m[e.UUID] = e.Name
	}
	return m
}

func (w *world) entityNames(group string) []string {
	var out []string
	for _, n := range w.names(group) {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// find returns the facts of a relation whose target is named target.
func (w *world) find(group, relation, target string) []core.Fact {
	names := w.names(group)
	var out []core.Fact
	for _, f := range w.allFacts(group) {
		if f.Relation == relation && strings.EqualFold(names[f.TargetUUID], target) {
			out = append(out, f)
		}
	}
	return out
}

func one(t *testing.T, fs []core.Fact, what string) core.Fact {
	t.Helper()
	if len(fs) != 1 {
		t.Fatalf("%s: %d facts, want 1", what, len(fs))
	}
	return fs[0]
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
