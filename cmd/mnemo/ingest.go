package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host/client"
	"github.com/mnemohq/mnemo/host/wire"
)

// maxLine bounds one JSONL line (the engine's own content limit is
// smaller, 1 MiB by default, and reported per line).
const maxLine = 64 << 20

// ingestBatch is how many episodes one store transaction takes.
const ingestBatch = 64

func runIngest(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("ingest", "--group G [FILE|-]", `Ingest episodes from a JSONL file (or standard input), one JSON object a line:
  {"uuid"?, "name"?, "source": "message"|"text"|"json", "content", "source_description"?,
   "reference_time": RFC 3339, "group_id"?}
A line that cannot be ingested is reported with its number; the others are.
Without --wait=false, mnemo waits until every episode is processed and prints
a summary.

With --learned-at reference, each episode is recorded as learned at its
reference time instead of now, for replaying an archive of past conversations:
what mnemo learned and superseded (created_at, expired_at, --known-at) then
follows the archive's story. Episodes are processed in reference-time order;
the run is refused where an episode would come before what its group already
knows (send the archive in order, into a group that knows nothing later).
Through a server, the key must be allowed to (http.keys.replay).

With --server URL (or MNEMO_URL), the episodes go to that mnemo serve, with
the key of --api-key (or MNEMO_API_KEY), and the summary is the same.

--source-class says who wrote the episodes (trust.classes: user, agent,
tool, document, web, operator; default trust.default, the user): facts
from a class below the trust threshold are quarantined (docs/trust.md).
A line's source_class overrides it; through a server, the key must be
allowed to claim the class (http.keys.trust_classes).`)
	group := fs.String("group", "", "the `GROUP` of lines without a group_id")
	learnedAt := fs.String("learned-at", "now", "when mnemo records it learned each episode: `now` or reference (its reference_time)")
	wait := fs.Bool("wait", true, "wait for extraction and print a summary")
	class := fs.String("source-class", "", "the source `CLASS` of lines without a source_class (trust.classes)")
	var server serverFlags
	server.register(fs, g.getenv)
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if _, err := server.client(); err != nil {
		return g.fail(err)
	}
	if fs.NArg() > 1 {
		return g.usageError(fs, "want at most one FILE, got %d arguments", fs.NArg())
	}
	if *learnedAt != "now" && *learnedAt != "reference" {
		return g.usageError(fs, "--learned-at %q: want now or reference", *learnedAt)
	}
	if *group != "" {
		if err := requireGroup(*group); err != nil {
			return g.fail(err)
		}
	}
	in := g.stdin
	name := "standard input"
	if path := fs.Arg(0); path != "" && path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return g.fail(fmt.Errorf("open episodes: %w", err))
		}
		defer f.Close()
		in, name = f, path
	}
	var (
		to        ingester
		llmMode   bool
		modeLabel string
		// health says whether the store can write, nil through a server.
		health func(context.Context) error
	)
	h, rc, err := g.openOrServer(ctx, &server, withWorkers)
	if err != nil {
		return g.fail(err)
	}
	if rc != nil {
		to, modeLabel = client.Ingester{C: rc}, "the server's mode"
	} else {
		defer g.closeHost(h)
		model := ""
		if h.LLM != nil {
			model = h.LLM.Model("main")
		}
		to, llmMode, modeLabel = h.Engine, model != "", mode(h.Config, model, h.Plugins.DefaultSet())
		health = h.Engine.Health
	}

	start := time.Now()
	q := &ingestRun{to: to, g: g, group: *group, class: *class, replay: *learnedAt == "reference"}
	if err := q.read(ctx, in); err != nil {
		if errors.Is(err, core.ErrBudget) {
			return g.fail(fmt.Errorf("%w; %s", err, q.storedSoFar(name)))
		}
		return g.fail(fmt.Errorf("read %s: %w", name, err))
	}
	fmt.Fprintf(g.stderr, "queued %d episodes from %s (%d new", len(q.queued), name, q.created())
	if len(q.bad) > 0 {
		fmt.Fprintf(g.stderr, ", %d bad lines", len(q.bad))
	}
	fmt.Fprintln(g.stderr, ")")
	if !*wait {
		if len(q.bad) > 0 {
			return 1
		}
		return 0
	}
	wctx, stop := ctx, func() {}
	if health != nil {
		wctx, stop = whileWritable(ctx, health, writablePoll)
	}
	reports, err := q.waitAll(wctx)
	stop()
	if err != nil {
		pending := len(q.queued) - len(reports)
		if cause := context.Cause(wctx); errors.Is(cause, core.ErrStorage) {
			return g.fail(fmt.Errorf("%w: %d episodes still pending; they stay queued in the database and resume when mnemo opens it again", cause, pending))
		}
		fmt.Fprintf(g.stderr, "mnemo: %v: %d episodes still pending; they stay queued in the database and resume when mnemo opens it again\n", err, pending)
		return 1
	}
	failed := printIngestSummary(g.stdout, reports, q, time.Since(start), llmMode, modeLabel)
	if h != nil {
		// The store checkpoints as it closes; a disk too full for that
		// loses nothing (the episodes are in its log), but is said.
		if err := h.Close(context.WithoutCancel(ctx)); errors.Is(err, core.ErrStorage) {
			return g.fail(fmt.Errorf("close the database: %w", err))
		}
	}
	if len(q.bad) > 0 || failed > 0 {
		return 1
	}
	return 0
}

