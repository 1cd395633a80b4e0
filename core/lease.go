package core

import (
	"context"
	"errors"
	"slices"
	"time"
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

// Leases hands out per-group ingestion leases.
type Leases interface {
	// Acquire takes the lease on a group without waiting for it: ok is
	// false when another holder has it.
	Acquire(ctx context.Context, group string) (lease Lease, ok bool, err error)
}

// Lease is a held group lease.
type Lease interface {
	// Lost is closed when the lease ends without Release: the holder was
	// cut off from the coordination service long enough for its lease to
	// expire, and another host may take the group.
	Lost() <-chan struct{}
	// Release gives the lease back.
	Release(ctx context.Context) error
}

// takeLease takes the group's lease for a worker. It returns a context
// that ends when the lease is lost and the release to call when done; ok
// is false when the group must wait (another host holds it, or the
// coordination service failed), and its due episodes are put off by
// RetryDelay so that the dispatcher does not spin on them.
func (q *queue) takeLease(group string, due []Episode) (ctx context.Context, release func(), ok bool) {
	lease, ok, err := q.e.leases.Acquire(q.ctx, group)
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
	ctx, cancel := context.WithCancel(q.ctx)
	go func() {
		select {
		case <-lease.Lost():
			q.e.log.Warn("group lease lost; its ingestion stops", "group", group)
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		cancel()
		rctx, done := context.WithTimeout(context.Background(), 5*time.Second)
		defer done()
		if err := lease.Release(rctx); err != nil {
			q.e.log.Warn("release group lease", "group", group, "err", err)
		}
	}, true
}

// syncPending makes the queue's pending episodes of a group those the
// store holds as pending, once the group's lease is held: episodes other
// hosts stored are added, and those another host finished (or deleted)
// meanwhile are reported from the store and dropped, which wakes their
// waiters here.
func (q *queue) syncPending(ctx context.Context, group string) error {
	stored, err := q.e.store.PendingEpisodes(ctx, group, 1<<30)
	if err != nil {
		return err
	}
	q.mu.Lock()
	var gone []Episode
	for _, ep := range q.pending[group] {
		if !slices.ContainsFunc(stored, func(s Episode) bool { return s.UUID == ep.UUID }) {
			gone = append(gone, ep)
		}
	}
	for _, ep := range stored {
		q.addLocked(ep)
	}
	q.mu.Unlock()
	for _, ep := range gone {
		now, err := episodeOf(ctx, q.e.store, []string{group}, ep.UUID)
		if errors.Is(err, ErrNotFound) {
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
