package core

import (
	"maps"
	"slices"
	"time"
)

// A merge (engine.Engine.Consolidate) never deletes or rewrites history. The
// entity merged away stays in the graph; its facts, whose endpoints never
// change, are copied onto the survivor with their four times and their
// provenance, and the originals stay beside the copies. What each object
// became is recorded in its MergedAttribute, which every store keeps like
// any other attribute, so that the rule of what a merge hides lives here,
// once, and the engine's Unmerge can undo a merge exactly:
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
// merge (see engine.Engine.Consolidate).
const MergedAttribute = "merged"

// MergeMark is the decoded MergedAttribute of an object.
type MergeMark struct {
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

// MergeMarkOf decodes attrs' MergedAttribute; ok is false when there is
// none or it cannot be read.
func MergeMarkOf(attrs map[string]any) (MergeMark, bool) {
	m, _ := attrs[MergedAttribute].(map[string]any)
	if m == nil {
		return MergeMark{}, false
	}
	var mk MergeMark
	mk.Into, _ = m["into"].(string)
	for k, t := range map[string]*time.Time{"at": &mk.At, "made_at": &mk.MadeAt} {
		if v, ok := m[k].(string); ok {
			parsed, err := time.Parse(time.RFC3339Nano, v)
			if err != nil {
				return MergeMark{}, false
			}
			*t = parsed
		}
	}
	mk.From, mk.Facts, mk.Aliases = anyStrings(m["from"]), anyStrings(m["facts"]), anyStrings(m["aliases"])
	return mk, mk.Into != "" || len(mk.From) > 0
}

// Attribute encodes the mark as stores keep attributes (JSON values).
func (mk MergeMark) Attribute() map[string]any {
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

// WithMergeMark returns attrs with the mark set (a copy; attrs is not changed).
func WithMergeMark(attrs map[string]any, mk MergeMark) map[string]any {
	out := maps.Clone(attrs)
	if out == nil {
		out = map[string]any{}
	}
	out[MergedAttribute] = mk.Attribute()
	return out
}

// WithoutMergeInto returns attrs as they were before the object was merged
// away: what a merge made it from stays, the why record's step of the
// merge goes; nil when nothing is left.
func WithoutMergeInto(attrs map[string]any) map[string]any {
	mk, _ := MergeMarkOf(attrs)
	if mk.Into != "" {
		attrs = withoutWhy(attrs, func(m map[string]any) bool { return m["step"] == WhyMerged && m["fact"] == mk.Into })
	}
	if len(mk.From) > 0 {
		mk.Into, mk.At = "", time.Time{}
		return WithMergeMark(attrs, mk)
	}
	out := maps.Clone(attrs)
	delete(out, MergedAttribute)
	if len(out) == 0 {
		return nil
	}
	return out
}

// MergeHidden reports whether a merge hides an object with attrs from a
// read as known at knownAt (zero: now): merged away by then, or made by a
// merge after it. It is Filter.KeepsMerged on the object's MergeTimes.
func MergeHidden(attrs map[string]any, knownAt time.Time) bool {
	f := Filter{KnownAt: knownAt}
	return !f.KeepsMerged(MergeTimesOf(attrs))
}

// MergeTimes are the system times of the merges that touched an object,
// as Micros, the form the rule reads (Filter.KeepsMerged): Away when a
// merge took the object into another, Made when a merge made it; NoTime
// when none did. Stores that decide the rule without decoding attributes
// keep these beside the object.
type MergeTimes struct{ Away, Made int64 }

// NotMerged are the MergeTimes of an object no merge touched.
var NotMerged = MergeTimes{Away: NoTime, Made: NoTime}

// MergeTimesOf reads the MergeTimes of an object with attrs. A mark
// merged away without a readable time counts as merged away at the
// earliest time.
func MergeTimesOf(attrs map[string]any) MergeTimes {
	mk, ok := MergeMarkOf(attrs)
	if !ok {
		return NotMerged
	}
	m := NotMerged
	if mk.Into != "" {
		if m.Away = Micros(mk.At); m.Away == NoTime {
			m.Away = NoTime + 1
		}
	}
	if len(mk.From) > 0 {
		m.Made = Micros(mk.MadeAt)
	}
	return m
}

// KeepsMerged reports whether f keeps an entity or a fact that merges
// touched at m: an object merged away is hidden from reads known at or
// after the merge, and from every read without KnownAt; an object a merge
// made is hidden from reads known before that merge.
//
// Searches and traversals (Searcher) apply this rule with the rest of the
// filter before cutting at their limit; listings and reads by uuid
// return merged objects, which the engine's own reads rely on.
func (f *Filter) KeepsMerged(m MergeTimes) bool {
	if f.KnownAt.IsZero() {
		return m.Away == NoTime
	}
	kt := Micros(f.KnownAt)
	return (m.Away == NoTime || kt < m.Away) && (m.Made == NoTime || kt >= m.Made)
}

// MergedInto returns the uuid of the entity or fact an object with attrs
// was merged into, and when; empty when it was not.
func MergedInto(attrs map[string]any) (string, time.Time) {
	mk, ok := MergeMarkOf(attrs)
	if !ok {
		return "", time.Time{}
	}
	return mk.Into, mk.At
}

// VisibleEntities drops the entities a merge hides as known at knownAt.
func VisibleEntities(xs []Entity, knownAt time.Time) []Entity {
	return slices.DeleteFunc(xs, func(x Entity) bool { return MergeHidden(x.Attributes, knownAt) })
}

// VisibleFacts drops the facts a merge hides as known at knownAt.
func VisibleFacts(xs []Fact, knownAt time.Time) []Fact {
	return slices.DeleteFunc(xs, func(x Fact) bool { return MergeHidden(x.Attributes, knownAt) })
}
