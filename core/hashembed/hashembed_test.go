package hashembed_test

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core/hashembed"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.json")

func cosine(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

// golden is one pinned vector: its largest components (index and value,
// rounded) for a reader, and a checksum of all its float32 bits.
type golden struct {
	Text   string       `json:"text"`
	Dim    int          `json:"dim"`
	Top    [][2]float64 `json:"top"`
	SHA256 string       `json:"sha256"`
}

func pin(e *hashembed.Embedder, text string) golden {
	v := e.Vector(text)
	h := sha256.New()
	var buf [4]byte
	for _, x := range v {
		binary.LittleEndian.PutUint32(buf[:], math.Float32bits(x))
		h.Write(buf[:])
	}
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(math.Abs(float64(v[b])), math.Abs(float64(v[a]))) })
	var top [][2]float64
	for _, i := range idx[:min(5, len(idx))] {
		top = append(top, [2]float64{float64(i), math.Round(float64(v[i])*1e6) / 1e6})
	}
	return golden{Text: text, Dim: e.Dimension(), Top: top, SHA256: hex.EncodeToString(h.Sum(nil))}
}

// TestGolden pins the output bit for bit: a change to normalization,
// features, weights or the hash changes every stored vector, so it must be
// deliberate (go test ./core/hashembed -run Golden -update).
func TestGolden(t *testing.T) {
	texts := []struct {
		text string
		dim  int
	}{
		{"Alice Smith", 0},
		{"Alice works at Acme Corp as a senior engineer since 2021.", 0},
		{"José Müller — O’Neil's café", 0},
		{"", 0},
		{"東京に住んでいる", 0},
		{"Bob Jones", 16},
		{"Kuzu is an embedded graph database", 1024},
	}
	var got []golden
	for _, tt := range texts {
		got = append(got, pin(hashembed.New(tt.dim), tt.text))
	}
	path := filepath.Join("testdata", "golden.json")
	if *update {
		b, err := json.MarshalIndent(got, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file (run with -update to create it): %v", err)
	}
	var want []golden
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if diff := gocmp.Diff(want, got); diff != "" {
		t.Errorf("vectors differ from %s (-want +got):\n%s", path, diff)
	}
}

func TestSimilarity(t *testing.T) {
	e := hashembed.New(0)
	tests := []struct {
		name     string
		query    string
		closer   string // must be more similar to query than farther
		farther  string
		minClose float64 // lower bound on cos(query, closer)
	}{
		{"typo in surname", "Alice Smith", "Alice Smyth", "Bob Jones", 0.45},
		{"typo beats other surname", "Alice Smith", "Alice Smyth", "Alice Johnson", 0.45},
		{"case and punctuation", "Alice Smith", "  alice SMITH. ", "Alice Smyth", 0.99},
		{"word order", "Alice Smith", "Smith, Alice", "Alice Johnson", 0.9},
		{"diacritics", "José Müller", "Jose Muller", "Josh Miller", 0.99},
		{"decomposed diacritics", "Jose\u0301 Mu\u0308ller", "José Müller", "Josh Miller", 0.99},
		{"dropped letter", "Microsoft", "Microsft", "Apple", 0.5},
		{"vowel swap", "Jonathan", "Jonathon", "Margaret", 0.5},
		{"shared company word", "works at Acme", "employed by Acme Corp", "lives at home", 0.3},
		{"abbreviated suffix", "Acme Corporation", "Acme Corp", "Globex Corporation", 0.6},
		{"apostrophe", "O'Neil", "ONeil", "Neil", 0.99},
		{"shared words", "Alice works at Acme as an engineer", "Alice is an engineer at Acme", "Bob moved to Paris last year", 0.7},
		{"inflection", "Bob is working on the graph", "Bob works on graphs", "Carol sings in a choir", 0.3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := e.Vector(tt.query)
			near := cosine(q, e.Vector(tt.closer))
			far := cosine(q, e.Vector(tt.farther))
			if near <= far {
				t.Errorf("cos(%q, %q) = %.3f, want more than cos(%q, %q) = %.3f", tt.query, tt.closer, near, tt.query, tt.farther, far)
			}
			if near < tt.minClose {
				t.Errorf("cos(%q, %q) = %.3f, want at least %.2f", tt.query, tt.closer, near, tt.minClose)
			}
		})
	}
}

