package main

import (
	"bytes"
	"context"
	_ "embed"

	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

// demoConversation is the demo's conversation: Maya and her assistant, 22
// messages in six sessions from January to September 2024, one JSONL
// episode a line. Maya moves twice, changes jobs and titles, adopts a dog
// and gets engaged; her sister moves and changes jobs; dates are often
// relative ("last month", "two weeks ago").
//
//go:embed demo/conversation.jsonl
var demoConversation []byte

// demoToday is "now" at the end of the demo's story.
var demoToday = time.Date(2024, 9, 10, 9, 0, 0, 0, time.UTC)

func runDemo(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("demo", "[--keep] [--group G]",
		`Run the demo: a new database in a temporary directory, a bundled
conversation ingested session by session (offline: the rule extractor and the
local embedder; with an LLM endpoint configured, the LLM extractor), then the
entities, the facts with their validity ranges, searches, point-in-time
answers and the context for an agent's question.`)
	keep := fs.Bool("keep", false, "keep the demo database and print where it is")
	group := fs.String("group", "demo", "the `GROUP` of the conversation")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if err := requireGroup(*group); err != nil {
		return g.fail(err)
	}
	start := time.Now()
	dir, err := os.MkdirTemp("", "mnemo-demo-")
	if err != nil {
		return g.fail(fmt.Errorf("create demo directory: %w", err))
	}
	if !*keep {
		defer os.RemoveAll(dir)
	}
	g.db = filepath.Join(dir, "db")
	cfg, err := g.load()
	if err != nil {
		return g.fail(err)
	}
	cfg.Plugins.Reload = -1
	if cfg.Log.Level == "info" {
		cfg.Log.Level = "warn"
	}
	clock := &demoClock{}
	clock.set(demoToday)
	h, err := host.Open(ctx, cfg, host.OpenOptions{Logger: host.NewLogger(cfg.Log, g.stderr), Getenv: g.getenvWith(), Now: clock.now})
	if err != nil {
		return g.fail(err)
	}
	defer g.closeHost(h)
	d := &demo{h: h, w: g.stdout, group: *group, clock: clock, seen: map[string]string{}}
	// Name the extractor loaded, which a configuration may have changed.
	ex := h.Plugins.DefaultSet().Extractor
	label := pluginLabel(ex, cfg.Plugins.Default.Extractor)
	mode := "offline: rule extractor and local hashing embedder, no network, no key"
	if ex.Name != "rule-extractor" || ex.Source != "built-in" {
		mode = "offline: extractor " + label + " and local hashing embedder, no network, no key"
	}
	if h.LLM != nil {
		mode = "LLM: " + h.LLM.Model(core.ModelMain) + " through " + label
	}
	fmt.Fprintf(d.w, "mnemo demo (%s)\n", mode)
	if *keep {
		fmt.Fprintf(d.w, "database: %s (kept)\n", cfg.DB)
	} else {
		fmt.Fprintf(d.w, "database: %s (removed at the end)\n", cfg.DB)
	}
	if err := d.run(ctx); err != nil {
		return g.fail(err)
	}
	fmt.Fprintf(d.w, "\ndemo done in %s.", time.Since(start).Round(100*time.Millisecond))
	if *keep {
		fmt.Fprintf(d.w, " Explore it: mnemo --db %s facts --group %s --history", cfg.DB, *group)
	}
	fmt.Fprintln(d.w)
	return 0
}

// demoClock is the engine's clock during the demo: set to the demo's
// "today", it runs on in real time from there. When mnemo learned and
// retired facts (created_at, expired_at) follow the conversation because
// each message is ingested as learned at its reference time, as `mnemo
// ingest --learned-at reference` ingests an archive.
type demoClock struct {
	mu   sync.Mutex
	at   time.Time
	when time.Time
}

func (c *demoClock) set(t time.Time) {
	c.mu.Lock()
	c.at, c.when = t, time.Now()
	c.mu.Unlock()
}

func (c *demoClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.at.Add(time.Since(c.when))
}

// demoSession is one session of the conversation.
type demoSession struct {
	name     string
	episodes []core.Episode
}

// demoSessions parses the bundled conversation into sessions.
func demoSessions(group string) ([]demoSession, error) {
	var out []demoSession
	for i, line := range bytes.Split(bytes.TrimSpace(demoConversation), []byte("\n")) {
		var in wire.EpisodeInput
		if err := wire.DecodeBytes(line, &in); err != nil {
			return nil, fmt.Errorf("demo conversation line %d: %w", i+1, err)
		}
		ep, err := in.Episode(group)
		if err != nil {
			return nil, fmt.Errorf("demo conversation line %d: %w", i+1, err)
		}
		if len(out) == 0 || out[len(out)-1].name != ep.Name {
			out = append(out, demoSession{name: ep.Name})
		}
		s := &out[len(out)-1]
		s.episodes = append(s.episodes, ep)
	}
	return out, nil
}

// demo runs the demo's steps on a Host and writes to w.
type demo struct {
	h     *host.Host
	w     io.Writer
	group string
	clock *demoClock
	// seen is each fact's validity as last shown, by uuid.
	seen map[string]string
}

func (d *demo) run(ctx context.Context) error {
	sessions, err := demoSessions(d.group)
	if err != nil {
		return err
	}
	n := 0
	for _, s := range sessions {
		n += len(s.episodes)
	}
	first, last := sessions[0].episodes[0].ValidAt, sessions[len(sessions)-1].episodes[0].ValidAt
	fmt.Fprintf(d.w, "\nIngesting a conversation between Maya and her assistant: %d messages in %d sessions, %s to %s.\n",
		n, len(sessions), first.Format("January 2006"), last.Format("January 2006"))
	fmt.Fprintln(d.w, "Each message is recorded as learned when it was said (mnemo ingest --learned-at reference), so system time follows the story.")
	for _, s := range sessions {
		if err := d.ingest(ctx, s); err != nil {
			return err
		}
	}
	steps := []func(context.Context) error{d.showEntities, d.showFacts, d.pointInTime, d.searches, d.agentContext}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			return err
		}
	}
	return nil
}

