package crashtest

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/internal/bench/httpload"
)

// defaultEpisodes is the size of the checkpoint test's ingest when
// MNEMO_CRASH_EPISODES is unset, which make test runs. make test-crash
// ingests 6,000.
const defaultEpisodes = 3000

// episodesPerCheckpoint is how many episodes of the test's corpus fill
// walMiB of WAL, rounded up from what was measured with a 4 MiB WAL:
// mnemo serve, fed at servePace, began its seventh checkpoint after
// about 3,800 episodes, mnemo ingest after about 3,400. The 256 commits
// between two checkpoints are not what makes them due here: the WAL is.
func episodesPerCheckpoint(walMiB float64) float64 {
	return 600 * walMiB / 4
}

// lastCheckpoint is the last checkpoint the test kills in for an ingest
// of n episodes with walMiB of WAL between two checkpoints: one short of
// the last the ingest reaches, so that a kill never waits for a
// checkpoint that does not come, from 2 to 7 (the fourth with the 8 MiB
// of the largest default buffer pool and 6,000 episodes, the second at
// 3,000).
func lastCheckpoint(n int, walMiB float64) int {
	return min(max(int(float64(n)/episodesPerCheckpoint(walMiB))-1, 2), 7)
}

// checkpointWAL is the WAL in MiB from which the binary under test
// checkpoints after a commit on the environment env() gives it, as mnemo
// config check prints it: checkpoint_wal_mb, or a 256th of the buffer
// pool when that is less, as the store applies them.
func checkpointWAL(t *testing.T) float64 {
	t.Helper()
	r := run(t, env(), filepath.Join(t.TempDir(), "db"), "config", "check")
	if r.code != 0 {
		t.Fatalf("mnemo config check = %s:\n%s", r, r.stderr)
	}
	setting := func(name string) float64 {
		for _, l := range strings.Split(r.stdout, "\n") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(l), name+" = "); ok {
				v, _, _ = strings.Cut(v, " ")
				if f, err := strconv.ParseFloat(v, 64); err == nil && f > 0 {
					return f
				}
			}
		}
		t.Fatalf("mnemo config check prints no %s:\n%s", name, r.stdout)
		return 0
	}
	return min(setting("checkpoint_wal_mb"), setting("buffer_pool_mb")/256)
}

// killRun is one kill of the checkpoint test: through which command, in
// which checkpoint.
type killRun struct {
	serve bool
	k     int
}

// killRuns are the n runs of the checkpoint test: mnemo ingest and mnemo
// serve in turn, in checkpoints 2 to last; with fewer runs than twice the
// checkpoints they are spread from 2 to last over them, so that two runs
// kill mnemo ingest in checkpoint 2 and mnemo serve in the last.
func killRuns(n, last int) []killRun {
	runs := make([]killRun, n)
	span := last - 1
	for i := range runs {
		runs[i].serve = i%2 == 1
		switch {
		case n >= 2*span:
			runs[i].k = 2 + (i/2)%span
		case n == 1:
			runs[i].k = 2
		default:
			runs[i].k = 2 + (i*(span-1)+(n-1)/2)/(n-1)
		}
	}
	return runs
}

// TestKillInCheckpoint kills mnemo with SIGKILL while Kuzu writes a
// checkpoint (its shadow file is not empty), at checkpoint k of an
// ingest, k = 2 to the last the ingest reaches with room to spare
// (lastCheckpoint), MNEMO_CRASH_RUNS times (2 by default): through
// mnemo ingest, once it has queued every episode, and through mnemo
// serve, while batches are posted, in turn. After the kill the database
// opens by itself and holds every acknowledged episode; a copy of it
// with Kuzu's files deleted opens too, rebuilt from the journal, and
// holds the same graph; both, finished, hold the graph of an
// uninterrupted ingest.
func TestKillInCheckpoint(t *testing.T) {
	n := envInt(t, "MNEMO_CRASH_EPISODES", defaultEpisodes)
	c := newCorpus(t, refs.dir, 1, n)
	// The uninterrupted run goes on beside the first kill.
	ref := ingested(c)
	wal := checkpointWAL(t)
	last := lastCheckpoint(n, wal)
	t.Logf("%d episodes, a checkpoint every %.0f MiB of WAL: kills in checkpoints 2 to %d", n, wal, last)
	for i, r := range killRuns(envInt(t, "MNEMO_CRASH_RUNS", 2), last) {
		if r.serve {
			t.Run(fmt.Sprintf("run%02d-serve-checkpoint%d", i+1, r.k), func(t *testing.T) {
				killServeInCheckpoint(t, c, ref, r.k)
			})
		} else {
			t.Run(fmt.Sprintf("run%02d-ingest-checkpoint%d", i+1, r.k), func(t *testing.T) {
				killIngestInCheckpoint(t, c, ref, r.k)
			})
		}
	}
}

