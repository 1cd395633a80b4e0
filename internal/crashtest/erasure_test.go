package crashtest

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/internal/bench/httpload"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// canary is the person TestKillInErasure forgets: a name no generated
// episode holds, so that any of its bytes on disk is what was forgotten.
const canary = "Wystandria"

// canaryCorpus is the small corpus with three episodes about the canary,
// on dates among the others.
func canaryCorpus(t *testing.T) corpus {
	t.Helper()
	return newCorpus(t, refs.dir, 2, smallEpisodes,
		httpload.Episode{UUID: "canary-1", Source: "message", Content: canary + ": I live in Oslo and I work at Initech.", ReferenceTime: "2023-01-03T05:30:00Z"},
		httpload.Episode{UUID: "canary-2", Source: "message", Content: "Kofi: My friend " + canary + " visited Paris yesterday.", ReferenceTime: "2023-01-05T07:30:00Z"},
		httpload.Episode{UUID: "canary-3", Source: "message", Content: canary + ": I adopted a dog named Pepper.", ReferenceTime: "2023-01-08T02:30:00Z"},
	)
}

// forgotten is the reference of the erasure: the canary corpus ingested,
// then the canary forgotten, uninterrupted.
func forgotten(t *testing.T, c corpus) *reference {
	t.Helper()
	src := ingested(c).wait(t)
	return cached("forget", func(db string) (graph, error) {
		ctx := context.Background()
		if err := copyTreeQuiet(src.db, db); err != nil {
			return graph{}, err
		}
		r, err := runQuiet(ctx, env(), db, "forget", "--group", "g", "--entity", canary)
		if err == nil && r.code != 0 {
			err = fmt.Errorf("mnemo forget = %s", r)
		}
		if err != nil {
			return graph{}, err
		}
		return exportQuiet(ctx, db)
	})
}

// TestKillInErasure kills mnemo forget inside the rewrite that takes the
// forgotten bytes off the disk: once the new database file is written
// (compact-rewritten), once it has replaced the old one
// (compact-swapped), and once the journal has a new base without them
// (erasure-rebased); and mnemo delete --all, which erases the group,
// once its rewrite is written. The next command finishes the erasure by
// itself: no file under the database directory (journal, bases and
// whatever a recovery set aside included) holds the canary, the graph is
// the graph of an uninterrupted erasure, and every erasure is recorded,
// once (the audit records the group's erasure keeps included).
func TestKillInErasure(t *testing.T) {
	c := canaryCorpus(t)
	src := ingested(c).wait(t)
	ref := forgotten(t, c).wait(t)
	if found := kuzutest.FilesHolding(t, ref.db, canary, strings.ToLower(canary)); len(found) > 0 {
		t.Fatalf("after an uninterrupted forget: %s", strings.Join(found, "; "))
	}
	if n := erasures(t, ref.db); n != 1 {
		t.Fatalf("mnemo erasures lists %d erasures after an uninterrupted forget, want 1", n)
	}
	for _, point := range []string{"compact-rewritten", "compact-swapped", "erasure-rebased"} {
		t.Run("forget/"+point, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "db")
			copyDir(t, src.db, db)
			if found := kuzutest.FilesHolding(t, db, canary); len(found) == 0 {
				t.Fatalf("the canary is not on disk before mnemo forget: the scan cannot see it")
			}
			crashed(t, point, nil, db, "forget", "--group", "g", "--entity", canary)
			g, how := reopen(t, "after the kill", db, nil)
			t.Logf("killed at %s; reopened: %s", point, how)
			if found := kuzutest.FilesHolding(t, db, canary, strings.ToLower(canary)); len(found) > 0 {
				t.Errorf("after the kill and a reopen: %s", strings.Join(found, "; "))
			}
			wantGraph(t, "after the kill and a reopen", ref.g, g)
			if n := erasures(t, db); n != 1 {
				t.Errorf("mnemo erasures lists %d erasures after the killed forget, want 1", n)
			}
		})
	}
	t.Run("delete-group/compact-rewritten", func(t *testing.T) {
		// The group's earlier erasure (the forget) must outlive it.
		db := filepath.Join(t.TempDir(), "db")
		copyDir(t, ref.db, db)
		crashed(t, "compact-rewritten", nil, db, "delete", "--group", "g", "--all")
		g, how := reopen(t, "after the kill", db, nil)
		t.Logf("killed at compact-rewritten; reopened: %s", how)
		if len(g.lines) > 0 {
			t.Errorf("the erased group holds %s after the kill and a reopen", g.summary())
		}
		if n := erasures(t, db); n != 2 {
			t.Errorf("mnemo erasures lists %d erasures after the killed group erasure, want 2 (the forget before it, and the group's)", n)
		}
	})
}

// erasures counts the erasures mnemo erasures lists for group g.
func erasures(t *testing.T, db string) int {
	t.Helper()
	r := must(t, nil, db, "erasures", "--group", "g", "--json")
	var list struct {
		Erasures []json.RawMessage `json:"erasures"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil {
		t.Fatalf("mnemo erasures --json: %v\n%s", err, r.stdout)
	}
	return len(list.Erasures)
}
