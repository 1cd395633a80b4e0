package core

import (
	"maps"
	"time"
)

// Why a fact is believed. Every fact keeps a short record of how it came
// to be what it is: the episodes that stated it (with the extractor, its
// rule or model, and the byte span of the sentence in the episode), and
// the resolution steps that changed it (corroborated, quarantined,
// released, approved, invalidated, ended, refused an invalidation). The
// record rides in the fact's WhyAttribute, as merges ride in
// MergedAttribute: every store keeps it like any attribute, so it is
// journaled, exported, imported and erased with the fact, with no schema
// of its own. It holds no text of an episode, only uuids, classes, names
// and offsets: the sentence is read from the episode when asked for, and
// goes when the episode is forgotten.

// WhyAttribute is the attribute of a fact that holds its WhySteps. It is
// reserved: what an extractor puts under it is dropped.
const WhyAttribute = "why"

// MaxWhySteps bounds a fact's record: past it, the first steps (how the
// fact was first stated) and the latest ones are kept.
const MaxWhySteps = 32

// MaxStatedSteps is how many statements a fact's record keeps in full
// (the extractor, its rule, the sentence's span). A fact restated after
// that gains the episode in its provenance (Fact.Episodes) and no step,
// unless the statement is of a source class the record has not seen or
// the restatement changes the fact (corroborates, ends it): the record then
// stays a few hundred bytes where a fact a user repeats daily would
// otherwise rewrite kilobytes of it at every restatement. Reading the
// record back (engine.Why) turns the provenance's other episodes into
// stated steps.
const MaxStatedSteps = 4

// Why step kinds.
const (
	// WhyStated: an episode stated the fact (the first, or a restatement
	// merged into it as a duplicate).
	WhyStated = "stated"
	// WhyQuarantined: the fact entered quarantine (Note says why).
	WhyQuarantined = "quarantined"
	// WhyCorroborated: a trusted episode's restatement released it.
	WhyCorroborated = "corroborated"
	// WhyApproved: feedback approve released it (Class is the approver's).
	WhyApproved = "approved"
	// WhyInvalidated: another fact (Fact) contradicted it and mnemo
	// retired it.
	WhyInvalidated = "invalidated"
	// WhyEnded: an episode stated its end.
	WhyEnded = "ended"
	// WhyVetoed: the fact, quarantined, was refused the invalidation of a
	// more trusted fact (Fact).
	WhyVetoed = "vetoed"
	// WhyMarkedWrong: feedback wrong retired it (Note is the reason).
	WhyMarkedWrong = "marked_wrong"
	// WhyMerged: a merge of duplicates made it from other facts, or took
	// it into another (Fact).
	WhyMerged = "merged"
)

// WhyStep is one step of a fact's record.
type WhyStep struct {
	// Step is the kind (WhyStated, ...); At its system time.
	Step string
	At   time.Time
	// Episode is the episode that took the step, if one did; Class its
	// source class (or the approver's).
	Episode string
	Class   string
	// Extractor and Rule name what extracted a stated fact: the plugin
	// and its rule or model, when it says.
	Extractor, Rule string
	// Start and End are the byte offsets of the sentence in the
	// episode's content that states the fact (End 0: not found).
	Start, End int
	// Fact is the other fact involved: the one that invalidated this one,
	// the one it was refused to end, the one a merge involved.
	Fact string
	// Note says more (why quarantined, the reason of a wrong mark).
	Note string
}