// section prints a heading.
func (d *demo) section(title string) {
	fmt.Fprintf(d.w, "\n== %s %s\n", title, strings.Repeat("=", max(3, 72-len(title))))
}

// ingest stores a session's messages, waits for them and shows what
// mnemo learned and what it superseded.
func (d *demo) ingest(ctx context.Context, s demoSession) error {
	d.section(fmt.Sprintf("%s · %s", s.name, s.episodes[0].ValidAt.Format("Mon 2 Jan 2006")))
	for _, ep := range s.episodes {
		fmt.Fprintf(d.w, "  %s\n", ep.Content)
	}
	// Each message is recorded as learned when it was said, so system
	// time (created_at, expired_at) follows the story.
	for _, ep := range s.episodes {
		ep.LearnedAtReference = true
		res, err := d.h.Engine.Ingest(ctx, []core.Episode{ep})
		if err != nil {
			return err
		}
		wctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
		reps, err := d.h.Engine.Wait(wctx, d.group, res[0].UUID)
		cancel()
		if err != nil {
			return fmt.Errorf("wait for %s: %w", s.name, err)
		}
		if reps[0].Status == core.EpisodeFailed {
			return fmt.Errorf("episode %s failed: %s", reps[0].UUID, reps[0].Error)
		}
	}
	facts, err := d.facts(ctx, core.Filter{IncludeInvalid: true})
	if err != nil {
		return err
	}
	var lines []string
	for _, f := range facts {
		v := validity(f)
		prev, ok := d.seen[f.UUID]
		switch {
		case !ok:
			lines = append(lines, fmt.Sprintf("    + %s\t%s", f.Fact, v))
		case prev != v && f.ExpiredAt != nil:
			lines = append(lines, fmt.Sprintf("    x %s\t%s", f.Fact, v))
		case prev != v:
			lines = append(lines, fmt.Sprintf("    ~ %s\t%s", f.Fact, v))
		}
		d.seen[f.UUID] = v
	}
	if len(lines) == 0 {
		fmt.Fprintln(d.w, "  (nothing new to remember)")
		return nil
	}
	fmt.Fprintln(d.w, "  mnemo learned (+ new, ~ changed, x superseded by a newer fact):")
	tw := tabwriter.NewWriter(d.w, 0, 4, 2, ' ', 0)
	for _, l := range lines {
		fmt.Fprintln(tw, l)
	}
	return tw.Flush()
}

