package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// report is the whole run's output.
type report struct {
	opts    options
	args    []string
	results []*result
	plugins int64
}

// write prints the summary: one column per target.
func (r report) write(w io.Writer) {
	fmt.Fprintf(w, "\nmnemo edge profile: %d episodes ingested offline over HTTP, then %d searches; %s, %d CPUs\n",
		r.opts.episodes, r.opts.searches, time.Now().UTC().Format("2006-01-02"), runtime.NumCPU())
	if r.opts.poolMB > 0 {
		fmt.Fprintf(w, "buffer pool %d MiB (MNEMO_STORE_BUFFER_POOL_MB)\n", r.opts.poolMB)
	}
	if r.opts.pluginPool > 0 {
		fmt.Fprintf(w, "at most %d instances of a plugin (MNEMO_PLUGINS_POOL_SIZE)\n", r.opts.pluginPool)
	}
	fmt.Fprintf(w, "command: %s\n\n", command(r.args))
	row := func(name string, f func(*result) string) {
		fmt.Fprintf(w, "%-44s", name)
		for _, res := range r.results {
			fmt.Fprintf(w, "  %-22s", f(res))
		}
		fmt.Fprintln(w)
	}
	row("", func(res *result) string { return short(res.label) })
	row("binary (stripped)", func(res *result) string { return fmt.Sprintf("%.1f MiB", mib(res.binary)) })
	row(fmt.Sprintf("  of which embedded plugins (%.1f MiB)", mib(r.plugins)), func(*result) string { return "" })
	row("Kuzu library", func(res *result) string { return fmt.Sprintf("%.1f MiB", mib(res.lib)) })
	row("cold start to first answer (no plugin cache)", func(res *result) string { return secs(res.cold) })
	row("warm start to first answer", func(res *result) string { return secs(res.warm) })
	row("idle RSS 5 s after a cold start", func(res *result) string { return fmt.Sprintf("%.0f MiB", mib(res.coldIdle)) })
	row("idle RSS 5 s after a warm start", func(res *result) string { return fmt.Sprintf("%.0f MiB", mib(res.idle)) })
	row(fmt.Sprintf("episodes/s over %d episodes", r.opts.episodes), func(res *result) string {
		return fmt.Sprintf("%.1f", float64(r.opts.episodes)/res.ingest.Seconds())
	})
	row("answers asking to retry (429, 503) / waited", func(res *result) string {
		return fmt.Sprintf("%d / %s", res.backoff.answers, res.backoff.waited.Round(time.Second))
	})
	row("peak RSS while ingesting and searching", func(res *result) string { return fmt.Sprintf("%.0f MiB", mib(res.peak)) })
	row(fmt.Sprintf("idle RSS 5 s after %d episodes", r.opts.episodes), func(res *result) string { return fmt.Sprintf("%.0f MiB", mib(res.ingestedIdle)) })
	row("RSS right after the searches", func(res *result) string { return fmt.Sprintf("%.0f MiB", mib(res.after)) })
	row("idle RSS 5 s after the searches", func(res *result) string { return fmt.Sprintf("%.0f MiB", mib(res.afterIdle)) })
	row("search p50 / p95", func(res *result) string { return fmt.Sprintf("%.1f / %.1f ms", ms(res.p50), ms(res.p95)) })
	row("database file", func(res *result) string { return fmt.Sprintf("%.0f MiB", mib(res.dbBytes)) })
	for _, res := range r.results {
		if res.idleParts == nil {
			continue
		}
		fmt.Fprintf(w, "\nresident memory of %s: idle after a cold start, after a warm start, after the searches:\n", short(res.label))
		at := func(ps []part, i int) float64 {
			if i < len(ps) {
				return mib(ps[i].bytes)
			}
			return 0
		}
		for i, p := range res.idleParts {
			fmt.Fprintf(w, "  %-72s %5.0f MiB  %5.0f MiB  %5.0f MiB\n", p.name, at(res.coldParts, i), mib(p.bytes), at(res.afterParts, i))
		}
	}
	if len(r.results) > 1 {
		fmt.Fprintln(w, "\nEmulated figures are the emulator's: its times are not a board's, and its RSS includes qemu's own memory and translated code.")
	}
}

