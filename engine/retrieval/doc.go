// Package retrieval is the search stage of the engine: f(α) = χ(ρ(φ(α))).
// For each scope of a recipe it finds candidates with the recipe's methods
// (φ: cosine, BM25, breadth-first search, and the rankings a recipe may
// weigh: the period a query names, the words of the best hits, first-person
// statements, importance), orders them with a reranker (ρ: RRF, linear
// fusion, MMR, node distance, episode mentions, a cross-encoder on the LLM,
// or a rerank plugin) and loads the best; Context writes them as a context
// string within a token budget (χ).
//
// A Searcher holds the recipes (Options, BuiltinRecipes) and the components
// it reads from (Deps): a Store that it only reads, the embedder, the LLM
// and the plugin sets, a clock, and hooks to the engine for importance and
// for counting what searches return. It imports core and engine/text
// only, never package engine, which opens one Searcher per Engine and
// hands it the requests (engine.Engine.Search, Context, SearchBatch).
//
// A reranker that needs what the Searcher lacks (an LLM, a rerank plugin),
// or whose call fails, falls back to RRF and says so in Results.Warnings:
// retrieval keeps working offline.
package retrieval