// TestUnrelated checks that texts sharing no words nor spelling are nearly
// orthogonal.
func TestUnrelated(t *testing.T) {
	e := hashembed.New(0)
	pairs := [][2]string{
		{"Alice Smith", "Bob Jones"},
		{"Microsoft", "Apple"},
		{"Alice works at Acme as an engineer", "Bob moved to Paris last year"},
	}
	for _, p := range pairs {
		if c := cosine(e.Vector(p[0]), e.Vector(p[1])); math.Abs(c) > 0.15 {
			t.Errorf("cos(%q, %q) = %.3f, want within ±0.15", p[0], p[1], c)
		}
	}
}

func TestNormalized(t *testing.T) {
	tests := []struct {
		name string
		dim  int
		text string
	}{
		{"name", 0, "Alice Smith"},
		{"sentence", 0, "The quick brown fox jumps over the lazy dog, again and again."},
		{"empty", 0, ""},
		{"punctuation only", 0, "?!… --"},
		{"stop words only", 0, "the of at"},
		{"non-Latin", 0, "Привет, мир"},
		{"tiny dimension", 1, "Alice"},
		{"small dimension", 7, "Alice Smith works at Acme"},
		{"repeated word", 64, strings.Repeat("graph ", 500)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := hashembed.New(tt.dim)
			v := e.Vector(tt.text)
			if len(v) != e.Dimension() {
				t.Fatalf("len(Vector(%q)) = %d, want %d", tt.text, len(v), e.Dimension())
			}
			if n := math.Sqrt(cosine(v, v)); math.Abs(n-1) > 1e-5 {
				t.Errorf("|Vector(%q)| = %v, want 1", tt.text, n)
			}
		})
	}
}

func TestEmptyTextsShareOneVector(t *testing.T) {
	e := hashembed.New(0)
	a, b := e.Vector(""), e.Vector(" ,.; ")
	if diff := gocmp.Diff(a, b); diff != "" {
		t.Errorf("Vector(\"\") and Vector(\" ,.; \") differ (-a +b):\n%s", diff)
	}
	if c := cosine(a, e.Vector("Alice")); math.Abs(c) > 0.2 {
		t.Errorf("cos(empty, \"Alice\") = %.3f, want near 0", c)
	}
}

func TestDimension(t *testing.T) {
	tests := []struct{ in, want int }{{0, hashembed.DefaultDimension}, {1, 1}, {384, 384}}
	for _, tt := range tests {
		if got := hashembed.New(tt.in).Dimension(); got != tt.want {
			t.Errorf("New(%d).Dimension() = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestNewNegativePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("New(-1) did not panic")
		}
	}()
	hashembed.New(-1)
}

// TestDeterministic checks that Embed, Vector and VectorInto agree, across
// Embedder values and under concurrent use (run with -race).
func TestDeterministic(t *testing.T) {
	texts := []string{"Alice Smith", "", "Acme Corp hired Bob in 2020", "Ünïcödé naïve café", "Alice Smith"}
	a, b := hashembed.New(128), hashembed.New(128)
	want, err := a.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if diff := gocmp.Diff(want[0], want[4]); diff != "" {
		t.Errorf("the same text embedded twice in one call differs:\n%s", diff)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := range 8 {
		wg.Go(func() {
			for i, text := range texts {
				var got []float32
				switch g % 3 {
				case 0:
					got = b.Vector(text)
				case 1:
					got = make([]float32, 128)
					b.VectorInto(got, text)
				default:
					vs, err := b.Embed(context.Background(), []string{text})
					if err != nil {
						errs <- err.Error()
						return
					}
					got = vs[0]
				}
				if diff := gocmp.Diff(want[i], got); diff != "" {
					errs <- fmt.Sprintf("goroutine %d: vector of %q differs:\n%s", g, text, diff)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestEmbedCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := hashembed.New(0).Embed(ctx, []string{"a"})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Embed(canceled ctx) error = %v, want context.Canceled", err)
	}
}

func TestEmbedEmptyInput(t *testing.T) {
	vs, err := hashembed.New(0).Embed(context.Background(), nil)
	if err != nil || len(vs) != 0 {
		t.Errorf("Embed(nil) = %d vectors, %v; want 0, nil", len(vs), err)
	}
}

func TestVectorIntoAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items at random under -race")
	}
	e := hashembed.New(0)
	dst := make([]float32, e.Dimension())
	text := "Alice Smith works at Acme Corporation in Zürich since 2021"
	e.VectorInto(dst, text) // warm the pool
	if n := testing.AllocsPerRun(100, func() { e.VectorInto(dst, text) }); n != 0 {
		t.Errorf("VectorInto allocates %v times per call, want 0", n)
	}
}
