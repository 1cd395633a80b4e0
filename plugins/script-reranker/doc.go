// Command script-reranker is mnemo's built-in scripted reranker: a
// WebAssembly plugin whose configuration is a short expression that scores
// each search candidate from its features. The plugin orders the candidates
// by that score, highest first, and keeps the request's limit.
//
// # Configuration
//
// The configuration is a JSON object {"script": "..."} or, for
// convenience, the script's text itself (anything that does not start with
// "{"). The script is compiled once per plugin instance, when the host
// configures it; a syntax error, an unknown name or a result that is not a
// number is a configuration error, so a bad script fails at load, not at
// query time.
//
// # The language
//
// Scripts are expressions of github.com/expr-lang/expr. Each candidate is
// scored with these variables:
//
//	query      string             the search query
//	scope      string             "facts", "entities", "episodes" or "communities"
//	now        time.Time          the search's reference time
//	limit      int                how many results the caller wants (0: all)
//	count      int                how many candidates there are
//	position   int                the candidate's place in the input order, from 1
//	uuid, text string
//	scores     map[string]float   score per search method ("cosine", "bm25", "bfs")
//	ranks      map[string]int     rank per search method, from 1
//	rrf        float              reciprocal rank fusion: Σ 1/(60 + rank)
//	mentions   int                episodes stating or mentioning the candidate
//	distance   int                graph hops from the centre entity, -1 if unknown
//	importance float              the last evolution run's score in [0, 1], -1 if never scored
//	valid_at, invalid_at, created_at, expired_at   time.Time (zero if unknown)
//	age_days   float              days from valid_at (else created_at) to now, -1 if unknown
//
// A method that did not find the candidate is absent from scores and ranks:
// write (scores.cosine ?? 0). Only the method names are keys: a script that
// reads another (scores.rrf) is refused when the plugin is configured,
// since it would read 0 for every candidate. Besides expr's operators
// (contains, startsWith, endsWith, matches, in: text contains "tea") and
// functions (abs, min, max, round, lower, ...) there are exp(x) and log(x),
// the natural exponential and logarithm. Times support comparisons, subtraction (a
// duration) and methods such as valid_at.IsZero(). The built-in now() is
// disabled: use the variable now, the search's own time, so results do not
// depend on the plugin's clock (which the sandbox fakes unless granted).
// A score must be a finite number; a NaN is an error, and infinities are
// clamped to the largest finite values.
//
// Two example scripts are in examples/: recency-boosted RRF, and a blend of
// mention count and graph distance.
//
// # Why expr
//
// expr is an expression language: no loops, no recursion and no
// assignments, so every script terminates (its range and collection
// built-ins are bounded by expr's memory budget, and the sandbox's deadline
// and memory cap stand behind that). It type-checks a script against the
// variables at compile time, so mistakes surface as configuration errors;
// it compiles to a small bytecode VM that scores thousands of candidates in
// well under a millisecond; and it is pure Go that builds for wasip1. The
// plugin is about 7 MB; an embedded JavaScript engine (goja) would more
// than double that and bring loops, closures and a runtime that only the
// deadline can stop, for scripts that are one formula.
package main
