package retrievaltest

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// dim is the embedding dimension of the test stores.
const dim = 256

// now is the engine's clock in every test.
var now = time.Date(2024, 6, 1, 12, 0, 0, 0, time.UTC)

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// plugins is a core.PluginSets serving one rerank plugin (or none) to
// every group.
type plugins struct{ reranker core.Reranker }

func (p plugins) For(context.Context, string) (core.Plugins, error) {
	return core.Plugins{Reranker: p.reranker}, nil
}

// env is a store and an engine on it.
type env struct {
	t     *testing.T
	store *kuzu.Store
	eng   *engine.Engine
	emb   *hashembed.Embedder
}

// newEnv opens a store and an engine. edit may adjust the engine options.
func newEnv(t *testing.T, edit ...func(*engine.Options)) *env {
	t.Helper()
	st := kuzutest.MustOpen(t, kuzu.Options{Dimension: dim})
	emb := hashembed.New(dim)
	o := engine.Options{Store: st, Embedder: emb, Plugins: plugins{}, Now: func() time.Time { return now }}
	for _, f := range edit {
		f(&o)
	}
	eng, err := engine.Open(context.Background(), o)
	if err != nil {
		t.Fatalf("engine.Open: %v", err)
	}
	t.Cleanup(func() { eng.Close(context.Background()) })
	return &env{t: t, store: st, eng: eng, emb: emb}
}

// search runs a search that must succeed.
func (e *env) search(t *testing.T, req retrieval.Request) retrieval.Results {
	t.Helper()
	res, err := e.eng.Search(context.Background(), req)
	if err != nil {
		t.Fatalf("Search(%+v): %v", req, err)
	}
	return res
}

// graph collects the objects of one group and writes them at once. Object
// ids are given without the group; the stored uuids are "group-id", so two
// groups can hold the same graph.
type graph struct {
	e        *env
	group    string
	eps      []core.Episode
	ents     []core.Entity
	facts    []core.Fact
	mentions []core.Mention
	comms    []core.Community
}

func (e *env) graph(group string) *graph { return &graph{e: e, group: group} }

func (g *graph) id(x string) string { return g.group + "-" + x }

func (g *graph) ids(xs ...string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = g.id(x)
	}
	return out
}

// episode adds an episode stored at its reference time plus a minute, and
// the mentions of the given entities.
func (g *graph) episode(id, content string, at time.Time, mentions ...string) {
	g.eps = append(g.eps, core.Episode{
		UUID: g.id(id), GroupID: g.group, Name: id, Source: core.SourceMessage, SourceDescription: "chat",
		Content: content, ValidAt: at, CreatedAt: at.Add(time.Minute), Status: core.EpisodeDone, Embedding: g.e.emb.Vector(content),
	})
	for _, m := range mentions {
		g.mentions = append(g.mentions, core.Mention{Episode: g.id(id), Entity: g.id(m)})
	}
}

func (g *graph) entity(id, name, summary string, labels ...string) {
	g.ents = append(g.ents, core.Entity{
		UUID: g.id(id), GroupID: g.group, Name: name, Summary: summary, Labels: labels,
		NameEmbedding: g.e.emb.Vector(name), CreatedAt: date(2019, 1, 1),
	})
}

// fact adds a fact valid from valid (zero: unknown), learned at created,
// stated by eps. The returned pointer may be edited before write.
func (g *graph) fact(id, src, rel, tgt, text string, valid, created time.Time, eps ...string) *core.Fact {
	g.facts = append(g.facts, core.Fact{
		UUID: g.id(id), GroupID: g.group, Relation: rel, Text: text, SourceUUID: g.id(src), TargetUUID: g.id(tgt),
		Embedding: g.e.emb.Vector(text), Episodes: g.ids(eps...), ValidAt: valid, CreatedAt: created,
	})
	return &g.facts[len(g.facts)-1]
}

func (g *graph) community(id, name, summary string, members ...string) {
	g.comms = append(g.comms, core.Community{
		UUID: g.id(id), GroupID: g.group, Name: name, Summary: summary, NameEmbedding: g.e.emb.Vector(name),
		Members: g.ids(members...), CreatedAt: date(2024, 1, 1),
	})
}

// write stores the graph in three changes, as ingestion does: episodes
// first, then entities, facts and mentions, then communities. A single
// change inserting new episodes together with entities, facts and
// communities commits without error on Kuzu 0.11.3 yet can lose the new
// episode and entity rows (reported with a reproduction), so write checks
// the counts.
func (g *graph) write() {
	g.e.t.Helper()
	ctx := context.Background()
	for _, ch := range []core.Change{{Episodes: g.eps}, {Entities: g.ents, Facts: g.facts, Mentions: g.mentions}, {Communities: g.comms}} {
		if err := g.e.store.Apply(ctx, ch); err != nil {
			g.e.t.Fatalf("Apply(group %s): %v", g.group, err)
		}
	}
	st, err := g.e.store.Stats(ctx, g.group)
	if err != nil {
		g.e.t.Fatalf("Stats(%s): %v", g.group, err)
	}
	if st.Episodes+st.PendingEpisodes < len(g.eps) || st.Entities < len(g.ents) || st.Facts < len(g.facts) || st.Communities < len(g.comms) {
		g.e.t.Fatalf("group %s holds %+v after writing %d episodes, %d entities, %d facts, %d communities", g.group, st, len(g.eps), len(g.ents), len(g.facts), len(g.comms))
	}
}

