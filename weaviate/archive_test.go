package weaviate_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/storetest"
	"github.com/mnemohq/mnemo/weaviate"
)

// TestArchivedAtAddedToOldCollections: collections made before archived_at
// existed gain the property when mnemo opens them; what they held reads as
// active, and an object archived then reads as archived.
func TestArchivedAtAddedToOldCollections(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	at := time.Date(2024, 3, 1, 9, 0, 0, 0, time.UTC)
	vec := make([]float32, storetest.MinDimension)
	vec[0] = 1
	old := core.Entity{UUID: "old-1", GroupID: "g", Name: "Paris", CreatedAt: at, NameEmbedding: vec}
	if err := weaviate.RecreateWithoutArchivedForTest(ctx, s, old); err != nil {
		t.Fatal(err)
	}
	s = reopen(t, s)
	list := func(f core.Filter) []string {
		t.Helper()
		p, err := s.ListEntities(ctx, "g", core.ListOptions{Filter: f})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range p.Items {
			out = append(out, e.UUID)
		}
		return out
	}
	if got := list(core.Filter{}); !slices.Equal(got, []string{"old-1"}) {
		t.Fatalf("ListEntities after the property's addition = %v, want the old entity active", got)
	}
	old.NameEmbedding, old.ArchivedAt = nil, at.Add(time.Hour)
	if err := s.Apply(ctx, core.Change{Entities: []core.Entity{old}}); err != nil {
		t.Fatal(err)
	}
	if got := list(core.Filter{}); len(got) != 0 {
		t.Errorf("ListEntities after archiving = %v, want none", got)
	}
	if got := list(core.Filter{IncludeArchived: true}); !slices.Equal(got, []string{"old-1"}) {
		t.Errorf("ListEntities including archived = %v, want the entity", got)
	}
}
