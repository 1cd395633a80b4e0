package nlp

import (
	_ "embed"
	"strings"
	"sync"
	"unicode"
)

// taggerBin is prose's averaged-perceptron model, as internal/tools/nlpdata
// writes it.
//
//go:embed tagger.bin
var taggerBin string

// tagger is the decoded header of taggerBin; the weights are read in
// place.
type tagger struct {
	classes []string
	dict    map[string]uint8
	// hashes, offsets, classOf and weights are views into taggerBin.
	hashes, offsets string
	nfeat           int
	// index is an open-addressing table of the features: slot → feature
	// + 1, by hash; mask is its size less one.
	index   []uint32
	mask    uint32
	classOf string
	weights string
	scale   float32
}

// model decodes taggerBin once. The model is read-only afterwards.
var model = sync.OnceValue(func() *tagger {
	s := taggerBin
	const magic = "MNTAG1\n"
	if !strings.HasPrefix(s, magic) {
		panic("nlp: tagger.bin is not a tagger model")
	}
	s = s[len(magic):]
	t := &tagger{}
	n := int(s[0])
	s = s[1:]
	for range n {
		l := int(s[0])
		t.classes = append(t.classes, s[1:1+l])
		s = s[1+l:]
	}
	u32 := func() int {
		v := le32(s, 0)
		s = s[4:]
		return int(v)
	}
	nd := u32()
	t.dict = make(map[string]uint8, nd)
	for range nd {
		l := int(s[0])
		t.dict[s[1:1+l]] = s[1+l]
		s = s[2+l:]
	}
	t.nfeat = u32()
	t.hashes, s = s[:4*t.nfeat], s[4*t.nfeat:]
	t.offsets, s = s[:4*(t.nfeat+1)], s[4*(t.nfeat+1):]
	nw := u32()
	t.classOf, s = s[:nw], s[nw:]
	t.weights, s = s[:2*nw], s[2*nw:]
	t.scale = float32(u32())
	size := uint32(1)
	for size < uint32(2*t.nfeat) {
		size <<= 1
	}
	t.index, t.mask = make([]uint32, size), size-1
	for f := range t.nfeat {
		h := le32(t.hashes, 4*f)
		for i := h & t.mask; ; i = (i + 1) & t.mask {
			if t.index[i] == 0 {
				t.index[i] = uint32(f) + 1
				break
			}
		}
	}
	return t
})

// le32 reads a little-endian uint32 at s[i:].
func le32(s string, i int) uint32 {
	return uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24
}

// fnv32 is the 32-bit FNV-1a hash, computed in steps so that a feature
// string need not be built.
type fnv32 uint32

const fnvOffset fnv32 = 2166136261

func (h fnv32) add(s string) fnv32 {
	for i := 0; i < len(s); i++ {
		h ^= fnv32(s[i])
		h *= 16777619
	}
	return h
}

// find returns the index of the feature of hash h, or -1.
func (t *tagger) find(h fnv32) int {
	for i := uint32(h) & t.mask; ; i = (i + 1) & t.mask {
		f := t.index[i]
		if f == 0 {
			return -1
		}
		if le32(t.hashes, 4*int(f-1)) == uint32(h) {
			return int(f - 1)
		}
	}
}

// add adds the weights of the feature of hash h to scores.
func (t *tagger) add(h fnv32, scores []int32) {
	f := t.find(h)
	if f < 0 {
		return
	}
	lo, hi := int(le32(t.offsets, 4*f)), int(le32(t.offsets, 4*f+4))
	for k := lo; k < hi; k++ {
		scores[t.classOf[k]] += int32(int16(uint16(t.weights[2*k]) | uint16(t.weights[2*k+1])<<8))
	}
}

// Tag returns the Penn Treebank tag of each word of a sentence, as
// prose's tagger does (NN, VBD, NNP, PRP$, …). Words are written as in
// the Penn Treebank: punctuation apart, "n't", "'s", "'m" split off.
// Tag is deterministic: among equal scores the first tag in byte order
// wins.
func Tag(words []string) []string {
	t := model()
	tags := make([]string, len(words))
	ctx := make([]string, len(words)+4)
	ctx[0], ctx[1] = "-START-", "-START2-"
	for i, w := range words {
		ctx[i+2] = normalize(w)
	}
	ctx[len(ctx)-2], ctx[len(ctx)-1] = "-END-", "-END2-"
	p1, p2 := "-START-", "-START2-"
	scores := make([]int32, len(t.classes))
	for i, w := range words {
		var tag string
		if w == "-" {
			tag = "-"
		} else if pictograph(w) {
			// "Reminder from your PTA chair 😅 the fair is on Saturday":
			// an emoji parts what it stands between, as a colon does.
			tag = ":"
		} else if c, ok := t.dict[w]; ok {
			tag = t.classes[c]
		} else if w != "" {
			clear(scores)
			t.features(i, ctx, w, p1, p2, scores)
			best := 0
			for c := 1; c < len(scores); c++ {
				if scores[c] > scores[best] {
					best = c
				}
			}
			tag = t.classes[best]
		}
		tags[i] = tag
		p2, p1 = p1, tag
	}
	return tags
}

// features adds the weights of the features of word i (prose's
// featurize) to scores.
func (t *tagger) features(i int, ctx []string, w, p1, p2 string, scores []int32) {
	suf := w[len(w)-min(len(w), 3):]
	i += 2
	prev, next := ctx[i-1], ctx[i+1]
	f := func(name, a, b string) {
		h := fnvOffset.add(name)
		if a != "" || b != "" {
			h = h.add(" ").add(a)
		}
		if b != "" {
			h = h.add(" ").add(b)
		}
		t.add(h, scores)
	}
	f("bias", "", "")
	f("i suffix", suf, "")
	f("i pref1", w[:1], "")
	f("i-1 tag", p1, "")
	f("i-2 tag", p2, "")
	f("i tag+i-2 tag", p1, p2)
	f("i word", ctx[i], "")
	f("i-1 tag+i word", p1, ctx[i])
	f("i-1 word", prev, "")
	f("i-1 suffix", prev[len(prev)-min(len(prev), 3):], "")
	f("i-2 word", ctx[i-2], "")
	f("i+1 word", next, "")
	f("i+1 suffix", next[len(next)-min(len(next), 3):], "")
	f("i+2 word", ctx[i+2], "")
}

// normalize is prose's normalization of a context word: hyphenated words,
// years and numbers are classes of their own, other words lower case.
func normalize(w string) string {
	switch {
	case w == "":
		return w
	case strings.Contains(w, "-") && w[0] != '-':
		return "!HYPHEN"
	case len(w) == 4 && isDigits(w):
		return "!YEAR"
	case w[0] >= '0' && w[0] <= '9':
		return "!DIGITS"
	}
	return strings.ToLower(w)
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// pictograph reports whether w is written in symbols only: an emoji, with
// its joiners and modifiers ("😅", "👍🏽", "❤️").
func pictograph(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.IsSymbol(r) && r != 0x200d && r != 0xfe0f && !unicode.Is(unicode.Mn, r) {
			return false
		}
	}
	return true
}
