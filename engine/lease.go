package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/ingest"
)

// Several hosts can serve one shared store (a Weaviate cluster). Ingesting
// a group from two of them at once would race: both read the same facts,
// both add a contradicting one, each invalidates what the other just wrote.
// With Options.Leases set, a host ingests a group only while it holds the
// group's lease, taken from a coordination service (etcd) that does the
// consensus; the store stays the queue. A host that finds the lease held
// leaves its episodes pending and tries again later; the holder, on taking
// the lease, first reads the group's pending episodes from the store, so it
// also processes those another host stored and could not finish (it died,
// or lost the lease). Searches and reads need no lease.

// leaseHolds shares the group leases a host holds among their users: the
// group's ingestion worker and the writes outside ingestion (deletes,
// forgets, merges, evolution, imports, retries). The coordination service
// knows one holder per host — etcd's mutex is keyed by the host's session,
// so a second acquisition from the same host would "succeed" too, and its
// release would end the first one's hold — so a host takes a group's lease
// once, counts its users, and gives it back when the last one is done.
type leaseHolds struct {
	mu     sync.Mutex
	held   map[string]*groupHold
	taking map[string]*sync.Mutex // serializes taking and giving back, per group
}

type groupHold struct {
	lease  core.Lease
	users  int
	ctx    context.Context
	cancel context.CancelFunc
}

// acquire takes the group's lease, or joins this host's hold of it,
// without waiting: ok is false when another host holds it. ctx ends when
// the lease is lost; release must be called once, when done.
func (q *queue) acquire(group string) (ctx context.Context, release func(), ok bool, err error) {
	h := &q.holds
	h.mu.Lock()
	if h.held == nil {
		h.held, h.taking = map[string]*groupHold{}, map[string]*sync.Mutex{}
	}
	tm := h.taking[group]
	if tm == nil {
		tm = &sync.Mutex{}
		h.taking[group] = tm
	}
	h.mu.Unlock()
	tm.Lock()
	defer tm.Unlock()
	h.mu.Lock()
	g := h.held[group]
	if g != nil {
		g.users++
	}
	h.mu.Unlock()
	if g == nil {
		lease, ok, err := q.e.leases.Acquire(q.ctx, group)
		if err != nil || !ok {
			return nil, nil, false, err
		}
		ctx, cancel := context.WithCancel(q.ctx)
		g = &groupHold{lease: lease, users: 1, ctx: ctx, cancel: cancel}
		go func() {
			select {
			case <-lease.Lost():
				q.e.log.Warn("group lease lost; its ingestion stops", "group", group)
				cancel()
			case <-ctx.Done():
			}
		}()
		h.mu.Lock()
		h.held[group] = g
		h.mu.Unlock()
	}
	var once sync.Once
	return g.ctx, func() {
		once.Do(func() {
			tm.Lock()
			defer tm.Unlock()
			h.mu.Lock()
			g.users--
			last := g.users == 0
			if last {
				delete(h.held, group)
			}
			h.mu.Unlock()
			if !last {
				return
			}
			g.cancel()
			rctx, done := context.WithTimeout(context.Background(), 5*time.Second)
			defer done()
			if err := g.lease.Release(rctx); err != nil {
				q.e.log.Warn("release group lease", "group", group, "err", err)
			}
		})
	}, true, nil
}

// takeLease takes the group's lease for a worker. It returns a context
// that ends when the lease is lost and the release to call when done; ok
// is false when the group must wait (another host holds it, or the
// coordination service failed), and its due episodes are put off by
// RetryDelay so that the dispatcher does not spin on them.
func (q *queue) takeLease(group string, due []core.Episode) (ctx context.Context, release func(), ok bool) {
	ctx, release, ok, err := q.acquire(group)
	if err != nil && !canceled(err) {
		q.e.log.Warn("take group lease", "group", group, "err", err)
	}
	if err != nil || !ok {
		at := q.e.now().Add(q.e.ingest.RetryDelay)
		q.mu.Lock()
		for _, ep := range due {
			q.retryAt[episodeKey{group, ep.UUID}] = at
		}
		q.mu.Unlock()
		return nil, nil, false
	}
	return ctx, release, true
}

// lockGroup gives a write outside ingestion the group to itself: with
// leases, the group's lease (waiting up to IngestOptions.LeaseWait while
// another host holds it, then ErrBusy), and this host's lock of the group,
// which its ingestion worker takes for each batch. unlock gives both back.
func (e *Engine) lockGroup(ctx context.Context, group string) (unlock func(), err error) {
	release := func() {}
	if e.leases != nil {
		wait := time.NewTimer(e.ingest.LeaseWait)
		defer wait.Stop()
		poll := time.NewTicker(min(e.ingest.LeaseWait/10+time.Millisecond, 250*time.Millisecond))
		defer poll.Stop()
		for {
			_, rel, ok, err := e.q.acquire(group)
			if err != nil {
				return nil, fmt.Errorf("take the lease of group %s: %w: %w", group, core.ErrUnavailable, err)
			}
			if ok {
				release = rel
				break
			}
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-wait.C:
				return nil, fmt.Errorf("group %s is being written by another host (it holds the group's lease): %w", group, core.ErrBusy)
			case <-poll.C:
			}
		}
	}
	local := e.q.lock(group)
	return func() {
		local()
		release()
	}, nil
}

// syncPending makes the queue's pending episodes of a group those the
// store holds as pending, once the group's lease is held: episodes other
// hosts stored are added, and those another host finished (or deleted)
// meanwhile are reported from the store and dropped, which wakes their
// waiters here.
func (q *queue) syncPending(ctx context.Context, group string) error {
	var gone []core.Episode
	err := q.readPending(func() ([]core.Episode, error) {
		stored, err := q.e.store.PendingEpisodes(ctx, group, 1<<30)
		if err != nil {
			return nil, err
		}
		q.mu.Lock()
		defer q.mu.Unlock()
		for _, ep := range q.pending[group] {
			if !slices.ContainsFunc(stored, func(s core.Episode) bool { return s.UUID == ep.UUID }) {
				gone = append(gone, ep)
			}
		}
		return stored, nil
	})
	if err != nil {
		return err
	}
	for _, ep := range gone {
		now, err := ingest.EpisodeOf(ctx, q.e.store, []string{group}, ep.UUID)
		if errors.Is(err, core.ErrNotFound) {
			q.drop(group, ep.UUID)
			q.mu.Lock()
			k := episodeKey{group, ep.UUID}
			for _, ch := range q.waiters[k] {
				close(ch)
			}
			delete(q.waiters, k)
			q.mu.Unlock()
			continue
		}
		if err != nil {
			return err
		}
		q.finish(storedReport(now))
	}
	return nil
}

// adopt adds the store's pending episodes to the queue, for a host with
// leases: the pending episodes of a host that died are processed by the
// next host that looks, not only when the group gets a new episode.
func (q *queue) adopt() error {
	q.mu.Lock()
	q.loaded = false
	q.mu.Unlock()
	return q.load()
}
