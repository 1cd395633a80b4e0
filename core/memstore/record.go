package memstore

import (
	"cmp"
	"context"
	"slices"

	"github.com/mnemohq/mnemo/core"
)

var _ core.RecordStore = (*Store)(nil)

// recordKey names a record.
type recordKey struct{ group, kind, id string }

// PutRecords implements core.RecordStore.
func (s *Store) PutRecords(ctx context.Context, rs []core.Record) error {
	for i := range rs {
		if err := rs[i].Validate(); err != nil {
			return err
		}
	}
	return s.write(ctx, func() error {
		for _, r := range rs {
			s.records[recordKey{r.GroupID, r.Kind, r.ID}] = slices.Clone(r.Data)
		}
		return nil
	})
}

// Records implements core.RecordStore.
func (s *Store) Records(ctx context.Context, q core.RecordQuery) ([]core.Record, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	var out []core.Record
	err := s.read(ctx, func() error {
		for k, data := range s.records {
			if !q.AllKinds && k.kind != q.Kind || !q.AllGroups && !slices.Contains(q.Groups, k.group) || len(q.IDs) > 0 && !slices.Contains(q.IDs, k.id) {
				continue
			}
			out = append(out, core.Record{GroupID: k.group, Kind: k.kind, ID: k.id, Data: slices.Clone(data)})
		}
		return nil
	})
	slices.SortFunc(out, func(a, b core.Record) int {
		return cmp.Or(cmp.Compare(a.GroupID, b.GroupID), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.ID, b.ID))
	})
	return out, err
}

// DeleteRecords implements core.RecordStore.
func (s *Store) DeleteRecords(ctx context.Context, group, kind string, ids []string) (int, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return 0, err
	}
	n := 0
	err := s.write(ctx, func() error {
		for _, id := range ids {
			k := recordKey{group, kind, id}
			if _, ok := s.records[k]; ok {
				delete(s.records, k)
				n++
			}
		}
		return nil
	})
	return n, err
}
