package ui_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/hosttest"
	"github.com/mnemohq/mnemo/host/httpapi"
	"github.com/mnemohq/mnemo/internal/simclock"
)

var (
	screenshot = flag.String("screenshot", "", "TestInspectorScreenshot writes the inspector over -demo-db to this PNG `file`")
	demoDB     = flag.String("demo-db", "", "the `directory` of a database made by `mnemo demo --keep` (make inspector-png)")
)

// openHost opens a host on the database at db with the offline defaults,
// and the settings changed by mutate.
func openHost(t *testing.T, db string, now func() time.Time, mutate func(*host.Config)) *host.Host {
	t.Helper()
	cfg := hosttest.Config(t)
	cfg.DB = db
	// An episode fails at its first failed attempt: the clock of these
	// tests stands still, so a retry would never come due.
	cfg.Ingest.MaxAttempts = 1
	if mutate != nil {
		mutate(&cfg)
	}
	h := hosttest.Open(t, cfg, host.OpenOptions{Now: now})
	return h
}

// serve serves the API and the inspector of h.
func serve(t *testing.T, h *host.Host) string {
	t.Helper()
	srv := httptest.NewServer(httpapi.New(h, httpapi.Options{Version: "test"}).Handler())
	t.Cleanup(srv.Close)
	return srv.URL
}

func day(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

// plant writes the group "inspect": Alice lived in Paris from 2020 until
// she moved to Lisbon in mid-2023 (mnemo learned of the move on
// 2024-03-01, which retired the Paris fact), worked at Acme from 2021 to
// the end of 2022 (an ended fact), and Bob, learned of on 2024-05-01,
// works at Globex; then one episode that fails.
func plant(t *testing.T, h *host.Host, c *simclock.Clock) {
	t.Helper()
	ctx := context.Background()
	facts := []struct {
		learned string
		tr      engine.Triplet
	}{
		{"2024-01-10", engine.Triplet{Source: "Alice", SourceType: "Person", Relation: "LIVES_IN", Target: "Paris", TargetType: "Location",
			Fact: "Alice lives in Paris", ValidAt: day("2020-01-01")}},
		{"2024-01-10", engine.Triplet{Source: "Alice", SourceType: "Person", Relation: "WORKS_AT", Target: "Acme", TargetType: "Organization",
			Fact: "Alice works at Acme", ValidAt: day("2021-02-01"), InvalidAt: day("2022-12-31")}},
		{"2024-03-01", engine.Triplet{Source: "Alice", SourceType: "Person", Relation: "LIVES_IN", Target: "Lisbon", TargetType: "Location",
			Fact: "Alice lives in Lisbon", ValidAt: day("2023-06-01")}},
		{"2024-05-01", engine.Triplet{Source: "Bob", SourceType: "Person", Relation: "WORKS_AT", Target: "Globex", TargetType: "Organization",
			Fact: "Bob works at Globex", ValidAt: day("2024-04-01")}},
	}
	for _, f := range facts {
		c.Set(day(f.learned).Add(9 * time.Hour))
		f.tr.GroupID = "inspect"
		f.tr.ReferenceTime = c.Now()
		rep, err := h.Engine.AddFact(ctx, f.tr)
		if err != nil || rep.Status != core.EpisodeDone {
			t.Fatalf("AddFact(%s) = %+v, %v", f.tr.Fact, rep, err)
		}
	}
	if _, err := h.Engine.BuildCommunities(ctx, "inspect"); err != nil {
		t.Fatalf("BuildCommunities: %v", err)
	}
	c.Set(day("2024-06-01"))
	// A hand-made fact whose JSON the triplet reader refuses: it fails.
	bad := core.Episode{UUID: "00000000-0000-4000-8000-00000000bad1", GroupID: "inspect", Source: core.SourceJSON,
		SourceDescription: "mnemo: fact added by hand", Content: `{"source": 5}`, ValidAt: day("2024-06-01")}
	if _, err := h.Engine.Ingest(ctx, []core.Episode{bad}); err != nil {
		t.Fatalf("Ingest: %v", err)
	}
	reps, err := h.Engine.Wait(ctx, "inspect", bad.UUID)
	if err != nil || reps[0].Status != core.EpisodeFailed {
		t.Fatalf("Wait(bad) = %+v, %v; want a failed episode", reps, err)
	}
}

// browser starts headless Chromium, or skips the test when there is none
// (fails instead when MNEMO_BROWSER_REQUIRED=1, as in CI). The returned
// function reports the console errors and exceptions the page raised.
func browser(t *testing.T) (context.Context, func() []string) {
	t.Helper()
	exe := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			exe = p
			break
		}
	}
	if exe == "" {
		if os.Getenv("MNEMO_BROWSER_REQUIRED") == "1" {
			t.Fatal("no chromium on PATH and MNEMO_BROWSER_REQUIRED=1: install it (Debian: apt-get install chromium)")
		}
		t.Skip("no chromium on PATH (Debian: apt-get install chromium); MNEMO_BROWSER_REQUIRED=1 makes this a failure")
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1400, 1000))
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() {
		cancelTimeout()
		cancelCtx()
		cancelAlloc()
	})
	var (
		mu   sync.Mutex
		errs []string
	)
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				mu.Lock()
				errs = append(errs, m.String()+" at "+m.URL)
				mu.Unlock()
			}
		}
	}()
	return ctx, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), errs...)
	}
}

