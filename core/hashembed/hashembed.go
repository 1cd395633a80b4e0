package hashembed

import (
	"context"
	"fmt"
	"math"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/core"
)

// DefaultDimension is the dimension New uses when given zero.
const DefaultDimension = 256

// Feature weights; see the package documentation.
const (
	weightWord     = 1.0
	weightStopWord = 0.25
	weightBigram   = 0.6
	weightGram     = 2.0 // the L2 norm of one word's n-grams together
)

// Character n-gram sizes.
const minGram, maxGram = 2, 4

// Feature kind tags, hashed before the feature's bytes so that the word "ab"
// and the 3-gram "ab" (never equal in practice, but possible) are different
// features.
const (
	kindWord   = 'w'
	kindBigram = 'b'
	kindGram   = 'g'
	kindEmpty  = 'e'
)

// Embedder maps texts to L2-normalized vectors of a fixed dimension.
//
// An Embedder is safe for concurrent use and holds no resources; it needs no
// Close. The zero value is not usable: call New.
type Embedder struct {
	dim  int
	pool sync.Pool // *scratch
}

var _ core.Embedder = (*Embedder)(nil)

// New returns an Embedder of dimension dim, or DefaultDimension if dim is
// zero. A negative dimension is a programmer error and panics.
func New(dim int) *Embedder {
	if dim < 0 {
		panic(fmt.Sprintf("hashembed: negative dimension %d", dim))
	}
	if dim == 0 {
		dim = DefaultDimension
	}
	e := &Embedder{dim: dim}
	e.pool.New = func() any { return &scratch{acc: make([]float64, dim)} }
	return e
}

// Dimension returns the length of every vector.
func (e *Embedder) Dimension() int { return e.dim }

// Embed returns one vector per text, in order. The vectors share one
// backing array owned by the caller. Embed stops early with ctx's error when
// ctx is done; it never fails otherwise.
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	block := make([]float32, len(texts)*e.dim)
	out := make([][]float32, len(texts))
	s := e.pool.Get().(*scratch)
	defer e.pool.Put(s)
	for i, t := range texts {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("embed texts: %w", err)
			}
		}
		v := block[i*e.dim : (i+1)*e.dim : (i+1)*e.dim]
		s.embed(v, t)
		out[i] = v
	}
	return out, nil
}

// Vector returns the vector of one text in a new slice.
func (e *Embedder) Vector(text string) []float32 {
	v := make([]float32, e.dim)
	e.VectorInto(v, text)
	return v
}

// VectorInto writes the vector of text into dst, which must have length
// Dimension(); it allocates nothing.
func (e *Embedder) VectorInto(dst []float32, text string) {
	if len(dst) != e.dim {
		panic(fmt.Sprintf("hashembed: VectorInto with len(dst) = %d, want %d", len(dst), e.dim))
	}
	s := e.pool.Get().(*scratch)
	s.embed(dst, text)
	e.pool.Put(s)
}

// span is a word's byte range in scratch.norm.
type span struct{ start, end int }

// scratch is the reusable working memory of one embedding.
type scratch struct {
	norm  []byte    // normalized text, words separated by one space
	words []span    // word ranges in norm
	stop  []bool    // words[i] is a function word
	frame []byte    // "<word>" for n-grams
	runes []int     // rune start offsets in frame, plus len(frame)
	feats features  // distinct features and their weights
	acc   []float64 // the vector being built
}

// embed writes the vector of text into dst.
func (s *scratch) embed(dst []float32, text string) {
	s.normalize(text)
	s.feats.reset()
	s.collect()
	clear(s.acc)
	dim := uint64(len(s.acc))
	for _, i := range s.feats.order {
		h := s.feats.keys[i]
		// A feature seen with weights w1..wk weighs √(w1²+…+wk²): √tf·w
		// when they are equal.
		x := math.Sqrt(s.feats.sumsq[i])
		if h>>63 == 1 {
			s.acc[h%dim] -= x
		} else {
			s.acc[h%dim] += x
		}
	}
	var sum float64
	for _, x := range s.acc {
		sum += float64(x * x)
	}
	if sum == 0 {
		// Every feature cancelled out (possible in tiny dimensions): fall
		// back to the empty text's vector rather than a zero vector.
		s.acc[hashBytes(kindEmpty, nil)%dim] = 1
		sum = 1
	}
	inv := 1 / math.Sqrt(sum)
	for i, x := range s.acc {
		dst[i] = float32(float64(x * inv))
	}
}

// features is an open-addressing hash table from feature hash to the sum of
// the squares of its occurrences' weights. It remembers insertion order, so
// that the vector is summed in the same order on every run.
type features struct {
	keys  []uint64
	sumsq []float64 // zero marks an empty slot (weights are positive)
	order []int     // occupied slots in insertion order
}

// reset empties the table, keeping its memory.
func (f *features) reset() {
	for _, i := range f.order {
		f.sumsq[i] = 0
	}
	f.order = f.order[:0]
}

// add records one occurrence of feature h with weight w.
func (f *features) add(h uint64, w float64) {
	if 2*(len(f.order)+1) > len(f.keys) {
		f.grow()
	}
	mask := uint64(len(f.keys) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		if f.sumsq[i] == 0 {
			f.keys[i] = h
			f.sumsq[i] = float64(w * w)
			f.order = append(f.order, int(i))
			return
		}
		if f.keys[i] == h {
			f.sumsq[i] += float64(w * w)
			return
		}
	}
}

