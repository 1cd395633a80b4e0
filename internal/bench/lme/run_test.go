package lme_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/internal/bench/lme"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// extractor is a small offline extractor for tests: every capitalized word
// of a user line is an entity, and the user "mentions" it in a fact whose
// text is the line.
type extractor struct{}

func (extractor) Extract(_ context.Context, req core.ExtractRequest) (core.Extraction, error) {
	x := core.Extraction{Entities: []core.ExtractedEntity{{Name: "User", Type: "Person"}}}
	for _, line := range strings.Split(req.Episode.Content, "\n") {
		text, ok := strings.CutPrefix(line, "user: ")
		if !ok {
			continue
		}
		for _, w := range strings.Fields(text) {
			w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) })
			if w == "" || !unicode.IsUpper([]rune(w)[0]) || w == "I" {
				continue
			}
			x.Entities = append(x.Entities, core.ExtractedEntity{Name: w})
			x.Facts = append(x.Facts, core.ExtractedFact{Source: "User", Target: w, Relation: "MENTIONS", Text: text})
		}
	}
	return x, nil
}

type pluginSets struct{ p core.Plugins }

func (s pluginSets) For(context.Context, string) (core.Plugins, error) { return s.p, nil }

func openEngine(t *testing.T, p core.Plugins) (*engine.Engine, core.Embedder) {
	t.Helper()
	return openEngineAt(t, p, time.Now)
}

func openEngineAt(t *testing.T, p core.Plugins, now func() time.Time) (*engine.Engine, core.Embedder) {
	t.Helper()
	st := kuzutest.MustOpen(t, kuzu.Options{Dimension: 256})
	emb := hashembed.New(256)
	e, err := engine.Open(context.Background(), engine.Options{Store: st, Embedder: emb, Plugins: pluginSets{p}, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(context.Background()) })
	return e, emb
}

func systems() []lme.System {
	only := func(m string) *retrieval.Recipe {
		return &retrieval.Recipe{Scopes: map[core.Scope]retrieval.ScopeConfig{core.ScopeEpisodes: {Methods: []string{m}, Limit: 10}}}
	}
	return []lme.System{
		{Name: "bm25", Request: retrieval.Request{Custom: only(retrieval.MethodBM25)}},
		{Name: "cosine", Request: retrieval.Request{Custom: only(retrieval.MethodCosine)}},
	}
}

// synthetic returns a small LongMemEval file: one question that counts,
// one abstention and one whose evidence is only in assistant turns.
func synthetic(t *testing.T) string {
	t.Helper()
	yes, no := true, false
	sess := func(user string, ans *bool) []lme.Turn {
		return []lme.Turn{{Role: "user", Content: user, HasAnswer: ans}, {Role: "assistant", Content: "I see.", HasAnswer: ans}}
	}
	filler := func(user string) []lme.Turn {
		return []lme.Turn{{Role: "user", Content: user}, {Role: "assistant", Content: "Sure, here are some ideas."}}
	}
	q := func(id string, evidence []lme.Turn) lme.Question {
		return lme.Question{
			ID: id, Type: "single-session-user", Question: "What is the name of my dog?", Answer: json.RawMessage(`"Rex"`),
			Date:         "2023/05/30 (Tue) 23:40",
			SessionIDs:   []string{"sharegpt_a", "answer_x_1", "ultrachat_b", "sharegpt_c"},
			SessionDates: []string{"2023/05/01 (Mon) 10:00", "2023/05/02 (Tue) 10:00", "2023/05/03 (Wed) 10:00", "2023/05/04 (Thu) 10:00"},
			Sessions: [][]lme.Turn{
				filler("Give me a recipe for lasagna with spinach."),
				evidence,
				filler("What is the weather like in Lisbon in May?"),
				filler("Suggest a name for my new bakery in Porto."),
			},
			AnswerIDs: []string{"answer_x_1"},
		}
	}
	qs := []lme.Question{
		q("one", sess("My dog Rex loves the park; the name of my dog is Rex.", &yes)),
		q("two_abs", sess("My dog Rex loves the park.", &yes)),
		q("three", []lme.Turn{{Role: "user", Content: "What should I call a dog?", HasAnswer: &no}, {Role: "assistant", Content: "Rex is a fine name for a dog.", HasAnswer: &yes}}),
	}
	b, err := json.Marshal(qs)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRunSynthetic(t *testing.T) {
	tests := []struct {
		name    string
		ingest  func(core.Embedder) lme.Ingest
		plugins core.Plugins
		systems []lme.System
	}{
		{"episodes only", lme.EpisodesOnly, core.Plugins{}, systems()},
		{
			name:    "through the engine, facts mapped to sessions",
			ingest:  func(core.Embedder) lme.Ingest { return lme.ThroughEngine },
			plugins: core.Plugins{Extractor: extractor{}},
			systems: append(systems(), lme.System{Name: "facts", Request: retrieval.Request{Recipe: "facts"}}, lme.System{Name: "default", Request: retrieval.Request{Recipe: "default"}}),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, emb := openEngine(t, tt.plugins)
			tally, st, err := lme.Run(context.Background(), strings.NewReader(synthetic(t)), lme.Options{Engine: e, Ingest: tt.ingest(emb), Systems: tt.systems, Ks: []int{1, 5}})
			if err != nil {
				t.Fatal(err)
			}
			if st.Read != 3 || st.Scored != 1 || st.Skipped["abstention"] != 1 || st.Skipped["no user-side evidence turn"] != 1 {
				t.Errorf("Run stats = %+v, want 3 read, 1 scored, 1 abstention, 1 without user evidence", st)
			}
			for _, sys := range tt.systems {
				m, n := tally.Mean(sys.Name, "single-session-user", 5)
				if n != 1 || m.RecallAny != 1 || m.NDCG != 1 {
					t.Errorf("%s @5 = %+v over %d, want the evidence session first", sys.Name, m, n)
				}
				m, _ = tally.Mean(sys.Name, "", 1)
				if m.RecallAll != 1 {
					t.Errorf("%s recall_all@1 = %v, want 1", sys.Name, m.RecallAll)
				}
			}
			if st, err := e.Store().Stats(context.Background(), "q0"); err != nil || st.Episodes+st.Facts+st.Entities != 0 {
				t.Errorf("group q0 after the run = %+v, %v; want it deleted", st, err)
			}
		})
	}
}

