package engine

import (
	"context"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"

	"github.com/mnemohq/mnemo/engine/evolve"
)

// Evolution (importance, decay, archive, consolidation, merges) is the
// Evolver's; the engine checks the requests and hands them over.

// Evolve merges the near-duplicates resolution missed, then scores every
// entity and fact of group by importance, archives what went unused and
// restores what is important again. See Evolver.Evolve.
func (e *Engine) Evolve(ctx context.Context, group string, opts evolve.Options) (evolve.Report, error) {
	return e.evolver.Evolve(ctx, group, opts)
}

// EvolveReports returns the kept reports of group's Evolve runs, oldest
// first.
func (e *Engine) EvolveReports(ctx context.Context, group string) ([]evolve.Report, error) {
	return e.evolver.Reports(ctx, group)
}

// Consolidate merges the entities and facts of group that resolution kept
// apart but are one. See Evolver.Consolidate.
func (e *Engine) Consolidate(ctx context.Context, group string, opts evolve.ConsolidateOptions) (evolve.ConsolidateReport, error) {
	if err := e.readable(group); err != nil {
		return evolve.ConsolidateReport{Group: group, DryRun: opts.DryRun}, err
	}
	return e.evolver.Consolidate(ctx, group, opts)
}

// Unmerge undoes a merge made by Consolidate, named by the uuid of the
// entity merged away or, for a merge of duplicate facts, of the fact it
// made. See
// Evolver.Unmerge.
func (e *Engine) Unmerge(ctx context.Context, group, uuid string, opts evolve.UnmergeOptions) (evolve.UnmergeReport, error) {
	if err := e.readable(group); err != nil {
		return evolve.UnmergeReport{Group: group, DryRun: opts.DryRun}, err
	}
	return e.evolver.Unmerge(ctx, group, uuid, opts)
}

// searched counts each fact and entity a search that started at start
// returned as an access, for importance.
func (e *Engine) searched(res *retrieval.Results, start time.Time) {
	for _, f := range res.Facts {
		e.evolver.Returned(f.GroupID, core.ScopeFacts, f.UUID, start)
	}
	for _, en := range res.Entities {
		e.evolver.Returned(en.GroupID, core.ScopeEntities, en.UUID, start)
	}
}
