package retrievaltest

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
)

// scenario writes Alice's history as ingestion would have left it:
//
//   - she moved twice: Paris (from 2019-01-01), Lyon (from 2021-06-01),
//     Berlin (from 2023-03-01); each move was told days later and retired
//     the previous home;
//   - she worked at Acme from 2020-02-01 (told 2022-01-10) and then at
//     Initech from 2024-01-15 (told 2024-01-20, retiring Acme);
//   - out of order, on 2022-05-01, she told of her earlier job at Globex
//     (2018-01-01 to 2020-01-31), already over when it was learned.
func scenario(e *env, group string) *graph {
	g := e.graph(group)
	g.entity("alice", "Alice", "A person who moves a lot", "Person")
	for _, c := range []string{"Paris", "Lyon", "Berlin"} {
		g.entity(strings.ToLower(c), c, "A city", "Location")
	}
	for _, c := range []string{"Acme", "Globex", "Initech"} {
		g.entity(strings.ToLower(c), c, "A company", "Organization")
	}
	for i := range g.ents {
		if g.ents[i].Name == "Berlin" {
			g.ents[i].CreatedAt = date(2023, 3, 10)
		}
	}
	ep := func(id, text string, at time.Time) {
		g.episode(id, text, at)
		g.eps[len(g.eps)-1].CreatedAt = at
	}
	ep("ep-paris", "Alice: I just moved to Paris.", date(2019, 1, 5))
	ep("ep-lyon", "Alice: we moved from Paris to Lyon on June 1st.", date(2021, 6, 10))
	ep("ep-acme", "Alice: I have worked at Acme since February 2020.", date(2022, 1, 10))
	ep("ep-globex", "Alice: before Acme I was at Globex, until January 2020.", date(2022, 5, 1))
	ep("ep-berlin", "Alice: we left Lyon for Berlin on March 1st.", date(2023, 3, 10))
	ep("ep-initech", "Alice: I left Acme and started at Initech on January 15.", date(2024, 1, 20))

	// Facts are stored open, as first stated, then retired by the later
	// facts: the store keeps what was first stated for queries as of an
	// earlier system time.
	g.fact("paris", "alice", "LIVES_IN", "paris", "Alice lives in Paris", date(2019, 1, 1), date(2019, 1, 5), "ep-paris")
	g.fact("lyon", "alice", "LIVES_IN", "lyon", "Alice lives in Lyon", date(2021, 6, 1), date(2021, 6, 10), "ep-lyon")
	g.fact("berlin", "alice", "LIVES_IN", "berlin", "Alice lives in Berlin", date(2023, 3, 1), date(2023, 3, 10), "ep-berlin")
	g.fact("acme", "alice", "WORKS_AT", "acme", "Alice works at Acme", date(2020, 2, 1), date(2022, 1, 10), "ep-acme")
	globex := g.fact("globex", "alice", "WORKS_AT", "globex", "Alice works at Globex", date(2018, 1, 1), date(2022, 5, 1), "ep-globex")
	globex.InvalidAt = date(2020, 1, 31) // stated as over
	g.fact("initech", "alice", "WORKS_AT", "initech", "Alice works at Initech", date(2024, 1, 15), date(2024, 1, 20), "ep-initech")
	g.write()
	retire := func(id, by string, invalid, expired time.Time) core.Fact {
		for _, f := range g.facts {
			if f.UUID == g.id(id) {
				f.Embedding, f.Episodes = nil, nil
				f.InvalidAt, f.ExpiredAt, f.InvalidatedBy = invalid, expired, g.id(by)
				return f
			}
		}
		e.t.Fatalf("no fact %s", id)
		return core.Fact{}
	}
	for _, f := range []core.Fact{
		retire("paris", "lyon", date(2021, 6, 1), date(2021, 6, 10)),
		retire("lyon", "berlin", date(2023, 3, 1), date(2023, 3, 10)),
		retire("acme", "initech", date(2024, 1, 15), date(2024, 1, 20)),
	} {
		if err := e.store.Apply(context.Background(), core.Change{Facts: []core.Fact{f}}); err != nil {
			e.t.Fatalf("retire %s: %v", f.UUID, err)
		}
	}
	return g
}

func sorted(xs []string) []string {
	out := slices.Clone(xs)
	slices.Sort(out)
	if out == nil {
		out = []string{}
	}
	return out
}

