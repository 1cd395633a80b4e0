package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
)

// sample is the state of a phase after Stored episodes: one row of its CSV
// and one point of each series of its chart.
type sample struct {
	// Stored counts the episodes processed in the database, over every
	// group; Pending those accepted and not processed yet.
	Stored, Pending int
	// Elapsed is the time since the phase began.
	Elapsed time.Duration
	// Rate is episodes stored per second since the previous sample.
	Rate float64
	// CPU (phase one) is the process's CPU time, its threads summed and
	// Kuzu's among them, per episode stored since the previous sample, in
	// milliseconds; the growth searches are not counted. On a shared
	// machine a slice's rate follows the other load as much as the store,
	// its CPU per episode the store.
	CPU float64
	// Searches counts the searches completed since the previous sample
	// (phase two), P50 and P95 their latency.
	Searches int
	P50, P95 time.Duration
	// Errors counts what went wrong since the previous sample: failed
	// episodes, and in phase two failed requests.
	Errors int
	// RSS is the resident memory of this process, WAL and DB the sizes
	// of the WAL and of the database file, in bytes.
	RSS, WAL, DB int64
	// Checkpoints counts the store's checkpoints since it was opened.
	Checkpoints int64
	// Growth (phase one with -searches): the latency of one client's
	// searches after the sample's episodes, with the default recipe and
	// with the facts recipe, one at a time while nothing else runs.
	DefaultP50, DefaultP95, FactsP50, FactsP95 time.Duration
}

// probe measures the process and the database directory.
type probe struct{ dir string }

// fill sets the memory, file and checkpoint fields of s.
func (p probe) fill(h *host.Host, s *sample) {
	s.RSS = procStatus("VmRSS:")
	s.WAL = fileSize(filepath.Join(p.dir, "graph.kuzu.wal"))
	s.DB = fileSize(filepath.Join(p.dir, "graph.kuzu"))
	s.Checkpoints = h.Admin.Durability().Checkpoints
}

func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// procStatus returns a field of /proc/self/status in bytes (VmRSS: the
// resident set; VmHWM: its peak), 0 where there is no /proc.
func procStatus(field string) int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if v, ok := bytes.CutPrefix(sc.Bytes(), []byte(field)); ok {
			if f := bytes.Fields(v); len(f) > 0 {
				n, _ := strconv.ParseInt(string(f[0]), 10, 64)
				return n << 10
			}
		}
	}
	return 0
}

// counts sums the stats of groups.
func counts(ctx context.Context, h *host.Host, groups []string) (map[string]core.Stats, core.Stats, error) {
	per := make(map[string]core.Stats, len(groups))
	var sum core.Stats
	for _, g := range groups {
		st, err := h.Engine.Stats(ctx, g)
		if err != nil {
			return nil, sum, fmt.Errorf("count group %s: %w", g, err)
		}
		per[g] = st
		sum.Episodes += st.Episodes
		sum.PendingEpisodes += st.PendingEpisodes
		sum.FailedEpisodes += st.FailedEpisodes
		sum.Entities += st.Entities
		sum.Facts += st.Facts
		sum.CurrentFacts += st.CurrentFacts
		sum.Communities += st.Communities
	}
	return per, sum, nil
}

// done is the number of episodes processed successfully.
func done(st core.Stats) int { return st.Episodes - st.PendingEpisodes - st.FailedEpisodes }

// groupNames are the groups the soak writes to: soak-0 … soak-(n-1).
func groupNames(n int) []string {
	out := make([]string, max(n, 1))
	for i := range out {
		out[i] = "soak-" + strconv.Itoa(i)
	}
	return out
}
