package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/mnemohq/mnemo/internal/bench/httpload"
)

// result is what one target measured.
type result struct {
	label    string
	emulated bool
	// binary and lib are the sizes of the executable and of Kuzu's
	// library in the dist directory.
	binary, lib int64
	// cold and warm are the times from exec to the first search answered,
	// with an empty and with a filled plugin compilation cache.
	cold, warm time.Duration
	// coldIdle is the resident memory idleWait after the cold start's
	// first answer, with nothing to do, coldParts what it is made of
	// (native only); idle and idleParts the same after the warm start.
	coldIdle  int64
	coldParts []part
	idle      int64
	idleParts []part
	// ingestedIdle is the resident memory idleWait after the last episode
	// was processed, before the searches.
	ingestedIdle int64
	// samples are taken during the ingestion.
	samples []sample
	// ingest is the time the episodes took from the first post to the
	// last processed; peak the highest resident memory seen.
	ingest time.Duration
	peak   int64
	// after is the resident memory right after the ingestion and the
	// searches; afterIdle the same idleWait later, afterParts what it is
	// made of then (native only).
	after, afterIdle int64
	afterParts       []part
	// p50 and p95 are the latencies of the searches after the ingestion.
	p50, p95 time.Duration
	// dbBytes is the database file's size at the end.
	dbBytes int64
	// backoff is what the server asked the tool to wait while ingesting.
	backoff backoff
}

// sample is the state after Stored episodes.
type sample struct {
	Stored int
	// Rate is episodes processed per second since the previous sample.
	Rate float64
	RSS  int64
}