// checkpointWatch polls the shadow file of the database db every
// millisecond, counts Kuzu's checkpoints (the file going from empty or
// missing to non-empty) and kills p in checkpoint k or the first after
// it once ready says so, while the file is not empty.
type checkpointWatch struct {
	db    string
	k     int
	ready func() bool

	// Set once the watch ends: the checkpoint p was killed in (0 if p
	// ended by itself), and the shadow file's size seen just before.
	killedIn int
	shadow   int64
}

func (w *checkpointWatch) run(p *proc) {
	path := filepath.Join(w.db, "graph.kuzu.shadow")
	var prev int64
	seen := 0
	for !p.exited() {
		size := fileSize(path)
		if size > 0 && prev == 0 {
			seen++
		}
		if size > 0 && seen >= w.k && w.ready() {
			p.kill()
			w.killedIn, w.shadow = seen, size
			return
		}
		prev = size
		time.Sleep(time.Millisecond)
	}
}

// checkKilledInside fails the test unless the kill left what a kill
// inside a checkpoint leaves: the shadow file not empty and the
// checkpoint mark.
func checkKilledInside(t *testing.T, w *checkpointWatch) {
	t.Helper()
	if w.killedIn == 0 {
		t.Fatalf("the process ended before checkpoint %d: the ingest is too small to reach it", w.k)
	}
	left := fileSize(filepath.Join(w.db, "graph.kuzu.shadow"))
	mark := fileExists(filepath.Join(w.db, "checkpoint.pending"))
	if left == 0 || !mark {
		t.Errorf("killed in checkpoint %d, but the kill left a shadow file of %d bytes and the checkpoint mark %v: it landed after the checkpoint", w.killedIn, left, mark)
	}
}

// recoveryLine is the line a command logs when opening the database
// replayed the journal or rebuilt it, "" if it logged none.
func recoveryLine(stderr string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if strings.Contains(l, "journaled writes were replayed") {
			if i := strings.Index(l, "msg="); i >= 0 {
				l = l[i+4:]
			}
			return strings.Trim(l, `"`)
		}
	}
	return ""
}

// reopened is a database opened after a kill: its graph, what opening
// it did and how long it took.
type reopened struct {
	g    graph
	how  string
	took time.Duration
	err  error
}

// reopenQuiet opens the database db after a kill with mnemo export (any
// command opens it by itself) and reads its graph. It calls no t.Fatal.
func reopenQuiet(ctx context.Context, db string) reopened {
	start := time.Now()
	f := filepath.Join(filepath.Dir(db), filepath.Base(db)+"-reopened.jsonl")
	r, err := runQuiet(ctx, env(), db, "export", "-o", f)
	if err == nil && r.code != 0 {
		err = fmt.Errorf("mnemo export, the first command after the kill, = %s", r)
	}
	if err == nil {
		for _, s := range crashDump {
			if strings.Contains(r.stderr, s) {
				err = fmt.Errorf("mnemo export, the first command after the kill: stderr holds %q:\n%s", s, tail(r.stderr, 4000))
			}
		}
	}
	if err != nil {
		return reopened{err: err}
	}
	defer os.Remove(f)
	g, err := readExport(f)
	how := recoveryLine(r.stderr)
	if how == "" {
		how = "opened as it was"
	}
	return reopened{g: g, how: how, took: time.Since(start), err: err}
}

// reopen opens the database db after a kill and checks that it holds
// every acknowledged episode of group g, once.
func reopen(t *testing.T, what, db string, acked []string) (graph, string) {
	t.Helper()
	o := reopenQuiet(t.Context(), db)
	if o.err != nil {
		t.Fatalf("%s: %v", what, o.err)
	}
	wantEpisodes(t, what, o.g, "g", acked, "")
	checkNoDuplicateEpisodes(t, what, o.g)
	return o.g, o.how
}

