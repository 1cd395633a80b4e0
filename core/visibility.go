package core

import (
	"math"
	"slices"
	"time"
)

// This file is the one definition of what a Filter keeps: the bi-temporal
// visibility rule and the other conditions. Stores evaluate it on their
// objects (the in-memory store and the Kuzu catalog call these methods); a
// store that translates a Filter into its own query language (Kuzu's
// Cypher in kuzu/filter.go) must agree with it on every case, which
// core/storetest checks.
//
// Timestamps are compared at microsecond precision, the precision stores
// keep, and an unknown (zero) timestamp fails every comparison, as NULL
// does in SQL and Cypher.

// NoTime stands for an unknown timestamp in FactTimes and the Match*Times
// methods.
const NoTime = math.MinInt64

// Micros returns t as Unix microseconds, or NoTime for the zero time.
func Micros(t time.Time) int64 {
	if t.IsZero() {
		return NoTime
	}
	return t.UnixMicro()
}

// FactTimes are a fact's timestamps as Micros, the form the rule reads.
type FactTimes struct {
	Valid, Invalid, StatedInvalid, Created, Expired int64
	// Archived is when evolution archived the fact (NoTime: active).
	Archived int64
	// Quarantined is when the fact was quarantined (NoTime: it is not),
	// Released when it left quarantine (NoTime: never).
	Quarantined, Released int64
}

// Times returns the fact's timestamps for the rule, its stated invalid_at
// defaulted as StatedInvalid says.
func (x *Fact) Times() FactTimes {
	return FactTimes{
		Valid: Micros(x.ValidAt), Invalid: Micros(x.InvalidAt), StatedInvalid: Micros(x.StatedInvalid()),
		Created: Micros(x.CreatedAt), Expired: Micros(x.ExpiredAt), Archived: Micros(x.ArchivedAt),
		Quarantined: Micros(x.QuarantinedAt), Released: Micros(x.ReleasedAt),
	}
}

// StatedInvalid is the invalid_at the fact was stated with: StatedInvalidAt
// when set; otherwise InvalidAt, unless another fact's arrival set that
// (InvalidatedBy), in which case the fact was stated open-ended and
// deleting what retired it must reopen it. Stores keep this value.
func (x *Fact) StatedInvalid() time.Time {
	if x.StatedInvalidAt.IsZero() && x.InvalidatedBy == "" {
		return x.InvalidAt
	}
	return x.StatedInvalidAt
}

// MatchFact reports whether f keeps the fact, Labels aside (they concern
// its ends: see MatchFactEnds).
func (f *Filter) MatchFact(x *Fact) bool { return f.MatchFactTimes(x.Relation, x.Times()) }

