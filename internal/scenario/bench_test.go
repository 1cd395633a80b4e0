package scenario

import (
	"context"
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host"
)

// Ingestion benchmarks (make bench):
//
//	go test -run '^$' -bench Ingest -benchtime 1x -timeout 60m ./internal/scenario/

var (
	corpusPeople = []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy"}
	corpusOrgs   = []string{"Acme", "Initech", "Globex", "Hooli", "Umbrella", "Stark Industries", "Wayne Enterprises", "Cyberdyne"}
	corpusPlaces = []string{"Paris", "Berlin", "Lisbon", "Madrid", "Vienna", "Prague", "Dublin", "Oslo", "Rome", "Warsaw", "Boston", "Denver"}
	corpusLikes  = []string{"tennis", "jazz", "chess", "sushi", "hiking", "coffee", "painting", "cycling"}
)

// corpusMessage is the i-th message of a generated conversation: a state,
// a change or a preference, in the phrasings the rule extractor knows.
func corpusMessage(rng *rand.Rand) (speaker, text string, fact [3]string) {
	p := corpusPeople[rng.Intn(len(corpusPeople))]
	switch rng.Intn(6) {
	case 0:
		o := corpusOrgs[rng.Intn(len(corpusOrgs))]
		return p, fmt.Sprintf("I work at %s.", o), [3]string{p, "WORKS_AT", o}
	case 1:
		o := corpusOrgs[rng.Intn(len(corpusOrgs))]
		return p, fmt.Sprintf("I just started at %s, it has been a busy week.", o), [3]string{p, "WORKS_AT", o}
	case 2:
		c := corpusPlaces[rng.Intn(len(corpusPlaces))]
		return p, fmt.Sprintf("I moved to %s last month.", c), [3]string{p, "LIVES_IN", c}
	case 3:
		c := corpusPlaces[rng.Intn(len(corpusPlaces))]
		return p, fmt.Sprintf("I live in %s these days.", c), [3]string{p, "LIVES_IN", c}
	case 4:
		l := corpusLikes[rng.Intn(len(corpusLikes))]
		return p, fmt.Sprintf("I really love %s.", l), [3]string{p, "LOVES", l}
	default:
		c := corpusPlaces[rng.Intn(len(corpusPlaces))]
		return p, fmt.Sprintf("I visited %s two weeks ago.", c), [3]string{p, "VISITED", c}
	}
}

func benchWorld(b *testing.B, mutate func(*host.Config)) *world {
	b.Helper()
	cfg, err := host.Load("", func(string) string { return "" })
	if err != nil {
		b.Fatal(err)
	}
	cfg.DB = b.TempDir()
	cfg.Store.BufferPoolMB = 512
	cfg.Plugins.CacheDir = wasmCache
	cfg.Plugins.Reload = -1
	if mutate != nil {
		mutate(&cfg)
	}
	h, err := host.Open(context.Background(), cfg, host.OpenOptions{Logger: nil})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { h.Close(context.Background()) })
	return &world{h: h}
}

// BenchmarkIngestOffline measures offline ingestion throughput: the rule
// extractor in wasm, the local embedder, the store.
func BenchmarkIngestOffline(b *testing.B) {
	for range b.N {
		w := benchWorld(b, nil)
		rng := rand.New(rand.NewSource(1))
		var eps []core.Episode
		at := time.Date(2024, 1, 1, 9, 0, 0, 0, time.UTC)
		for i := range 300 {
			sp, text, _ := corpusMessage(rng)
			eps = append(eps, core.Episode{GroupID: "bench", Source: core.SourceMessage, Content: sp + ": " + text, ValidAt: at.Add(time.Duration(i) * time.Hour)})
		}
		took, facts := ingestAll(b, w, eps)
		b.ReportMetric(float64(len(eps))/took.Seconds(), "episodes/s")
		b.ReportMetric(float64(facts)/float64(len(eps)), "facts/episode")
	}
}

