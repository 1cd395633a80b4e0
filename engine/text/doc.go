// Package text holds the engine's rules for text: how an episode is cut
// into pieces for the extractor (Split, by size, and SentenceSpans, the
// candidate cuts of a split by meaning), how texts are compared (Normalize,
// the key under which two fact texts are the same; FuzzyKey and FuzzyMatch,
// the fuzzy name match of entity resolution), and how summaries are made
// of sentences (Sentence, Sentences, JoinCapped, FactSummary).
//
// Each rule is written once here and used by every stage that needs it:
// ingestion, resolution, retrieval, communities and consolidation. The
// rules stores share with the engine live in core instead (NormalizeName,
// Acronym, IsStopWord, Cosine), since stores import no engine package.
//
// text imports core and the standard library only. Its functions are pure
// and safe for concurrent use.
package text
