// Package engine is mnemo's application: the Engine that turns episodes
// into a bi-temporal graph and answers queries from it, over the domain and
// contracts of package core.
//
// An Engine is opened on a core.Store, a core.Embedder and the plugin sets
// (core.PluginSets) that choose each group's extractor, resolvers, reranker
// and ontology, with an optional core.LLM and core.Leases. It owns the
// pipeline: the queue of pending episodes (the store is the queue),
// extraction in pieces, entity and fact resolution, invalidation, and one
// write per batch; retrieval and the context string; communities;
// evolution (importance, decay, archive, consolidation); deletion,
// forgetting, export and import. Surfaces (host, cmd) reach memory through
// an Engine only.
//
// The stages are packages of their own, each opened by Open with what it
// needs of the engine (a Deps struct): engine/ingest (splitting,
// extraction, resolution, invalidation, grouped writes), engine/retrieval
// (search, recipes, rerankers, contexts), engine/community, engine/evolve
// (importance, archive, consolidation) and engine/text (the rules for text
// they share). The engine keeps the queue and its reports, leases and
// erasure, and thin methods that check a request and hand it to its stage.
//
// engine imports core, its stages and the standard library only, and builds with
// CGO_ENABLED=0; core imports no engine package. It never reads the wall
// clock: Options.Now is the clock.
package engine
