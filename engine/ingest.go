package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/budget"
)

// IngestResult is the outcome of storing one episode.
type IngestResult struct {
	UUID string
	// Created is false when the episode was already stored (a re-send).
	Created bool
	// Requeued is true when a re-sent episode had failed and is queued
	// again (see Retry).
	Requeued bool
}

// Ingest validates episodes, stores them as pending before any extraction,
// and queues them. It returns once they are stored; extraction happens in
// the background (Wait blocks until it is done). An episode without a UUID
// gets one; re-sending an episode with the same UUID and content is a
// no-op, unless the episode had failed: then it is queued again, as Retry
// does. The same UUID with other content is ErrConflict. If any episode is
// invalid, none is stored. An episode with LearnedAtReference is recorded
// as learned at its reference time (core.Episode.LearnedAt), and refused
// (ErrInvalid) where that would come before what its group already knows.
// Episodes over a budget of their group or of the key in ctx
// (budget.WithKey) are refused, all of them, with a *core.BudgetError
// (core.ErrBudget); a re-sent episode is checked like a new one and
// refunded once found stored already. Episodes admitted
// already (AdmitEpisodes) are not counted again.
func (e *Engine) Ingest(ctx context.Context, eps []core.Episode) (_ []IngestResult, err error) {
	// counted holds what the budgets counted for this call, to be
	// refunded if nothing is stored.
	var counted []core.Episode
	if budget.IsAdmitted(ctx) {
		counted = eps
	}
	defer func() {
		if err != nil && counted != nil {
			e.budget.Refund(ctx, counted)
		}
	}()
	if err := e.checkOpen(); err != nil {
		return nil, err
	}
	now := e.now()
	in := make([]core.Episode, len(eps))
	for i, ep := range eps {
		if ep.UUID == "" {
			ep.UUID = core.NewID(now)
		}
		if ep.Name == "" {
			ep.Name = fmt.Sprintf("%s %s", ep.Source, ep.ValidAt.UTC().Format(time.RFC3339))
		}
		ep.CreatedAt, ep.Status, ep.Attempts, ep.Error, ep.Embedding = now, core.EpisodePending, 0, "", nil
		if ep.LearnedAtReference {
			ep.CreatedAt = ep.ValidAt
		}
		if err := ep.Validate(e.ingest.MaxContentBytes); err != nil {
			return nil, fmt.Errorf("episode %d: %w", i, err)
		}
		// The class is stored as resolved, so that a later change of the
		// default does not rewrite who wrote an episode.
		ep.Trust = e.trust.Class(ep.Trust)
		if !e.trust.Known(ep.Trust) {
			return nil, fmt.Errorf("%w: episode %d: unknown source class %q", core.ErrInvalid, i, ep.Trust)
		}
		in[i] = ep
	}
	if err := e.checkReplay(ctx, in, now); err != nil {
		return nil, err
	}
	// The budgets admit the request whole or refuse it whole
	// (core.ErrBudget), before anything is stored.
	if counted == nil {
		if err := e.budget.Admit(ctx, in); err != nil {
			return nil, err
		}
		counted = in
	}
	// Until the new episodes are queued, no read of the store's pending
	// list may see them (queue.intake).
	e.q.intake.RLock()
	e.q.storing.Add(1)
	created, err := e.store.AddEpisodes(ctx, in)
	if err != nil {
		e.q.storing.Add(-1)
		e.q.intake.RUnlock()
		return nil, err
	}
	var fresh, resent []core.Episode
	out := make([]IngestResult, len(in))
	for i, ep := range in {
		out[i] = IngestResult{UUID: ep.UUID, Created: created[i]}
		if created[i] {
			fresh = append(fresh, ep)
		} else {
			resent = append(resent, ep)
		}
	}
	e.q.add(fresh)
	e.q.storing.Add(-1)
	e.q.intake.RUnlock()
	// Stored: what follows refunds nothing more, and a re-send costs
	// nothing.
	counted = nil
	e.budget.Refund(ctx, resent)
	if len(resent) > 0 {
		requeued, err := e.requeueResent(ctx, resent)
		if err != nil {
			return nil, err
		}
		for i := range out {
			out[i].Requeued = requeued[out[i].UUID]
		}
	}
	return out, nil
}

// AdmitEpisodes counts episodes against their budgets now, for a surface
// that writes something of its own for them (Zep's message records)
// before Ingest and must not write it for episodes the budgets refuse. It
// returns the context to call Ingest with, which does not count them
// again, and the refund to call if the surface stops before Ingest.
func (e *Engine) AdmitEpisodes(ctx context.Context, eps []core.Episode) (context.Context, func(), error) {
	if err := e.budget.Admit(ctx, eps); err != nil {
		return ctx, func() {}, err
	}
	return budget.Admitted(ctx), func() { e.budget.Refund(ctx, eps) }, nil
}
