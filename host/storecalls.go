package host

import (
	"cmp"
	"slices"
	"sync"
	"time"
)

// LatencyBuckets are the upper bounds, in seconds, of the latency
// histograms of the HTTP API and of the store's calls.
var LatencyBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// Histogram counts durations in LatencyBuckets.
type Histogram struct {
	// Counts are per bucket, not cumulative; a duration past the last
	// bound is in N only.
	Counts []uint64
	Sum    time.Duration
	N      uint64
}

// Observe adds one duration.
func (h *Histogram) Observe(d time.Duration) {
	if h.Counts == nil {
		h.Counts = make([]uint64, len(LatencyBuckets))
	}
	sec := d.Seconds()
	for i, b := range LatencyBuckets {
		if sec <= b {
			h.Counts[i]++
			break
		}
	}
	h.Sum += d
	h.N++
}

// StoreCall is the latency of one kind of call of the store, with its
// failures.
type StoreCall struct {
	// Store is the backend (kuzu, weaviate); Op the store's name for the
	// call (kuzu.Options.Observe, weaviate.Options.Observe).
	Store, Op string
	Latency   Histogram
	Errors    uint64
}

// StoreCalls records the latency of the store's calls, for /metrics.
type StoreCalls struct {
	mu    sync.Mutex
	calls map[[2]string]*StoreCall
}

// observe returns the Observe function of a store of the backend; nil on
// a nil StoreCalls, which records nothing.
func (c *StoreCalls) observe(backend string) func(op string, d time.Duration, err error) {
	if c == nil {
		return nil
	}
	return func(op string, d time.Duration, err error) {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.calls == nil {
			c.calls = map[[2]string]*StoreCall{}
		}
		k := [2]string{backend, op}
		sc, ok := c.calls[k]
		if !ok {
			sc = &StoreCall{Store: backend, Op: op}
			c.calls[k] = sc
		}
		sc.Latency.Observe(d)
		if err != nil {
			sc.Errors++
		}
	}
}

// Snapshot returns the calls recorded so far, by store and operation.
func (c *StoreCalls) Snapshot() []StoreCall {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]StoreCall, 0, len(c.calls))
	for _, sc := range c.calls {
		cp := *sc
		cp.Latency.Counts = slices.Clone(sc.Latency.Counts)
		out = append(out, cp)
	}
	slices.SortFunc(out, func(a, b StoreCall) int { return cmp.Or(cmp.Compare(a.Store, b.Store), cmp.Compare(a.Op, b.Op)) })
	return out
}
