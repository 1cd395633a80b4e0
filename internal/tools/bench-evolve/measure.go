package main

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"
	"slices"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
)

// point is what one arm looks like on one day.
type point struct {
	Arm string `json:"arm"`
	Day int    `json:"day"`
	// Reported marks the days of the table (the others are for the chart).
	Reported bool `json:"reported"`
	// ActiveEntities and ActiveFacts are what default reads see: entities
	// not merged away, facts valid now and not merged away.
	ActiveEntities int `json:"active_entities"`
	ActiveFacts    int `json:"active_facts"`
	// StoredEntities and StoredFacts count everything the store holds,
	// merged away, invalidated and expired included.
	StoredEntities int `json:"stored_entities"`
	StoredFacts    int `json:"stored_facts"`
	// SearchP50MS and SearchP95MS are the latencies of the question set's
	// fact searches (limit 10), over the timed rounds.
	SearchP50MS float64 `json:"search_p50_ms"`
	SearchP95MS float64 `json:"search_p95_ms"`
	// ContextTokens is the mean token count of the questions' contexts
	// (default recipe and budget).
	ContextTokens float64 `json:"context_tokens"`
	// Recall is the share of questions whose answering fact is among the
	// top 10 facts. Stale is the share whose top 10 also holds a fact
	// believed current that gives another answer (a job or a home left,
	// kept current because it was stated of a duplicate of the person).
	Recall float64 `json:"recall_at_10"`
	Stale  float64 `json:"stale_at_10"`
	// Missed and StaleAnswers name the questions of each kind, with the
	// other answer for a stale one.
	Missed       []string `json:"missed,omitempty"`
	StaleAnswers []string `json:"stale_answers,omitempty"`
}

// measure takes one arm's point on day d, at the simulated time now.
func measure(ctx context.Context, h *host.Host, group string, w *workload, d, rounds int, now time.Time) (point, error) {
	p := point{Arm: group, Day: d}
	e := h.Engine
	var err error
	if p.ActiveEntities, err = count(ctx, func(o core.ListOptions) (core.Page[core.Entity], error) { return e.ListEntities(ctx, group, o) }); err != nil {
		return p, err
	}
	if p.ActiveFacts, err = count(ctx, func(o core.ListOptions) (core.Page[core.Fact], error) { return e.ListFacts(ctx, group, o) }); err != nil {
		return p, err
	}
	st, err := e.Stats(ctx, group)
	if err != nil {
		return p, err
	}
	p.StoredEntities, p.StoredFacts = st.Entities, st.Facts

	var lat []time.Duration
	hits, stale, tokens := 0, 0, 0
	// Round 0 answers the questions and warms the caches; the rounds after
	// it are timed.
	for r := range rounds + 1 {
		for _, q := range w.questions {
			req := retrieval.Request{Groups: []string{group}, Query: q.text, Scopes: []core.Scope{core.ScopeFacts}, Limit: 10}
			t := time.Now()
			res, err := e.Search(ctx, req)
			if err != nil {
				return p, fmt.Errorf("search %q: %w", q.text, err)
			}
			if r > 0 {
				lat = append(lat, time.Since(t))
				continue
			}
			right, wrong := answers(res.Facts, q, d, now)
			if right {
				hits++
			} else {
				p.Missed = append(p.Missed, q.text)
			}
			if wrong != "" {
				stale++
				p.StaleAnswers = append(p.StaleAnswers, q.text+" "+wrong)
			}
			c, err := e.Context(ctx, retrieval.ContextRequest{Request: retrieval.Request{Groups: []string{group}, Query: q.text}})
			if err != nil {
				return p, fmt.Errorf("context %q: %w", q.text, err)
			}
			tokens += retrieval.EstimateTokens(c)
		}
	}
	slices.Sort(lat)
	p.SearchP50MS, p.SearchP95MS = ms(pct(lat, 50)), ms(pct(lat, 95))
	p.ContextTokens = float64(tokens) / float64(len(w.questions))
	p.Recall = float64(hits) / float64(len(w.questions))
	p.Stale = float64(stale) / float64(len(w.questions))
	return p, nil
}

