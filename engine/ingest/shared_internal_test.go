package ingest

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/core/memstore"
)

// applyLog records how many episodes each write of the store it wraps
// carried.
type applyLog struct {
	*memstore.Store
	mu    sync.Mutex
	sizes []int
}

func (s *applyLog) Apply(ctx context.Context, ch core.Change) error {
	s.mu.Lock()
	s.sizes = append(s.sizes, len(ch.Episodes))
	s.mu.Unlock()
	return s.Store.Apply(ctx, ch)
}

// addMeetings stores n pending episodes of group "a", a minute apart
// from ref, each saying that Ann met Bo, and returns them.
func addMeetings(t *testing.T, s core.Store, ref time.Time, n int) []core.Episode {
	t.Helper()
	var eps []core.Episode
	for i := range n {
		eps = append(eps, core.Episode{UUID: fmt.Sprintf("ep-%d", i), GroupID: "a", Source: core.SourceText,
			Content: fmt.Sprintf("Ann met Bo %d.", i), ValidAt: ref.Add(time.Duration(i) * time.Minute), CreatedAt: ref, Status: core.EpisodePending})
	}
	if _, err := s.AddEpisodes(context.Background(), eps); err != nil {
		t.Fatal(err)
	}
	return eps
}

// metExtractor finds that Ann met Bo in every episode.
type metExtractor struct{}

func (metExtractor) Extract(_ context.Context, req core.ExtractRequest) (core.Extraction, error) {
	return core.Extraction{
		Entities: []core.ExtractedEntity{{Name: "Ann", Type: "Person"}, {Name: "Bo", Type: "Person"}},
		Facts:    []core.ExtractedFact{{Source: "Ann", Target: "Bo", Relation: "MET", Text: req.Episode.Content}},
	}, nil
}

// TestSharedWriterWritesEachEpisode checks the group commit of a batch
// whose episodes are all prepared before resolution reaches them: alone,
// the batch is one transaction; while another group has episodes pending
// (Deps.Shared), or had a short answer a moment ago (Deps.Recent), each
// episode is its own, so that the other group's writes never wait behind
// the whole batch on the store's one writer.
func TestSharedWriterWritesEachEpisode(t *testing.T) {
	ref := time.Date(2024, 5, 1, 9, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name           string
		shared, recent bool
		want           []int
	}{
		{"alone", false, false, []int{4}},
		{"shared", true, false, []int{1, 1, 1, 1}},
		{"recent", false, true, []int{1, 1, 1, 1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			s := &applyLog{Store: memstore.New(16)}
			var asked []string
			pl := New(Options{MaxAttempts: 3, MaxExtractBytes: 1 << 16, MaxChunks: 4, MaxEntities: 50, MaxFacts: 50, MaxSummaryChars: 500}, Deps{
				Store: s, Embedder: hashembed.New(16), Now: func() time.Time { return ref },
				Logger: slog.New(slog.DiscardHandler), IDs: &core.IDSource{},
				Created:   func(string, core.Scope, string, time.Time) {},
				Mentioned: func(string, core.Scope, string, time.Time) {},
				Ingested:  func(context.Context, string, []string) error { return nil },
				Shared: func(group string) bool {
					asked = append(asked, group)
					return tt.shared
				},
				Recent: func(group string) bool {
					asked = append(asked, group)
					return tt.recent
				},
			})
			eps := addMeetings(t, s, ref, 4)
			// Every episode prepared before resolution starts: with an
			// extraction that names two people and their meeting.
			preps := make([]*prepared, len(eps))
			ready := make([]chan struct{}, len(eps))
			for i, ep := range eps {
				preps[i] = &prepared{ep: ep, meter: core.NewMeter(), start: ref, plugins: core.Plugins{Extractor: metExtractor{}}}
				if pl.prepare(ctx, preps[i]); preps[i].err != nil {
					t.Fatal(preps[i].err)
				}
				ready[i] = make(chan struct{})
				close(ready[i])
			}
			reports := pl.writeBatch(ctx, preps, ready)
			if len(reports) != len(eps) {
				t.Fatalf("writeBatch reported %d episodes, want %d", len(reports), len(eps))
			}
			for _, r := range reports {
				if r.Status != core.EpisodeDone {
					t.Fatalf("episode %s is %s (%s), want done", r.UUID, r.Status, r.Error)
				}
			}
			if !slices.Equal(s.sizes, tt.want) {
				t.Errorf("episodes per write = %v, want %v", s.sizes, tt.want)
			}
			if len(asked) == 0 || slices.ContainsFunc(asked, func(g string) bool { return g != "a" }) {
				t.Errorf("Shared and Recent asked of groups %v, want a only", asked)
			}
		})
	}
}

