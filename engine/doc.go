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
// engine imports core and the standard library only, and builds with
// CGO_ENABLED=0; core imports no engine package. It never reads the wall
// clock: Options.Now is the clock.
package engine
