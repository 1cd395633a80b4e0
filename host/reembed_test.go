package host_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/exchange"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

// TestReembed switches a database from the local embedder to another of
// the same dimension: refused until mnemo reembed's Engine.Reembed runs;
// an interrupted run leaves the database as the old embedder knows it and
// the next run resumes; after the switch every vector is the new
// embedder's and the old embedder is refused.
func TestReembed(t *testing.T) {
	ctx := context.Background()
	clock := func() time.Time { return time.Date(2024, 10, 1, 12, 0, 0, 0, time.UTC) }
	old := openHost(t, nil)
	var eps []core.Episode
	ref := time.Date(2024, 1, 1, 9, 0, 0, 0, time.UTC)
	for i := range 70 {
		eps = append(eps, core.Episode{GroupID: "re", Source: core.SourceMessage,
			Content: fmt.Sprintf("Person%d: I live in City%d and I work at Company%d.", i, i%7, i%5), ValidAt: ref.Add(time.Duration(i) * time.Hour)})
	}
	res, err := old.Engine.Ingest(ctx, eps)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range res {
		ids = append(ids, r.UUID)
	}
	wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	if _, err := old.Engine.Wait(wctx, "re", ids...); err != nil {
		t.Fatal(err)
	}
	oldCfg := old.Config
	exportOf := func(h *host.Host) []byte {
		t.Helper()
		var b bytes.Buffer
		if err := exchange.Export(ctx, h.Engine, &b, []string{"re"}, clock()); err != nil {
			t.Fatal(err)
		}
		_, body, _ := bytes.Cut(b.Bytes(), []byte("\n"))
		return body
	}
	before := exportOf(old)
	if err := old.Close(ctx); err != nil {
		t.Fatal(err)
	}

	// The new embedder: an OpenAI-compatible server whose vectors differ
	// from the local embedder's, and that fails from its second request
	// while failing is on.
	srv := llmtest.New(t)
	local := hashembed.New(256)
	var failing atomic.Bool
	var requests atomic.Int64
	srv.Handle(func(r llmtest.Request) (llmtest.Answer, bool) {
		if r.Kind != llmtest.KindEmbeddings {
			return llmtest.Answer{}, false
		}
		if requests.Add(1) > 1 && failing.Load() {
			return llmtest.Error(http.StatusBadRequest, 0), true
		}
		var a llmtest.Answer
		for _, in := range r.Input {
			a.Vectors = append(a.Vectors, local.Vector("new: "+in))
		}
		return a, true
	})
	newCfg := oldCfg
	newCfg.Embedder = host.EmbedderConfig{Provider: "openai", Model: "test-embed", BaseURL: srv.URL(), APIKey: "llmtest", Dimensions: 256}
	newCfg.LLM.MaxRetries = -1

	if _, err := host.Open(ctx, newCfg, host.OpenOptions{}); !errors.Is(err, core.ErrConflict) {
		t.Fatalf("Open with the new embedder before reembed = %v, want ErrConflict", err)
	}
	reembed := func() (engine.ReembedProgress, error) {
		h, err := host.Open(ctx, newCfg, host.OpenOptions{Reembed: true})
		if err != nil {
			t.Fatalf("Open for reembed: %v", err)
		}
		defer h.Close(ctx)
		return h.Engine.Reembed(ctx, nil)
	}

	failing.Store(true)
	p, err := reembed()
	if err == nil || p.Done != 64 || p.Total <= 64 {
		t.Fatalf("interrupted Reembed = %+v, %v; want an error after one batch of 64 of more", p, err)
	}
	h, err := host.Open(ctx, oldCfg, host.OpenOptions{NoWorkers: true})
	if err != nil {
		t.Fatalf("Open with the old embedder after an interrupted reembed: %v", err)
	}
	if after := exportOf(h); !bytes.Equal(before, after) {
		t.Errorf("an interrupted reembed changed what the old embedder sees")
	}
	h.Close(ctx)

	failing.Store(false)
	p, err = reembed()
	if err != nil || p.Resumed != 64 || p.Done != p.Total {
		t.Fatalf("resumed Reembed = %+v, %v; want 64 resumed and all done", p, err)
	}
	if _, err := host.Open(ctx, oldCfg, host.OpenOptions{}); !errors.Is(err, core.ErrConflict) || !strings.Contains(err.Error(), "openai test-embed") {
		t.Errorf("Open with the old embedder after the switch = %v, want ErrConflict naming the new one", err)
	}
	h, err = host.Open(ctx, newCfg, host.OpenOptions{NoWorkers: true})
	if err != nil {
		t.Fatalf("Open with the new embedder after the switch: %v", err)
	}
	defer h.Close(ctx)
	d, err := h.Engine.ExportGroup(ctx, "re")
	if err != nil {
		t.Fatal(err)
	}
	// Kuzu keeps vectors to 8 significant digits: compare by cosine.
	check := func(what, text string, v []float32) {
		t.Helper()
		if c := cosine(v, local.Vector("new: "+text)); c < 0.99999 {
			t.Errorf("%s %q: cosine with the new embedder's vector = %v, want 1", what, text, c)
		}
		if c := cosine(v, local.Vector(text)); c > 0.999 {
			t.Errorf("%s %q: still the old embedder's vector (cosine %v)", what, text, c)
		}
	}
	for _, x := range d.Entities {
		check("entity", x.Name, x.NameEmbedding)
	}
	for _, x := range d.Facts {
		check("fact", x.Text, x.Embedding)
	}
	for _, x := range d.Episodes {
		check("episode", x.Content, x.Embedding)
	}
	if len(d.Entities) == 0 || len(d.Episodes) != 70 {
		t.Fatalf("after the switch: %d episodes, %d entities", len(d.Episodes), len(d.Entities))
	}
	sr, err := h.Engine.Search(ctx, retrieval.Request{Groups: []string{"re"}, Query: "Where does Person3 live?", Scopes: []core.Scope{core.ScopeEpisodes}})
	if err != nil || len(sr.Episodes) == 0 {
		t.Errorf("Search after the switch = %d episodes, %v", len(sr.Episodes), err)
	}
}

func cosine(a, b []float32) float64 {
	if len(a) != len(b) || len(a) == 0 {
		return 0
	}
	var ab, aa, bb float64
	for i := range a {
		ab += float64(a[i]) * float64(b[i])
		aa += float64(a[i]) * float64(a[i])
		bb += float64(b[i]) * float64(b[i])
	}
	return ab / math.Sqrt(aa*bb)
}
