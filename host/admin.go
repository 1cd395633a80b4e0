package host

import (
	"context"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Admin is the upkeep of a Host's store that is no part of memory: a
// checkpoint before a backup, the durability counters a soak test
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
	// WALBytes is the write-ahead log's size now.
	WALBytes int64
}

// noUpkeep is the Admin of a store that needs no upkeep: Checkpoint does
// nothing, Durability is zero, Close closes the store.
type noUpkeep struct{ s core.Store }

func (noUpkeep) Checkpoint(context.Context) error { return nil }

func (noUpkeep) Durability() Durability { return Durability{} }

func (noUpkeep) Advertise(string) error { return nil }

func (a noUpkeep) Close(ctx context.Context) error { return a.s.Close(ctx) }
