package host_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/wire"
)

// TestRestatementsKeepTheRecordShort restates one fact ten times on the
// default offline host (rule extractor, Kuzu): the fact's record keeps
// its first core.MaxStatedSteps statements and its provenance all ten,
// and why lists all ten statements in order, each with its sentence. A
// restatement that ends the fact is recorded whatever the count, with
// the end.
func TestRestatementsKeepTheRecordShort(t *testing.T) {
	const g, n = "restated", 10
	h := openHost(t, nil)
	var f core.Fact
	for range n {
		f = ingestOne(t, h, g, "Maya: I adopted a dog named Pepper.")
	}
	if len(f.Episodes) != n {
		t.Fatalf("fact %q has %d episodes, want %d", f.Text, len(f.Episodes), n)
	}
	if got := countIf(core.WhyOf(f.Attributes), func(s core.WhyStep) bool { return s.Step == core.WhyStated }); got != core.MaxStatedSteps {
		t.Errorf("the record of a fact stated %d times holds %d stated steps, want %d", n, got, core.MaxStatedSteps)
	}
	w, err := h.ShowWhy(context.Background(), g, f.UUID)
	if err != nil {
		t.Fatal(err)
	}
	var eps []string
	for i, s := range w.Steps {
		if s.Step != core.WhyStated {
			continue
		}
		eps = append(eps, s.Episode)
		if !strings.Contains(s.Sentence, "Pepper") || s.At == nil {
			t.Errorf("why step %d = %+v, want the sentence about Pepper and a time", i, s)
		}
		if i > 0 && s.At != nil && w.Steps[i-1].At != nil && s.At.Before(*w.Steps[i-1].At) {
			t.Errorf("why step %d at %v comes after a step at %v", i, s.At, w.Steps[i-1].At)
		}
	}
	slices.Sort(eps)
	want := slices.Sorted(slices.Values(f.Episodes))
	if !slices.Equal(eps, want) {
		t.Errorf("why names the stating episodes %q, want the fact's %q", eps, want)
	}

	// A fact stated more than MaxStatedSteps times, then ended.
	const g2 = "ended"
	for range core.MaxStatedSteps + 1 {
		f = ingestOne(t, h, g2, "Maya: I work at Hooli.")
	}
	ingestWait(t, h, g2, "Maya: I no longer work at Hooli.")
	f, err = h.Engine.Fact(context.Background(), []string{g2}, f.UUID)
	if err != nil {
		t.Fatal(err)
	}
	steps := core.WhyOf(f.Attributes)
	if f.InvalidAt.IsZero() || len(steps) < 2 || steps[len(steps)-1].Step != core.WhyEnded ||
		steps[len(steps)-2].Step != core.WhyStated || steps[len(steps)-2].Episode != steps[len(steps)-1].Episode {
		t.Errorf("the record of a fact ended by a restatement = %+v (invalid at %v), want its last steps stated and ended by one episode", steps, f.InvalidAt)
	}
	w, err = h.ShowWhy(context.Background(), g2, f.UUID)
	if err != nil {
		t.Fatal(err)
	}
	if got := countIf(w.Steps, func(s wire.WhyStep) bool { return s.Step == core.WhyStated }); got != len(f.Episodes) {
		t.Errorf("why of the ended fact lists %d statements, want one per episode (%d): %+v", got, len(f.Episodes), w.Steps)
	}
}

// countIf counts the xs ok holds for.
func countIf[T any](xs []T, ok func(T) bool) int {
	n := 0
	for _, x := range xs {
		if ok(x) {
			n++
		}
	}
	return n
}