// ingestAll ingests eps into the group "bench", waits until every one is
// done, and returns how long that took and how many facts they stated.
func ingestAll(b *testing.B, w *world, eps []core.Episode) (took time.Duration, facts int) {
	b.Helper()
	ctx := context.Background()
	start := time.Now()
	res, err := w.h.Engine.Ingest(ctx, eps)
	if err != nil {
		b.Fatal(err)
	}
	ids := make([]string, len(res))
	for i, r := range res {
		ids[i] = r.UUID
	}
	reports, err := w.h.Engine.Wait(ctx, "bench", ids...)
	if err != nil {
		b.Fatal(err)
	}
	took = time.Since(start)
	for _, r := range reports {
		if r.Status != core.EpisodeDone {
			b.Fatalf("episode %s: %s", r.UUID, r.Error)
		}
		facts += r.Facts
	}
	return took, facts
}

// BenchmarkIngestOfflineLong measures offline ingestion of episodes longer
// than the extractor's budget (12 KiB), cut by each split strategy
// (ingest.split): 20 texts of 500 lines of the generated conversation,
// about 18 KiB each. The lines change subject at random, so this measures
// what cutting by meaning costs, not what it gains.
func BenchmarkIngestOfflineLong(b *testing.B) {
	for _, split := range []string{engine.SplitSize, engine.SplitMeaning} {
		b.Run("split="+split, func(b *testing.B) {
			for range b.N {
				w := benchWorld(b, func(c *host.Config) { c.Ingest.Split = split })
				rng := rand.New(rand.NewSource(1))
				var eps []core.Episode
				size := 0
				at := time.Date(2024, 1, 1, 9, 0, 0, 0, time.UTC)
				for i := range 20 {
					var text strings.Builder
					for range 500 {
						sp, line, _ := corpusMessage(rng)
						text.WriteString(sp + ": " + line + "\n")
					}
					size += text.Len()
					eps = append(eps, core.Episode{GroupID: "bench", Source: core.SourceText, Content: text.String(), ValidAt: at.Add(time.Duration(i) * time.Hour)})
				}
				took, facts := ingestAll(b, w, eps)
				b.ReportMetric(float64(len(eps))/took.Seconds(), "episodes/s")
				b.ReportMetric(float64(size)/took.Seconds()/1024, "KiB/s")
				b.ReportMetric(float64(facts)/float64(len(eps)), "facts/episode")
			}
		})
	}
}

// llmCorpus scripts the fake model with the extraction of every message of
// a generated corpus.
func llmCorpus(m *model, n int, seed int64) []core.Episode {
	rng := rand.New(rand.NewSource(seed))
	at := time.Date(2024, 1, 1, 9, 0, 0, 0, time.UTC)
	var eps []core.Episode
	for i := range n {
		sp, text, f := corpusMessage(rng)
		content := fmt.Sprintf("%s: %s (#%d)", sp, text, i)
		m.extract(fmt.Sprintf("(#%d)", i), [][2]string{{f[0], "Person"}, {f[2], ""}},
			[6]string{f[0], f[1], f[2], f[0] + " " + f[1] + " " + f[2], "", ""})
		eps = append(eps, core.Episode{GroupID: "bench", Source: core.SourceMessage, Content: content, ValidAt: at.Add(time.Duration(i) * time.Hour)})
	}
	return eps
}

// BenchmarkIngestLLMCalls counts the LLM calls per message episode on a
// fixed scripted corpus, next to the 5-9 the Python implementation makes
// (graphiti-notes §5).
func BenchmarkIngestLLMCalls(b *testing.B) {
	ctx := context.Background()
	for range b.N {
		m := newModel(b)
		eps := llmCorpus(m, 120, 7)
		w := benchWorld(b, m.configure)
		var calls []int
		for _, ep := range eps {
			res, err := w.h.Engine.Ingest(ctx, []core.Episode{ep})
			if err != nil {
				b.Fatal(err)
			}
			r, err := w.h.Engine.Wait(ctx, "bench", res[0].UUID)
			if err != nil {
				b.Fatal(err)
			}
			n := 0
			for p, u := range r[0].ByPrompt {
				if p != "embed" {
					n += u.Calls
				}
			}
			calls = append(calls, n)
		}
		sort.Ints(calls)
		b.ReportMetric(float64(calls[len(calls)/2]), "calls-p50/episode")
		b.ReportMetric(float64(calls[len(calls)*9/10]), "calls-p90/episode")
		b.ReportMetric(float64(calls[len(calls)-1]), "calls-max/episode")
	}
}