// answers reports whether facts hold the fact that answers q on day d
// (its relation, a name of its subject and a name of the answer, current
// at now), and the text of a current fact of the same relation and
// subject that gives another answer, if any.
func answers(facts []retrieval.FactResult, q question, d int, now time.Time) (right bool, wrong string) {
	want := q.target(d)
	for _, f := range facts {
		if f.Relation != q.relation || !f.Current(now) || !nameIn(f.SourceName, q.source) {
			continue
		}
		if nameIn(f.TargetName, want) {
			right = true
		} else if wrong == "" {
			wrong = f.Text
		}
	}
	return right, wrong
}

func nameIn(name string, names []string) bool {
	return slices.ContainsFunc(names, func(n string) bool { return core.NormalizeName(n) == core.NormalizeName(name) })
}

// count pages through a listing and counts its items.
func count[T any](ctx context.Context, list func(core.ListOptions) (core.Page[T], error)) (int, error) {
	n := 0
	o := core.ListOptions{Limit: 1000}
	for {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		p, err := list(o)
		if err != nil {
			return 0, err
		}
		n += len(p.Items)
		if p.Next == "" {
			return n, nil
		}
		o.Cursor = p.Next
	}
}

// pct is the p-th percentile of sorted durations (nearest rank).
func pct(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := (len(sorted)*p + 99) / 100
	return sorted[max(i-1, 0)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// sideResult is the arms' search latencies measured side by side.
type sideResult struct {
	Day    int `json:"day"`
	Rounds int `json:"rounds"`
	// Searches is the number of timed searches of each arm.
	Searches  int     `json:"searches"`
	PlainP50  float64 `json:"plain_p50_ms"`
	PlainP95  float64 `json:"plain_p95_ms"`
	EvolveP50 float64 `json:"evolve_p50_ms"`
	EvolveP95 float64 `json:"evolve_p95_ms"`
}

func (r sideResult) line(day int) string {
	return fmt.Sprintf("Side by side on day %d (%d rounds of the %d questions, the arms alternating question by question): search p50 / p95 plain %.2f / %.2f ms, evolve %.2f / %.2f ms; evolve / plain p50 %.2f, p95 %.2f.",
		day, r.Rounds, r.Searches/max(r.Rounds, 1), r.PlainP50, r.PlainP95, r.EvolveP50, r.EvolveP95, r.EvolveP50/r.PlainP50, r.EvolveP95/r.PlainP95)
}

// sideBySide times the question set's fact searches (limit 10) in both
// arms, alternating the arms at every question and which goes first at
// every round, so that both see the same machine. With a profile path it
// writes a CPU profile of them, the samples labeled arm=plain and
// arm=evolve (go tool pprof -tagfocus arm=evolve).
func sideBySide(ctx context.Context, h *host.Host, w *workload, rounds int, profile string) (sideResult, error) {
	r := sideResult{Rounds: rounds}
	if profile != "" {
		f, err := os.Create(profile)
		if err != nil {
			return r, err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return r, err
		}
		defer pprof.StopCPUProfile()
	}
	lat := map[string][]time.Duration{}
	arms := []string{armPlain, armEvolve}
	for i := range rounds + 1 {
		for _, q := range w.questions {
			for k := range arms {
				g := arms[(i+k)%2]
				req := retrieval.Request{Groups: []string{g}, Query: q.text, Scopes: []core.Scope{core.ScopeFacts}, Limit: 10}
				var err error
				t := time.Now()
				pprof.Do(ctx, pprof.Labels("arm", g), func(ctx context.Context) { _, err = h.Engine.Search(ctx, req) })
				d := time.Since(t)
				if err != nil {
					return r, fmt.Errorf("search %q: %w", q.text, err)
				}
				if i > 0 { // the first round warms the caches
					lat[g] = append(lat[g], d)
				}
			}
		}
	}
	for _, g := range arms {
		slices.Sort(lat[g])
	}
	r.Searches = len(lat[armPlain])
	r.PlainP50, r.PlainP95 = ms(pct(lat[armPlain], 50)), ms(pct(lat[armPlain], 95))
	r.EvolveP50, r.EvolveP95 = ms(pct(lat[armEvolve], 50)), ms(pct(lat[armEvolve], 95))
	return r, nil
}
