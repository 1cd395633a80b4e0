package engine_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/core/memstore"
	"github.com/mnemohq/mnemo/engine"
)

// readingStore is an in-memory store whose AddEpisodes and
// PendingEpisodes run a hook after the store's own work, once: the hook
// brings in what may happen in that instant.
type readingStore struct {
	*memstore.Store
	mu        sync.Mutex
	afterAdd  func()
	afterRead func()
	// beforeEpisodes runs before a read of episodes by id.
	beforeEpisodes func()
	written        chan struct{} // closed when an episode is first written done
	writtenOnce    sync.Once
}

func (s *readingStore) AddEpisodes(ctx context.Context, eps []core.Episode) ([]bool, error) {
	created, err := s.Store.AddEpisodes(ctx, eps)
	s.run(&s.afterAdd)
	return created, err
}

func (s *readingStore) PendingEpisodes(ctx context.Context, group string, limit int) ([]core.Episode, error) {
	eps, err := s.Store.PendingEpisodes(ctx, group, limit)
	s.run(&s.afterRead)
	return eps, err
}

func (s *readingStore) Episodes(ctx context.Context, groups, uuids []string, o core.GetOptions) ([]core.Episode, error) {
	s.run(&s.beforeEpisodes)
	return s.Store.Episodes(ctx, groups, uuids, o)
}

func (s *readingStore) Apply(ctx context.Context, ch core.Change) error {
	err := s.Store.Apply(ctx, ch)
	for _, ep := range ch.Episodes {
		if err == nil && ep.Status == core.EpisodeDone {
			s.writtenOnce.Do(func() { close(s.written) })
		}
	}
	return err
}

// run calls the hook *f once, if set.
func (s *readingStore) run(f *func()) {
	s.mu.Lock()
	hook := *f
	*f = nil
	s.mu.Unlock()
	if hook != nil {
		hook()
	}
}

// gatedExtractor counts its calls and holds each until gate is closed;
// entered gets a value at each call.
type gatedExtractor struct {
	gate    chan struct{}
	entered chan struct{}
	mu      sync.Mutex
	calls   int
}

func newGatedExtractor() *gatedExtractor {
	return &gatedExtractor{gate: make(chan struct{}), entered: make(chan struct{}, 8)}
}

func (x *gatedExtractor) Extract(ctx context.Context, req core.ExtractRequest) (core.Extraction, error) {
	x.mu.Lock()
	x.calls++
	x.mu.Unlock()
	x.entered <- struct{}{}
	select {
	case <-x.gate:
	case <-ctx.Done():
		return core.Extraction{}, ctx.Err()
	}
	return core.Extraction{Entities: []core.ExtractedEntity{{Name: "Alice"}}}, nil
}

func (x *gatedExtractor) count() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.calls
}

func openReading(t *testing.T, x core.Extractor) (*engine.Engine, *readingStore) {
	t.Helper()
	s := &readingStore{Store: memstore.New(16), written: make(chan struct{})}
	e, err := engine.Open(context.Background(), engine.Options{
		Store: s, Embedder: hashembed.New(s.Dimension()), Plugins: extractorPlugins{x},
		Now: func() time.Time { return time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC) },
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(context.Background()) })
	return e, s
}

// TestPendingReadDuringIngest checks that a read of the store's pending
// episodes made while Ingest stores an episode does not queue it a second
// time: the episode is extracted once. The read comes right after the
// episode is stored, before Ingest queues it; in the order this test
// guards against, it queued the episode, which was processed, and Ingest
// then queued it again. The test gives that order a quarter of a second
// to happen: the read now waits for Ingest instead.
func TestPendingReadDuringIngest(t *testing.T) {
	x := newGatedExtractor()
	close(x.gate)
	e, s := openReading(t, x)
	adopted := make(chan error, 1)
	s.afterAdd = func() {
		go func() { adopted <- e.Adopt() }()
		select {
		case <-s.written:
		case <-time.After(250 * time.Millisecond):
		}
	}
	ids := ingest(t, e, "g", "Alice is here.")
	if err := <-adopted; err != nil {
		t.Fatal(err)
	}
	waitDone(t, e, "g", ids)
	if n := e.Queued("g"); n != 0 {
		t.Errorf("%d episodes queued after the episode is done, want 0", n)
	}
	if n := x.count(); n != 1 {
		t.Errorf("the episode was extracted %d times, want 1", n)
	}
}

// TestPendingReadDuringFinish checks that a read of the store's pending
// episodes that saw an episode pending, which was finished before the
// read's result reached the queue, does not queue it again. The episode
// is being extracted when the read starts, and is finished as the read
// returns.
func TestPendingReadDuringFinish(t *testing.T) {
	x := newGatedExtractor()
	e, s := openReading(t, x)
	ids := ingest(t, e, "g", "Alice is here.")
	<-x.entered // the episode is being processed
	s.afterRead = func() {
		close(x.gate) // the read has seen the episode pending
		waitDone(t, e, "g", ids)
	}
	if err := e.Adopt(); err != nil {
		t.Fatal(err)
	}
	if n := e.Queued("g"); n != 0 {
		t.Errorf("%d episodes queued after the episode is done, want 0", n)
	}
	if n := x.count(); n != 1 {
		t.Errorf("the episode was extracted %d times, want 1", n)
	}
}

// TestReportCounted checks that a report says whether its counts are
// known: an episode left pending by an engine that closed is counted by
// the engine that processes it, and read back from the store by a later
// one without counts.
//
// The second engine is waited on before it has queued the episode, and
// the episode is written done while the wait reads the store: the wait
// must still return the counted report, not the stored one.
func TestReportCounted(t *testing.T) {
	ctx := context.Background()
	s := &readingStore{Store: memstore.New(16), written: make(chan struct{})}
	x := newGatedExtractor()
	close(x.gate)
	open := func(workers int) *engine.Engine {
		e, err := engine.Open(ctx, engine.Options{
			Store: s, Embedder: hashembed.New(s.Dimension()), Plugins: extractorPlugins{x},
			Now: func() time.Time { return time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC) }, Ingest: engine.IngestOptions{Workers: workers},
		})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	first := open(-1) // stores the episode and stops, as an interrupted run
	ids := ingest(t, first, "g", "Alice is here.")
	first.Close(ctx)

	release := make(chan struct{})
	s.afterRead = func() { <-release } // the second engine queues nothing yet
	s.beforeEpisodes = func() {
		close(release)
		<-s.written // the episode is done in the store before the wait reads it
	}
	second := open(0)
	reps, err := second.Wait(ctx, "g", ids...)
	second.Close(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if r := reps[0]; r.Status != core.EpisodeDone || !r.Counted || r.NewEntities != 1 {
		t.Errorf("report of the engine that processed it = %+v, want done, counted, 1 new entity", r)
	}

	third := open(-1)
	defer third.Close(ctx)
	r, err := third.Report(ctx, "g", ids[0])
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != core.EpisodeDone || r.Counted || r.NewEntities != 0 {
		t.Errorf("report read back from the store = %+v, want done, not counted, no counts", r)
	}
}