// WhyOf decodes a fact's record from its attributes, oldest first. A step
// that cannot be read is skipped.
func WhyOf(attrs map[string]any) []WhyStep {
	raw, _ := attrs[WhyAttribute].([]any)
	out := make([]WhyStep, 0, len(raw))
	for _, r := range raw {
		m, _ := r.(map[string]any)
		if m == nil {
			continue
		}
		var s WhyStep
		s.Step, _ = m["step"].(string)
		if s.Step == "" {
			continue
		}
		if v, ok := m["at"].(string); ok {
			s.At, _ = time.Parse(time.RFC3339Nano, v)
		}
		s.Episode, _ = m["episode"].(string)
		s.Class, _ = m["class"].(string)
		s.Extractor, _ = m["extractor"].(string)
		s.Rule, _ = m["rule"].(string)
		s.Fact, _ = m["fact"].(string)
		s.Note, _ = m["note"].(string)
		if sp := anyInts(m["span"]); len(sp) == 2 && sp[0] >= 0 && sp[1] > sp[0] {
			s.Start, s.End = sp[0], sp[1]
		}
		out = append(out, s)
	}
	return out
}

// attribute encodes the step as stores keep attributes (JSON values).
func (s WhyStep) attribute() map[string]any {
	m := map[string]any{"step": s.Step, "at": s.At.UTC().Format(time.RFC3339Nano)}
	for k, v := range map[string]string{"episode": s.Episode, "class": s.Class, "extractor": s.Extractor, "rule": s.Rule, "fact": s.Fact, "note": s.Note} {
		if v != "" {
			m[k] = v
		}
	}
	if s.End > s.Start {
		m["span"] = []any{float64(s.Start), float64(s.End)}
	}
	return m
}

// WithWhy returns attrs with steps added to the fact's record (a copy;
// attrs is not changed), cut at MaxWhySteps: the first half of the
// record and its latest steps are kept.
func WithWhy(attrs map[string]any, steps ...WhyStep) map[string]any {
	out := maps.Clone(attrs)
	if out == nil {
		out = map[string]any{}
	}
	old, _ := out[WhyAttribute].([]any)
	rec := make([]any, 0, len(old)+len(steps))
	rec = append(rec, old...)
	for _, s := range steps {
		rec = append(rec, s.attribute())
	}
	if n := len(rec); n > MaxWhySteps {
		head := MaxWhySteps / 2
		rec = append(rec[:head:head], rec[n-(MaxWhySteps-head):]...)
	}
	out[WhyAttribute] = rec
	return out
}

// RecordsStatement reports whether a statement of source class class is
// kept as a step of the record in attrs (MaxStatedSteps): while the record
// holds fewer statements than that, or none of that class.
func RecordsStatement(attrs map[string]any, class string) bool {
	raw, _ := attrs[WhyAttribute].([]any)
	n, seen := 0, false
	for _, r := range raw {
		m, _ := r.(map[string]any)
		if m == nil || m["step"] != WhyStated {
			continue
		}
		n++
		if c, _ := m["class"].(string); c == class {
			seen = true
		}
	}
	return n < MaxStatedSteps || !seen
}

// WithoutWhyOf returns attrs without the steps an episode took (a copy;
// nil when nothing is left): a forgotten episode leaves no trace in the
// record of a fact that stays.
func WithoutWhyOf(attrs map[string]any, episode string) map[string]any {
	return withoutWhy(attrs, func(m map[string]any) bool { return m["episode"] == episode })
}

// withoutWhy returns attrs without the steps drop reports (a copy; nil
// when nothing is left).
func withoutWhy(attrs map[string]any, drop func(map[string]any) bool) map[string]any {
	old, ok := attrs[WhyAttribute].([]any)
	if !ok {
		return attrs
	}
	rec := make([]any, 0, len(old))
	for _, r := range old {
		if m, _ := r.(map[string]any); m != nil && drop(m) {
			continue
		}
		rec = append(rec, r)
	}
	out := maps.Clone(attrs)
	if len(rec) == 0 {
		delete(out, WhyAttribute)
	} else {
		out[WhyAttribute] = rec
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func anyInts(v any) []int {
	var out []int
	switch v := v.(type) {
	case []int:
		out = append(out, v...)
	case []any:
		for _, a := range v {
			switch n := a.(type) {
			case float64:
				out = append(out, int(n))
			case int:
				out = append(out, n)
			case int64:
				out = append(out, int(n))
			}
		}
	}
	return out
}
