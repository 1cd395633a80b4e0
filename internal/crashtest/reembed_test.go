package crashtest

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

// resumed reads how many vectors an earlier run staged from mnemo
// reembed's summary.
var resumed = regexp.MustCompile(`\((\d+) staged by an earlier run\)`)

// TestKillInReembed kills mnemo reembed, which moves the database from
// the local embedder to another (an OpenAI-compatible endpoint served by
// the test, whose vectors are the local embedder's of "new: " and the
// text), after some batches of new vectors are staged (committed:N: the
// start of the staging, then a batch of 64 vectors each). The database
// opens by itself with the old embedder, as it was; mnemo reembed again
// resumes from the staged batches and ends with the graph, vectors
// included, of an uninterrupted reembed.
func TestKillInReembed(t *testing.T) {
	c := smallCorpus(t)
	src := ingested(c).wait(t)
	srv := llmtest.New(t)
	local := hashembed.New(256)
	srv.Handle(func(r llmtest.Request) (llmtest.Answer, bool) {
		if r.Kind != llmtest.KindEmbeddings {
			return llmtest.Answer{}, false
		}
		var a llmtest.Answer
		for _, in := range r.Input {
			a.Vectors = append(a.Vectors, local.Vector("new: "+in))
		}
		return a, true
	})
	newEnv := env("MNEMO_EMBEDDER_PROVIDER=openai", "MNEMO_EMBEDDER_MODEL=test-embed", "MNEMO_EMBEDDER_BASE_URL="+srv.URL(),
		"MNEMO_EMBEDDER_API_KEY=llmtest", "MNEMO_EMBEDDER_DIMENSIONS=256")
	// The reference is the test's own: the endpoint lives as long as the
	// test.
	refDB := filepath.Join(t.TempDir(), "ref")
	copyDir(t, src.db, refDB)
	if r := must(t, newEnv, refDB, "reembed"); !strings.Contains(r.stdout, "openai test-embed") {
		t.Fatalf("mnemo reembed said %q, want the new embedder", r.stdout)
	}
	ref, _ := exportGraph(t, newEnv, refDB)
	if d := diffGraphs(src.g, ref); d == "" {
		t.Fatal("an uninterrupted reembed changed no vector: the test cannot tell the embedders apart")
	}
	for _, point := range []string{"committed:3", "committed:8"} {
		t.Run(strings.ReplaceAll(point, ":", "-"), func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "db")
			copyDir(t, src.db, db)
			crashed(t, point, newEnv, db, "reembed")
			// The old embedder opens it, and sees it as it was.
			g, how := reopen(t, "after the kill", db, c.uuids())
			t.Logf("killed at %s; reopened with the old embedder: %s", point, how)
			wantGraph(t, "after the kill, with the old embedder", src.g, g)
			r := must(t, newEnv, db, "reembed")
			m := resumed.FindStringSubmatch(r.stdout)
			if n, _ := strconv.Atoi(at(m, 1)); n == 0 {
				t.Errorf("mnemo reembed after the kill said %q, want vectors staged by the killed run", strings.TrimSpace(r.stdout))
			}
			g, _ = exportGraph(t, newEnv, db)
			wantGraph(t, "re-embedded again after the kill", ref, g)
		})
	}
}

// at is m[i], "" if m is shorter.
func at(m []string, i int) string {
	if i < len(m) {
		return m[i]
	}
	return ""
}
