package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Erasure. The host marks the erasure begun (Admin.BeginErasure), the
// engine forgets (core.Engine.ForgetEpisode, ForgetEntity, DeleteGroup),
// the host writes an audit record of the erasure and then compacts the
// store (Admin.Compact), so that the files hold no byte of what was
// forgotten when the call returns. A crash between the forget and the end
// of the compaction leaves the mark, and the store compacts when it
// opens; the audit record is already written. Erasures run one at a
// time: the mark of one must not be removed by another's compaction
// before its own delete is rewritten. docs/erasure.md says what each
// kind of erasure removes and what it cannot reach.

// ErasureKind is the record kind of an erasure's audit record. It is kept
// in the erased group, so that whoever may see the group sees its
// erasures, and it survives the group's deletion (EraseGroup writes the
// group's audit records back).
const ErasureKind = "mnemo.erasure"

// Erasure is the audit record of one erasure. It holds no content: no
// name, no text, only what was erased by kind and uuid, and the counts.
type Erasure struct {
	// ID identifies the record; it sorts by time.
	ID string `json:"id"`
	// Kind is what was named: "episode", "entity" or "group".
	Kind  string `json:"kind"`
	Group string `json:"group"`
	// UUID is the episode's or the entity's uuid (an entity named by its
	// name is recorded by its uuid); empty for a group.
	UUID string    `json:"uuid,omitempty"`
	At   time.Time `json:"at"`
	// Key names the API key that asked, when the request came with one.
	Key string `json:"key,omitempty"`
	// Episodes, Entities, Facts and Communities count what was deleted;
	// Restored the facts whose invalidation was undone; Summaries the
	// entity summaries rebuilt; Rebuilt the communities built again.
	Episodes    int `json:"episodes"`
	Entities    int `json:"entities"`
	Facts       int `json:"facts"`
	Communities int `json:"communities"`
	Restored    int `json:"restored"`
	Summaries   int `json:"summaries"`
	Rebuilt     int `json:"rebuilt_communities"`
	// BytesBefore and BytesAfter are the database files' sizes around the
	// compaction, and BlockedMS how long reads and writes waited for it;
	// zeros for a store with nothing to compact.
	BytesBefore int64   `json:"bytes_before"`
	BytesAfter  int64   `json:"bytes_after"`
	BlockedMS   float64 `json:"blocked_ms"`
	// Warnings say what was erased but not rebuilt, or not recorded.
	Warnings []string `json:"warnings,omitempty"`
}

// EraseOptions tune an erasure.
type EraseOptions struct {
	// Key names the API key that asked, for the audit record.
	Key string
}

// ForgetEpisode forgets an episode of group (core.Engine.ForgetEpisode),
// compacts the store and records the erasure.
func (h *Host) ForgetEpisode(ctx context.Context, group, uuid string, o EraseOptions) (Erasure, error) {
	h.erasing.Lock()
	defer h.erasing.Unlock()
	abandon, err := h.Admin.BeginErasure()
	if err != nil {
		return Erasure{}, err
	}
	f, err := h.Engine.ForgetEpisode(ctx, group, uuid)
	if err != nil {
		abandon()
		return Erasure{}, err
	}
	return h.erased(ctx, Erasure{Kind: "episode", Group: group, UUID: uuid}, f, o, nil)
}

// ForgetEntity forgets an entity of group named by uuid or name
// (core.Engine.ForgetEntity), compacts the store and records the erasure.
func (h *Host) ForgetEntity(ctx context.Context, group, ref string, o EraseOptions) (Erasure, error) {
	h.erasing.Lock()
	defer h.erasing.Unlock()
	abandon, err := h.Admin.BeginErasure()
	if err != nil {
		return Erasure{}, err
	}
	x, err := h.Engine.ForgetEntity(ctx, group, ref)
	if err != nil {
		abandon()
		return Erasure{}, err
	}
	return h.erased(ctx, Erasure{Kind: "entity", Group: group, UUID: x.Entity}, x, o, nil)
}

