package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Deleting.
//
// What a delete takes with it and what it restores is decided here, once
// for every store: the engine reads what it needs through narrow store
// reads (EpisodeLinks, Facts, FactsInvalidatedBy, EntityReferences),
// builds one Change and writes it with one Apply, all of it or none of it.
// It holds the group's queue lock from the first read to the write: the
// lock serialises the group's writers (its ingestion worker, other
// deletes), so the graph the plan was read from is the graph it is applied
// to. The store guards its own integrity besides: it refuses to delete an
// entity a remaining fact touches.
//
// Deleting a fact removes it and restores the facts it had retired
// (Fact.InvalidatedBy): they get back the end they were stated with
// (Fact.StatedInvalid) and are no longer expired.
//
// Deleting an episode removes it with:
//
//   - the facts it alone stated; the facts other episodes stated too stay,
//     without it in their provenance;
//   - the entities it mentioned that, once those facts are gone, no other
//     episode mentions and no fact has as an endpoint, expired facts
//     included;
//
// and restores the facts those deleted facts had retired, and the facts
// the episode itself ended by stating their end (their InvalidatedBy is
// the episode's uuid).

// DeleteEpisode removes an episode with the facts and entities that nothing
// else supports, and restores the facts it had invalidated. It waits for the
// group's ingestion worker between two episodes. An unknown episode, or one
// of another group, is ErrNotFound.
func (e *Engine) DeleteEpisode(ctx context.Context, group, uuid string) (core.Deleted, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return core.Deleted{}, err
	}
	unlock, err := e.lockGroup(ctx, group)
	if err != nil {
		return core.Deleted{}, err
	}
	defer unlock()
	ch, d, err := e.planEpisodeDelete(ctx, group, uuid)
	if err != nil {
		return core.Deleted{}, err
	}
	if err := e.store.Apply(ctx, ch); err != nil {
		return core.Deleted{}, fmt.Errorf("delete episode %s: %w", uuid, err)
	}
	e.q.drop(group, uuid)
	return d, nil
}

// planEpisodeDelete returns the change that deletes an episode and what it
// removes and restores. The caller holds the group's lock.
func (e *Engine) planEpisodeDelete(ctx context.Context, group, uuid string) (core.Change, core.Deleted, error) {
	groups := []string{group}
	links, err := e.store.EpisodeLinks(ctx, groups, uuid)
	if errors.Is(err, core.ErrNotFound) {
		return core.Change{}, core.Deleted{}, fmt.Errorf("episode %s: %w", uuid, core.ErrNotFound)
	}
	if err != nil {
		return core.Change{}, core.Deleted{}, fmt.Errorf("read episode links: %w", err)
	}
	stated, err := e.store.Facts(ctx, groups, links.Facts, core.GetOptions{})
	if err != nil {
		return core.Change{}, core.Deleted{}, fmt.Errorf("read facts of episode %s: %w", uuid, err)
	}
	// The facts no other episode stated go; ends counts, for each entity,
	// the facts going that have it as an endpoint.
	var alone []string
	var kept []core.Fact
	gone := map[string]bool{}
	ends := map[string]int{}
	for _, f := range stated {
		if slices.ContainsFunc(f.Episodes, func(ep string) bool { return ep != uuid }) {
			// The fact stays; its record forgets what the episode did.
			if len(core.WhyOf(f.Attributes)) > 0 {
				f.Attributes = core.WithoutWhyOf(f.Attributes, uuid)
				f.Episodes, f.Embedding = nil, nil
				kept = append(kept, f)
			}
			continue
		}
		alone = append(alone, f.UUID)
		gone[f.UUID] = true
		ends[f.SourceUUID]++
		if f.TargetUUID != f.SourceUUID {
			ends[f.TargetUUID]++
		}
	}
	restored, err := e.restorable(ctx, group, append([]string{uuid}, alone...), gone)
	if err != nil {
		return core.Change{}, core.Deleted{}, err
	}
	// An entity the episode mentioned goes when this episode was its only
	// mention and the facts going were all the facts it is an end of.
	refs, err := e.store.EntityReferences(ctx, group, links.Entities)
	if err != nil {
		return core.Change{}, core.Deleted{}, fmt.Errorf("count references of episode %s's entities: %w", uuid, err)
	}
	var orphans []string
	for _, id := range links.Entities {
		if r, ok := refs[id]; ok && r.Mentions <= 1 && r.Facts <= ends[id] {
			orphans = append(orphans, id)
		}
	}
	for i := range restored {
		restored[i].Attributes = core.WithoutWhyOf(restored[i].Attributes, uuid)
		kept = slices.DeleteFunc(kept, func(f core.Fact) bool { return f.UUID == restored[i].UUID })
	}
	ch := core.Change{Group: group, Facts: append(restored, kept...), DeleteEpisodes: []string{uuid}, DeleteFacts: alone, DeleteEntities: orphans}
	return ch, core.Deleted{Episodes: 1, Facts: len(alone), Entities: len(orphans), Restored: len(restored)}, nil
}

