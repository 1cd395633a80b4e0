package weaviate_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/weaviate"
)

// recordIDs lists records as "group/id=data".
func recordIDs(rs []core.Record) []string {
	out := []string{}
	for _, r := range rs {
		out = append(out, r.GroupID+"/"+r.ID+"="+string(r.Data))
	}
	return out
}

// TestRecordsStore covers what the conformance suite's Records case
// leaves to the store: groups whose tenant is a hash of their id, a kind
// with more records than one query returns (read by scanning the
// tenant), repeated keys in one put and repeated ids in one delete, and a
// store made before records existed.
func TestRecordsStore(t *testing.T) {
	ctx := t.Context()
	s := open(t)
	weaviate.SetRecordsLimitForTest(s, 3)
	const g, h = "user@example.com", "plain-group" // g's tenant is a hash
	var rs []core.Record
	for i := range 5 {
		rs = append(rs, core.Record{GroupID: g, Kind: "item", ID: fmt.Sprintf("i%d", 4-i), Data: json.RawMessage(fmt.Sprint(i))})
	}
	rs = append(rs,
		core.Record{GroupID: g, Kind: "report", ID: "r1", Data: json.RawMessage(`{}`)},
		core.Record{GroupID: h, Kind: "item", ID: "i0", Data: json.RawMessage(`"first"`)},
		core.Record{GroupID: h, Kind: "item", ID: "i0", Data: json.RawMessage(`"last"`)}, // the last of one key wins
	)
	if err := s.PutRecords(ctx, rs); err != nil {
		t.Fatalf("PutRecords: %v", err)
	}
	read := func(q core.RecordQuery) []string {
		t.Helper()
		got, err := s.Records(ctx, q)
		if err != nil {
			t.Fatalf("Records(%+v): %v", q, err)
		}
		return recordIDs(got)
	}
	items := []string{g + "/i0=4", g + "/i1=3", g + "/i2=2", g + "/i3=1", g + "/i4=0"}
	for _, tt := range []struct {
		name string
		q    core.RecordQuery
		want []string
	}{
		{"one group, more than a query's limit", core.RecordQuery{Kind: "item", Groups: []string{g}}, items},
		{"every group", core.RecordQuery{Kind: "item", AllGroups: true}, append([]string{h + `/i0="last"`}, items...)},
		{"by ids", core.RecordQuery{Kind: "item", Groups: []string{g, h, g}, IDs: []string{"i3", "i0", "i0"}},
			[]string{h + `/i0="last"`, g + "/i0=4", g + "/i3=1"}},
		{"another kind", core.RecordQuery{Kind: "report", AllGroups: true}, []string{g + "/r1={}"}},
		{"a group without records", core.RecordQuery{Kind: "item", Groups: []string{"nobody"}}, []string{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := read(tt.q); !slices.Equal(got, tt.want) {
				t.Errorf("Records(%+v) = %v, want %v", tt.q, got, tt.want)
			}
		})
	}

	n, err := s.DeleteRecords(ctx, g, "item", []string{"i1", "i1", "i9"})
	if err != nil || n != 1 {
		t.Errorf("DeleteRecords(i1, i1, i9) = %d, %v; want 1", n, err)
	}
	if n, err := s.DeleteRecords(ctx, "nobody", "item", []string{"i1"}); err != nil || n != 0 {
		t.Errorf("DeleteRecords of a group without records = %d, %v; want 0", n, err)
	}
	if got, want := read(core.RecordQuery{Kind: "item", Groups: []string{g}}), slices.Delete(slices.Clone(items), 1, 2); !slices.Equal(got, want) {
		t.Errorf("Records after DeleteRecords = %v, want %v", got, want)
	}

	// A store whose collections were made before records existed gains
	// the records collection when it is opened.
	if err := weaviate.DropRecordsForTest(ctx, s); err != nil {
		t.Fatal(err)
	}
	s = reopen(t, s)
	if got := read(core.RecordQuery{Kind: "item", AllGroups: true}); len(got) != 0 {
		t.Errorf("Records after the collection's creation = %v, want none", got)
	}
	if err := s.PutRecords(ctx, rs[:1]); err != nil {
		t.Fatalf("PutRecords after the collection's creation: %v", err)
	}
	if got, want := read(core.RecordQuery{Kind: "item", Groups: []string{g}}), items[4:]; !slices.Equal(got, want) {
		t.Errorf("Records after the collection's creation = %v, want %v", got, want)
	}
}