// people writes a small social graph into group, the same for every group:
//
//	alice -WORKS_AT-> acme, alice -LIVES_IN-> berlin, bob -SIBLING_OF-> alice,
//	bob -WORKS_AT-> bistro, carol -MARRIED_TO-> bob, dan -PLAYS_WITH-> carol
func (e *env) people(group string) *graph {
	g := e.peopleGraph(group)
	g.write()
	return g
}

// peopleGraph builds the people graph without writing it.
func (e *env) peopleGraph(group string) *graph {
	g := e.graph(group)
	g.entity("alice", "Alice", "Software engineer at Acme Corp who builds robots", "Person")
	g.entity("bob", "Bob", "Alice's brother, a chef", "Person")
	g.entity("carol", "Carol", "Bob's wife, a pilot", "Person")
	g.entity("dan", "Dan", "Carol's tennis partner", "Person")
	g.entity("acme", "Acme Corp", "A robotics company", "Organization")
	g.entity("bistro", "Le Petit Bistro", "A French restaurant in Paris", "Organization")
	g.entity("berlin", "Berlin", "Capital of Germany", "Location")
	t := date(2024, 1, 10)
	g.episode("e1", "Alice: I started at Acme Corp last week, building robots.", t, "alice", "acme")
	g.episode("e2", "Bob: my sister Alice moved to Berlin in the spring.", t.Add(24*time.Hour), "bob", "alice", "berlin")
	g.episode("e3", "Carol: Dan and I play tennis every Sunday morning.", t.Add(48*time.Hour), "carol", "dan")
	g.episode("e4", "Bob: I cook at Le Petit Bistro, and Carol is my wife.", t.Add(72*time.Hour), "bob", "bistro", "carol")
	g.fact("f-works", "alice", "WORKS_AT", "acme", "Alice works at Acme Corp as a robotics engineer", t, t, "e1")
	g.fact("f-lives", "alice", "LIVES_IN", "berlin", "Alice lives in Berlin", t, t, "e2")
	g.fact("f-sibling", "bob", "SIBLING_OF", "alice", "Bob is Alice's brother", t, t, "e2")
	g.fact("f-cook", "bob", "WORKS_AT", "bistro", "Bob cooks at Le Petit Bistro", t, t, "e4")
	g.fact("f-married", "carol", "MARRIED_TO", "bob", "Carol is married to Bob", t, t, "e4")
	g.fact("f-tennis", "dan", "PLAYS_WITH", "carol", "Dan plays tennis with Carol on Sundays", t, t, "e3")
	g.community("c-robots", "Robotics at Acme", "Alice and Acme Corp build robots", "alice", "acme")
	g.community("c-tennis", "Sunday tennis", "Carol and Dan play tennis", "carol", "dan")
	return g
}

// names lists the results of a scope as ids without the group prefix.
func names(res retrieval.Results, sc core.Scope) []string {
	var out []string
	add := func(uuid string) {
		_, id, _ := strings.Cut(uuid, "-")
		out = append(out, id)
	}
	switch sc {
	case core.ScopeFacts:
		for _, r := range res.Facts {
			add(r.UUID)
		}
	case core.ScopeEntities:
		for _, r := range res.Entities {
			add(r.UUID)
		}
	case core.ScopeEpisodes:
		for _, r := range res.Episodes {
			add(r.UUID)
		}
	case core.ScopeCommunities:
		for _, r := range res.Communities {
			add(r.UUID)
		}
	}
	return out
}

// groupsOf lists the distinct groups of all results.
func groupsOf(res retrieval.Results) map[string]bool {
	out := map[string]bool{}
	for _, r := range res.Facts {
		out[r.GroupID] = true
	}
	for _, r := range res.Entities {
		out[r.GroupID] = true
	}
	for _, r := range res.Episodes {
		out[r.GroupID] = true
	}
	for _, r := range res.Communities {
		out[r.GroupID] = true
	}
	return out
}

// only returns a custom recipe searching one scope with the given methods
// and reranker.
func only(sc core.Scope, reranker string, limit int, methods ...string) *retrieval.Recipe {
	return &retrieval.Recipe{Scopes: map[core.Scope]retrieval.ScopeConfig{sc: {Methods: methods, Reranker: reranker, Limit: limit}}}
}

// recorder is a rerank plugin that orders candidates by a function of
// their features and records what it was sent.
type recorder struct {
	mu    sync.Mutex
	reqs  []core.RerankRequest
	score func(core.RerankCandidate) float64
	err   error
}

func (r *recorder) Rerank(_ context.Context, req core.RerankRequest) ([]core.Scored, error) {
	r.mu.Lock()
	r.reqs = append(r.reqs, req)
	r.mu.Unlock()
	if r.err != nil {
		return nil, r.err
	}
	out := make([]core.Scored, len(req.Candidates))
	for i, c := range req.Candidates {
		out[i] = core.Scored{UUID: c.UUID, Score: r.score(c)}
	}
	// Highest first, ties by uuid: a plugin decides its own order.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && (out[j].Score > out[j-1].Score || out[j].Score == out[j-1].Score && out[j].UUID < out[j-1].UUID); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out, nil
}
