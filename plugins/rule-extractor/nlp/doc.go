// Package nlp is the rule extractor's analysis of English: part-of-speech
// tags, lemmas and WordNet's noun classes, with no dependency and its
// data embedded.
//
// The tagger is the averaged perceptron of github.com/jdkato/prose/v2
// (Penn Treebank tags), its model converted by internal/tools/nlpdata
// into a table that is read in place: nothing is decoded but a small
// header and the tag dictionary, so an instance of the WebAssembly plugin
// pays no load time and holds no copy of the weights. Lemmas are
// WordNet's morphy (its exception lists, then the detachment rules checked
// against WordNet's vocabulary); noun classes are the lexicographer file
// of a noun's first sense and the classes its hypernyms reach (a drug, a
// vaccine, an organisation, a city…).
//
// Everything is deterministic and safe for concurrent use: the data is
// read-only once decoded.
package nlp
