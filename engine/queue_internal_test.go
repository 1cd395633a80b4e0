package engine

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// episodeStore serves the reads the queue and Report make from a map of
// episodes; every other Store method is unimplemented (a call panics).
type episodeStore struct {
	core.Store
	eps map[string]core.Episode
}

func (s episodeStore) Dimension() int { return 4 }

func (s episodeStore) PendingGroups(context.Context) ([]string, error) { return nil, nil }

func (s episodeStore) Episodes(_ context.Context, groups []string, uuids []string, _ core.GetOptions) ([]core.Episode, error) {
	var out []core.Episode
	for _, id := range uuids {
		if ep, ok := s.eps[id]; ok && ep.GroupID == groups[0] {
			out = append(out, ep)
		}
	}
	return out, nil
}

type zeroEmbedder struct{}

func (zeroEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	return make([][]float32, len(texts)), nil
}

func (zeroEmbedder) Dimension() int { return 4 }

type noPlugins struct{}

func (noPlugins) For(context.Context, string) (core.Plugins, error) { return core.Plugins{}, nil }

// TestWaitLeavesNoWaiter checks that Wait unregisters its channel on every
// return: an episode already done or failed, an unknown one, a context
// that ends, an engine that closes.
func TestWaitLeavesNoWaiter(t *testing.T) {
	now := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	store := episodeStore{eps: map[string]core.Episode{
		"done":    {UUID: "done", GroupID: "g", Status: core.EpisodeDone},
		"failed":  {UUID: "failed", GroupID: "g", Status: core.EpisodeFailed, Error: "boom", Attempts: 3},
		"pending": {UUID: "pending", GroupID: "g", Status: core.EpisodePending},
	}}
	e, err := Open(context.Background(), Options{
		Store: store, Embedder: zeroEmbedder{}, Plugins: noPlugins{}, Now: func() time.Time { return now },
		Ingest: IngestOptions{Workers: -1},
	})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer e.Close(context.Background())
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name    string
		ctx     context.Context
		uuid    string
		wantErr error
	}{
		{"done", context.Background(), "done", nil},
		{"failed", context.Background(), "failed", nil},
		{"unknown", context.Background(), "nosuch", core.ErrNotFound},
		{"context ends", ended, "pending", context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := e.Wait(tt.ctx, "g", tt.uuid)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Wait(%s) = %v, want %v", tt.uuid, err, tt.wantErr)
			}
			if n := waiters(e); n != 0 {
				t.Errorf("after Wait(%s): %d waiter lists left, want 0", tt.uuid, n)
			}
		})
	}
	t.Run("engine closes", func(t *testing.T) {
		errc := make(chan error, 1)
		go func() {
			_, err := e.Wait(context.Background(), "g", "pending")
			errc <- err
		}()
		for waiters(e) == 0 {
			runtime.Gosched() // until Wait has registered
		}
		e.Close(context.Background())
		if err := <-errc; !errors.Is(err, core.ErrClosed) {
			t.Fatalf("Wait(pending) after Close = %v, want ErrClosed", err)
		}
		if n := waiters(e); n != 0 {
			t.Errorf("after Close: %d waiter lists left, want 0", n)
		}
	})
}

func waiters(e *Engine) int {
	e.q.mu.Lock()
	defer e.q.mu.Unlock()
	return len(e.q.waiters)
}

// TestQueueKeepsEpisodesByGroup checks that the queue's state of an
// episode is its group's: two groups may hold episodes of one uuid, and
// the report of one neither wakes the other's waiters nor replaces the
// other's report.
func TestQueueKeepsEpisodesByGroup(t *testing.T) {
	now := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	e, err := Open(context.Background(), Options{
		Store: episodeStore{eps: map[string]core.Episode{}}, Embedder: zeroEmbedder{}, Plugins: noPlugins{}, Now: func() time.Time { return now },
		Ingest: IngestOptions{Workers: -1},
	})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer e.Close(context.Background())
	chA, doneA := e.q.waitFor("a", "x")
	defer doneA()
	e.q.finish(EpisodeReport{UUID: "x", GroupID: "a", Status: core.EpisodeDone, Facts: 3})
	chB, doneB := e.q.waitFor("b", "x")
	defer doneB()
	e.q.finish(EpisodeReport{UUID: "x", GroupID: "b", Status: core.EpisodeFailed, Error: "b's failure"})
	for name, ch := range map[string]<-chan struct{}{"a": chA, "b": chB} {
		select {
		case <-ch:
		default:
			t.Errorf("group %s's waiter was not woken by its episode's report", name)
		}
	}
	late, doneLate := e.q.waitFor("a", "y")
	defer doneLate()
	e.q.finish(EpisodeReport{UUID: "y", GroupID: "b", Status: core.EpisodeDone})
	select {
	case <-late:
		t.Errorf("group b's report of y woke group a's waiter for y")
	default:
	}
	for _, g := range []string{"a", "b"} {
		r, err := e.Report(context.Background(), g, "x")
		if err != nil || r.GroupID != g || (g == "a") != (r.Facts == 3) {
			t.Errorf("Report(%s, x) = %+v, %v; want group %s's own report", g, r, err, g)
		}
	}
}

