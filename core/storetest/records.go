package storetest

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/mnemohq/mnemo/core"
)

// ---- records (core.RecordStore, optional) ----

// recordKeys lists records as "group/kind/id=data".
func recordKeys(rs []core.Record) []string {
	out := []string{}
	for _, r := range rs {
		out = append(out, r.GroupID+"/"+r.Kind+"/"+r.ID+"="+string(r.Data))
	}
	return out
}

// testRecords checks the records of a store that keeps them: put and
// replace, reads by group, kind (or every kind) and id, tenancy, deletes,
// and that deleting a group deletes its records. A store without records
// skips it.
func testRecords(t *testing.T, s core.Store) {
	rs, ok := s.(core.RecordStore)
	if !ok {
		t.Skip("the store does not implement core.RecordStore")
	}
	ctx := t.Context()
	put := func(r ...core.Record) {
		t.Helper()
		must(t, "PutRecords", rs.PutRecords(ctx, r))
	}
	rec := func(g, k, id, data string) core.Record {
		return core.Record{GroupID: g, Kind: k, ID: id, Data: json.RawMessage(data)}
	}
	read := func(q core.RecordQuery) []string {
		t.Helper()
		got, err := rs.Records(ctx, q)
		must(t, "Records", err)
		return recordKeys(got)
	}
	put(rec(groupA, "user", "u1", `{"n":1}`), rec(groupA, "user", "u0 with space", `"x"`), rec(groupB, "user", "u1", `{"n":"b"}`),
		rec(groupA, "thread", "t1", `{}`))
	put(rec(groupA, "user", "u1", `{"n":2}`)) // replaces

	check(t, "Records(user, A)", read(core.RecordQuery{Kind: "user", Groups: []string{groupA}}),
		[]string{groupA + "/user/u0 with space=\"x\"", groupA + "/user/u1={\"n\":2}"})
	check(t, "Records(user, A, u1)", read(core.RecordQuery{Kind: "user", Groups: []string{groupA}, IDs: []string{"u1"}}),
		[]string{groupA + "/user/u1={\"n\":2}"})
	check(t, "Records(user, B, u1)", read(core.RecordQuery{Kind: "user", Groups: []string{groupB}, IDs: []string{"u1", "u0 with space"}}),
		[]string{groupB + "/user/u1={\"n\":\"b\"}"})
	check(t, "Records(user, every group, u1)", read(core.RecordQuery{Kind: "user", AllGroups: true, IDs: []string{"u1"}}),
		[]string{groupA + "/user/u1={\"n\":2}", groupB + "/user/u1={\"n\":\"b\"}"})
	check(t, "Records(thread, B)", read(core.RecordQuery{Kind: "thread", Groups: []string{groupB}}), []string{})
	check(t, "Records(nope, A)", read(core.RecordQuery{Kind: "nope", Groups: []string{groupA}}), []string{})
	// Every kind, ordered by group, kind and id.
	check(t, "Records(every kind, A)", read(core.RecordQuery{AllKinds: true, Groups: []string{groupA}}),
		[]string{groupA + "/thread/t1={}", groupA + "/user/u0 with space=\"x\"", groupA + "/user/u1={\"n\":2}"})
	check(t, "Records(every kind, every group, t1 u1)", read(core.RecordQuery{AllKinds: true, AllGroups: true, IDs: []string{"u1", "t1"}}),
		[]string{groupA + "/thread/t1={}", groupA + "/user/u1={\"n\":2}", groupB + "/user/u1={\"n\":\"b\"}"})

	n, err := rs.DeleteRecords(ctx, groupB, "user", []string{"u1", "u9"})
	must(t, "DeleteRecords", err)
	check(t, "DeleteRecords(B, user, u1 u9)", n, 1)
	check(t, "Records(user, every group) after delete", read(core.RecordQuery{Kind: "user", AllGroups: true, IDs: []string{"u1"}}),
		[]string{groupA + "/user/u1={\"n\":2}"})

	// Invalid records are refused whole.
	for _, bad := range []core.Record{
		rec("bad group!", "user", "u", `{}`), rec(groupA, "Bad Kind", "u", `{}`), rec(groupA, "user", "", `{}`),
		rec(groupA, "user", "u", `{not json`), rec(groupA, "user", "tab\tid", `{}`),
	} {
		if err := rs.PutRecords(ctx, []core.Record{rec(groupA, "user", "ok", `{}`), bad}); !errors.Is(err, core.ErrInvalid) {
			t.Errorf("PutRecords(%+v) = %v, want ErrInvalid", bad, err)
		}
	}
	check(t, "Records(user, A, ok) after refused puts", read(core.RecordQuery{Kind: "user", Groups: []string{groupA}, IDs: []string{"ok"}}), []string{})

	// Deleting a group deletes its records, and only its records.
	put(rec(groupB, "user", "u2", `{}`))
	_, err = s.DeleteGroup(ctx, groupA)
	must(t, "DeleteGroup", err)
	check(t, "Records(user, every group) after DeleteGroup(A)", read(core.RecordQuery{Kind: "user", AllGroups: true}),
		[]string{groupB + "/user/u2={}"})
	check(t, "Records(thread, A) after DeleteGroup(A)", read(core.RecordQuery{Kind: "thread", Groups: []string{groupA}}), []string{})
}
