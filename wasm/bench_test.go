package wasm_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// Reproduce the figures with:
//
//	go test -run '^$' -bench . -benchtime 2s ./wasm/
//
// (make bench runs every benchmark once, as a smoke test.)

// BenchmarkCall measures one plugin call with a request and an answer of
// about 1 KiB and 64 KiB, through the Go SDK and raw, side by side: each
// iteration calls rawecho, which hands the request back untouched (the
// boundary: pool, deadline, copying in and out, the host's check of the
// answer), then echo, which decodes the request and encodes its answer
// with the SDK. It reports the median time of each and their ratio,
// sdk/raw, so that a noisy machine slows both alike.
func BenchmarkCall(b *testing.B) {
	rt := openRuntime(b, wasm.Options{})
	raw := load(b, rt, "rawecho", wasm.Manifest{})
	sdk := load(b, rt, "echo", wasm.Manifest{})
	for _, size := range []int{1 << 10, 64 << 10} {
		req, err := json.Marshal(abi.SummarizeRequest{Kind: "bench", Texts: []string{strings.Repeat("x", size-32)}})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) {
			ctx := context.Background()
			var rawTimes, sdkTimes []time.Duration
			timed := func(p *wasm.Plugin, times *[]time.Duration) {
				start := time.Now()
				if _, err := p.Call(ctx, abi.CapSummarize, req); err != nil {
					b.Fatal(err)
				}
				*times = append(*times, time.Since(start))
			}
			for b.Loop() {
				timed(raw, &rawTimes)
				timed(sdk, &sdkTimes)
			}
			r, s := median(rawTimes), median(sdkTimes)
			b.ReportMetric(float64(r.Nanoseconds())/1e3, "raw-µs/call")
			b.ReportMetric(float64(s.Nanoseconds())/1e3, "sdk-µs/call")
			b.ReportMetric(float64(s)/float64(r), "sdk/raw")
		})
	}
}

// median returns the median of ds, which it sorts.
func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// BenchmarkCallParallel measures 1 KiB echo calls from many goroutines on
// one plugin (its pool runs one instance per concurrent call).
func BenchmarkCallParallel(b *testing.B) {
	p := load(b, openRuntime(b, wasm.Options{}), "echo", wasm.Manifest{})
	req, err := json.Marshal(abi.SummarizeRequest{Kind: "bench", Texts: []string{strings.Repeat("x", 1<<10-32)}})
	if err != nil {
		b.Fatal(err)
	}
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := p.Call(context.Background(), abi.CapSummarize, req); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkColdStart measures opening a runtime and loading the echo
// plugin (compile, instantiate, ABI check, describe, configure): without a
// compilation cache (a first start), with the on-disk cache warm (a
// restart), and while another plugin of the same module is loaded (another
// tenant's configuration, or a reload).
func BenchmarkColdStart(b *testing.B) {
	module := fixture(b, "echo")
	ctx := context.Background()
	loadOnce := func(b *testing.B, rt *wasm.Runtime) {
		p, err := rt.Load(ctx, "echo", module, wasm.Manifest{})
		if err != nil {
			b.Fatal(err)
		}
		if err := p.Close(ctx); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("no-cache", func(b *testing.B) {
		for b.Loop() {
			rt, err := wasm.Open(ctx, wasm.Options{})
			if err != nil {
				b.Fatal(err)
			}
			loadOnce(b, rt)
			rt.Close(ctx)
		}
	})
	b.Run("disk-cache", func(b *testing.B) {
		dir := b.TempDir()
		warm, err := wasm.Open(ctx, wasm.Options{CacheDir: dir})
		if err != nil {
			b.Fatal(err)
		}
		loadOnce(b, warm)
		warm.Close(ctx)
		for b.Loop() {
			rt, err := wasm.Open(ctx, wasm.Options{CacheDir: dir})
			if err != nil {
				b.Fatal(err)
			}
			loadOnce(b, rt)
			rt.Close(ctx)
		}
	})
	b.Run("module-loaded", func(b *testing.B) {
		rt, err := wasm.Open(ctx, wasm.Options{})
		if err != nil {
			b.Fatal(err)
		}
		defer rt.Close(ctx)
		keep, err := rt.Load(ctx, "echo", module, wasm.Manifest{})
		if err != nil {
			b.Fatal(err)
		}
		defer keep.Close(ctx)
		for b.Loop() {
			loadOnce(b, rt)
		}
	})
}

// BenchmarkRuleExtractor measures the calls the offline ingestion pipeline
// makes into the built-in rule-extractor for every episode, on requests
// recorded from BenchmarkIngestOffline (./internal/scenario/): 24 of its
// extract and 24 of its resolve_facts requests, evenly spaced over its 300
// episodes (testdata/episodes/). One iteration calls the plugin once per
// request; µs/episode is the mean per call. It runs
// plugins/builtin/rule-extractor.wasm, so rebuild it (make plugins) to
// measure a change to the SDK or the plugin. "runs-to-end" loads it as the
// host does (Manifest.Uninterruptible); "stoppable" as any other plugin,
// with the checks that stop a call at its deadline.
func BenchmarkRuleExtractor(b *testing.B) {
	for _, m := range ruleExtractorModes(b, 0) {
		b.Run(m.name, func(b *testing.B) { benchRuleExtractor(b, m.p) })
	}
}

// ruleExtractorMode is the built-in rule extractor loaded one way.
type ruleExtractorMode struct {
	name string
	p    *wasm.Plugin
}

// ruleExtractorModes loads plugins/builtin/rule-extractor.wasm as the host
// does ("runs-to-end": Manifest.Uninterruptible) and as any other plugin
// ("stoppable": with the checks that stop a call at its deadline), each
// with the call timeout given (0: the default).
func ruleExtractorModes(b *testing.B, timeout time.Duration) []ruleExtractorMode {
	module, err := os.ReadFile("../plugins/builtin/rule-extractor.wasm")
	if err != nil {
		b.Fatal(err)
	}
	rt := openRuntime(b, wasm.Options{})
	var out []ruleExtractorMode
	for _, un := range []bool{true, false} {
		p, err := rt.Load(context.Background(), "rule-extractor", module, wasm.Manifest{Uninterruptible: un, CallTimeout: timeout})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { _ = p.Close(context.Background()) })
		name := "stoppable"
		if un {
			name = "runs-to-end"
		}
		out = append(out, ruleExtractorMode{name, p})
	}
	return out
}

func benchRuleExtractor(b *testing.B, p *wasm.Plugin) {
	for _, c := range []string{abi.CapExtract, abi.CapResolveFacts} {
		data, err := os.ReadFile(filepath.Join("testdata", "episodes", c+".jsonl"))
		if err != nil {
			b.Fatal(err)
		}
		reqs := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
		b.Run(c, func(b *testing.B) {
			ctx := context.Background()
			for b.Loop() {
				for _, req := range reqs {
					if _, err := p.Call(ctx, c, req); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(reqs)), "µs/episode")
		})
	}
}

// BenchmarkRuleExtractorDense measures one extract call of the built-in
// rule extractor on a text piece packed with facts (a generated sentence
// of work, marriage, leaving, home or office every 40 bytes, among 208
// people and 104 organisations), at 12, 32 and 64 KiB, loaded as the host
// loads it and with the deadline checks: how its time grows with the
// piece, which is why the host keeps the checks past 32 KiB
// (host.uninterruptibleExtractKB). ms/call is the mean.
func BenchmarkRuleExtractorDense(b *testing.B) {
	for _, mode := range ruleExtractorModes(b, 10*time.Minute) {
		p := mode.p
		for _, kb := range []int{12, 32, 64} {
			req, err := json.Marshal(abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "text", Content: denseText(kb << 10), ReferenceTime: "2024-01-20T12:00:00Z"}})
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/%dKiB", mode.name, kb), func(b *testing.B) {
				for b.Loop() {
					if _, err := p.Call(context.Background(), abi.CapExtract, req); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/call")
			})
		}
	}
}

