//go:build linux

package kuzu

import (
	"context"
	"strings"
	"testing"
)

// TestStringParametersDoNotLeak binds 8 MiB of string parameters, alone
// and as the fields of map parameters, through go-kuzu, and checks that
// Kuzu still answers each with the value bound (its copy was taken before
// the C string was freed), that every C string was freed, and that the C
// heap in use did not grow by what was bound: before cparams_linux.c it
// grew by all of it.
func TestStringParametersDoNotLeak(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, Options{Dimension: 4, BufferPoolBytes: 64 << 20, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	c := s.writer
	const n, size = 2048, 4096
	run := func(i int) {
		t.Helper()
		v := strings.Repeat(string(rune('a'+i%26)), size)
		rows, err := c.query(ctx, "RETURN $s", map[string]any{"s": v})
		if err != nil || len(rows) != 1 || str(rows[0][0]) != v {
			t.Fatalf("RETURN $s = %v, %v; want the %d bytes bound", len(rows), err, size)
		}
		rows, err = c.query(ctx, "UNWIND $rows AS r RETURN r.key, r.value", map[string]any{"rows": []any{map[string]any{"key": "k", "value": v}}})
		if err != nil || len(rows) != 1 || str(rows[0][0]) != "k" || str(rows[0][1]) != v {
			t.Fatalf("UNWIND $rows = %v, %v; want the map bound", len(rows), err)
		}
	}
	// Warm up: the prepared statements and Kuzu's own caches.
	for i := range 64 {
		run(i)
	}
	releaseCHeap()
	before, freed := cHeapInUse(), freedParamStrings()
	if before < 0 {
		t.Fatal("malloc_info gave no totals")
	}
	for i := range n {
		run(i)
	}
	releaseCHeap()
	grown := cHeapInUse() - before
	// Each round binds one string alone and a map of two fields holding
	// two strings: five C strings, three freed by the string hook and two
	// names by the struct hook.
	if got, want := freedParamStrings()-freed, uint64(5*n); got != want {
		t.Errorf("C strings freed = %d, want %d", got, want)
	}
	bound := int64(2 * n * size)
	if grown > bound/8 {
		t.Errorf("the C heap in use grew by %d bytes over %d bytes of string parameters, want under %d", grown, bound, bound/8)
	}
	t.Logf("C heap in use grew by %d bytes over %d bytes of string parameters", grown, bound)
}
