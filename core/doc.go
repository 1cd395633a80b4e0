// Package core is mnemo's domain and pipeline: episodes, entities, facts and
// communities with their bi-temporal fields, the Engine that turns episodes
// into a graph and answers queries from it, and the small interfaces the
// pipeline consumes (Store, LLM, Embedder, Extractor, Resolver, Reranker).
//
// core imports only the standard library and builds with CGO_ENABLED=0. The
// storage engine (package kuzu), the plugin runtime (package wasm) and the
// LLM clients (package host/llm) implement core's interfaces; core never
// imports them. core never reads the wall clock: every component that needs
// the time takes a Now function.
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
