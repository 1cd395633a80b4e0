package main

import (
	"encoding/csv"
	"fmt"
	"image/color"
	"io"
	"os"
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

// column is one column of a phase's CSV.
type column struct {
	name  string
	value func(s sample) string
}

// columns are the CSV columns of phase one, or of phase two with the
// search columns; growth adds phase one's searches of both recipes.
func columns(serve, growth bool) []column {
	f := func(v float64, prec int) string { return strconv.FormatFloat(v, 'f', prec, 64) }
	cols := []column{
		{"episodes_stored", func(s sample) string { return strconv.Itoa(s.Stored) }},
		{"elapsed_s", func(s sample) string { return f(s.Elapsed.Seconds(), 1) }},
		{"episodes_per_s", func(s sample) string { return f(s.Rate, 2) }},
		{"pending", func(s sample) string { return strconv.Itoa(s.Pending) }},
	}
	if !serve {
		cols = append(cols, column{"cpu_ms_per_episode", func(s sample) string { return f(s.CPU, 2) }})
	} else {
		cols = append(cols,
			column{"searches", func(s sample) string { return strconv.Itoa(s.Searches) }},
			column{"search_p50_ms", func(s sample) string { return f(msf(s.P50), 2) }},
			column{"search_p95_ms", func(s sample) string { return f(msf(s.P95), 2) }},
		)
	}
	if growth {
		cols = append(cols,
			column{"default_p50_ms", func(s sample) string { return f(msf(s.DefaultP50), 2) }},
			column{"default_p95_ms", func(s sample) string { return f(msf(s.DefaultP95), 2) }},
			column{"facts_p50_ms", func(s sample) string { return f(msf(s.FactsP50), 2) }},
			column{"facts_p95_ms", func(s sample) string { return f(msf(s.FactsP95), 2) }},
		)
	}
	return append(cols,
		column{"errors", func(s sample) string { return strconv.Itoa(s.Errors) }},
		column{"rss_mib", func(s sample) string { return f(mib(s.RSS), 1) }},
		column{"wal_mib", func(s sample) string { return f(mib(s.WAL), 3) }},
		column{"db_mib", func(s sample) string { return f(mib(s.DB), 1) }},
		column{"checkpoints", func(s sample) string { return strconv.FormatInt(s.Checkpoints, 10) }},
	)
}

func msf(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// writeCSV writes the samples with a header row.
func writeCSV(w io.Writer, samples []sample, serve, growth bool) error {
	cols := columns(serve, growth)
	cw := csv.NewWriter(w)
	row := make([]string, len(cols))
	for i, c := range cols {
		row[i] = c.name
	}
	cw.Write(row)
	for _, s := range samples {
		for i, c := range cols {
			row[i] = c.value(s)
		}
		cw.Write(row)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("write CSV: %w", err)
	}
	return nil
}

// series is one line of a panel, in the next of seriesColors: a panel
// with several names them and their colors in its title.
type series struct {
	name string
	y    func(s sample) float64
}

// panel is one plot of a chart, over episodes stored.
type panel struct {
	title, unit string
	series      []series
}

// panels are the plots of phase one's chart, or of phase two's with the
// queue and the search latency; growth adds phase one's searches.
func panels(serve, growth bool) []panel {
	ps := []panel{{"Ingestion throughput", "episodes/s", []series{{"episodes/s", func(s sample) float64 { return s.Rate }}}}}
	if !serve {
		ps = append(ps, panel{"Process CPU per episode stored (all threads; growth searches not counted)", "ms", []series{{"CPU", func(s sample) float64 { return s.CPU }}}})
	}
	if growth {
		ps = append(ps,
			panel{"Search latency, default recipe, one client: p50 (blue), p95 (red)", "ms", []series{
				{"p50", func(s sample) float64 { return msf(s.DefaultP50) }},
				{"p95", func(s sample) float64 { return msf(s.DefaultP95) }},
			}},
			panel{"Search latency, facts recipe, one client: p50 (blue), p95 (red)", "ms", []series{
				{"p50", func(s sample) float64 { return msf(s.FactsP50) }},
				{"p95", func(s sample) float64 { return msf(s.FactsP95) }},
			}})
	}
	if serve {
		ps = append(ps, panel{"Ingestion queue (posted, not yet processed)", "episodes pending", []series{
			{"pending", func(s sample) float64 { return float64(s.Pending) }},
		}})
		ps = append(ps, panel{"Search latency over the interval: p50 (blue), p95 (red)", "ms", []series{
			{"p50", func(s sample) float64 { return msf(s.P50) }},
			{"p95", func(s sample) float64 { return msf(s.P95) }},
		}})
	}
	return append(ps,
		panel{"Resident memory (RSS) of the process", "MiB", []series{{"RSS", func(s sample) float64 { return mib(s.RSS) }}}},
		panel{"WAL (graph.kuzu.wal)", "MiB", []series{{"WAL", func(s sample) float64 { return mib(s.WAL) }}}},
		panel{"Database file (graph.kuzu)", "MiB", []series{{"database", func(s sample) float64 { return mib(s.DB) }}}},
	)
}

// seriesColors are the colors of a panel's lines, in order.
var seriesColors = []color.Color{
	color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
}

// writeChart writes an SVG chart of the samples: a title, lines of
// subtitle and one plot per panel, stacked, each over episodes stored. The
// titles are aligned left: the SVG names its fonts without embedding them,
// and a centred line drifts when the viewer's font is wider.
func writeChart(w io.Writer, title string, subtitle []string, samples []sample, ps []panel) error {
	const (
		width  = 8 * vg.Inch
		height = 2.3 * vg.Inch // of a panel
		line   = 14            // points, of a subtitle line
	)
	head := vg.Points(float64(30 + line*len(subtitle)))
	c := vgsvg.New(width, head+height*vg.Length(len(ps)))
	dc := draw.New(c)
	sty := text.Style{
		Color: color.Black, Font: font.From(plot.DefaultFont, 14),
		XAlign: draw.XLeft, YAlign: draw.YTop, Handler: plot.DefaultTextHandler,
	}
	left := vg.Points(12)
	dc.FillText(sty, vg.Point{X: left, Y: dc.Max.Y - vg.Points(8)}, title)
	sty.Font = font.From(plot.DefaultFont, 10)
	for i, l := range subtitle {
		dc.FillText(sty, vg.Point{X: left, Y: dc.Max.Y - vg.Points(float64(28+line*i))}, l)
	}

	plots := make([][]*plot.Plot, len(ps))
	for i, p := range ps {
		pl, err := makePlot(p, samples)
		if err != nil {
			return err
		}
		plots[i] = []*plot.Plot{pl}
	}
	tiles := draw.Tiles{
		Rows: len(ps), Cols: 1, PadY: 5 * vg.Millimeter,
		PadTop: 2 * vg.Millimeter, PadBottom: 2 * vg.Millimeter, PadLeft: 3 * vg.Millimeter, PadRight: 6 * vg.Millimeter,
	}
	canvases := plot.Align(plots, tiles, draw.Crop(dc, 0, 0, 0, -head))
	for i := range plots {
		plots[i][0].Draw(canvases[i][0])
	}
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("write chart: %w", err)
	}
	return nil
}

// makePlot draws one panel: a line with points per series, the y axis
// from zero.
func makePlot(p panel, samples []sample) (*plot.Plot, error) {
	pl := plot.New()
	pl.Title.Text = p.title
	pl.X.Label.Text = "episodes stored"
	pl.Y.Label.Text = p.unit
	pl.X.Tick.Marker = plot.TickerFunc(thousands)
	pl.Y.Tick.Marker = plot.TickerFunc(plainTicks)
	pl.Add(plotter.NewGrid())
	for j, s := range p.series {
		if len(samples) == 0 {
			break
		}
		xys := make(plotter.XYs, len(samples))
		for i, smp := range samples {
			xys[i] = plotter.XY{X: float64(smp.Stored), Y: s.y(smp)}
		}
		l, pts, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, fmt.Errorf("plot %s: %w", s.name, err)
		}
		col := seriesColors[j%len(seriesColors)]
		l.Color, l.Width = col, vg.Points(1.5)
		pts.Color, pts.Shape, pts.Radius = col, draw.CircleGlyph{}, vg.Points(2)
		pl.Add(l, pts)
	}
	pl.Y.Min = 0
	if pl.Y.Max <= 0 {
		pl.Y.Max = 1
	}
	pl.Y.Max *= 1.05
	if pl.X.Max <= pl.X.Min {
		pl.X.Min, pl.X.Max = max(pl.X.Min-1, 0), pl.X.Max+1
	}
	return pl, nil
}

