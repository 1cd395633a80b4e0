//go:build !noetcd

package host

import (
	"context"

	"github.com/mnemohq/mnemo/etcd"
)

// This file links the etcd client; an edge build leaves it out
// (-tags noetcd: lease_noetcd.go).

// etcdBuilt reports whether this build has the etcd client.
const etcdBuilt = true

// leaseOptions are the options of the etcd leases.
func (c StoreConfig) leaseOptions() etcd.Options {
	l := c.Lease
	return etcd.Options{Endpoints: l.Etcd, Prefix: l.Prefix, TTL: l.TTL, Username: l.Username, Password: l.Password}
}

func validateLeaseOptions(c StoreConfig) error { return c.leaseOptions().Validate() }

// openLeases connects to the etcd of store.lease, or returns nil when
// there is none.
func openLeases(ctx context.Context, c StoreConfig) (leases, error) {
	if len(c.Lease.Etcd) == 0 {
		return nil, nil
	}
	l, err := etcd.Open(ctx, c.leaseOptions())
	if err != nil {
		return nil, err // not a typed nil in the interface
	}
	return l, nil
}
