// Package simclock is a clock set by hand, safe for concurrent use, for
// the tests and benchmarks that replay time through an engine: its
// ingestion workers and flushers read the clock while the test moves it,
// so a bare variable would race.
package simclock

import (
	"sync"
	"time"
)

// Clock reads the time it was last set to. The zero value reads the zero
// time.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// New returns a clock set to t.
func New(t time.Time) *Clock { return &Clock{t: t} }

// Now returns the time last set.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Set moves the clock to t, forward or back.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}
