package host

import (
	"context"
	"fmt"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Admin is the upkeep of a Host's store that is no part of memory: a
// snapshot for a backup, a checkpoint, the durability counters a soak test
// reports, and the release of the store. Surfaces read and write memory
// through the Engine; Admin is for tools and for Close.
//
// An Admin is safe for concurrent use; Close is idempotent and succeeds
// even when ctx is done.
type Admin interface {
	// Checkpoint writes everything committed into the database files now.
	// A store without a write-ahead log has nothing to do.
	Checkpoint(ctx context.Context) error
	// Durability returns the store's checkpoint counters.
	Durability() Durability
	// Snapshot writes a consistent copy of the store's files into dir, an
	// existing empty directory, while the store serves: writes wait for
	// it, reads go on. A store without files refuses with core.ErrInvalid.
	Snapshot(ctx context.Context, dir string) (Snapshot, error)
	// BeginErasure records durably that an erasure begins, so that a
	// crash before its Compact ends is finished when the store opens
	// again; abandon forgets the record, for an erasure that deleted
	// nothing. A store without files does nothing.
	BeginErasure() (abandon func(), err error)
	// Compact rewrites the store's files so that they hold no byte of
	// what was deleted (an erasure: Host.ForgetEpisode), while the store
	// serves: reads and writes wait for it. A store that keeps nothing
	// deleted on disk of its own, or nothing on disk, has nothing to do
	// and reports zeros.
	Compact(ctx context.Context) (Compaction, error)
	// Advertise records where this process serves the store (mnemo
	// serve's URL), so that another process finding the database locked
	// names it. A store that no other process can open ignores it.
	Advertise(url string) error
	// Close releases the store.
	Close(ctx context.Context) error
}

// Durability counts what a store did to keep its write-ahead log and its
// memory bounded (see docs/durability.md). A store without either reports
// zeros.
type Durability struct {
	// Checkpoints counts checkpoints, CheckpointTime their total duration.
	Checkpoints    int64
	CheckpointTime time.Duration
	// BusyRetries counts statements that found the store's memory full and
	// went through after a checkpoint; Busy those that did not (answered
	// with core.ErrBusy).
	BusyRetries, Busy int64
	// Compactions counts the rewrites of the database the store did by
	// itself (docs/durability.md), CompactTime how long reads and writes
	// waited for rewrites, these and those of erasures.
	Compactions int64
	CompactTime time.Duration
	// WALBytes is the write-ahead log's size now.
	WALBytes int64
}

// Snapshot is what Admin.Snapshot wrote and counted.
type Snapshot struct {
	// Store names the store backend ("kuzu") and SchemaVersion its
	// schema's version.
	Store         string
	SchemaVersion int
	// Files are the names of the files written.
	Files []string
	// Groups counts what each group held at the snapshot's moment, counted
	// while writes waited: the snapshot holds exactly this.
	Groups map[string]core.Stats
	// Embedder made the vectors the store holds.
	Embedder core.EmbedderID
	// Blocked is how long writers waited.
	Blocked time.Duration
}

// Compaction is what Admin.Compact did.
type Compaction struct {
	// Before and After are the sizes in bytes of the store's files.
	Before, After int64
	// Blocked is how long reads and writes waited.
	Blocked time.Duration
}

// noUpkeep is the Admin of a store that needs no upkeep: Checkpoint does
// nothing, Durability is zero, Close closes the store.
type noUpkeep struct{ s core.Store }

func (noUpkeep) Checkpoint(context.Context) error { return nil }

func (noUpkeep) Durability() Durability { return Durability{} }

func (noUpkeep) Advertise(string) error { return nil }

func (noUpkeep) Compact(context.Context) (Compaction, error) { return Compaction{}, nil }

func (noUpkeep) BeginErasure() (func(), error) { return func() {}, nil }

func (noUpkeep) Snapshot(context.Context, string) (Snapshot, error) {
	return Snapshot{}, fmt.Errorf("%w: this store keeps nothing on disk to back up (store.backend)", core.ErrInvalid)
}

func (a noUpkeep) Close(ctx context.Context) error { return a.s.Close(ctx) }