// TestRunOracle runs the first questions of the LongMemEval oracle, whose
// haystacks hold only evidence sessions: every system must find them.
func TestRunOracle(t *testing.T) {
	path, err := lme.FindData("longmemeval_oracle.json")
	if err != nil {
		t.Skipf("LongMemEval oracle not found: %v", err)
	}
	f, err := lme.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	e, emb := openEngine(t, core.Plugins{})
	tally, st, err := lme.Run(context.Background(), f, lme.Options{Engine: e, Ingest: lme.EpisodesOnly(emb), Systems: systems(), Limit: 12})
	if err != nil {
		t.Fatal(err)
	}
	if st.Scored != 12 {
		t.Fatalf("scored %d questions, want 12", st.Scored)
	}
	for _, sys := range []string{"bm25", "cosine"} {
		if m, _ := tally.Mean(sys, "", 10); m.RecallAll < 0.9 {
			t.Errorf("%s recall_all@10 on the oracle = %.3f, want at least 0.9", sys, m.RecallAll)
		}
	}
	var b strings.Builder
	tally.Write(&b)
	t.Log(b.String())
}

// TestRunDatedWithEvolve ingests session by session on each session's
// date and scores every system again after the evolution hook.
func TestRunDatedWithEvolve(t *testing.T) {
	var mu sync.Mutex
	var clock time.Time
	e, _ := openEngineAt(t, core.Plugins{Extractor: extractor{}}, func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return clock
	})
	var set []time.Time
	var evolved, asked []string
	o := lme.Options{
		Engine: e, Ingest: lme.ThroughEngineDated(func(at time.Time) {
			mu.Lock()
			defer mu.Unlock()
			clock = at
			set = append(set, at)
		}), Systems: systems(), Ks: []int{5}, Keep: true,
		Evolve: func(_ context.Context, _ *engine.Engine, group string, asked time.Time) error {
			evolved = append(evolved, group+" "+asked.Format(time.DateTime))
			return nil
		},
		Asked: func(at time.Time) { asked = append(asked, at.Format(time.DateTime)) },
	}
	tally, _, err := lme.Run(context.Background(), strings.NewReader(synthetic(t)), o)
	if err != nil {
		t.Fatal(err)
	}
	day := func(d int) time.Time { return time.Date(2023, 5, d, 10, 0, 0, 0, time.UTC) }
	if want := []time.Time{day(1), day(2), day(3), day(4)}; !slices.EqualFunc(set, want, time.Time.Equal) {
		t.Errorf("clock set to %v, want each session's date in order %v", set, want)
	}
	if want := []string{"q0 2023-05-30 23:40:00"}; !slices.Equal(evolved, want) {
		t.Errorf("evolve ran for %v, want %v", evolved, want)
	}
	if want := []string{"2023-05-30 23:40:00"}; !slices.Equal(asked, want) {
		t.Errorf("Asked called with %v, want the question's date once, %v", asked, want)
	}
	for _, sys := range []string{"bm25", "bm25" + lme.AfterEvolve, "cosine" + lme.AfterEvolve} {
		if m, n := tally.Mean(sys, "", 5); n != 1 || m.RecallAny != 1 {
			t.Errorf("%s recall_any@5 = %v over %d questions, want 1 over 1", sys, m.RecallAny, n)
		}
	}
	p, err := e.Store().ListEpisodes(context.Background(), "q0", core.ListOptions{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Items) != 4 {
		t.Fatalf("q0 holds %d episodes, want 4", len(p.Items))
	}
	for _, ep := range p.Items {
		if !ep.CreatedAt.Equal(ep.ValidAt) {
			t.Errorf("episode %s created %v, valid %v: want it created on its session's date", ep.UUID, ep.CreatedAt, ep.ValidAt)
		}
	}
}
