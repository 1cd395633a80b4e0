package crashtest

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// graph is a database's memory in a form two runs can compare: each
// record of `mnemo export` as one line of canonical JSON, by kind, sorted,
// duplicates kept (a multiset). Entity, fact and community uuids are
// random and created_at, expired_at, quarantined_at, released_at and the
// times of a fact's why record are the wall clock of the run, and a done
// episode's count of failed attempts its load, so a line names
// entities by name instead of uuid, says whether a fact expired rather
// than when, and names the fact or episode that invalidated one (also in
// the why record) by its content; everything else an export holds is
// kept as it is (texts, relations, labels, summaries, attributes, event
// times, episode uuids with their status, provenance, mentions, members),
// vectors as their SHA-256.
type graph struct {
	lines map[string][]string
	// status is each episode's status, by group and uuid ("g/uuid").
	status map[string]string
}

// count is the number of records of kind.
func (g graph) count(kind string) int { return len(g.lines[kind]) }

// summary counts the records of each kind.
func (g graph) summary() string {
	kinds := make([]string, 0, len(g.lines))
	for k := range g.lines {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var parts []string
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf("%d %s", len(g.lines[k]), plural(k)))
	}
	return strings.Join(parts, ", ")
}

// exportGraph exports every group of the database db with mnemo export,
// which opens it as every command does, and reads the export.
func exportGraph(t *testing.T, e []string, db string) (graph, result) {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "export-*.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	r := must(t, e, db, "export", "-o", f.Name())
	g, err := readExport(f.Name())
	if err != nil {
		t.Fatalf("read the export of %s: %v", db, err)
	}
	os.Remove(f.Name())
	return g, r
}

// readExport reads the export file at path into a graph.
func readExport(path string) (graph, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return graph{}, err
	}
	return parseExport(b)
}

// parseExport reads an export file into a graph.
func parseExport(b []byte) (graph, error) {
	var recs []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<20), 256<<20)
	first := true
	for sc.Scan() {
		if first {
			first = false
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			return graph{}, err
		}
		recs = append(recs, m)
	}
	if err := sc.Err(); err != nil {
		return graph{}, err
	}
	names := map[string]string{}  // entity uuid → name
	episodes := map[string]bool{} // group/uuid
	facts := map[string]string{}  // fact uuid → its content
	for _, m := range recs {
		switch m["kind"] {
		case "entity":
			names[str(m["uuid"])] = str(m["name"])
		case "episode":
			episodes[str(m["group"])+"/"+str(m["uuid"])] = true
		}
	}
	name := func(uuid any) string {
		if n, ok := names[str(uuid)]; ok {
			return n
		}
		return "dangling entity " + str(uuid)
	}
	for _, m := range recs {
		if m["kind"] == "fact" {
			facts[str(m["uuid"])] = strings.Join([]string{str(m["relation"]), str(m["text"]), name(m["source"]), name(m["target"]),
				str(m["valid_at"]), str(m["invalid_at"]), fmt.Sprint(m["episodes"])}, " | ")
		}
	}
	g := graph{lines: map[string][]string{}, status: map[string]string{}}
	for _, m := range recs {
		kind := str(m["kind"])
		if v, ok := m["vector"]; ok {
			sum := sha256.Sum256([]byte(str(v)))
			m["vector"] = hex.EncodeToString(sum[:8])
		}
		delete(m, "created_at")
		for _, k := range []string{"expired_at", "archived_at", "quarantined_at", "released_at"} {
			if _, ok := m[k]; ok {
				m[k] = true
			}
		}
		switch kind {
		case "episode":
			g.status[str(m["group"])+"/"+str(m["uuid"])] = str(m["status"])
			// A done episode's failed attempts are the run's weather (a
			// plugin call past its deadline on a loaded machine, retried),
			// not its memory: what it gave is compared in full.
			if m["status"] == "done" {
				delete(m, "attempts")
				delete(m, "error")
			}
		case "entity", "community":
			delete(m, "uuid")
		case "fact":
			delete(m, "uuid")
			m["source"], m["target"] = name(m["source"]), name(m["target"])
			// The why record (core.WhyAttribute): each step's time is the
			// run's clock and the fact it names a random uuid.
			if attrs, ok := m["attributes"].(map[string]any); ok {
				steps, _ := attrs["why"].([]any)
				for _, st := range steps {
					if step, ok := st.(map[string]any); ok {
						if _, ok := step["at"]; ok {
							step["at"] = true
						}
						if f, ok := step["fact"]; ok {
							if c := facts[str(f)]; c != "" {
								step["fact"] = "fact " + c
							} else {
								step["fact"] = "dangling " + str(f)
							}
						}
					}
				}
			}
			if by, ok := m["invalidated_by"]; ok {
				switch {
				case episodes[str(m["group"])+"/"+str(by)]:
					m["invalidated_by"] = "episode " + str(by)
				case facts[str(by)] != "":
					m["invalidated_by"] = "fact " + facts[str(by)]
				default:
					m["invalidated_by"] = "dangling " + str(by)
				}
			}
		case "mention":
			m["entity"] = name(m["entity"])
		}
		if members, ok := m["members"].([]any); ok {
			ns := make([]string, len(members))
			for i, u := range members {
				ns[i] = name(u)
			}
			sort.Strings(ns)
			m["members"] = ns
		}
		line, err := json.Marshal(m) // map keys sorted
		if err != nil {
			return graph{}, err
		}
		g.lines[kind] = append(g.lines[kind], string(line))
	}
	for _, ls := range g.lines {
		sort.Strings(ls)
	}
	return g, nil
}

