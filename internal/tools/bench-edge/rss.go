package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// rss is the process's resident memory in bytes (VmRSS), 0 if unknown.
// Under the emulator it is the emulator's, guest and translations
// together.
func (p *proc) rss() int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(p.cmd.Process.Pid) + "/status")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// part is one share of the resident memory.
type part struct {
	name  string
	bytes int64
}

// The shares of resident memory, told apart by mapping in
// /proc/PID/smaps.
const (
	partBinary  = "mnemo binary (code, data, the embedded plugins it touched)"
	partBinPMD  = "  of which mapped whole in 2 MiB pages (FilePmdMapped)"
	partKuzuLib = "libkuzu.so (code, data)"
	partLibs    = "other libraries (libc, libstdc++)"
	partPool    = "Kuzu buffer pool (its MAP_NORESERVE reservation)"
	partCHeap   = "C heap: Kuzu's C++ objects (glibc malloc arenas)"
	partCode    = "compiled plugin code (executable anonymous mappings)"
	partAnon    = "other anonymous memory: Go heap and runtime, plugin instances"
	partGoHeap  = "  of which Go heap objects (mnemo_heap_bytes)"
)

// parts splits the resident memory by mapping. It reads
// /proc/PID/smaps: Kuzu reserves its buffer pool and the database's
// largest size as one MAP_NORESERVE mapping ("nr" in VmFlags) of
// gigabytes; glibc's malloc arenas are MAP_NORESERVE too but at most 64
// MiB each (the main arena is [heap]), and hold Kuzu's C++ objects (the
// only C code); wazero maps compiled code executable, and the rest of the
// anonymous memory is the Go runtime's. The Go heap's live objects come
// from the process's /metrics.
func (p *proc) parts() []part {
	f, err := os.Open("/proc/" + strconv.Itoa(p.cmd.Process.Pid) + "/smaps")
	if err != nil {
		return nil
	}
	defer f.Close()
	exe, _ := filepath.Abs(p.cmd.Args[0])
	sums := shares(f, exe)
	out := make([]part, 0, 8)
	for _, n := range []string{partBinary, partBinPMD, partKuzuLib, partLibs, partPool, partCHeap, partCode, partAnon} {
		out = append(out, part{n, sums[n]})
	}
	if h := p.heapBytes(); h > 0 {
		out = append(out, part{partGoHeap, h})
	}
	return out
}

// shares sums the resident memory of the mappings in smaps (the format
// of /proc/PID/smaps) by share; exe is the executable's path.
func shares(smaps io.Reader, exe string) map[string]int64 {
	sums := map[string]int64{}
	var name, perms string
	var rss, size, pmd int64
	sc := bufio.NewScanner(smaps)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		switch {
		case len(fields) == 0:
		case len(fields) >= 5 && strings.Contains(fields[0], "-") && !strings.HasSuffix(fields[0], ":"):
			// A mapping's header: address perms offset dev inode [path].
			perms, name, rss, size, pmd = fields[1], "", 0, 0, 0
			if len(fields) >= 6 {
				name = strings.Join(fields[5:], " ")
			}
			if from, to, ok := strings.Cut(fields[0], "-"); ok {
				a, _ := strconv.ParseUint(from, 16, 64)
				b, _ := strconv.ParseUint(to, 16, 64)
				size = int64(b - a)
			}
		case fields[0] == "Rss:" && len(fields) >= 2:
			kb, _ := strconv.ParseInt(fields[1], 10, 64)
			rss = kb << 10
		case fields[0] == "FilePmdMapped:" && len(fields) >= 2:
			kb, _ := strconv.ParseInt(fields[1], 10, 64)
			pmd = kb << 10
		case fields[0] == "VmFlags:":
			// The last line of a mapping.
			switch {
			case name == exe:
				sums[partBinary] += rss
				sums[partBinPMD] += pmd
			case strings.HasSuffix(name, "/libkuzu.so"):
				sums[partKuzuLib] += rss
			case strings.HasPrefix(name, "/"):
				sums[partLibs] += rss
			case slices.Contains(fields[1:], "nr") && size > 1<<30:
				sums[partPool] += rss
			case slices.Contains(fields[1:], "nr") || name == "[heap]":
				sums[partCHeap] += rss
			case strings.Contains(perms, "x"):
				sums[partCode] += rss
			default:
				sums[partAnon] += rss
			}
		}
	}
	return sums
}

// heapBytes reads mnemo_heap_bytes from the process's /metrics, 0 if it
// cannot.
func (p *proc) heapBytes() int64 {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", p.url+"/metrics", nil)
	if err != nil {
		return 0
	}
	resp, err := p.http.Do(req)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "mnemo_heap_bytes "); ok {
			n, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return int64(n)
		}
	}
	return 0
}
