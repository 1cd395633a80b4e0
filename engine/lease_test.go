package engine_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/core/memstore"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/evolve"
)

// coordinator hands out group leases to named hosts, as etcd would, and
// lets a test hold, release and expire them.
type coordinator struct {
	mu      sync.Mutex
	holder  map[string]*heldLease
	refused chan string // "host/group" on each refused Acquire
}

type heldLease struct {
	c     *coordinator
	group string
	host  string
	lost  chan struct{}
}

func (l *heldLease) Lost() <-chan struct{} { return l.lost }

func (l *heldLease) Release(context.Context) error {
	l.c.mu.Lock()
	defer l.c.mu.Unlock()
	if l.c.holder[l.group] == l {
		delete(l.c.holder, l.group)
	}
	return nil
}

func newCoordinator() *coordinator {
	return &coordinator{holder: map[string]*heldLease{}, refused: make(chan string, 1000)}
}

// hold gives the group's lease to a host outside the test's engines.
func (c *coordinator) hold(group string) *heldLease {
	c.mu.Lock()
	defer c.mu.Unlock()
	l := &heldLease{c: c, group: group, host: "outside", lost: make(chan struct{})}
	c.holder[group] = l
	return l
}

// expire ends the group's lease as a lost session does.
func (c *coordinator) expire(group string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if l := c.holder[group]; l != nil {
		close(l.lost)
		delete(c.holder, group)
	}
}

type hostLeases struct {
	c    *coordinator
	host string
}

func (h hostLeases) Acquire(_ context.Context, group string) (core.Lease, bool, error) {
	h.c.mu.Lock()
	defer h.c.mu.Unlock()
	if h.c.holder[group] != nil {
		select {
		case h.c.refused <- h.host + "/" + group:
		default:
		}
		return nil, false, nil
	}
	l := &heldLease{c: h.c, group: group, host: h.host, lost: make(chan struct{})}
	h.c.holder[group] = l
	return l, true, nil
}

// countingExtractor extracts one entity per episode, named by its content,
// and counts its calls per episode. block, when set, holds the first
// extraction of that content until the context ends.
type countingExtractor struct {
	mu      sync.Mutex
	calls   map[string]int
	block   string
	blocked chan struct{}
}

func (x *countingExtractor) Extract(ctx context.Context, req core.ExtractRequest) (core.Extraction, error) {
	x.mu.Lock()
	x.calls[req.Episode.UUID]++
	x.mu.Unlock()
	x.mu.Lock()
	block := x.block != "" && req.Episode.Content == x.block
	if block {
		x.block = ""
	}
	x.mu.Unlock()
	if block {
		close(x.blocked)
		<-ctx.Done()
		return core.Extraction{}, ctx.Err()
	}
	return core.Extraction{Entities: []core.ExtractedEntity{{Name: req.Episode.Content}}}, nil
}

func (x *countingExtractor) count(uuid string) int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.calls[uuid]
}

type extractorPlugins struct{ x core.Extractor }

func (p extractorPlugins) For(context.Context, string) (core.Plugins, error) {
	return core.Plugins{Extractor: p.x}, nil
}

// openHost opens an engine on a shared store as one host of several. Its
// clock advances a second at each reading, so that retries come due
// without the test waiting on the wall clock for them.
func openHost(t *testing.T, s core.Store, leases core.Leases, x core.Extractor) *engine.Engine {
	t.Helper()
	return openHostWith(t, s, leases, x, engine.IngestOptions{})
}

func openHostWith(t *testing.T, s core.Store, leases core.Leases, x core.Extractor, io engine.IngestOptions) *engine.Engine {
	t.Helper()
	io.RetryDelay, io.AdoptEvery = time.Millisecond, 50*time.Millisecond
	var tick atomic.Int64
	start := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	e, err := engine.Open(context.Background(), engine.Options{
		Store: s, Embedder: hashembed.New(s.Dimension()), Plugins: extractorPlugins{x}, Leases: leases,
		Now:    func() time.Time { return start.Add(time.Duration(tick.Add(1)) * time.Second) },
		Ingest: io,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(context.Background()) })
	return e
}

func ingest(t *testing.T, e *engine.Engine, group string, contents ...string) []string {
	t.Helper()
	var eps []core.Episode
	for i, c := range contents {
		eps = append(eps, core.Episode{GroupID: group, Name: c, Content: c, Source: core.SourceText,
			ValidAt: time.Date(2024, 1, 1+i, 0, 0, 0, 0, time.UTC)})
	}
	res, err := e.Ingest(context.Background(), eps)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range res {
		ids = append(ids, r.UUID)
	}
	return ids
}

// waitRefused waits until host has been refused group's lease.
func (c *coordinator) waitRefused(t *testing.T, host, group string) {
	t.Helper()
	timeout := time.After(time.Minute)
	for {
		select {
		case got := <-c.refused:
			if got == host+"/"+group {
				return
			}
		case <-timeout:
			t.Fatalf("%s never asked for the lease of %s", host, group)
		}
	}
}

func waitDone(t *testing.T, e *engine.Engine, group string, ids []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	reports, err := e.Wait(ctx, group, ids...)
	if err != nil {
		t.Fatalf("Wait: %v", err)
	}
	for _, r := range reports {
		if r.Status != core.EpisodeDone {
			t.Fatalf("episode %s is %s (%s), want done", r.UUID, r.Status, r.Error)
		}
	}
}

