package engine_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/core/memstore"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/internal/simclock"
)

// historyStore counts the FactHistoryOfEntities calls made to the store
// it wraps.
type historyStore struct {
	*memstore.Store
	calls atomic.Int64
}

func (s *historyStore) FactHistoryOfEntities(ctx context.Context, group string, uuids []string) ([]core.Fact, error) {
	s.calls.Add(1)
	return s.Store.FactHistoryOfEntities(ctx, group, uuids)
}

// script extracts what it holds for an episode's content.
type script map[string]core.Extraction

func (x script) Extract(_ context.Context, req core.ExtractRequest) (core.Extraction, error) {
	return x[req.Episode.Content], nil
}

// supersede says that a new fact contradicts the facts of the same
// relation from the same source: where someone lives now.
type supersede struct{}

func (supersede) ResolveFacts(_ context.Context, req core.FactResolveRequest) ([]core.FactAnswer, error) {
	var out []core.FactAnswer
	for _, q := range req.Questions {
		a := core.FactAnswer{ID: q.ID}
		for _, f := range slices.Concat(q.Existing, q.Related) {
			if f.Relation == q.Fact.Relation && f.SourceUUID == q.Fact.SourceUUID {
				a.Contradicts = append(a.Contradicts, f.UUID)
			}
		}
		out = append(out, a)
	}
	return out, nil
}

type scriptPlugins struct{ x script }

func (p scriptPlugins) For(context.Context, string) (core.Plugins, error) {
	return core.Plugins{Extractor: p.x, FactResolver: supersede{}}, nil
}

// Maya's world: she lives in Boston from 2022, learnt in January 2022;
// she moved to Seattle in 2024, learnt in February 2024, which retires
// Boston.
var (
	mayaBoston    = time.Date(2022, 1, 10, 0, 0, 0, 0, time.UTC)
	mayaSeattle   = time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC)
	mayaToday     = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	mayaEpisodes  = []string{"Maya lives in Boston", "Maya moved to Seattle"}
	mayaExtracted = script{
		mayaEpisodes[0]: {
			Entities: []core.ExtractedEntity{{Name: "Maya"}, {Name: "Boston"}},
			Facts:    []core.ExtractedFact{{Source: "Maya", Target: "Boston", Relation: "LIVES_IN", Text: "Maya lives in Boston", ValidAt: mayaBoston}},
		},
		mayaEpisodes[1]: {
			Entities: []core.ExtractedEntity{{Name: "Maya"}, {Name: "Seattle"}},
			Facts:    []core.ExtractedFact{{Source: "Maya", Target: "Seattle", Relation: "LIVES_IN", Text: "Maya moved to Seattle", ValidAt: mayaSeattle}},
		},
	}
)

// mayaWorld ingests Maya's two episodes into group g, each an hour after
// its reference time by the engine's clock, and leaves the clock at
// mayaToday.
func mayaWorld(t *testing.T, g string) (*engine.Engine, *historyStore) {
	t.Helper()
	ctx := context.Background()
	s := &historyStore{Store: memstore.New(16)}
	c := new(simclock.Clock)
	e, err := engine.Open(ctx, engine.Options{Store: s, Embedder: hashembed.New(16), Plugins: scriptPlugins{mayaExtracted}, Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(context.Background()) })
	for i, at := range []time.Time{mayaBoston, mayaSeattle} {
		c.Set(at.Add(time.Hour))
		res, err := e.Ingest(ctx, []core.Episode{{GroupID: g, Source: core.SourceMessage, Content: mayaEpisodes[i], ValidAt: at}})
		if err != nil {
			t.Fatal(err)
		}
		waitDone(t, e, g, []string{res[0].UUID})
	}
	c.Set(mayaToday)
	return e, s
}