// fixedPlugins gives every group the same plugins.
type fixedPlugins core.Plugins

func (p fixedPlugins) For(context.Context, string) (core.Plugins, error) { return core.Plugins(p), nil }

// overlapExtractor records how many of its calls ran at once. A call
// waits until four are running (enough has come) or until a while has
// passed with fewer: alone, a batch's four workers meet at once; with one
// worker, each call waits out the while, since no other can come.
type overlapExtractor struct {
	metExtractor
	while time.Duration
	// entered, if set, is called as each extraction starts.
	entered func()
	mu      sync.Mutex
	cond    *sync.Cond
	now     int
	most    int
}

func (x *overlapExtractor) Extract(ctx context.Context, req core.ExtractRequest) (core.Extraction, error) {
	if x.entered != nil {
		x.entered()
	}
	x.mu.Lock()
	x.now++
	x.most = max(x.most, x.now)
	x.cond.Broadcast()
	// The timer says when the while is out; the clock is not read
	// again: a deadline read after the timer was set fell later than the
	// timer's broadcast, and the call then waited for ever.
	expired := false
	timer := time.AfterFunc(x.while, func() {
		x.mu.Lock()
		defer x.mu.Unlock()
		expired = true
		x.cond.Broadcast()
	})
	for x.most < 4 && !expired {
		x.cond.Wait()
	}
	timer.Stop()
	x.now--
	x.mu.Unlock()
	return x.metExtractor.Extract(ctx, req)
}

// overlapPipeline is a pipeline over s whose extractor is x, at ref, with
// shared as Deps.Shared.
func overlapPipeline(s core.Store, x core.Extractor, ref time.Time, shared func(string) bool) *Pipeline {
	return New(Options{MaxAttempts: 3, MaxExtractBytes: 1 << 16, MaxChunks: 4, MaxEntities: 50, MaxFacts: 50, MaxSummaryChars: 500}, Deps{
		Store: s, Embedder: hashembed.New(16), Now: func() time.Time { return ref },
		Plugins: fixedPlugins{Extractor: x},
		Logger:  slog.New(slog.DiscardHandler), IDs: &core.IDSource{},
		Created:   func(string, core.Scope, string, time.Time) {},
		Mentioned: func(string, core.Scope, string, time.Time) {},
		Ingested:  func(context.Context, string, []string) error { return nil },
		Shared:    shared,
	})
}

// TestSharedBatchPreparesOneAtATime checks that a batch prepares four
// episodes at once alone, and one at a time while another group waits on
// a short answer (Deps.Shared), so that a flood's extractions leave the
// cores to the other tenant's message.
func TestSharedBatchPreparesOneAtATime(t *testing.T) {
	ref := time.Date(2024, 5, 1, 9, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name   string
		shared bool
		while  time.Duration
		want   int
	}{
		// Alone the four calls meet long before the while is out.
		{"alone", false, 30 * time.Second, 4},
		// Shared, a second call would come within microseconds; each
		// of the eight calls waits 50 ms for one.
		{"shared", true, 50 * time.Millisecond, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			s := memstore.New(16)
			x := &overlapExtractor{while: tt.while}
			x.cond = sync.NewCond(&x.mu)
			pl := overlapPipeline(s, x, ref, func(string) bool { return tt.shared })
			eps := addMeetings(t, s, ref, 8)
			reports := pl.Process(ctx, eps)
			if len(reports) != len(eps) {
				t.Fatalf("Process reported %d episodes, want %d", len(reports), len(eps))
			}
			for _, r := range reports {
				if r.Status != core.EpisodeDone {
					t.Fatalf("episode %s is %s (%s), want done", r.UUID, r.Status, r.Error)
				}
			}
			if x.most != tt.want {
				t.Errorf("extractions at once = %d, want %d", x.most, tt.want)
			}
		})
	}
}

