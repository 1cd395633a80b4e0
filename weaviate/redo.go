package weaviate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/go-openapi/strfmt"
	"github.com/weaviate/weaviate/entities/models"

	"github.com/mnemohq/mnemo/core"
)

// A change is written over several requests. Before the first, Apply
// stores the change itself as the group's redo record (MnemoRedo, one
// object per group; not multi-tenant, so that Open reads them all with
// one query), and deletes it after the last. A record still there means a change was cut short: by a crash of
// the process, or by an error after some of its writes. The store then
// completes that change before anything else of the group: when it
// opens, before the group's next change, and before it lists the group's
// pending episodes, so that the engine does not extract again an episode
// whose first extraction is half written (it would write its objects
// again under new uuids). Completing a change is planning it again on
// what is stored and writing the plan: the write order makes that end
// where the change would have ended (TestCrashMidApply).

// redoID is the id of a group's redo record.
func redoID(group string) strfmt.UUID { return uuidV5("redo\x00" + group) }

// saveRedo stores ch as group's redo record.
func (s *Store) saveRedo(ctx context.Context, group string, ch *core.Change) error {
	b, err := json.Marshal(ch)
	if err != nil {
		return fmt.Errorf("weaviate: encode the redo record of %s: %w", group, err)
	}
	return s.put(ctx, []*models.Object{{Class: s.names.redo, ID: redoID(group), Properties: map[string]any{"group": group, "change": string(b)}}})
}

// dropRedo deletes group's redo record.
func (s *Store) dropRedo(ctx context.Context, group string) error {
	_, err := s.remove(ctx, s.names.redo, "", []strfmt.UUID{redoID(group)})
	return err
}

// redoOf returns group's redo record, nil when there is none.
func (s *Store) redoOf(ctx context.Context, group string) (*core.Change, error) {
	rows, err := s.get(ctx, query{class: s.names.redo, where: eq("group", group), fields: []string{"change"}, limit: 1})
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	var ch core.Change
	if err := json.Unmarshal([]byte(str(rows[0].p, "change")), &ch); err != nil {
		return nil, fmt.Errorf("weaviate: decode the redo record of %s: %w", group, err)
	}
	return &ch, nil
}

// finish completes group's change cut short, if any. The caller holds
// the write lock. A record whose change no longer passes the checks
// (another change of the group came between) is dropped with a warning:
// it cannot be completed, and keeping it would stop every write of the
// group.
func (s *Store) finish(ctx context.Context, group string) error {
	ch, err := s.redoOf(ctx, group)
	if err != nil || ch == nil {
		return err
	}
	p, err := s.plan(ctx, group, ch)
	if errors.Is(err, core.ErrInvalid) || errors.Is(err, core.ErrConflict) {
		s.opts.Logger.Warn("weaviate: dropping a change cut short that can no longer be completed", "group", group, "error", err)
		return s.dropRedo(ctx, group)
	}
	if err != nil {
		return err
	}
	if err := s.commit(ctx, p); err != nil {
		return err
	}
	s.opts.Logger.Info("weaviate: completed a change cut short", "group", group)
	return s.dropRedo(ctx, group)
}

// finishAll completes every group's change cut short (Open).
func (s *Store) finishAll(ctx context.Context) error {
	rows, err := s.getAll(ctx, query{class: s.names.redo, fields: []string{"group"}})
	if err != nil {
		return err
	}
	for _, r := range rows {
		if err := s.finish(ctx, str(r.p, "group")); err != nil {
			return err
		}
	}
	return nil
}

// finishing runs finish for group under the write lock, when a redo
// record is there (reads take the lock only then).
func (s *Store) finishing(ctx context.Context, group string) error {
	ch, err := s.redoOf(ctx, group)
	if err != nil || ch == nil {
		return err
	}
	return s.write(ctx, func() error { return s.finish(ctx, group) })
}
