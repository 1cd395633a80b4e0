package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"
)

// report is the run's summary, printed at the end whatever happened.
type report struct {
	o      options
	start  time.Time
	ingest *ingestResult
	serve  *serveResult
	files  []string
}

// print writes the summary table, the files written and the command that
// reproduces the run; err is the run's outcome. It also writes the
// summary to soak-summary.txt in the output directory.
func (r *report) print(w io.Writer, err error) {
	var b strings.Builder
	r.write(&b, err)
	io.WriteString(w, b.String())
	if os.MkdirAll(r.o.out, 0o755) == nil {
		os.WriteFile(r.o.out+string(os.PathSeparator)+"soak-summary.txt", []byte(b.String()), 0o644)
	}
}

func (r *report) write(w io.Writer, err error) {
	o := r.o
	fmt.Fprintf(w, "\nmnemo bench-soak: %s; default configuration, offline; %s in all\n", machine(), time.Since(r.start).Round(time.Second))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if g := r.ingest; g != nil {
		fmt.Fprintf(tw, "phase one\t%d message episodes ingested in batches of %d, %d group(s)\n", o.episodes, ingestBatch, o.groups)
		stored := 0
		if n := len(g.samples); n > 0 {
			stored = g.samples[n-1].Stored
		}
		lo, hi := rateRange(g.samples)
		fmt.Fprintf(tw, "  episodes stored\t%d in %s: %.1f/s overall, %.1f to %.1f/s per sample\n", stored, g.elapsed.Round(time.Second), perSecond(stored, g.elapsed), lo, hi)
		if n := len(g.samples); n > 1 {
			a, z := g.samples[0], g.samples[n-1]
			fmt.Fprintf(tw, "  first and last sample\t%.1f and %.1f episodes/s (%.0f%%), CPU %.2f and %.2f ms/episode (%.0f%%)\n",
				a.Rate, z.Rate, 100*z.Rate/a.Rate, a.CPU, z.CPU, 100*z.CPU/a.CPU)
		}
		fmt.Fprintf(tw, "  failed episodes\t%d\n", g.failed)
		fmt.Fprintf(tw, "  RSS\tpeak %s, at the end %s\n", mibs(g.peakRSS), mibs(last(g.samples).RSS))
		fmt.Fprintf(tw, "  WAL\tlargest sampled %s, at the end %s\n", mibs(maxOf(g.samples, func(s sample) int64 { return s.WAL })), mibs(g.durability.WALBytes))
		fmt.Fprintf(tw, "  database file\t%s\n", mibs(last(g.samples).DB))
		d := g.durability
		fmt.Fprintf(tw, "  checkpoints\t%d, %s in all; busy retries %d, busy %d\n", d.Checkpoints, d.CheckpointTime.Round(time.Millisecond), d.BusyRetries, d.Busy)
		fmt.Fprintf(tw, "  compactions\t%d, %s in all\n", d.Compactions, d.CompactTime.Round(time.Millisecond))
		if g.reopenTime > 0 {
			fmt.Fprintf(tw, "  close, reopen\t%s, %s\n", g.closeTime.Round(time.Millisecond), g.reopenTime.Round(time.Millisecond))
			a := g.after
			same := "the same as before closing"
			if a != g.before {
				same = fmt.Sprintf("DIFFERENT: before closing %+v", g.before)
			}
			fmt.Fprintf(tw, "  after reopening\t%d episodes done, %d pending, %d failed; %d entities, %d facts (%d current): %s\n",
				done(a), a.PendingEpisodes, a.FailedEpisodes, a.Entities, a.Facts, a.CurrentFacts, same)
		}
		for _, e := range g.errs {
			fmt.Fprintf(tw, "  error\t%s\n", e)
		}
	}
	if s := r.serve; s != nil {
		fmt.Fprintf(tw, "phase two\tHTTP API on loopback, %d clients searching, %g episodes/s posted, for %s (%s with the last sample)\n", o.clients, o.rate, o.serve, s.length.Round(100*time.Millisecond))
		fmt.Fprintf(tw, "  searches\t%d (%.1f/s): p50 %s, p95 %s over the phase\n", s.searches, perSecond(s.searches, s.length), ms(s.p50), ms(s.p95))
		lo, hi := rateRange(s.samples)
		l := last(s.samples)
		fmt.Fprintf(tw, "  episodes\t%d posted (%.1f/s); %d stored during the phase (%.1f/s, %.1f to %.1f/s per sample), %d pending at its end\n",
			s.sent, perSecond(s.sent, s.length), max(l.Stored-s.stored0, 0), perSecond(max(l.Stored-s.stored0, 0), l.Elapsed), lo, hi, l.Pending)
		kept := "kept up with the posts"
		if perSecond(max(l.Stored-s.stored0, 0), l.Elapsed) < 0.9*perSecond(s.sent, s.length) {
			kept = "did NOT keep up with the posts"
		}
		fmt.Fprintf(tw, "  queue\tingestion %s; the queue drained in %s after the phase, %d left pending\n", kept, s.drain.Round(time.Second), s.pending)
		fmt.Fprintf(tw, "  errors\t%d: %d searches, %d posts, %d episodes failed\n", s.errors(), s.searchErrors, s.sendErrors, s.failed)
		fmt.Fprintf(tw, "  RSS\tpeak %s, at the end %s\n", mibs(s.peakRSS), mibs(last(s.samples).RSS))
		fmt.Fprintf(tw, "  WAL\tlargest sampled %s\n", mibs(maxOf(s.samples, func(s sample) int64 { return s.WAL })))
		fmt.Fprintf(tw, "  database file\t%s\n", mibs(last(s.samples).DB))
		d := s.durability
		fmt.Fprintf(tw, "  checkpoints\t%d, %s in all; busy retries %d, busy %d\n", d.Checkpoints, d.CheckpointTime.Round(time.Millisecond), d.BusyRetries, d.Busy)
		for _, e := range s.errs {
			fmt.Fprintf(tw, "  error\t%s\n", e)
		}
	}
	tw.Flush()
	if len(r.files) > 0 {
		fmt.Fprintf(w, "wrote %s\n", strings.Join(r.files, ", "))
	}
	verdict := "PASSED: no errors"
	if err != nil {
		verdict = "FAILED: " + err.Error()
	}
	fmt.Fprintln(w, verdict)
	if o.searches > 0 && o.groups == 1 && o.serve == 0 {
		fmt.Fprintf(w, "reproduce: make bench-growth GROWTH_EPISODES=%d GROWTH_EVERY=%d GROWTH_SEARCHES=%d OUT=%s\n", o.episodes, o.every, o.searches, o.out)
	}
	if o.searches == 0 && o.groups == 1 && o.every == defaultEvery(o.episodes) && o.interval == defaultInterval {
		fmt.Fprintf(w, "reproduce: make bench-soak EPISODES=%d SERVE=%s CLIENTS=%d RATE=%g OUT=%s\n", o.episodes, o.serve, o.clients, o.rate, o.out)
	}
	fmt.Fprintf(w, "reproduce: go run ./internal/tools/bench-soak -episodes %d -groups %d -every %d -serve %s -clients %d -rate %g -interval %s -searches %d -out %s\n",
		o.episodes, o.groups, o.every, o.serve, o.clients, o.rate, o.interval, o.searches, o.out)
}

func perSecond(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

// rateRange is the lowest and highest episodes/s of the samples.
func rateRange(ss []sample) (lo, hi float64) {
	for i, s := range ss {
		if i == 0 || s.Rate < lo {
			lo = s.Rate
		}
		if s.Rate > hi {
			hi = s.Rate
		}
	}
	return lo, hi
}

func last(ss []sample) sample {
	if len(ss) == 0 {
		return sample{}
	}
	return ss[len(ss)-1]
}

func maxOf(ss []sample, f func(sample) int64) int64 {
	var m int64
	for _, s := range ss {
		m = max(m, f(s))
	}
	return m
}

func mibs(b int64) string { return fmt.Sprintf("%.1f MiB", mib(b)) }