// MatchFactTimes is MatchFact on a fact's relation and timestamps.
//
// The rule, for facts:
//   - Relations keeps the listed relations.
//   - KnownAt (system time T') hides facts created after T' and sees the
//     fact's invalid_at as it was at T': the stated one if mnemo retired
//     the fact after T' (expired_at > T'), the current one otherwise.
//     Without ValidAt or IncludeInvalid it keeps the facts current at T':
//     not retired by T' and not ended by T'.
//   - ValidAt (event time T) keeps the facts true at T, retired ones
//     included: started at or before T (or start unknown) and not ended at
//     or before T, reading invalid_at as of KnownAt when that is set.
//   - IncludeInvalid drops the validity conditions (KnownAt still hides
//     facts created after it).
//   - Otherwise (neither KnownAt nor ValidAt) it keeps the facts valid at
//     Now: not retired, and not ended at or before Now when Now is set.
//   - An archived fact is kept only with IncludeArchived, or when KnownAt
//     is before it was archived (see Filter.Archived).
//   - A quarantined fact is kept only with IncludeQuarantined; as of
//     KnownAt, one released after it counts as quarantined (see
//     Filter.KeepsQuarantined).
//   - Time conditions must hold as well (see Filter.Time).
func (f *Filter) MatchFactTimes(relation string, t FactTimes) bool {
	if len(f.Relations) > 0 && !slices.Contains(f.Relations, relation) {
		return false
	}
	if !f.KeepsQuarantined(t.Quarantined, t.Released) {
		return false
	}
	if !f.KeepsArchived(t.Archived) {
		return false
	}
	inv := t.Invalid
	if !f.KnownAt.IsZero() {
		kt := Micros(f.KnownAt)
		if t.Created == NoTime || t.Created > kt {
			return false
		}
		if t.Expired != NoTime && t.Expired > kt {
			inv = t.StatedInvalid
		}
		if f.ValidAt.IsZero() && !f.IncludeInvalid {
			if t.Expired != NoTime && t.Expired <= kt || inv != NoTime && inv <= kt {
				return false
			}
		}
	}
	switch {
	case f.IncludeInvalid:
	case !f.ValidAt.IsZero():
		vt := Micros(f.ValidAt)
		if t.Valid != NoTime && t.Valid > vt || inv != NoTime && inv <= vt {
			return false
		}
	case f.KnownAt.IsZero():
		if t.Expired != NoTime {
			return false
		}
		if !f.Now.IsZero() && t.Invalid != NoTime && t.Invalid <= Micros(f.Now) {
			return false
		}
	}
	return matchTime(f.Time, func(field TimeField) (int64, bool) {
		switch field {
		case FieldValidAt:
			return t.Valid, true
		case FieldInvalidAt:
			return t.Invalid, true
		case FieldCreatedAt:
			return t.Created, true
		case FieldExpiredAt:
			return t.Expired, true
		case FieldQuarantinedAt:
			return t.Quarantined, true
		}
		return 0, false
	})
}

// AsKnownAt turns the fact into what mnemo knew of it at system time t
// (nothing when t is zero): a retirement after t had not happened yet, so
// the fact keeps its stated invalid_at; a release from quarantine after t
// had not either, so the fact is quarantined since its creation; nor had
// a quarantine after t. It is how KnownAt reads invalid_at and quarantine
// in MatchFactTimes.
func (x *Fact) AsKnownAt(t time.Time) {
	if t.IsZero() {
		return
	}
	kt := Micros(t)
	if !x.ReleasedAt.IsZero() && Micros(x.ReleasedAt) > kt {
		x.QuarantinedAt, x.ReleasedAt = x.CreatedAt, time.Time{}
	}
	if !x.QuarantinedAt.IsZero() && Micros(x.QuarantinedAt) > kt {
		x.QuarantinedAt = time.Time{}
	}
	if x.ExpiredAt.IsZero() || Micros(x.ExpiredAt) <= kt {
		return
	}
	x.InvalidAt, x.ExpiredAt, x.InvalidatedBy = x.StatedInvalid(), time.Time{}, ""
}

// MatchFactEnds applies Labels to a fact, given its ends' labels: it keeps
// the fact when one end carries every label of f (or f has none).
func (f *Filter) MatchFactEnds(source, target []string) bool {
	return len(f.Labels) == 0 || hasAll(source, f.Labels) || hasAll(target, f.Labels)
}

// MatchEntity reports whether f keeps the entity: it carries every label of
// f, it was created at or before KnownAt when that is set, it is not
// archived as of KnownAt unless f includes archived objects
// (KeepsArchived), and the time conditions (on created_at) hold.
func (f *Filter) MatchEntity(x *Entity) bool {
	return f.MatchEntityTimes(x.Labels, Micros(x.CreatedAt), Micros(x.ArchivedAt))
}

// MatchEntityTimes is MatchEntity on an entity's labels, created_at and
// archived_at.
func (f *Filter) MatchEntityTimes(labels []string, created, archived int64) bool {
	return hasAll(labels, f.Labels) && f.KeepsArchived(archived) && f.MatchCommunityTimes(created)
}

// KeepsArchived reports whether f keeps an entity or fact archived at
// archived (Micros; NoTime: never archived). Archiving is recorded in
// system time, so a query known at a moment before it sees the object
// active; otherwise an archived object is kept only with IncludeArchived.
func (f *Filter) KeepsArchived(archived int64) bool {
	if f.IncludeArchived || archived == NoTime {
		return true
	}
	return !f.KnownAt.IsZero() && archived > Micros(f.KnownAt)
}

