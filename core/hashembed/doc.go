// Package hashembed is mnemo's local embedder: a pure-Go, deterministic
// text-to-vector function that needs no model, no network and no download.
// It is the default core.Embedder when no embedding endpoint is configured,
// and the embedder of most tests.
//
// # How a vector is made
//
// The text is normalized: Unicode lower case; Latin letters with diacritics
// folded to ASCII ("José Müller" → "jose muller"; "ß" → "ss", "ø" → "o");
// combining marks dropped; apostrophes removed inside words ("O'Neil" →
// "oneil"); every other rune that is not a letter or digit separates words.
// The features of the normalized text are then
//
//   - each word (weight 1.0; 0.25 for a short list of English function
//     words such as "the", "of", "at");
//   - each pair of adjacent words (weight 0.6);
//   - each character 2-, 3- and 4-gram of each word framed by boundary
//     markers, "<smith>" giving "<s", "sm", ..., "<sm", "smi", ..., "<smi",
//     ...; a word's k n-grams weigh 2/√k each, so that together they weigh
//     2.0 whatever the word's length and a long word does not drown a short
//     one. Function words give none.
//
// A feature that occurs tf times weighs weight·√tf (sub-linear term
// frequency; with unequal weights, the root of the sum of their squares). Each feature is hashed with 64-bit FNV-1a over a one-byte kind
// tag followed by its UTF-8 bytes, and the hash is finished with MurmurHash3's
// fmix64 step so that every bit depends on every input byte. The hash modulo
// the dimension picks the component, and its top bit picks the sign (signed
// feature hashing, so collisions cancel on average instead of piling up).
// The vector is then L2-normalized. A text with no word at all (empty, or
// only punctuation) maps to one fixed unit vector, the same for all such
// texts.
//
// The output is identical across runs, machines and architectures: the hash
// is fixed, arithmetic is in float64 with explicit conversions (Go may not
// fuse them into FMA instructions), and the only math function used is
// the correctly rounded square root. testdata/golden.json pins it.
//
// # What it is good at, and what not
//
// Cosine similarity between these vectors measures shared words and shared
// spelling. That finds the same name written differently ("Alice Smith",
// "alice smith", "Alice Smyth", "Smith, Alice", "José"/"Jose"), inflections
// that share a stem ("works"/"working"), and facts that reuse the words of a
// query. It knows nothing of meaning: synonyms ("employed by" and "works
// at"), paraphrases, translations and abbreviations ("IBM" and
// "International Business Machines") look unrelated unless they share
// words. With an embedding model configured, mnemo uses that instead.
//
// It is tuned for scripts that separate words with spaces. Text in scripts
// that do not (Chinese, Japanese, Thai) still gets character n-gram
// features per run of letters, which gives some lexical matching, but no
// word features.
//
// # Cost
//
// Embedding allocates only the returned vectors (one block per Embed call);
// scratch space is pooled. BenchmarkEmbed reports embeddings per second for
// short names and ~100-word texts.
package hashembed
