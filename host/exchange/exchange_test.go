package exchange_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/exchange"
)

// sharedCache is one wasm compilation cache for the package's tests.
var sharedCache = filepath.Join(os.TempDir(), "mnemo-test-wasm-cache")

// clock is the tests' fixed clock.
var clock = time.Date(2024, 10, 1, 12, 0, 0, 0, time.UTC)

// openHost opens a Host on a new Kuzu database in a temporary directory.
func openHost(t *testing.T, mutate func(*host.Config)) *host.Host {
	t.Helper()
	cfg, err := host.Load("", func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.DB = t.TempDir()
	cfg.Store.BufferPoolMB = 64
	cfg.Plugins.CacheDir = sharedCache
	cfg.Plugins.Reload = -1
	cfg.Log.Level = "warn"
	if mutate != nil {
		mutate(&cfg)
	}
	h, err := host.Open(context.Background(), cfg, host.OpenOptions{Now: func() time.Time { return clock }})
	if err != nil {
		t.Fatalf("host.Open: %v", err)
	}
	t.Cleanup(func() { h.Close(context.Background()) })
	return h
}

// ingestFile ingests a JSONL file of episodes into group and waits for it.
func ingestFile(t *testing.T, h *host.Host, group, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var eps []core.Episode
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var line struct {
			Name, Source, Content string
			ReferenceTime         time.Time `json:"reference_time"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatal(err)
		}
		eps = append(eps, core.Episode{GroupID: group, Name: line.Name, Source: core.Source(line.Source), Content: line.Content, ValidAt: line.ReferenceTime})
	}
	ingest(t, h, eps)
}

func ingest(t *testing.T, h *host.Host, eps []core.Episode) {
	t.Helper()
	ctx := context.Background()
	res, err := h.Engine.Ingest(ctx, eps)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string][]string{}
	for i, r := range res {
		ids[eps[i].GroupID] = append(ids[eps[i].GroupID], r.UUID)
	}
	wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	for g, uuids := range ids {
		reports, err := h.Engine.Wait(wctx, g, uuids...)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range reports {
			if r.Status != core.EpisodeDone {
				t.Fatalf("episode %s: %s (%s)", r.UUID, r.Status, r.Error)
			}
		}
	}
}

// fill builds the memory the round trip is tested on: the demo
// conversation in group maya (moves and job changes invalidate facts),
// with communities and a failed episode; a second group, other, whose
// content must never appear in maya's export.
func fill(t *testing.T, h *host.Host) {
	t.Helper()
	ctx := context.Background()
	ingestFile(t, h, "maya", "../../cmd/mnemo/demo/conversation.jsonl")
	ref := time.Date(2024, 3, 1, 10, 0, 0, 0, time.UTC)
	ingest(t, h, []core.Episode{
		{GroupID: "other", Source: core.SourceMessage, Content: "Zoltan: I work at Globex and I live in Oslo.", ValidAt: ref},
		{GroupID: "other", Source: core.SourceMessage, Content: "Zoltan: I moved to Bergen last week.", ValidAt: ref.AddDate(0, 1, 0)},
	})
	// A web page's claim: a fact held in quarantine, with its class.
	ingest(t, h, []core.Episode{
		{GroupID: "maya", Source: core.SourceMessage, Content: "Maya: I work at Initech.", ValidAt: ref.AddDate(1, 0, 0), Trust: core.TrustWeb},
	})
	for _, g := range []string{"maya", "other"} {
		if _, err := h.Engine.BuildCommunities(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	// A failed episode, as the queue leaves one after its last attempt.
	failed := core.Episode{
		UUID: "failed-episode-1", GroupID: "maya", Source: core.SourceText, Content: "An episode whose extraction failed.",
		ValidAt: ref, CreatedAt: clock, Status: core.EpisodePending,
	}
	st := h.Engine.Store()
	if _, err := st.AddEpisodes(ctx, []core.Episode{failed}); err != nil {
		t.Fatal(err)
	}
	failed.Status, failed.Attempts, failed.Error = core.EpisodeFailed, 3, "extractor: model unavailable"
	if err := st.Apply(ctx, core.Change{Episodes: []core.Episode{failed}}); err != nil {
		t.Fatal(err)
	}
}

func export(t *testing.T, h *host.Host, groups ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := exchange.Export(context.Background(), h.Engine, &b, groups, clock); err != nil {
		t.Fatalf("Export(%v) = %v", groups, err)
	}
	return b.Bytes()
}

func importBytes(t *testing.T, h *host.Host, b []byte, opts exchange.ImportOptions) []engine.ImportResult {
	t.Helper()
	res, err := exchange.Import(context.Background(), h.Engine, bytes.NewReader(b), opts)
	if err != nil {
		t.Fatalf("Import = %v", err)
	}
	return res
}

// lines decodes an export's lines after the header.
func lines(t *testing.T, b []byte) []map[string]any {
	t.Helper()
	var out []map[string]any
	for i, l := range bytes.Split(bytes.TrimSpace(b), []byte("\n"))[1:] {
		var m map[string]any
		if err := json.Unmarshal(l, &m); err != nil {
			t.Fatalf("line %d: %v", i+2, err)
		}
		out = append(out, m)
	}
	return out
}

// TestExportImportExportIsByteIdentical exports a real Kuzu database
// holding an ingested conversation (invalidated facts, communities, a
// failed episode, two groups), imports it into an empty database and
// exports that: the bytes are the same. Importing again changes nothing.
func TestExportImportExportIsByteIdentical(t *testing.T) {
	src := openHost(t, nil)
	fill(t, src)
	first := export(t, src, "maya", "other")

	counts := map[string]int{}
	invalidated, quarantined, webEpisodes := 0, 0, 0
	for _, l := range lines(t, first) {
		counts[l["kind"].(string)]++
		if l["kind"] == "fact" && l["quarantined_at"] != nil && l["source_class"] == "web" {
			quarantined++
		}
		if l["kind"] == "episode" && l["source_class"] == "web" {
			webEpisodes++
		}
		if l["kind"] == "fact" && (l["expired_at"] != nil || l["invalid_at"] != nil) {
			invalidated++
		}
		// The failed episode was stored without a vector, as a client may.
		if l["kind"] != "mention" && l["vector"] == nil && l["uuid"] != "failed-episode-1" {
			t.Errorf("%s %s has no vector", l["kind"], l["uuid"])
		}
	}
	for _, k := range []string{"episode", "entity", "fact", "mention", "community"} {
		if counts[k] == 0 {
			t.Errorf("the export holds no %s: %v", k, counts)
		}
	}
	if invalidated == 0 {
		t.Errorf("the export holds no invalidated fact: the round trip would not test them")
	}
	if quarantined == 0 || webEpisodes != 1 {
		t.Errorf("the export holds %d quarantined facts of the web and %d web episodes, want some and 1", quarantined, webEpisodes)
	}
	if !bytes.Contains(first, []byte(`"status":"failed"`)) {
		t.Errorf("the export lost the failed episode")
	}

	dst := openHost(t, nil)
	importBytes(t, dst, first, exchange.ImportOptions{})
	if second := export(t, dst, "maya", "other"); !bytes.Equal(first, second) {
		t.Fatalf("export → import → export differs:\n%s", firstDiff(first, second))
	}
	importBytes(t, dst, first, exchange.ImportOptions{})
	if third := export(t, dst, "maya", "other"); !bytes.Equal(first, third) {
		t.Fatalf("importing twice changed the database:\n%s", firstDiff(first, third))
	}

	// The memory store holds the same contract: the same bytes again.
	mem := openHost(t, func(c *host.Config) { c.Store.Backend = "memory" })
	importBytes(t, mem, first, exchange.ImportOptions{})
	if fromMemory := export(t, mem, "maya", "other"); !bytes.Equal(first, fromMemory) {
		t.Fatalf("export → import into the memory store → export differs:\n%s", firstDiff(first, fromMemory))
	}

	// The imported memory is searchable on the imported vectors.
	res, err := dst.Engine.Search(context.Background(), retrieval.Request{Groups: []string{"maya"}, Query: "Where does Maya live?"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Facts) == 0 {
		t.Errorf("Search after import found no fact")
	}
}

// firstDiff shows the first line where two exports differ.
func firstDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "line " + itoa(i+1) + ":\n- " + trunc(x) + "\n+ " + trunc(y)
		}
	}
	return "(no difference)"
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

func trunc(s string) string {
	if len(s) > 600 {
		return s[:600] + "…"
	}
	return s
}

// TestExportHoldsOneGroup exports one of two groups: nothing of the other
// is in it, neither a line, a uuid nor a word of its content.
func TestExportHoldsOneGroup(t *testing.T) {
	h := openHost(t, nil)
	fill(t, h)
	maya, other := export(t, h, "maya"), export(t, h, "other")
	for _, l := range lines(t, maya) {
		if l["group"] != "maya" {
			t.Errorf("maya's export holds a line of group %v", l["group"])
		}
	}
	for _, l := range lines(t, other) {
		if id, ok := l["uuid"].(string); ok && bytes.Contains(maya, []byte(id)) {
			t.Errorf("maya's export holds uuid %s of group other", id)
		}
	}
	for _, word := range []string{"Zoltan", "Globex", "Oslo", "Bergen", `"other"`} {
		if bytes.Contains(maya, []byte(word)) {
			t.Errorf("maya's export holds %q, of group other", word)
		}
	}
	var hd exchange.Header
	if err := json.Unmarshal(bytes.SplitN(maya, []byte("\n"), 2)[0], &hd); err != nil {
		t.Fatal(err)
	}
	want := exchange.NewHeader(core.EmbedderID{Name: "local", Model: "hashembed", Dimension: 256}, clock, []string{"maya"})
	if diff := cmp.Diff(want, hd); diff != "" {
		t.Errorf("header (-want +got):\n%s", diff)
	}
}

// TestImportUnderAnotherName copies a group within its own database:
// renamed, its objects get new uuids, so nothing collides with the
// original, which stays as it was; importing the copy twice changes
// nothing.
func TestImportUnderAnotherName(t *testing.T) {
	h := openHost(t, nil)
	fill(t, h)
	orig := export(t, h, "maya")
	importBytes(t, h, orig, exchange.ImportOptions{GroupMap: map[string]string{"maya": "maya-copy"}})
	copied := export(t, h, "maya-copy")
	importBytes(t, h, orig, exchange.ImportOptions{GroupMap: map[string]string{"maya": "maya-copy"}})
	if again := export(t, h, "maya-copy"); !bytes.Equal(copied, again) {
		t.Fatalf("importing the renamed group twice changed it:\n%s", firstDiff(copied, again))
	}
	if after := export(t, h, "maya"); !bytes.Equal(orig, after) {
		t.Fatalf("importing a copy changed the original:\n%s", firstDiff(orig, after))
	}
	a, b := lines(t, orig), lines(t, copied)
	if len(a) != len(b) {
		t.Fatalf("the copy has %d lines, the original %d", len(b), len(a))
	}
	kinds := func(ls []map[string]any) map[string]int {
		m := map[string]int{}
		for _, l := range ls {
			m[l["kind"].(string)]++
		}
		return m
	}
	if diff := cmp.Diff(kinds(a), kinds(b)); diff != "" {
		t.Errorf("the copy's kinds differ (-orig +copy):\n%s", diff)
	}
	// The copy is the original under other uuids: its facts, re-keyed.
	facts := func(ls []map[string]any) map[string]bool {
		m := map[string]bool{}
		for _, l := range ls {
			if l["kind"] == "fact" {
				m[l["text"].(string)+"|"+str(l["valid_at"])+"|"+str(l["invalid_at"])+"|"+str(l["expired_at"])] = true
			}
		}
		return m
	}
	if diff := cmp.Diff(facts(a), facts(b)); diff != "" {
		t.Errorf("the copy's facts differ (-orig +copy):\n%s", diff)
	}
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// TestImportRefusesBadFiles imports files with one thing wrong into a
// database that holds data: each is refused with an error saying what
// and where, and the database is left as it was.
func TestImportRefusesBadFiles(t *testing.T) {
	src := openHost(t, nil)
	fill(t, src)
	good := export(t, src, "maya", "other")
	all := strings.Split(strings.TrimSuffix(string(good), "\n"), "\n")
	// find returns the number (1-based) of the first line containing s.
	find := func(s string) int {
		for i, l := range all {
			if strings.Contains(l, s) {
				return i + 1
			}
		}
		t.Fatalf("no line holds %s", s)
		return 0
	}
	edit := func(n int, f func(string) string) string {
		out := append([]string(nil), all...)
		out[n-1] = f(out[n-1])
		return strings.Join(out, "\n") + "\n"
	}
	lastOther := 0
	for i, l := range all {
		if strings.Contains(l, `"group":"other"`) {
			lastOther = i + 1
		}
	}
	factLine := find(`"kind":"fact","group":"other"`)
	tests := []struct {
		name string
		file string
		line int    // the line the error names; 0: none
		want string // in the error
		is   error
	}{
		{"not JSON", edit(lastOther, func(string) string { return `{"kind":"fact",` }), lastOther, "line", core.ErrInvalid},
		{"unknown kind", edit(lastOther, func(l string) string { return strings.Replace(l, `"kind":"`, `"kind":"x`, 1) }), lastOther, "kind", core.ErrInvalid},
		{"unknown field", edit(lastOther, func(l string) string { return strings.Replace(l, `{`, `{"colour":"red",`, 1) }), lastOther, "colour", core.ErrInvalid},
		{"bad time", edit(factLine, func(l string) string { return strings.Replace(l, `"created_at":"`, `"created_at":"yesterday`, 1) }), factLine, "RFC 3339", core.ErrInvalid},
		{"short vector", edit(factLine, func(l string) string { return strings.Replace(l, `"vector":"`, `"vector":"AAAA`, 1) }), factLine, "vector", core.ErrInvalid},
		{"unlisted group", edit(lastOther, func(l string) string { return strings.Replace(l, `"group":"other"`, `"group":"third"`, 1) }), lastOther, "third", core.ErrInvalid},
		{"newer version", edit(1, func(l string) string { return strings.Replace(l, `"version":1`, `"version":2`, 1) }), 1, "version 2", core.ErrInvalid},
		{"unknown endpoint", edit(factLine, func(l string) string { return strings.Replace(l, `"source":"`, `"source":"nobody-`, 1) }), 0, "endpoints", core.ErrInvalid},
		{"another embedder", edit(1, func(l string) string {
			return strings.Replace(l, `"model":"hashembed"`, `"model":"text-embedding-3-small"`, 1)
		}), 0,
			"made by the embedder local text-embedding-3-small (256 dimensions), this database's is local hashembed (256 dimensions)", core.ErrConflict},
	}
	dst := openHost(t, nil)
	importBytes(t, dst, []byte(strings.Join(all[:lastOther], "\n")+"\n"), exchange.ImportOptions{GroupMap: map[string]string{"maya": "kept"}})
	before := export(t, dst, "kept", "maya", "other")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := exchange.Import(context.Background(), dst.Engine, strings.NewReader(tt.file), exchange.ImportOptions{})
			if err == nil {
				t.Fatalf("Import = nil, want an error")
			}
			if !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Import = %v, want %v with %q", err, tt.is, tt.want)
			}
			var le *exchange.LineError
			switch {
			case tt.line > 0 && !errors.As(err, &le):
				t.Errorf("Import = %v, want a *LineError at line %d", err, tt.line)
			case tt.line > 0 && le.Line != tt.line:
				t.Errorf("Import error at line %d, want %d", le.Line, tt.line)
			case tt.line == 0 && errors.As(err, &le):
				t.Errorf("Import = %v, want no line", err)
			}
			if after := export(t, dst, "kept", "maya", "other"); !bytes.Equal(before, after) {
				t.Fatalf("a refused import changed the database:\n%s", firstDiff(before, after))
			}
		})
	}
}
