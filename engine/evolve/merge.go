package evolve

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// UnmergeOptions tunes Engine.Unmerge.
type UnmergeOptions struct {
	// DryRun reports what would be undone and writes nothing.
	DryRun bool
}

// UnmergeReport says what an unmerge undid.
type UnmergeReport struct {
	Group string
	// Entity is the entity restored; Survivor the one it had been merged
	// into. Both are zero for the unmerge of a merge of facts.
	Entity, Survivor core.Entity
	// Deleted are the facts the merge had made, deleted; Restored the
	// facts they had been made from, shown again.
	Deleted, Restored []string
	DryRun            bool
}

// Unmerge undoes a merge made by Engine.Consolidate, named by the uuid of
// the entity merged away or, for a merge of duplicate facts, of the fact
// it made: the entity and the facts the merge had copied or collapsed are
// shown again as they were, the facts the merge made are deleted, and the
// aliases it gave the survivor are taken back, in one write under the
// group's write lock. A merge whose facts changed since (a new episode
// stated one again, a later fact invalidated one or was invalidated by
// one, or a later merge took one) is refused with ErrConflict, since
// undoing it would lose what came after.
func (v *Evolver) Unmerge(ctx context.Context, group, uuid string, opts UnmergeOptions) (UnmergeReport, error) {
	rep := UnmergeReport{Group: group, DryRun: opts.DryRun}
	if err := core.ValidateUUID(uuid); err != nil {
		return rep, err
	}
	unlock, err := v.lockGroup(ctx, group)
	if err != nil {
		return UnmergeReport{}, err
	}
	defer unlock()
	groups := []string{group}
	ents, err := v.store.Entities(ctx, groups, []string{uuid}, core.GetOptions{})
	if err != nil {
		return rep, fmt.Errorf("read entity %s: %w", uuid, err)
	}
	ents = core.KeepGroups(v.log, groups, ents, "entity", entityGroup)
	ch := core.Change{Group: group}
	if len(ents) == 0 {
		facts, err := v.store.Facts(ctx, groups, []string{uuid}, core.GetOptions{})
		if err != nil {
			return rep, fmt.Errorf("read fact %s: %w", uuid, err)
		}
		facts = core.KeepGroups(v.log, groups, facts, "fact", factGroup)
		if len(facts) == 0 {
			return rep, fmt.Errorf("entity or fact %s of group %s: %w", uuid, group, core.ErrNotFound)
		}
		if mk, _ := core.MergeMarkOf(facts[0].Attributes); len(mk.From) == 0 {
			return rep, invalidf("fact %s was not made by a merge: nothing to unmerge", uuid)
		}
		if err := v.unmake(ctx, group, facts, &ch, &rep); err != nil {
			return rep, err
		}
		return rep, v.applyUnmerge(ctx, ch, uuid, opts)
	}
	loser := ents[0]
	mk, ok := core.MergeMarkOf(loser.Attributes)
	if !ok || mk.Into == "" {
		return rep, invalidf("entity %s (%s) was not merged into another: nothing to unmerge", uuid, loser.Name)
	}
	if sv, err := v.store.Entities(ctx, groups, []string{mk.Into}, core.GetOptions{}); err != nil {
		return rep, fmt.Errorf("read entity %s: %w", mk.Into, err)
	} else if len(sv) == 1 {
		rep.Survivor = sv[0]
	} else {
		return rep, fmt.Errorf("%w: entity %s was merged into %s, which is gone", core.ErrConflict, uuid, mk.Into)
	}
	if core.MergeHidden(rep.Survivor.Attributes, time.Time{}) {
		return rep, fmt.Errorf("%w: entity %s was merged into %s, since merged into another itself: unmerge %s first", core.ErrConflict, uuid, mk.Into, mk.Into)
	}
	made, err := v.store.Facts(ctx, groups, mk.Facts, core.GetOptions{})
	if err != nil {
		return rep, fmt.Errorf("read the facts the merge made: %w", err)
	}
	if len(made) != len(mk.Facts) {
		return rep, fmt.Errorf("%w: %d of the %d facts merge of %s made are gone (deleted since)", core.ErrConflict, len(mk.Facts)-len(made), len(mk.Facts), uuid)
	}
	if err := v.unmake(ctx, group, made, &ch, &rep); err != nil {
		return rep, err
	}
	loser.Attributes = core.WithoutMergeInto(loser.Attributes)
	ch.Entities = append(ch.Entities, loser)
	sv := rep.Survivor
	if len(mk.Aliases) > 0 {
		as := slices.DeleteFunc(sv.Aliases(), func(a string) bool { return slices.Contains(mk.Aliases, a) })
		attrs := maps.Clone(sv.Attributes)
		if len(as) == 0 {
			delete(attrs, core.AliasesAttribute)
		} else {
			attrs[core.AliasesAttribute] = stringsAny(as)
		}
		if len(attrs) == 0 {
			attrs = nil
		}
		sv.Attributes = attrs
		ch.Entities = append(ch.Entities, sv)
	}
	rep.Entity = loser
	return rep, v.applyUnmerge(ctx, ch, uuid, opts)
}

