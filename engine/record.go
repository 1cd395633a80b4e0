package engine

import (
	"context"
	"fmt"
	"slices"

	"github.com/mnemohq/mnemo/core"
)

// recordStore returns the store's RecordStore, or ErrUnsupported.
func (e *Engine) recordStore() (core.RecordStore, error) {
	if err := e.checkOpen(); err != nil {
		return nil, err
	}
	rs, ok := e.store.(core.RecordStore)
	if !ok {
		return nil, fmt.Errorf("records: %w", core.ErrUnsupported)
	}
	return rs, nil
}

// PutRecords stores records: all or none on a store with transactions,
// and on one without, each record whole (RecordStore.PutRecords).
func (e *Engine) PutRecords(ctx context.Context, rs []core.Record) error {
	st, err := e.recordStore()
	if err != nil {
		return err
	}
	for i := range rs {
		if err := rs[i].Validate(); err != nil {
			return err
		}
	}
	if len(rs) == 0 {
		return nil
	}
	return st.PutRecords(ctx, rs)
}

// Records returns the records q selects, ordered by group, kind and id.
// Only records of q's groups (or of every group with AllGroups) are
// returned, whatever the store answers.
func (e *Engine) Records(ctx context.Context, q core.RecordQuery) ([]core.Record, error) {
	st, err := e.recordStore()
	if err != nil {
		return nil, err
	}
	if err := q.Validate(); err != nil {
		return nil, err
	}
	if len(q.Groups) == 0 && !q.AllGroups {
		return nil, nil
	}
	out, err := st.Records(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("read records: %w", err)
	}
	return slices.DeleteFunc(out, func(r core.Record) bool {
		if !q.AllKinds && r.Kind != q.Kind || len(q.IDs) > 0 && !slices.Contains(q.IDs, r.ID) {
			return true
		}
		return !q.AllGroups && !core.InGroups(e.log, q.Groups, r.GroupID, "record", r.ID)
	}), nil
}

// Record reads one record: ErrNotFound when group has none of kind with
// this id.
func (e *Engine) Record(ctx context.Context, group, kind, id string) (core.Record, error) {
	rs, err := e.Records(ctx, core.RecordQuery{Kind: kind, Groups: []string{group}, IDs: []string{id}})
	if err != nil {
		return core.Record{}, err
	}
	if len(rs) == 0 {
		return core.Record{}, fmt.Errorf("%s %s: %w", kind, id, core.ErrNotFound)
	}
	return rs[0], nil
}

// DeleteRecords removes a group's records of kind with the given ids and
// returns how many there were.
func (e *Engine) DeleteRecords(ctx context.Context, group, kind string, ids []string) (int, error) {
	st, err := e.recordStore()
	if err != nil {
		return 0, err
	}
	if err := core.ValidateGroupID(group); err != nil {
		return 0, err
	}
	if err := core.ValidateRecordKind(kind); err != nil {
		return 0, err
	}
	if len(ids) == 0 {
		return 0, nil
	}
	return st.DeleteRecords(ctx, group, kind, ids)
}