// BenchmarkIngestOverhead measures the time the engine spends per episode
// besides the LLM (whose answers are instant here) with 1k and 10k facts
// already in the group.
func BenchmarkIngestOverhead(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("facts=%d", n), func(b *testing.B) {
			for range b.N {
				m := newModel(b)
				w := benchWorld(b, m.configure)
				prefill(b, w, n)
				eps := llmCorpus(m, 60, 11)
				for i := range eps {
					eps[i].ValidAt = eps[i].ValidAt.AddDate(1, 0, 0)
				}
				var took []time.Duration
				for _, ep := range eps {
					start := time.Now()
					res, err := w.h.Engine.Ingest(ctx, []core.Episode{ep})
					if err != nil {
						b.Fatal(err)
					}
					if _, err := w.h.Engine.Wait(ctx, "bench", res[0].UUID); err != nil {
						b.Fatal(err)
					}
					took = append(took, time.Since(start))
				}
				sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
				b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms/episode")
				b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms/episode")
			}
		})
	}
}

// prefill writes n facts about the corpus's people into the bench group,
// straight into the store.
func prefill(b *testing.B, w *world, n int) {
	ctx := context.Background()
	rng := rand.New(rand.NewSource(3))
	at := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)
	ep := core.Episode{UUID: "prefill", GroupID: "bench", Source: core.SourceText, Content: "prefilled history", ValidAt: at, CreatedAt: at}
	if _, err := w.h.Engine.Store().AddEpisodes(ctx, []core.Episode{ep}); err != nil {
		b.Fatal(err)
	}
	names := append(append(append([]string{}, corpusPeople...), corpusOrgs...), corpusPlaces...)
	for i := range n / 5 {
		names = append(names, fmt.Sprintf("Thing %d", i))
	}
	ids := map[string]string{}
	var ents []core.Entity
	for i, name := range names {
		id := fmt.Sprintf("pre-e%06d", i)
		ids[name] = id
		v, _ := w.h.Embedder.Embed(ctx, []string{name})
		ents = append(ents, core.Entity{UUID: id, GroupID: "bench", Name: name, NameEmbedding: v[0], CreatedAt: at})
	}
	if err := w.h.Engine.Store().Apply(ctx, core.Change{Entities: ents}); err != nil {
		b.Fatal(err)
	}
	rels := []string{"KNOWS", "OWNS", "VISITED", "LIKES"}
	for done := 0; done < n; done += 500 {
		var ch core.Change
		for i := done; i < min(done+500, n); i++ {
			a := names[rng.Intn(len(corpusPeople))]
			c := names[len(corpusPeople)+rng.Intn(len(names)-len(corpusPeople))]
			rel := rels[rng.Intn(len(rels))]
			text := fmt.Sprintf("%s %s %s", a, rel, c)
			v, _ := w.h.Embedder.Embed(ctx, []string{text})
			ch.Facts = append(ch.Facts, core.Fact{UUID: fmt.Sprintf("pre-f%07d", i), GroupID: "bench", Relation: rel, Text: text,
				SourceUUID: ids[a], TargetUUID: ids[c], Embedding: v[0], Episodes: []string{"prefill"}, ValidAt: at, CreatedAt: at})
		}
		if err := w.h.Engine.Store().Apply(ctx, ch); err != nil {
			b.Fatal(err)
		}
	}
}
