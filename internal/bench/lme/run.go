package lme

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/retrieval"
)

// Ingest puts a question's haystack into the engine's memory and returns
// once it is searchable.
type Ingest func(ctx context.Context, e *engine.Engine, h Haystack) error

// EpisodesOnly stores the haystack's episodes, embedded with emb, as done,
// with no extraction: the memory holds episodes alone.
func EpisodesOnly(emb core.Embedder) Ingest {
	return func(ctx context.Context, e *engine.Engine, h Haystack) error {
		const batch = 256
		for lo := 0; lo < len(h.Episodes); lo += batch {
			eps := append([]core.Episode(nil), h.Episodes[lo:min(lo+batch, len(h.Episodes))]...)
			texts := make([]string, len(eps))
			for i, ep := range eps {
				texts[i] = ep.Content
			}
			vecs, err := emb.Embed(ctx, texts)
			if err != nil {
				return fmt.Errorf("embed episodes: %w", err)
			}
			for i := range eps {
				eps[i].Embedding, eps[i].Status = vecs[i], core.EpisodeDone
			}
			if err := e.Store().Apply(ctx, core.Change{Episodes: eps}); err != nil {
				return fmt.Errorf("store episodes: %w", err)
			}
		}
		return nil
	}
}

// ThroughEngine ingests the haystack with Engine.Ingest and waits until
// every episode is processed: the engine's extractor builds entities and
// facts. An episode that fails extraction is an error.
func ThroughEngine(ctx context.Context, e *engine.Engine, h Haystack) error {
	if _, err := e.Ingest(ctx, h.Episodes); err != nil {
		return fmt.Errorf("ingest: %w", err)
	}
	ids := make([]string, len(h.Episodes))
	for i, ep := range h.Episodes {
		ids[i] = ep.UUID
	}
	reports, err := e.Wait(ctx, h.Group, ids...)
	if err != nil {
		return fmt.Errorf("wait for ingestion: %w", err)
	}
	for _, r := range reports {
		if r.Status != core.EpisodeDone {
			return fmt.Errorf("episode %s is %s: %s", r.UUID, r.Status, r.Error)
		}
	}
	return nil
}

// ThroughEngineDated ingests the haystack one session at a time, in time
// order, with set moving the engine's clock to the session's date first, so
// that the engine creates the session's episodes and facts then: the memory
// learns every session on its day, as
// an assistant used over those months would, so the ages that evolution
// measures (Engine.Evolve) are the haystack's own.
func ThroughEngineDated(set func(time.Time)) Ingest {
	return func(ctx context.Context, e *engine.Engine, h Haystack) error {
		return EachSession(h, func(eps []core.Episode) error {
			set(eps[0].ValidAt)
			return ThroughEngine(ctx, e, Haystack{Group: h.Group, Episodes: eps})
		})
	}
}

// EachSession calls f with the episodes of each session of the haystack in
// turn, in their order, and stops at its first error.
func EachSession(h Haystack, f func(eps []core.Episode) error) error {
	for lo := 0; lo < len(h.Episodes); {
		hi := lo + 1
		for hi < len(h.Episodes) && h.Session[h.Episodes[hi].UUID] == h.Session[h.Episodes[lo].UUID] {
			hi++
		}
		if err := f(h.Episodes[lo:hi]); err != nil {
			return err
		}
		lo = hi
	}
	return nil
}

// System is one way of searching, scored on its own.
type System struct {
	Name string
	// Request is the search; Groups and Query are set per question.
	Request retrieval.Request
}

// Options configures Run.
type Options struct {
	// Engine is the memory; its store should be empty of the benchmark's
	// groups ("q0", "q1", ...).
	Engine *engine.Engine
	Ingest Ingest
	// Systems are searched and scored for each question.
	Systems []System
	// Granularity is what an episode holds. The default is Sessions.
	Granularity Granularity
	// Limit stops after this many scored questions; zero scores all.
	Limit int
	// Every, when above 1, takes one question in Every of those that
	// count (the first, then every Every-th): a sample spread over the
	// file, whose questions are grouped by type.
	Every int
	// Ks are the cutoffs. The default is 5 and 10.
	Ks []int
	// Keep leaves each question's group in the store; by default it is
	// deleted once scored, which keeps the store small.
	Keep bool
	// FuseK is the RRF constant that fuses the session rankings of a
	// result's scopes (facts, episodes) into one. The default is 60.
	FuseK float64
	// Progress, when set, receives a line every 25 questions.
	Progress io.Writer
	// Now stamps the episodes' CreatedAt; the default is the question's
	// date, so runs are reproducible.
	Now func() time.Time
	// Asked, when set, is called with the question's date before its
	// systems search: an engine whose clock it sets answers on the day the
	// question was asked, so that "a week ago" means a week before it
	// (retrieval.FeatureWhen).
	Asked func(time.Time)
	// Evolve, when set, runs after the systems are scored on a question,
	// with the question's date, and every system is scored again under its
	// name with AfterEvolve appended: the memory before and after an
	// evolution pass, side by side.
	Evolve func(ctx context.Context, e *engine.Engine, group string, asked time.Time) error
}