// writablePoll is how often a local ingest asks whether the store can
// still write while it waits for the workers.
const writablePoll = time.Second

// whileWritable returns a context that ends, with health's error as its
// cause, once health, asked every poll, says the store cannot write (a
// full or failing disk, core.ErrStorage). The workers then keep the
// episodes pending and try again until the disk has room, which a command
// waiting for them would wait for without end; stop ends the watch.
func whileWritable(ctx context.Context, health func(context.Context) error, poll time.Duration) (wctx context.Context, stop func()) {
	wctx, cancel := context.WithCancelCause(ctx)
	go func() {
		t := time.NewTicker(poll)
		defer t.Stop()
		for {
			select {
			case <-wctx.Done():
				return
			case <-t.C:
			}
			if err := health(wctx); errors.Is(err, core.ErrStorage) {
				cancel(err)
				return
			}
		}
	}()
	return wctx, func() { cancel(nil) }
}

// queued is an episode of the input, stored by this run (created) or by
// an earlier one.
type queued struct {
	line    int
	uuid    string
	group   string
	ref     time.Time
	created bool
	// requeued: an earlier run stored it and it had failed; this run
	// queued it again.
	requeued bool
	// repeat: an earlier line of this run had the same episode.
	repeat bool
}

// pendingLine is a parsed line waiting for its batch.
type pendingLine struct {
	line int
	ep   core.Episode
}

// ingester stores episodes and waits for them: the engine (*engine.Engine),
// or a running server (client.Ingester).
type ingester interface {
	Ingest(ctx context.Context, eps []core.Episode) ([]engine.IngestResult, error)
	Wait(ctx context.Context, group string, uuids ...string) ([]engine.EpisodeReport, error)
}

// ingestRun reads, queues and waits for one ingest.
type ingestRun struct {
	to    ingester
	g     *globals
	group string

	queued []queued
	bad    []int
	batch  []pendingLine
	// class is the source class of lines that name none.
	class string
	// replay records each episode as learned at its reference time.
	replay bool
	seen   map[[2]string]bool // group and uuid of the episodes queued
}

