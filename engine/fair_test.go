package engine_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/core/memstore"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/budget"
)

// orderExtractor holds each call until the test lets it go, and records
// the group of each call in order.
type orderExtractor struct {
	entered chan string
	release chan struct{}
	mu      sync.Mutex
	order   []string
}

func (x *orderExtractor) Extract(ctx context.Context, req core.ExtractRequest) (core.Extraction, error) {
	g := req.Episode.GroupID
	x.mu.Lock()
	x.order = append(x.order, g)
	x.mu.Unlock()
	x.entered <- g
	select {
	case <-x.release:
	case <-ctx.Done():
		return core.Extraction{}, ctx.Err()
	}
	return core.Extraction{}, nil
}

// TestQueueIsFairAcrossGroups checks that a group's flood queued ahead does
// not delay another group's next episode by more than one batch: with one
// worker taking one episode at a time, group b's episode, sent while group
// a's first of five is extracted, is extracted second. Before, the worker
// held group a until its flood was done, and b's episode came sixth. Group
// a sorts first, so the turn after a's batch is also not given by name.
func TestQueueIsFairAcrossGroups(t *testing.T) {
	x := &orderExtractor{entered: make(chan string, 16), release: make(chan struct{})}
	s := memstore.New(16)
	e, err := engine.Open(context.Background(), engine.Options{
		Store: s, Embedder: hashembed.New(s.Dimension()), Plugins: extractorPlugins{x},
		Now:    func() time.Time { return time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC) },
		Ingest: engine.IngestOptions{Workers: 1, Batch: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(context.Background())
	ctx := context.Background()
	ref := time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC)
	var flood []core.Episode
	for i := range 5 {
		flood = append(flood, core.Episode{GroupID: "a", Content: fmt.Sprintf("Alice said %d.", i), Source: core.SourceText, ValidAt: ref.Add(time.Duration(i) * time.Minute)})
	}
	if _, err := e.Ingest(ctx, flood); err != nil {
		t.Fatal(err)
	}
	if g := <-x.entered; g != "a" {
		t.Fatalf("first extraction of group %s, want a", g)
	}
	res, err := e.Ingest(ctx, []core.Episode{{GroupID: "b", Content: "Bob said hello.", Source: core.SourceText, ValidAt: ref}})
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		for range 6 {
			x.release <- struct{}{}
		}
	}()
	for range 5 {
		<-x.entered
	}
	if _, err := e.Wait(ctx, "b", res[0].UUID); err != nil {
		t.Fatal(err)
	}
	x.mu.Lock()
	order := append([]string(nil), x.order...)
	x.mu.Unlock()
	if want := []string{"a", "b", "a", "a", "a", "a"}; fmt.Sprint(order) != fmt.Sprint(want) {
		t.Errorf("extraction order = %v, want %v", order, want)
	}
}

