package host_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
)

// TestWarningsOutliveTheProcess ingests an episode longer than the chunk
// cap allows, closes the database and opens it again: the episode's
// status, read from the store now, still says which pieces were not
// extracted, and so does its listing.
func TestWarningsOutliveTheProcess(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	small := func(c *host.Config) {
		c.DB = dir
		c.Ingest.MaxExtractKB, c.Ingest.MaxChunks = 1, 2
	}
	var text strings.Builder
	for i := 0; text.Len() < 5<<10; i++ {
		text.WriteString("Maria Lopez lives in Lisbon and works at Tagus Bank. The weather was fine.\n\n")
	}
	ep := core.Episode{UUID: "long", GroupID: "w", Source: core.SourceText, Content: text.String(),
		ValidAt: time.Date(2024, 3, 1, 10, 0, 0, 0, time.UTC)}

	h := openHost(t, small)
	if _, err := h.Engine.Ingest(ctx, []core.Episode{ep}); err != nil {
		t.Fatalf("Ingest: %v", err)
	}
	reps, err := h.Engine.Wait(ctx, "w", "long")
	if err != nil || reps[0].Status != core.EpisodeDone {
		t.Fatalf("Wait = %+v, %v; want done", reps, err)
	}
	cut := func(ws []string) bool {
		return strings.Contains(strings.Join(ws, "\n"), "were not extracted: over the cap of 2 pieces")
	}
	if !cut(reps[0].Warnings) {
		t.Fatalf("report warnings = %q, want the chunk cap's", reps[0].Warnings)
	}
	if err := h.Close(ctx); err != nil {
		t.Fatalf("Close: %v", err)
	}

	h = openHost(t, small)
	got, err := h.Engine.Report(ctx, "w", "long")
	if err != nil {
		t.Fatalf("Report after reopening: %v", err)
	}
	if got.Status != core.EpisodeDone || !cut(got.Warnings) {
		t.Errorf("report after reopening = %s with warnings %q, want done with the chunk cap's", got.Status, got.Warnings)
	}
	page, err := h.Engine.ListEpisodes(ctx, "w", core.ListOptions{})
	if err != nil || len(page.Items) != 1 || !slices.Equal(page.Items[0].Warnings, reps[0].Warnings) {
		t.Errorf("ListEpisodes = %+v, %v; want the episode with warnings %q", page.Items, err, reps[0].Warnings)
	}
}