// TestFiltersAndTimeTravel checks every filter and both time axes, alone
// and combined, on Alice's history.
func TestFiltersAndTimeTravel(t *testing.T) {
	e := newEnv(t)
	scenario(e, "g")
	e.people("other") // another Alice, never seen
	day := date
	cond := func(f core.TimeField, op core.CompareOp, v time.Time) core.TimeCondition {
		return core.TimeCondition{Field: f, Op: op, Value: v}
	}
	tests := []struct {
		name string
		sc   core.Scope
		f    core.Filter
		want []string
	}{
		{"facts valid now by default", core.ScopeFacts, core.Filter{}, []string{"berlin", "initech"}},
		{"history", core.ScopeFacts, core.Filter{IncludeInvalid: true}, []string{"acme", "berlin", "globex", "initech", "lyon", "paris"}},
		{"as of event time 2020-06", core.ScopeFacts, core.Filter{ValidAt: day(2020, 6, 1)}, []string{"acme", "paris"}},
		{"as of event time 2019-06", core.ScopeFacts, core.Filter{ValidAt: day(2019, 6, 1)}, []string{"globex", "paris"}},
		{"as of event time 2023-06", core.ScopeFacts, core.Filter{ValidAt: day(2023, 6, 1)}, []string{"acme", "berlin"}},
		{"as of system time 2022-02", core.ScopeFacts, core.Filter{KnownAt: day(2022, 2, 1)}, []string{"acme", "lyon"}},
		{"as of system time 2022-06: Globex known but already over", core.ScopeFacts, core.Filter{KnownAt: day(2022, 6, 1)}, []string{"acme", "lyon"}},
		{"as of system time 2018: nothing known", core.ScopeFacts, core.Filter{KnownAt: day(2018, 1, 1)}, []string{}},
		{"believed in 2022-02 about 2019-06", core.ScopeFacts, core.Filter{KnownAt: day(2022, 2, 1), ValidAt: day(2019, 6, 1)}, []string{"paris"}},
		{"believed in 2022-06 about 2019-06", core.ScopeFacts, core.Filter{KnownAt: day(2022, 6, 1), ValidAt: day(2019, 6, 1)}, []string{"globex", "paris"}},
		{"believed in 2022-02 about 2023-06", core.ScopeFacts, core.Filter{KnownAt: day(2022, 2, 1), ValidAt: day(2023, 6, 1)}, []string{"acme", "lyon"}},
		{"relation", core.ScopeFacts, core.Filter{Relations: []string{"LIVES_IN"}}, []string{"berlin"}},
		{"relation with history", core.ScopeFacts, core.Filter{Relations: []string{"LIVES_IN"}, IncludeInvalid: true}, []string{"berlin", "lyon", "paris"}},
		{"endpoint label", core.ScopeFacts, core.Filter{Labels: []string{"Organization"}, IncludeInvalid: true}, []string{"acme", "globex", "initech"}},
		{"relation and label", core.ScopeFacts, core.Filter{Labels: []string{"Location"}, Relations: []string{"WORKS_AT"}, IncludeInvalid: true}, []string{}},
		{
			"valid_at range or still open", core.ScopeFacts,
			core.Filter{IncludeInvalid: true, Time: [][]core.TimeCondition{
				{cond(core.FieldValidAt, core.OpGe, day(2021, 1, 1)), cond(core.FieldValidAt, core.OpLt, day(2023, 6, 1))},
				{cond(core.FieldInvalidAt, core.OpIsNull, time.Time{})},
			}},
			[]string{"berlin", "initech", "lyon"},
		},
		{"retired facts", core.ScopeFacts, core.Filter{IncludeInvalid: true, Time: [][]core.TimeCondition{{cond(core.FieldExpiredAt, core.OpNotNull, time.Time{})}}}, []string{"acme", "lyon", "paris"}},
		{"learned in 2022", core.ScopeFacts, core.Filter{IncludeInvalid: true, Time: [][]core.TimeCondition{{cond(core.FieldCreatedAt, core.OpGt, day(2022, 1, 1)), cond(core.FieldCreatedAt, core.OpLe, day(2022, 12, 31))}}}, []string{"acme", "globex"}},
		{"ended on a date", core.ScopeFacts, core.Filter{IncludeInvalid: true, Time: [][]core.TimeCondition{{cond(core.FieldInvalidAt, core.OpEq, day(2021, 6, 1))}, {cond(core.FieldInvalidAt, core.OpEq, day(2020, 1, 31))}}}, []string{"globex", "paris"}},
		{"time conditions and valid now", core.ScopeFacts, core.Filter{Time: [][]core.TimeCondition{{cond(core.FieldValidAt, core.OpLt, day(2024, 1, 1))}}}, []string{"berlin"}},
		{"entity label", core.ScopeEntities, core.Filter{Labels: []string{"Location"}}, []string{"berlin", "lyon", "paris"}},
		{"entities known in 2020", core.ScopeEntities, core.Filter{KnownAt: day(2020, 1, 1), Labels: []string{"Location"}}, []string{"lyon", "paris"}},
		{"entities created after 2023", core.ScopeEntities, core.Filter{Time: [][]core.TimeCondition{{cond(core.FieldCreatedAt, core.OpGt, day(2023, 1, 1))}}}, []string{"berlin"}},
		{"entities ignore fact-only conditions", core.ScopeEntities, core.Filter{Labels: []string{"Location"}, Time: [][]core.TimeCondition{{cond(core.FieldInvalidAt, core.OpIsNull, time.Time{})}}}, []string{"berlin", "lyon", "paris"}},
		{"episodes as of event time", core.ScopeEpisodes, core.Filter{ValidAt: day(2021, 12, 31)}, []string{"ep-lyon", "ep-paris"}},
		{"episodes as of system time", core.ScopeEpisodes, core.Filter{KnownAt: day(2022, 2, 1)}, []string{"ep-acme", "ep-lyon", "ep-paris"}},
		{"episodes by time condition", core.ScopeEpisodes, core.Filter{Time: [][]core.TimeCondition{{cond(core.FieldValidAt, core.OpGe, day(2023, 1, 1))}}}, []string{"ep-berlin", "ep-initech"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, methods := range [][]string{{retrieval.MethodCosine}, {retrieval.MethodBM25}, {retrieval.MethodCosine, retrieval.MethodBM25, retrieval.MethodBFS}} {
				req := retrieval.Request{Groups: []string{"g"}, Query: "Alice lives works moved Paris Lyon Berlin Acme Globex Initech city company", Filter: tt.f,
					Custom: only(tt.sc, retrieval.RerankRRF, 20, methods...)}
				if slices.Contains(methods, retrieval.MethodBFS) {
					req.Seeds = []string{"g-alice"}
				}
				got := sorted(names(e.search(t, req), tt.sc))
				if !cmp.Equal(got, tt.want) {
					t.Errorf("Search(%v, %+v) = %v, want %v", methods, tt.f, got, tt.want)
				}
			}
		})
	}
}