func short(label string) string {
	if i := strings.Index(label, " ("); i > 0 {
		return label[:i]
	}
	return label
}

func secs(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

// writeFiles writes the summary, a CSV of the samples and the chart.
func (r report) writeFiles(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var sum, table, svg bytes.Buffer
	r.write(&sum)
	cw := csv.NewWriter(&table)
	cw.Write([]string{"target", "episodes", "episodes_per_s", "rss_mib"})
	for _, res := range r.results {
		for _, s := range res.samples {
			cw.Write([]string{short(res.label), strconv.Itoa(s.Stored), fmt.Sprintf("%.2f", s.Rate), fmt.Sprintf("%.1f", mib(s.RSS))})
		}
	}
	cw.Flush()
	if err := r.chart(&svg); err != nil {
		return nil, err
	}
	var names []string
	for name, b := range map[string][]byte{"edge-summary.txt": sum.Bytes(), "edge.csv": table.Bytes(), "edge.svg": svg.Bytes()} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return nil, err
		}
		names = append(names, p)
	}
	return names, nil
}

var colors = []color.Color{
	color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
	color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff},
}

// chart draws RSS and episodes/s over episodes stored, one line per
// target, one panel each, stacked.
func (r report) chart(w io.Writer) error {
	type panel struct {
		title, unit string
		y           func(sample) float64
	}
	panels := []panel{
		{"Resident memory (RSS) of mnemo serve", "MiB", func(s sample) float64 { return mib(s.RSS) }},
		{"Episodes processed per second", "episodes/s", func(s sample) float64 { return s.Rate }},
	}
	const width, height, head = 8 * vg.Inch, 3 * vg.Inch, 44
	c := vgsvg.New(width, height*vg.Length(len(panels))+head)
	dc := draw.New(c)
	sty := text.Style{Color: color.Black, Font: font.From(plot.DefaultFont, 14),
		XAlign: draw.XLeft, YAlign: draw.YTop, Handler: plot.DefaultTextHandler}
	dc.FillText(sty, vg.Point{X: 12, Y: dc.Max.Y - 8}, fmt.Sprintf("mnemo edge profile: %d offline episodes over HTTP", r.opts.episodes))
	sty.Font = font.From(plot.DefaultFont, 9)
	dc.FillText(sty, vg.Point{X: 12, Y: dc.Max.Y - 28}, command(r.args))
	plots := make([][]*plot.Plot, len(panels))
	for i, pn := range panels {
		pl := plot.New()
		pl.Title.Text = pn.title
		pl.X.Label.Text = "episodes stored"
		pl.Y.Label.Text = pn.unit
		pl.Add(plotter.NewGrid())
		for j, res := range r.results {
			xys := make(plotter.XYs, 0, len(res.samples))
			for _, s := range res.samples {
				xys = append(xys, plotter.XY{X: float64(s.Stored), Y: pn.y(s)})
			}
			if len(xys) == 0 {
				continue
			}
			l, pts, err := plotter.NewLinePoints(xys)
			if err != nil {
				return fmt.Errorf("plot %s: %w", res.label, err)
			}
			col := colors[j%len(colors)]
			l.Color, l.Width = col, vg.Points(1.5)
			pts.Color, pts.Shape, pts.Radius = col, draw.CircleGlyph{}, vg.Points(2)
			pl.Add(l, pts)
			pl.Legend.Add(short(res.label), l)
		}
		// Room above the lines for the legend.
		pl.Legend.Top = true
		pl.X.Min, pl.Y.Min = 0, 0
		pl.Y.Max = max(pl.Y.Max*1.4, 1)
		plots[i] = []*plot.Plot{pl}
	}
	tiles := draw.Tiles{Rows: len(panels), Cols: 1, PadY: 4 * vg.Millimeter, PadTop: 2 * vg.Millimeter,
		PadBottom: 2 * vg.Millimeter, PadLeft: 3 * vg.Millimeter, PadRight: 6 * vg.Millimeter}
	canvases := plot.Align(plots, tiles, draw.Crop(dc, 0, 0, 0, -head))
	for i := range plots {
		plots[i][0].Draw(canvases[i][0])
	}
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("write chart: %w", err)
	}
	return nil
}