// summaries searches g for Maya with f and returns the summaries of the
// entities found, by name.
func summaries(t *testing.T, e *engine.Engine, g string, f core.Filter) map[string]string {
	t.Helper()
	res, err := e.Search(context.Background(), retrieval.Request{Groups: []string{g}, Query: "Maya Boston Seattle",
		Scopes: []core.Scope{core.ScopeEntities}, Limit: 10, Filter: f})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, r := range res.Entities {
		out[r.Name] = r.Summary
	}
	return out
}

// TestPastSummaries checks that a search or a context that looks at the
// past shows entity summaries made from the facts valid and known then,
// not the stored summary, which says what holds today; and that a search
// of the present shows the stored summary without reading more.
func TestPastSummaries(t *testing.T) {
	e, s := mayaWorld(t, "g")
	before := s.calls.Load()
	now := summaries(t, e, "g", core.Filter{})
	if got, want := now["Maya"], "Maya moved to Seattle."; got != want {
		t.Fatalf("Maya's summary now = %q, want %q (the stored summary)", got, want)
	}
	stored, err := e.Entity(context.Background(), []string{"g"}, entityUUID(t, e, "g", "Maya"))
	if err != nil || stored.Summary != now["Maya"] {
		t.Errorf("Maya's stored summary = %q, %v; want the search's %q", stored.Summary, err, now["Maya"])
	}
	if n := s.calls.Load() - before; n != 0 {
		t.Errorf("a search of the present read the history of entities %d times, want 0", n)
	}

	june2022 := time.Date(2022, 6, 1, 0, 0, 0, 0, time.UTC)
	june2024 := time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)
	known2023 := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		f    core.Filter
		want map[string]string
	}{
		{"valid in June 2022", core.Filter{ValidAt: june2022},
			map[string]string{"Maya": "Maya lives in Boston.", "Boston": "Maya lives in Boston.", "Seattle": ""}},
		{"known before Seattle was learnt", core.Filter{KnownAt: known2023},
			map[string]string{"Maya": "Maya lives in Boston.", "Boston": "Maya lives in Boston."}},
		{"valid in June 2024", core.Filter{ValidAt: june2024},
			map[string]string{"Maya": "Maya moved to Seattle.", "Boston": "", "Seattle": "Maya moved to Seattle."}},
		{"valid in June 2024 as known in 2023", core.Filter{ValidAt: june2024, KnownAt: known2023},
			map[string]string{"Maya": "Maya lives in Boston.", "Boston": "Maya lives in Boston."}},
		{"valid before anything", core.Filter{ValidAt: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)},
			map[string]string{"Maya": "", "Boston": "", "Seattle": ""}},
		{"history known in 2025", core.Filter{KnownAt: mayaToday, IncludeInvalid: true},
			map[string]string{"Maya": "Maya moved to Seattle. Maya lives in Boston.", "Boston": "Maya lives in Boston.", "Seattle": "Maya moved to Seattle."}},
		{"a relation filter restricts results, not summaries", core.Filter{ValidAt: june2022, Relations: []string{"WORKS_AT"}},
			map[string]string{"Maya": "Maya lives in Boston.", "Boston": "Maya lives in Boston.", "Seattle": ""}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := s.calls.Load()
			if diff := cmp.Diff(tc.want, summaries(t, e, "g", tc.f)); diff != "" {
				t.Errorf("summaries (-want +got):\n%s", diff)
			}
			if n := s.calls.Load() - before; n != 1 {
				t.Errorf("the search read the history of entities %d times, want once", n)
			}
		})
	}

	// The entities of the context, and the whole of it: in the past no
	// part of it tells of Seattle (the episodes are those of then too).
	for _, tc := range []struct {
		name             string
		f                core.Filter
		entities         string
		hidden, hiddenIn string
	}{
		{"valid in June 2022", core.Filter{ValidAt: june2022}, "- Maya: Maya lives in Boston.\n", "moved to Seattle", "context"},
		{"known before Seattle was learnt", core.Filter{KnownAt: known2023}, "- Maya: Maya lives in Boston.\n", "moved to Seattle", "context"},
		{"now", core.Filter{}, "- Maya: Maya moved to Seattle.\n", "lives in Boston", "entities"},
	} {
		t.Run("context "+tc.name, func(t *testing.T) {
			got, err := e.Context(context.Background(), retrieval.ContextRequest{Request: retrieval.Request{Groups: []string{"g"}, Query: "Maya", Filter: tc.f}})
			if err != nil {
				t.Fatal(err)
			}
			_, ents, _ := strings.Cut(got, "<ENTITIES>\n")
			ents, _, _ = strings.Cut(ents, "</ENTITIES>")
			if !strings.Contains(ents, tc.entities) {
				t.Errorf("Context(%s) entities = %q, want %q among them", tc.name, ents, tc.entities)
			}
			if in := map[string]string{"context": got, "entities": ents}[tc.hiddenIn]; strings.Contains(in, tc.hidden) {
				t.Errorf("Context(%s) = %q: its %s tell %q", tc.name, got, tc.hiddenIn, tc.hidden)
			}
		})
	}
}

