package core_test

import (
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// The rule on one fact told both ways: Alice worked at Acme from 2020,
// stated open-ended, learned at t1; at t2 a later episode said she left in
// 2023, which ended the fact (invalid_at 2023) and retired it (expired_at
// t2).
func TestMatchFactAsOfBothAxes(t *testing.T) {
	t1 := time.Date(2024, 3, 1, 9, 0, 0, 0, time.UTC)
	t2 := t1.Add(time.Hour)
	y := func(year int) time.Time { return time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC) }
	f := core.Fact{Relation: "WORKS_AT", ValidAt: y(2020), InvalidAt: y(2023), CreatedAt: t1, ExpiredAt: t2, InvalidatedBy: "other"}
	for _, c := range []struct {
		name   string
		filter core.Filter
		keep   bool
	}{
		{"valid now: retired facts never are", core.Filter{Now: t2}, false},
		{"history", core.Filter{IncludeInvalid: true}, true},
		{"history known before it was learned", core.Filter{IncludeInvalid: true, KnownAt: t1.Add(-time.Second)}, false},
		{"known at t1: current then", core.Filter{KnownAt: t1}, true},
		{"known at t2: retired then", core.Filter{KnownAt: t2}, false},
		{"valid in 2021", core.Filter{ValidAt: y(2021)}, true},
		{"valid in 2024", core.Filter{ValidAt: y(2024)}, false},
		{"valid in 2024 as known at t1: open-ended then", core.Filter{ValidAt: y(2024), KnownAt: t1}, true},
		{"valid in 2024 as known at t2", core.Filter{ValidAt: y(2024), KnownAt: t2}, false},
		{"valid in 2019", core.Filter{ValidAt: y(2019)}, false},
		{"valid exactly when it ended", core.Filter{ValidAt: y(2023)}, false},
		{"valid exactly when it started", core.Filter{ValidAt: y(2020)}, true},
		{"other relation", core.Filter{Relations: []string{"KNOWS"}, IncludeInvalid: true}, false},
		{"expired_at not null", core.Filter{IncludeInvalid: true, Time: [][]core.TimeCondition{{{Field: core.FieldExpiredAt, Op: core.OpNotNull}}}}, true},
		{"invalid_at before 2022 or started after 2021", core.Filter{IncludeInvalid: true, Time: [][]core.TimeCondition{
			{{Field: core.FieldInvalidAt, Op: core.OpLt, Value: y(2022)}}, {{Field: core.FieldValidAt, Op: core.OpGt, Value: y(2021)}},
		}}, false},
		{"a comparison with an unknown time is false", core.Filter{IncludeInvalid: true, Time: [][]core.TimeCondition{{{Field: core.FieldExpiredAt, Op: core.OpLt, Value: t1}}}}, false},
	} {
		if got := c.filter.MatchFact(&f); got != c.keep {
			t.Errorf("%s: MatchFact = %v, want %v", c.name, got, c.keep)
		}
	}
	// As known at t1 the fact reads as stated then.
	seen := f
	seen.AsKnownAt(t1)
	if !seen.InvalidAt.IsZero() || !seen.ExpiredAt.IsZero() || seen.InvalidatedBy != "" {
		t.Errorf("AsKnownAt(t1) = %+v, want open-ended and current", seen)
	}
	seen = f
	seen.AsKnownAt(t2)
	if !seen.InvalidAt.Equal(y(2023)) || !seen.ExpiredAt.Equal(t2) {
		t.Errorf("AsKnownAt(t2) = %+v, want unchanged", seen)
	}
	// Times are compared to the microsecond, as stores keep them: 999 ns
	// after t2 is still t2, when the fact was already retired.
	if fl := (core.Filter{KnownAt: t2.Add(-time.Nanosecond)}); !fl.MatchFact(&f) {
		t.Errorf("KnownAt 1 ns before t2 is a microsecond before it: the fact was current")
	}
	if fl := (core.Filter{KnownAt: t2.Add(999 * time.Nanosecond)}); fl.MatchFact(&f) {
		t.Errorf("KnownAt 999 ns after t2 is t2: the fact was retired")
	}
}

func TestMatchFactEnds(t *testing.T) {
	f := core.Filter{Labels: []string{"Org", "Company"}}
	for _, c := range []struct {
		src, tgt []string
		keep     bool
	}{
		{[]string{"Person"}, []string{"Org", "Company"}, true},
		{[]string{"Org"}, []string{"Company"}, false},
		{nil, nil, false},
	} {
		if got := f.MatchFactEnds(c.src, c.tgt); got != c.keep {
			t.Errorf("MatchFactEnds(%v, %v) = %v, want %v", c.src, c.tgt, got, c.keep)
		}
	}
	if none := (core.Filter{}); !none.MatchFactEnds(nil, nil) {
		t.Errorf("a filter without labels keeps every fact")
	}
}
