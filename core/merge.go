package core

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"time"
)

// A merge (Engine.Consolidate) never deletes or rewrites history. The
// entity merged away stays in the graph; its facts, whose endpoints never
// change, are copied onto the survivor with their four times and their
// provenance, and the originals stay beside the copies. What each object
// became is recorded in its MergedAttribute, which every store keeps like
// any other attribute, so that the rule of what a merge hides lives here,
// once, and Engine.Unmerge can undo a merge exactly:
//
//   - an entity or fact merged away carries {"into": uuid, "at": time}:
//     hidden from reads from "at" on, shown to a time travel (KnownAt)
//     before it;
//   - a fact a merge made carries {"from": [uuids], "made_at": time}:
//     shown from "made_at" on, hidden from a time travel before it (and
//     "into" and "at" too when a later merge took it in turn);
//   - the entity merged away also lists the facts the merge made
//     ("facts") and the aliases it gave the survivor ("aliases"), which
//     is what Unmerge takes back.

// MergedAttribute is the attribute of entities and facts that records a
// merge (see Engine.Consolidate).
const MergedAttribute = "merged"

// mergeMark is the decoded MergedAttribute of an object.
type mergeMark struct {
	// Into is the object this one was merged into, At the system time of
	// that merge; empty and zero when it was not.
	Into string
	At   time.Time
	// From lists the facts a fact made by a merge was made from, MadeAt
	// the system time of that merge.
	From   []string
	MadeAt time.Time
	// Facts and Aliases, on an entity merged away, are the facts the merge
	// made and the names it added to the survivor's aliases.
	Facts, Aliases []string
}

// mergeMarkOf decodes attrs' MergedAttribute; ok is false when there is
// none or it cannot be read.
func mergeMarkOf(attrs map[string]any) (mergeMark, bool) {
	m, _ := attrs[MergedAttribute].(map[string]any)
	if m == nil {
		return mergeMark{}, false
	}
	var mk mergeMark
	mk.Into, _ = m["into"].(string)
	for k, t := range map[string]*time.Time{"at": &mk.At, "made_at": &mk.MadeAt} {
		if v, ok := m[k].(string); ok {
			parsed, err := time.Parse(time.RFC3339Nano, v)
			if err != nil {
				return mergeMark{}, false
			}
			*t = parsed
		}
	}
	mk.From, mk.Facts, mk.Aliases = anyStrings(m["from"]), anyStrings(m["facts"]), anyStrings(m["aliases"])
	return mk, mk.Into != "" || len(mk.From) > 0
}

// attribute encodes the mark as stores keep attributes (JSON values).
func (mk mergeMark) attribute() map[string]any {
	m := map[string]any{}
	if mk.Into != "" {
		m["into"], m["at"] = mk.Into, mk.At.UTC().Format(time.RFC3339Nano)
	}
	if len(mk.From) > 0 {
		m["made_at"] = mk.MadeAt.UTC().Format(time.RFC3339Nano)
	}
	for k, v := range map[string][]string{"from": mk.From, "facts": mk.Facts, "aliases": mk.Aliases} {
		if len(v) > 0 {
			m[k] = stringsAny(v)
		}
	}
	return m
}

