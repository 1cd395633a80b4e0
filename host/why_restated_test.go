package host_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

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
	ingestWait(t, h, g2, "Maya: I no longer work at Hooli.", time.Date(2025, 3, 14, 9, 0, 0, 0, time.UTC))
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

// TestRecutKeepsTheFirstRetirement moves the end of a retired fact: Paris
// from December, Oslo from February (Paris ends), then, told later, Rome
// from January (Paris now ends in January, retired by Rome). The record
// of the Paris fact keeps its first retirement, by Oslo; its columns and
// why name Rome.
func TestRecutKeepsTheFirstRetirement(t *testing.T) {
	const g = "recut"
	ctx := context.Background()
	h := openHost(t, nil)
	day := func(m time.Month, d int) time.Time { return time.Date(2025, m, d, 9, 0, 0, 0, time.UTC) }
	ingestWait(t, h, g, "Maya: I live in Paris.", day(time.January, 10).AddDate(0, -1, 0))
	ingestWait(t, h, g, "Maya: I live in Oslo.", day(time.February, 1))
	ingestWait(t, h, g, "Maya: I moved to Rome last month.", day(time.February, 10))
	page, err := h.Engine.ListFacts(ctx, g, core.ListOptions{Limit: 10, Filter: core.Filter{IncludeInvalid: true}})
	if err != nil {
		t.Fatal(err)
	}
	in := map[string]core.Fact{}
	for _, f := range page.Items {
		for _, city := range []string{"Paris", "Oslo", "Rome"} {
			if strings.Contains(f.Text, city) {
				in[city] = f
			}
		}
	}
	paris, oslo, rome := in["Paris"], in["Oslo"], in["Rome"]
	if len(in) != 3 || paris.InvalidatedBy != rome.UUID || !paris.InvalidAt.Equal(rome.ValidAt) {
		t.Fatalf("facts %+v, want Paris ended by Rome when Rome began", page.Items)
	}
	var retired []string
	for _, s := range core.WhyOf(paris.Attributes) {
		if s.Step == core.WhyInvalidated {
			retired = append(retired, s.Fact)
		}
	}
	if !slices.Equal(retired, []string{oslo.UUID}) {
		t.Errorf("the record of Paris names the retirements by %q, want only the first, by Oslo (%s)", retired, oslo.UUID)
	}
	w, err := h.ShowWhy(ctx, g, paris.UUID)
	if err != nil {
		t.Fatal(err)
	}
	last := w.Steps[len(w.Steps)-1]
	if last.Step != core.WhyInvalidated || last.Fact != rome.UUID {
		t.Errorf("why of Paris ends with %+v, want its retirement by Rome (%s)", last, rome.UUID)
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