// do runs actions, failing the test with what the page shows on error.
func do(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	start := time.Now()
	defer func() { t.Logf("%s: %s", what, time.Since(start).Round(time.Millisecond)) }()
	if err := chromedp.Do(ctx, actions...); err != nil {
		body, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
		t.Fatalf("%s: %v\npage:\n%s", what, err, body)
	}
}

// text reads the text of the first element matching sel, shown or not
// (the facts table is in a closed <details>).
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector(`+jsString(sel)+`) || {}).textContent || ""`))
	if err != nil {
		t.Fatalf("read %s: %v", sel, err)
	}
	return s
}

// shown joins the texts of the elements matching sel that are not hidden.
func shown(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`[...document.querySelectorAll(`+jsString(sel)+`)].filter(e => !e.hidden).map(e => e.textContent).join(" ")`))
	if err != nil {
		t.Fatalf("read %s: %v", sel, err)
	}
	return s
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// view waits until the graph shows the times "valid|known" (each an RFC
// 3339 time with milliseconds, or "now").
func view(t *testing.T, ctx context.Context, want string) {
	t.Helper()
	do(t, ctx, "wait for the view "+want,
		chromedp.Poll[chromedp.Void](`document.body.dataset.view === `+jsString(want), chromedp.WithPollingTimeout(30*time.Second)))
}

func TestInspector(t *testing.T) {
	ctx, consoleErrors := browser(t)
	c := new(simclock.Clock)
	h := openHost(t, filepath.Join(t.TempDir(), "db"), c.Now, nil)
	plant(t, h, c)
	base := serve(t, h)

	do(t, ctx, "load /ui", chromedp.Navigate(base+"/ui/#group=inspect"), chromedp.WaitVisible("#entity-list li"))
	view(t, ctx, "now|now")
	// The view is drawn before the episodes' list is read; the page says
	// it has loaded everything after both.
	do(t, ctx, "wait for the page to load",
		chromedp.Poll[chromedp.Void](`document.body.dataset.loaded === "true"`, chromedp.WithPollingTimeout(30*time.Second)))

	entities := text(t, ctx, "#entity-list")
	for _, name := range []string{"Alice", "Paris", "Lisbon", "Acme", "Bob", "Globex"} {
		if !strings.Contains(entities, name) {
			t.Errorf("entity list = %q, want %s in it", entities, name)
		}
	}
	// drawn reads what the graph draws: its shown nodes and edges.
	drawn := func() string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#graph").dataset.nodes + " nodes, " + document.querySelector("#graph").dataset.edges + " edges"`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// Now: Alice in Lisbon, Bob at Globex.
	if got, want := drawn(), "6 nodes, 2 edges"; got != want {
		t.Errorf("graph now = %s, want %s", got, want)
	}
	now := text(t, ctx, "#shown-facts tbody")
	if !strings.Contains(now, "Alice lives in Lisbon") || strings.Contains(now, "Paris") || strings.Contains(now, "Acme") {
		t.Errorf("facts shown now = %q, want Lisbon and neither Paris nor Acme", now)
	}
	if legend := text(t, ctx, "#legend"); legend == "" {
		t.Error("legend is empty, want the communities")
	}
	// Loaded: no loading line, no "not built" note; dates under both
	// sliders, from the first moment to now.
	if gone := shown(t, ctx, "#loading, #communities-note"); gone != "" {
		t.Errorf("after loading the page shows %q, want neither the loading line nor the communities note", gone)
	}
	if axis := text(t, ctx, "#valid-at-axis"); !strings.HasPrefix(axis, "2020-01-01") || !strings.HasSuffix(axis, "now") {
		t.Errorf("event-time axis = %q, want dates from 2020-01-01 to now", axis)
	}
	if axis := text(t, ctx, "#known-at-axis"); !strings.HasPrefix(axis, "2024-01-10") || !strings.HasSuffix(axis, "now") {
		t.Errorf("system-time axis = %q, want dates from 2024-01-10 to now", axis)
	}

	// Event time, from the keyboard: Home goes to the first moment at
	// which something changed, 2020-01-01, when Alice lived in Paris.
	do(t, ctx, "move valid_at", chromedp.Focus("#valid-at"), chromedp.KeyEvent(kb.Home))
	view(t, ctx, "2020-01-01T00:00:00.000Z|now")
	if then := text(t, ctx, "#shown-facts tbody"); !strings.Contains(then, "Alice lives in Paris") || strings.Contains(then, "Lisbon") {
		t.Errorf("facts shown at 2020-01-01 = %q, want Paris and not Lisbon", then)
	}
	if got, want := drawn(), "6 nodes, 1 edges"; got != want {
		t.Errorf("graph at 2020-01-01 = %s, want %s (Alice in Paris)", got, want)
	}
	if got, want := text(t, ctx, "#graph-summary"), "6 entities and 1 fact shown"; got != want {
		t.Errorf("summary at 2020-01-01 = %q, want %q", got, want)
	}
	if out := text(t, ctx, "#valid-at-out"); out != "2020-01-01" {
		t.Errorf("valid_at label = %q, want 2020-01-01", out)
	}
	// Two moments on: 2022-12-31, when the Acme job ended; the step before
	// it (2021-02-01) shows it.
	do(t, ctx, "step valid_at", chromedp.KeyEvent(kb.ArrowRight))
	view(t, ctx, "2021-02-01T00:00:00.000Z|now")
	if then := text(t, ctx, "#shown-facts tbody"); !strings.Contains(then, "Alice works at Acme") {
		t.Errorf("facts shown at 2021-02-01 = %q, want the Acme job", then)
	}

	// System time: back to now on event time, then the first moment mnemo
	// learned anything (2024-01-10 09:00): it knew Paris, not yet Lisbon,
	// and nothing of Bob.
	do(t, ctx, "back to now", chromedp.Click("#time-now"))
	view(t, ctx, "now|now")
	do(t, ctx, "move known_at", chromedp.Focus("#known-at"), chromedp.KeyEvent(kb.Home))
	view(t, ctx, "now|2024-01-10T09:00:00.000Z")
	if then := text(t, ctx, "#shown-facts tbody"); !strings.Contains(then, "Alice lives in Paris") || strings.Contains(then, "Lisbon") {
		t.Errorf("facts shown as known on 2024-01-10 = %q, want Paris and not Lisbon", then)
	}
	if ents := shown(t, ctx, "#entity-list li"); strings.Contains(ents, "Bob") || !strings.Contains(ents, "Alice") {
		t.Errorf("entities known on 2024-01-10 = %q, want no Bob yet", ents)
	}
	if got, want := drawn(), "3 nodes, 1 edges"; got != want {
		t.Errorf("graph as known on 2024-01-10 = %s, want %s (Alice, Paris, Acme; Alice in Paris)", got, want)
	}
	do(t, ctx, "back to now", chromedp.Click("#time-now"))
	view(t, ctx, "now|now")

	// An entity's facts over time and the episodes it came from.
	do(t, ctx, "pick Alice", chromedp.Click(`#entity-list li button`), chromedp.WaitVisible("#detail-body .timeline"))
	if title := text(t, ctx, "#detail-title"); title != "Acme" {
		// The list is sorted by name: Acme comes first.
		t.Errorf("detail title = %q, want Acme", title)
	}
	do(t, ctx, "pick Alice by name", chromedp.Evaluate[chromedp.Void](
		`[...document.querySelectorAll("#entity-list button")].find(b => b.textContent === "Alice").click()`),
		chromedp.Poll[chromedp.Void](`document.querySelector("#detail-title").textContent === "Alice"`))
	if s := text(t, ctx, "#detail-body .timeline li.expired"); !strings.Contains(s, "Alice lives in Paris") || !strings.Contains(s, "superseded") {
		t.Errorf("superseded fact in the timeline = %q, want Paris, superseded", s)
	}
	if s := text(t, ctx, "#detail-body .timeline li.ended"); !strings.Contains(s, "Alice works at Acme") {
		t.Errorf("ended fact in the timeline = %q, want Acme", s)
	}
	if s := text(t, ctx, "#detail-body .timeline li.current"); !strings.Contains(s, "Alice lives in Lisbon") {
		t.Errorf("current fact in the timeline = %q, want Lisbon", s)
	}
	if s := text(t, ctx, "#detail-body .timeline li.axis"); len(regexp.MustCompile(`\d{4}-\d{2}-\d{2}`).FindAllString(s, -1)) != 5 {
		t.Errorf("timeline axis = %q, want five dates", s)
	}
	if s := text(t, ctx, "#detail-body ol.episodes"); strings.Count(s, "Alice") < 3 {
		t.Errorf("Alice's episodes = %q, want the three that mention her", s)
	}

	// Search: ranked results with scores, and the context.
	do(t, ctx, "search", chromedp.SendKeys("#query", "Where does Alice live?"), chromedp.KeyEvent(kb.Enter),
		chromedp.WaitVisible("#search-results table"))
	results := text(t, ctx, "#search-results")
	if !strings.Contains(results, "Lisbon") || !strings.Contains(results, "Score") {
		t.Errorf("search results = %q, want Lisbon with scores", results)
	}
	do(t, ctx, "context", chromedp.Poll[chromedp.Void](`document.querySelector("#context").textContent.includes("Lisbon")`))

	// The same search in 2021: the search and the context follow the
	// event-time slider.
	do(t, ctx, "move valid_at for the search", chromedp.Focus("#valid-at"), chromedp.KeyEvent(kb.Home), chromedp.KeyEvent(kb.ArrowRight))
	view(t, ctx, "2021-02-01T00:00:00.000Z|now")
	do(t, ctx, "search in 2021", chromedp.Click(`#search-form button[type=submit]`),
		chromedp.Poll[chromedp.Void](`document.querySelector("#search-results").dataset.view === "2021-02-01T00:00:00.000Z|now"`))
	// The first table holds the facts (entity summaries are of today).
	if s := text(t, ctx, "#search-results table"); !strings.HasPrefix(s, "Facts") || !strings.Contains(s, "Alice lives in Paris") || strings.Contains(s, "Alice lives in Lisbon") {
		t.Errorf("facts found in 2021 = %q, want Paris and not Lisbon", s)
	}
	if s := text(t, ctx, "#context"); !strings.Contains(s, "Alice lives in Paris (2020-01-01") {
		t.Errorf("context in 2021 = %q, want the Paris fact with its dates", s)
	}
	do(t, ctx, "back to now", chromedp.Click("#time-now"))
	view(t, ctx, "now|now")

	// An episode: what it mentions and states.
	do(t, ctx, "pick an episode", chromedp.Evaluate[chromedp.Void](
		`[...document.querySelectorAll("#episodes tbody tr")].find(r => r.textContent.includes("Paris")).querySelector("button.link").click()`),
		chromedp.Poll[chromedp.Void](`document.querySelector("#detail-title").textContent.startsWith("Episode")`))
	if s := text(t, ctx, "#detail-body"); !strings.Contains(s, "Entities (2)") || !strings.Contains(s, "Alice lives in Paris") || !strings.Contains(s, "superseded") {
		t.Errorf("episode detail = %q, want its 2 entities and its Paris fact, superseded", s)
	}

	// The failed episode, retried.
	if s := text(t, ctx, "#episodes tbody tr.status-failed"); !strings.Contains(s, "failed") {
		t.Errorf("failed episode row = %q, want its status", s)
	}
	do(t, ctx, "retry", chromedp.Click("#episodes tbody tr.status-failed button[aria-label^=Retry]"),
		chromedp.Poll[chromedp.Void](`document.querySelector("#episodes-note").textContent.includes("1 episode queued again")`))

	if errs := consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors and exceptions:\n%s", strings.Join(errs, "\n"))
	}
}

