package ui_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/internal/simclock"
)

// minVariance is the least luminance variance (0 to 255, squared) of a
// screenshot that shows something: a blank page has 0; the loaded
// inspector, text and a graph on a light page, has hundreds.
const minVariance = 100

// lumaVariance decodes a PNG and returns the variance of its pixels'
// luminance, sampled on a grid.
func lumaVariance(t *testing.T, b []byte) float64 {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("decode screenshot: %v", err)
	}
	var sum, sumSq, n float64
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y += 3 {
		for x := r.Min.X; x < r.Max.X; x += 3 {
			l := float64(color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y)
			sum, sumSq, n = sum+l, sumSq+l*l, n+1
		}
	}
	if n == 0 {
		return 0
	}
	mean := sum / n
	return sumSq/n - mean*mean
}

// TestLumaVariance checks the blank-page check: a uniform image fails it,
// one with marks passes.
func TestLumaVariance(t *testing.T) {
	enc := func(img image.Image) []byte {
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	blank := image.NewGray(image.Rect(0, 0, 300, 300))
	for i := range blank.Pix {
		blank.Pix[i] = 255
	}
	if v := lumaVariance(t, enc(blank)); v >= minVariance {
		t.Errorf("lumaVariance(white page) = %.1f, want under %d", v, minVariance)
	}
	marked := image.NewGray(image.Rect(0, 0, 300, 300))
	for i := range marked.Pix {
		marked.Pix[i] = 255
		if (i/300)%10 < 3 {
			marked.Pix[i] = 20 // lines of text
		}
	}
	if v := lumaVariance(t, enc(marked)); v < minVariance {
		t.Errorf("lumaVariance(page with lines) = %.1f, want at least %d", v, minVariance)
	}
}

// TestInspectorFirstPaintAndCommunities: the page's first paint, before
// any data, says it is loading; once loaded, a screenshot is not blank; a
// group without communities says so and offers a button that builds them,
// after which the legend names them.
func TestInspectorFirstPaintAndCommunities(t *testing.T) {
	ctx, consoleErrors := browser(t)
	c := new(simclock.Clock)
	h := openHost(t, filepath.Join(t.TempDir(), "db"), c.Now, nil)
	c.Set(day("2024-02-01"))
	for _, tr := range []engine.Triplet{
		{Source: "Alice", SourceType: "Person", Relation: "LIVES_IN", Target: "Paris", TargetType: "Location", Fact: "Alice lives in Paris", ValidAt: day("2020-01-01")},
		{Source: "Alice", SourceType: "Person", Relation: "WORKS_AT", Target: "Acme", TargetType: "Organization", Fact: "Alice works at Acme", ValidAt: day("2021-02-01")},
		{Source: "Bob", SourceType: "Person", Relation: "WORKS_AT", Target: "Acme", TargetType: "Organization", Fact: "Bob works at Acme", ValidAt: day("2022-03-01")},
	} {
		tr.GroupID, tr.ReferenceTime = "fresh", c.Now()
		if _, err := h.Engine.AddFact(context.Background(), tr); err != nil {
			t.Fatal(err)
		}
	}
	base := serve(t, h)

	// The HTML as first painted, before the scripts ask for anything.
	resp, err := http.Get(base + "/ui/")
	if err != nil {
		t.Fatal(err)
	}
	html, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), `<p id="loading" role="status">Loading`) || !strings.Contains(string(html), `<main id="main" hidden>`) {
		t.Errorf("the first paint does not say it is loading:\n%s", html)
	}

	do(t, ctx, "load /ui", chromedp.Navigate(base+"/ui/#group=fresh"), chromedp.WaitVisible("#entity-list li"),
		chromedp.Poll[chromedp.Void](`document.body.dataset.loaded === "true"`, chromedp.WithPollingTimeout(30*time.Second)))
	view(t, ctx, "now|now")
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	v := lumaVariance(t, shot)
	t.Logf("screenshot after load: %d bytes, luminance variance %.1f", len(shot), v)
	if v < minVariance {
		t.Errorf("screenshot after load has luminance variance %.1f, want at least %d: the page looks blank", v, minVariance)
	}

	if note := shown(t, ctx, "#communities-note"); !strings.Contains(note, "not built") {
		t.Errorf("communities note = %q, want it to say they are not built", note)
	}
	do(t, ctx, "build communities", chromedp.Click("#build-communities"),
		chromedp.Poll[chromedp.Void](`document.querySelector("#communities-note").hidden && document.querySelectorAll("#legend li").length > 0`,
			chromedp.WithPollingTimeout(60*time.Second)))
	if n, err := h.Engine.ListCommunities(context.Background(), "fresh", core.ListOptions{}); err != nil || len(n.Items) == 0 {
		t.Errorf("communities after the button = %d, %v; want some", len(n.Items), err)
	}
	if errs := consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors and exceptions:\n%s", strings.Join(errs, "\n"))
	}
}
