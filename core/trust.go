package core

import (
	"fmt"
	"slices"
	"time"
)

// Trust per source. Every episode carries a source class (Episode.Trust):
// who wrote it — the operator, the user, the agent, a document, a tool, the
// web — as the surface that stored it says from its route and API key,
// never from the episode's text. A class has a level; a fact carries the
// most trusted class among the episodes that stated it (Fact.Trust), and
// a fact whose class is below its group's threshold is held in quarantine
// (Fact.QuarantinedAt): stored, dated and searchable on request, but out
// of default searches and context strings, and unable to invalidate a fact
// of a more trusted class. This file holds the rules; the engine applies
// them in fact resolution (engine/ingest) and the surfaces set the class.

// Default source classes and their levels.
const (
	TrustOperator = "operator"
	TrustUser     = "user"
	TrustAgent    = "agent"
	TrustDocument = "document"
	TrustTool     = "tool"
	TrustWeb      = "web"
)

// TrustClass is a named source class and its level: the higher, the more
// trusted.
type TrustClass struct {
	Name  string
	Level int
}

// DefaultTrustClasses are the classes of a TrustPolicy that names none.
func DefaultTrustClasses() []TrustClass {
	return []TrustClass{
		{TrustOperator, 100}, {TrustUser, 80}, {TrustAgent, 60},
		{TrustDocument, 40}, {TrustTool, 30}, {TrustWeb, 10},
	}
}

// DefaultTrustThreshold is the default quarantine threshold: the agent, the
// user and the operator are trusted; documents, tools and the web are
// not.
const DefaultTrustThreshold = 50

// TrustPolicy says which classes exist, what an episode without a class
// is, and below which level a group's facts are quarantined. The zero
// value is the default policy. A TrustPolicy is a value: safe to share once
// built, never changed by its methods.
type TrustPolicy struct {
	// Classes are the source classes; nil means DefaultTrustClasses.
	Classes []TrustClass
	// Default is the class of an episode stored without one; empty means
	// "user" (the single-user setup: what the user writes is trusted).
	Default string
	// Threshold is the level below which a fact is quarantined; 0 means
	// DefaultTrustThreshold. A negative threshold quarantines nothing.
	Threshold int
	// Groups overrides Threshold per group.
	Groups map[string]int
	// Patterns override Threshold for the groups they match, the first
	// that matches, after Groups.
	Patterns []TrustPattern
}

// TrustPattern is a threshold for the groups Match accepts.
type TrustPattern struct {
	Match     func(group string) bool
	Threshold int
}

func (p TrustPolicy) classes() []TrustClass {
	if p.Classes == nil {
		return DefaultTrustClasses()
	}
	return p.Classes
}

// DefaultClass is the class of an episode stored without one.
func (p TrustPolicy) DefaultClass() string {
	if p.Default == "" {
		return TrustUser
	}
	return p.Default
}

// Class returns the class an episode counts as: its own, or the default.
func (p TrustPolicy) Class(c string) string {
	if c == "" {
		return p.DefaultClass()
	}
	return c
}

// Known reports whether c names a class of the policy.
func (p TrustPolicy) Known(c string) bool {
	return slices.ContainsFunc(p.classes(), func(x TrustClass) bool { return x.Name == c })
}

// Level is the level of class c (empty: the default class). An unknown
// class — one a past configuration had — ranks below every known one.
func (p TrustPolicy) Level(c string) int {
	c = p.Class(c)
	for _, x := range p.classes() {
		if x.Name == c {
			return x.Level
		}
	}
	return minLevel(p.classes()) - 1
}

func minLevel(cs []TrustClass) int {
	m := 0
	for i, x := range cs {
		if i == 0 || x.Level < m {
			m = x.Level
		}
	}
	return m
}

