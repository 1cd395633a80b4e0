package engine

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/budget"
)

// Budgets per tenant (engine/budget, docs/trust.md): Ingest admits episodes
// against their groups' budgets and the key's in its context
// (budget.WithKey); the queue counts the LLM tokens each episode's
// extraction spent. The day's counts of a group with a daily budget are
// kept in the store as a record of kind budgetRecordKind, written after each
// batch the group's worker processes and at Close, and read at Open.

// budgetRecordKind is the kind of the record holding a group's day counts.
const budgetRecordKind = "mnemo.budget"

// BudgetStats returns each group's admitted and refused episodes, bytes
// and tokens since the engine opened, by group id.
func (e *Engine) BudgetStats() []budget.Stats { return e.budget.Stats() }

// restoreBudgets reads the day counts saved by an earlier process.
func (e *Engine) restoreBudgets(ctx context.Context) error {
	if e.budgets == nil {
		return nil
	}
	rs, ok := e.store.(core.RecordStore)
	if !ok {
		return nil
	}
	recs, err := rs.Records(ctx, core.RecordQuery{Kind: budgetRecordKind, AllGroups: true})
	if err != nil {
		if errors.Is(err, core.ErrUnsupported) {
			return nil
		}
		return err
	}
	for _, r := range recs {
		var d budget.Day
		if err := json.Unmarshal(r.Data, &d); err != nil {
			e.log.Warn("skip an unreadable budget record", "group", r.GroupID, "err", err)
			continue
		}
		d.Group = r.GroupID
		e.budget.Restore(d)
	}
	return nil
}

// saveBudget writes a group's day counts if the group has a daily budget
// and they changed. A failure is logged: the counts stay in memory.
func (e *Engine) saveBudget(ctx context.Context, group string) {
	if e.budgets == nil {
		return
	}
	lim := e.budget.Limits(group)
	if lim.BytesPerDay == 0 && lim.TokensPerDay == 0 {
		return
	}
	d, changed := e.budget.DayOf(group)
	if !changed {
		return
	}
	rs, ok := e.store.(core.RecordStore)
	if !ok {
		return
	}
	data, err := json.Marshal(d)
	if err != nil {
		return
	}
	err = rs.PutRecords(ctx, []core.Record{{GroupID: group, Kind: budgetRecordKind, ID: "day", Data: data}})
	if err != nil && !canceled(err) && !errors.Is(err, core.ErrUnsupported) {
		e.log.Warn("save the day's budget counts", "group", group, "err", err)
	}
}

// saveBudgets writes the day counts of every group that changed (Close).
func (e *Engine) saveBudgets(ctx context.Context) {
	if e.budgets == nil {
		return
	}
	for _, s := range e.budget.Stats() {
		e.saveBudget(ctx, s.Group)
	}
}

// spent counts the tokens of an episode's report against its budgets.
func (e *Engine) spent(r EpisodeReport) {
	if !r.Counted {
		return
	}
	e.budget.Spend(r.GroupID, r.UUID, int64(r.Usage.PromptTokens+r.Usage.CompletionTokens), r.Status != core.EpisodePending)
}