// TestKnownAtShowsPastBelief checks that a fact retired after KnownAt is
// returned, and written in the context, as it was believed then.
func TestKnownAtShowsPastBelief(t *testing.T) {
	e := newEnv(t)
	scenario(e, "g")
	req := retrieval.Request{Groups: []string{"g"}, Query: "where does Alice live", Recipe: "facts", Filter: core.Filter{KnownAt: date(2022, 2, 1), Relations: []string{"LIVES_IN"}}}
	res := e.search(t, req)
	if len(res.Facts) != 1 || res.Facts[0].Text != "Alice lives in Lyon" {
		t.Fatalf("Search(known at 2022-02) = %v, want Lyon", names(res, core.ScopeFacts))
	}
	if f := res.Facts[0]; !f.InvalidAt.IsZero() || !f.ExpiredAt.IsZero() || f.InvalidatedBy != "" {
		t.Errorf("Lyon as known in 2022-02 = invalid %v, expired %v, by %q; want open and current", f.InvalidAt, f.ExpiredAt, f.InvalidatedBy)
	}
	got, err := e.eng.Context(context.Background(), retrieval.ContextRequest{Request: req})
	if err != nil {
		t.Fatal(err)
	}
	if want := "- Alice lives in Lyon (2021-06-01 – present)\n"; !strings.Contains(got, want) {
		t.Errorf("Context(known at 2022-02) lacks %q:\n%s", want, got)
	}
	req.Filter = core.Filter{IncludeInvalid: true, Relations: []string{"LIVES_IN"}}
	got, err = e.eng.Context(context.Background(), retrieval.ContextRequest{Request: req})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"- Alice lives in Lyon (2021-06-01 – 2023-03-01) [superseded]\n",
		"- Alice lives in Paris (2019-01-01 – 2021-06-01) [superseded]\n",
		"- Alice lives in Berlin (2023-03-01 – present)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Context(history) lacks %q:\n%s", want, got)
		}
	}
}

// TestContextWithinBudget builds contexts of the scenario under growing
// budgets: each fits, holds only whole items, and grows with the budget.
func TestContextWithinBudget(t *testing.T) {
	e := newEnv(t)
	scenario(e, "g")
	e.people("g")
	prev := 0
	for _, budget := range []int{10, 40, 80, 120, 200, 400, 2000} {
		for _, format := range []string{retrieval.FormatText, retrieval.FormatJSON} {
			got, err := e.eng.Context(context.Background(), retrieval.ContextRequest{
				Request: retrieval.Request{Groups: []string{"g"}, Query: "Alice Berlin robots", Recipe: "hybrid_rrf"},
				Budget:  budget, Format: format,
			})
			if err != nil {
				t.Fatalf("Context(budget %d): %v", budget, err)
			}
			if n := retrieval.EstimateTokens(got); n > budget {
				t.Errorf("Context(budget %d, %s) is %d tokens", budget, format, n)
			}
			if format == retrieval.FormatText {
				inFacts := false
				for _, line := range strings.Split(got, "\n") {
					switch {
					case line == "<FACTS>":
						inFacts = true
					case line == "</FACTS>":
						inFacts = false
					case inFacts && !(strings.HasPrefix(line, "- ") && strings.HasSuffix(line, ")")):
						t.Errorf("Context(budget %d) has a cut fact line %q", budget, line)
					}
				}
				if len(got) < prev {
					t.Errorf("Context(budget %d) is shorter than with a smaller budget", budget)
				}
				prev = len(got)
			}
		}
	}
	if _, err := e.eng.Context(context.Background(), retrieval.ContextRequest{Request: retrieval.Request{Groups: []string{"g"}, Query: "x"}, Format: "xml"}); err == nil {
		t.Errorf("Context(format xml) = nil error, want ErrInvalid")
	}
}
