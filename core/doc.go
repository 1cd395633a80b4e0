// Package core is mnemo's domain: episodes, entities, facts and
// communities with their bi-temporal fields; the Change a write applies and
// what makes one valid; the contract a store keeps (Store, its optional
// facilities and the conformance suite in core/storetest); the contracts of
// the components the engine consumes (LLM, Embedder, Extractor, Resolver,
// Reranker, Summarizer, Leases); the rules of what a read sees on both time
// axes and after a merge (Filter.MatchFact and its kin, VisibleFacts); names,
// ids, records and the errors every layer reports.
//
// core holds no pipeline: the Engine that ingests episodes and answers
// queries is package engine, which imports core; core imports no engine
// package. core imports only the standard library and builds with
// CGO_ENABLED=0. The stores (kuzu, weaviate, core/memstore), the plugin
// runtime (wasm) and the LLM clients (host/llm) implement core's
// interfaces; core never imports them, and never reads the wall clock:
// what needs the time takes it as a value or a Now function.
//
// # Time
//
// Every Fact carries four timestamps. ValidAt and InvalidAt are event time
// (T): when the fact held in the world. CreatedAt and ExpiredAt are system
// time (T'): when mnemo learned the fact and when mnemo retired it because a
// newer fact contradicted it. Nothing is deleted when a fact is superseded;
// it is invalidated, so the graph can answer both "what was true at T" and
// "what did we believe at T'". A zero time.Time means "unknown" (event time)
// or "not yet" (ExpiredAt).
//
// # Tenancy
//
// GroupID is the tenant. Every stored object belongs to exactly one group,
// and every read names the groups it may see.
//
// # Records
//
// A store may also keep records (RecordStore, optional): small JSON
// documents of a group by kind and id, for what surfaces keep beside the
// graph, such as the users and threads of the Zep-compatible API. They
// belong to their group like the rest and go when it is deleted; with a
// store that keeps none, the engine's record methods answer
// ErrUnsupported.
package core
