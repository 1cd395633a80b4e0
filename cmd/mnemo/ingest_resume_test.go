package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

// summary is the numbers of an ingest summary.
type summary struct {
	done, failed, fresh, resumed, before int
	newEntities, mentions                int
	newFacts, restated, duplicates       int
	invalidations                        int
}

var summaryLines = regexp.MustCompile(`(?s)ingested \d+ episodes in \S+: (\d+) done, (\d+) failed, 0 bad lines\n` +
	`  episodes: +(\d+) new, (\d+) resumed from an earlier run, (\d+) already done \(not counted below\)\n` +
	`  entities: +(\d+) new, (\d+) mentions in all\n` +
	`  facts: +(\d+) new, (\d+) restated \((\d+) merged as duplicates\)\n` +
	`  invalidations: (\d+) facts superseded\n`)

// parseSummary reads the numbers of an ingest summary.
func parseSummary(t *testing.T, out string) summary {
	t.Helper()
	m := summaryLines.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no ingest summary in:\n%s", out)
	}
	n := make([]int, len(m)-1)
	for i := range n {
		n[i], _ = strconv.Atoi(m[i+1])
	}
	return summary{n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7], n[8], n[9], n[10]}
}

// TestIngestResumedSummary runs `mnemo ingest` on a database where an
// earlier run stopped with part of the same file stored and pending, and
// checks that the summary counts what this run finished, the resumed
// episodes with the new ones, against the database and against one run of
// the whole file on an empty database (issue 34: "entities: 0 new" after
// finishing 4,336 pending episodes).
func TestIngestResumedSummary(t *testing.T) {
	const group, stored = "maya", 9
	tmp := t.TempDir()

	// The demo conversation with a uuid on each line, as a file that can
	// be sent again.
	src, err := os.ReadFile("demo/conversation.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(string(src)))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		m["uuid"] = fmt.Sprintf("maya-%02d", len(lines)+1)
		b, _ := json.Marshal(m)
		lines = append(lines, string(b))
	}
	file := filepath.Join(tmp, "conversation.jsonl")
	writeFile(t, file, strings.Join(lines, "\n")+"\n")

	// The interrupted run: the first lines stored, none processed.
	db := filepath.Join(tmp, "resumed")
	openDB := func() *host.Host {
		t.Helper()
		cfg, err := host.Load("", func(k string) string {
			return map[string]string{"MNEMO_DB": db, "MNEMO_STORE_BUFFER_POOL_MB": "64",
				"MNEMO_PLUGINS_CACHE_DIR": filepath.Join(os.TempDir(), "mnemo-test-wasm-cache")}[k]
		})
		if err != nil {
			t.Fatal(err)
		}
		h, err := host.Open(context.Background(), cfg, host.OpenOptions{NoWorkers: true})
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	ctx := context.Background()
	h := openDB()
	var eps []core.Episode
	for _, l := range lines[:stored] {
		var in wire.EpisodeInput
		if err := wire.DecodeBytes([]byte(l), &in); err != nil {
			t.Fatal(err)
		}
		ep, err := in.Episode(group)
		if err != nil {
			t.Fatal(err)
		}
		eps = append(eps, ep)
	}
	if _, err := h.Engine.Ingest(ctx, eps); err != nil {
		t.Fatal(err)
	}
	st, err := h.Engine.Stats(ctx, group)
	h.Close(ctx)
	if err != nil || st.PendingEpisodes != stored || st.Entities != 0 {
		t.Fatalf("after the interrupted run: %+v, %v; want %d pending episodes and no entity", st, err, stored)
	}

	resumed := parseSummary(t, ok(t, db, "", "ingest", "--group", group, file).stdout)
	whole := parseSummary(t, ok(t, filepath.Join(tmp, "whole"), "", "ingest", "--group", group, file).stdout)

	if want := (summary{done: len(lines), fresh: len(lines) - stored, resumed: stored}); resumed.done != want.done || resumed.failed != 0 ||
		resumed.fresh != want.fresh || resumed.resumed != want.resumed || resumed.before != 0 {
		t.Errorf("resumed run: %d done, %d failed, %d new, %d resumed, %d already done; want %d done, 0 failed, %d new, %d resumed, 0 already done",
			resumed.done, resumed.failed, resumed.fresh, resumed.resumed, resumed.before, want.done, want.fresh, want.resumed)
	}
	// What the episodes produced does not depend on the run that
	// processed them.
	counts := func(s summary) summary {
		return summary{newEntities: s.newEntities, mentions: s.mentions, newFacts: s.newFacts, restated: s.restated,
			duplicates: s.duplicates, invalidations: s.invalidations}
	}
	if got, want := counts(resumed), counts(whole); got != want {
		t.Errorf("resumed run's counts = %+v, want those of one run of the whole file %+v", got, want)
	}

	// And against the database, which held nothing else.
	h = openDB()
	st, err = h.Engine.Stats(ctx, group)
	h.Close(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Episodes != len(lines) || st.PendingEpisodes != 0 || resumed.newEntities != st.Entities || resumed.newFacts != st.Facts ||
		resumed.invalidations != st.Facts-st.CurrentFacts || resumed.newEntities == 0 {
		t.Errorf("summary: %d new entities, %d new facts, %d superseded; the database: %+v (superseded: facts - current facts)",
			resumed.newEntities, resumed.newFacts, resumed.invalidations, st)
	}

	// Once everything is done, a run of the same file counts nothing.
	again := parseSummary(t, ok(t, db, "", "ingest", "--group", group, file).stdout)
	if want := (summary{done: len(lines), before: len(lines)}); again != want {
		t.Errorf("third run = %+v, want %+v", again, want)
	}
}
