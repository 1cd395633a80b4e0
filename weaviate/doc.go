// Package weaviate is a core.Store on a Weaviate cluster, for mnemo past
// one machine: several mnemo hosts over a replicated store that survives a
// node's death. It is the only package that imports the Weaviate client
// (github.com/weaviate/weaviate-go-client/v5); no client type appears in
// its exported API. Open connects and creates the collections; Close
// releases the client. A *Store is safe for concurrent use.
//
// # What it stores
//
// Seven collections, named after Options.Prefix (default Mnemo):
//
//   - MnemoEpisode, MnemoEntity, MnemoFact and MnemoCommunity hold the
//     graph. They are multi-tenant, one tenant per group: a tenant is a
//     shard of its own, so a query names its group's tenant and can never
//     see another group's objects, and deleting a group drops its shards.
//     Group ids that are not valid tenant names map to a hash (tenantOf).
//   - MnemoRecord holds the records (core.RecordStore: the Zep-compatible
//     API's users and threads, evolution's statistics and reports), one
//     tenant per group in the same way, without vectors (record.go).
//   - MnemoOwner, not multi-tenant, records the group of every uuid of
//     each kind, so that a uuid taken by one group is a conflict for
//     another, as core.Change says (the tenants alone could not tell).
//   - MnemoRedo, not multi-tenant, holds the change being written to a
//     group, if any.
//
// Every object of the graph keeps its mnemo uuid (property mid) and its
// group; its Weaviate id is a UUIDv5 of (kind, group, uuid), so that
// writing an object again replaces it (a record's, of its group, kind and
// id). Timestamps are integers of Unix microseconds
// (core.Micros), absent when unknown. Embeddings are the objects' vectors
// in an HNSW index under cosine distance; BM25 searches the texts Kuzu
// indexes (an episode's content; an entity's or a community's name and
// summary; a fact's text and relation). The graph's links are lists on
// one object each: an episode lists the entities it mentions, a fact its
// ends and the episodes that state it, a community its members.
//
// # Reads
//
// A read asks each group's tenant and merges. Filters (core.Filter) are
// translated into Weaviate filters (filter.go), and core's rule
// (core.Filter.MatchFact and its siblings) is applied again to what comes
// back: the rule lives in core, the translation only narrows the search,
// and core/storetest's agreement cases hold the two to the same answers.
// A graph walk (Traverse, Distances) is one tenant-scoped query per hop.
//
// # Writes without transactions
//
// Weaviate has no transaction across objects. Apply reads what a change
// touches, checks it all, computes every object's new state, and then
// writes in an order that a retry of the same change completes after a
// crash at any point: registry records, new objects, invalidations, the
// episodes' status, deletions (write.go). The change itself is stored as
// the group's redo record (MnemoRedo) while it is written, and a change
// cut short is completed before anything else of its group (redo.go).
// Writes are serialized within a process; across processes, the engine
// writes a group only under the group's lease (core.Leases, package etcd:
// store.lease in the configuration).
//
// Records are not written all or none either: PutRecords checks every
// record first, then writes them in batches, each record whole under an
// id derived from its group, kind and id. A crash in the middle leaves
// some of the records written and the others as they were; writing the
// same records again completes it.
package weaviate
