package host

import (
	"context"
	"time"

	"github.com/mnemohq/mnemo/engine/evolve"
)

// RunEvolution runs evolution (engine.Engine.Evolve) on every group each time
// tick delivers, until ctx ends: one group at a time, so that a run never
// holds more than one group's write lock, and beside ingestion and search,
// which it does not stop. A group whose run fails is logged and the others
// go on; each run keeps its report (mnemo evolve --reports). mnemo serve
// calls it on evolve.every.
func (h *Host) RunEvolution(ctx context.Context, tick <-chan time.Time) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick:
		}
		h.evolveAll(ctx)
	}
}

// evolveAll runs evolution once on every group.
func (h *Host) evolveAll(ctx context.Context) {
	groups, err := h.Engine.Groups(ctx)
	if err != nil {
		h.Logger.Warn("evolve: list groups", "err", err)
		return
	}
	for _, g := range groups {
		if ctx.Err() != nil {
			return
		}
		rep, err := h.Engine.Evolve(ctx, g, evolve.Options{})
		if err != nil {
			h.Logger.Warn("evolve", "group", g, "err", err)
			continue
		}
		h.Logger.Info("evolved", "group", g, "scored", rep.Scored, "archived", len(rep.Archived), "restored", len(rep.Restored),
			"active_entities", rep.Active.Entities, "active_facts", rep.Active.Facts, "took", rep.Took)
	}
}
