package weaviate

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"

	"github.com/go-openapi/strfmt"
	"github.com/weaviate/weaviate-go-client/v5/weaviate/filters"
	"github.com/weaviate/weaviate/entities/models"

	"github.com/mnemohq/mnemo/core"
)

// Records (core.RecordStore) are objects of the collection MnemoRecord,
// multi-tenant with one tenant per group like the graph's collections: a
// read names its groups' tenants and never sees another group's records,
// and deleting a group drops its tenant. A record's Weaviate id is a
// UUIDv5 of (group, kind, id) (recordID), so that writing it again
// replaces it. The document is kept as text, not indexed; records have no
// vector (a flat index that stays empty).

var _ core.RecordStore = (*Store)(nil)

// recordID is the Weaviate id of a group's record of kind with id. None
// of the three holds a NUL (core.Record.Validate), so the name is
// unambiguous.
func recordID(group, kind, id string) strfmt.UUID {
	return uuidV5("record\x00" + group + "\x00" + kind + "\x00" + id)
}

var recordFields = fields(recordProps)

func (s *Store) recordObject(r *core.Record) *models.Object {
	return &models.Object{Class: s.names.record, ID: recordID(r.GroupID, r.Kind, r.ID), Tenant: tenantOf(r.GroupID),
		Properties: map[string]any{"group": r.GroupID, "kind": r.Kind, "record_id": r.ID, "data": string(r.Data)}}
}

func readRecord(r row) core.Record {
	return core.Record{GroupID: str(r.p, "group"), Kind: str(r.p, "kind"), ID: str(r.p, "record_id"), Data: json.RawMessage(str(r.p, "data"))}
}

// PutRecords implements core.RecordStore. Every record is checked before
// anything is written; then they are written in batches (of 200 objects),
// each record whole under its own id. Weaviate has no transaction, so the
// records are not written all or none: a crash or an error in the middle
// leaves some of them written, each either as it was or as given, and
// calling PutRecords again with the same records completes the write. Of
// several records with the same group, kind and id, the last is kept.
func (s *Store) PutRecords(ctx context.Context, rs []core.Record) error {
	for i := range rs {
		if err := rs[i].Validate(); err != nil {
			return err
		}
	}
	objs := make([]*models.Object, 0, len(rs))
	at := make(map[strfmt.UUID]int, len(rs))
	for i := range rs {
		o := s.recordObject(&rs[i])
		if j, ok := at[o.ID]; ok {
			objs[j] = o
			continue
		}
		at[o.ID] = len(objs)
		objs = append(objs, o)
	}
	if len(objs) == 0 {
		return s.live(ctx)
	}
	return s.write(ctx, func() error { return s.put(ctx, objs) })
}

// Records implements core.RecordStore: one query per group's tenant (every
// tenant of the records collection with AllGroups), or per 500 ids, with
// the kind and the ids as filters; merged and ordered here. More records
// than one query returns (Weaviate's limit, 10000) are read by scanning
// the group's tenant instead.
func (s *Store) Records(ctx context.Context, q core.RecordQuery) ([]core.Record, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	if err := s.live(ctx); err != nil {
		return nil, err
	}
	var groups []string // the groups asked; none with AllGroups
	tenants := []string{}
	if q.AllGroups {
		var err error
		if tenants, err = s.tenants(ctx, s.names.record); err != nil {
			return nil, err
		}
	} else {
		groups = uniq(q.Groups)
		for _, g := range groups {
			tenants = append(tenants, tenantOf(g))
		}
	}
	var out []core.Record
	for i, t := range tenants {
		rows, err := s.recordRows(ctx, t, q.Kind, q.IDs)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			rec := readRecord(r)
			// A tenant holds its group's records only; the check costs
			// nothing and keeps the promise without relying on it.
			if !q.AllKinds && rec.Kind != q.Kind || groups != nil && rec.GroupID != groups[i] {
				continue
			}
			out = append(out, rec)
		}
	}
	slices.SortFunc(out, func(a, b core.Record) int {
		return cmp.Or(cmp.Compare(a.GroupID, b.GroupID), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}

// recordRows returns the rows of a tenant's records of kind (of every
// kind when kind is empty): those with ids, or all of them when ids is
// empty.
func (s *Store) recordRows(ctx context.Context, tenant, kind string, ids []string) ([]row, error) {
	var ofKind *filters.WhereBuilder
	if kind != "" {
		ofKind = eq("kind", kind)
	}
	if len(ids) > 0 {
		var out []row
		for ids := uniq(ids); len(ids) > 0; {
			n := min(len(ids), 500)
			rows, err := s.getAll(ctx, query{class: s.names.record, tenant: tenant, where: and(ofKind, anyOf("record_id", ids[:n])), fields: recordFields})
			if err != nil {
				return nil, err
			}
			out = append(out, rows...)
			ids = ids[n:]
		}
		return out, nil
	}
	limit := cmp.Or(s.recordsLimit, maxResults)
	rows, err := s.get(ctx, query{class: s.names.record, tenant: tenant, where: ofKind, fields: recordFields, limit: limit})
	if err != nil || len(rows) < limit {
		return rows, err
	}
	// More than one query returns: scan the tenant in id order, which a
	// filter cannot narrow (Weaviate's cursor takes none).
	rows = rows[:0]
	err = s.scan(ctx, query{class: s.names.record, tenant: tenant, fields: recordFields}, func(page []row) error {
		for _, r := range page {
			if kind == "" || str(r.p, "kind") == kind {
				rows = append(rows, r)
			}
		}
		return nil
	})
	return rows, err
}

// DeleteRecords implements core.RecordStore: one batch deletion per 500
// ids, by the records' ids; the count is what Weaviate reports deleted.
func (s *Store) DeleteRecords(ctx context.Context, group, kind string, ids []string) (int, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return 0, err
	}
	if len(ids) == 0 {
		return 0, s.live(ctx)
	}
	var oids []strfmt.UUID
	for _, id := range uniq(ids) {
		oids = append(oids, recordID(group, kind, id))
	}
	n := 0
	err := s.write(ctx, func() error {
		var err error
		n, err = s.remove(ctx, s.names.record, tenantOf(group), oids)
		return err
	})
	return n, err
}