// grow doubles the table and re-inserts its entries in order.
func (f *features) grow() {
	keys, sumsq, order := f.keys, f.sumsq, f.order
	n := max(64, 2*len(keys))
	f.keys, f.sumsq, f.order = make([]uint64, n), make([]float64, n), make([]int, 0, n/2)
	mask := uint64(n - 1)
	for _, j := range order {
		i := keys[j] & mask
		for f.sumsq[i] != 0 {
			i = (i + 1) & mask
		}
		f.keys[i], f.sumsq[i] = keys[j], sumsq[j]
		f.order = append(f.order, int(i))
	}
}

// normalize fills s.norm and s.words from text.
func (s *scratch) normalize(text string) {
	s.norm = s.norm[:0]
	s.words = s.words[:0]
	start := -1 // start of the current word in norm, or -1 between words
	endWord := func() {
		if start >= 0 {
			s.words = append(s.words, span{start, len(s.norm)})
			start = -1
		}
	}
	for i := 0; i < len(text); {
		r := rune(text[i])
		size := 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		i += size
		switch {
		case 'a' <= r && r <= 'z' || '0' <= r && r <= '9':
			s.startWord(&start)
			s.norm = append(s.norm, byte(r))
		case 'A' <= r && r <= 'Z':
			s.startWord(&start)
			s.norm = append(s.norm, byte(r+'a'-'A'))
		case r < utf8.RuneSelf:
			if r != '\'' {
				endWord()
			}
		case r == '’' || r == 'ʼ':
			// Apostrophes join: "O’Neil" is "oneil".
		case unicode.Is(unicode.Mn, r):
			// A combining mark (decomposed input) is dropped, as the
			// fold table drops precomposed marks.
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			s.startWord(&start)
			r = unicode.ToLower(r)
			if r >= foldLo && r < foldLo+rune(len(fold)) && fold[r-foldLo] != "" {
				s.norm = append(s.norm, fold[r-foldLo]...)
			} else {
				s.norm = utf8.AppendRune(s.norm, r)
			}
		default:
			endWord()
		}
	}
	endWord()
	s.stop = s.stop[:0]
	for _, w := range s.words {
		s.stop = append(s.stop, isStopWord(s.norm[w.start:w.end]))
	}
}

// startWord begins a word at the end of s.norm unless one is open,
// separating it from the previous word with a space.
func (s *scratch) startWord(start *int) {
	if *start >= 0 {
		return
	}
	if len(s.norm) > 0 {
		s.norm = append(s.norm, ' ')
	}
	*start = len(s.norm)
}

// collect adds to s.feats the features of s.norm and s.words.
func (s *scratch) collect() {
	if len(s.words) == 0 {
		s.feats.add(hashBytes(kindEmpty, nil), 1)
		return
	}
	for i, w := range s.words {
		word := s.norm[w.start:w.end]
		weight := weightWord
		if s.stop[i] {
			weight = weightStopWord
		}
		s.feats.add(hashBytes(kindWord, word), weight)
		if i > 0 {
			// The two words and the one space between them are contiguous
			// in norm.
			s.feats.add(hashBytes(kindBigram, s.norm[s.words[i-1].start:w.end]), weightBigram)
		}
		if !s.stop[i] {
			s.grams(word)
		}
	}
}

// grams adds the character n-grams of "<word>", minGram to maxGram runes
// long, each weighing weightGram/√count so that a word's n-grams together
// weigh weightGram whatever the word's length.
func (s *scratch) grams(word []byte) {
	s.frame = append(append(append(s.frame[:0], '<'), word...), '>')
	s.runes = s.runes[:0]
	for i := 0; i < len(s.frame); {
		s.runes = append(s.runes, i)
		if s.frame[i] < utf8.RuneSelf {
			i++
		} else {
			_, n := utf8.DecodeRune(s.frame[i:])
			i += n
		}
	}
	s.runes = append(s.runes, len(s.frame))
	n := len(s.runes) - 1 // runes in frame
	count := 0
	for g := minGram; g <= maxGram; g++ {
		count += max(n-g+1, 0)
	}
	if count == 0 {
		return
	}
	w := float64(weightGram / math.Sqrt(float64(count)))
	for g := minGram; g <= maxGram; g++ {
		for i := 0; i+g <= n; i++ {
			s.feats.add(hashBytes(kindGram, s.frame[s.runes[i]:s.runes[i+g]]), w)
		}
	}
}

// hashBytes is FNV-1a 64 over kind and b, finished with MurmurHash3's
// fmix64.
func hashBytes(kind byte, b []byte) uint64 {
	const (
		offset = 14695981039346656037
		prime  = 1099511628211
	)
	h := uint64(offset)
	h ^= uint64(kind)
	h *= prime
	for _, c := range b {
		h ^= uint64(c)
		h *= prime
	}
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// isStopWord reports whether w is an English function word. Function words
// weigh less as words and give no character n-grams, so that "works at
// Acme" and "lives at home" are not similar for sharing "at".
func isStopWord(w []byte) bool {
	switch string(w) {
	case "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "has",
		"have", "he", "her", "his", "i", "in", "is", "it", "its", "of", "on", "or",
		"she", "that", "the", "their", "they", "this", "to", "was", "we", "were",
		"with", "you":
		return true
	}
	return false
}