// TestLeaseHeldElsewhereWaits checks that a host does not ingest a group
// whose lease another host holds, and ingests it once the lease is free,
// while other groups proceed.
func TestLeaseHeldElsewhereWaits(t *testing.T) {
	ctx := context.Background()
	c := newCoordinator()
	x := &countingExtractor{calls: map[string]int{}}
	e := openHost(t, memstore.New(16), hostLeases{c, "a"}, x)
	outside := c.hold("g")
	ids := ingest(t, e, "g", "Alice", "Bob")
	other := ingest(t, e, "h", "Carol")
	c.waitRefused(t, "a", "g")
	waitDone(t, e, "h", other)
	for _, id := range ids {
		r, err := e.Report(ctx, "g", id)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != core.EpisodePending || x.count(id) != 0 {
			t.Fatalf("episode %s is %s after %d extractions while another host holds the lease", id, r.Status, x.count(id))
		}
	}
	if err := outside.Release(ctx); err != nil {
		t.Fatal(err)
	}
	waitDone(t, e, "g", ids)
	for _, id := range append(ids, other...) {
		if n := x.count(id); n != 1 {
			t.Errorf("episode %s extracted %d times, want 1", id, n)
		}
	}
}

// TestLeaseAnotherHostFinishes checks that the episodes a host stored and
// could not process (it closed, as a host that dies) are processed by
// another host sharing the store, once each.
func TestLeaseAnotherHostFinishes(t *testing.T) {
	ctx := context.Background()
	c := newCoordinator()
	s := memstore.New(16)
	x := &countingExtractor{calls: map[string]int{}}
	b := openHost(t, s, hostLeases{c, "b"}, x)
	// b has read the store's pending episodes (before any of a's) once it
	// has processed one of its own: it finds a's only by looking again.
	waitDone(t, b, "warm", ingest(t, b, "warm", "Erin"))
	a := openHost(t, s, hostLeases{c, "a"}, x)
	outside := c.hold("g")
	ids := ingest(t, a, "g", "Alice", "Bob", "Dan")
	c.waitRefused(t, "a", "g")
	if err := a.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if err := outside.Release(ctx); err != nil {
		t.Fatal(err)
	}
	waitDone(t, b, "g", ids)
	for _, id := range ids {
		if n := x.count(id); n != 1 {
			t.Errorf("episode %s extracted %d times, want 1", id, n)
		}
	}
}

// TestLeaseLostStopsIngestion checks that a host whose lease expires in
// the middle of an episode stops it, leaving it pending, and that it is
// then completed once, by whichever host takes the lease next; both hosts
// see it done.
func TestLeaseLostStopsIngestion(t *testing.T) {
	c := newCoordinator()
	s := memstore.New(16)
	x := &countingExtractor{calls: map[string]int{}, block: "Alice", blocked: make(chan struct{})}
	a := openHost(t, s, hostLeases{c, "a"}, x)
	ids := ingest(t, a, "g", "Alice")
	<-x.blocked
	c.expire("g")
	b := openHost(t, s, hostLeases{c, "b"}, x)
	waitDone(t, b, "g", ids)
	waitDone(t, a, "g", ids)
	if n := x.count(ids[0]); n != 2 {
		t.Errorf("the episode was extracted %d times, want 2: the interrupted attempt and the one that completed", n)
	}
}

// TestLeaseWritesWait checks that a write outside ingestion takes the
// group's lease: while another host holds it, a delete, a forget and an
// evolution run wait, then fail with ErrBusy and change nothing; once the
// lease is free they proceed, and give it back.
func TestLeaseWritesWait(t *testing.T) {
	ctx := context.Background()
	c := newCoordinator()
	x := &countingExtractor{calls: map[string]int{}}
	e := openHostWith(t, memstore.New(16), hostLeases{c, "a"}, x, engine.IngestOptions{LeaseWait: 20 * time.Millisecond})
	ids := ingest(t, e, "g", "Alice", "Bob")
	waitDone(t, e, "g", ids)
	outside := c.hold("g")
	writes := map[string]func() error{
		"DeleteEpisode": func() error { _, err := e.DeleteEpisode(ctx, "g", ids[0]); return err },
		"ForgetEpisode": func() error { _, err := e.ForgetEpisode(ctx, "g", ids[0]); return err },
		"Evolve":        func() error { _, err := e.Evolve(ctx, "g", evolve.Options{}); return err },
		"DeleteGroup":   func() error { _, err := e.DeleteGroup(ctx, "g"); return err },
	}
	for _, name := range []string{"DeleteEpisode", "ForgetEpisode", "Evolve", "DeleteGroup"} {
		if err := writes[name](); !errors.Is(err, core.ErrBusy) {
			t.Errorf("%s while another host holds the lease: error %v, want ErrBusy", name, err)
		}
	}
	if st, err := e.Store().Stats(ctx, "g"); err != nil || st.Episodes != 2 {
		t.Fatalf("group g after refused writes: %+v, %v; want its 2 episodes", st, err)
	}
	if err := outside.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := e.DeleteEpisode(ctx, "g", ids[0]); err != nil {
		t.Fatalf("DeleteEpisode once the lease is free: %v", err)
	}
	c.mu.Lock()
	held := c.holder["g"]
	c.mu.Unlock()
	if held != nil {
		t.Errorf("the lease of g is held by %s after the delete, want it given back", held.host)
	}
}