// entityUUID returns the uuid of g's entity named name.
func entityUUID(t *testing.T, e *engine.Engine, g, name string) string {
	t.Helper()
	p, err := e.ListEntities(context.Background(), g, core.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range p.Items {
		if x.Name == name {
			return x.UUID
		}
	}
	t.Fatalf("no entity %s in %s", name, g)
	return ""
}

// TestEntityHistory checks the facts of an entity as a filter sees them:
// now, its timeline, at a past time and as known then, for one entity
// only and never another group's.
func TestEntityHistory(t *testing.T) {
	ctx := context.Background()
	e, _ := mayaWorld(t, "g")
	maya := entityUUID(t, e, "g", "Maya")
	texts := func(fs []core.Fact) []string {
		var out []string
		for _, f := range fs {
			s := f.Text
			if !f.InvalidAt.IsZero() {
				s += " until " + f.InvalidAt.Format(time.DateOnly)
			}
			if !f.ExpiredAt.IsZero() {
				s += " (retired)"
			}
			out = append(out, s)
		}
		return out
	}
	tests := []struct {
		name  string
		group string
		uuid  string
		f     core.Filter
		want  []string
	}{
		{"now", "g", maya, core.Filter{}, []string{"Maya moved to Seattle"}},
		{"timeline, in creation order", "g", maya, core.Filter{IncludeInvalid: true},
			[]string{"Maya lives in Boston until 2024-02-01 (retired)", "Maya moved to Seattle"}},
		{"valid in 2022", "g", maya, core.Filter{ValidAt: time.Date(2022, 6, 1, 0, 0, 0, 0, time.UTC)},
			[]string{"Maya lives in Boston until 2024-02-01 (retired)"}},
		{"known in 2023: Boston as it was known then", "g", maya, core.Filter{KnownAt: time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)},
			[]string{"Maya lives in Boston"}},
		{"a relation it has not", "g", maya, core.Filter{IncludeInvalid: true, Relations: []string{"WORKS_AT"}}, nil},
		{"Seattle's", "g", entityUUID(t, e, "g", "Seattle"), core.Filter{IncludeInvalid: true}, []string{"Maya moved to Seattle"}},
		{"unknown entity", "g", "nope", core.Filter{IncludeInvalid: true}, nil},
		{"another group", "other", maya, core.Filter{IncludeInvalid: true}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs, err := e.EntityHistory(ctx, tc.group, tc.uuid, tc.f)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, texts(fs)); diff != "" {
				t.Errorf("EntityHistory (-want +got):\n%s", diff)
			}
		})
	}
	if _, err := e.EntityHistory(ctx, "g", maya, core.Filter{Labels: []string{"Person"}}); !errors.Is(err, core.ErrInvalid) {
		t.Errorf("EntityHistory with labels = %v, want ErrInvalid", err)
	}
}
