package host

import (
	"time"
)

// The store: its backend and the settings of each (store.*).

// StoreConfig chooses the store and sizes the embedded database.
type StoreConfig struct {
	// Backend is the store: "kuzu", the embedded Kuzu database in DB;
	// "memory", an in-memory store (core/memstore) that keeps nothing
	// once the process ends, for trying mnemo without a database file; or
	// "weaviate", a Weaviate cluster (Weaviate). The settings below
	// Weaviate apply to Kuzu only. Default: kuzu.
	Backend string `toml:"backend" json:"backend"`
	// Weaviate is the cluster store.backend "weaviate" uses.
	Weaviate WeaviateConfig `toml:"weaviate" json:"weaviate"`
	// Lease makes this host one of several sharing a Weaviate store: it
	// ingests a group only while it holds the group's lease in etcd.
	Lease LeaseConfig `toml:"lease" json:"lease"`
	// BufferPoolMB is Kuzu's page cache in MiB, which also holds the
	// updates committed since the last checkpoint. Default: an eighth of
	// the machine's memory, between 256 and 2048.
	BufferPoolMB int `toml:"buffer_pool_mb" json:"buffer_pool_mb,omitempty"`
	// MaxDBSizeMB is the largest the database file may grow, in MiB, a
	// power of two; Kuzu reserves it as address space at open. Default:
	// 65536 (64 GiB), which fits a 39-bit address space.
	MaxDBSizeMB int `toml:"max_db_size_mb" json:"max_db_size_mb,omitempty"`
	// CheckpointEvery is the number of write transactions between two
	// checkpoints. Default: 256.
	CheckpointEvery int `toml:"checkpoint_every" json:"checkpoint_every,omitempty"`
	// CheckpointWALMB is the WAL size in MiB from which a commit is
	// followed by a checkpoint, at most a 256th of the buffer pool.
	// Default: 16.
	CheckpointWALMB int `toml:"checkpoint_wal_mb" json:"checkpoint_wal_mb,omitempty"`
	// IdleCheckpoint is how long after the last write the store
	// checkpoints what is left in its WAL, when that is at least an
	// eighth of checkpoint_wal_mb (or of the 256th of the buffer pool,
	// when that is less). Default: 2s; negative turns it off.
	IdleCheckpoint time.Duration `toml:"idle_checkpoint" json:"idle_checkpoint,omitempty"`
	// Threads is Kuzu's threads per query. Default: CPUs, at most 4.
	Threads int `toml:"threads" json:"threads,omitempty"`
	// ReadConns is the number of concurrent read connections. Default: 4.
	ReadConns int `toml:"read_conns" json:"read_conns,omitempty"`
	// NoJournal turns off mnemo's journal of acknowledged writes
	// (docs/durability.md): without it, a process killed inside one of
	// Kuzu's checkpoints can leave a database that does not open, and
	// what was written since the last checkpoint is lost. For measuring
	// the journal's cost. Default: false (the journal is kept).
	NoJournal bool `toml:"no_journal" json:"no_journal,omitempty"`
	// JournalDir is the journal's directory. Default: "journal" in the
	// database directory. On another disk it rebuilds the database even
	// when the database directory is lost; one journal per database.
	JournalDir string `toml:"journal_dir" json:"journal_dir,omitempty"`
	// JournalRebaseMB is the journal's size in MiB from which mnemo takes
	// a new base of it (a checked copy of the database file) and drops
	// the journal the base covers. Default: the larger of 64 and the
	// database file's size.
	JournalRebaseMB int `toml:"journal_rebase_mb" json:"journal_rebase_mb,omitempty"`
}

// WeaviateConfig names the Weaviate cluster of store.backend "weaviate".
type WeaviateConfig struct {
	// URL is a node's REST endpoint, http://host:port or https://.
	// Required with store.backend "weaviate".
	URL string `toml:"url" json:"url,omitempty"`
	// APIKey authenticates to Weaviate. Default: anonymous access.
	APIKey string `toml:"api_key" json:"api_key,omitempty"`
	// ReplicationFactor is the number of copies of each shard, given when
	// mnemo creates its collections. Default: 1.
	ReplicationFactor int `toml:"replication_factor" json:"replication_factor,omitempty"`
	// ConsistencyLevel is ONE, QUORUM or ALL, for reads and writes.
	// Default: QUORUM.
	ConsistencyLevel string `toml:"consistency_level" json:"consistency_level,omitempty"`
}

// LeaseConfig names the etcd cluster that hands out per-group ingestion
// leases when several mnemo hosts share one store.
type LeaseConfig struct {
	// Etcd are the etcd cluster's client URLs. Default: none, for a host
	// that is its store's only writer.
	Etcd []string `toml:"etcd" json:"etcd,omitempty"`
	// Prefix is the key prefix of the leases. Default: /mnemo/leases/.
	Prefix string `toml:"prefix" json:"prefix,omitempty"`
	// TTL is how long a host's leases outlive its last contact with etcd,
	// whole seconds, at least 2s. Default: 10s.
	TTL time.Duration `toml:"ttl" json:"ttl,omitempty"`
	// Username and Password authenticate to etcd. Default: none.
	Username string `toml:"username" json:"username,omitempty"`
	Password string `toml:"password" json:"password,omitempty"`
}
