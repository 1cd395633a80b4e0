package faulttest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/wasm"
)

// wasmCache is shared by every test binary of the repository that opens
// plugins, so each plugin is compiled once.
var wasmCache = filepath.Join(os.TempDir(), "mnemo-test-wasm-cache")

// now is the engine's clock. It never moves, so a retry the queue
// schedules never comes due within one engine: what a test sees after
// closing the engine is what the first run left.
var now = time.Date(2024, 6, 1, 12, 0, 0, 0, time.UTC)

// The story: a seed episode the group holds before each run, and the
// target episode the faults hit, which resolves against the seed's
// entities and supersedes one of its facts.
var (
	seed = core.Episode{Source: core.SourceMessage, Content: "Alice: I live in Paris and I work at Acme Corp.",
		ValidAt: time.Date(2024, 1, 10, 9, 0, 0, 0, time.UTC)}
	target = core.Episode{Source: core.SourceMessage, Content: "Alice: I moved to Berlin last month. Bob Stone works at Acme Corp too.",
		ValidAt: time.Date(2024, 4, 1, 9, 0, 0, 0, time.UTC)}
)

// Injected errors: a transient one, as kuzu reports a full buffer pool,
// and a permanent one.
var (
	errBusy      = fmt.Errorf("kuzu: injected: buffer pool is full: %w", core.ErrBusy)
	errLocked    = fmt.Errorf("kuzu: injected: Only one write transaction at a time: %w", core.ErrLocked)
	errPermanent = errors.New("kuzu: injected: disk I/O error")
)

// rig is a real kuzu store behind a faultStore, the built-in plugins
// (the rule extractor) and the local embedder.
type rig struct {
	store   *faultStore
	plugins *host.PluginSets
	emb     core.Embedder
}