// AfterEvolve is appended to a system's name for its scores after
// Options.Evolve.
const AfterEvolve = "+evolve"

// Stats describes a run.
type Stats struct {
	Read, Scored int
	Skipped      map[string]int
	Episodes     int
	Ingest       time.Duration
	Evolve       time.Duration
	Search       map[string]time.Duration
}

// Run reads LongMemEval questions from r and scores each system on each
// question that counts.
func Run(ctx context.Context, r io.Reader, o Options) (*Tally, Stats, error) {
	if o.Granularity == "" {
		o.Granularity = Sessions
	}
	if len(o.Ks) == 0 {
		o.Ks = []int{5, 10}
	}
	if o.FuseK == 0 {
		o.FuseK = 60
	}
	tally := NewTally(o.Ks)
	st := Stats{Skipped: map[string]int{}, Search: map[string]time.Duration{}}
	errStop := fmt.Errorf("limit reached")
	counted := 0
	err := Read(r, func(q *Question) error {
		st.Read++
		if why := q.Skip(); why != "" {
			st.Skipped[why]++
			return nil
		}
		if o.Limit > 0 && st.Scored >= o.Limit {
			return errStop
		}
		counted++
		if o.Every > 1 && (counted-1)%o.Every != 0 {
			return nil
		}
		asked, err := q.Asked()
		if err != nil {
			return err
		}
		created := asked
		if o.Now != nil {
			created = o.Now()
		}
		group := fmt.Sprintf("q%d", q.Index)
		h, err := Build(q, o.Granularity, group, created)
		if err != nil {
			return err
		}
		t := time.Now()
		if err := o.Ingest(ctx, o.Engine, h); err != nil {
			return fmt.Errorf("question %s: %w", q.ID, err)
		}
		st.Ingest += time.Since(t)
		st.Episodes += len(h.Episodes)
		gold := q.Gold()
		if o.Asked != nil {
			o.Asked(asked)
		}
		score := func(suffix string) error {
			for _, sys := range o.Systems {
				req := sys.Request
				req.Groups, req.Query = []string{group}, q.Question
				t := time.Now()
				res, err := o.Engine.Search(ctx, req)
				if err != nil {
					return fmt.Errorf("question %s, %s: %w", q.ID, sys.Name, err)
				}
				st.Search[sys.Name+suffix] += time.Since(t)
				tally.Add(sys.Name+suffix, q.Type, Ranking(res, h, o.FuseK), gold)
			}
			return nil
		}
		if err := score(""); err != nil {
			return err
		}
		if o.Evolve != nil {
			t := time.Now()
			if err := o.Evolve(ctx, o.Engine, group, asked); err != nil {
				return fmt.Errorf("question %s, evolve: %w", q.ID, err)
			}
			st.Evolve += time.Since(t)
			if err := score(AfterEvolve); err != nil {
				return err
			}
		}
		st.Scored++
		if !o.Keep {
			if _, err := o.Engine.Store().DeleteGroup(ctx, group); err != nil {
				return fmt.Errorf("delete group %s: %w", group, err)
			}
		}
		if o.Progress != nil && st.Scored%25 == 0 {
			fmt.Fprintf(o.Progress, "%d questions scored (%d read), %d episodes, ingest %s\n", st.Scored, st.Read, st.Episodes, st.Ingest.Round(time.Second))
		}
		return nil
	})
	if err != nil && err != errStop {
		return nil, st, err
	}
	return tally, st, nil
}

// Ranking maps search results to a ranking of distinct sessions: each
// scope's results become a session list (an episode its session, a fact
// the sessions of the episodes that stated it, oldest first), and the lists
// are fused by RRF with constant k, ties kept in scope order (facts,
// episodes). Entities and communities have no single source and are not
// mapped.
func Ranking(res retrieval.Results, h Haystack, k float64) []string {
	var lists [][]string
	var facts []string
	for _, f := range res.Facts {
		for _, ep := range f.Episodes {
			facts = append(facts, h.Session[ep])
		}
	}
	var eps []string
	for _, ep := range res.Episodes {
		eps = append(eps, h.Session[ep.UUID])
	}
	for _, l := range [][]string{facts, eps} {
		if l = distinct(l); len(l) > 0 {
			lists = append(lists, l)
		}
	}
	if len(lists) == 1 {
		return lists[0]
	}
	score := map[string]float64{}
	var order []string
	for _, l := range lists {
		for i, s := range l {
			if _, ok := score[s]; !ok {
				order = append(order, s)
			}
			score[s] += 1 / (k + float64(i+1))
		}
	}
	// Stable insertion sort: the lists are short.
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && score[order[j]] > score[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}

// distinct drops repeats and empty ids, keeping first occurrences.
func distinct(ids []string) []string {
	seen := map[string]bool{}
	out := ids[:0:0]
	for _, id := range ids {
		if id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
