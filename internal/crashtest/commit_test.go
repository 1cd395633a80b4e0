package crashtest

import (
	"path/filepath"
	"strings"
	"testing"
)

// smallEpisodes is the size of the ingests of the tests that kill at a
// crash point: five batches of mnemo ingest and a few dozen group
// commits of the workers.
const smallEpisodes = 320

// smallCorpus is the corpus of the crash-point tests.
func smallCorpus(t *testing.T) corpus {
	t.Helper()
	return newCorpus(t, refs.dir, 2, smallEpisodes)
}

// TestKillAtCommit kills mnemo ingest at the N-th journaled write, after
// the journal's sync and before Kuzu's commit (journaled), and after the
// commit, before the write is acknowledged (committed): the writes are
// mnemo ingest's batches of 64 episodes and the workers' group commits.
// The database opens by itself, holds every episode acknowledged (all of
// them once mnemo ingest said it queued them, else none), and the same
// ingest run again finishes with the graph of an uninterrupted one.
func TestKillAtCommit(t *testing.T) {
	c := smallCorpus(t)
	ref := ingested(c).wait(t)
	// 320 episodes make 5 batches and at least 5 group commits (a group
	// commit takes up to 64 episodes, as many as it finds pending), in
	// an order timing decides: the 1st write is the first batch, and
	// every run reaches the 9th.
	for _, point := range []string{"journaled:1", "journaled:9", "committed:3", "committed:9"} {
		t.Run(strings.ReplaceAll(point, ":", "-"), func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "db")
			r := crashed(t, point, nil, db, "ingest", "--group", "g", c.file)
			var acked []string
			if strings.Contains(r.stderr, "queued ") {
				acked = c.uuids()
			}
			g, how := reopen(t, "after the kill", db, acked)
			t.Logf("killed at %s with %d episodes acknowledged, %d stored; reopened: %s", point, len(acked), g.count("episode"), how)
			f := finishIngest(t.Context(), db, c)
			checkFinished(t, "finished after the kill", f, c, ref.g)
		})
	}
}
