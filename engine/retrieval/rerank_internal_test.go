package retrieval

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/core"
)

func hits(ids ...string) []core.Hit {
	out := make([]core.Hit, len(ids))
	for i, id := range ids {
		out[i] = core.Hit{UUID: id, Score: float64(len(ids) - i)}
	}
	return out
}

func TestFuse(t *testing.T) {
	tests := []struct {
		name    string
		lists   map[string][]core.Hit
		weights map[string]float64
		k       float64
		want    []string
		scores  map[string]float64
	}{
		{
			name:  "agreement wins",
			lists: map[string][]core.Hit{"cosine": hits("a", "b", "c"), "bm25": hits("c", "b", "d")},
			k:     1,
			// b: 1/3+1/3, a: 1/2, c: 1/4+1/2, d: 1/4
			want:   []string{"c", "b", "a", "d"},
			scores: map[string]float64{"a": 0.5, "b": 2.0 / 3, "c": 0.75, "d": 0.25},
		},
		{
			name:   "tie goes to the better single rank, then the uuid",
			lists:  map[string][]core.Hit{"cosine": hits("x", "y"), "bm25": hits("y", "x")},
			k:      60,
			want:   []string{"x", "y"},
			scores: map[string]float64{"x": 1.0/61 + 1.0/62, "y": 1.0/61 + 1.0/62},
		},
		{
			name:    "weights",
			lists:   map[string][]core.Hit{"cosine": hits("a"), "bm25": hits("b")},
			weights: map[string]float64{"bm25": 2},
			k:       1,
			want:    []string{"b", "a"},
			scores:  map[string]float64{"a": 0.5, "b": 1},
		},
		{
			name:   "equal scores share a rank",
			lists:  map[string][]core.Hit{"bfs": {{UUID: "p", Score: 1}, {UUID: "q", Score: 1}, {UUID: "r", Score: 0.5}}},
			k:      1,
			want:   []string{"p", "q", "r"},
			scores: map[string]float64{"p": 0.5, "q": 0.5, "r": 0.25},
		},
		{
			name:   "a repeated hit counts once",
			lists:  map[string][]core.Hit{"cosine": hits("a", "a", "b")},
			k:      1,
			want:   []string{"a", "b"},
			scores: map[string]float64{"a": 0.5, "b": 0.25},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := fuse(tt.lists, tt.weights, tt.k)
			ids := candIDs(got)
			if !cmp.Equal(ids, tt.want) {
				t.Errorf("fuse(%v) = %v, want %v", tt.lists, ids, tt.want)
			}
			scores := map[string]float64{}
			for _, c := range got {
				scores[c.id] = c.score
			}
			if diff := cmp.Diff(tt.scores, scores, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
				t.Errorf("fuse(%v) scores (-want +got):\n%s", tt.lists, diff)
			}
		})
	}
}

func TestLinear(t *testing.T) {
	lists := map[string][]core.Hit{
		"bm25":   {{UUID: "a", Score: 9}, {UUID: "b", Score: 5}, {UUID: "c", Score: 1}},
		"cosine": {{UUID: "c", Score: 0.9}, {UUID: "b", Score: 0.8}, {UUID: "d", Score: 0.4}},
	}
	tests := []struct {
		name    string
		weights map[string]float64
		want    []string
		scores  []float64
	}{
		// a: 1; b: 0.5 + 0.8; c: 0 + 1, before a by RRF; d: 0.
		{"equal weights", nil, []string{"b", "c", "a", "d"}, []float64{1.3, 1, 1, 0}},
		// a: 1; b: 0.5 + 0.16; c: 0.2; d: 0.
		{"cosine weighs 0.2", map[string]float64{"cosine": 0.2}, []string{"a", "b", "c", "d"}, []float64{1, 0.66, 0.2, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cands := fuse(lists, nil, 60)
			linear(cands, tt.weights)
			var scores []float64
			for _, c := range cands {
				scores = append(scores, c.score)
			}
			if got := candIDs(cands); !cmp.Equal(got, tt.want) {
				t.Errorf("linear(%v) = %v, want %v", tt.weights, got, tt.want)
			}
			if !cmp.Equal(scores, tt.scores, cmpopts.EquateApprox(0, 1e-9)) {
				t.Errorf("linear(%v) scores = %v, want %v", tt.weights, scores, tt.scores)
			}
		})
	}
	one := fuse(map[string][]core.Hit{"bm25": {{UUID: "x", Score: 3}, {UUID: "y", Score: 3}}}, nil, 60)
	linear(one, nil)
	if one[0].score != 1 || one[1].score != 1 {
		t.Errorf("linear(equal scores) = %v, %v; want 1, 1", one[0].score, one[1].score)
	}
	// A float sum of three terms depends on their order: (0.1+0.2)+0.3 is
	// not 0.1+(0.2+0.3). The same search must score the same every time,
	// so the rankings are summed in the order of their names.
	three := map[string][]core.Hit{}
	for _, m := range []string{"a", "b", "c"} {
		three[m] = []core.Hit{{UUID: "hi", Score: 1}, {UUID: "lo", Score: 0}}
	}
	three["a"] = append(three["a"], core.Hit{UUID: "x", Score: 0.1})
	three["b"] = append(three["b"], core.Hit{UUID: "x", Score: 0.2})
	three["c"] = append(three["c"], core.Hit{UUID: "x", Score: 0.3})
	x1, x2, x3 := 0.1, 0.2, 0.3 // variables: constants would sum exactly
	want := (x1 + x2) + x3
	for range 100 {
		cands := fuse(three, nil, 60)
		linear(cands, nil)
		for _, c := range cands {
			if c.id == "x" && c.score != want {
				t.Fatalf("linear summed x's scores to %v, want %v, the sum in the order of the rankings' names", c.score, want)
			}
		}
	}
}

