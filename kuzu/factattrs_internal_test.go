package kuzu

import (
	"context"
	"testing"

	"github.com/mnemohq/mnemo/core"
)

// TestChangedAttributesBesideTheFact: a change to a committed fact's
// attributes goes to a row of FactAttrs, replacing the fact's previous
// one, and leaves the Fact table's column as the fact was created (an
// update in place would make each checkpoint rewrite the column); every
// read answers the change, before and after reopening; deleting the fact
// deletes its row; a compaction folds the rows into the Fact table and
// the next opening drops the emptied table.
func TestChangedAttributesBesideTheFact(t *testing.T) {
	ctx := context.Background()
	s, t0 := pairStore(t, 4, -1)
	mk := func(id, note string) core.Fact {
		return core.Fact{UUID: id, GroupID: "g", Relation: "KNOWS", Text: "Ann knows Bo", SourceUUID: "a", TargetUUID: "b",
			CreatedAt: t0, Embedding: []float32{1, 0, 0, 0}, Episodes: []string{"e"}, Attributes: map[string]any{"note": note}}
	}
	if err := s.Apply(ctx, core.Change{Facts: []core.Fact{mk("f1", "first"), mk("f2", "first")}}); err != nil {
		t.Fatal(err)
	}
	if s.factAttrs.Load() {
		t.Fatal("the FactAttrs table exists before any change of attributes")
	}
	raw := func(q string, params map[string]any) []row { t.Helper(); return rawRows(t, s, q, params) }
	column := func(id string) string {
		return str(raw("MATCH (f:Fact {uuid: $id}) RETURN f.attributes", map[string]any{"id": id})[0][0])
	}
	note := func(id string) string {
		t.Helper()
		fs, err := s.Facts(ctx, []string{"g"}, []string{id}, core.GetOptions{})
		if err != nil || len(fs) != 1 {
			t.Fatalf("read %s: %v %v", id, fs, err)
		}
		page, err := s.ListFacts(ctx, "g", core.ListOptions{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range page.Items {
			if f.UUID == id && f.Attributes["note"] != fs[0].Attributes["note"] {
				t.Errorf("%s: ListFacts says %v, Facts %v", id, f.Attributes["note"], fs[0].Attributes["note"])
			}
		}
		n, _ := fs[0].Attributes["note"].(string)
		return n
	}
	created := column("f1")
	for _, v := range []string{"second", "third"} {
		if err := s.Apply(ctx, core.Change{Facts: []core.Fact{mk("f1", v)}}); err != nil {
			t.Fatal(err)
		}
		if got := note("f1"); got != v {
			t.Fatalf("after the change to %q, f1's note reads %q", v, got)
		}
		if got := column("f1"); got != created {
			t.Fatalf("the change to %q updated the Fact table's column in place (%s)", v, got)
		}
		if rows := raw("MATCH (a:FactAttrs) RETURN a.uuid", nil); len(rows) != 1 || str(rows[0][0]) != "f1" {
			t.Fatalf("after the change to %q, FactAttrs holds %v, want f1's row alone", v, rows)
		}
		checkCatalog(t, s, "a change of attributes")
	}
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	var err error
	if s, err = Open(ctx, s.opts); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(ctx) })
	if got := note("f1"); got != "third" || !s.factAttrs.Load() {
		t.Fatalf("after reopening, f1's note reads %q (FactAttrs %v)", got, s.factAttrs.Load())
	}
	if err := s.Apply(ctx, core.Change{Facts: []core.Fact{mk("f2", "changed")}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(ctx, core.Change{Group: "g", DeleteFacts: []string{"f2"}}); err != nil {
		t.Fatal(err)
	}
	if rows := raw("MATCH (a:FactAttrs) RETURN a.uuid", nil); len(rows) != 1 || str(rows[0][0]) != "f1" {
		t.Fatalf("after deleting f2, FactAttrs holds %v, want f1's row alone", rows)
	}
	if _, err := s.Compact(ctx); err != nil {
		t.Fatal(err)
	}
	if got := column("f1"); got == created || note("f1") != "third" {
		t.Fatalf("after the compaction, f1's column is %s and its note %q: not folded", got, note("f1"))
	}
	if s.factAttrs.Load() {
		t.Fatal("the emptied FactAttrs table outlived the compaction's reopening")
	}
	checkCatalog(t, s, "a compaction")
}

// rawRows runs Cypher q on one of s's readers and returns its rows.
func rawRows(t *testing.T, s *Store, q string, params map[string]any) []row {
	t.Helper()
	ctx := context.Background()
	var rows []row
	if err := s.read(ctx, func(c *conn) error {
		var err error
		rows, err = c.query(ctx, q, params)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return rows
}
