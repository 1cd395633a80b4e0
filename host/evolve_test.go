package host_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host"
)

// TestRunEvolution: each tick runs evolution on every group once, and
// each run keeps its report; the loop ends with its context.
func TestRunEvolution(t *testing.T) {
	ctx := context.Background()
	h := openHost(t, func(c *host.Config) { c.Store.Backend = "memory" })
	for _, g := range []string{"ev-a", "ev-b"} {
		if _, err := h.Engine.AddFact(ctx, engine.Triplet{GroupID: g, Source: "Ann", Relation: "LIKES", Target: "Tea"}); err != nil {
			t.Fatal(err)
		}
	}
	tick := make(chan time.Time)
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); h.RunEvolution(rctx, tick) }()
	tick <- time.Time{}
	tick <- time.Time{} // taken once the first round is over
	cancel()
	<-done
	for _, g := range []string{"ev-a", "ev-b"} {
		reps, err := h.Engine.EvolveReports(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if len(reps) < 1 || reps[0].Scored != 3 {
			t.Errorf("reports of %s = %+v, want at least one run that scored 2 entities and 1 fact", g, reps)
		}
	}
}

// TestOntologyHalfLife: an ontology sets the half-life of its types, and a
// malformed one is refused with the type named.
func TestOntologyHalfLife(t *testing.T) {
	o, err := host.ParseOntology([]byte(`{"entity_types": [{"name": "Preference", "half_life": "8760h"}], "fact_types": [{"name": "CHATTED", "half_life": "168h"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if o.EntityTypes[0].HalfLife != 8760*time.Hour || o.FactTypes[0].HalfLife != 168*time.Hour {
		t.Errorf("half-lives = %v, %v; want 8760h and 168h", o.EntityTypes[0].HalfLife, o.FactTypes[0].HalfLife)
	}
	for _, bad := range []string{
		`{"entity_types": [{"name": "Preference", "half_life": "a year"}]}`,
		`{"fact_types": [{"name": "CHATTED", "half_life": "-1h"}]}`,
	} {
		if _, err := host.ParseOntology([]byte(bad)); !errors.Is(err, core.ErrInvalid) {
			t.Errorf("ParseOntology(%s) = %v, want ErrInvalid", bad, err)
		}
	}
}
