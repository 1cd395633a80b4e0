package main

import (
	"encoding/json"
	"fmt"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// results is a run: what was run, and a point per arm and measured day.
type results struct {
	Days      int    `json:"days"`
	PerDay    int    `json:"per_day"`
	Seed      uint64 `json:"seed"`
	Episodes  int    `json:"episodes"`
	Questions int    `json:"questions"`
	// Evolution says what the evolve arm ran each day.
	Evolution string `json:"evolution"`
	// Merged lists the evolve arm's merges over the year as "day N:
	// merged -> survivor", names as they were then; WrongMerges those
	// that joined look-alikes (must be empty).
	Merged []string `json:"merged"`
	// FactMerges counts the sets of duplicate facts collapsed.
	FactMerges    int      `json:"fact_merges"`
	WrongMerges   []string `json:"wrong_merges"`
	Points        []point  `json:"points"`
	CPUs          int      `json:"cpus"`
	Platform      string   `json:"platform"`
	Go            string   `json:"go"`
	Seconds       float64  `json:"seconds"`
	IngestSeconds float64  `json:"ingest_seconds"`
	EvolveSeconds float64  `json:"evolve_seconds"`
	// SideBySide are the last day's searches with the arms alternating.
	SideBySide sideResult `json:"side_by_side"`
	Command    string     `json:"command"`
}

// write writes evolve.json, evolve.md and evolve.svg into dir and prints
// the table to out.
func (r *results) write(dir string, out io.Writer) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	js, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "evolve.json"), append(js, '\n'), 0o644); err != nil {
		return err
	}
	md := r.markdown()
	if err := os.WriteFile(filepath.Join(dir, "evolve.md"), []byte(md), 0o644); err != nil {
		return err
	}
	if err := r.chart(filepath.Join(dir, "evolve.svg")); err != nil {
		return err
	}
	fmt.Fprint(out, md)
	fmt.Fprintf(out, "wrote %s, %s, %s\n", filepath.Join(dir, "evolve.json"), filepath.Join(dir, "evolve.md"), filepath.Join(dir, "evolve.svg"))
	return nil
}

// markdown is the table of the reported days, with how it was made.
func (r *results) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "mnemo bench-evolve: %d days, %d episodes (%d chatter messages a day, seed %d), %d questions; offline (rule extractor, local embedder, Kuzu); %d CPUs, %s, %s; %.0f s in all (ingestion %.0f s, evolve arm's daily %s %.0f s)\n\n",
		r.Days, r.Episodes, r.PerDay, r.Seed, r.Questions, r.CPUs, r.Platform, r.Go, r.Seconds, r.IngestSeconds, r.Evolution, r.EvolveSeconds)
	b.WriteString("| day | arm | active entities | active facts | stored entities | stored facts | search p50 / p95 (ms) | context tokens | recall@10 | stale@10 |\n")
	b.WriteString("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, p := range r.Points {
		if !p.Reported {
			continue
		}
		fmt.Fprintf(&b, "| %d | %s | %d | %d | %d | %d | %.1f / %.1f | %.0f | %.2f | %.2f |\n",
			p.Day, p.Arm, p.ActiveEntities, p.ActiveFacts, p.StoredEntities, p.StoredFacts, p.SearchP50MS, p.SearchP95MS, p.ContextTokens, p.Recall, p.Stale)
	}
	fmt.Fprintf(&b, "\n%s\n", r.SideBySide.line(r.SideBySide.Day))
	fmt.Fprintf(&b, "\nThe evolve arm ran `%s` (consolidation, then importance, decay and archive) at the end of each day: %d entity merges over the year, %d of look-alikes (Jon Berg / Jon Borg, order numbers): %s; %d sets of duplicate facts collapsed.\n\n",
		r.Evolution, len(r.Merged), len(r.WrongMerges), strings.Join(r.Merged, "; "), r.FactMerges)
	fmt.Fprintf(&b, "reproduce: make bench-evolve\nreproduce: %s\n", r.Command)
	return b.String()
}

// chart plots active entities and active facts of both arms over the
// measured days.
func (r *results) chart(path string) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Active items over %d days of daily use (mnemo bench-evolve)", r.Days)
	p.X.Label.Text = "day"
	p.Y.Label.Text = "active items"
	p.Add(plotter.NewGrid())
	p.Legend.Top, p.Legend.Left = true, true
	lines := []struct {
		arm, what string
		y         func(point) int
		col       color.Color
		dashed    bool
	}{
		{armPlain, "facts", func(p point) int { return p.ActiveFacts }, color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}, false},
		{armEvolve, "facts", func(p point) int { return p.ActiveFacts }, color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}, false},
		{armPlain, "entities", func(p point) int { return p.ActiveEntities }, color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}, true},
		{armEvolve, "entities", func(p point) int { return p.ActiveEntities }, color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}, true},
	}
	for _, l := range lines {
		var xys plotter.XYs
		for _, pt := range r.Points {
			if pt.Arm == l.arm {
				xys = append(xys, plotter.XY{X: float64(pt.Day), Y: float64(l.y(pt))})
			}
		}
		if len(xys) == 0 {
			continue
		}
		ln, pts, err := plotter.NewLinePoints(xys)
		if err != nil {
			return fmt.Errorf("plot %s %s: %w", l.arm, l.what, err)
		}
		ln.Color, ln.Width = l.col, vg.Points(1.5)
		if l.dashed {
			ln.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		}
		pts.Color, pts.Shape, pts.Radius = l.col, draw.CircleGlyph{}, vg.Points(2)
		p.Add(ln, pts)
		p.Legend.Add(l.what+", "+l.arm, ln, pts)
	}
	p.Y.Min = 0
	if err := p.Save(8*vg.Inch, 4.5*vg.Inch, path); err != nil {
		return fmt.Errorf("write chart: %w", err)
	}
	return nil
}
