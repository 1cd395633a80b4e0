package kuzu_test

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// TestRecordsManyIDs reads more records by id than Records reads one
// lookup at a time (64 on a store without facts), so that they come from
// one join, and checks the answer against reads short enough for the
// lookups: the same records, in the same order (group, then id), none of
// another group or kind, none for an id that has no record.
func TestRecordsManyIDs(t *testing.T) {
	ctx := t.Context()
	s := kuzutest.MustOpen(t, kuzu.Options{})
	var rs []core.Record
	for _, g := range []string{"a", "b"} {
		for i := range 300 {
			rs = append(rs, core.Record{GroupID: g, Kind: "evolve.item", ID: fmt.Sprintf("f:%03d", i), Data: json.RawMessage(fmt.Sprintf(`{"g":%q,"n":%d}`, g, i))})
		}
	}
	rs = append(rs, core.Record{GroupID: "a", Kind: "other", ID: "f:007", Data: json.RawMessage(`{}`)})
	if err := s.PutRecords(ctx, rs); err != nil {
		t.Fatal(err)
	}
	// Every third id of 0 to 399, backwards: 100 with records, 34 without.
	var ids []string
	for i := 399; i >= 0; i -= 3 {
		ids = append(ids, fmt.Sprintf("f:%03d", i))
	}
	for _, groups := range [][]string{{"a"}, {"b", "a"}} {
		q := core.RecordQuery{Kind: "evolve.item", Groups: groups, IDs: ids}
		got, err := s.Records(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		var want []core.Record
		for part := range slices.Chunk(ids, 10) {
			q.IDs = part
			w, err := s.Records(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, w...)
		}
		slices.SortStableFunc(want, func(x, y core.Record) int {
			return cmp.Or(cmp.Compare(x.GroupID, y.GroupID), cmp.Compare(x.ID, y.ID))
		})
		if len(got) != 100*len(groups) || len(got) != len(want) {
			t.Fatalf("groups %v: %d records by one read, %d by short reads, want %d", groups, len(got), len(want), 100*len(groups))
		}
		for i := range got {
			g, w := got[i], want[i]
			if g.GroupID != w.GroupID || g.Kind != w.Kind || g.ID != w.ID || string(g.Data) != string(w.Data) {
				t.Fatalf("groups %v: record %d = %s/%s/%s %s, want %s/%s/%s %s", groups, i, g.GroupID, g.Kind, g.ID, g.Data, w.GroupID, w.Kind, w.ID, w.Data)
			}
			var d struct{ G string }
			if err := json.Unmarshal(g.Data, &d); err != nil || d.G != g.GroupID || g.Kind != "evolve.item" {
				t.Fatalf("groups %v: record %d of group %s kind %s holds %s", groups, i, g.GroupID, g.Kind, g.Data)
			}
		}
	}
}
