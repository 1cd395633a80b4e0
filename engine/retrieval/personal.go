package retrieval

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/text"
)

// FeaturePersonal names what speakers say of themselves as a ranking a
// recipe can weigh: when the query asks in the first person ("how many
// doctors did I visit?"), an episodes scope whose Weights give it a
// positive weight ranks the candidates its methods found by the share of
// their words that are "I", "me", "my" and the like, and fuses that ranking
// in like a method's. A person asking about themselves is answered by what
// they said of themselves ("I just saw my dermatologist") sooner than by
// a general text on the same words. A query not in the first person adds
// nothing, and neither does a candidate with no first-person word.
const FeaturePersonal = "personal"

// firstPerson are the words a speaker uses of themselves.
var firstPerson = map[string]bool{
	"i": true, "me": true, "my": true, "mine": true, "myself": true,
	"i'm": true, "i've": true, "i'd": true, "i'll": true,
}

// textWords splits a text into lower-case words, apostrophes kept ("i'm").
func textWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' })
}

// firstPersonShare returns how many of s's words are in the first
// person and how many words it has, speaker labels ("Maria: ") left out.
func firstPersonShare(s string) (mine, all int) {
	ws := textWords(text.StripSpeakers(s))
	for _, w := range ws {
		if firstPerson[strings.ReplaceAll(w, "’", "'")] {
			mine++
		}
	}
	return mine, len(ws)
}

// textReadLimit bounds the bytes of each text the first-person ranking and
// the expansion read, so that a search's work does not grow with the size
// of the episodes it meets (an episode may hold a whole document).
const textReadLimit = 16 << 10

// readLimit returns the start of text that search reads: textReadLimit
// bytes, cut back to a rune boundary.
func readLimit(text string) string {
	if len(text) <= textReadLimit {
		return text
	}
	i := textReadLimit
	for i > 0 && !utf8.RuneStart(text[i]) {
		i--
	}
	return text[:i]
}

// episodeShare is firstPersonShare of a read episode's text, computed once
// per search; ok is false if id is no episode read.
func (c *objects) episodeShare(id string) (mine, all int, ok bool) {
	o := c.m[id]
	if o == nil || o.episode == nil {
		return 0, 0, false
	}
	if sh, seen := c.shares[id]; seen {
		return sh[0], sh[1], true
	}
	mine, all = firstPersonShare(readLimit(o.episode.Content))
	if c.shares == nil {
		c.shares = map[string][2]int{}
	}
	c.shares[id] = [2]int{mine, all}
	return mine, all, true
}

// inFirstPerson reports whether a query asks in the first person.
func inFirstPerson(query string) bool {
	mine, _ := firstPersonShare(query)
	return mine > 0
}

// personalHits ranks the episodes the scope's methods found by their share
// of first-person words, nil if the query is not in the first person.
func (s *search) personalHits(ctx context.Context, lists map[string][]core.Hit, objs *objects) ([]core.Hit, error) {
	if !inFirstPerson(s.req.Query) {
		return nil, nil
	}
	var ids []string
	for _, hits := range lists {
		for _, h := range hits {
			ids = append(ids, h.UUID)
		}
	}
	ids = dedupe(ids)
	if err := objs.ensure(ctx, ids, false); err != nil {
		return nil, err
	}
	var out []core.Hit
	for _, id := range ids {
		if mine, all, ok := objs.episodeShare(id); ok && mine > 0 {
			out = append(out, core.Hit{UUID: id, Score: float64(mine) / float64(all)})
		}
	}
	slices.SortFunc(out, func(a, b core.Hit) int {
		if a.Score != b.Score {
			return cmp.Compare(b.Score, a.Score)
		}
		return cmp.Compare(a.UUID, b.UUID)
	})
	return out, nil
}
