package lme

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// Metrics are the session-level scores of one ranking at one cutoff.
type Metrics struct {
	// RecallAny is 1 if any gold session is in the top k.
	RecallAny float64
	// RecallAll is 1 if every gold session is in the top k.
	RecallAll float64
	// NDCG is ndcg_any@k with binary relevance.
	NDCG float64
}

// Score scores a ranking of distinct session ids against the gold
// sessions at cutoff k, as LongMemEval's evaluate_retrieval does.
func Score(ranked, gold []string, k int) Metrics {
	top := ranked[:min(k, len(ranked))]
	in := func(id string) bool { return slices.Contains(top, id) }
	var m Metrics
	all := len(gold) > 0
	for _, g := range gold {
		if in(g) {
			m.RecallAny = 1
		} else {
			all = false
		}
	}
	if all {
		m.RecallAll = 1
	}
	rel := make([]float64, len(top))
	for i, id := range top {
		if slices.Contains(gold, id) {
			rel[i] = 1
		}
	}
	ideal := make([]float64, min(len(gold), k))
	for i := range ideal {
		ideal[i] = 1
	}
	if idcg := dcg(ideal); idcg > 0 {
		m.NDCG = dcg(rel) / idcg
	}
	return m
}

// dcg is the official discounted cumulative gain: the first relevance
// counts fully, the i-th (from 1) after it is divided by log2(i+1).
func dcg(rel []float64) float64 {
	if len(rel) == 0 {
		return 0
	}
	s := rel[0]
	for i := 1; i < len(rel); i++ {
		s += rel[i] / math.Log2(float64(i+1))
	}
	return s
}

// Tally accumulates metrics per system, question type and cutoff.
type Tally struct {
	Ks []int
	// sums[system][type][k index]; type "" is overall.
	sums  map[string]map[string][]Metrics
	count map[string]map[string]int
	order []string
}

// NewTally returns an empty tally for the cutoffs ks.
func NewTally(ks []int) *Tally {
	return &Tally{Ks: ks, sums: map[string]map[string][]Metrics{}, count: map[string]map[string]int{}}
}

// Add records one question's ranking for a system.
func (t *Tally) Add(system, qtype string, ranked, gold []string) {
	if t.sums[system] == nil {
		t.sums[system] = map[string][]Metrics{}
		t.count[system] = map[string]int{}
		t.order = append(t.order, system)
	}
	for _, typ := range []string{"", qtype} {
		s := t.sums[system][typ]
		if s == nil {
			s = make([]Metrics, len(t.Ks))
			t.sums[system][typ] = s
		}
		for i, k := range t.Ks {
			m := Score(ranked, gold, k)
			s[i].RecallAny += m.RecallAny
			s[i].RecallAll += m.RecallAll
			s[i].NDCG += m.NDCG
		}
		t.count[system][typ]++
	}
}

// Mean returns a system's mean metrics for a question type ("" for all)
// at cutoff k, and the number of questions.
func (t *Tally) Mean(system, qtype string, k int) (Metrics, int) {
	n := t.count[system][qtype]
	i := slices.Index(t.Ks, k)
	if n == 0 || i < 0 {
		return Metrics{}, n
	}
	s := t.sums[system][qtype][i]
	return Metrics{RecallAny: s.RecallAny / float64(n), RecallAll: s.RecallAll / float64(n), NDCG: s.NDCG / float64(n)}, n
}

// Systems lists the systems in the order first added.
func (t *Tally) Systems() []string { return slices.Clone(t.order) }

// Types lists the question types seen, sorted.
func (t *Tally) Types() []string {
	seen := map[string]bool{}
	for _, m := range t.count {
		for typ := range m {
			if typ != "" {
				seen[typ] = true
			}
		}
	}
	var out []string
	for typ := range seen {
		out = append(out, typ)
	}
	slices.Sort(out)
	return out
}

// Write prints the tally as Markdown tables: overall, then per question
// type, with recall_any@5, recall_all@5, ndcg_any@5 and ndcg_any@10 (or the
// cutoffs the tally has).
func (t *Tally) Write(w io.Writer) {
	cols := []string{}
	for _, k := range t.Ks {
		cols = append(cols, fmt.Sprintf("recall_any@%d", k), fmt.Sprintf("recall_all@%d", k), fmt.Sprintf("ndcg_any@%d", k))
	}
	for _, typ := range append([]string{""}, t.Types()...) {
		title := "all questions"
		if typ != "" {
			title = typ
		}
		_, n := t.Mean(t.order[0], typ, t.Ks[0])
		fmt.Fprintf(w, "\n%s (n=%d)\n\n| system | %s |\n|---|%s\n", title, n, strings.Join(cols, " | "), strings.Repeat("---:|", len(cols)))
		for _, sys := range t.order {
			var cells []string
			for _, k := range t.Ks {
				m, _ := t.Mean(sys, typ, k)
				cells = append(cells, fmt.Sprintf("%.3f", m.RecallAny), fmt.Sprintf("%.3f", m.RecallAll), fmt.Sprintf("%.3f", m.NDCG))
			}
			fmt.Fprintf(w, "| %s | %s |\n", sys, strings.Join(cells, " | "))
		}
	}
}
