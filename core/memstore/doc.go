// Package memstore is a core.Store held in memory: the reference for what a
// store must do, a fast store for the engine's unit tests, and the backend
// of a store that needs no database (a "memory" store option).
//
//	s := memstore.New(256) // the embedding dimension
//	defer s.Close(ctx)
//
// New allocates nothing outside the Go heap, so there is no Open; Close
// drops the data, and every method then fails with core.ErrClosed.
//
// # Contract
//
// The contract is core.Store's documentation and the conformance suite,
// core/storetest, which this store passes whole: no sub-test is skipped.
// Which objects a Filter keeps is decided by core (Filter.MatchFact,
// MatchFactEnds, MatchEntity, MatchEpisode, MatchCommunity), never here.
// Where the contract is silent the store does what package kuzu does:
//
//   - uuids are unique per kind of object across groups: a change that
//     names another group's object fails with core.ErrConflict;
//   - listings of entities, facts and communities are in uuid order (the
//     creation order of mnemo's UUIDv7 ids), episodes in reference time,
//     then uuid, order; cursors have Kuzu's form;
//   - Apply updates a stored episode's processing fields only (name,
//     description, status, attempts, error, warnings, embedding), keeps a
//     replaced object's creation time and a fact's stated end, and reads
//     attributes back through JSON, as Kuzu stores them; the objects a
//     Change deletes go with their links and nothing else (what else a
//     deletion takes or restores is the engine's rule);
//   - full-text search is BM25 with each group's own statistics, over the
//     fields Kuzu indexes, with Kuzu's analysis: lower case, letters and
//     digits, English stop words dropped, Porter2 stems (stem.go);
//   - traversals walk every fact between the entities, retired ones too,
//     and the Filter applies to the objects found, the entities an
//     episode seed mentions included.
//
// # Concurrency and ownership
//
// A Store is safe for concurrent use: reads share a read lock and writes
// take the write lock, so a reader sees a write whole or not at all. A
// write checks everything before it changes anything, so a failed write
// leaves the store unchanged. The store copies what it is given and every
// slice and map it returns, which belong to the caller.
//
// # Limits
//
// Everything is in RAM and nothing is persisted: the data lives as long as
// the Store. Searches are exact and brute force: a vector search computes
// the cosine of every embedding of the searched groups, a text search
// scores every document that holds a query term, and listings sort a
// group's objects on each call. That is fast for tests and for groups of a
// few tens of thousands of objects, not for millions. Writes are
// serialized and block reads while they run.
package memstore
