package main

import (
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"gonum.org/v1/plot"
)

func testSamples() []sample {
	return []sample{
		{Stored: 1000, Elapsed: 50 * time.Second, Rate: 20, CPU: 21.456, RSS: 300 << 20, WAL: 1 << 19, DB: 40 << 20, Checkpoints: 4},
		{Stored: 2000, Pending: 12, Elapsed: 110 * time.Second, Rate: 16.666, Searches: 480, P50: 52 * time.Millisecond, P95: 91500 * time.Microsecond,
			Errors: 1, RSS: 310 << 20, WAL: 0, DB: 72 << 20, Checkpoints: 9},
	}
}

func TestWriteCSV(t *testing.T) {
	tests := []struct {
		name  string
		serve bool
		want  [][]string
	}{
		{"ingest", false, [][]string{
			{"episodes_stored", "elapsed_s", "episodes_per_s", "pending", "cpu_ms_per_episode", "errors", "rss_mib", "wal_mib", "db_mib", "checkpoints"},
			{"1000", "50.0", "20.00", "0", "21.46", "0", "300.0", "0.500", "40.0", "4"},
			{"2000", "110.0", "16.67", "12", "0.00", "1", "310.0", "0.000", "72.0", "9"},
		}},
		{"serve", true, [][]string{
			{"episodes_stored", "elapsed_s", "episodes_per_s", "pending", "searches", "search_p50_ms", "search_p95_ms", "errors", "rss_mib", "wal_mib", "db_mib", "checkpoints"},
			{"1000", "50.0", "20.00", "0", "0", "0.00", "0.00", "0", "300.0", "0.500", "40.0", "4"},
			{"2000", "110.0", "16.67", "12", "480", "52.00", "91.50", "1", "310.0", "0.000", "72.0", "9"},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := writeCSV(&b, testSamples(), tc.serve, false); err != nil {
				t.Fatalf("writeCSV: %v", err)
			}
			got, err := csv.NewReader(&b).ReadAll()
			if err != nil {
				t.Fatalf("read the CSV back: %v", err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("writeCSV rows (-want +got):\n%s", diff)
			}
		})
	}
}

// svgText parses an SVG document and returns its root element's name and
// the text of its text elements.
func svgText(t *testing.T, doc []byte) (string, []string) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	var root string
	var texts []string
	inText := false
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the chart is not XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
			}
			inText = tok.Name.Local == "text"
		case xml.CharData:
			if inText {
				texts = append(texts, strings.TrimSpace(string(tok)))
			}
		case xml.EndElement:
			inText = false
		}
	}
	return root, texts
}

func TestWriteChart(t *testing.T) {
	tests := []struct {
		name    string
		serve   bool
		samples []sample
		want    []string // among the chart's texts
	}{
		{"ingest", false, testSamples(), []string{"the title", "a subtitle", "Ingestion throughput", "episodes/s", "Resident memory (RSS) of the process", "MiB", "WAL (graph.kuzu.wal)", "Database file (graph.kuzu)", "episodes stored"}},
		{"serve", true, testSamples(), []string{"Search latency over the interval: p50 (blue), p95 (red)", "ms", "Ingestion queue (posted, not yet processed)", "episodes pending"}},
		{"no samples", true, nil, []string{"the title", "Ingestion throughput"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := writeChart(&b, "the title", []string{"a subtitle"}, tc.samples, panels(tc.serve, false)); err != nil {
				t.Fatalf("writeChart: %v", err)
			}
			root, texts := svgText(t, b.Bytes())
			if root != "svg" {
				t.Errorf("writeChart: root element %q, want svg", root)
			}
			have := map[string]bool{}
			for _, s := range texts {
				have[s] = true
			}
			for _, w := range tc.want {
				if !have[w] {
					t.Errorf("writeChart: no text %q among %q", w, texts)
				}
			}
			if n := strings.Count(b.String(), "<path"); len(tc.samples) > 0 && n < len(panels(tc.serve, false)) {
				t.Errorf("writeChart: %d paths, want at least one line per panel (%d)", n, len(panels(tc.serve, false)))
			}
		})
	}
}

func TestTicks(t *testing.T) {
	labels := func(lo, hi float64, f func(lo, hi float64) []plot.Tick) []string {
		var out []string
		for _, tk := range f(lo, hi) {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
		return out
	}
	tests := []struct {
		name   string
		lo, hi float64
		f      func(lo, hi float64) []plot.Tick
		want   []string
	}{
		{"plain", 0, 50, plainTicks, []string{"0", "25", "50"}},
		{"fractions", 0, 0.25, plainTicks, []string{"0", "0.1", "0.2"}},
		{"below 10k", 0, 2000, thousands, []string{"0", "1000", "2000"}},
		{"thousands", 0, 100000, thousands, []string{"0", "50k", "100k"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, labels(tc.lo, tc.hi, tc.f)); diff != "" {
				t.Errorf("ticks(%g, %g) labels (-want +got):\n%s", tc.lo, tc.hi, diff)
			}
		})
	}
}