// afterKill checks the database db a kill left, with acked the episodes
// acknowledged before it: it opens by itself with every acknowledged
// episode. With withCopy, so does a copy with Kuzu's files deleted (both
// at once), with the same graph, and afterKill returns the copy's
// directory; else "".
func afterKill(t *testing.T, db string, acked []string, withCopy bool) string {
	t.Helper()
	type check struct {
		what string
		o    reopened
	}
	var deleted string
	var rebuilt reopened
	done := make(chan struct{})
	if withCopy {
		deleted = filepath.Join(t.TempDir(), "deleted")
		copyDir(t, db, deleted)
		removeKuzuFiles(t, deleted)
		go func() { defer close(done); rebuilt = reopenQuiet(t.Context(), deleted) }()
	} else {
		close(done)
	}
	left := reopenQuiet(t.Context(), db)
	<-done
	checks := []check{{"the database as the kill left it", left}}
	if withCopy {
		checks = append(checks, check{"the database with Kuzu's files deleted", rebuilt})
	}
	for _, o := range checks {
		if o.o.err != nil {
			t.Fatalf("%s: %v", o.what, o.o.err)
		}
		wantEpisodes(t, o.what, o.o.g, "g", acked, "")
		checkNoDuplicateEpisodes(t, o.what, o.o.g)
		t.Logf("%s: reopened in %s: %s", o.what, o.o.took.Round(time.Millisecond), o.o.how)
	}
	if !withCopy {
		return ""
	}
	if !strings.Contains(rebuilt.how, "graph.kuzu is missing") {
		t.Errorf("opening the database without Kuzu's files logged %q, want a rebuild saying graph.kuzu is missing", rebuilt.how)
	}
	if d := diffGraphs(left.g, rebuilt.g); d != "" {
		t.Errorf("the graph rebuilt from the journal differs from the graph Kuzu's files kept (%s, want %s):\n%s", rebuilt.g.summary(), left.g.summary(), d)
	}
	return deleted
}

// finished is the outcome of an ingest finished in the background.
type finished struct {
	r   result
	err error
	g   graph
}

// finishIngest runs mnemo ingest of c again on db, which stores what
// it lacks and waits for the workers, then exports the graph. It calls
// no t.Fatal, so that it can run on a goroutine of its own; ctx ends the
// processes.
func finishIngest(ctx context.Context, db string, c corpus) finished {
	r, err := runQuiet(ctx, env(), db, "ingest", "--group", "g", c.file)
	if err == nil && r.code != 0 {
		err = fmt.Errorf("mnemo ingest = %s", r)
	}
	if err != nil {
		return finished{r: r, err: err}
	}
	out := filepath.Join(filepath.Dir(db), "finished.jsonl")
	er, err := runQuiet(ctx, env(), db, "export", "-o", out)
	if err == nil && er.code != 0 {
		err = fmt.Errorf("mnemo export = %s", er)
	}
	if err != nil {
		return finished{r: r, err: err}
	}
	g, err := readExport(out)
	return finished{r: r, err: err, g: g}
}

// checkFinished checks an ingest finished after a kill: every episode
// of c done, the graph of the uninterrupted run.
func checkFinished(t *testing.T, what string, f finished, c corpus, want graph) {
	t.Helper()
	if f.err != nil {
		t.Errorf("%s: %v", what, f.err)
		return
	}
	noCrashDump(t, what, f.r.stderr)
	if !strings.Contains(f.r.stdout, fmt.Sprintf("%d done, 0 failed", len(c.episodes))) {
		t.Errorf("%s: mnemo ingest said:\n%s", what, f.r.stdout)
	}
	wantEpisodes(t, what, f.g, "g", c.uuids(), "done")
	checkNoDuplicateEpisodes(t, what, f.g)
	wantGraph(t, what, want, f.g)
}

func killIngestInCheckpoint(t *testing.T, c corpus, ref *reference, k int) {
	db := filepath.Join(t.TempDir(), "db")
	p := start(t, env(), db, "ingest", "--group", "g", c.file)
	var queued atomic.Bool
	go func() {
		for l := range p.lines {
			if strings.HasPrefix(l, "queued ") {
				queued.Store(true)
			}
		}
	}()
	w := &checkpointWatch{db: db, k: k, ready: queued.Load}
	begun := time.Now()
	w.run(p)
	<-p.done
	if !queued.Load() {
		t.Fatalf("mnemo ingest ended before it queued the episodes: %v\n%s", p.err, tail(p.errText(), 4000))
	}
	checkKilledInside(t, w)
	noCrashDump(t, "the killed mnemo ingest", p.errText())
	t.Logf("killed mnemo ingest of %d episodes in checkpoint %d after %s (shadow file: %d bytes)", len(c.episodes), w.killedIn, time.Since(begun).Round(time.Millisecond), w.shadow)
	// Acknowledged: every episode, once mnemo ingest said it queued them.
	deleted := afterKill(t, db, c.uuids(), true)
	finishBoth(t, db, deleted, func() finished { return finishIngest(t.Context(), db, c) }, c, ref)
}

