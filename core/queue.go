package core

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// The ingestion queue is the Store itself: Ingest stores episodes as
// pending, and an episode becomes done in the same transaction that writes
// what was extracted from it. The queue in memory only schedules: a
// dispatcher finds groups with pending episodes and runs one worker per
// group (several groups at once), which processes the group's episodes in
// reference-time order. After a crash, Open finds the pending episodes and
// resumes them; nothing was half-applied, so nothing is applied twice.

// EpisodeReport says what became of an episode.
type EpisodeReport struct {
	UUID    string
	GroupID string
	Status  EpisodeStatus
	// Error is the last failure, if any; Attempts counts extraction
	// attempts so far.
	Error    string
	Attempts int
	// Entities and Facts count what the episode's extraction resolved to;
	// NewEntities and NewFacts those that did not exist before.
	Entities, NewEntities int
	Facts, NewFacts       int
	// Duplicates counts extracted facts merged into existing ones;
	// Invalidated counts facts retired by this episode.
	Duplicates, Invalidated int
	// Usage is what the episode cost in LLM and embedding calls, in all
	// and per prompt name.
	Usage    Usage
	ByPrompt map[string]Usage
	Warnings []string
	Duration time.Duration
}

type queue struct {
	e      *Engine
	wakeCh chan struct{}
	ctx    context.Context
	cancel context.CancelFunc

	mu      sync.Mutex
	running map[string]bool
	retryAt map[string]time.Time // episode uuid → earliest next attempt
	waiters map[string][]chan struct{}
	reports map[string]EpisodeReport
	order   []string // report keys, oldest first
	workers sync.WaitGroup
}

func newQueue(e *Engine) *queue {
	ctx, cancel := context.WithCancel(context.Background())
	return &queue{
		e: e, wakeCh: make(chan struct{}, 1), ctx: ctx, cancel: cancel,
		running: map[string]bool{}, retryAt: map[string]time.Time{},
		waiters: map[string][]chan struct{}{}, reports: map[string]EpisodeReport{},
	}
}

// wake asks the dispatcher to look for pending episodes now.
func (q *queue) wake() {
	select {
	case q.wakeCh <- struct{}{}:
	default:
	}
}

// stop ends the dispatcher; running workers finish their current episode.
func (q *queue) stop() { q.wake() }

// cancelAll interrupts running workers.
func (q *queue) cancelAll() { q.cancel() }

// dispatch runs until the engine closes. It polls once a second so that
// retries come due without a wake.
func (q *queue) dispatch() {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-q.e.closed:
			q.workers.Wait()
			return
		case <-q.wakeCh:
		case <-tick.C:
		}
		select {
		case <-q.e.closed:
			q.workers.Wait()
			return
		default:
		}
		groups, err := q.e.store.PendingGroups(q.ctx)
		if err != nil {
			if !canceled(err) {
				q.e.log.Error("list pending groups", "err", err)
			}
			continue
		}
		for _, g := range groups {
			q.mu.Lock()
			if q.running[g] || len(q.running) >= q.e.ingest.Workers {
				q.mu.Unlock()
				continue
			}
			q.running[g] = true
			q.mu.Unlock()
			q.workers.Add(1)
			go func() {
				defer q.workers.Done()
				q.work(g)
				q.mu.Lock()
				delete(q.running, g)
				q.mu.Unlock()
				q.wake()
			}()
		}
	}
}

// work processes a group's pending episodes until none is due.
func (q *queue) work(group string) {
	for {
		select {
		case <-q.e.closed:
			return
		default:
		}
		eps, err := q.e.store.PendingEpisodes(q.ctx, group, q.e.ingest.Batch)
		if err != nil {
			if !canceled(err) {
				q.e.log.Error("list pending episodes", "group", group, "err", err)
			}
			return
		}
		// Keep reference-time order: stop at the first episode waiting
		// for a retry.
		now := q.e.now()
		q.mu.Lock()
		due := eps[:0]
		for _, ep := range eps {
			if at, ok := q.retryAt[ep.UUID]; ok && now.Before(at) {
				break
			}
			due = append(due, ep)
		}
		q.mu.Unlock()
		if len(due) == 0 {
			return
		}
		for _, r := range q.e.processBatch(q.ctx, due) {
			q.finish(r)
		}
	}
}

// finish records a report and wakes the episode's waiters once it is done
// or failed. A report still pending schedules a retry.
func (q *queue) finish(r EpisodeReport) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if r.Status == EpisodePending {
		// The n-th failed attempt waits RetryDelay × 4^(n-1).
		d := q.e.ingest.RetryDelay
		for range max(r.Attempts, 1) - 1 {
			d *= 4
		}
		q.retryAt[r.UUID] = q.e.now().Add(d)
	} else {
		delete(q.retryAt, r.UUID)
	}
	if _, ok := q.reports[r.UUID]; !ok {
		q.order = append(q.order, r.UUID)
	}
	q.reports[r.UUID] = r
	for len(q.order) > q.e.ingest.Reports {
		delete(q.reports, q.order[0])
		q.order = q.order[1:]
	}
	if r.Status != EpisodePending {
		for _, ch := range q.waiters[r.UUID] {
			close(ch)
		}
		delete(q.waiters, r.UUID)
	}
}

// Report returns what became of an episode: the report of this process if
// it has one, else the stored status.
func (e *Engine) Report(ctx context.Context, group, uuid string) (EpisodeReport, error) {
	e.q.mu.Lock()
	r, ok := e.q.reports[uuid]
	e.q.mu.Unlock()
	if ok && r.GroupID == group {
		return r, nil
	}
	ep, err := e.store.Episode(ctx, []string{group}, uuid)
	if err != nil {
		return EpisodeReport{}, err
	}
	return EpisodeReport{UUID: ep.UUID, GroupID: ep.GroupID, Status: ep.Status, Error: ep.Error, Attempts: ep.Attempts}, nil
}

// Wait blocks until every episode is done or failed (or ctx ends) and
// returns their reports, in order.
func (e *Engine) Wait(ctx context.Context, group string, uuids ...string) ([]EpisodeReport, error) {
	out := make([]EpisodeReport, len(uuids))
	for i, id := range uuids {
		ch := make(chan struct{})
		e.q.mu.Lock()
		e.q.waiters[id] = append(e.q.waiters[id], ch)
		e.q.mu.Unlock()
		r, err := e.Report(ctx, group, id)
		if err != nil {
			return nil, err
		}
		if r.Status == EpisodePending {
			e.q.wake()
			select {
			case <-ch:
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-e.closed:
				return nil, fmt.Errorf("wait for episode %s: %w", id, ErrClosed)
			}
			if r, err = e.Report(ctx, group, id); err != nil {
				return nil, err
			}
		}
		out[i] = r
	}
	return out, nil
}