// denseText returns n bytes of short sentences, each stating a fact.
func denseText(n int) string {
	var sb strings.Builder
	for i := 0; sb.Len() < n; i++ {
		a, c := fmt.Sprintf("Per%d Son%d", i*7%208, i*7%208), fmt.Sprintf("Per%d Son%d", i*13%208, i*13%208)
		o := fmt.Sprintf("Org%d Group", i*11%104)
		switch i % 5 {
		case 0:
			fmt.Fprintf(&sb, "%s works at %s since %d. ", a, o, 2000+i%21)
		case 1:
			fmt.Fprintf(&sb, "%s married %s in June. ", a, c)
		case 2:
			fmt.Fprintf(&sb, "%s left %s in March. ", a, o)
		case 3:
			fmt.Fprintf(&sb, "%s lives in Oslo with %s. ", a, c)
		default:
			fmt.Fprintf(&sb, "%s is the CEO of %s. ", a, o)
		}
	}
	return sb.String()[:n]
}

// BenchmarkRuleExtractorMemory finds the smallest memory limit under
// which the built-in rule extractor serves the extract requests of
// BenchmarkRuleExtractor and one of the longest an episode may send (12
// KiB, ingest.max_extract_kb's default, made of those requests' texts),
// and reports it in MiB: what the plugin's instances need of the default
// 32 MiB cap, its module's data included.
func BenchmarkRuleExtractorMemory(b *testing.B) {
	module, err := os.ReadFile("../plugins/builtin/rule-extractor.wasm")
	if err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join("testdata", "episodes", abi.CapExtract+".jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	reqs := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
	var long strings.Builder
	for long.Len() < 12<<10 {
		for _, r := range reqs {
			var req abi.ExtractRequest
			if err := json.Unmarshal(r, &req); err != nil {
				b.Fatal(err)
			}
			long.WriteString(req.Episode.Content + "\n")
		}
	}
	big, err := json.Marshal(abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "message", Content: long.String()[:12<<10], ReferenceTime: "2024-05-15T10:00:00Z"}})
	if err != nil {
		b.Fatal(err)
	}
	reqs = append(reqs, big)
	rt := openRuntime(b, wasm.Options{})
	ctx := context.Background()
	serves := func(pages uint32) bool {
		p, err := rt.Load(ctx, "rule-extractor", module, wasm.Manifest{MemoryLimitPages: pages})
		if err != nil {
			return false
		}
		defer p.Close(ctx)
		for _, req := range reqs {
			if _, err := p.Call(ctx, abi.CapExtract, req); err != nil {
				return false
			}
		}
		return true
	}
	for b.Loop() {
		lo, hi := uint32(16), uint32(wasm.DefaultMemoryLimitPages)
		if !serves(hi) {
			b.Fatalf("the rule extractor does not run within %d pages", hi)
		}
		for lo < hi {
			if mid := (lo + hi) / 2; serves(mid) {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		b.ReportMetric(float64(hi)/16, "MiB")
	}
}