// finishBoth finishes the database as the kill left it, with finish on
// the test's goroutine, and its copy without Kuzu's files (deleted, when
// not ""), with mnemo ingest on another, side by side, and compares both
// with the reference.
func finishBoth(t *testing.T, db, deleted string, finish func() finished, c corpus, ref *reference) {
	t.Helper()
	if deleted == "" {
		left := finish()
		checkFinished(t, "the database as the kill left it, finished", left, c, ref.wait(t).g)
		return
	}
	start := time.Now()
	var rebuilt finished
	done := make(chan struct{})
	go func() { defer close(done); rebuilt = finishIngest(t.Context(), deleted, c) }()
	left := finish()
	<-done
	t.Logf("finished both in %s", time.Since(start).Round(time.Millisecond))
	want := ref.wait(t).g
	checkFinished(t, "the database as the kill left it, finished", left, c, want)
	checkFinished(t, "the database rebuilt without Kuzu's files, finished", rebuilt, c, want)
}

// servePace is the time between two batches the serve test posts: a
// little faster than the workers process them on two shared cores, so
// that the kills land while batches are posted.
const servePace = 600 * time.Millisecond

func killServeInCheckpoint(t *testing.T, c corpus, ref *reference, k int) {
	db := filepath.Join(t.TempDir(), "db")
	s := serve(t, nil, db)
	bs := batches(c.episodes, 64)
	var (
		mu    sync.Mutex
		acked []string
		sent  int // batches answered 202
	)
	posted := make(chan struct{})
	go func() {
		defer close(posted)
		for i, b := range bs {
			for {
				a := s.postBatch("g", b)
				if a.err != nil {
					return // the server is gone
				}
				if a.status == http.StatusAccepted {
					break
				}
				if a.status == http.StatusServiceUnavailable {
					time.Sleep(100 * time.Millisecond) // busy: a checkpoint
					continue
				}
				t.Errorf("POST batch %d = %v", i, a)
				return
			}
			mu.Lock()
			for _, e := range b {
				acked = append(acked, e.UUID)
			}
			sent = i + 1
			mu.Unlock()
			time.Sleep(servePace)
		}
	}()
	w := &checkpointWatch{db: db, k: k, ready: func() bool { return true }}
	begun := time.Now()
	w.run(s.proc)
	<-s.done
	<-posted
	checkKilledInside(t, w)
	noCrashDump(t, "the killed mnemo serve", s.errText())
	mu.Lock()
	ackedNow, sentNow := append([]string(nil), acked...), sent
	mu.Unlock()
	t.Logf("killed mnemo serve in checkpoint %d after %s, %d of %d batches answered 202 (shadow file: %d bytes)",
		w.killedIn, time.Since(begun).Round(time.Millisecond), sentNow, len(bs), w.shadow)
	deleted := afterKill(t, db, ackedNow, false)
	finishBoth(t, db, deleted, func() finished { return finishServe(t, db, c, bs[sentNow:]) }, c, ref)
}

// finishServe starts mnemo serve on db again, posts the batches rest,
// which were not acknowledged, waits until the workers are idle, stops
// it and exports the graph.
func finishServe(t *testing.T, db string, c corpus, rest [][]httpload.Episode) finished {
	t.Helper()
	s := serve(t, nil, db)
	for i, b := range rest {
		for {
			a := s.postBatch("g", b)
			if a.status == http.StatusAccepted {
				break
			}
			if a.err == nil && a.status == http.StatusServiceUnavailable {
				time.Sleep(100 * time.Millisecond)
				continue
			}
			t.Fatalf("POST batch %d of the rest again = %v", i, a)
		}
	}
	s.waitIdle(t, "g", len(c.episodes))
	s.stop(t)
	f := finished{r: result{stdout: fmt.Sprintf("%d done, 0 failed", len(c.episodes)), stderr: s.errText()}}
	f.g, _ = exportGraph(t, nil, db)
	return f
}