// read parses the lines and stores the episodes in batches, reporting bad
// lines with their number.
func (r *ingestRun) read(ctx context.Context, in io.Reader) error {
	br := bufio.NewReaderSize(in, 1<<20)
	n := 0
	for {
		line, err := readLine(br)
		if len(line) > 0 || err == nil {
			n++
			r.parse(n, line)
			if len(r.batch) >= ingestBatch {
				if ferr := r.flush(ctx); ferr != nil {
					return ferr
				}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	return r.flush(ctx)
}

// readLine reads one line without its end, failing on lines over maxLine.
func readLine(br *bufio.Reader) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		buf = append(buf, chunk...)
		if len(buf) > maxLine {
			return nil, fmt.Errorf("a line is over %d MiB", maxLine>>20)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return bytes.TrimRight(buf, "\r\n"), err
	}
}

func (r *ingestRun) parse(n int, line []byte) {
	if len(bytes.TrimSpace(line)) == 0 {
		return
	}
	var in wire.EpisodeInput
	if err := wire.DecodeBytes(line, &in); err != nil {
		r.badLine(n, err)
		return
	}
	group := cmp.Or(in.GroupID, r.group)
	if group == "" {
		r.badLine(n, fmt.Errorf("%w: no group_id, and no --group", core.ErrInvalid))
		return
	}
	ep, err := in.Episode(group)
	if err != nil {
		r.badLine(n, err)
		return
	}
	ep.LearnedAtReference = r.replay
	if ep.Trust == "" {
		ep.Trust = r.class
	}
	r.batch = append(r.batch, pendingLine{line: n, ep: ep})
}

func (r *ingestRun) badLine(n int, err error) {
	r.bad = append(r.bad, n)
	fmt.Fprintf(r.g.stderr, "line %d: %s\n", n, cleanErr(err))
}

// flush stores the batch. If the batch is refused (one bad episode refuses
// all), its episodes are stored one by one so the bad one is named.
func (r *ingestRun) flush(ctx context.Context) error {
	b := r.batch
	r.batch = nil
	if len(b) == 0 {
		return nil
	}
	eps := make([]core.Episode, len(b))
	for i, p := range b {
		eps[i] = p.ep
	}
	res, err := r.to.Ingest(ctx, eps)
	if err == nil {
		for i, p := range b {
			r.add(p, res[i])
		}
		return nil
	}
	if !errors.Is(err, core.ErrInvalid) && !errors.Is(err, core.ErrTooLarge) && !errors.Is(err, core.ErrConflict) {
		return err
	}
	for _, p := range b {
		res, err := r.to.Ingest(ctx, []core.Episode{p.ep})
		switch {
		case err == nil:
			r.add(p, res[0])
		case errors.Is(err, core.ErrInvalid), errors.Is(err, core.ErrTooLarge), errors.Is(err, core.ErrConflict):
			r.badLine(p.line, err)
		default:
			return err
		}
	}
	return nil
}

// storedSoFar says what of the input a run stopped by a budget stored, so
// that the rest can be sent again once the budget admits it.
func (r *ingestRun) storedSoFar(name string) string {
	if len(r.queued) == 0 {
		return fmt.Sprintf("nothing of %s was stored", name)
	}
	last := 0
	for _, q := range r.queued {
		last = max(last, q.line)
	}
	return fmt.Sprintf("%d episodes of %s (lines 1 to %d) were stored and stay queued; send the lines after %d again then", len(r.queued), name, last, last)
}

// add records a stored line.
func (r *ingestRun) add(p pendingLine, res engine.IngestResult) {
	k := [2]string{p.ep.GroupID, res.UUID}
	if r.seen == nil {
		r.seen = map[[2]string]bool{}
	}
	r.queued = append(r.queued, queued{line: p.line, uuid: res.UUID, group: p.ep.GroupID, ref: p.ep.ValidAt,
		created: res.Created, requeued: res.Requeued, repeat: r.seen[k]})
	r.seen[k] = true
}

func (r *ingestRun) created() int {
	n := 0
	for _, q := range r.queued {
		if q.created {
			n++
		}
	}
	return n
}

// waitAll waits for the queued episodes in processing order (group, then
// reference time) and shows progress.
func (r *ingestRun) waitAll(ctx context.Context) ([]outcome, error) {
	order := slices.Clone(r.queued)
	slices.SortStableFunc(order, func(a, b queued) int {
		return cmp.Or(cmp.Compare(a.group, b.group), a.ref.Compare(b.ref))
	})
	p := newProgress(r.g.stderr, len(order), isTerminal(r.g.stderr))
	defer p.done()
	var out []outcome
	for _, q := range order {
		reps, err := r.to.Wait(ctx, q.group, q.uuid)
		if err != nil {
			return out, err
		}
		rep := reps[0]
		out = append(out, outcome{queued: q, rep: rep})
		if rep.Status == core.EpisodeFailed {
			p.note(fmt.Sprintf("line %d: episode %s failed: %s", q.line, q.uuid, rep.Error))
		}
		p.step()
	}
	return out, nil
}

// outcome is a queued episode and its report.
type outcome struct {
	queued
	rep engine.EpisodeReport
}

// processed reports whether this run processed the episode: it stored it,
// or an earlier run did and left it pending (interrupted) or failed, and
// this run finished it. The others were done before this run, or are a
// repeat of an earlier line.
func (o outcome) processed() bool {
	return !o.repeat && (o.created || o.requeued || o.rep.Counted)
}

// printIngestSummary prints what an ingest did and returns the number of
// failed episodes. The counts are those of the episodes this run
// processed (outcome.processed): the new ones and those resumed from an
// earlier run.
func printIngestSummary(w io.Writer, reports []outcome, r *ingestRun, took time.Duration, llmMode bool, mode string) int {
	var done, failed, fresh, resumed, before, uncounted int
	var ents, newEnts, facts, newFacts, dups, inval int
	var usage core.Usage
	var warned []outcome
	for _, o := range reports {
		rep := o.rep
		switch rep.Status {
		case core.EpisodeDone:
			done++
		case core.EpisodeFailed:
			failed++
		}
		switch {
		case !o.processed():
			before++
			continue
		case o.created:
			fresh++
		default:
			resumed++
		}
		if !rep.Counted {
			// Processed by this run, but its report is no longer kept.
			uncounted++
			continue
		}
		if len(rep.Warnings) > 0 {
			warned = append(warned, o)
		}
		ents += rep.Entities
		newEnts += rep.NewEntities
		facts += rep.Facts
		newFacts += rep.NewFacts
		dups += rep.Duplicates
		inval += rep.Invalidated
		usage = usage.Add(rep.Usage)
	}
	fmt.Fprintf(w, "ingested %d episodes in %s: %d done, %d failed, %d bad lines\n",
		len(reports), took.Round(10*time.Millisecond), done, failed, len(r.bad))
	fmt.Fprintf(w, "  episodes:      %d new, %d resumed from an earlier run, %d already done (not counted below)\n", fresh, resumed, before)
	if uncounted > 0 {
		fmt.Fprintf(w, "                 %d processed but no longer reported: not counted below\n", uncounted)
	}
	fmt.Fprintf(w, "  entities:      %d new, %d mentions in all\n", newEnts, ents)
	fmt.Fprintf(w, "  facts:         %d new, %d restated (%d merged as duplicates)\n", newFacts, facts-newFacts, dups)
	fmt.Fprintf(w, "  invalidations: %d facts superseded\n", inval)
	metered := max(fresh+resumed-uncounted, 1)
	if llmMode || usage.Calls > 0 {
		fmt.Fprintf(w, "  LLM:           %.1f calls and %.0f tokens per episode (%d calls, %d prompt + %d completion tokens)\n",
			float64(usage.Calls)/float64(metered), float64(usage.PromptTokens+usage.CompletionTokens)/float64(metered),
			usage.Calls, usage.PromptTokens, usage.CompletionTokens)
	} else {
		fmt.Fprintf(w, "  LLM:           0 calls and 0 tokens per episode (%s)\n", mode)
	}
	printWarnings(w, warned)
	return failed
}

// Warnings shown by the summary: of the first few episodes that have any,
// the first few of each.
const (
	summaryWarnedEpisodes = 5
	summaryWarnings       = 4
)

// printWarnings shows what the caps cut and what else the pipeline noted,
// by line, so that a cut episode never goes unnoticed.
func printWarnings(w io.Writer, warned []outcome) {
	if len(warned) == 0 {
		return
	}
	fmt.Fprintf(w, "  warnings:      %d episodes (an episode's status lists all of its warnings)\n", len(warned))
	for i, o := range warned {
		if i == summaryWarnedEpisodes {
			fmt.Fprintf(w, "    and %d more episodes with warnings\n", len(warned)-i)
			break
		}
		for j, msg := range o.rep.Warnings {
			if j == summaryWarnings {
				fmt.Fprintf(w, "    line %d: and %d more\n", o.line, len(o.rep.Warnings)-j)
				break
			}
			fmt.Fprintf(w, "    line %d: %s\n", o.line, msg)
		}
	}
}
