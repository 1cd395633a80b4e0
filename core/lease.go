package core

import "context"

// Leases hands out per-group ingestion leases.
type Leases interface {
	// Acquire takes the lease on a group without waiting for it: ok is
	// false when another holder has it.
	Acquire(ctx context.Context, group string) (lease Lease, ok bool, err error)
}

// Lease is a held group lease.
type Lease interface {
	// Lost is closed when the lease ends without Release: the holder was
	// cut off from the coordination service long enough for its lease to
	// expire, and another host may take the group.
	Lost() <-chan struct{}
	// Release gives the lease back.
	Release(ctx context.Context) error
}
