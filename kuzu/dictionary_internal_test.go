package kuzu

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// TestStringDictionaryKeepsReplacedValues pins down a limit of Kuzu
// 0.11.3 that the edge profile runs into (docs/edge.md, issue 38): a
// STRING column keeps, in its node group's dictionary, every value it
// ever held, checkpoints included, and a checkpoint that rewrites the
// column copies the whole dictionary into buffer-pool memory. An
// entity's summary is rewritten whole when it changes, so the Entity
// table's summaries grow with every rewrite rather than with the
// entities, until a checkpoint no longer fits the pool (a fact's changed
// attributes go to rows of their own for that reason, factattrs.go). If
// this test fails, Kuzu has started to drop replaced values and the
// workarounds described there are no longer needed.
func TestStringDictionaryKeepsReplacedValues(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: 4, BufferPoolBytes: 128 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	now := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	vec := []float32{1, 0, 0, 0}
	const size, rewrites = 16 << 10, 50
	for i := range rewrites {
		ch := core.Change{Entities: []core.Entity{{UUID: "a", GroupID: "g", Name: "a", NameEmbedding: vec, CreatedAt: now,
			Summary: strings.Repeat(string(rune('a'+i%26)), size)}}}
		if err := s.Apply(ctx, ch); err != nil {
			t.Fatalf("rewrite %d: %v", i, err)
		}
		if err := s.Checkpoint(ctx); err != nil {
			t.Fatalf("checkpoint after rewrite %d: %v", i, err)
		}
	}
	var stored int64
	err = s.read(ctx, func(c *conn) error {
		bytes, err := stringColumnBytes(ctx, c, "Entity")
		stored = bytes["summary"]
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	// One value of size bytes is live; Kuzu keeps all of them.
	if want := int64(rewrites * size * 9 / 10); stored < want {
		t.Errorf("summary_data holds %d bytes after %d rewrites of a %d-byte value, want at least %d (every value kept)", stored, rewrites, size, want)
	}
	t.Logf("summary_data: %d bytes stored for %d live", stored, size)
}

// TestBloatedDictionaryIsCompacted: once a string column holds more than
// a sixteenth of the pool and mostly replaced values (here the changed
// attributes of a fact, rows of FactAttrs deleted and written again),
// the keeper compacts the database, which drops them; what was written
// last stays. Left to grow (FactAttrs unchecked), such a column made the
// write of the fact's vector fail here on a duplicate primary key after
// 130 to 400 rewrites: its delete of the old row found nothing, though a
// lookup did.
func TestBloatedDictionaryIsCompacted(t *testing.T) {
	ctx := context.Background()
	const pool, size = 32 << 20, 64 << 10
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: 4, BufferPoolBytes: pool})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	now := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	vec := []float32{1, 0, 0, 0}
	var last string
	// The keeper compacts on its own goroutine; writes go on meanwhile.
	for i := 0; s.DurabilityStats().Compactions == 0; i++ {
		if i == 400 {
			t.Fatalf("400 rewrites of a %d-byte attribute in a %d MiB pool: no compaction", size, pool>>20)
		}
		last = strings.Repeat(string(rune('a'+i%26)), size)
		ch := core.Change{Facts: []core.Fact{{UUID: "f", GroupID: "g", Relation: "R", Text: "a R b", SourceUUID: "a", TargetUUID: "b",
			Embedding: vec, ValidAt: now, CreatedAt: now, Attributes: map[string]any{"note": last}}}}
		if i == 0 {
			ch.Entities = []core.Entity{{UUID: "a", GroupID: "g", Name: "a", NameEmbedding: vec, CreatedAt: now}, {UUID: "b", GroupID: "g", Name: "b", NameEmbedding: vec, CreatedAt: now}}
		}
		if err := s.Apply(ctx, ch); err != nil {
			t.Fatalf("rewrite %d: %v", i, err)
		}
	}
	if err := s.Checkpoint(ctx); err != nil {
		t.Fatal(err)
	}
	if after := s.attributeBytes(t); after > pool/16 {
		t.Errorf("attributes_data holds %d bytes after the compaction, want at most %d (what asks for one)", after, pool/16)
	}
	facts, err := s.Facts(ctx, []string{"g"}, []string{"f"}, core.GetOptions{})
	if err != nil || len(facts) != 1 {
		t.Fatalf("Facts after the compaction = %v, %v", facts, err)
	}
	if got := facts[0].Attributes["note"]; got != last {
		t.Errorf("the note after the compaction is not the last one written")
	}
}

