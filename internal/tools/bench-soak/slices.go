package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/mnemohq/mnemo/host"
)

// slicer profiles phase one slice by slice (-profile DIR): a CPU profile
// of each slice between two samples (cpu-<from>-<to>.pprof), the heap's
// allocations at each sample (allocs-<stored>.pprof, cumulative: compare
// two with pprof -diff_base), and a line per slice with the store's time
// per episode in reads, write transactions and checkpoints. Kuzu runs its
// own threads, which Go's profiler sees only as cgo calls; the store's
// timings show where that time goes as the database grows.
type slicer struct {
	dir     string
	out     io.Writer // the lines, one per slice
	from    int
	cpu     *os.File
	calls   map[string]time.Duration
	counts  map[string]uint64
	started time.Time
	// cpuTime is the process's CPU time (user and system, Kuzu's threads
	// included) at the slice's start.
	cpuTime time.Duration
}

// newSlicer starts the first slice's CPU profile; nil when dir is empty.
// It prints a line per slice to out.
func newSlicer(dir string, out io.Writer) (*slicer, error) {
	if dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create profile directory: %w", err)
	}
	s := &slicer{dir: dir, out: out}
	return s, s.start(0)
}

func (s *slicer) start(from int) error {
	f, err := os.Create(filepath.Join(s.dir, fmt.Sprintf("cpu-%d-", from)+"open.pprof"))
	if err != nil {
		return fmt.Errorf("create CPU profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return fmt.Errorf("start CPU profile: %w", err)
	}
	s.from, s.cpu, s.started, s.cpuTime = from, f, time.Now(), processCPU()
	return nil
}

// cut ends the slice at stored episodes, prints its CPU and store time
// per episode (calls: the store's calls since it opened) and starts the
// next one.
func (s *slicer) cut(calls []host.StoreCall, stored int) error {
	if s == nil {
		return nil
	}
	pprof.StopCPUProfile()
	name := s.cpu.Name()
	s.cpu.Close()
	if err := os.Rename(name, strings.TrimSuffix(name, "open.pprof")+fmt.Sprintf("%d.pprof", stored)); err != nil {
		return fmt.Errorf("name CPU profile: %w", err)
	}
	runtime.GC()
	f, err := os.Create(filepath.Join(s.dir, fmt.Sprintf("allocs-%d.pprof", stored)))
	if err != nil {
		return fmt.Errorf("create allocation profile: %w", err)
	}
	werr := pprof.Lookup("allocs").WriteTo(f, 0)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("write allocation profile: %w", werr)
	}
	now, counts := map[string]time.Duration{}, map[string]uint64{}
	for _, c := range calls {
		now[c.Op], counts[c.Op] = c.Latency.Sum, c.Latency.N
	}
	n := float64(max(stored-s.from, 1))
	line := fmt.Sprintf("slice %6d-%-6d %6.1f s  cpu %.2f ms/episode", s.from, stored, time.Since(s.started).Seconds(),
		float64(processCPU()-s.cpuTime)/float64(time.Millisecond)/n)
	for _, op := range []string{"read", "write", "checkpoint"} {
		d := now[op] - s.calls[op]
		line += fmt.Sprintf("  %s %d calls %.2f ms/episode", op, counts[op]-s.counts[op], float64(d)/float64(time.Millisecond)/n)
	}
	fmt.Fprintln(s.out, line)
	s.calls, s.counts = now, counts
	return s.start(stored)
}

// processCPU is the CPU time this process has used, its threads summed;
// 0 where getrusage fails.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// stop ends the last slice's CPU profile.
func (s *slicer) stop() {
	if s == nil || s.cpu == nil {
		return
	}
	pprof.StopCPUProfile()
	s.cpu.Close()
	os.Remove(s.cpu.Name())
}
