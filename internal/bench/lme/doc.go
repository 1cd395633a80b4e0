// Package lme is the LongMemEval retrieval benchmark: for each question it
// ingests the question's haystack into a group of its own, searches the
// memory with the question, maps the results to the sessions they came
// from and scores the official session-level metrics (recall_any@k,
// recall_all@k, ndcg_any@k), overall and per question type.
//
// The data format and the metric definitions are those of the official
// repository (github.com/xiaowu0162/LongMemEval, src/retrieval): gold
// sessions are the evidence sessions holding a user turn with
// has_answer=true; abstention questions (_abs) and questions without such a
// turn are left out; ndcg uses binary relevance with the repository's
// discount (1 for the first two positions, 1/log2(i) after).
//
// How the haystack enters the memory is a parameter (Ingest): EpisodesOnly
// stores the sessions as episodes with their embeddings and extracts
// nothing, which is all episode-level BM25 and cosine need; ThroughEngine
// sends them through Engine.Ingest, so the engine's extractor (the offline
// rule extractor when the host wires it) builds facts and entities, and the
// results of every scope map back to sessions through provenance.
package lme