// TestInspectorKey: with keys configured, the page asks for one, keeps it
// in sessionStorage and shows only the groups the key may use; a
// read-only key gets no retry buttons.
func TestInspectorKey(t *testing.T) {
	ctx, consoleErrors := browser(t)
	c := new(simclock.Clock)
	h := openHost(t, filepath.Join(t.TempDir(), "db"), c.Now, func(cfg *host.Config) {
		cfg.HTTP.Keys = []host.APIKeyConfig{{Key: "inspect-key-0123456789", Groups: []string{"inspect"}, ReadOnly: true}}
	})
	plant(t, h, c)
	c.Set(day("2024-06-02"))
	if _, err := h.Engine.AddFact(context.Background(), engine.Triplet{GroupID: "other", Source: "Carol", Relation: "LIVES_IN", Target: "Oslo"}); err != nil {
		t.Fatal(err)
	}
	base := serve(t, h)

	do(t, ctx, "load /ui", chromedp.Navigate(base+"/ui/"), chromedp.WaitVisible("#key"))
	do(t, ctx, "wrong key", chromedp.SendKeys("#key", "nope"), chromedp.KeyEvent(kb.Enter),
		chromedp.Poll[chromedp.Void](`document.querySelector("#key-error").textContent !== ""`))
	do(t, ctx, "right key", chromedp.SendKeys("#key", "inspect-key-0123456789"), chromedp.KeyEvent(kb.Enter),
		chromedp.WaitVisible("#entity-list li"))
	view(t, ctx, "now|now")
	if groups := text(t, ctx, "#group"); groups != "inspect" {
		t.Errorf("groups offered = %q, want inspect only", groups)
	}
	do(t, ctx, "episodes", chromedp.WaitReady("#episodes tr.status-failed button[aria-label^=Retry]"))
	if s := text(t, ctx, "#access"); s != "read-only key" {
		t.Errorf("access = %q, want read-only key", s)
	}
	hidden, err := chromedp.Run(ctx, chromedp.Evaluate[bool](
		`[...document.querySelectorAll("#retry-all, #episodes tr.status-failed button[aria-label^=Retry]")].every(b => getComputedStyle(b).display === "none")`))
	if err != nil || !hidden {
		t.Errorf("retry buttons hidden for a read-only key = %v, %v; want true", hidden, err)
	}
	stored, err := chromedp.Run(ctx, chromedp.Evaluate[string](`sessionStorage.getItem("mnemo.apiKey")`))
	if err != nil || stored != "inspect-key-0123456789" {
		t.Errorf("sessionStorage key = %q, %v; want inspect-key-0123456789", stored, err)
	}
	// The refused key's 401 is the browser's only error line.
	for _, e := range consoleErrors() {
		if !strings.Contains(e, "401") {
			t.Errorf("console error: %s", e)
		}
	}
}