// facts lists the group's facts under a filter, with entity names.
func (d *demo) facts(ctx context.Context, f core.Filter) ([]wire.Fact, error) {
	var all []core.Fact
	opts := core.ListOptions{Limit: 1000, Filter: f}
	for {
		p, err := d.h.Engine.ListFacts(ctx, d.group, opts)
		if err != nil {
			return nil, err
		}
		all = append(all, p.Items...)
		if p.Next == "" {
			break
		}
		opts.Cursor = p.Next
	}
	return d.h.ShowFacts(ctx, []string{d.group}, all)
}

func (d *demo) showEntities(ctx context.Context) error {
	ents, err := collect(ctx, 0, core.ListOptions{}, func(ctx context.Context, o core.ListOptions) (core.Page[core.Entity], error) {
		return d.h.Engine.ListEntities(ctx, d.group, o)
	})
	if err != nil {
		return err
	}
	d.section(fmt.Sprintf("Entities (%d)", len(ents)))
	tw := tabwriter.NewWriter(d.w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  NAME\tKIND\tSUMMARY")
	for _, e := range ents {
		kind := strings.Join(e.Labels, ",")
		if k, ok := e.Attributes["kind"].(string); ok && kind == "" {
			kind = k
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", e.Name, kind, clip(e.Summary, 60))
	}
	return tw.Flush()
}

func (d *demo) showFacts(ctx context.Context) error {
	facts, err := d.facts(ctx, core.Filter{IncludeInvalid: true})
	if err != nil {
		return err
	}
	d.section(fmt.Sprintf("Facts (%d) with when they held; superseded ones are kept, marked x", len(facts)))
	tw := tabwriter.NewWriter(d.w, 0, 4, 2, ' ', 0)
	for _, f := range facts {
		mark := " "
		if f.ExpiredAt != nil {
			mark = "x"
		}
		fmt.Fprintf(tw, "  %s %s\t%s\t%s\n", mark, f.Fact, f.Relation, validity(f))
	}
	return tw.Flush()
}

// answer answers "what RELATION did SUBJECT have" under a filter: the
// matching facts.
func (d *demo) answer(ctx context.Context, f core.Filter, relation, subject string) ([]wire.Fact, error) {
	f.Relations = []string{relation}
	facts, err := d.facts(ctx, f)
	if err != nil {
		return nil, err
	}
	var out []wire.Fact
	for _, x := range facts {
		if x.Source == subject {
			out = append(out, x)
		}
	}
	return out, nil
}

// targets names the targets of facts, once each.
func targets(facts []wire.Fact) []string {
	var out []string
	for _, f := range facts {
		if !slices.Contains(out, f.Target) {
			out = append(out, f.Target)
		}
	}
	return out
}

func orNowhere(names []string) string {
	if len(names) == 0 {
		return "(none)"
	}
	return strings.Join(names, ", ")
}

func (d *demo) pointInTime(ctx context.Context) error {
	d.section("Point in time")
	fmt.Fprintf(d.w, "  Today in the story is %s. valid_at asks what was true then; known_at asks what mnemo believed then.\n\n", demoToday.Format("2 Jan 2006"))
	tw := tabwriter.NewWriter(d.w, 0, 4, 2, ' ', 0)
	type question struct {
		text     string
		filter   core.Filter
		relation string
		subject  string
	}
	date := func(s string) time.Time { t, _ := wire.ParseTime(s); return t }
	qs := []question{
		{"Where did Maya live on 15 Dec 2023?", core.Filter{ValidAt: date("2023-12-15")}, "LIVES_IN", "Maya"},
		{"Where did Maya live on 15 Jun 2024?", core.Filter{ValidAt: date("2024-06-15")}, "LIVES_IN", "Maya"},
		{"Where does Maya live now?", core.Filter{}, "LIVES_IN", "Maya"},
		{"Where did Maya work on 25 Feb 2024?", core.Filter{ValidAt: date("2024-02-25")}, "WORKS_AT", "Maya"},
		{"Where does Maya work now?", core.Filter{}, "WORKS_AT", "Maya"},
		{"Where did Priya live on 1 Mar 2024?", core.Filter{ValidAt: date("2024-03-01")}, "LIVES_IN", "Priya"},
		{"Where does Priya work now?", core.Filter{}, "WORKS_AT", "Priya"},
	}
	for _, q := range qs {
		ans, err := d.answer(ctx, q.filter, q.relation, q.subject)
		if err != nil {
			return err
		}
		fmt.Fprintf(tw, "  %s\t%s\n", q.text, orNowhere(targets(ans)))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	// The same question at one moment, as believed then and as known now.
	at := date("2024-03-01")
	then, err := d.answer(ctx, core.Filter{KnownAt: at}, "LIVES_IN", "Maya")
	if err != nil {
		return err
	}
	now, err := d.answer(ctx, core.Filter{ValidAt: at}, "LIVES_IN", "Maya")
	if err != nil {
		return err
	}
	fmt.Fprintf(d.w, "\n  On 1 Mar 2024, where did we believe Maya lived?  %s\n", orNowhere(targets(then)))
	fmt.Fprintf(d.w, "  Where did she really live on 1 Mar 2024, as we know now?  %s\n", orNowhere(targets(now)))
	if len(now) > 0 && !slices.Equal(targets(then), targets(now)) {
		fmt.Fprintf(d.w, "  (\"%s\" held from %s, but mnemo learned it on %s: event time and system time differ.)\n",
			now[0].Fact, day(now[0].ValidAt), day(now[0].CreatedAt))
	}
	return nil
}

// demoQueries are the demo's searches. The offline embedder hashes words,
// so questions that share words with the facts they want fare best; the
// demo prints the top facts as they come, right or wrong.
var demoQueries = []string{
	"Who is Jonah?",
	"What is Maya's dog called?",
	"Where does Priya work?",
}

// searches runs a few searches with the default recipe and prints each
// one's top facts.
func (d *demo) searches(ctx context.Context) error {
	d.section("Search")
	fmt.Fprintln(d.w, "  Hybrid search with the default recipe (BM25 and cosine, their scores summed), the top three facts of each query:")
	for _, q := range demoQueries {
		res, err := d.h.Engine.Search(ctx, retrieval.Request{
			Groups: []string{d.group}, Query: q, Scopes: []core.Scope{core.ScopeFacts}, Limit: 3,
		})
		if err != nil {
			return fmt.Errorf("search %q: %w", q, err)
		}
		fmt.Fprintf(d.w, "\n  %s\n", q)
		tw := tabwriter.NewWriter(d.w, 0, 4, 2, ' ', 0)
		for i, f := range wire.SearchResultsOf(res).Facts {
			fmt.Fprintf(tw, "    %d. %s\t%s\n", i+1, f.Fact, validity(f))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// demoQuestion is the agent's question the demo builds a context for, and
// demoBudget the context's budget in tokens.
const (
	demoQuestion = "Maya asks for a weekend trip idea with Jonah and her dog Biscuit"
	demoBudget   = 300
)

// agentContext prints the context string an agent would put in its prompt
// to answer demoQuestion.
func (d *demo) agentContext(ctx context.Context) error {
	d.section("Context for an agent")
	s, err := d.h.Engine.Context(ctx, retrieval.ContextRequest{
		Request: retrieval.Request{Groups: []string{d.group}, Query: demoQuestion},
		Budget:  demoBudget,
	})
	if err != nil {
		return fmt.Errorf("context: %w", err)
	}
	fmt.Fprintf(d.w, "  An agent asked %q; mnemo gives it this context (about %d of %d tokens):\n\n",
		demoQuestion, retrieval.EstimateTokens(s), demoBudget)
	for _, line := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		fmt.Fprintln(d.w, strings.TrimRight("    "+line, " "))
	}
	return nil
}
