package text

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/core"
)

// meaningWindow is how many sentences on each side of a gap are compared
// by SplitMeaning, as TextTiling compares blocks of text.
const meaningWindow = 3

// SentenceSpans is a text cut into sentences, each at most budget bytes, the
// candidate cuts of SplitMeaning.
type SentenceSpans struct {
	content string
	// bounds are the sentences' starts, then len(content): sentence i is
	// content[bounds[i]:bounds[i+1]], with the space that follows it.
	bounds []int
	// prefix is the speaker prefix repeated at the head of every piece
	// after the first, as splitText repeats it.
	prefix string
	// budget bounds a piece before the prefix.
	budget int
}

// Len is the number of sentences.
func (s SentenceSpans) Len() int { return len(s.bounds) - 1 }

// SpansOf cuts an episode's content into sentences: after a line
// break, or after a full stop, exclamation or question mark followed by a
// space and a capital or a digit (not after a title or an initial, as in
// "Dr. J. Smith"). A sentence longer than the budget is cut as splitText
// cuts it.
func SpansOf(ep core.Episode, max int) SentenceSpans {
	s := SentenceSpans{content: ep.Content, budget: max}
	if ep.Source == core.SourceMessage {
		if m := speakerPrefix.FindString(ep.Content); m != "" && len(m) < max/2 {
			s.prefix = m
			s.budget = max - len(m)
		}
	}
	c := ep.Content
	add := func(end int) {
		start := 0
		if n := len(s.bounds); n > 0 {
			start = s.bounds[n-1]
		}
		for end-start > s.budget {
			start += CutPoint(c[start:], s.budget)
			s.bounds = append(s.bounds, start)
		}
		if end < len(c) {
			s.bounds = append(s.bounds, end)
		}
	}
	s.bounds = append(s.bounds, 0)
	for i := 0; i < len(c); i++ {
		if !sentenceEnd(c, i) {
			continue
		}
		j := i + 1
		for j < len(c) && (c[j] == ' ' || c[j] == '\t' || c[j] == '\n' || c[j] == '\r') {
			j++
		}
		if j < len(c) {
			add(j)
		}
		i = j - 1
	}
	add(len(c))
	s.bounds = append(s.bounds, len(c))
	return s
}

// sentenceEnd reports whether a sentence ends at c[i].
func sentenceEnd(c string, i int) bool {
	switch c[i] {
	case '\n':
		return true
	case '.', '!', '?':
	default:
		return false
	}
	if i+2 >= len(c) || (c[i+1] != ' ' && c[i+1] != '\t') {
		return false
	}
	next, _ := utf8.DecodeRuneInString(strings.TrimLeft(c[i+1:], " \t"))
	if !unicode.IsUpper(next) && !unicode.IsDigit(next) && next != '"' && next != '\'' && next != '(' {
		return false
	}
	if c[i] != '.' {
		return true
	}
	w := c[strings.LastIndexAny(c[:i], " \t\n(\"")+1 : i]
	return utf8.RuneCountInString(w) > 1 && !abbreviations[strings.ToLower(w)]
}

// abbreviations end in a full stop that does not end the sentence.
var abbreviations = map[string]bool{
	"mr": true, "mrs": true, "ms": true, "dr": true, "prof": true, "st": true,
	"jr": true, "sr": true, "vs": true, "no": true, "inc": true, "ltd": true,
	"co": true, "corp": true, "gen": true, "col": true, "capt": true, "mt": true,
}

// Texts returns the sentences, for the embedder.
func (s SentenceSpans) Texts() []string {
	out := make([]string, len(s.bounds)-1)
	for i := range out {
		out[i] = s.content[s.bounds[i]:s.bounds[i+1]]
	}
	return out
}

// Cut returns the pieces: the cuts between sentences that make the fewest
// pieces of at most budget bytes and, among those, the least summed
// similarity across the cuts (see gapSimilarity). The result is a function
// of the text and the vectors only.
func (s SentenceSpans) Cut(vecs [][]float32) []string {
	sim := gapSimilarity(vecs, meaningWindow)
	n := len(s.bounds) - 1 // sentences; gap g is before sentence g
	// best[j] is the best way to end a piece before sentence j: its
	// pieces, their summed cut similarity, and where its last piece
	// starts. A deque holds the starts still in reach, best first.
	type way struct {
		pieces int
		cost   float64
		from   int
	}
	better := func(a, b way) bool {
		return a.pieces < b.pieces || a.pieces == b.pieces && a.cost < b.cost
	}
	best := make([]way, n+1)
	queue := []int{0}
	for j := 1; j <= n; j++ {
		for s.bounds[j]-s.bounds[queue[0]] > s.budget {
			queue = queue[1:]
		}
		i := queue[0]
		w := way{pieces: best[i].pieces + 1, cost: best[i].cost, from: i}
		if j < n {
			w.cost += sim[j]
		}
		best[j] = w
		for len(queue) > 0 && !better(best[queue[len(queue)-1]], w) {
			queue = queue[:len(queue)-1]
		}
		queue = append(queue, j)
	}
	var ends []int
	for j := n; j > 0; j = best[j].from {
		ends = append(ends, j)
	}
	out := make([]string, 0, len(ends))
	start := 0
	for k := len(ends) - 1; k >= 0; k-- {
		p := strings.TrimSpace(s.content[s.bounds[start]:s.bounds[ends[k]]])
		start = ends[k]
		if p == "" {
			continue
		}
		if len(out) > 0 && s.prefix != "" && !strings.HasPrefix(p, s.prefix) {
			p = s.prefix + p
		}
		out = append(out, p)
	}
	return out
}

// gapSimilarity returns, for each gap g between sentences g-1 and g
// (g = 1 … len(vecs)-1), the cosine similarity of the sums of the unit
// vectors of the w sentences before it and of the w sentences after it
// (fewer at the ends); sim[0] is unused. A topic change is a valley.
func gapSimilarity(vecs [][]float32, w int) []float64 {
	n := len(vecs)
	sim := make([]float64, n)
	if n == 0 {
		return sim
	}
	norms := make([]float64, n)
	for i, v := range vecs {
		var sq float64
		for _, x := range v {
			sq += float64(x) * float64(x)
		}
		if sq > 0 {
			norms[i] = 1 / math.Sqrt(sq)
		}
	}
	dim := len(vecs[0])
	left, right := make([]float64, dim), make([]float64, dim)
	window := func(dst []float64, lo, hi int) {
		clear(dst)
		for i := lo; i < hi; i++ {
			for k, x := range vecs[i][:min(dim, len(vecs[i]))] {
				dst[k] += float64(x) * norms[i]
			}
		}
	}
	for g := 1; g < n; g++ {
		window(left, max(g-w, 0), g)
		window(right, g, min(g+w, n))
		var dot, l2, r2 float64
		for k := range dim {
			dot += left[k] * right[k]
			l2 += left[k] * left[k]
			r2 += right[k] * right[k]
		}
		if l2 > 0 && r2 > 0 {
			sim[g] = dot / math.Sqrt(l2*r2)
		}
	}
	return sim
}