// KeepsQuarantined reports whether f keeps a fact quarantined at q and
// released from quarantine at r (Micros; NoTime: not quarantined, never
// released). A quarantined fact is kept only by a query that asks for it.
// Quarantine is recorded in system time: a query known at T (KnownAt)
// sees a fact quarantined at or before T, and one released after T, as
// quarantined; a released fact was held from its creation on, which
// KnownAt checks apart (MatchFactTimes).
func (f *Filter) KeepsQuarantined(q, r int64) bool {
	if f.IncludeQuarantined {
		return true
	}
	if f.KnownAt.IsZero() {
		return q == NoTime
	}
	kt := Micros(f.KnownAt)
	return (q == NoTime || q > kt) && (r == NoTime || r <= kt)
}

// MatchEpisode reports whether f keeps the episode: created at or before
// KnownAt and with a reference time at or before ValidAt, each when set,
// and the time conditions (on valid_at and created_at) hold.
func (f *Filter) MatchEpisode(x *Episode) bool {
	return f.MatchEpisodeTimes(Micros(x.ValidAt), Micros(x.CreatedAt))
}

// MatchEpisodeTimes is MatchEpisode on an episode's reference time and
// created_at.
func (f *Filter) MatchEpisodeTimes(valid, created int64) bool {
	if !f.KnownAt.IsZero() && (created == NoTime || created > Micros(f.KnownAt)) {
		return false
	}
	if !f.ValidAt.IsZero() && (valid == NoTime || valid > Micros(f.ValidAt)) {
		return false
	}
	return matchTime(f.Time, func(field TimeField) (int64, bool) {
		switch field {
		case FieldValidAt:
			return valid, true
		case FieldCreatedAt:
			return created, true
		}
		return 0, false
	})
}

// MatchCommunity reports whether f keeps the community: created at or
// before KnownAt when set, and the time conditions (on created_at) hold.
func (f *Filter) MatchCommunity(x *Community) bool { return f.MatchCommunityTimes(Micros(x.CreatedAt)) }

// MatchCommunityTimes is MatchCommunity on a created_at.
func (f *Filter) MatchCommunityTimes(created int64) bool {
	if !f.KnownAt.IsZero() && (created == NoTime || created > Micros(f.KnownAt)) {
		return false
	}
	return matchTime(f.Time, func(field TimeField) (int64, bool) {
		return created, field == FieldCreatedAt
	})
}

// matchTime evaluates Filter.Time, an OR of AND groups, on the timestamps
// field returns (false for a field the object lacks): a comparison with an
// unknown timestamp is false, a group with no condition counts for
// nothing, and no group at all passes.
func matchTime(groups [][]TimeCondition, field func(TimeField) (int64, bool)) bool {
	some := false
	for _, g := range groups {
		if len(g) == 0 {
			continue
		}
		some = true
		if matchAll(g, field) {
			return true
		}
	}
	return !some
}

func matchAll(conds []TimeCondition, field func(TimeField) (int64, bool)) bool {
	for _, c := range conds {
		v, ok := field(c.Field)
		if !ok {
			return false
		}
		switch c.Op {
		case OpIsNull:
			if v != NoTime {
				return false
			}
			continue
		case OpNotNull:
			if v == NoTime {
				return false
			}
			continue
		}
		if v == NoTime {
			return false
		}
		x := Micros(c.Value)
		switch c.Op {
		case OpEq:
			ok = v == x
		case OpNe:
			ok = v != x
		case OpLt:
			ok = v < x
		case OpLe:
			ok = v <= x
		case OpGt:
			ok = v > x
		case OpGe:
			ok = v >= x
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	return true
}

// hasAll reports whether have contains every one of want.
func hasAll(have, want []string) bool {
	for _, l := range want {
		if !slices.Contains(have, l) {
			return false
		}
	}
	return true
}
