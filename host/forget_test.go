package host_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/exchange"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
	"github.com/mnemohq/mnemo/weaviate/weaviatetest"
)

// canary is a name that appears nowhere but where the test plants it.
const canary = "Quentavix"

var forgetRef = time.Date(2024, 3, 1, 10, 0, 0, 0, time.UTC)

// ingest adds episodes to group and waits until they are processed.
func ingest(t *testing.T, h *host.Host, group string, texts ...string) []string {
	t.Helper()
	ctx := context.Background()
	eps := make([]core.Episode, len(texts))
	for i, s := range texts {
		eps[i] = core.Episode{GroupID: group, Source: core.SourceMessage, Content: s, ValidAt: forgetRef.Add(time.Duration(i) * time.Hour)}
	}
	res, err := h.Engine.Ingest(ctx, eps)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(res))
	for i, r := range res {
		ids[i] = r.UUID
	}
	wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	reports, err := h.Engine.Wait(wctx, group, ids...)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reports {
		if r.Status != core.EpisodeDone {
			t.Fatalf("episode %s: %s (%s)", r.UUID, r.Status, r.Error)
		}
	}
	return ids
}

// texts returns every text a group's graph holds: episodes, entity names
// and summaries, facts, community names and summaries.
func texts(t *testing.T, h *host.Host, group string) string {
	t.Helper()
	d, err := h.Engine.ExportGroup(context.Background(), group)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func exportOf(t *testing.T, h *host.Host, groups ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := exchange.Export(context.Background(), h.Engine, &buf, groups, forgetRef); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestEraseLeavesNoCanaryOnDisk plants a canary name in an episode, so that
// it reaches an entity, facts, another entity's summary, a community's
// summary and the vector and text indexes; checks that its bytes are on
// disk; forgets it by episode, by entity and by deleting its group, while
// another goroutine keeps writing to another group; and then finds its
// bytes, in either case, in no file under the database directory, and
// the other groups' exports unchanged.
func TestEraseLeavesNoCanaryOnDisk(t *testing.T) {
	for _, kind := range []string{"episode", "entity", "group"} {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			h := openHost(t, nil)
			ingest(t, h, "keep", "Alice: I work at Acme and I live in Paris.", "Bob: I work at Initech.")
			// The group erased holds the canary; for a group erasure, it is
			// a group of its own.
			group := "g1"
			if kind == "group" {
				group = "g3"
				ingest(t, h, "g1", "Alice: I work at Acme and I live in Paris.", "Bob: I work at Initech.")
			}
			ids := ingest(t, h, group,
				"Alice: I work at Acme and I live in Paris.",
				"Bob: I work at Initech and I live in Lisbon.",
				canary+": I work at Initech and I live in Lisbon.")
			if _, err := h.Engine.BuildCommunities(ctx, group); err != nil {
				t.Fatal(err)
			}
			if err := h.Admin.Checkpoint(ctx); err != nil {
				t.Fatal(err)
			}
			planted := texts(t, h, group)
			for _, where := range []string{`"Summary":"` + canary, canary + " works at Initech"} {
				if !strings.Contains(planted, where) {
					t.Fatalf("the canary did not reach %q: %s", where, planted)
				}
			}
			comms, err := h.Engine.ListCommunities(ctx, group, core.ListOptions{})
			if err != nil || !anyOf(comms.Items, func(c core.Community) bool { return strings.Contains(c.Summary, canary) }) {
				t.Fatalf("no community summary holds the canary: %+v, %v", comms.Items, err)
			}
			if found := kuzutest.FilesHolding(t, h.Config.DB, canary); len(found) == 0 {
				t.Fatalf("the canary is not on disk before the erasure: the scan cannot see it")
			}
			kept := exportOf(t, h, "keep")
			if kind == "group" {
				kept = exportOf(t, h, "keep", "g1")
			}

			// A writer on another group, as a serving host has.
			stop := make(chan struct{})
			var wg sync.WaitGroup
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					ep := core.Episode{GroupID: "busy", Source: core.SourceMessage, Content: fmt.Sprintf("Carol: I met Dan %d times.", i), ValidAt: forgetRef}
					if _, err := h.Engine.Ingest(ctx, []core.Episode{ep}); err != nil {
						t.Errorf("Ingest during the erasure: %v", err)
						return
					}
				}
			}()
			var e host.Erasure
			switch kind {
			case "episode":
				e, err = h.ForgetEpisode(ctx, group, ids[2], host.EraseOptions{Key: "ops"})
			case "entity":
				e, err = h.ForgetEntity(ctx, group, strings.ToLower(canary), host.EraseOptions{Key: "ops"})
			case "group":
				e, err = h.EraseGroup(ctx, group, host.EraseOptions{Key: "ops"})
			}
			close(stop)
			wg.Wait()
			if err != nil {
				t.Fatalf("erase %s: %v", kind, err)
			}
			if found := kuzutest.FilesHolding(t, h.Config.DB, canary, strings.ToLower(canary)); len(found) > 0 {
				t.Errorf("after the erasure: %s", strings.Join(found, "; "))
			}
			if after := texts(t, h, group); strings.Contains(strings.ToLower(after), strings.ToLower(canary)) {
				t.Errorf("the graph still holds the canary: %s", after)
			}
			after := exportOf(t, h, "keep")
			if kind == "group" {
				after = exportOf(t, h, "keep", "g1")
			}
			if diff := cmp.Diff(string(kept), string(after)); diff != "" {
				t.Errorf("export of the group kept (-before +after):\n%s", diff)
			}
			if e.Episodes == 0 || e.BytesAfter == 0 || e.BlockedMS <= 0 || e.Key != "ops" || e.Kind != kind {
				t.Errorf("erasure = %+v, want episodes deleted, a compaction and the key", e)
			}
			list, err := h.Erasures(ctx, group)
			if err != nil || len(list) != 1 || list[0].ID != e.ID {
				t.Fatalf("Erasures(%s) = %+v, %v, want the one erasure", group, list, err)
			}
			if b, _ := json.Marshal(list); bytes.Contains(bytes.ToLower(b), bytes.ToLower([]byte(canary))) {
				t.Errorf("the audit record holds the canary: %s", b)
			}
			if kind != "group" {
				st, err := h.Engine.Stats(ctx, group)
				if err != nil || st.Episodes == 0 || st.Facts == 0 {
					t.Errorf("Stats(%s) after forgetting = %+v, %v: what was not forgotten is gone", group, st, err)
				}
				if got := texts(t, h, group); !strings.Contains(got, "Alice works at Acme") || !strings.Contains(got, "Bob works at Initech") {
					t.Errorf("the facts not forgotten are gone: %s", got)
				}
			}
		})
	}
}

