package communitytest

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// t0 is the start of every test clock.
var t0 = time.Date(2025, 6, 1, 8, 0, 0, 0, time.UTC)

// clock is a test clock that moves one second forward at each reading, so
// that everything the engine stamps is ordered.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: t0} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Second)
	return c.t
}

// pluginSets gives every group the same plugins.
type pluginSets struct{ p core.Plugins }

func (s pluginSets) For(context.Context, string) (core.Plugins, error) { return s.p, nil }

// lineExtractor reads one fact per line, "Subject RELATION Object", and
// writes it as the sentence "Subject relation Object".
type lineExtractor struct{}

func (lineExtractor) Extract(_ context.Context, req core.ExtractRequest) (core.Extraction, error) {
	var x core.Extraction
	seen := map[string]bool{}
	for _, line := range strings.Split(req.Episode.Content, "\n") {
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		for _, n := range []string{f[0], f[2]} {
			if !seen[n] {
				seen[n] = true
				x.Entities = append(x.Entities, core.ExtractedEntity{Name: n})
			}
		}
		x.Facts = append(x.Facts, core.ExtractedFact{Source: f[0], Target: f[2], Relation: f[1], Text: factText(f[0], f[1], f[2])})
	}
	return x, nil
}

func factText(s, rel, o string) string {
	return s + " " + strings.ToLower(strings.ReplaceAll(rel, "_", " ")) + " " + o
}

// env is an engine on a fresh store.
type env struct {
	store *kuzu.Store
	eng   *engine.Engine
	clock *clock
	emb   core.Embedder
}

// setup opens a store and an engine with the line extractor. Options
// changes what it needs.
func setup(t *testing.T, opts engine.Options) *env {
	t.Helper()
	store := opts.Store
	if store == nil {
		store = kuzutest.MustOpen(t)
	}
	return open(t, store.(*kuzu.Store), opts)
}

// open starts an engine on store.
func open(t *testing.T, store *kuzu.Store, opts engine.Options) *env {
	t.Helper()
	c := newClock()
	opts.Store = store
	if opts.Embedder == nil {
		opts.Embedder = hashembed.New(kuzutest.Dimension)
	}
	if opts.Plugins == nil {
		opts.Plugins = pluginSets{core.Plugins{Extractor: lineExtractor{}}}
	}
	if opts.Now == nil {
		opts.Now = c.Now
	}
	eng, err := engine.Open(context.Background(), opts)
	if err != nil {
		t.Fatalf("engine.Open: %v", err)
	}
	t.Cleanup(func() {
		if err := eng.Close(context.Background()); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return &env{store: store, eng: eng, clock: c, emb: opts.Embedder}
}

// seed writes entities and facts straight to the store, one fact per line
// as for lineExtractor; loners are entities without facts. Entity uuids
// are the group and the lowercased name, so that groups never share one.
func (v *env) seed(t *testing.T, group string, lines []string, loners ...string) {
	t.Helper()
	at := v.clock.Now()
	ch := core.Change{Group: group}
	seen := map[string]bool{}
	addEntity := func(name string) {
		if seen[name] {
			return
		}
		seen[name] = true
		ch.Entities = append(ch.Entities, core.Entity{UUID: entityID(group, name), GroupID: group, Name: name, Summary: name + " is in the seed graph.", CreatedAt: at})
	}
	for i, line := range lines {
		f := strings.Fields(line)
		if len(f) != 3 {
			t.Fatalf("seed line %q: want Subject RELATION Object", line)
		}
		addEntity(f[0])
		addEntity(f[2])
		ch.Facts = append(ch.Facts, core.Fact{
			UUID: fmt.Sprintf("%s-f%03d", group, i), GroupID: group, Relation: f[1], Text: factText(f[0], f[1], f[2]),
			SourceUUID: entityID(group, f[0]), TargetUUID: entityID(group, f[2]), ValidAt: at, CreatedAt: at,
		})
	}
	for _, n := range loners {
		addEntity(n)
	}
	if err := v.store.Apply(context.Background(), ch); err != nil {
		t.Fatalf("seed %s: %v", group, err)
	}
}

func entityID(group, name string) string {
	return group + "-" + strings.ToLower(name)
}

// ingest ingests one text episode and waits for it.
func (v *env) ingest(t *testing.T, group string, lines ...string) engine.EpisodeReport {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := v.eng.Ingest(ctx, []core.Episode{{GroupID: group, Source: core.SourceText, Content: strings.Join(lines, "\n"), ValidAt: v.clock.Now()}})
	if err != nil {
		t.Fatalf("Ingest: %v", err)
	}
	reps, err := v.eng.Wait(ctx, group, res[0].UUID)
	if err != nil {
		t.Fatalf("Wait: %v", err)
	}
	if reps[0].Status != core.EpisodeDone {
		t.Fatalf("episode status = %s (%s), want done", reps[0].Status, reps[0].Error)
	}
	return reps[0]
}

// communities lists a group's communities with embeddings.
func (v *env) communities(t *testing.T, group string) []core.Community {
	t.Helper()
	page, err := v.store.ListCommunities(context.Background(), group, core.ListOptions{Limit: 1000, Embeddings: true})
	if err != nil {
		t.Fatalf("ListCommunities(%s): %v", group, err)
	}
	return page.Items
}

// memberNames returns each community's member names, sorted, the
// communities sorted by their first name.
func (v *env) memberNames(t *testing.T, group string, cs []core.Community) [][]string {
	t.Helper()
	var out [][]string
	for _, c := range cs {
		ents, err := v.store.Entities(context.Background(), []string{group}, c.Members, core.GetOptions{})
		if err != nil {
			t.Fatalf("Entities: %v", err)
		}
		var names []string
		for _, e := range ents {
			names = append(names, e.Name)
		}
		sort.Strings(names)
		out = append(out, names)
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// embed returns the embedding the engine's embedder gives text.
func (v *env) embed(t *testing.T, text string) []float32 {
	t.Helper()
	vecs, err := v.emb.Embed(context.Background(), []string{text})
	if err != nil {
		t.Fatalf("Embed: %v", err)
	}
	return vecs[0]
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t *testing.T, what string, d time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after %s", what, d)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// The two clusters of twoClusters. Each member's heaviest tie is inside
// its cluster, so that no order of visit lets a label cross the bridge.
var (
	clusterALines = []string{
		"Alice WORKS_AT Acme",
		"Alice LIVES_IN Paris",
		"Acme BASED_IN Paris",
		"Alice VISITED Louvre",
		"Louvre LOCATED_IN Paris",
		"Alice FOUNDED Acme",
	}
	clusterBLines = []string{
		"Bob WORKS_AT Globex",
		"Bob LIVES_IN Tokyo",
		"Globex BASED_IN Tokyo",
		"Bob LIKES Sushi",
		"Sushi POPULAR_IN Tokyo",
		"Globex SELLS Sushi",
		"Bob RUNS Globex",
	}
)

// twoClusters is a graph of two obvious clusters joined by one fact.
var twoClusters = slices.Concat(clusterALines, clusterBLines, []string{"Alice KNOWS Bob"})

var (
	clusterA = []string{"Acme", "Alice", "Louvre", "Paris"}
	clusterB = []string{"Bob", "Globex", "Sushi", "Tokyo"}
)