// unit returns a unit vector at angle deg from the first axis, towards the
// second axis (plane 1) or the third (plane 2).
func unit(deg float64, plane int) []float32 {
	r := deg * math.Pi / 180
	v := []float32{float32(math.Cos(r)), 0, 0}
	v[plane] = float32(math.Sin(r))
	return v
}

func TestMMR(t *testing.T) {
	q := unit(0, 1)
	// a1, a2, a3 are near-duplicates close to the query; b and c are less
	// relevant, unlike the duplicates and unlike each other.
	vecs := [][]float32{unit(5, 1), unit(6, 1), unit(7, 1), unit(45, 2), unit(-45, 2)}
	tests := []struct {
		name   string
		lambda float64
		limit  int
		want   []int
	}{
		{"lambda 1 is relevance order", 1, 5, []int{0, 1, 2, 3, 4}},
		{"lambda 0.5 spreads the duplicates", 0.5, 3, []int{0, 3, 4}},
		{"lambda 0.3 spreads the duplicates", 0.3, 3, []int{0, 3, 4}},
		{"lambda 0.9 favours relevance", 0.9, 3, []int{0, 1, 2}},
		{"limit above the candidates", 0.5, 9, []int{0, 3, 4, 1, 2}},
		{"nil vectors are similar to nothing", 0.5, 2, []int{0, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs := vecs
			if tt.name == "nil vectors are similar to nothing" {
				vs = [][]float32{unit(5, 1), unit(6, 1), unit(7, 1), nil}
			}
			got, scores := mmr(q, vs, tt.lambda, tt.limit)
			if !cmp.Equal(got, tt.want) {
				t.Errorf("mmr(λ=%v, limit %d) = %v, want %v", tt.lambda, tt.limit, got, tt.want)
			}
			if len(scores) != len(got) {
				t.Fatalf("mmr returned %d scores for %d picks", len(scores), len(got))
			}
			if want := tt.lambda * core.Cosine(q, vs[got[0]]); math.Abs(scores[0]-want) > 1e-9 {
				t.Errorf("mmr first score = %v, want λ·sim = %v", scores[0], want)
			}
		})
	}
}

func TestCosine(t *testing.T) {
	tests := []struct {
		name string
		a, b []float32
		want float64
	}{
		{"same", []float32{1, 0}, []float32{2, 0}, 1},
		{"opposite", []float32{1, 0}, []float32{-1, 0}, -1},
		{"orthogonal", []float32{1, 0}, []float32{0, 3}, 0},
		{"nil", nil, []float32{1}, 0},
		{"zero", []float32{0, 0}, []float32{1, 0}, 0},
		{"lengths differ", []float32{1, 0}, []float32{1}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := core.Cosine(tt.a, tt.b); math.Abs(got-tt.want) > 1e-9 {
				t.Errorf("cosine(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
		})
	}
}

func TestClip(t *testing.T) {
	tests := []struct {
		name string
		s    string
		n    int
		want string
	}{
		{"short", "hello", 10, "hello"},
		{"at a word", "alpha beta gamma delta", 13, "alpha beta …"},
		{"inside a rune", "ééééé", 5, "éé …"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := clip(tt.s, tt.n); got != tt.want {
				t.Errorf("clip(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
			}
		})
	}
}