// TestInspectorScreenshot writes docs/inspector.png from the demo's
// database: make inspector-png.
func TestInspectorScreenshot(t *testing.T) {
	if *screenshot == "" || *demoDB == "" {
		t.Skip("make inspector-png runs this with -screenshot and -demo-db")
	}
	ctx, consoleErrors := browser(t)
	h := openHost(t, *demoDB, nil, nil)
	// The demo builds no communities; the picture shows them.
	if _, err := h.Engine.BuildCommunities(context.Background(), "demo"); err != nil {
		t.Fatalf("BuildCommunities: %v", err)
	}
	base := serve(t, h)
	do(t, ctx, "load /ui", chromedp.EmulateViewport(1400, 1100), chromedp.Navigate(base+"/ui/#group=demo"),
		chromedp.WaitVisible("#entity-list li"))
	view(t, ctx, "now|now")
	do(t, ctx, "pick Maya", chromedp.Evaluate[chromedp.Void](
		`[...document.querySelectorAll("#entity-list button")].find(b => b.textContent === "Maya").click()`),
		chromedp.WaitVisible("#detail-body .timeline"),
		chromedp.SendKeys("#query", "Where does Maya live?"), chromedp.KeyEvent(kb.Enter),
		chromedp.WaitVisible("#search-results table"),
		chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("screenshot is not a PNG")
	}
	if v := lumaVariance(t, png); v < minVariance {
		t.Fatalf("screenshot luminance variance = %.1f, want at least %d: the page looks blank", v, minVariance)
	}
	if err := os.WriteFile(*screenshot, png, 0o644); err != nil {
		t.Fatal(err)
	}
	if errs := consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors and exceptions:\n%s", strings.Join(errs, "\n"))
	}
	t.Logf("wrote %s (%d bytes)", *screenshot, len(png))
}