// applyUnmerge writes an unmerge's change, unless it is a dry run.
func (v *Evolver) applyUnmerge(ctx context.Context, ch core.Change, uuid string, opts UnmergeOptions) error {
	if opts.DryRun {
		return nil
	}
	if err := v.store.Apply(ctx, ch); err != nil {
		return fmt.Errorf("write the unmerge of %s: %w", uuid, err)
	}
	return nil
}

// unmake adds to ch the undoing of the facts a merge made: each deleted,
// the facts it was made from restored, after checking that none of them
// changed since the merge.
func (v *Evolver) unmake(ctx context.Context, group string, made []core.Fact, ch *core.Change, rep *UnmergeReport) error {
	groups := []string{group}
	var from, ids []string
	for _, f := range made {
		from = append(from, mergeFrom(f)...)
		ids = append(ids, f.UUID)
	}
	origs, err := v.store.Facts(ctx, groups, from, core.GetOptions{})
	if err != nil {
		return fmt.Errorf("read the facts merged away: %w", err)
	}
	byID := map[string]core.Fact{}
	for _, f := range origs {
		byID[f.UUID] = f
	}
	if retired, err := v.store.FactsInvalidatedBy(ctx, group, ids); err != nil {
		return fmt.Errorf("read the facts invalidated by the merge's facts: %w", err)
	} else if len(retired) > 0 {
		return fmt.Errorf("%w: fact %s, made by the merge, has since invalidated fact %s; delete or correct that first", core.ErrConflict, retired[0].InvalidatedBy, retired[0].UUID)
	}
	for _, p := range made {
		pm, _ := core.MergeMarkOf(p.Attributes)
		if pm.Into != "" {
			return fmt.Errorf("%w: fact %s, made by the merge, was merged into %s since: unmerge that first", core.ErrConflict, p.UUID, pm.Into)
		}
		var eps []string
		for _, id := range pm.From {
			o, ok := byID[id]
			if !ok {
				return fmt.Errorf("%w: fact %s, merged into %s, is gone", core.ErrConflict, id, p.UUID)
			}
			eps = unionOrdered(eps, o.Episodes)
			o.Attributes = core.WithoutMergeInto(o.Attributes)
			ch.Facts = append(ch.Facts, o)
			rep.Restored = append(rep.Restored, o.UUID)
		}
		if len(pm.From) == 0 || !sameSet(p.Episodes, eps) || !p.ExpiredAt.Equal(byID[pm.From[0]].ExpiredAt) {
			return fmt.Errorf("%w: fact %s, made by the merge, has changed since (stated again or invalidated): undoing the merge would lose that", core.ErrConflict, p.UUID)
		}
		ch.DeleteFacts = append(ch.DeleteFacts, p.UUID)
		rep.Deleted = append(rep.Deleted, p.UUID)
	}
	return nil
}

// mergeFrom returns the facts a fact made by a merge was made from.
func mergeFrom(f core.Fact) []string {
	mk, _ := core.MergeMarkOf(f.Attributes)
	return mk.From
}

// unionOrdered appends to a the elements of b it lacks, in order.
func unionOrdered(a, b []string) []string {
	for _, x := range b {
		if !slices.Contains(a, x) {
			a = append(a, x)
		}
	}
	return a
}

// sameSet reports whether a and b hold the same strings.
func sameSet(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(slices.Compact(x), slices.Compact(y))
}

func stringsAny(v []string) []any {
	out := make([]any, len(v))
	for i, s := range v {
		out[i] = s
	}
	return out
}

func entityGroup(x core.Entity) (string, string) { return x.GroupID, x.UUID }

func factGroup(f core.Fact) (string, string) { return f.GroupID, f.UUID }
