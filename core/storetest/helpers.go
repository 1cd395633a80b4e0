package storetest

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// ---- comparison helpers ----

// micro is what a store keeps of a time: UTC, to the microsecond.
func micro(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.Truncate(time.Microsecond).UTC()
}

func sameVec(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(float64(a[i]-b[i])) > 1e-6*math.Max(1, math.Abs(float64(a[i]))) {
			return false
		}
	}
	return true
}

// empty maps and slices compare equal to nil: the suite does not pin down
// which a store returns.
func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

func nilMap(m map[string]any) map[string]any {
	if len(m) == 0 {
		return nil
	}
	return m
}

func normEpisode(e core.Episode) core.Episode {
	e.ValidAt, e.CreatedAt = micro(e.ValidAt), micro(e.CreatedAt)
	e.Warnings = nilIfEmpty(e.Warnings)
	e.Embedding = nil
	return e
}

func normEntity(e core.Entity) core.Entity {
	e.CreatedAt = micro(e.CreatedAt)
	e.Labels = nilIfEmpty(e.Labels)
	e.Attributes = nilMap(e.Attributes)
	e.NameEmbedding = nil
	return e
}

func normFact(f core.Fact) core.Fact {
	f.ValidAt, f.InvalidAt, f.CreatedAt, f.ExpiredAt, f.StatedInvalidAt = micro(f.ValidAt), micro(f.InvalidAt), micro(f.CreatedAt), micro(f.ExpiredAt), micro(f.StatedInvalidAt)
	f.Episodes = nilIfEmpty(f.Episodes)
	f.Attributes = nilMap(f.Attributes)
	f.Embedding = nil
	return f
}

func normCommunity(c core.Community) core.Community {
	c.CreatedAt = micro(c.CreatedAt)
	c.Members = nilIfEmpty(slices.Sorted(slices.Values(c.Members)))
	c.NameEmbedding = nil
	return c
}

func check(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}

func must(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func wantErr(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Errorf("%s: error %v, want %v", what, err, target)
	}
}

func sorted(ids []string) []string {
	return nilIfEmpty(slices.Sorted(slices.Values(ids)))
}

func uuidsOf[T any](items []T, id func(T) string) []string {
	var out []string
	for _, x := range items {
		out = append(out, id(x))
	}
	return out
}

func epIDs(eps []core.Episode) []string {
	return uuidsOf(eps, func(e core.Episode) string { return e.UUID })
}
func entIDs(es []core.Entity) []string {
	return uuidsOf(es, func(e core.Entity) string { return e.UUID })
}
func factIDs(fs []core.Fact) []string { return uuidsOf(fs, func(f core.Fact) string { return f.UUID }) }
func commIDs(cs []core.Community) []string {
	return uuidsOf(cs, func(c core.Community) string { return c.UUID })
}
func hitIDs(hs []core.Hit) []string { return uuidsOf(hs, func(h core.Hit) string { return h.UUID }) }

func getFact(t *testing.T, s core.Store, g, id string) core.Fact {
	t.Helper()
	fs, err := s.Facts(t.Context(), []string{g}, []string{id}, core.GetOptions{})
	must(t, "Facts", err)
	if len(fs) != 1 {
		t.Fatalf("Facts(%s) = %d facts, want 1", id, len(fs))
	}
	return fs[0]
}

// listAll pages through a listing with page size limit and checks that
// every page but the last is full and the last has no cursor.
func listAll[T any](t *testing.T, limit int, list func(core.ListOptions) (core.Page[T], error), opts core.ListOptions) []T {
	t.Helper()
	var all []T
	opts.Limit = limit
	for i := 0; ; i++ {
		if i > 1000 {
			t.Fatalf("listing does not end")
		}
		p, err := list(opts)
		must(t, "list", err)
		all = append(all, p.Items...)
		if p.Next == "" {
			return all
		}
		if limit > 0 && len(p.Items) != limit {
			t.Errorf("page %d has %d items and a cursor; want full pages of %d", i, len(p.Items), limit)
		}
		if len(p.Items) == 0 {
			t.Fatalf("empty page %d with cursor %q", i, p.Next)
		}
		opts.Cursor = p.Next
	}
}

func listFacts(t *testing.T, s core.Store, g string, f core.Filter) []string {
	t.Helper()
	fs := listAll(t, 1000, func(o core.ListOptions) (core.Page[core.Fact], error) { return s.ListFacts(t.Context(), g, o) }, core.ListOptions{Filter: f})
	return factIDs(fs)
}

func allOfGroup(t *testing.T, what, g string, ids []string) {
	t.Helper()
	for _, id := range ids {
		if !strings.HasPrefix(id, g+"-") {
			t.Errorf("%s returned %s, an object of another group than %s", what, id, g)
		}
	}
}