// TestInspectorQuarantine: a web page's claim shows in the entity's
// timeline marked as quarantined, with its class and why, beside the
// user's fact; its Approve button releases it.
func TestInspectorQuarantine(t *testing.T) {
	ctx, consoleErrors := browser(t)
	c := new(simclock.Clock)
	c.Set(day("2024-06-01"))
	h := openHost(t, filepath.Join(t.TempDir(), "db"), c.Now, nil)
	eps := []core.Episode{
		{GroupID: "trust", Source: core.SourceMessage, Content: "Alice: I live in Lisbon.", ValidAt: day("2024-05-01"), Trust: core.TrustUser},
		{GroupID: "trust", Source: core.SourceMessage, Content: "Alice: I live in Oslo.", ValidAt: day("2024-05-20"), Trust: core.TrustWeb},
	}
	var ids []string
	for _, ep := range eps {
		res, err := h.Engine.Ingest(context.Background(), []core.Episode{ep})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, res[0].UUID)
	}
	if reps, err := h.Engine.Wait(context.Background(), "trust", ids...); err != nil || reps[1].Quarantined == 0 {
		t.Fatalf("Wait = %+v, %v; want the web's fact quarantined", reps, err)
	}
	base := serve(t, h)

	do(t, ctx, "load /ui", chromedp.Navigate(base+"/ui/#group=trust"), chromedp.WaitVisible("#entity-list li"))
	do(t, ctx, "pick Alice", chromedp.Evaluate[chromedp.Void](
		`[...document.querySelectorAll("#entity-list button")].find(b => b.textContent === "Alice").click()`),
		chromedp.WaitVisible("#detail-body .timeline li.quarantined"))
	held := text(t, ctx, "#detail-body .timeline li.quarantined")
	for _, want := range []string{"Alice lives in Oslo", "web", "quarantined since", "below the group's trust threshold"} {
		if !strings.Contains(held, want) {
			t.Errorf("quarantined fact in the timeline = %q, want %q in it", held, want)
		}
	}
	if s := text(t, ctx, "#detail-body .timeline li.current"); !strings.Contains(s, "Alice lives in Lisbon") || !strings.Contains(s, "user") {
		t.Errorf("current fact in the timeline = %q, want Lisbon, the user's", s)
	}
	// Why: the web episode's sentence, the extractor and the veto.
	do(t, ctx, "why", chromedp.Click("#detail-body .timeline li.quarantined button.why-button"),
		chromedp.WaitVisible("#detail-body .timeline li.quarantined .why"))
	why := text(t, ctx, "#detail-body .timeline li.quarantined .why")
	for _, want := range []string{"Source web (level 10; threshold 50)", "stated by web", "rule-extractor", "“Alice: I live in Oslo.”", "quarantined", "vetoed", "Alice lives in Lisbon"} {
		if !strings.Contains(why, want) {
			t.Errorf("why of the quarantined fact = %q, want %q in it", why, want)
		}
	}
	do(t, ctx, "approve", chromedp.Click("#detail-body .timeline li.quarantined button.approve"),
		chromedp.Poll[chromedp.Void](`document.querySelector("#detail-body .timeline li.quarantined") === null && `+
			`[...document.querySelectorAll("#detail-body .timeline li.current")].some(l => l.textContent.includes("Oslo"))`,
			chromedp.WithPollingTimeout(30*time.Second)))
	page, err := h.Engine.ListFacts(context.Background(), "trust", core.ListOptions{Filter: core.Filter{IncludeQuarantined: true,
		Time: [][]core.TimeCondition{{{Field: core.FieldQuarantinedAt, Op: core.OpNotNull}}}}})
	if err != nil || len(page.Items) != 0 {
		t.Errorf("quarantined facts after Approve = %+v, %v; want none", page.Items, err)
	}
	if errs := consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors and exceptions:\n%s", strings.Join(errs, "\n"))
	}
}
