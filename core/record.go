package core

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Records are small JSON documents a surface keeps beside the graph, by
// group, kind and id: what the graph has no place for, such as the users,
// threads and graph descriptions of the Zep-compatible API. They belong to
// their group like every other object: a read names the groups it may
// see, and deleting a group deletes its records.
//
// RecordStore is optional: a Store that implements it gives the engine
// records (Engine.PutRecords, Engine.Records, Engine.DeleteRecords); with
// any other store those answer ErrUnsupported. core/storetest holds the
// stores that implement it to one contract.

// Record limits.
const (
	// MaxRecordBytes is the largest record document.
	MaxRecordBytes = 64 << 10
	// maxRecordID is the longest record id in bytes.
	maxRecordID = 256
)

// Record is one JSON document of a group.
type Record struct {
	GroupID string
	// Kind names the kind of document, e.g. "zep.user": 1 to 64 lowercase
	// letters, digits, '.', '-' and '_'.
	Kind string
	// ID names the record within its group and kind: 1 to 256 bytes of
	// UTF-8 without control characters.
	ID string
	// Data is the document, a JSON value of at most MaxRecordBytes.
	Data json.RawMessage
}

// RecordQuery selects records of one kind, or of every kind.
type RecordQuery struct {
	// Kind is the kind read; empty with AllKinds.
	Kind string
	// AllKinds reads records of every kind, for a copy of whole groups
	// (mnemo migrate).
	AllKinds bool
	// Groups are the groups read. Empty reads none unless AllGroups is set.
	Groups []string
	// AllGroups reads every group's records, for a surface that decides
	// by its own rules (API keys with group patterns) which it shows.
	AllGroups bool
	// IDs, when set, keeps the records with these ids.
	IDs []string
}

// RecordStore is the optional Store facility that keeps records.
type RecordStore interface {
	// PutRecords inserts records or replaces those with the same group,
	// kind and id, all in one transaction where the store has
	// transactions. A store without them (Weaviate) writes each record
	// whole, so a failure part way leaves some records written and the
	// others as they were; writing the same records again completes it.
	PutRecords(ctx context.Context, rs []Record) error
	// Records returns the records q selects, ordered by group, kind and
	// id.
	Records(ctx context.Context, q RecordQuery) ([]Record, error)
	// DeleteRecords removes a group's records of kind with the given ids
	// and returns how many there were; unknown ids are skipped.
	DeleteRecords(ctx context.Context, group, kind string, ids []string) (int, error)
}

// Validate checks a record.
func (r *Record) Validate() error {
	if err := ValidateGroupID(r.GroupID); err != nil {
		return err
	}
	if err := ValidateRecordKind(r.Kind); err != nil {
		return err
	}
	if err := ValidateRecordID(r.ID); err != nil {
		return err
	}
	if len(r.Data) > MaxRecordBytes {
		return fmt.Errorf("%w: record %s/%s is %d bytes, the limit is %d", ErrTooLarge, r.Kind, r.ID, len(r.Data), MaxRecordBytes)
	}
	if !json.Valid(r.Data) {
		return invalidf("record %s/%s: data is not JSON", r.Kind, r.ID)
	}
	return nil
}

func ValidateRecordKind(k string) error {
	if k == "" || len(k) > 64 {
		return invalidf("record kind %q: want 1 to 64 characters", k)
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_') {
			return invalidf("record kind %q: character %q is not allowed", k, c)
		}
	}
	return nil
}

// ValidateRecordID checks a record id: 1 to 256 bytes of UTF-8 without
// control characters.
func ValidateRecordID(id string) error {
	if id == "" || len(id) > maxRecordID {
		return invalidf("record id: want 1 to %d bytes", maxRecordID)
	}
	if !utf8.ValidString(id) || strings.ContainsFunc(id, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return invalidf("record id %q: not UTF-8 or holds control characters", id)
	}
	return nil
}

// Validate checks a query.
func (q *RecordQuery) Validate() error {
	if q.AllKinds {
		if q.Kind != "" {
			return invalidf("record query: kind %q with every kind", q.Kind)
		}
	} else if err := ValidateRecordKind(q.Kind); err != nil {
		return err
	}
	for _, g := range q.Groups {
		if err := ValidateGroupID(g); err != nil {
			return err
		}
	}
	return nil
}
