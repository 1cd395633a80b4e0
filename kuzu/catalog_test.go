package kuzu

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"mnemo/core"
)

// snapshot is a catalog's content in comparable form.
type snapshot struct {
	Slots map[core.Scope]map[int64]slot
	Ends  map[string]factEnd
	Names map[string]entityName
}

func snap(k *catalog) snapshot {
	k.mu.RLock()
	defer k.mu.RUnlock()
	out := snapshot{Slots: map[core.Scope]map[int64]slot{}, Ends: map[string]factEnd{}, Names: map[string]entityName{}}
	for sc, s := range k.slots {
		m := map[int64]slot{}
		for i, sl := range s {
			if sl.uuid != "" {
				m[int64(i)] = sl
			}
		}
		if len(m) > 0 {
			out.Slots[sc] = m
		}
	}
	for id, e := range k.ends {
		out.Ends[id] = factEnd{e.invalid.UTC(), e.expired.UTC()}
	}
	for id, n := range k.names {
		out.Names[id] = n
	}
	return out
}

// fromKuzu reads what the catalog should hold straight from the database.
func fromKuzu(t *testing.T, s *Store) snapshot {
	t.Helper()
	ctx := context.Background()
	var k catalog
	err := s.read(ctx, func(c *conn) error {
		if err := k.load(ctx, c); err != nil {
			return err
		}
		rows, err := c.query(ctx, "MATCH (n:Entity) RETURN n.uuid, n.group_id, n.name", nil)
		for _, r := range rows {
			k.putName(str(r[0]), str(r[1]), str(r[2]))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return snap(&k)
}

func checkCatalog(t *testing.T, s *Store, step string) {
	t.Helper()
	if diff := cmp.Diff(fromKuzu(t, s), snap(&s.cat), cmp.AllowUnexported(slot{}, factEnd{}, entityName{})); diff != "" {
		t.Fatalf("after %s, the catalog differs from the database (-kuzu +catalog):\n%s", step, diff)
	}
}

func vec(i int) []float32 {
	return []float32{1, float32(i%7) + 0.5, float32(i%11) - 5, float32(i % 3)}
}

// TestCatalogMatchesKuzu drives the store through every write that moves
// vector rows, fact ends or entity names — inserts, re-embeddings, updates,
// restores, deletions, a dropped group of several thousand rows, a rolled
// back transaction, checkpoints and a reopening — and checks after each
// that the catalog says what the database says: same offsets for the same
// rows, same ends, same names.
func TestCatalogMatchesKuzu(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	opts := Options{Dir: dir, Dimension: 4, BufferPoolBytes: 128 << 20, VectorIndexAt: 100}
	s, err := Open(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s.Close(ctx) }()
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	entities := func(g string, lo, hi int) []core.Entity {
		var out []core.Entity
		for i := lo; i < hi; i++ {
			out = append(out, core.Entity{UUID: fmt.Sprintf("%s-n%d", g, i), GroupID: g, Name: fmt.Sprintf("Entity %d of %s", i, g), CreatedAt: t0, NameEmbedding: vec(i)})
		}
		return out
	}
	fact := func(g string, i int, end time.Time) core.Fact {
		return core.Fact{UUID: fmt.Sprintf("%s-f%d", g, i), GroupID: g, Relation: "KNOWS", Text: fmt.Sprintf("fact %d", i),
			SourceUUID: fmt.Sprintf("%s-n%d", g, i), TargetUUID: fmt.Sprintf("%s-n%d", g, i+1), CreatedAt: t0, InvalidAt: end, Embedding: vec(i), Episodes: []string{g + "-e1"}}
	}
	apply := func(step string, ch core.Change) {
		t.Helper()
		if err := s.Apply(ctx, ch); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		checkCatalog(t, s, step)
	}
	checkpoint := func(step string) {
		t.Helper()
		s.writeMu.Lock()
		err := s.writer.exec(ctx, "CHECKPOINT", nil)
		s.writeMu.Unlock()
		if err != nil {
			t.Fatal(err)
		}
		checkCatalog(t, s, step)
	}

	checkCatalog(t, s, "open")
	apply("big group", core.Change{Entities: entities("big", 0, 4500)})
	apply("small group", core.Change{Entities: entities("small", 0, 300)})
	ep := core.Episode{UUID: "small-e1", GroupID: "small", Name: "e1", Source: core.SourceText, Content: "facts", ValidAt: t0, CreatedAt: t0, Status: core.EpisodeDone, Embedding: vec(1)}
	if _, err := s.AddEpisodes(ctx, []core.Episode{ep}); err != nil {
		t.Fatal(err)
	}
	var facts []core.Fact
	for i := range 40 {
		end := time.Time{}
		if i%4 == 0 {
			end = t0.Add(time.Duration(i) * time.Hour)
		}
		facts = append(facts, fact("small", i, end))
	}
	apply("facts, some with an end", core.Change{Facts: facts})

	// Re-embedding replaces rows; renaming changes names; retiring and
	// reopening facts changes their ends.
	renamed := entities("small", 0, 20)
	for i := range renamed {
		renamed[i].Name += " (renamed)"
		renamed[i].NameEmbedding = vec(i + 100)
	}
	apply("re-embedded entities", core.Change{Entities: renamed})
	retired := facts[1:6]
	for i := range retired {
		retired[i].ExpiredAt = t0.Add(48 * time.Hour)
		retired[i].InvalidAt = t0.Add(24 * time.Hour)
		retired[i].InvalidatedBy = "small-f30"
	}
	apply("retired facts", core.Change{Facts: retired})
	checkpoint("checkpoint after updates")

	// A transaction that inserts rows and then fails leaves nothing.
	bad := core.Change{Entities: entities("small", 300, 340), Facts: []core.Fact{fact("small", 500, time.Time{})}}
	if err := s.Apply(ctx, bad); err == nil {
		t.Fatal("Apply with a fact between unknown entities succeeded")
	}
	checkCatalog(t, s, "rolled back change")

	if _, err := s.DeleteFact(ctx, "small", "small-f30"); err != nil {
		t.Fatal(err)
	}
	checkCatalog(t, s, "deleted the fact that retired others")
	if _, err := s.DeleteGroup(ctx, "big"); err != nil {
		t.Fatal(err)
	}
	checkCatalog(t, s, "dropped group of 4500 entities")
	checkpoint("checkpoint after the drop")
	apply("new group after the drop", core.Change{Entities: entities("late", 0, 2500)})
	if _, err := s.DeleteEpisode(ctx, "small", "small-e1"); err != nil {
		t.Fatal(err)
	}
	checkCatalog(t, s, "deleted episode")
	checkpoint("final checkpoint")

	want := snap(&s.cat)
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if s, err = Open(ctx, opts); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, snap(&s.cat), cmp.AllowUnexported(slot{}, factEnd{}, entityName{})); diff != "" {
		t.Fatalf("the catalog loaded at reopening differs from the one kept up to date (-kept +loaded):\n%s", diff)
	}
}