// measure runs one target through the whole profile.
func measure(ctx context.Context, t *target, o options, log io.Writer) (*result, error) {
	r := &result{label: t.label(), emulated: t.emulated(), binary: fileSize(t.exe), lib: fileSize(t.lib)}
	dir, err := os.MkdirTemp("", "mnemo-bench-edge-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	db := filepath.Join(dir, "db")

	// Cold: a new database and an empty plugin cache of its own, beside
	// it (start), not the user's cache directory that other runs filled,
	// and the binary and Kuzu's library read from the disk (evict).
	if err := evict(t.exe, t.lib); err != nil {
		return nil, err
	}
	p, first, err := start(ctx, t, o, db)
	if err != nil {
		return nil, fmt.Errorf("cold start: %w", err)
	}
	r.cold = first
	if err := sleep(ctx, idleWait); err != nil {
		p.stop()
		return nil, err
	}
	r.coldIdle = p.rss()
	if !t.emulated() {
		r.coldParts = p.parts()
	}
	fmt.Fprintf(log, "cold start to first answer: %s; RSS %.0f MiB %s later\n", first.Round(time.Millisecond), mib(r.coldIdle), idleWait)
	if err := p.stop(); err != nil {
		return nil, fmt.Errorf("stop after the cold start: %w", err)
	}

	p, first, err = start(ctx, t, o, db)
	if err != nil {
		return nil, fmt.Errorf("warm start: %w", err)
	}
	defer p.stop()
	r.warm = first
	// Idle: what the process holds once it has answered and has nothing
	// to do.
	if err := sleep(ctx, idleWait); err != nil {
		return nil, err
	}
	r.idle = p.rss()
	if !t.emulated() {
		r.idleParts = p.parts()
	}
	fmt.Fprintf(log, "warm start to first answer: %s; idle RSS %.0f MiB\n", first.Round(time.Millisecond), mib(r.idle))

	err = ingest(ctx, p, o, r, log)
	r.backoff = p.backoff
	if p.backoff.answers > 0 {
		fmt.Fprintf(log, "while ingesting, %s\n", p.backoff)
	}
	if err != nil {
		return nil, p.failed(err)
	}
	if err := sleep(ctx, idleWait); err != nil {
		return nil, err
	}
	r.ingestedIdle = p.rss()
	r.peak = max(r.peak, r.ingestedIdle)
	fmt.Fprintf(log, "RSS %s after the last episode: %.0f MiB\n", idleWait, mib(r.ingestedIdle))
	c := httpload.NewClient(p.url, "", 1)
	var lat []time.Duration
	for _, q := range httpload.NewCorpus(2).Questions(o.searches) {
		s := time.Now()
		if err := c.Search(ctx, group, q); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		lat = append(lat, time.Since(s))
	}
	r.p50, r.p95 = httpload.Percentile(lat, 50), httpload.Percentile(lat, 95)
	r.after = p.rss()
	r.peak = max(r.peak, r.after)
	fmt.Fprintf(log, "search p50 %.1f ms, p95 %.1f ms; RSS %.0f MiB\n", ms(r.p50), ms(r.p95), mib(r.after))
	// What the board keeps once the questions stop: the store trims its
	// C heap after reads have stopped (kuzu's readIdle).
	if err := sleep(ctx, idleWait); err != nil {
		return nil, err
	}
	r.afterIdle = p.rss()
	r.peak = max(r.peak, r.afterIdle)
	if !t.emulated() {
		r.afterParts = p.parts()
	}
	r.dbBytes = fileSize(filepath.Join(db, "graph.kuzu"))
	fmt.Fprintf(log, "RSS %s after the searches: %.0f MiB\n", idleWait, mib(r.afterIdle))
	return r, p.stop()
}

// idleWait is how long the process is left alone before its idle
// resident memory is read: the aim (docs/edge.md) is stated 5 s after a
// start.
const idleWait = 5 * time.Second

func sleep(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// group is the group the benchmark ingests into and searches.
const group = "edge"

// ingest posts o.episodes generated episodes in batches and samples the
// process every o.every episodes processed. The queue is kept at most
// two batches deep, so episodes/s is the rate at which they are processed.
func ingest(ctx context.Context, p *proc, o options, r *result, log io.Writer) error {
	corpus := httpload.NewCorpus(1)
	const batch = 50
	start := time.Now()
	last, lastN := start, 0
	for posted := 0; posted < o.episodes; {
		k := min(batch, o.episodes-posted)
		if err := p.do(ctx, "POST", "/v1/groups/"+group+"/episodes", map[string]any{"episodes": corpus.Episodes(k)}, nil); err != nil {
			return fmt.Errorf("post episodes: %w", err)
		}
		posted += k
		for {
			st, err := p.stats(ctx)
			if err != nil {
				return err
			}
			if st.Failed > 0 {
				return fmt.Errorf("%w: %d", errFailed, st.Failed)
			}
			done := st.Episodes - st.Pending
			for next := (lastN/o.every + 1) * o.every; done >= next; next += o.every {
				now := time.Now()
				rss := p.rss()
				r.peak = max(r.peak, rss)
				rate := float64(done-lastN) / now.Sub(last).Seconds()
				r.samples = append(r.samples, sample{Stored: done, Rate: rate, RSS: rss})
				fmt.Fprintf(log, "  %6d episodes  %6.1f episodes/s  RSS %4.0f MiB\n", done, rate, mib(rss))
				last, lastN = now, done
			}
			// Post the next batch once fewer than a batch are queued; after
			// the last, wait until every episode is processed.
			if posted < o.episodes && st.Pending < batch || st.Pending == 0 {
				break
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
	r.ingest = time.Since(start)
	return nil
}

// proc is a running mnemo serve.
type proc struct {
	cmd  *exec.Cmd
	url  string
	http *http.Client
	done chan error
	// backoff counts the answers that asked the tool to retry (do);
	// pause waits as they ask (nil: sleep).
	backoff backoff
	pause   func(context.Context, time.Duration) error
}

// start runs mnemo serve over db and returns once it has answered a
// search, with the time from exec to that answer.
func start(ctx context.Context, t *target, o options, db string) (*proc, time.Duration, error) {
	port, err := freePort()
	if err != nil {
		return nil, 0, err
	}
	addr := "127.0.0.1:" + strconv.Itoa(port)
	args := append(append([]string{}, t.emulator...), t.exe, "--db", db, "serve", "--addr", addr)
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = append(os.Environ(), t.env...)
	cmd.Env = append(cmd.Env, "MNEMO_PLUGINS_CACHE_DIR="+filepath.Join(filepath.Dir(db), "wasm-cache"))
	if o.poolMB > 0 {
		cmd.Env = append(cmd.Env, "MNEMO_STORE_BUFFER_POOL_MB="+strconv.Itoa(o.poolMB))
	}
	if o.pluginPool > 0 {
		cmd.Env = append(cmd.Env, "MNEMO_PLUGINS_POOL_SIZE="+strconv.Itoa(o.pluginPool))
	}
	cmd.Env = append(cmd.Env, "MNEMO_LOG_LEVEL=warn")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	p := &proc{cmd: cmd, url: "http://" + addr, http: &http.Client{Timeout: time.Minute}, done: make(chan error, 1)}
	began := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, 0, err
	}
	go func() { p.done <- cmd.Wait() }()
	c := httpload.NewClient(p.url, "", 1)
	for {
		err := c.Search(ctx, group, "where does Maya live")
		if err == nil {
			return p, time.Since(began), nil
		}
		select {
		case werr := <-p.done:
			return nil, 0, fmt.Errorf("mnemo serve exited: %w", werr)
		case <-ctx.Done():
			p.stop()
			return nil, 0, ctx.Err()
		case <-time.After(5 * time.Millisecond):
		}
		if time.Since(began) > 10*time.Minute {
			p.stop()
			return nil, 0, fmt.Errorf("no answer after 10 minutes: %w", err)
		}
	}
}

// failed returns err with how the process ended if it has: a request
// that fails with EOF says nothing of a server that crashed under it.
func (p *proc) failed(err error) error {
	select {
	case werr := <-p.done:
		p.done <- werr
		return fmt.Errorf("%w (mnemo serve exited: %v)", err, exitStatus(werr))
	case <-time.After(time.Second):
		return err
	}
}

// exitStatus says how a process ended: its exit code, or the signal that
// killed it.
func exitStatus(err error) string {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return fmt.Sprint(err)
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return fmt.Sprintf("killed by %v", ws.Signal())
	}
	return fmt.Sprintf("exit code %d", ee.ExitCode())
}

// stop ends the process with SIGTERM, as an operator would, and waits.
func (p *proc) stop() error {
	if p.cmd.ProcessState != nil {
		return nil
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.done:
		p.done <- err
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return fmt.Errorf("mnemo serve: %w", err)
		}
		return err
	case <-time.After(2 * time.Minute):
		_ = p.cmd.Process.Kill()
		return errors.New("mnemo serve did not stop within 2 minutes of SIGTERM")
	}
}

// groupStats are the counts of GET /v1/groups/{group}.
type groupStats struct {
	Episodes int `json:"episodes"`
	Pending  int `json:"pending_episodes"`
	Failed   int `json:"failed_episodes"`
}

func (p *proc) stats(ctx context.Context) (groupStats, error) {
	var st groupStats
	err := p.do(ctx, "GET", "/v1/groups/"+group, nil, &st)
	return st, err
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