// TestBatchStartsWithOneExtraction checks that a batch does not start
// four extractions at once: a short answer that arrives as a flood's
// batch starts (Deps.Shared turns true 5 ms into its first extraction)
// finds one extraction of the flood's under way, and the batch goes on one
// at a time. Before, four workers took an episode each at the start. The
// batch adds a worker only when an episode is prepared here (rampAfter is
// an hour), so the 5 ms are not a race.
func TestBatchStartsWithOneExtraction(t *testing.T) {
	ref := time.Date(2024, 5, 1, 9, 0, 0, 0, time.UTC)
	ctx := context.Background()
	s := memstore.New(16)
	var shared atomic.Bool
	var first sync.Once
	x := &overlapExtractor{while: 50 * time.Millisecond, entered: func() {
		first.Do(func() {
			time.Sleep(5 * time.Millisecond)
			shared.Store(true)
		})
	}}
	x.cond = sync.NewCond(&x.mu)
	pl := overlapPipeline(s, x, ref, func(string) bool { return shared.Load() })
	pl.rampAfter = time.Hour
	eps := addMeetings(t, s, ref, 6)
	for _, r := range pl.Process(ctx, eps) {
		if r.Status != core.EpisodeDone {
			t.Fatalf("episode %s is %s (%s), want done", r.UUID, r.Status, r.Error)
		}
	}
	if x.most != 1 {
		t.Errorf("extractions at once = %d, want 1", x.most)
	}
}

// countingExtractor counts its calls.
type countingExtractor struct {
	metExtractor
	calls atomic.Int32
}

func (x *countingExtractor) Extract(ctx context.Context, req core.ExtractRequest) (core.Extraction, error) {
	x.calls.Add(1)
	return x.metExtractor.Extract(ctx, req)
}

// TestBatchGivesWay checks that a batch starts no extraction and no write
// while another group's short answer is being processed (Deps.GiveWay),
// and goes on when that changes (Deps.Changes) or, when it does not,
// after giveWayFor.
func TestBatchGivesWay(t *testing.T) {
	ref := time.Date(2024, 5, 1, 9, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name string
		// ends says whether the other group's answer ends while the
		// batch waits; if not, the batch goes on after giveWayFor.
		ends bool
	}{{"until the other answer is done", true}, {"at most giveWayFor", false}} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			s := &applyLog{Store: memstore.New(16)}
			x := &countingExtractor{}
			var served atomic.Bool
			served.Store(true)
			var mu sync.Mutex
			changed := make(chan struct{})
			// waiting receives a value each time the batch looks for
			// a change while the other answer is being processed.
			waiting := make(chan struct{}, 64)
			pl := overlapPipeline(s, x, ref, func(string) bool { return served.Load() })
			pl.giveWayTo = func(group string) bool {
				if group != "a" {
					t.Errorf("GiveWay asked of group %s, want a", group)
				}
				return served.Load()
			}
			pl.changes = func() <-chan struct{} {
				mu.Lock()
				defer mu.Unlock()
				if served.Load() {
					waiting <- struct{}{}
				}
				return changed
			}
			pl.giveWayFor = time.Hour
			if !tt.ends {
				pl.giveWayFor = 20 * time.Millisecond
			}
			eps := addMeetings(t, s, ref, 4)
			done := make(chan []Report)
			go func() { done <- pl.Process(ctx, eps) }()
			if tt.ends {
				<-waiting
				// The batch waits: nothing of it has started.
				if n := x.calls.Load(); n != 0 {
					t.Errorf("%d extractions while the other answer was processed, want 0", n)
				}
				s.mu.Lock()
				writes := len(s.sizes)
				s.mu.Unlock()
				if writes != 0 {
					t.Errorf("%d writes while the other answer was processed, want 0", writes)
				}
				mu.Lock()
				served.Store(false)
				close(changed)
				mu.Unlock()
			}
			reports := <-done
			if len(reports) != len(eps) {
				t.Fatalf("Process reported %d episodes, want %d", len(reports), len(eps))
			}
			for _, r := range reports {
				if r.Status != core.EpisodeDone {
					t.Fatalf("episode %s is %s (%s), want done", r.UUID, r.Status, r.Error)
				}
			}
		})
	}
}