// thousands are the default ticks, labelled 20k rather than 20000 when the
// axis reaches 10,000.
func thousands(lo, hi float64) []plot.Tick {
	ticks := plainTicks(lo, hi)
	if hi < 10000 {
		return ticks
	}
	for i, t := range ticks {
		if t.Label != "" && t.Value != 0 {
			ticks[i].Label = tickLabel(t.Value/1000) + "k"
		}
	}
	return ticks
}

// plainTicks are the default ticks, labelled without trailing zeros.
func plainTicks(lo, hi float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(lo, hi)
	for i, t := range ticks {
		if t.Label != "" {
			ticks[i].Label = tickLabel(t.Value)
		}
	}
	return ticks
}

// tickLabel formats v to at most six decimals, without trailing zeros.
func tickLabel(v float64) string {
	s := strconv.FormatFloat(v, 'f', 6, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}

// writeFiles writes a phase's CSV and chart into dir as soak-NAME.csv and
// soak-NAME.svg, and returns their paths.
func writeFiles(dir, name, title string, subtitle []string, samples []sample, serve, growth bool) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create output directory: %w", err)
	}
	base := dir + string(os.PathSeparator) + "soak-" + name
	write := func(path string, fn func(w io.Writer) error) error {
		f, err := os.Create(path)
		if err != nil {
			return fmt.Errorf("create output: %w", err)
		}
		if err := fn(f); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
		return nil
	}
	if err := write(base+".csv", func(w io.Writer) error { return writeCSV(w, samples, serve, growth) }); err != nil {
		return nil, err
	}
	if err := write(base+".svg", func(w io.Writer) error { return writeChart(w, title, subtitle, samples, panels(serve, growth)) }); err != nil {
		return nil, err
	}
	return []string{base + ".csv", base + ".svg"}, nil
}
