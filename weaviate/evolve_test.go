package weaviate_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/core/memstore"
	"github.com/mnemohq/mnemo/core/storetest"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/evolve"
	"github.com/mnemohq/mnemo/internal/simclock"
)

// noPlugins gives every group the engine's defaults.
type noPlugins struct{}

func (noPlugins) For(context.Context, string) (core.Plugins, error) { return core.Plugins{}, nil }

// evolved is what an evolution scenario leaves: the names of what the run
// archived, its counts, and the reports kept.
type evolved struct {
	Archived            []string
	Scored              int
	Active, ArchivedNow evolve.ItemCounts
	Reports             int
}

// evolveScenario runs on s what evolution is for: four hand-made facts on
// day 0, feedback on day 60 (Bob pinned, Ann knowing him useful, Cat
// owning Dog wrong), a run on day 365.
func evolveScenario(t *testing.T, s core.Store) evolved {
	t.Helper()
	ctx := t.Context()
	day0 := time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC)
	c := simclock.New(day0)
	e, err := engine.Open(ctx, engine.Options{Store: s, Embedder: hashembed.New(s.Dimension()), Plugins: noPlugins{}, Now: c.Now,
		Evolve: evolve.Config{FlushEvery: -1}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(context.Background())
	for _, f := range [][3]string{{"Ann", "LIKES", "Tea"}, {"Ann", "KNOWS", "Bob"}, {"Ann", "VISITED", "Rome"}, {"Cat", "OWNS", "Dog"}} {
		rep, err := e.AddFact(ctx, engine.Triplet{GroupID: "g", Source: f[0], Relation: f[1], Target: f[2]})
		if err != nil || rep.Error != "" {
			t.Fatalf("AddFact(%v) = %+v, %v", f, rep, err)
		}
	}
	uuid := map[string]string{}
	ents, err := e.ListEntities(ctx, "g", core.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, en := range ents.Items {
		uuid[en.Name] = en.UUID
	}
	facts, err := e.ListFacts(ctx, "g", core.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range facts.Items {
		uuid[f.Relation] = f.UUID
	}

	c.Set(day0.AddDate(0, 0, 60))
	for _, fb := range []evolve.FeedbackRequest{
		{Group: "g", Scope: core.ScopeEntities, UUID: uuid["Bob"], Kind: evolve.FeedbackPin},
		{Group: "g", Scope: core.ScopeFacts, UUID: uuid["KNOWS"], Kind: evolve.FeedbackUseful},
		{Group: "g", Scope: core.ScopeFacts, UUID: uuid["OWNS"], Kind: evolve.FeedbackWrong, Reason: "Dog is the neighbour's"},
	} {
		if err := e.Feedback(ctx, fb); err != nil {
			t.Fatalf("Feedback(%+v): %v", fb, err)
		}
	}
	rep, err := e.Evolve(ctx, "g", evolve.Options{Now: day0.AddDate(0, 0, 365)})
	if err != nil {
		t.Fatalf("Evolve: %v", err)
	}
	reps, err := e.EvolveReports(ctx, "g")
	if err != nil {
		t.Fatalf("EvolveReports: %v", err)
	}
	out := evolved{Scored: rep.Scored, Active: rep.Active, ArchivedNow: rep.ArchivedNow, Reports: len(reps)}
	for _, it := range rep.Archived {
		out.Archived = append(out.Archived, it.Name)
	}
	slices.Sort(out.Archived)
	return out
}

// TestEvolveAndFeedback: on Weaviate, feedback and evolution work (the
// store keeps their records) and end as on the in-memory reference store.
func TestEvolveAndFeedback(t *testing.T) {
	got := evolveScenario(t, open(t))
	want := evolveScenario(t, memstore.New(storetest.MinDimension))
	if want.Reports != 1 || len(want.Archived) == 0 {
		t.Fatalf("on the reference store the run left %+v, want something archived and one report", want)
	}
	if !slices.Equal(got.Archived, want.Archived) || got.Scored != want.Scored || got.Active != want.Active ||
		got.ArchivedNow != want.ArchivedNow || got.Reports != want.Reports {
		t.Errorf("on Weaviate the run left %+v, want %+v as on the in-memory store", got, want)
	}
}
