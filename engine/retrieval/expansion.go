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

// FeatureExpansion names pseudo-relevance feedback as a ranking a recipe
// can weigh: an episodes scope whose Weights give it a positive weight
// reads the texts of its best BM25 hits, takes the words that weigh most
// in them (expansionTerms), searches again by BM25 with the query and
// those words, and fuses that ranking in like a method's. The second
// search finds what the best hits' neighbours say in other words than the
// query: asked "how many doctors did I visit?", the best hit names "Dr.
// Patel" and "an ENT specialist", and the episodes that name only those
// come up too. When the query is in the first person, the texts read are
// the best hits in the first person (FeaturePersonal): what the asker said,
// not a general text on the same words. A scope without BM25, or whose BM25
// found nothing, adds nothing.
const FeatureExpansion = "expansion"

// Bounds of an expansion: the expansionWords that weigh most in the
// expansionDocs best BM25 hits, taken among the expansionPool best when
// only those in the first person count.
const (
	expansionDocs  = 5
	expansionWords = 10
	expansionPool  = 20
)

// expansionFillers are words of conversation that say nothing of what it
// is about, left out of expansions with the stop words.
var expansionFillers = map[string]bool{
	"also": true, "like": true, "would": true, "could": true, "really": true, "get": true, "got": true,
	"one": true, "know": true, "think": true, "want": true, "looking": true, "help": true, "way": true,
	"thanks": true, "thank": true, "sure": true, "great": true, "good": true, "well": true, "much": true,
	"many": true, "make": true, "recently": true, "lately": true, "let": true, "need": true,
}

// expansionHits searches the episodes scope again with the query and the
// words that weigh most in its best BM25 hits, nil if there are none.
func (s *search) expansionHits(ctx context.Context, q core.SearchQuery, lists map[string][]core.Hit, objs *objects) ([]core.Hit, error) {
	// Only a question in the first person reads past the best few.
	personal := inFirstPerson(s.req.Query)
	pool := lists[MethodBM25]
	if personal {
		pool = pool[:min(expansionPool, len(pool))]
	} else {
		pool = pool[:min(expansionDocs, len(pool))]
	}
	if len(pool) == 0 || pool[0].Score <= 0 {
		return nil, nil
	}
	ids := make([]string, len(pool))
	for i, h := range pool {
		ids[i] = h.UUID
	}
	if err := objs.ensure(ctx, ids, false); err != nil {
		return nil, err
	}
	var texts []string
	var weights []float64
	for _, h := range pool {
		o := objs.m[h.UUID]
		if o == nil || o.episode == nil {
			continue
		}
		if personal {
			if mine, _, _ := objs.episodeShare(h.UUID); mine == 0 {
				continue
			}
		}
		texts, weights = append(texts, readLimit(o.episode.Content)), append(weights, h.Score/pool[0].Score)
		if len(texts) == expansionDocs {
			break
		}
	}
	terms := expansionTerms(s.req.Query, texts, weights)
	if len(terms) == 0 {
		return nil, nil
	}
	q.Text = s.req.Query + " " + strings.Join(terms, " ")
	return s.sr.store.TextSearch(ctx, q)
}

// expansionTerms returns the words that weigh most in texts, at most
// expansionWords, heaviest first: a word weighs its share of each text's
// words times the text's weight (a relevance model, as in RM3), twice as
// much where it is capitalized inside a sentence (a name). Stop words,
// fillers, words under three letters, speaker labels ("Maria: ") and the
// query's own words are left out.
func expansionTerms(query string, texts []string, weights []float64) []string {
	asked := map[string]bool{}
	for _, w := range textWords(query) {
		asked[w] = true
	}
	isSep := func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }
	score := map[string]float64{}
	for i, doc := range texts {
		ws := strings.FieldsFunc(text.StripSpeakers(doc), isSep)
		tf := map[string]float64{}
		for j, w := range ws {
			lw := strings.ToLower(w)
			if len(lw) < 3 || core.IsStopWord(lw) || expansionFillers[lw] || firstPerson[lw] || asked[lw] || strings.Contains(lw, "'") {
				continue
			}
			v := 1.0
			if r, _ := utf8.DecodeRuneInString(w); j > 0 && unicode.IsUpper(r) {
				v = 2
			}
			tf[lw] += v
		}
		for w, c := range tf {
			score[w] += weights[i] * c / float64(len(ws))
		}
	}
	terms := make([]string, 0, len(score))
	for w := range score {
		terms = append(terms, w)
	}
	slices.SortFunc(terms, func(a, b string) int {
		if c := cmp.Compare(score[b], score[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	return terms[:min(expansionWords, len(terms))]
}