// EraseGroup deletes everything a group holds (core.Engine.DeleteGroup),
// compacts the store and records the erasure. The group's earlier
// erasure records are written back after the delete, which takes every
// record of the group.
func (h *Host) EraseGroup(ctx context.Context, group string, o EraseOptions) (Erasure, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return Erasure{}, err
	}
	h.erasing.Lock()
	defer h.erasing.Unlock()
	kept, err := h.Engine.Records(ctx, core.RecordQuery{Kind: ErasureKind, Groups: []string{group}})
	if err != nil && !errors.Is(err, core.ErrUnsupported) {
		return Erasure{}, fmt.Errorf("read the group's erasure records: %w", err)
	}
	abandon, err := h.Admin.BeginErasure()
	if err != nil {
		return Erasure{}, err
	}
	d, err := h.Engine.DeleteGroup(ctx, group)
	if err != nil {
		abandon()
		return Erasure{}, err
	}
	return h.erased(ctx, Erasure{Kind: "group", Group: group}, core.Forgotten{Deleted: d}, o, kept)
}

// erased records an erasure and compacts the store, with kept (earlier
// records to write back). The record is written before the compaction,
// so that a crash inside it, after which the store finishes the
// compaction when it opens (the erasure's mark), still leaves the
// erasure recorded; it is written again with the compaction's sizes.
func (h *Host) erased(ctx context.Context, e Erasure, f core.Forgotten, o EraseOptions, kept []core.Record) (Erasure, error) {
	e.At = h.Now().UTC()
	e.ID, e.Key = core.NewID(e.At), o.Key
	e.Episodes, e.Entities, e.Facts, e.Communities, e.Restored = f.Episodes, f.Entities, f.Facts, f.Communities, f.Restored
	e.Summaries, e.Rebuilt, e.Warnings = f.Summaries, f.Rebuilt, slices.Clone(f.Warnings)
	// The erasure is committed: a cancelled caller must not leave the
	// forgotten bytes on disk, nor the erasure unrecorded.
	ctx = context.WithoutCancel(ctx)
	recorded, err := h.record(ctx, &e, kept)
	if err != nil {
		return e, err
	}
	c, err := h.Admin.Compact(ctx)
	if err != nil {
		return e, fmt.Errorf("the %s was forgotten, but the database was not rewritten, so its bytes may remain on disk: %w", e.Kind, err)
	}
	e.BytesBefore, e.BytesAfter, e.BlockedMS = c.Before, c.After, ms(c.Blocked)
	if recorded {
		if _, err := h.record(ctx, &e, nil); err != nil {
			return e, err
		}
	}
	return e, nil
}

// record writes e's audit record, after kept; false when the store keeps
// no records, which e's warnings then say.
func (h *Host) record(ctx context.Context, e *Erasure, kept []core.Record) (bool, error) {
	data, err := json.Marshal(e)
	if err != nil {
		return false, fmt.Errorf("encode the erasure record: %w", err)
	}
	rs := append(kept, core.Record{GroupID: e.Group, Kind: ErasureKind, ID: e.ID, Data: data})
	switch err := h.Engine.PutRecords(ctx, rs); {
	case errors.Is(err, core.ErrUnsupported):
		e.Warnings = append(e.Warnings, "this store keeps no records: the erasure was not recorded")
		h.Logger.Warn("erasure not recorded: the store keeps no records", "kind", e.Kind, "group", e.Group, "uuid", e.UUID, "at", e.At)
		return false, nil
	case err != nil:
		return false, fmt.Errorf("the %s was forgotten, but its audit record was not written: %w", e.Kind, err)
	}
	return true, nil
}

// Erasures lists the audit records of a group's erasures, oldest first.
func (h *Host) Erasures(ctx context.Context, group string) ([]Erasure, error) {
	rs, err := h.Engine.Records(ctx, core.RecordQuery{Kind: ErasureKind, Groups: []string{group}})
	if err != nil {
		return nil, err
	}
	out := make([]Erasure, 0, len(rs))
	for _, r := range rs {
		var e Erasure
		if err := json.Unmarshal(r.Data, &e); err != nil {
			return nil, fmt.Errorf("decode erasure record %s: %w", r.ID, err)
		}
		out = append(out, e)
	}
	return out, nil
}