// sessionLeases behaves as etcd's mutex does for one host's session: an
// Acquire while this host holds the group's lease succeeds again, and the
// first Release ends the hold. It records such double takes.
type sessionLeases struct {
	mu       sync.Mutex
	held     map[string]bool
	acquires int
	doubles  int
}

type sessionLease struct {
	l     *sessionLeases
	group string
}

func (s *sessionLeases) Acquire(_ context.Context, group string) (core.Lease, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.acquires++
	if s.held[group] {
		s.doubles++
	}
	s.held[group] = true
	return sessionLease{s, group}, true, nil
}

func (l sessionLease) Lost() <-chan struct{} { return nil }

func (l sessionLease) Release(context.Context) error {
	l.l.mu.Lock()
	defer l.l.mu.Unlock()
	delete(l.l.held, l.group)
	return nil
}

// TestLeaseSharedOnOneHost checks that the users of a group's lease on one
// host (its ingestion worker, writes) share one hold: the coordination
// service is asked once while any of them holds it, and the lease is given
// back when the last one is done, also when many take and give it back at
// once.
func TestLeaseSharedOnOneHost(t *testing.T) {
	ls := &sessionLeases{held: map[string]bool{}}
	e, err := Open(context.Background(), Options{
		Store: episodeStore{eps: map[string]core.Episode{}}, Embedder: zeroEmbedder{}, Plugins: noPlugins{}, Leases: ls,
		Now: func() time.Time { return time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC) }, Ingest: IngestOptions{Workers: -1},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(context.Background())
	_, rel1, ok1, err1 := e.q.acquire("g")
	_, rel2, ok2, err2 := e.q.acquire("g")
	if !ok1 || !ok2 || err1 != nil || err2 != nil {
		t.Fatalf("acquire twice on one host = %v %v, %v %v; want both held", ok1, err1, ok2, err2)
	}
	rel1()
	rel1() // a second call of one release does nothing
	if ls.acquires != 1 || !ls.held["g"] {
		t.Fatalf("after two takes and one give-back: %d acquisitions, held %v; want 1, held", ls.acquires, ls.held["g"])
	}
	rel2()
	if ls.held["g"] {
		t.Fatal("the lease is still held after its last user gave it back")
	}
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			unlock, err := e.lockGroup(context.Background(), "g")
			if err != nil {
				t.Error(err)
				return
			}
			runtime.Gosched()
			unlock()
		})
	}
	wg.Wait()
	if ls.doubles != 0 || ls.held["g"] {
		t.Errorf("after 50 concurrent writers: %d acquisitions while held, held at the end %v; want 0, false", ls.doubles, ls.held["g"])
	}
}

