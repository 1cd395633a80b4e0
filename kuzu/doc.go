// Package kuzu is mnemo's default store: a core.Store on an embedded Kuzu
// graph database (github.com/kuzudb/go-kuzu v0.11.3, Kuzu's last release).
// It is the only package that imports go-kuzu; no Kuzu type appears in its
// exported API. Open acquires a database directory and Close releases it;
// a *Store is safe for concurrent use.
//
// # What it stores
//
// Options.Dir holds the Kuzu database file (graph.kuzu), Kuzu's
// write-ahead log beside it (graph.kuzu.wal) and the lock file mnemo.lock.
// An empty Dir opens an in-memory database, for tests. Store.Snapshot
// copies a live database consistently (backup.go) and Restore installs
// such a copy. Store.Compact rewrites a live database so that its files
// keep no byte of what was deleted (compact.go), for erasures. The graph
// has these
// tables; every node table but Meta carries group_id, the tenant:
//
//   - node tables Episode, Entity, Fact and Community, keyed by uuid;
//   - vector tables EntityVec, FactVec, EpisodeVec and CommunityVec, one
//     row (uuid, group_id, vec FLOAT[N]) per embedded object, keyed by the
//     object's uuid;
//   - relationship tables RELATES_TO (Entity to Fact and Fact to Entity),
//     MENTIONS (Episode to Entity), STATES (Episode to Fact) and
//     HAS_MEMBER (Community to Entity);
//   - Record, JSON documents by group, kind and id (core.RecordStore);
//   - FactAttrs, the attributes of facts that changed after they were
//     written, one row a fact, keyed by its uuid (factattrs.go: an update
//     of a string column in place makes Kuzu's next checkpoint rewrite the
//     column whole);
//   - Meta, key-value rows naming the application (app = mnemo), the
//     schema version and the embedding dimension N.
//
// Record, the community tables (Community, CommunityVec, HAS_MEMBER)
// and FactAttrs are made by the first record, community and change of a
// fact's attributes, and dropped when a database opens without any
// (lazytables.go): Kuzu 0.11.3 holds about 5.5 MiB of memory per node
// table, rows or none.
//
// A fact is a node between two RELATES_TO relationships,
// (Entity)-[:RELATES_TO]->(Fact)-[:RELATES_TO]->(Entity), because Kuzu
// puts indexes on node properties only. Embeddings live in tables of their
// own because Kuzu cannot SET a vector that an HNSW index covers:
// re-embedding deletes and re-inserts one vector row and leaves the object
// and its relationships alone. A fact's provenance is its STATES
// relationships; the catalog keeps each fact's list of episodes, built
// from them at opening and kept by every write that adds or removes one
// (provenance.go), because any relationship traversal from a looked-up
// node costs 1 to 2 ms in Kuzu 0.11.3. The Fact table's episodes column
// is what older versions kept there, read by nothing but migrations.
//
// # Schema, versions and migrations
//
// The schema is schema.cypher, embedded, with FLOAT[DIM] replaced by the
// dimension a new database records (Options.Dimension; 1 to 8192). It is
// version 10 (schemaVersion in schema.go). Open creates the schema in an
// empty database and otherwise checks it: a database whose Meta does not
// name mnemo is refused with core.ErrInvalid, a newer schema version or
// another dimension with core.ErrConflict. An older version is migrated
// one step at a time (migrations in schema.go: version 1 to 2 adds and
// fills Fact.episodes from STATES, 2 to 3 adds Episode.warnings), and the
// version is recorded after each step; every migration can run again
// after an interruption.
//
// # Beside the database: catalog, timeline and text index
//
// Any Kuzu statement costs at least 0.15 ms, a primary-key read of a
// fact about 0.2 to 0.3 ms, and an HNSW query that returns a property of
// its nodes scans the whole vector table. So the store keeps three things
// in memory, loaded at Open and updated after every commit under the
// write lock, never ahead of or behind what Kuzu committed:
//
//   - the catalog (catalog*.go): for each vector table the uuid and group
//     of the row at each offset (index queries return offsets only) and the
//     number of vectors per group; every fact's and entity's row but its
//     embedding, so that the objects a search returns are read and every
//     fact and entity filter is decided (by core's rule, core.Filter's
//     Match methods) without a statement; each entity's
//     facts and a name and acronym index, which serve the reads of entity
//     and fact resolution (FactsOfEntities, FactsBetween, EntitiesByName).
//     A transaction names the facts and entities it touched and reads
//     their rows back before its commit, so the catalog holds what Kuzu
//     committed. It costs about 300 bytes per fact and 200 per entity plus
//     its summary, and about 100 per vector.
//   - the timeline (timeline.go): each group's episodes in reference-time
//     order, for PreviousEpisodes; every episode's row but its content,
//     so that reading an episode asks Kuzu for its content alone and
//     adding one asks nothing; and the contents of the episodes written
//     most recently, up to 8 MiB. About 280 bytes per episode.
//   - the text index (textindex.go, package kuzu/internal/bm25).
//
// # Indexes
//
// Full text: the store creates no Kuzu full-text index. BM25 runs on an
// in-memory index with one sub-index per scope and group, so each
// tenant's statistics are its own. It indexes a fact's text and relation,
// an entity's name and summary, an episode's content and a community's
// name and summary; it is built at Open from the texts stored in Kuzu and
// updated after every commit, so a crash loses nothing.
//
// Vectors: each vector table gets an HNSW index kept in memory beside
// Kuzu (package internal/hnsw; cosine, M 16, efConstruction 100) when it
// reaches Options.VectorIndexAt vectors, 20,000 by default, keyed by the
// rows' offsets like the catalog's slots. The check runs at Open and after
// every commit (syncIndexes); the index is built in the background, from
// the table, when the table reaches the threshold and each time the store
// opens, and searches are exact until it is ready; every commit then
// applies the vectors it wrote and deleted (vecindex.go). Below that size
// searches are exact scans. A bulk load opens the store with
// VectorIndexAt < 0 and calls BuildVectorIndexes at the end, which builds
// before it returns. Kuzu's own HNSW index, which the store built until
// December 2026, cost about 3 ms an insert and grew with the table; a
// database that has one keeps it and searches through it, since it is
// never dropped (see the list of Kuzu limits below).
//
// The indexes span all groups, so VectorSearch picks a path per query
// (search.go): an exact scan when the searched groups hold fewer than
// Options.ExactSearchBelow vectors (20,000) or under a twentieth of the
// table; otherwise the index, over-fetching in proportion to the groups'
// share and doubling while the page is short, up to 4,096 neighbours,
// then an exact scan. When the filter looks at the present, either path
// ranks from the start deep enough for a page and half again at the share
// of the groups' facts or entities that are current (the catalog counts
// them): most of a long-lived memory's facts are superseded, and an
// evolved one's archived. The exact scan returns offsets and integer
// scores read as the result's text in one call (conn.ints; a row read
// value by value costs about ten calls into Kuzu), and a deeper round
// returns only the rows after the last one seen. An index query asks for a beam (Kuzu's efs) of
// twice the neighbours it wants, at least 64, rather than Kuzu's 200
// (searchBreadth); TestIndexRecall holds the path to 0.9 recall of the
// exact answer. A search never loses results to another group's
// data and never sees them. Bulk loads go through Import, which copies
// rows with COPY FROM and vectors through a NumPy file (import.go).
//
// # Connections and locking
//
// The directory is locked at Open: an exclusive flock on mnemo.lock on
// Unix, which also refuses a second Store of the same process, or a lock
// file created exclusively elsewhere. A held directory is core.ErrLocked,
// whose message names the holder from the lock file (its pid, and the URL
// it serves once Store.Advertise records one) with its command line from
// /proc where there is one.
//
// Kuzu allows one write transaction at a time, so every write runs on one
// writer connection under the store's write mutex, each write method in
// one transaction (Store.write). Reads take one of Options.ReadConns
// connections (4 by default) from a pool; reads of facts and entities
// without their embeddings, and text searches whose filter the catalog
// decides, run no statement at all. Each connection caches its prepared statements and
// runs a query on up to Options.Threads threads. Close waits for the
// operations in flight, then frees the connections and the database and
// releases the lock; if its ctx ends first, the writer's running query is
// interrupted. Close is idempotent and succeeds when ctx is done.
//
// When a call's ctx ends, its connection is interrupted and the error
// wraps ctx.Err(), so errors.Is(err, context.Canceled) holds. Kuzu's
// failures are translated into core's sentinels in one place (translate
// in conn.go, the only code that reads Kuzu's messages): a write conflict
// or a full buffer pool is core.ErrBusy, a duplicate key
// core.ErrConflict, a held lock core.ErrLocked.
//
// # Durability
//
// Kuzu keeps the updates of committed transactions in buffer-pool memory
// that cannot be evicted until a checkpoint, and checkpoints by itself only
// at 16 MiB of WAL. The store therefore checkpoints after a commit by a
// policy of its own (durable.go): every Options.CheckpointEvery commits
// (256), when the WAL passes the smaller of Options.CheckpointWALBytes
// (16 MiB) and a 256th of the pool, and when Kuzu reports more than three
// quarters of its pool in use, or more than half with 16 commits since the
// last checkpoint (asked every 8 commits). A journaled store's keeper takes
// the checkpoint, so the write whose commit made it due is answered first,
// and holds it while the engine has a short answer in progress
// (HoldUpkeepWhile), for 2 s at most; the write takes it itself when the
// pool is over three quarters full or the keeper has not come 16 commits
// later. A checkpoint first takes every
// read connection out of the pool, because Kuzu's CHECKPOINT waits for
// active transactions and gives up under a steady stream of reads. A
// statement that still finds the pool full is rolled back and tried once
// more after a checkpoint; if it fails again the caller gets core.ErrBusy.
// The write path sets only the columns that changed (writeplan.go).
//
// The buffer pool defaults to an eighth of the machine's memory, between
// 256 MiB and 2 GiB (DefaultBufferPool); the largest database size, which
// Kuzu reserves as address space, to 64 GiB (DefaultMaxDBSize). A WAL left
// by a killed run that does not replay in the configured pool is replayed
// with larger pools, up to half the machine's memory, before the database
// opens as configured. Checkpoint and DurabilityStats serve backups and
// tests. docs/durability.md says more.
//
// # Kuzu limits worked around
//
// Measured on Kuzu 0.11.3, each reproduced by a test or probe here:
//
//   - A transaction that writes tables with full-text indexes and tables
//     with vector indexes can commit without error and lose the rows of one
//     of them; rows inserted into a full-text-indexed table by one
//     multi-row statement crash the process when later updated or deleted;
//     and the full-text extension's BM25 statistics span all groups. Hence
//     the text index beside the database.
//   - DROP_VECTOR_INDEX removes only part of an index and leaves one that
//     can be neither recreated nor replaced: the store never drops one.
//   - Once the database has a vector index, a MERGE of a relationship (or a
//     NOT EXISTS test) in a transaction that created other relationships to
//     the same node can find one that does not exist and write nothing. The
//     store reads an episode's existing links with one MATCH before
//     creating any, and creates the absent ones.
//   - Committed updates pin buffer-pool memory until a checkpoint, and each
//     transaction that sets a column copies its chunk's earlier updates:
//     hence the checkpoint policy and writing only changed columns.
//   - A STRING column keeps every value it ever held in its node group's
//     dictionary, and a checkpoint that rewrites the column copies all of
//     them into the pool; a checkpoint that then runs out of pool leaves
//     the database half checkpointed (a crash at the next scan was seen).
//     The store compacts the database once a column holds mostly
//     replaced values (dictionary.go).
//   - "x.uuid IN $ids" scans the whole table and "UNWIND $ids" joins with
//     it; only "MATCH (x {uuid: $id})" uses the primary key. Short lists
//     are read one prepared lookup per id (ids.go).
//   - An HNSW query that returns a property of its nodes scans the vector
//     table: index queries return offsets, which the catalog maps.
//   - A filtered vector search through PROJECT_GRAPH takes the database's
//     single write lock: groups are handled by the catalog instead.
//   - go-kuzu binds a []float32 with one cgo call per element: vectors
//     cross as text cast to FLOAT[N] (vec.go), or as a NumPy file in
//     Import.
//   - Rolling back a transaction after a COPY into a relationship table
//     drops the relationships the table held before: Import copies only
//     into empty relationship tables and checks every end before it copies.
//   - count(e) over relationships still counts one that deleting an episode
//     removed: MentionCounts and EntityReferences count e.uuid.
//   - Kuzu's default maximum database size, 8 TiB of address space, does
//     not fit a 39-bit arm64 kernel; and its C API gives no reason when a
//     database fails to open, so the store checks the likely causes itself
//     and says which (durable.go).
//   - Kuzu lets a second database object open the same file in one process
//     and corrupt it: the directory lock refuses it.
package kuzu
