// Package latency measures search latency at scale: it generates a graph
// of n facts with entities and episodes in proportion, writes it with the
// store directly in large batches, and times Engine.Search against the
// bare store calls the search makes, with one and several concurrent
// clients.
package latency

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Proportions of the generated graph: per fact, a quarter of an entity and
// half an episode (each episode states two facts).
const (
	EntitiesPerFact = 0.25
	EpisodesPerFact = 0.5
)

// Graph generates a deterministic graph: entity, fact and episode i are
// the same on every run for a given seed, whatever the size.
type Graph struct {
	Group string
	Facts int
	seed  uint64
	words []string
	first []string
	last  []string
	rels  []relation
}

type relation struct {
	name string
	text string // with %s for the source, target and a topic
}

// syllables make pronounceable, mostly distinct words.
const syllables = "ka lo ve nir ta mi ro sen du pa li mo re sa vo ti na ke ru bel dor fin gal hes jor kim lun mar nel"

// NewGraph returns the generator of a graph of n facts in group.
func NewGraph(group string, n int, seed uint64) *Graph {
	g := &Graph{Group: group, Facts: n, seed: seed}
	r := rand.New(rand.NewPCG(seed, 1))
	syl := strings.Fields(syllables)
	word := func(parts int) string {
		var b strings.Builder
		for range parts {
			b.WriteString(syl[r.IntN(len(syl))])
		}
		return b.String()
	}
	seen := map[string]bool{}
	uniq := func(n, parts int) []string {
		out := make([]string, 0, n)
		for len(out) < n {
			w := word(parts + r.IntN(3))
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
		return out
	}
	g.words = uniq(20000, 2)
	title := func(ws []string) []string {
		for i, w := range ws {
			ws[i] = strings.ToUpper(w[:1]) + w[1:]
		}
		return ws
	}
	g.first = title(uniq(1500, 2))
	g.last = title(uniq(4000, 2))
	g.rels = []relation{
		{"WORKS_AT", "%s works at %s on %s"},
		{"LIVES_IN", "%s lives in %s near the %s"},
		{"KNOWS", "%s knows %s from the %s club"},
		{"LIKES", "%s likes %s and talks about %s"},
		{"MANAGES", "%s manages %s for the %s project"},
		{"VISITED", "%s visited %s during the %s festival"},
		{"OWNS", "%s owns %s, bought for %s"},
		{"STUDIED_AT", "%s studied at %s, majoring in %s"},
	}
	return g
}

// Entities is the number of entities.
func (g *Graph) Entities() int { return max(int(float64(g.Facts)*EntitiesPerFact), 10) }

// Episodes is the number of episodes.
func (g *Graph) Episodes() int { return (g.Facts + 1) / 2 }

func (g *Graph) rng(kind, i int) *rand.Rand {
	return rand.New(rand.NewPCG(g.seed, uint64(kind)<<40|uint64(i)))
}

// EntityName is the name of entity i.
func (g *Graph) EntityName(i int) string {
	f := g.first[i%len(g.first)]
	l := g.last[(i/len(g.first)+i*7)%len(g.last)]
	switch i % 5 {
	case 3:
		return l + " " + strings.ToUpper(g.words[i%len(g.words)][:1]) + g.words[i%len(g.words)][1:] + " Labs"
	case 4:
		return "Port " + l
	default:
		return f + " " + l
	}
}

// fact returns fact i's endpoints, relation and text.
func (g *Graph) fact(i int) (src, tgt int, rel, text string) {
	r := g.rng(1, i)
	n := g.Entities()
	// A skewed choice of source: some entities are in many facts.
	src = int(float64(n) * r.Float64() * r.Float64())
	tgt = r.IntN(n)
	if tgt == src {
		tgt = (tgt + 1) % n
	}
	rl := g.rels[r.IntN(len(g.rels))]
	topic := g.words[r.IntN(len(g.words))] + " " + g.words[r.IntN(len(g.words))]
	return src, tgt, rl.name, fmt.Sprintf(rl.text, g.EntityName(src), g.EntityName(tgt), topic)
}

// FactText is the text of fact i.
func (g *Graph) FactText(i int) string {
	_, _, _, text := g.fact(i)
	return text
}

func (g *Graph) id(kind string, i int) string { return fmt.Sprintf("%s-%s%d", g.Group, kind, i) }

// Query returns query i: a few words of a random fact, as a question.
func (g *Graph) Query(i int) string {
	r := g.rng(2, i)
	_, _, _, text := g.fact(r.IntN(g.Facts))
	ws := strings.Fields(text)
	var q []string
	for _, j := range r.Perm(len(ws))[:min(4, len(ws))] {
		q = append(q, ws[j])
	}
	return "what about " + strings.Join(q, " ")
}

// Write stores the graph with st.Apply (see WriteWith).
func (g *Graph) Write(ctx context.Context, st core.Store, emb core.Embedder, batch int, progress io.Writer) error {
	return g.WriteWith(ctx, st, st.Apply, emb, batch, progress)
}

// WriteWith stores the graph through write in batches of batch objects,
// embedding every text with emb: the entities first, then for each batch
// of facts its episodes in one change and the facts with their mentions in
// another. It checks the counts in st at the end.
func (g *Graph) WriteWith(ctx context.Context, st core.Store, write func(context.Context, core.Change) error, emb core.Embedder, batch int, progress io.Writer) error {
	t0 := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	nEnt := g.Entities()
	start := time.Now()
	for lo := 0; lo < nEnt; lo += batch {
		var ents []core.Entity
		for i := lo; i < min(lo+batch, nEnt); i++ {
			r := g.rng(3, i)
			ents = append(ents, core.Entity{
				UUID: g.id("n", i), GroupID: g.Group, Name: g.EntityName(i),
				Summary:   "Interested in " + g.words[r.IntN(len(g.words))] + " and " + g.words[r.IntN(len(g.words))],
				CreatedAt: t0,
			})
		}
		if err := g.embed(ctx, emb, nil, ents, nil); err != nil {
			return err
		}
		if err := write(ctx, core.Change{Entities: ents}); err != nil {
			return fmt.Errorf("write entities: %w", err)
		}
	}
	if progress != nil {
		fmt.Fprintf(progress, "  %d entities written in %s\n", nEnt, time.Since(start).Round(time.Second))
	}
	for lo := 0; lo < g.Facts; lo += batch {
		hi := min(lo+batch, g.Facts)
		var eps []core.Episode
		var facts []core.Fact
		var mentions []core.Mention
		for i := lo; i < hi; i++ {
			src, tgt, rel, text := g.fact(i)
			ep := g.id("ep", i/2)
			at := t0.Add(time.Duration(i) * time.Minute)
			if i%2 == 0 || i == lo {
				content := g.EntityName(src) + ": " + text + "."
				if i+1 < g.Facts {
					_, tgt2, _, text2 := g.fact(i + 1)
					content += " Also, " + text2 + "."
					mentions = append(mentions, core.Mention{Episode: ep, Entity: g.id("n", tgt2)})
				}
				if i%2 == 0 {
					eps = append(eps, core.Episode{
						UUID: ep, GroupID: g.Group, Name: ep, Source: core.SourceMessage, SourceDescription: "generated",
						Content: content, ValidAt: at, CreatedAt: at, Status: core.EpisodeDone,
					})
				}
				mentions = append(mentions, core.Mention{Episode: ep, Entity: g.id("n", src)})
			}
			mentions = append(mentions, core.Mention{Episode: ep, Entity: g.id("n", tgt)})
			facts = append(facts, core.Fact{
				UUID: g.id("f", i), GroupID: g.Group, Relation: rel, Text: text, SourceUUID: g.id("n", src), TargetUUID: g.id("n", tgt),
				Episodes: []string{ep}, ValidAt: at, CreatedAt: at,
			})
		}
		if err := g.embed(ctx, emb, eps, nil, facts); err != nil {
			return err
		}
		if err := write(ctx, core.Change{Episodes: eps}); err != nil {
			return fmt.Errorf("write episodes: %w", err)
		}
		if err := write(ctx, core.Change{Facts: facts, Mentions: dedupeMentions(mentions)}); err != nil {
			return fmt.Errorf("write facts: %w", err)
		}
		if progress != nil && ((hi/batch)%10 == 0 || hi == g.Facts) {
			fmt.Fprintf(progress, "  %d of %d facts written in %s\n", hi, g.Facts, time.Since(start).Round(time.Second))
		}
	}
	s, err := st.Stats(ctx, g.Group)
	if err != nil {
		return err
	}
	if s.Facts != g.Facts || s.Entities != nEnt || s.Episodes != g.Episodes() {
		return fmt.Errorf("the store holds %d facts, %d entities, %d episodes; %d, %d, %d were written", s.Facts, s.Entities, s.Episodes, g.Facts, nEnt, g.Episodes())
	}
	return nil
}

func (g *Graph) embed(ctx context.Context, emb core.Embedder, eps []core.Episode, ents []core.Entity, facts []core.Fact) error {
	texts := make([]string, 0, len(eps)+len(ents)+len(facts))
	for _, e := range eps {
		texts = append(texts, e.Content)
	}
	for _, e := range ents {
		texts = append(texts, e.Name)
	}
	for _, f := range facts {
		texts = append(texts, f.Text)
	}
	vecs, err := emb.Embed(ctx, texts)
	if err != nil {
		return fmt.Errorf("embed: %w", err)
	}
	for i := range eps {
		eps[i].Embedding = vecs[i]
	}
	for i := range ents {
		ents[i].NameEmbedding = vecs[len(eps)+i]
	}
	for i := range facts {
		facts[i].Embedding = vecs[len(eps)+len(ents)+i]
	}
	return nil
}

func dedupeMentions(ms []core.Mention) []core.Mention {
	seen := map[core.Mention]bool{}
	out := ms[:0]
	for _, m := range ms {
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	return out
}
