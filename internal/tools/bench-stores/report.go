package main

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/mnemohq/mnemo/internal/bench/latency"
)

// cell is one recipe at one concurrency, on both stores (0 Kuzu, 1
// Weaviate), with the Weaviate requests its searches made.
type cell struct {
	recipe   string
	clients  int
	stats    [2]latency.Stats
	ops      map[string]int
	opTime   map[string]time.Duration
	searches int
}

type report struct {
	c                   config
	args                []string
	started             time.Time
	took                time.Duration
	entities, episodesN int
	load, ingest        [2]time.Duration
	cells               []cell
	// loadStart is the machine's load average when the run started: the
	// loads are not side by side, so a busy machine shows in them.
	loadStart string
}

// loadavg is /proc/loadavg's first three fields, or "unknown".
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

var storeNames = [2]string{"Kuzu (embedded)", "Weaviate"}

func (r *report) weaviateName() string {
	if r.c.url != "" {
		return "Weaviate (" + r.c.url + ")"
	}
	if r.c.nodes == 3 {
		return "Weaviate, 3 nodes, RF 3, QUORUM"
	}
	return "Weaviate, 1 node"
}

func msf(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }

func (r *report) write(w io.Writer) {
	fmt.Fprintf(w, "# Kuzu and Weaviate side by side\n\n")
	fmt.Fprintf(w, "`go run ./internal/tools/bench-stores %s` on %s, %s/%s, %d CPUs, %s; %s in all.\n\n",
		strings.Join(r.args, " "), r.started.UTC().Format("2006-01-02"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version(), r.took.Round(time.Second))
	fmt.Fprintf(w, "Load average of the machine (1, 5, 15 min) at the start: %s; at the end: %s.\n\n", r.loadStart, loadavg())
	fmt.Fprintf(w, "Graph: %d facts, %d entities, %d episodes in one group (internal/bench/latency), local embedder. Weaviate: %s.\n\n",
		r.c.facts, r.entities, r.episodesN, r.weaviateName())
	objs := r.c.facts + r.entities + r.episodesN
	fmt.Fprintf(w, "| | %s | %s |\n|---|---:|---:|\n", storeNames[0], storeNames[1])
	fmt.Fprintf(w, "| load (%d objects with vectors) | %s (%.0f/s) | %s (%.0f/s) |\n", objs,
		r.load[0].Round(100*time.Millisecond), float64(objs)/r.load[0].Seconds(), r.load[1].Round(100*time.Millisecond), float64(objs)/r.load[1].Seconds())
	if r.c.episodes > 0 {
		fmt.Fprintf(w, "| ingest %d offline episodes through a host | %s (%.1f/s) | %s (%.1f/s) |\n", r.c.episodes,
			r.ingest[0].Round(100*time.Millisecond), float64(r.c.episodes)/r.ingest[0].Seconds(), r.ingest[1].Round(100*time.Millisecond), float64(r.c.episodes)/r.ingest[1].Seconds())
	}
	fmt.Fprintf(w, "\nKuzu loads with its bulk import (`mnemo import` into an empty group), Weaviate with batched writes (what every store write is).\n\n")
	fmt.Fprintf(w, "Search (Engine.Search less the query's embedding; the two stores' searches alternate, %d each per row; queries/s measured separately):\n\n", r.c.queries)
	fmt.Fprintf(w, "| recipe | clients | Kuzu p50 | p95 | queries/s | Weaviate p50 | p95 | queries/s | p50 ratio |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, c := range r.cells {
		k, v := c.stats[0], c.stats[1]
		fmt.Fprintf(w, "| %s | %d | %s | %s | %.0f | %s | %s | %.0f | %.1f× |\n", c.recipe, c.clients,
			msf(k.P50), msf(k.P95), k.QPS, msf(v.P50), msf(v.P95), v.QPS, float64(v.P50)/float64(k.P50))
	}
	fmt.Fprintf(w, "\nWeaviate requests per search, by kind, and their mean latency:\n\n| recipe | clients | requests |\n|---|---:|---|\n")
	for _, c := range r.cells {
		var parts []string
		for _, op := range slices.Sorted(maps.Keys(c.ops)) {
			parts = append(parts, fmt.Sprintf("%s %.1f × %s", op, float64(c.ops[op])/float64(c.searches), msf(c.opTime[op]/time.Duration(c.ops[op]))))
		}
		fmt.Fprintf(w, "| %s | %d | %s |\n", c.recipe, c.clients, strings.Join(parts, ", "))
	}
}

// writeFiles writes stores.md and stores.svg into dir, or
// stores-3nodes.md and stores-3nodes.svg for a cluster, so the single-node
// figures stay beside the cluster's.
func (r *report) writeFiles(dir, md string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var svg bytes.Buffer
	if err := r.chart(&svg); err != nil {
		return nil, err
	}
	var out []string
	base := "stores"
	if r.c.nodes > 1 {
		base = fmt.Sprintf("stores-%dnodes", r.c.nodes)
	}
	for name, b := range map[string][]byte{base + ".md": []byte(md), base + ".svg": svg.Bytes()} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	slices.Sort(out)
	return out, nil
}

// chart draws the p50 and p95 search latency of each row on both stores
// as grouped bars.
func (r *report) chart(w io.Writer) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("mnemo search latency at %d facts: Kuzu and %s", r.c.facts, r.weaviateName())
	p.Y.Label.Text = "milliseconds"
	p.Y.Min = 0
	var names []string
	for _, c := range r.cells {
		names = append(names, fmt.Sprintf("%s, %d client(s)", c.recipe, c.clients))
	}
	series := []struct {
		label string
		store int
		p95   bool
		col   color.RGBA
	}{
		{"Kuzu p50", 0, false, color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}},
		{"Kuzu p95", 0, true, color.RGBA{R: 0x9e, G: 0xc5, B: 0xe8, A: 0xff}},
		{"Weaviate p50", 1, false, color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}},
		{"Weaviate p95", 1, true, color.RGBA{R: 0xf4, G: 0xa5, B: 0xa6, A: 0xff}},
	}
	width := vg.Points(14)
	for i, s := range series {
		vals := make(plotter.Values, len(r.cells))
		for j, c := range r.cells {
			d := c.stats[s.store].P50
			if s.p95 {
				d = c.stats[s.store].P95
			}
			vals[j] = float64(d) / float64(time.Millisecond)
		}
		bars, err := plotter.NewBarChart(vals, width)
		if err != nil {
			return err
		}
		bars.Color, bars.LineStyle.Width = s.col, 0
		bars.Offset = width * vg.Length(float64(i)-1.5)
		p.Add(bars)
		p.Legend.Add(s.label, bars)
	}
	p.Legend.Top = true
	p.NominalX(names...)
	c := vgsvg.New(9*vg.Inch, 4*vg.Inch)
	p.Draw(draw.New(c))
	_, err := c.WriteTo(w)
	return err
}
