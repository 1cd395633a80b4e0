// Command bench-edge measures mnemo as an edge device runs it: a dist
// directory (make dist) started as its own process, with nothing but its
// files. For each target it reports the binary's and the library's sizes;
// the time from exec to the first search answered over HTTP, with an empty
// plugin compilation cache (cold) and with a filled one (warm); the
// resident memory when idle and what it is made of; resident memory and
// episodes/s while EPISODES generated message episodes are ingested
// offline over HTTP; and search latency afterwards.
//
// A target built for another architecture runs under the emulator
// (qemu-aarch64 for arm64, with a 512 GiB address space as a 39-bit arm64
// kernel gives), and its figures are marked emulated: times are those of
// the emulator, and its resident memory includes the emulator's own.
//
//	make bench-edge
//	go run ./internal/tools/bench-edge -target dist/mnemo-linux-amd64 -target dist/mnemo-linux-arm64 -episodes 1000 -out docs/bench
package main

import (
	"context"
	"debug/elf"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"
)

// options are the command's flags.
type options struct {
	targets    []string
	episodes   int
	every      int
	searches   int
	poolMB     int
	pluginPool int
	cpu        string
	out        string
	plugins    string
}

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var o options
	var targets listFlag
	fs := flag.NewFlagSet("bench-edge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Var(&targets, "target", "a dist `DIR` (mnemo and Kuzu's library); repeat for several")
	fs.IntVar(&o.episodes, "episodes", 1000, "generated message episodes to ingest")
	fs.IntVar(&o.every, "every", 0, "sample every `N` episodes (default episodes/10)")
	fs.IntVar(&o.searches, "searches", 200, "searches after the ingestion, one at a time")
	fs.IntVar(&o.poolMB, "buffer-pool-mb", 0, "Kuzu's buffer pool in MiB (default mnemo's own for this machine)")
	fs.IntVar(&o.pluginPool, "plugin-pool", 0, "the most instances of one plugin alive at once, plugins.pool_size (default mnemo's own)")
	fs.StringVar(&o.cpu, "cpu", "cortex-a53", "the CPU model qemu emulates for arm64 targets")
	fs.StringVar(&o.out, "out", "", "write edge-summary.txt, edge.csv and edge.svg into `DIR`")
	fs.StringVar(&o.plugins, "plugins", "plugins/builtin", "the built-in plugins, to report the size they add to the binary")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	o.targets = targets
	if len(o.targets) == 0 || o.episodes <= 0 || o.searches <= 0 {
		fmt.Fprintln(stderr, "usage: bench-edge -target DIST_DIR [-target DIST_DIR] [-episodes N] [-out DIR]")
		return 2
	}
	if o.every <= 0 {
		o.every = max(o.episodes/10, 50)
	}
	fmt.Fprintf(stdout, "command: %s\n", command(args))
	var results []*result
	for _, dir := range o.targets {
		t, err := newTarget(dir, o)
		if err != nil {
			fmt.Fprintln(stderr, "bench-edge:", err)
			return 1
		}
		fmt.Fprintf(stdout, "== %s\n", t.label())
		r, err := measure(ctx, t, o, stdout)
		if err != nil {
			fmt.Fprintln(stderr, "bench-edge:", t.label()+":", err)
			return 1
		}
		results = append(results, r)
	}
	rep := report{opts: o, args: args, results: results, plugins: pluginBytes(o.plugins)}
	rep.write(stdout)
	if o.out != "" {
		files, err := rep.writeFiles(o.out)
		if err != nil {
			fmt.Fprintln(stderr, "bench-edge:", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %s\n", strings.Join(files, ", "))
	}
	return 0
}

// command is the command line that reproduces this run.
func command(args []string) string {
	return "go run ./internal/tools/bench-edge " + strings.Join(args, " ")
}

// target is one dist directory and how to run its binary here.
type target struct {
	dir, exe, lib string
	arch          string
	// emulator is the command line prefix that runs exe, empty when it
	// runs natively; env is what the emulator needs.
	emulator []string
	env      []string
}

func newTarget(dir string, o options) (*target, error) {
	t := &target{dir: dir, exe: filepath.Join(dir, "mnemo")}
	f, err := elf.Open(t.exe)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", t.exe, err)
	}
	defer f.Close()
	switch f.Machine {
	case elf.EM_X86_64:
		t.arch = "amd64"
	case elf.EM_AARCH64:
		t.arch = "arm64"
	default:
		return nil, fmt.Errorf("%s: machine %v", t.exe, f.Machine)
	}
	libs, err := f.ImportedLibraries()
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", t.exe, err)
	}
	for _, l := range libs {
		if strings.HasPrefix(l, "libkuzu") {
			t.lib = filepath.Join(dir, l)
		}
	}
	if t.lib == "" {
		return nil, fmt.Errorf("%s does not link Kuzu's library", t.exe)
	}
	if t.arch != runtime.GOARCH {
		if t.arch != "arm64" {
			return nil, fmt.Errorf("%s: no emulator for %s", t.exe, t.arch)
		}
		// -R 512G: the guest gets the 39-bit address space of a Raspberry
		// Pi's kernel. The sysroot of Debian's cross compiler holds the
		// arm64 C and C++ libraries.
		t.emulator = []string{"qemu-aarch64", "-cpu", o.cpu, "-R", "512G"}
		t.env = []string{"QEMU_LD_PREFIX=" + envOr("QEMU_LD_PREFIX", "/usr/aarch64-linux-gnu")}
	}
	return t, nil
}

func (t *target) emulated() bool { return len(t.emulator) > 0 }

func (t *target) label() string {
	if t.emulated() {
		return fmt.Sprintf("linux-%s, emulated (%s)", t.arch, strings.Join(t.emulator, " "))
	}
	return fmt.Sprintf("linux-%s, native", t.arch)
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// pluginBytes is the size of the built-in plugins, which the binary embeds.
func pluginBytes(dir string) int64 {
	var n int64
	ms, _ := filepath.Glob(filepath.Join(dir, "*.wasm"))
	for _, m := range ms {
		n += fileSize(m)
	}
	return n
}

var errFailed = errors.New("episodes failed")

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
func mib(b int64) float64        { return float64(b) / (1 << 20) }