func newRig(t *testing.T) *rig {
	t.Helper()
	ctx := context.Background()
	cfg, err := host.Load("", func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.Plugins.CacheDir, cfg.Plugins.Reload = wasmCache, -1
	emb := hashembed.New(cfg.Embedder.Dimensions)
	ks, err := kuzu.Open(ctx, kuzu.Options{Dir: t.TempDir(), Dimension: emb.Dimension(), BufferPoolBytes: 64 << 20, Threads: 1})
	if err != nil {
		t.Fatalf("kuzu.Open: %v", err)
	}
	t.Cleanup(func() { ks.Close(context.Background()) })
	rt, err := wasm.Open(ctx, wasm.Options{CacheDir: wasmCache, Embedder: emb})
	if err != nil {
		t.Fatalf("wasm.Open: %v", err)
	}
	t.Cleanup(func() { rt.Close(context.Background()) })
	ps, err := host.OpenPlugins(ctx, rt, cfg, func(string) string { return "" }, nil)
	if err != nil {
		t.Fatalf("host.OpenPlugins: %v", err)
	}
	t.Cleanup(func() { ps.Close(context.Background()) })
	return &rig{store: newFaultStore(ks), plugins: ps, emb: emb}
}

// engine opens an engine on the rig's store: one worker, one attempt per
// episode (an error that used an attempt fails the episode at once).
func (r *rig) engine(t *testing.T) *engine.Engine {
	t.Helper()
	e, err := engine.Open(context.Background(), engine.Options{
		Store: r.store, Embedder: r.emb, Plugins: r.plugins, Now: func() time.Time { return now },
		Ingest: engine.IngestOptions{Workers: 1, MaxAttempts: 1},
	})
	if err != nil {
		t.Fatalf("engine.Open: %v", err)
	}
	t.Cleanup(func() { e.Close(context.Background()) })
	return e
}

// ingest stores an episode of group and returns its uuid.
func ingest(t *testing.T, e *engine.Engine, group string, ep core.Episode) (string, error) {
	t.Helper()
	ep.GroupID, ep.UUID = group, group+"-"+map[bool]string{true: "seed", false: "target"}[ep.Content == seed.Content]
	res, err := e.Ingest(context.Background(), []core.Episode{ep})
	if err != nil {
		return "", err
	}
	return res[0].UUID, nil
}

// waitDone waits for an episode and requires it done.
func waitDone(t *testing.T, e *engine.Engine, group, uuid string) engine.EpisodeReport {
	t.Helper()
	ctx, cancel := context.WithTimeout(probing(context.Background()), time.Minute)
	defer cancel()
	r, err := e.Wait(ctx, group, uuid)
	if err != nil {
		t.Fatalf("Wait(%s): %v", uuid, err)
	}
	if r[0].Status != core.EpisodeDone {
		t.Fatalf("episode %s: %s (%s), want done", uuid, r[0].Status, r[0].Error)
	}
	return r[0]
}

// graph is what a group holds, counted.
type graph struct {
	Episodes, Pending, Failed     int
	Entities, Facts, CurrentFacts int
}

func (r *rig) graph(t *testing.T, group string) graph {
	t.Helper()
	st, err := r.store.Stats(context.Background(), group)
	if err != nil {
		t.Fatal(err)
	}
	return graph{st.Episodes, st.PendingEpisodes, st.FailedEpisodes, st.Entities, st.Facts, st.CurrentFacts}
}

// seeded opens an engine and gives group the seed episode.
func (r *rig) seeded(t *testing.T, group string) *engine.Engine {
	t.Helper()
	e := r.engine(t)
	uuid, err := ingest(t, e, group, seed)
	if err != nil {
		t.Fatalf("Ingest(seed): %v", err)
	}
	waitDone(t, e, group, uuid)
	return e
}

// fault is one way the store fails while the target is processed.
type fault struct {
	name string
	// rule picks the errors (see faultStore.rule).
	rule func(n int, method string) error
	// want is the target's status after the run: done when the fault hit
	// a step whose failure the pipeline tolerates, else pending (nothing
	// recorded, no attempt used) or failed (the attempt recorded).
	want core.EpisodeStatus
}

// at fails step k with err.
func at(k int, err error) func(int, string) error {
	return func(n int, _ string) error {
		if n == k {
			return err
		}
		return nil
	}
}

// recordFails fails step k with a permanent error, then the first times
// Apply calls after it (the record of the failure) with err.
func recordFails(k, times int, err error) func(int, string) error {
	applies := 0
	return func(n int, method string) error {
		switch {
		case n == k:
			return errPermanent
		case n > k && method == "Apply" && applies < times:
			applies++
			return err
		}
		return nil
	}
}

// TestStoreFaults fails each store call of the target's ingestion in
// turn, with a transient and with a permanent error, and checks after
// each run that the engine's report and the store agree on the episode's
// status, attempts and error; that the group's counts agree with them;
// that nothing of the episode was half-written; that a transient error
// used no attempt; and that the episode, resumed or retried, ends done
// with the graph of a run without faults.
func TestStoreFaults(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()

	// The reference run records the steps and the graph they make.
	e := r.seeded(t, "ref")
	r.store.arm(nil)
	uuid, err := ingest(t, e, "ref", target)
	if err != nil {
		t.Fatalf("Ingest(target): %v", err)
	}
	waitDone(t, e, "ref", uuid)
	steps := r.store.disarm()
	e.Close(ctx)
	want := r.graph(t, "ref")
	write := -1 // the step that writes the episode done
	for i, m := range steps {
		if m == "Apply" {
			write = i
		}
	}
	if write < 0 || steps[0] != "AddEpisodes" {
		t.Fatalf("steps %v: want AddEpisodes first and an Apply", steps)
	}
	t.Logf("steps of the target's ingestion: %s", strings.Join(steps, " "))

	var faults []fault
	for k, m := range steps {
		status := func(failed core.EpisodeStatus) core.EpisodeStatus {
			if k > write {
				return core.EpisodeDone
			}
			return failed
		}
		faults = append(faults,
			fault{fmt.Sprintf("%02d %s busy", k, m), at(k, errBusy), status(core.EpisodePending)},
			fault{fmt.Sprintf("%02d %s permanent", k, m), at(k, errPermanent), status(core.EpisodeFailed)})
	}
	first := 1 // the first step of the processing, after AddEpisodes
	faults = append(faults,
		fault{"write locked", at(write, errLocked), core.EpisodePending},
		fault{"record busy past its tries", recordFails(first, 100, errBusy), core.EpisodePending},
		fault{"record fails", recordFails(write, 1, errPermanent), core.EpisodePending},
		fault{"record busy once", recordFails(write, 1, errBusy), core.EpisodeFailed})

	for i, f := range faults {
		t.Run(f.name, func(t *testing.T) {
			group := fmt.Sprintf("run-%02d", i)
			e := r.seeded(t, group)
			before := r.graph(t, group)
			fired := r.store.arm(f.rule)
			uuid, err := ingest(t, e, group, target)
			if err != nil {
				// AddEpisodes failed: nothing is stored.
				r.store.disarm()
				e.Close(ctx)
				if got := r.graph(t, group); got != before {
					t.Errorf("after a failed Ingest the group holds %+v, want %+v", got, before)
				}
				e2 := r.engine(t)
				if uuid, err = ingest(t, e2, group, target); err != nil {
					t.Fatalf("Ingest(target) again: %v", err)
				}
				waitDone(t, e2, group, uuid)
				r.check(t, group, want)
				return
			}
			waited := make(chan struct{})
			go func() {
				defer close(waited)
				e.Wait(probing(ctx), group, uuid)
			}()
			select {
			case <-fired:
			case <-waited:
			case <-time.After(time.Minute):
				t.Fatal("the target was neither processed nor hit by the fault within a minute")
			}
			e.Close(ctx) // waits for the worker to finish the episode
			<-waited
			select {
			case <-fired:
			default:
				t.Fatalf("the run ended before step %s", f.name)
			}
			r.store.disarm()

			got := r.agree(t, e, group, uuid, f.want)
			switch got.Status {
			case core.EpisodeDone:
				r.check(t, group, want)
				return
			case core.EpisodePending:
				if got.Attempts != 0 {
					t.Errorf("pending after a run with attempts %d, want 0 (no attempt recorded)", got.Attempts)
				}
			case core.EpisodeFailed:
				if got.Attempts != 1 || !strings.Contains(got.Error, "injected") {
					t.Errorf("failed with attempts %d and error %q, want 1 and the injected error", got.Attempts, got.Error)
				}
			}
			r.untouched(t, group, uuid, before)

			// A new engine resumes a pending episode; a failed one waits
			// for a retry.
			e2 := r.engine(t)
			if got.Status == core.EpisodeFailed {
				reps, err := e2.Retry(probing(ctx), group)
				if err != nil {
					t.Fatalf("Retry: %v", err)
				}
				wantRep := []engine.EpisodeReport{{UUID: uuid, GroupID: group, Status: core.EpisodePending, Error: got.Error}}
				if diff := cmp.Diff(wantRep, reps); diff != "" {
					t.Errorf("Retry (-want +got):\n%s", diff)
				}
			}
			if rep := waitDone(t, e2, group, uuid); rep.Attempts != 0 || rep.Error != "" {
				t.Errorf("done with attempts %d and error %q, want 0 and none", rep.Attempts, rep.Error)
			}
			r.check(t, group, want)
		})
	}
}

// agree checks that the engine's report of an episode, the stored episode
// and the group's counts say the same, and that the status is want. It
// returns the stored episode.
func (r *rig) agree(t *testing.T, e *engine.Engine, group, uuid string, want core.EpisodeStatus) core.Episode {
	t.Helper()
	ctx := probing(context.Background())
	rep, err := e.Report(ctx, group, uuid)
	if err != nil {
		t.Fatalf("Report: %v", err)
	}
	ep, err := r.store.Episode(ctx, []string{group}, uuid)
	if err != nil {
		t.Fatalf("Episode: %v", err)
	}
	type state struct {
		Status   core.EpisodeStatus
		Attempts int
		Error    string
	}
	if diff := cmp.Diff(state{ep.Status, ep.Attempts, ep.Error}, state{rep.Status, rep.Attempts, rep.Error}); diff != "" {
		t.Errorf("the report and the store disagree (-store +report):\n%s", diff)
	}
	if ep.Status != want {
		t.Errorf("status %s (%s), want %s", ep.Status, ep.Error, want)
	}
	g := r.graph(t, group)
	wantCounts := [2]int{}
	switch ep.Status {
	case core.EpisodePending:
		wantCounts[0] = 1
	case core.EpisodeFailed:
		wantCounts[1] = 1
	}
	if got := [2]int{g.Pending, g.Failed}; got != wantCounts || g.Episodes != 2 {
		t.Errorf("group counts %d episodes, %d pending, %d failed; the episode is %s", g.Episodes, g.Pending, g.Failed, ep.Status)
	}
	return ep
}

// untouched checks that nothing of an episode that is not done was
// written: the graph is the seed's and the episode links to nothing.
func (r *rig) untouched(t *testing.T, group, uuid string, before graph) {
	t.Helper()
	g := r.graph(t, group)
	g.Episodes, g.Pending, g.Failed = before.Episodes, before.Pending, before.Failed
	if g != before {
		t.Errorf("the graph is %+v after the run, want the seed's %+v", g, before)
	}
	links, err := r.store.EpisodeLinks(probing(context.Background()), []string{group}, uuid)
	if err != nil {
		t.Fatal(err)
	}
	if len(links.Entities)+len(links.Facts) > 0 {
		t.Errorf("the episode links %d entities and %d facts, want none", len(links.Entities), len(links.Facts))
	}
}

// check compares a group's graph with the reference run's.
func (r *rig) check(t *testing.T, group string, want graph) {
	t.Helper()
	if got := r.graph(t, group); got != want {
		t.Errorf("graph %+v, want the reference %+v", got, want)
	}
}
