package kuzu

import (
	"context"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestIntsReadsTheResultText: ints reads the same rows as query, signs,
// extremes and an empty result included, and refuses text that is not a
// result of INT64 columns.
func TestIntsReadsTheResultText(t *testing.T) {
	ctx := context.Background()
	s, _ := pairStore(t, 4, -1)
	for _, stmt := range []string{
		"UNWIND [3, -7, 0, 9223372036854775807] AS x RETURN x, -x - 1",
		"MATCH (f:Fact) WHERE f.uuid = 'none' RETURN offset(id(f)), 1",
		"MATCH (n:Entity) RETURN offset(id(n)) AS o, size(n.name) AS s ORDER BY o",
	} {
		var got [][]int64
		var want []row
		err := s.read(ctx, func(c *conn) (err error) {
			if got, err = c.ints(ctx, stmt, nil); err != nil {
				return err
			}
			want, err = c.query(ctx, stmt, nil)
			return err
		})
		if err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d rows, query reads %d", stmt, len(got), len(want))
		}
		for i, r := range want {
			w := make([]int64, len(r))
			for j := range r {
				w[j] = i64(r[j])
			}
			if !cmp.Equal(got[i], w) {
				t.Errorf("%s: row %d is %v, query reads %v", stmt, i, got[i], w)
			}
		}
	}
	rows, err := parseInts("a|b\n1|-2\n" + "9223372036854775807|-9223372036854775808\n")
	if err != nil || !cmp.Equal(rows, [][]int64{{1, -2}, {math.MaxInt64, math.MinInt64}}) {
		t.Errorf("parseInts: %v, %v", rows, err)
	}
	for _, bad := range []string{"a|b\n1|x\n", "a|b\n1\n", "a\n1|2\n", "a\n0.5\n", "a\n\n"} {
		if rows, err := parseInts(bad); err == nil {
			t.Errorf("parseInts(%q) = %v, want an error", bad, rows)
		}
	}
}
