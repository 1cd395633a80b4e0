package relext

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// Document is one annotated text.
type Document struct {
	// Source is the episode's source ("message" or "text") and Content its
	// text.
	Source, Content string
	Pairs           []Pair
}

// Pair is an annotated argument pair: Labels hold for (X, Y), read "Y is
// X's label" as DialogRE writes them.
type Pair struct {
	X, Y   string
	Labels []string
	// XNames and YNames are further names the text gives the arguments.
	XNames, YNames []string
}

// Unanswerable is the label of a pair that holds no relation.
const Unanswerable = "unanswerable"

// Mapping maps mnemo's relations to a data set's labels.
type Mapping struct {
	// Forward gives the labels of a fact whose source is X and target Y;
	// Backward those of a fact from Y to X. Keys are relation names.
	Forward, Backward map[string][]string
	// Same is the label of a pair whose two arguments are one entity
	// ("" when the data set has none).
	Same string
}

// Graph is what the engine holds of one document: entities and facts.
type Graph struct {
	Entities []core.Entity
	Facts    []core.Fact
}

// Predict returns the labels mnemo's graph gives an argument pair, and
// the relations of the facts between the two (for studying misses): "="
// when the two are one entity, "(no x)" or "(no y)" when an argument
// names no entity.
func (m Mapping) Predict(g Graph, p Pair) (labels, rels []string) {
	ex, ey := resolve(g, append([]string{p.X}, p.XNames...)), resolve(g, append([]string{p.Y}, p.YNames...))
	switch {
	case len(ex) == 0 && len(ey) == 0:
		return nil, []string{"(no x, no y)"}
	case len(ex) == 0:
		return nil, []string{"(no x)"}
	case len(ey) == 0:
		return nil, []string{"(no y)"}
	}
	add := func(ls ...string) {
		for _, l := range ls {
			if !slices.Contains(labels, l) {
				labels = append(labels, l)
			}
		}
	}
	for u := range ex {
		if ey[u] && m.Same != "" {
			add(m.Same)
			rels = append(rels, "=")
		}
	}
	for _, f := range g.Facts {
		switch {
		case ex[f.SourceUUID] && ey[f.TargetUUID]:
			add(m.Forward[f.Relation]...)
			rels = append(rels, f.Relation+">")
		case ey[f.SourceUUID] && ex[f.TargetUUID]:
			add(m.Backward[f.Relation]...)
			rels = append(rels, f.Relation+"<")
		}
	}
	sort.Strings(labels)
	return labels, rels
}

// nameAttributes are the entity attributes that list other names of an
// entity: its aliases, and the terms others address it by (the rule
// extractor's addressed_as: "honey", "man"), which DialogRE annotates as
// alternate names.
var nameAttributes = []string{core.AliasesAttribute, "addressed_as"}

// resolve returns the entities an argument's names name: by normalized
// name, alias or term of address, without a leading article.
func resolve(g Graph, names []string) map[string]bool {
	want := map[string]bool{}
	for _, n := range names {
		want[key(n)] = true
	}
	out := map[string]bool{}
	for _, e := range g.Entities {
		if want[key(e.Name)] {
			out[e.UUID] = true
			continue
		}
		for _, attr := range nameAttributes {
			if as, ok := e.Attributes[attr].([]any); ok {
				for _, a := range as {
					if s, ok := a.(string); ok && want[key(s)] {
						out[e.UUID] = true
					}
				}
			}
		}
	}
	return out
}

// key normalizes an argument or a name for comparison.
func key(s string) string {
	n := core.NormalizeName(s)
	for _, a := range []string{"the ", "a ", "an "} {
		n = strings.TrimPrefix(n, a)
	}
	return n
}

// Tally counts labels: predicted, gold and correct, per label and in
// all.
type Tally struct {
	Predicted, Gold, Correct map[string]int
}

// NewTally returns an empty tally.
func NewTally() *Tally {
	return &Tally{Predicted: map[string]int{}, Gold: map[string]int{}, Correct: map[string]int{}}
}

// Add counts one pair: its gold and predicted labels.
func (t *Tally) Add(gold, predicted []string) {
	for _, l := range gold {
		if l == Unanswerable {
			continue
		}
		t.Gold[l]++
		if slices.Contains(predicted, l) {
			t.Correct[l]++
		}
	}
	for _, l := range predicted {
		if l != Unanswerable {
			t.Predicted[l]++
		}
	}
}

// PRF is precision, recall and F1 from counts.
func PRF(correct, predicted, gold int) (p, r, f float64) {
	if predicted > 0 {
		p = float64(correct) / float64(predicted)
	}
	if gold > 0 {
		r = float64(correct) / float64(gold)
	}
	if p+r > 0 {
		f = 2 * p * r / (p + r)
	}
	return p, r, f
}

// Overall returns the micro-averaged precision, recall and F1.
func (t *Tally) Overall() (p, r, f float64) {
	c, pr, g := 0, 0, 0
	for _, v := range t.Correct {
		c += v
	}
	for _, v := range t.Predicted {
		pr += v
	}
	for _, v := range t.Gold {
		g += v
	}
	return PRF(c, pr, g)
}

// Write writes the tally as a Markdown table, one row per label (most
// frequent first), then the overall row.
func (t *Tally) Write(w io.Writer) {
	labels := make([]string, 0, len(t.Gold))
	for l := range t.Gold {
		labels = append(labels, l)
	}
	for l := range t.Predicted {
		if _, ok := t.Gold[l]; !ok {
			labels = append(labels, l)
		}
	}
	sort.Slice(labels, func(i, j int) bool {
		if t.Gold[labels[i]] != t.Gold[labels[j]] {
			return t.Gold[labels[i]] > t.Gold[labels[j]]
		}
		return labels[i] < labels[j]
	})
	fmt.Fprintln(w, "| relation | gold | predicted | correct | P | R | F1 |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|")
	for _, l := range labels {
		p, r, f := PRF(t.Correct[l], t.Predicted[l], t.Gold[l])
		fmt.Fprintf(w, "| %s | %d | %d | %d | %.3f | %.3f | %.3f |\n", l, t.Gold[l], t.Predicted[l], t.Correct[l], p, r, f)
	}
	c, pr, g := 0, 0, 0
	for _, l := range labels {
		c, pr, g = c+t.Correct[l], pr+t.Predicted[l], g+t.Gold[l]
	}
	p, r, f := t.Overall()
	fmt.Fprintf(w, "| **overall** | %d | %d | %d | **%.3f** | **%.3f** | **%.3f** |\n", g, pr, c, p, r, f)
}
