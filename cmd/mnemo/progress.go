package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/host/wire"
)

// progress shows how far a long operation is: a bar redrawn in place on a
// terminal, plain lines (at most one every few seconds) otherwise.
type progress struct {
	w        io.Writer
	total    int
	n        int
	tty      bool
	start    time.Time
	lastLine time.Time
}

func newProgress(w io.Writer, total int, tty bool) *progress {
	p := &progress{w: w, total: total, tty: tty, start: time.Now(), lastLine: time.Now()}
	p.draw()
	return p
}

// step counts one item done.
func (p *progress) step() {
	p.n++
	p.draw()
}

// note prints a line without breaking the bar.
func (p *progress) note(s string) {
	if p.tty {
		fmt.Fprintf(p.w, "\r\033[K%s\n", s)
		p.draw()
		return
	}
	fmt.Fprintln(p.w, s)
}

func (p *progress) draw() {
	if p.total == 0 {
		return
	}
	el := time.Since(p.start)
	rate := float64(p.n) / max(el.Seconds(), 1e-3)
	if p.tty {
		const width = 30
		fill := width * p.n / p.total
		fmt.Fprintf(p.w, "\r\033[K[%s%s] %d/%d episodes  %.1f/s", strings.Repeat("#", fill), strings.Repeat(".", width-fill), p.n, p.total, rate)
		return
	}
	if p.n == p.total || p.n > 0 && time.Since(p.lastLine) >= 5*time.Second {
		p.lastLine = time.Now()
		fmt.Fprintf(p.w, "processed %d/%d episodes (%.1f/s)\n", p.n, p.total, rate)
	}
}

// done ends the bar's line.
func (p *progress) done() {
	if p.tty && p.total > 0 {
		fmt.Fprintln(p.w)
	}
}

// cleanErr is an error's message without the "core: " prefixes of the
// sentinel errors, for users.
func cleanErr(err error) string { return wire.Message(err) }
