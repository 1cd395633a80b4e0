package kuzu_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
	"github.com/mnemohq/mnemo/kuzu/kuzutest"
)

// lazyStore is a store on disk that a test closes and opens again, and
// whose tables it checks.
type lazyStore struct {
	*kuzu.Store
	t   *testing.T
	dir string
}

// openLazy opens a new store in a temporary directory, closed at the
// test's end.
func openLazy(t *testing.T) *lazyStore {
	t.Helper()
	l := &lazyStore{t: t, dir: t.TempDir()}
	var err error
	if l.Store, err = open(t, l.dir, kuzutest.Dimension); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close(context.Background()) })
	return l
}

// reopen closes the store and opens its directory again.
func (l *lazyStore) reopen() {
	l.t.Helper()
	if err := l.Close(context.Background()); err != nil {
		l.t.Fatal(err)
	}
	var err error
	if l.Store, err = open(l.t, l.dir, 0); err != nil {
		l.t.Fatal(err)
	}
}

// hasTables checks that the database holds each of names, or none of
// them.
func (l *lazyStore) hasTables(step string, want bool, names ...string) {
	l.t.Helper()
	checkTables(l.t, l.Store, step, want, names...)
}

// checkTables checks that the database of s holds each of names, or none
// of them.
func checkTables(t *testing.T, s *kuzu.Store, step string, want bool, names ...string) {
	t.Helper()
	tables, _, err := kuzu.TablesForTest(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if got := slices.Contains(tables, name); got != want {
			t.Errorf("%s: %s table = %v, want %v", step, name, got, want)
		}
	}
}

// TestRecordTableMadeByFirstRecord: a new database has no Record table (a
// node table costs about 5.5 MiB of memory in Kuzu 0.11.3); reads and
// deletions answer as for an empty one, the first record creates it, and
// opening a database whose records were all deleted drops it again.
func TestRecordTableMadeByFirstRecord(t *testing.T) {
	ctx := context.Background()
	s := openLazy(t)
	hasTable := func(step string, want bool) { t.Helper(); s.hasTables(step, want, "Record") }
	all := core.RecordQuery{AllKinds: true, AllGroups: true}
	hasTable("new database", false)
	if got, err := s.Records(ctx, all); err != nil || len(got) != 0 {
		t.Errorf("Records before any = %v, %v; want none", got, err)
	}
	if n, err := s.DeleteRecords(ctx, "g1", "k", []string{"a"}); err != nil || n != 0 {
		t.Errorf("DeleteRecords before any = %d, %v; want 0", n, err)
	}
	if _, err := s.DeleteGroup(ctx, "g1"); err != nil {
		t.Errorf("DeleteGroup without a record table: %v", err)
	}
	want := []core.Record{{GroupID: "g1", Kind: "k", ID: "a", Data: []byte(`{"a":1}`)}, {GroupID: "g2", Kind: "k", ID: "b", Data: []byte(`{"b":2}`)}}
	if err := s.PutRecords(ctx, want); err != nil {
		t.Fatalf("PutRecords: %v", err)
	}
	hasTable("after the first record", true)
	s.reopen()
	hasTable("reopened with records", true)
	if got, err := s.Records(ctx, all); err != nil || !cmp.Equal(got, want) {
		t.Errorf("Records after reopen = %v, %v; want %v", got, err, want)
	}
	if n, err := s.DeleteRecords(ctx, "g1", "k", []string{"a"}); err != nil || n != 1 {
		t.Errorf("DeleteRecords(g1, a) = %d, %v; want 1", n, err)
	}
	if _, err := s.DeleteGroup(ctx, "g2"); err != nil {
		t.Fatal(err)
	}
	s.reopen()
	hasTable("reopened with no record left", false)
	if got, err := s.Records(ctx, all); err != nil || len(got) != 0 {
		t.Errorf("Records after all were deleted = %v, %v; want none", got, err)
	}
	if err := s.PutRecords(ctx, want[:1]); err != nil {
		t.Fatalf("PutRecords after the table was dropped: %v", err)
	}
	if got, err := s.Records(ctx, all); err != nil || !cmp.Equal(got, want[:1]) {
		t.Errorf("Records = %v, %v; want %v", got, err, want[:1])
	}
}

