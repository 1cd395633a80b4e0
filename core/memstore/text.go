package memstore

import (
	"math"

	"github.com/mnemohq/mnemo/core"
)

// Full-text search is BM25 with one index per group and kind of object,
// so that each group's document frequencies and lengths are its own, as in
// Kuzu's index (kuzu/internal/bm25), whose analysis terms reproduces.

// BM25 parameters (Robertson's usual values).
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// terms analyzes text into index terms (core.SearchTerms).
func terms(text string) []string { return core.SearchTerms(text) }

// setOf returns the set of words.
func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// textIndex is the inverted index of one group's objects of one kind.
type textIndex struct {
	// postings maps a term to the documents holding it and its count in
	// each.
	postings map[string]map[string]int
	// terms and lens are each document's distinct terms and its number of
	// terms; total is the sum of lens.
	terms map[string][]string
	lens  map[string]int
	total int
}

func newTextIndex() *textIndex {
	return &textIndex{postings: map[string]map[string]int{}, terms: map[string][]string{}, lens: map[string]int{}}
}

// put indexes text as document id, replacing its earlier text.
func (ix *textIndex) put(id, text string) {
	ix.del(id)
	ts := terms(text)
	counts := map[string]int{}
	for _, t := range ts {
		counts[t]++
	}
	distinct := make([]string, 0, len(counts))
	for t, n := range counts {
		if ix.postings[t] == nil {
			ix.postings[t] = map[string]int{}
		}
		ix.postings[t][id] = n
		distinct = append(distinct, t)
	}
	ix.terms[id] = distinct
	ix.lens[id] = len(ts)
	ix.total += len(ts)
}

// del removes document id, if indexed.
func (ix *textIndex) del(id string) {
	ts, ok := ix.terms[id]
	if !ok {
		return
	}
	for _, t := range ts {
		delete(ix.postings[t], id)
		if len(ix.postings[t]) == 0 {
			delete(ix.postings, t)
		}
	}
	ix.total -= ix.lens[id]
	delete(ix.terms, id)
	delete(ix.lens, id)
}

// score returns the BM25 score of every document matching one of the
// query's terms (each term counted once).
func (ix *textIndex) score(query []string) map[string]float64 {
	out := map[string]float64{}
	n := len(ix.lens)
	if n == 0 {
		return out
	}
	avg := float64(ix.total) / float64(n)
	if avg == 0 {
		avg = 1
	}
	seen := map[string]bool{}
	for _, t := range query {
		if seen[t] {
			continue
		}
		seen[t] = true
		docs := ix.postings[t]
		if len(docs) == 0 {
			continue
		}
		df := float64(len(docs))
		idf := math.Log(1 + (float64(n)-df+0.5)/(df+0.5))
		for id, c := range docs {
			tf := float64(c)
			out[id] += idf * tf * (bm25K1 + 1) / (tf + bm25K1*(1-bm25B+bm25B*float64(ix.lens[id])/avg))
		}
	}
	return out
}