// TestIngestBudget checks the budgets where episodes enter the engine: a
// request over a group's budget is refused whole with a BudgetError and
// stores nothing; another group is not held by it; the tokens an
// extraction spends (the usage in the episode's report) count against the
// group's daily budget.
func TestIngestBudget(t *testing.T) {
	now := time.Date(2024, 3, 1, 12, 0, 30, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	s := memstore.New(16)
	// The extractor waits for the gate, so the first minute's checks see
	// no tokens spent yet whatever the scheduler does: spent tokens would
	// refuse a's second request for the day, not for the minute.
	x := &spendingExtractor{tokens: 600, gate: make(chan struct{})}
	e, err := engine.Open(context.Background(), engine.Options{
		Store: s, Embedder: hashembed.New(s.Dimension()), Plugins: extractorPlugins{x}, Now: clock,
		Budgets: func(g string) budget.Limits {
			switch g {
			case "a":
				return budget.Limits{EpisodesPerMinute: 3, TokensPerDay: 1000}
			case "c":
				return budget.Limits{EpisodesPerMinute: 3}
			}
			return budget.Limits{}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(context.Background())
	ctx := context.Background()
	ep := func(g string, i int) core.Episode {
		return core.Episode{GroupID: g, Content: fmt.Sprintf("Alice met Bob %d.", i), Source: core.SourceText, ValidAt: now}
	}
	res, err := e.Ingest(ctx, []core.Episode{ep("a", 0), ep("a", 1)})
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.Ingest(ctx, []core.Episode{ep("a", 2), ep("a", 3)})
	var be *core.BudgetError
	if !errors.As(err, &be) || be.Kind != core.BudgetEpisodes || be.RetrySeconds() != 20 {
		t.Fatalf("Ingest over the budget = %v, want an episodes_per_minute BudgetError, retry in 20s (one episode at 3 a minute)", err)
	}
	close(x.gate)
	if eps, _ := s.PendingEpisodes(ctx, "a", 100); len(eps) > 2 {
		t.Errorf("the store holds %d episodes of a, want at most the 2 admitted: a refusal stored something", len(eps))
	}
	if _, err := e.Ingest(ctx, []core.Episode{ep("b", 0), ep("b", 1), ep("b", 2), ep("b", 3)}); err != nil {
		t.Fatalf("Ingest(b) = %v, want nil: a's budget is a's", err)
	}
	if _, err := e.Wait(ctx, "a", res[0].UUID, res[1].UUID); err != nil {
		t.Fatal(err)
	}
	// A re-send of a stored episode is counted back: group c has one
	// left of the minute's three after it, and no more.
	resC, err := e.Ingest(ctx, []core.Episode{ep("c", 0), ep("c", 1)})
	if err != nil {
		t.Fatal(err)
	}
	again := ep("c", 0)
	again.UUID = resC[0].UUID
	if _, err := e.Ingest(ctx, []core.Episode{again}); err != nil {
		t.Fatalf("re-send = %v, want nil", err)
	}
	if _, err := e.Ingest(ctx, []core.Episode{ep("c", 2)}); err != nil {
		t.Fatalf("Ingest after a re-send = %v, want nil: the re-send was counted", err)
	}
	if _, err := e.Ingest(ctx, []core.Episode{ep("c", 3)}); !errors.Is(err, core.ErrBudget) {
		t.Fatalf("a fourth episode of c = %v, want ErrBudget", err)
	}
	// 2 × 600 tokens spent: a's day is over, in the next minute too.
	mu.Lock()
	now = now.Add(time.Minute)
	mu.Unlock()
	_, err = e.Ingest(ctx, []core.Episode{ep("a", 4)})
	if !errors.As(err, &be) || be.Kind != core.BudgetTokens {
		t.Fatalf("Ingest with the day's tokens spent = %v, want a tokens_per_day BudgetError", err)
	}
	var a budget.Stats
	for _, st := range e.BudgetStats() {
		if st.Group == "a" {
			a = st
		}
	}
	if a.Admitted != 2 || a.Refused != 3 || a.Tokens < 1200 || a.Refusals[core.BudgetTokens] != 1 {
		t.Errorf("BudgetStats(a) = %+v, want 2 admitted, 3 refused, at least 1200 tokens", a)
	}
}

// spendingExtractor reports tokens of LLM usage on each call, as the
// LLM client does through the episode's Meter.
type spendingExtractor struct {
	tokens int
	gate   chan struct{} // closed when extraction may go on
}

func (x *spendingExtractor) Extract(ctx context.Context, req core.ExtractRequest) (core.Extraction, error) {
	select {
	case <-x.gate:
	case <-ctx.Done():
		return core.Extraction{}, ctx.Err()
	}
	core.MeterFrom(ctx).Add("extract", core.Usage{Calls: 1, PromptTokens: x.tokens})
	return core.Extraction{}, nil
}

// quietStore is a store that holds its upkeep while the engine is busy
// (core.QuietUpkeep): it keeps the engine's busy and reports, at each
// call of quiet, what busy said then.
type quietStore struct {
	*memstore.Store
	mu     sync.Mutex
	busy   func() bool
	quiets chan bool
}

func (s *quietStore) HoldUpkeepWhile(busy func() bool) func() {
	s.mu.Lock()
	s.busy = busy
	s.mu.Unlock()
	return func() { s.quiets <- busy() }
}

func (s *quietStore) isBusy() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.busy()
}

// TestQuietAfterIngestion checks what the engine tells a store that holds
// its upkeep for a quiet moment (core.QuietUpkeep, package kuzu's
// checkpoints): busy while an episode is extracted, then quiet once it is
// done and nothing else is due, and never busy once closed.
func TestQuietAfterIngestion(t *testing.T) {
	x := &orderExtractor{entered: make(chan string, 16), release: make(chan struct{})}
	s := &quietStore{Store: memstore.New(16), quiets: make(chan bool, 16)}
	e, err := engine.Open(context.Background(), engine.Options{
		Store: s, Embedder: hashembed.New(s.Dimension()), Plugins: extractorPlugins{x},
		Now: func() time.Time { return time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC) },
	})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(context.Background())
	if s.busy == nil {
		t.Fatal("the engine did not ask the store to hold its upkeep while busy")
	}
	if s.isBusy() {
		t.Error("busy with nothing ingested")
	}
	ctx := context.Background()
	ref := time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC)
	res, err := e.Ingest(ctx, []core.Episode{{GroupID: "a", Content: "Alice said hello.", Source: core.SourceText, ValidAt: ref}})
	if err != nil {
		t.Fatal(err)
	}
	<-x.entered
	if !s.isBusy() {
		t.Error("not busy while an episode is extracted")
	}
	select {
	case b := <-s.quiets:
		t.Fatalf("quiet (busy %v) while an episode is extracted", b)
	default:
	}
	x.release <- struct{}{}
	if _, err := e.Wait(ctx, "a", res[0].UUID); err != nil {
		t.Fatal(err)
	}
	select {
	case busy := <-s.quiets:
		if busy {
			t.Error("quiet said while busy")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("not quiet 10 s after the only episode was done")
	}
	// A flood is not waited for: no moment of it is quieter than another.
	var flood []core.Episode
	for i := range 5 {
		flood = append(flood, core.Episode{GroupID: "f", Content: fmt.Sprintf("Fay said %d.", i), Source: core.SourceText, ValidAt: ref.Add(time.Duration(i) * time.Minute)})
	}
	res, err = e.Ingest(ctx, flood)
	if err != nil {
		t.Fatal(err)
	}
	<-x.entered
	if s.isBusy() {
		t.Error("busy while a flood of 5 episodes is extracted")
	}
	go func() {
		x.release <- struct{}{}
		for range 4 {
			<-x.entered
			x.release <- struct{}{}
		}
	}()
	if _, err := e.Wait(ctx, "f", res[4].UUID); err != nil {
		t.Fatal(err)
	}
	// Closed with a message still pending (its extraction interrupted):
	// not busy.
	_, err = e.Ingest(ctx, []core.Episode{{GroupID: "a", Content: "Alice said bye.", Source: core.SourceText, ValidAt: ref.Add(time.Hour)}})
	if err != nil {
		t.Fatal(err)
	}
	<-x.entered
	if !s.isBusy() {
		t.Error("not busy while a message is extracted")
	}
	stopped, stop := context.WithCancel(ctx)
	stop()
	_ = e.Close(stopped)
	if s.isBusy() {
		t.Error("busy after Close")
	}
}
