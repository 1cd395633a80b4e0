package kuzu

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// Vectors cross into Kuzu as text ("[0.1,0.2,...]") cast to FLOAT[N] in
// Cypher: go-kuzu binds a []float32 with one cgo call per element, which
// made inserts of 256-dimension vectors about 20 times slower than parsing
// one string per vector inside Kuzu. Reads cast the other way for the same
// reason.

// vecParam formats v for CAST($v AS FLOAT[N]).
func vecParam(v []float32) string {
	var b strings.Builder
	b.Grow(len(v) * 10)
	b.WriteByte('[')
	for i, x := range v {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatFloat(float64(x), 'g', 8, 32))
	}
	b.WriteByte(']')
	return b.String()
}

// parseVec parses Kuzu's text form of a FLOAT[N] value.
func parseVec(s string) ([]float32, error) {
	s = strings.TrimSpace(s)
	if len(s) < 2 || s[0] != '[' || s[len(s)-1] != ']' {
		return nil, fmt.Errorf("parse vector %.40q: not a list", s)
	}
	s = s[1 : len(s)-1]
	out := make([]float32, 0, strings.Count(s, ",")+1)
	for len(s) > 0 {
		var part string
		part, s, _ = strings.Cut(s, ",")
		f, err := strconv.ParseFloat(strings.TrimSpace(part), 32)
		if err != nil {
			return nil, fmt.Errorf("parse vector element %q: %w", part, err)
		}
		out = append(out, float32(f))
	}
	return out, nil
}

// checkVec validates a vector before it is stored or searched with.
func (s *Store) checkVec(what string, v []float32) error {
	if len(v) != s.dim {
		return fmt.Errorf("%w: %s has dimension %d, the database's is %d", core.ErrInvalid, what, len(v), s.dim)
	}
	for _, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return fmt.Errorf("%w: %s holds NaN or Inf", core.ErrInvalid, what)
		}
	}
	return nil
}