func str(v any) string {
	if v == nil {
		return ""
	}
	if s, ok := v.(string); ok {
		return s
	}
	return fmt.Sprint(v)
}

// diffGraphs says how got differs from want, "" if it does not: per
// kind, the lines missing and those in excess (a line there twice where
// want has it once is one in excess), at most a few of each.
func diffGraphs(want, got graph) string {
	var b strings.Builder
	kinds := map[string]bool{}
	for k := range want.lines {
		kinds[k] = true
	}
	for k := range got.lines {
		kinds[k] = true
	}
	sorted := make([]string, 0, len(kinds))
	for k := range kinds {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		missing, extra := multisetDiff(want.lines[k], got.lines[k])
		if len(missing) == 0 && len(extra) == 0 {
			continue
		}
		fmt.Fprintf(&b, "%s: %d, want %d; %d missing, %d in excess\n", plural(k), len(got.lines[k]), len(want.lines[k]), len(missing), len(extra))
		for i, l := range missing {
			if i == 5 {
				fmt.Fprintf(&b, "  - and %d more\n", len(missing)-i)
				break
			}
			fmt.Fprintf(&b, "  - %s\n", clip(l, 600))
		}
		for i, l := range extra {
			if i == 5 {
				fmt.Fprintf(&b, "  + and %d more\n", len(extra)-i)
				break
			}
			fmt.Fprintf(&b, "  + %s\n", clip(l, 600))
		}
	}
	return b.String()
}

