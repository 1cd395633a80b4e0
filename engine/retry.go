package engine

import (
	"context"
	"fmt"
	"slices"

	"github.com/mnemohq/mnemo/core"
)

// A failed episode is the queue's dead letter: it is kept whole, with its
// last error and the number of attempts it used. Retry, or a re-send of
// the same episode (same uuid and content), makes it pending again with
// its attempts reset to zero, and the queue processes it in its place in
// reference-time order. Its last error is kept until it is processed
// again (a success clears it, a new failure replaces it), so a listing of
// pending episodes shows which ones are retries and why they had failed.

// requeueBatch bounds the episodes one retry transaction writes.
const requeueBatch = 256

// ListEpisodes lists a group's episodes by reference time, then uuid.
// opts.Status keeps the episodes of one status: EpisodeFailed lists the
// dead letters with their error and attempts.
func (e *Engine) ListEpisodes(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Episode], error) {
	if opts.Status != "" && !opts.Status.Valid() {
		return core.Page[core.Episode]{}, invalidf("episode status %q: want pending, done or failed", opts.Status)
	}
	if err := e.listable(group, core.ScopeEpisodes, &opts); err != nil {
		return core.Page[core.Episode]{}, err
	}
	p, err := e.store.ListEpisodes(ctx, group, opts)
	if err != nil {
		return core.Page[core.Episode]{}, err
	}
	p.Items = core.KeepGroups(e.log, []string{group}, p.Items, "episode", func(x core.Episode) (string, string) { return x.GroupID, x.UUID })
	return p, nil
}

// Retry queues failed episodes of a group again: those named by uuids, or
// every failed episode of the group when uuids is empty. Each becomes
// pending with no attempts used, keeping its last error until it is
// processed again. Retry returns the reports of the named episodes, or of
// the episodes it queued again, all pending.
//
// A named episode that is already pending is left as it is; a named
// episode that is done is ErrConflict, an unknown one ErrNotFound, and
// then nothing is queued. Retry waits for the group's worker between two
// episodes, as deletes do.
func (e *Engine) Retry(ctx context.Context, group string, uuids ...string) ([]EpisodeReport, error) {
	if err := e.checkOpen(); err != nil {
		return nil, err
	}
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	unlock, err := e.lockGroup(ctx, group)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if len(uuids) == 0 {
		return e.retryAll(ctx, group)
	}
	uuids = unique(uuids)
	eps, err := e.store.Episodes(ctx, []string{group}, uuids, core.GetOptions{})
	if err != nil {
		return nil, fmt.Errorf("read episodes: %w", err)
	}
	byUUID := map[string]core.Episode{}
	for _, ep := range eps {
		byUUID[ep.UUID] = ep
	}
	var failed []core.Episode
	for _, id := range uuids {
		ep, ok := byUUID[id]
		switch {
		case !ok:
			return nil, fmt.Errorf("episode %s: %w", id, core.ErrNotFound)
		case ep.Status == core.EpisodeDone:
			return nil, fmt.Errorf("%w: episode %s is done; only failed episodes are retried", core.ErrConflict, id)
		case ep.Status == core.EpisodeFailed:
			failed = append(failed, ep)
		}
	}
	if err := e.requeue(ctx, failed); err != nil {
		return nil, err
	}
	for _, ep := range failed {
		byUUID[ep.UUID] = ep
	}
	out := make([]EpisodeReport, len(uuids))
	for i, id := range uuids {
		out[i] = storedReport(byUUID[id])
	}
	return out, nil
}

// retryAll queues every failed episode of a group again, a page at a time;
// the caller holds the group's lock.
func (e *Engine) retryAll(ctx context.Context, group string) ([]EpisodeReport, error) {
	var out []EpisodeReport
	opts := core.ListOptions{Limit: requeueBatch, Status: core.EpisodeFailed}
	for {
		// The cursor is a position in (reference time, uuid) order, so
		// the rows this loop turns pending do not move it.
		page, err := e.store.ListEpisodes(ctx, group, opts)
		if err != nil {
			return out, fmt.Errorf("list failed episodes: %w", err)
		}
		if err := e.requeue(ctx, page.Items); err != nil {
			return out, err
		}
		for _, ep := range page.Items {
			out = append(out, storedReport(ep))
		}
		if page.Next == "" {
			return out, nil
		}
		opts.Cursor = page.Next
	}
}

// requeueResent queues again the episodes of a re-send that were stored
// as failed; the others are left as they are. It returns the uuids it
// queued again.
func (e *Engine) requeueResent(ctx context.Context, eps []core.Episode) (map[string]bool, error) {
	byGroup := map[string][]string{}
	for _, ep := range eps {
		byGroup[ep.GroupID] = append(byGroup[ep.GroupID], ep.UUID)
	}
	done := map[string]bool{}
	for group, uuids := range byGroup {
		stored, err := e.store.Episodes(ctx, []string{group}, uuids, core.GetOptions{})
		if err != nil {
			return nil, fmt.Errorf("read re-sent episodes: %w", err)
		}
		if !slices.ContainsFunc(stored, isFailed) {
			continue // the common case: no lock taken
		}
		if err := func() error {
			unlock := e.q.lock(group)
			defer unlock()
			// Read again under the lock: a delete may have come between.
			stored, err := e.store.Episodes(ctx, []string{group}, uuids, core.GetOptions{})
			if err != nil {
				return fmt.Errorf("read re-sent episodes: %w", err)
			}
			failed := slices.DeleteFunc(stored, func(ep core.Episode) bool { return !isFailed(ep) })
			if err := e.requeue(ctx, failed); err != nil {
				return err
			}
			for _, ep := range failed {
				done[ep.UUID] = true
			}
			return nil
		}(); err != nil {
			return nil, err
		}
	}
	return done, nil
}

// unique returns ids without repeats, in their first order.
func unique(ids []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func isFailed(ep core.Episode) bool { return ep.Status == core.EpisodeFailed }

// requeue stores failed episodes as pending with no attempts used, in
// transactions of requeueBatch, and queues each batch once it is written,
// so the queue never holds an episode the store does not call pending.
// It updates eps in place. The caller holds the group's lock.
func (e *Engine) requeue(ctx context.Context, eps []core.Episode) error {
	for i := range eps {
		eps[i].Status, eps[i].Attempts, eps[i].Embedding = core.EpisodePending, 0, nil
	}
	for batch := range slices.Chunk(eps, requeueBatch) {
		if err := e.applyRetrying(ctx, core.Change{Episodes: batch}); err != nil {
			return fmt.Errorf("queue failed episodes again: %w", err)
		}
		e.q.requeue(batch)
	}
	return nil
}

// storedReport is the report of an episode as stored, before this process
// worked on it.
func storedReport(ep core.Episode) EpisodeReport {
	return EpisodeReport{UUID: ep.UUID, GroupID: ep.GroupID, Status: ep.Status, Error: ep.Error, Attempts: ep.Attempts, Warnings: ep.Warnings}
}