// TestDueGroups checks that the dispatcher starts no worker for a group
// whose first pending episode waits for its retry: that worker would find
// nothing due and wake the dispatcher again, a busy loop until the retry.
func TestDueGroups(t *testing.T) {
	now := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	e, err := Open(context.Background(), Options{
		Store: episodeStore{eps: map[string]core.Episode{}}, Embedder: zeroEmbedder{}, Plugins: noPlugins{},
		Now: func() time.Time { return now }, Ingest: IngestOptions{Workers: -1},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(context.Background())
	q := e.q
	q.mu.Lock()
	q.pending["waiting"] = []core.Episode{{UUID: "a", GroupID: "waiting"}, {UUID: "b", GroupID: "waiting"}}
	q.pending["due"] = []core.Episode{{UUID: "c", GroupID: "due"}}
	q.pending["retried"] = []core.Episode{{UUID: "d", GroupID: "retried"}}
	q.pending["empty"] = nil
	q.retryAt[episodeKey{"waiting", "a"}] = now.Add(time.Hour)
	q.retryAt[episodeKey{"retried", "d"}] = now.Add(-time.Second)
	q.mu.Unlock()
	got := q.dueGroups(func() time.Time { return now })
	slices.Sort(got)
	if want := []string{"due", "retried"}; !slices.Equal(got, want) {
		t.Errorf("dueGroups = %v, want %v", got, want)
	}
	if got := q.dueGroups(func() time.Time { return now.Add(2 * time.Hour) }); len(got) != 3 {
		t.Errorf("dueGroups an hour after the retry = %v, want all three groups with episodes", got)
	}
}

// TestOthersWaiting checks what a batch asks before it groups its writes
// (ingest.Deps.Shared): another group counts while it has a short backlog
// in progress or due, and not while its next episode waits for a retry,
// nor while it floods.
func TestOthersWaiting(t *testing.T) {
	q, now, tick := queueAt(t)
	set := func(f func()) {
		q.mu.Lock()
		defer q.mu.Unlock()
		f()
	}
	var flood []core.Episode
	for i := range lightBacklog + 1 {
		flood = append(flood, core.Episode{UUID: fmt.Sprint("f", i), GroupID: "a"})
	}
	set(func() {
		q.pending["a"] = flood
		q.pending["b"] = []core.Episode{{UUID: "2", GroupID: "b"}}
		q.pending["c"] = nil
		q.retryAt[episodeKey{"b", "2"}] = now.Add(time.Minute)
	})
	if q.othersWaiting("a") {
		t.Error("othersWaiting(a) with b waiting for its retry = true, want false")
	}
	if q.othersWaiting("b") {
		t.Error("othersWaiting(b) with a flooding = true, want false")
	}
	set(func() { q.running["b"] = true })
	if !q.othersWaiting("a") {
		t.Error("othersWaiting(a) with b's retry in progress = false, want true")
	}
	set(func() { delete(q.running, "b") })
	tick(2 * time.Minute)
	if !q.othersWaiting("a") {
		t.Error("othersWaiting(a) with b's retry due = false, want true")
	}
	set(func() { q.pending["a"] = flood[:lightBacklog] })
	if !q.othersWaiting("b") {
		t.Error("othersWaiting(b) with a's backlog short = false, want true")
	}
}

// TestOthersRecent checks what keeps a batch writing each episode on its
// own after another group's message is done (ingest.Deps.Recent): a
// group queued with a short backlog counts for recentLight after its last
// episode was queued or finished, and not after; a flood queued in one
// request never counts, not even when its last episodes finish; a group
// never counts for itself.
func TestOthersRecent(t *testing.T) {
	q, _, tick := queueAt(t)
	var flood []core.Episode
	for i := range lightBacklog + 1 {
		flood = append(flood, core.Episode{UUID: fmt.Sprint("f", i), GroupID: "a"})
	}
	q.add(flood)
	if q.othersRecent("b") {
		t.Error("othersRecent(b) with a flood of a queued = true, want false")
	}
	for _, ep := range flood {
		q.finish(EpisodeReport{UUID: ep.UUID, GroupID: "a", Status: core.EpisodeDone})
	}
	if q.othersRecent("b") {
		t.Error("othersRecent(b) after a's flood finished = true, want false")
	}

	q.add([]core.Episode{{UUID: "1", GroupID: "b"}})
	if !q.othersRecent("a") {
		t.Error("othersRecent(a) with b's message queued = false, want true")
	}
	if q.othersRecent("b") {
		t.Error("othersRecent(b) with only b's message queued = true, want false")
	}
	tick(recentLight - time.Second)
	q.finish(EpisodeReport{UUID: "1", GroupID: "b", Status: core.EpisodeDone})
	tick(recentLight - time.Second)
	if !q.othersRecent("a") {
		t.Error("othersRecent(a) within recentLight of b's message finishing = false, want true")
	}
	tick(2 * time.Second)
	if q.othersRecent("a") {
		t.Error("othersRecent(a) past recentLight after b's message = true, want false")
	}
}

// queueAt returns the queue of an engine without workers whose clock
// starts at now and moves only by tick.
func queueAt(t *testing.T) (q *queue, now time.Time, tick func(time.Duration)) {
	t.Helper()
	now = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	at := now
	e, err := Open(context.Background(), Options{
		Store: episodeStore{eps: map[string]core.Episode{}}, Embedder: zeroEmbedder{}, Plugins: noPlugins{},
		Now:    func() time.Time { mu.Lock(); defer mu.Unlock(); return at },
		Ingest: IngestOptions{Workers: -1},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(context.Background()) })
	return e.q, now, func(d time.Duration) { mu.Lock(); defer mu.Unlock(); at = at.Add(d) }
}