// multisetDiff returns the lines of want not in got and those of got not
// in want, each as often as it is missing or in excess. Both are sorted.
func multisetDiff(want, got []string) (missing, extra []string) {
	i, j := 0, 0
	for i < len(want) || j < len(got) {
		switch {
		case j == len(got) || i < len(want) && want[i] < got[j]:
			missing = append(missing, want[i])
			i++
		case i == len(want) || got[j] < want[i]:
			extra = append(extra, got[j])
			j++
		default:
			i++
			j++
		}
	}
	return missing, extra
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// wantGraph fails the test if got is not want.
func wantGraph(t *testing.T, what string, want, got graph) {
	t.Helper()
	if d := diffGraphs(want, got); d != "" {
		t.Errorf("%s: the graph differs from an uninterrupted run's (%s, want %s):\n%s", what, got.summary(), want.summary(), d)
	}
}

// wantEpisodes fails the test unless every episode of uuids is in group
// of g, with the status want ("" for any status).
func wantEpisodes(t *testing.T, what string, g graph, group string, uuids []string, want string) {
	t.Helper()
	var absent, other []string
	for _, u := range uuids {
		st, ok := g.status[group+"/"+u]
		switch {
		case !ok:
			absent = append(absent, u)
		case want != "" && st != want:
			other = append(other, u+" "+st)
		}
	}
	if len(absent) > 0 {
		t.Errorf("%s: %d of %d acknowledged episodes are missing: %s", what, len(absent), len(uuids), clip(strings.Join(absent, " "), 400))
	}
	if len(other) > 0 {
		t.Errorf("%s: %d of %d acknowledged episodes are not %s: %s", what, len(other), len(uuids), want, clip(strings.Join(other, ", "), 400))
	}
}

// refs caches the uninterrupted reference runs of the package's tests,
// each made once, on a goroutine of its own, and kept in dir until the
// package's tests end.
var refs struct {
	dir string
	mu  sync.Mutex
	m   map[string]*reference
}

// reference is an uninterrupted run: its database, kept, and its graph,
// once done is closed.
type reference struct {
	done chan struct{}
	err  error
	db   string
	g    graph
}

// cached starts the reference named key, made in a new database
// directory by runRef, unless it is started already, and returns it without
// waiting for it.
func cached(key string, runRef func(db string) (graph, error)) *reference {
	refs.mu.Lock()
	defer refs.mu.Unlock()
	if refs.m == nil {
		refs.m = map[string]*reference{}
	}
	if r := refs.m[key]; r != nil {
		return r
	}
	r := &reference{done: make(chan struct{}), db: filepath.Join(refs.dir, strings.ReplaceAll(key, " ", "-"), "db")}
	refs.m[key] = r
	go func() {
		defer close(r.done)
		if r.err = os.MkdirAll(filepath.Dir(r.db), 0o755); r.err == nil {
			r.g, r.err = runRef(r.db)
		}
		if r.err != nil {
			r.err = fmt.Errorf("the reference run %s: %w", key, r.err)
		}
	}()
	return r
}

// wait waits for the reference and fails the test if it failed.
func (r *reference) wait(t *testing.T) *reference {
	t.Helper()
	<-r.done
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r
}

// ingested is the reference of corpus c, started if need be: mnemo
// ingest of its file into group g of a new database, uninterrupted.
func ingested(c corpus) *reference {
	return cached(fmt.Sprintf("ingest %d %d", c.seed, len(c.episodes)), func(db string) (graph, error) {
		ctx := context.Background()
		start := time.Now()
		r, err := runQuiet(ctx, env(), db, "ingest", "--group", "g", c.file)
		if err != nil {
			return graph{}, err
		}
		if r.code != 0 || !strings.Contains(r.stdout, fmt.Sprintf("%d done, 0 failed", len(c.episodes))) {
			return graph{}, fmt.Errorf("mnemo ingest of %d episodes = %s", len(c.episodes), r)
		}
		took := time.Since(start)
		g, err := exportQuiet(ctx, db)
		if err != nil {
			return graph{}, err
		}
		if n, st := g.count("episode"), g.status; n != len(c.episodes) || len(st) != n {
			return graph{}, fmt.Errorf("the reference ingest holds %d episodes, want %d", n, len(c.episodes))
		}
		for u, s := range g.status {
			if s != "done" {
				return graph{}, fmt.Errorf("the reference ingest left episode %s %s", u, s)
			}
		}
		fmt.Fprintf(os.Stderr, "crashtest: the reference ingest of %d episodes (seed %d) took %s: %s\n", len(c.episodes), c.seed, took.Round(time.Millisecond), g.summary())
		return g, nil
	})
}

// exportQuiet is exportGraph without a test.
func exportQuiet(ctx context.Context, db string) (graph, error) {
	f, err := os.CreateTemp("", "mnemo-crashtest-export-*.jsonl")
	if err != nil {
		return graph{}, err
	}
	f.Close()
	defer os.Remove(f.Name())
	r, err := runQuiet(ctx, env(), db, "export", "-o", f.Name())
	if err == nil && r.code != 0 {
		err = fmt.Errorf("mnemo export = %s", r)
	}
	if err != nil {
		return graph{}, err
	}
	return readExport(f.Name())
}

// checkNoDuplicateEpisodes fails the test if an episode uuid of a group
// appears twice.
func checkNoDuplicateEpisodes(t *testing.T, what string, g graph) {
	t.Helper()
	if n := len(g.status); n != g.count("episode") {
		t.Errorf("%s: %d episode records for %d episode uuids", what, g.count("episode"), n)
	}
}

// plural is the plural of a record kind.
func plural(kind string) string {
	if kind == "entity" {
		return "entities"
	}
	return kind + "s"
}
