package httpload

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestPercentile(t *testing.T) {
	ms := func(ns ...int) []time.Duration {
		var out []time.Duration
		for _, n := range ns {
			out = append(out, time.Duration(n)*time.Millisecond)
		}
		return out
	}
	tests := []struct {
		name string
		ds   []time.Duration
		p    float64
		want time.Duration
	}{
		{"empty", nil, 50, 0},
		{"one", ms(7), 99, 7 * time.Millisecond},
		{"median of 4", ms(4, 1, 3, 2), 50, 2 * time.Millisecond},
		{"p95 of 100", ms(seq(100)...), 95, 95 * time.Millisecond},
		{"p99 of 100", ms(seq(100)...), 99, 99 * time.Millisecond},
		{"max", ms(5, 9, 1), 100, 9 * time.Millisecond},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := percentile(tc.ds, tc.p); got != tc.want {
				t.Errorf("percentile(%v, %g) = %v, want %v", tc.ds, tc.p, got, tc.want)
			}
		})
	}
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

func TestCorpusIsDeterministic(t *testing.T) {
	a, b := NewCorpus(7), NewCorpus(7)
	if diff := cmp.Diff(a.Episodes(20), b.Episodes(20)); diff != "" {
		t.Errorf("two corpora of one seed differ (-a +b):\n%s", diff)
	}
	eps := NewCorpus(7).Episodes(3)
	if eps[1].ReferenceTime <= eps[0].ReferenceTime || eps[0].UUID == eps[1].UUID {
		t.Errorf("episodes %+v: want increasing reference times and distinct uuids", eps)
	}
}