// DeleteFact removes one fact and restores the facts it had invalidated.
// An unknown fact, or one of another group, is ErrNotFound.
func (e *Engine) DeleteFact(ctx context.Context, group, uuid string) (core.Deleted, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return core.Deleted{}, err
	}
	unlock, err := e.lockGroup(ctx, group)
	if err != nil {
		return core.Deleted{}, err
	}
	defer unlock()
	fs, err := e.store.Facts(ctx, []string{group}, []string{uuid}, core.GetOptions{})
	if err != nil {
		return core.Deleted{}, fmt.Errorf("read fact %s: %w", uuid, err)
	}
	if len(fs) == 0 {
		return core.Deleted{}, fmt.Errorf("fact %s: %w", uuid, core.ErrNotFound)
	}
	restored, err := e.restorable(ctx, group, []string{uuid}, map[string]bool{uuid: true})
	if err != nil {
		return core.Deleted{}, err
	}
	if err := e.store.Apply(ctx, core.Change{Group: group, Facts: restored, DeleteFacts: []string{uuid}}); err != nil {
		return core.Deleted{}, fmt.Errorf("delete fact %s: %w", uuid, err)
	}
	return core.Deleted{Facts: 1, Restored: len(restored)}, nil
}

// restorable returns, restored, the facts of group that the facts or
// episodes by had retired, except the facts being deleted (gone).
func (e *Engine) restorable(ctx context.Context, group string, by []string, gone map[string]bool) ([]core.Fact, error) {
	retired, err := e.store.FactsInvalidatedBy(ctx, group, by)
	if err != nil {
		return nil, fmt.Errorf("read the facts to restore: %w", err)
	}
	var out []core.Fact
	for _, f := range retired {
		if !gone[f.UUID] {
			out = append(out, reopen(f))
		}
	}
	return out, nil
}

// reopen returns f as it was stated, its retirement undone: the end it was
// stated with (Fact.StatedInvalid), not expired, retired by nothing. As a
// fact of a Change it adds no provenance and keeps its stored embedding.
func reopen(f core.Fact) core.Fact {
	f.InvalidAt, f.ExpiredAt, f.InvalidatedBy = f.StatedInvalid(), time.Time{}, ""
	f.Episodes, f.Embedding = nil, nil
	return f
}

// DeleteGroup removes everything a group holds, pending episodes included.
func (e *Engine) DeleteGroup(ctx context.Context, group string) (core.Deleted, error) {
	unlock, err := e.lockGroup(ctx, group)
	if err != nil {
		return core.Deleted{}, err
	}
	defer unlock()
	d, err := e.store.DeleteGroup(ctx, group)
	if err == nil {
		e.q.drop(group)
		// The group's saved day went with its data: save it again, so
		// that deleting a group and writing to it anew does not hand it
		// a fresh day's budget, after a restart either.
		e.budget.Touch(group)
		e.saveBudget(ctx, group)
	}
	return d, err
}