func anyStrings(v any) []string {
	var out []string
	switch v := v.(type) {
	case []string:
		out = slices.Clone(v)
	case []any:
		for _, a := range v {
			if s, ok := a.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

func stringsAny(v []string) []any {
	out := make([]any, len(v))
	for i, s := range v {
		out[i] = s
	}
	return out
}

// withMark returns attrs with the mark set (a copy; attrs is not changed).
func withMark(attrs map[string]any, mk mergeMark) map[string]any {
	out := maps.Clone(attrs)
	if out == nil {
		out = map[string]any{}
	}
	out[MergedAttribute] = mk.attribute()
	return out
}

// withoutInto returns attrs as they were before the object was merged
// away: what a merge made it from stays; nil when nothing is left.
func withoutInto(attrs map[string]any) map[string]any {
	mk, _ := mergeMarkOf(attrs)
	if len(mk.From) > 0 {
		mk.Into, mk.At = "", time.Time{}
		return withMark(attrs, mk)
	}
	out := maps.Clone(attrs)
	delete(out, MergedAttribute)
	if len(out) == 0 {
		return nil
	}
	return out
}

// mergeHidden reports whether a merge hides an object with attrs from a
// read as known at knownAt (zero: now): merged away by then, or made by a
// merge after it.
func mergeHidden(attrs map[string]any, knownAt time.Time) bool {
	mk, ok := mergeMarkOf(attrs)
	if !ok {
		return false
	}
	if knownAt.IsZero() {
		return mk.Into != ""
	}
	return mk.Into != "" && !knownAt.Before(mk.At) || len(mk.From) > 0 && knownAt.Before(mk.MadeAt)
}

// MergedInto returns the uuid of the entity or fact an object with attrs
// was merged into, and when; empty when it was not.
func MergedInto(attrs map[string]any) (string, time.Time) {
	mk, ok := mergeMarkOf(attrs)
	if !ok {
		return "", time.Time{}
	}
	return mk.Into, mk.At
}

// visibleEntities drops the entities a merge hides as known at knownAt.
func visibleEntities(xs []Entity, knownAt time.Time) []Entity {
	return slices.DeleteFunc(xs, func(x Entity) bool { return mergeHidden(x.Attributes, knownAt) })
}

// visibleFacts drops the facts a merge hides as known at knownAt.
func visibleFacts(xs []Fact, knownAt time.Time) []Fact {
	return slices.DeleteFunc(xs, func(x Fact) bool { return mergeHidden(x.Attributes, knownAt) })
}

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
	Entity, Survivor Entity
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
func (e *Engine) Unmerge(ctx context.Context, group, uuid string, opts UnmergeOptions) (UnmergeReport, error) {
	rep := UnmergeReport{Group: group, DryRun: opts.DryRun}
	if err := e.readable(group); err != nil {
		return rep, err
	}
	if err := ValidateUUID(uuid); err != nil {
		return rep, err
	}
	unlock, err := e.lockGroup(ctx, group)
	if err != nil {
		return UnmergeReport{}, err
	}
	defer unlock()
	groups := []string{group}
	ents, err := e.store.Entities(ctx, groups, []string{uuid}, GetOptions{})
	if err != nil {
		return rep, fmt.Errorf("read entity %s: %w", uuid, err)
	}
	ents = keep(e, groups, ents, "entity", entityGroup)
	ch := Change{Group: group}
	if len(ents) == 0 {
		facts, err := e.store.Facts(ctx, groups, []string{uuid}, GetOptions{})
		if err != nil {
			return rep, fmt.Errorf("read fact %s: %w", uuid, err)
		}
		facts = keep(e, groups, facts, "fact", factGroup)
		if len(facts) == 0 {
			return rep, fmt.Errorf("entity or fact %s of group %s: %w", uuid, group, ErrNotFound)
		}
		if mk, _ := mergeMarkOf(facts[0].Attributes); len(mk.From) == 0 {
			return rep, invalidf("fact %s was not made by a merge: nothing to unmerge", uuid)
		}
		if err := e.unmake(ctx, group, facts, &ch, &rep); err != nil {
			return rep, err
		}
		return rep, e.applyUnmerge(ctx, ch, uuid, opts)
	}
	loser := ents[0]
	mk, ok := mergeMarkOf(loser.Attributes)
	if !ok || mk.Into == "" {
		return rep, invalidf("entity %s (%s) was not merged into another: nothing to unmerge", uuid, loser.Name)
	}
	if sv, err := e.store.Entities(ctx, groups, []string{mk.Into}, GetOptions{}); err != nil {
		return rep, fmt.Errorf("read entity %s: %w", mk.Into, err)
	} else if len(sv) == 1 {
		rep.Survivor = sv[0]
	} else {
		return rep, fmt.Errorf("%w: entity %s was merged into %s, which is gone", ErrConflict, uuid, mk.Into)
	}
	if mergeHidden(rep.Survivor.Attributes, time.Time{}) {
		return rep, fmt.Errorf("%w: entity %s was merged into %s, since merged into another itself: unmerge %s first", ErrConflict, uuid, mk.Into, mk.Into)
	}
	made, err := e.store.Facts(ctx, groups, mk.Facts, GetOptions{})
	if err != nil {
		return rep, fmt.Errorf("read the facts the merge made: %w", err)
	}
	if len(made) != len(mk.Facts) {
		return rep, fmt.Errorf("%w: %d of the %d facts merge of %s made are gone (deleted since)", ErrConflict, len(mk.Facts)-len(made), len(mk.Facts), uuid)
	}
	if err := e.unmake(ctx, group, made, &ch, &rep); err != nil {
		return rep, err
	}
	loser.Attributes = withoutInto(loser.Attributes)
	ch.Entities = append(ch.Entities, loser)
	sv := rep.Survivor
	if len(mk.Aliases) > 0 {
		as := slices.DeleteFunc(sv.Aliases(), func(a string) bool { return slices.Contains(mk.Aliases, a) })
		attrs := maps.Clone(sv.Attributes)
		if len(as) == 0 {
			delete(attrs, AliasesAttribute)
		} else {
			attrs[AliasesAttribute] = stringsAny(as)
		}
		if len(attrs) == 0 {
			attrs = nil
		}
		sv.Attributes = attrs
		ch.Entities = append(ch.Entities, sv)
	}
	rep.Entity = loser
	return rep, e.applyUnmerge(ctx, ch, uuid, opts)
}

// applyUnmerge writes an unmerge's change, unless it is a dry run.
func (e *Engine) applyUnmerge(ctx context.Context, ch Change, uuid string, opts UnmergeOptions) error {
	if opts.DryRun {
		return nil
	}
	if err := e.store.Apply(ctx, ch); err != nil {
		return fmt.Errorf("write the unmerge of %s: %w", uuid, err)
	}
	return nil
}

// unmake adds to ch the undoing of the facts a merge made: each deleted,
// the facts it was made from restored, after checking that none of them
// changed since the merge.
func (e *Engine) unmake(ctx context.Context, group string, made []Fact, ch *Change, rep *UnmergeReport) error {
	groups := []string{group}
	var from, ids []string
	for _, f := range made {
		from = append(from, mergeFrom(f)...)
		ids = append(ids, f.UUID)
	}
	origs, err := e.store.Facts(ctx, groups, from, GetOptions{})
	if err != nil {
		return fmt.Errorf("read the facts merged away: %w", err)
	}
	byID := map[string]Fact{}
	for _, f := range origs {
		byID[f.UUID] = f
	}
	if retired, err := e.store.FactsInvalidatedBy(ctx, group, ids); err != nil {
		return fmt.Errorf("read the facts invalidated by the merge's facts: %w", err)
	} else if len(retired) > 0 {
		return fmt.Errorf("%w: fact %s, made by the merge, has since invalidated fact %s; delete or correct that first", ErrConflict, retired[0].InvalidatedBy, retired[0].UUID)
	}
	for _, p := range made {
		pm, _ := mergeMarkOf(p.Attributes)
		if pm.Into != "" {
			return fmt.Errorf("%w: fact %s, made by the merge, was merged into %s since: unmerge that first", ErrConflict, p.UUID, pm.Into)
		}
		var eps []string
		for _, id := range pm.From {
			o, ok := byID[id]
			if !ok {
				return fmt.Errorf("%w: fact %s, merged into %s, is gone", ErrConflict, id, p.UUID)
			}
			eps = unionOrdered(eps, o.Episodes)
			o.Attributes = withoutInto(o.Attributes)
			ch.Facts = append(ch.Facts, o)
			rep.Restored = append(rep.Restored, o.UUID)
		}
		if len(pm.From) == 0 || !sameSet(p.Episodes, eps) || !p.ExpiredAt.Equal(byID[pm.From[0]].ExpiredAt) {
			return fmt.Errorf("%w: fact %s, made by the merge, has changed since (stated again or invalidated): undoing the merge would lose that", ErrConflict, p.UUID)
		}
		ch.DeleteFacts = append(ch.DeleteFacts, p.UUID)
		rep.Deleted = append(rep.Deleted, p.UUID)
	}
	return nil
}

// mergeFrom returns the facts a fact made by a merge was made from.
func mergeFrom(f Fact) []string {
	mk, _ := mergeMarkOf(f.Attributes)
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