// ThresholdOf is group's quarantine threshold.
func (p TrustPolicy) ThresholdOf(group string) int {
	if t, ok := p.Groups[group]; ok {
		return t
	}
	for _, x := range p.Patterns {
		if x.Match(group) {
			return x.Threshold
		}
	}
	if p.Threshold == 0 {
		return DefaultTrustThreshold
	}
	return p.Threshold
}

// Quarantines reports whether a fact of group whose best class is c is
// held in quarantine.
func (p TrustPolicy) Quarantines(group, c string) bool {
	return p.Level(c) < p.ThresholdOf(group)
}

// QuarantineReason says why fact f is held in quarantine; empty when it
// is not. A fact whose class clears the threshold is held because an
// episode that stated it reads as an instruction to a model.
func (p TrustPolicy) QuarantineReason(f *Fact) string {
	if f.QuarantinedAt.IsZero() {
		return ""
	}
	c := p.Class(f.Trust)
	if p.Quarantines(f.GroupID, c) {
		return fmt.Sprintf("its best source, %s (level %d), is below the group's trust threshold %d", c, p.Level(c), p.ThresholdOf(f.GroupID))
	}
	return "an episode that stated it reads as an instruction to a model"
}

// Best returns the more trusted of two classes (a on a tie), each read as
// Class reads it.
func (p TrustPolicy) Best(a, b string) string {
	a, b = p.Class(a), p.Class(b)
	if p.Level(b) > p.Level(a) {
		return b
	}
	return a
}

// MayInvalidate reports whether a fact of class by, held in quarantine or
// not (quarantined), may invalidate a fact of class c: a quarantined fact
// never ends one of a more trusted class.
func (p TrustPolicy) MayInvalidate(by string, quarantined bool, c string) bool {
	return !quarantined || p.Level(by) >= p.Level(c)
}

// Trusted sets a fact's trust for its group after it gained a statement of
// class c at now (a new fact: Trust already set to c): Trust becomes the best of its own and c, and the fact
// enters quarantine (QuarantinedAt = now) if that is below the threshold,
// or leaves it if not (ReleasedAt = now). It reports whether the fact left
// quarantine.
func (p TrustPolicy) Trusted(f *Fact, c string, now time.Time) (released bool) {
	// A fact stored before classes existed (empty Trust) counts as the
	// default class; a new fact's caller sets Trust to its first
	// statement's class first.
	f.Trust = p.Best(f.Trust, c)
	q := p.Quarantines(f.GroupID, f.Trust)
	switch {
	case q && f.QuarantinedAt.IsZero():
		f.QuarantinedAt, f.ReleasedAt = now, time.Time{}
	case !q && !f.QuarantinedAt.IsZero():
		f.QuarantinedAt, f.ReleasedAt = time.Time{}, now
		return true
	}
	return false
}

// Validate checks the policy: class names valid and distinct, the default
// class among them, every group id valid.
func (p TrustPolicy) Validate() error {
	seen := map[string]bool{}
	for _, c := range p.classes() {
		if err := ValidateTrustClass(c.Name); err != nil {
			return err
		}
		if seen[c.Name] {
			return invalidf("trust class %q is listed twice", c.Name)
		}
		seen[c.Name] = true
	}
	if !seen[p.DefaultClass()] {
		return invalidf("the default trust class %q is not a class", p.DefaultClass())
	}
	for g := range p.Groups {
		if err := ValidateGroupID(g); err != nil {
			return fmt.Errorf("trust threshold: %w", err)
		}
	}
	return nil
}

// ValidateTrustClass checks a class name: 1 to 32 lowercase letters,
// digits, '-' and '_'.
func ValidateTrustClass(c string) error {
	if c == "" || len(c) > 32 {
		return invalidf("trust class %q: want 1 to 32 characters", c)
	}
	for i := 0; i < len(c); i++ {
		ch := c[i]
		if !(ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || ch == '-' || ch == '_') {
			return invalidf("trust class %q: character %q is not allowed (lowercase letters, digits, - and _)", c, ch)
		}
	}
	return nil
}