// attributeBytes is what Kuzu stores for the facts' attributes, in the
// Fact table and in FactAttrs.
func (s *Store) attributeBytes(t *testing.T) int64 {
	t.Helper()
	var n int64
	err := s.read(context.Background(), func(c *conn) error {
		for _, table := range []string{"Fact", "FactAttrs"} {
			if table == "FactAttrs" && !s.factAttrs.Load() {
				continue
			}
			stored, err := stringColumnBytes(context.Background(), c, table)
			if err != nil {
				return err
			}
			n += stored["attributes"]
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestGrownFilesAreCompacted: once the database's files have doubled
// since it was opened, past compactFloor, the keeper compacts it, though
// no string column is large against the pool; the vector indexes kept in
// memory survive it without a build, and what was written stays.
func TestGrownFilesAreCompacted(t *testing.T) {
	ctx := context.Background()
	defer func(f int64) { compactFloor = f }(compactFloor)
	compactFloor = 4 << 20
	const dim = 16
	rng := rand.New(rand.NewPCG(38, 2))
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: dim, BufferPoolBytes: 1 << 30, VectorIndexAt: 100, ExactSearchBelow: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	if err := s.Apply(ctx, randomFacts(rng, "g1", 0, 150, dim)); err != nil {
		t.Fatal(err)
	}
	s.indexedForTest(core.ScopeFacts)
	kept := s.readyIndex(core.ScopeFacts)
	if kept == nil {
		t.Fatal("no fact index at 150 facts with VectorIndexAt 100")
	}
	var last string
	for i := 0; s.DurabilityStats().Compactions == 0; i++ {
		if i == 2000 {
			t.Fatalf("2,000 rewrites of a 16 KiB attribute: no compaction (files %d bytes, %d when opened)", s.filesSize(), s.compactedBytes.Load())
		}
		f := randomFacts(rng, "g1", i%150, 1, dim).Facts[0]
		last = fmt.Sprintf("%d %s", i, strings.Repeat("x", 16<<10))
		f.Attributes = map[string]any{"note": last}
		f.Embedding = nil
		if err := s.Apply(ctx, core.Change{Facts: []core.Fact{f}}); err != nil {
			t.Fatalf("rewrite %d: %v", i, err)
		}
	}
	if err := s.Checkpoint(ctx); err != nil {
		t.Fatal(err)
	}
	if got := s.readyIndex(core.ScopeFacts); got != kept {
		t.Error("the fact index was built again after the keeper's compaction, not kept")
	}
	checkVecIndexes(t, s, "after the keeper's compaction")
	if d := s.DurabilityStats(); d.CompactTime <= 0 {
		t.Errorf("CompactTime = %v after a compaction", d.CompactTime)
	}
	if size, then := s.filesSize(), s.compactedBytes.Load(); then == 0 || size > 2*then {
		t.Errorf("after the compaction the files hold %d bytes, %d recorded as compacted", size, then)
	}
	facts, err := s.FactsBetween(ctx, "g1", "g1-a00000", "g1-b00000")
	if err != nil || len(facts) == 0 {
		t.Fatalf("FactsBetween after the compaction = %v, %v", facts, err)
	}
	n := 0
	for _, f := range facts {
		if note, _ := f.Attributes["note"].(string); note != "" {
			n++
		}
	}
	if n == 0 {
		t.Error("the rewritten attribute is gone after the compaction")
	}
}
