package engine

import (
	"context"
	"fmt"

	"github.com/mnemohq/mnemo/core"
)

// Reads and deletes by entity and by batch of episodes, for surfaces that
// name objects by uuid (the Zep-compatible API's nodes).

// Episodes reads episodes of groups by uuid, in the order asked; unknown
// uuids and those of other groups are skipped.
func (e *Engine) Episodes(ctx context.Context, groups []string, uuids []string) ([]core.Episode, error) {
	if err := e.readable(groups...); err != nil {
		return nil, err
	}
	if len(groups) == 0 || len(uuids) == 0 {
		return nil, nil
	}
	eps, err := e.store.Episodes(ctx, groups, uuids, core.GetOptions{})
	if err != nil {
		return nil, fmt.Errorf("read episodes: %w", err)
	}
	return core.KeepGroups(e.log, groups, eps, "episode", func(x core.Episode) (string, string) { return x.GroupID, x.UUID }), nil
}

// Entity reads one entity of groups. An entity of no group among them is
// ErrNotFound.
func (e *Engine) Entity(ctx context.Context, groups []string, uuid string) (core.Entity, error) {
	if err := e.readable(groups...); err != nil {
		return core.Entity{}, err
	}
	if len(groups) > 0 {
		es, err := e.store.Entities(ctx, groups, []string{uuid}, core.GetOptions{})
		if err != nil {
			return core.Entity{}, fmt.Errorf("read entity %s: %w", uuid, err)
		}
		es = core.KeepGroups(e.log, groups, es, "entity", func(x core.Entity) (string, string) { return x.GroupID, x.UUID })
		if len(es) > 0 {
			return es[0], nil
		}
	}
	return core.Entity{}, fmt.Errorf("entity %s: %w", uuid, core.ErrNotFound)
}

// EntityEpisodes returns the uuids of the episodes of group that mention an
// entity of group, oldest first.
func (e *Engine) EntityEpisodes(ctx context.Context, group, uuid string) ([]string, error) {
	if err := e.readable(group); err != nil {
		return nil, err
	}
	return e.store.EntityEpisodes(ctx, []string{group}, uuid)
}

// EntityFacts returns the facts of group that have an entity as an
// endpoint and are not expired, newest first, at most limit (0: all).
func (e *Engine) EntityFacts(ctx context.Context, group, uuid string, limit int) ([]core.Fact, error) {
	if err := e.readable(group); err != nil {
		return nil, err
	}
	fs, err := e.store.FactsOfEntities(ctx, group, []string{uuid}, limit)
	if err != nil {
		return nil, fmt.Errorf("read the facts of entity %s: %w", uuid, err)
	}
	return core.KeepGroups(e.log, []string{group}, fs, "fact", factGroup), nil
}

// DeleteEntity removes an entity with every fact that has it as an
// endpoint, expired ones included, and restores the facts those had
// invalidated; the episodes that mention it stay. An unknown entity, or
// one of another group, is ErrNotFound. Finding the expired facts reads
// the group's facts, so it is meant for occasional use.
func (e *Engine) DeleteEntity(ctx context.Context, group, uuid string) (core.Deleted, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return core.Deleted{}, err
	}
	unlock, err := e.lockGroup(ctx, group)
	if err != nil {
		return core.Deleted{}, err
	}
	defer unlock()
	es, err := e.store.Entities(ctx, []string{group}, []string{uuid}, core.GetOptions{})
	if err != nil {
		return core.Deleted{}, fmt.Errorf("read entity %s: %w", uuid, err)
	}
	if len(es) == 0 || es[0].GroupID != group {
		return core.Deleted{}, fmt.Errorf("entity %s: %w", uuid, core.ErrNotFound)
	}
	var facts []string
	gone := map[string]bool{}
	opts := core.ListOptions{Limit: 1000, Filter: core.Filter{IncludeInvalid: true, IncludeArchived: true, Now: e.now()}}
	for {
		p, err := e.store.ListFacts(ctx, group, opts)
		if err != nil {
			return core.Deleted{}, fmt.Errorf("read the facts of entity %s: %w", uuid, err)
		}
		for _, f := range p.Items {
			if f.GroupID == group && (f.SourceUUID == uuid || f.TargetUUID == uuid) {
				facts = append(facts, f.UUID)
				gone[f.UUID] = true
			}
		}
		if p.Next == "" {
			break
		}
		opts.Cursor = p.Next
	}
	restored, err := e.restorable(ctx, group, facts, gone)
	if err != nil {
		return core.Deleted{}, err
	}
	ch := core.Change{Group: group, Facts: restored, DeleteFacts: facts, DeleteEntities: []string{uuid}}
	if err := e.store.Apply(ctx, ch); err != nil {
		return core.Deleted{}, fmt.Errorf("delete entity %s: %w", uuid, err)
	}
	return core.Deleted{Entities: 1, Facts: len(facts), Restored: len(restored)}, nil
}