func anyOf[T any](xs []T, f func(T) bool) bool {
	for _, x := range xs {
		if f(x) {
			return true
		}
	}
	return false
}

// TestForgetOnWeaviate forgets a person on a Weaviate node: the graph
// keeps nothing of them, and the erasure's audit record is kept, as on
// Kuzu (docs/erasure.md: on Weaviate an erasure is logical).
func TestForgetOnWeaviate(t *testing.T) {
	bin, err := weaviatetest.Server()
	if err != nil {
		if weaviatetest.Required() {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	node, err := weaviatetest.Start(t.Context(), bin, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer node.Stop()
	h := openHost(t, func(c *host.Config) {
		c.Store.Backend = "weaviate"
		c.Store.Weaviate.URL = node.URL
	})
	ingest(t, h, "w1", "Alice: I work at Acme and I live in Paris.", canary+": I work at Initech and I live in Lisbon.")
	e, err := h.ForgetEntity(context.Background(), "w1", canary, host.EraseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := texts(t, h, "w1"); strings.Contains(got, canary) || !strings.Contains(got, "Alice works at Acme") {
		t.Errorf("after forgetting %s on Weaviate: %s", canary, got)
	}
	if e.Episodes != 1 || anyOf(e.Warnings, func(w string) bool { return strings.Contains(w, "keeps no records") }) {
		t.Errorf("erasure = %+v, want one episode, recorded", e)
	}
	if got, err := h.Erasures(context.Background(), "w1"); err != nil || len(got) != 1 || got[0].ID != e.ID {
		t.Errorf("Erasures(w1) = %+v, %v; want the erasure %s", got, err, e.ID)
	}
}