// TestCommunityTablesMadeByFirstCommunity: a new database has no
// Community, CommunityVec or HAS_MEMBER table; every read of communities
// answers as for none, the first community creates them, and opening a database whose
// communities were all deleted drops them again.
func TestCommunityTablesMadeByFirstCommunity(t *testing.T) {
	ctx := context.Background()
	s := openLazy(t)
	hasTables := func(step string, want bool) {
		t.Helper()
		s.hasTables(step, want, "Community", "CommunityVec", "HAS_MEMBER")
	}
	g := []string{"g1"}
	// reads answers what every read of communities returns, by name.
	reads := func() map[string]any {
		t.Helper()
		out := map[string]any{}
		page, err := s.ListCommunities(ctx, "g1", core.ListOptions{Embeddings: true})
		if err != nil {
			t.Fatal(err)
		}
		out["list"] = page.Items
		cs, err := s.Communities(ctx, g, []string{"g1-c1"}, core.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		out["get"] = cs
		of, err := s.CommunitiesOf(ctx, "g1", []string{"g1-alice"})
		if err != nil {
			t.Fatal(err)
		}
		out["of"] = of
		vs, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeCommunities, Groups: g, Vector: axis(1, 0), Limit: 5, MinScore: -1})
		if err != nil {
			t.Fatal(err)
		}
		out["vector"] = vs
		ts, err := s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeCommunities, Groups: g, Text: "people", Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		out["text"] = ts
		tr, err := s.Traverse(ctx, core.TraverseQuery{Scope: core.ScopeCommunities, Groups: g, Seeds: []string{"g1-alice"}, Depth: 1, Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		out["traverse"] = tr
		st, err := s.Stats(ctx, "g1")
		if err != nil {
			t.Fatal(err)
		}
		out["stats"] = st.Communities
		return out
	}
	seed(t, s.Store, "g1")
	hasTables("new database", false)
	none := reads()
	for k, v := range none {
		if !cmp.Equal(v, map[string]any{"list": []core.Community(nil), "get": []core.Community(nil), "of": map[string]string{},
			"vector": []core.Hit(nil), "text": []core.Hit(nil), "traverse": []core.Hit{}, "stats": 0}[k], cmp.Comparer(func(a, b []core.Hit) bool { return len(a) == len(b) })) {
			t.Errorf("%s without communities = %v, want none", k, v)
		}
	}
	if err := s.Apply(ctx, core.Change{Group: "g1", DeleteCommunities: []string{"g1-c1"}}); err != nil {
		t.Errorf("Apply(DeleteCommunities) without community tables: %v", err)
	}
	cm := core.Community{UUID: "g1-c1", GroupID: "g1", Name: "Friends", Summary: "people who know Alice", NameEmbedding: axis(1, 0),
		Members: []string{"g1-alice", "g1-bob"}, CreatedAt: t0}
	if err := s.Apply(ctx, core.Change{Communities: []core.Community{cm}}); err != nil {
		t.Fatalf("Apply(community): %v", err)
	}
	hasTables("after the first community", true)
	s.reopen()
	hasTables("reopened with a community", true)
	got := reads()
	if page := got["list"].([]core.Community); len(page) != 1 || !cmp.Equal(page[0], cm) {
		t.Errorf("ListCommunities = %v, want [%v]", page, cm)
	}
	for _, k := range []string{"get", "vector", "text", "traverse"} {
		if reflectLen(got[k]) != 1 {
			t.Errorf("%s with a community = %v, want one", k, got[k])
		}
	}
	if got["of"].(map[string]string)["g1-alice"] != "g1-c1" || got["stats"] != 1 {
		t.Errorf("CommunitiesOf, Stats = %v, %v; want g1-c1, 1", got["of"], got["stats"])
	}
	if err := s.Apply(ctx, core.Change{Group: "g1", DeleteCommunities: []string{"g1-c1"}}); err != nil {
		t.Fatal(err)
	}
	s.reopen()
	hasTables("reopened with no community left", false)
	if err := s.Apply(ctx, core.Change{Communities: []core.Community{cm}}); err != nil {
		t.Fatalf("Apply(community) after the tables were dropped: %v", err)
	}
	if got := reads()["stats"]; got != 1 {
		t.Errorf("communities = %v, want 1", got)
	}
}

// reflectLen is the length of a slice of hits or communities.
func reflectLen(v any) int {
	switch x := v.(type) {
	case []core.Hit:
		return len(x)
	case []core.Community:
		return len(x)
	}
	return -1
}

// TestJournalReplaysTheFirstRecordAndCommunity: Kuzu's files as they were
// before the first record and the first community (so without their
// tables), the journal as it is after them: the replay makes the tables
// again, and both writes are back.
func TestJournalReplaysTheFirstRecordAndCommunity(t *testing.T) {
	ctx := context.Background()
	src := t.TempDir()
	s := kuzutest.MustOpen(t, journalOpts(src))
	seed(t, s, "a")
	dst := t.TempDir()
	copyTree(t, src, dst, "journal")
	rec := core.Record{GroupID: "a", Kind: "k", ID: "r1", Data: []byte(`{"n":1}`)}
	if err := s.PutRecords(ctx, []core.Record{rec}); err != nil {
		t.Fatal(err)
	}
	cm := core.Community{UUID: "a-c1", GroupID: "a", Name: "Friends", Summary: "people who know Alice", NameEmbedding: axis(1, 0),
		Members: []string{"a-alice", "a-bob"}, CreatedAt: t0}
	if err := s.Apply(ctx, core.Change{Communities: []core.Community{cm}}); err != nil {
		t.Fatal(err)
	}
	copyTree(t, filepath.Join(src, "journal"), filepath.Join(dst, "journal"))
	s2 := kuzutest.MustOpen(t, journalOpts(dst))
	if r := s2.Recovery(); r.Replayed != 2 || r.Reason != "" {
		t.Errorf("Recovery = %+v, want the 2 writes replayed", r)
	}
	checkTables(t, s2, "after the replay", true, "Record", "Community", "CommunityVec", "HAS_MEMBER")
	if got, err := s2.Records(ctx, core.RecordQuery{Kind: "k", Groups: []string{"a"}, IDs: []string{"r1"}}); err != nil || !cmp.Equal(got, []core.Record{rec}) {
		t.Errorf("Records = %v, %v; want %v", got, err, rec)
	}
	page, err := s2.ListCommunities(ctx, "a", core.ListOptions{Embeddings: true})
	if err != nil || len(page.Items) != 1 || !cmp.Equal(page.Items[0], cm) {
		t.Errorf("ListCommunities = %v, %v; want [%v]", page.Items, err, cm)
	}
}
