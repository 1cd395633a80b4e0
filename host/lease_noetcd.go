//go:build noetcd

package host

import (
	"context"
	"fmt"

	"github.com/mnemohq/mnemo/core"
)

// An edge build (-tags noetcd) leaves the etcd client out: store.lease.etcd
// is then an error that says why (validateLease).

const etcdBuilt = false

func validateLeaseOptions(StoreConfig) error {
	return errNotBuilt("store.lease.etcd", "etcd", "noetcd")
}

// openLeases returns nil without store.lease.etcd, which this build
// refuses.
func openLeases(_ context.Context, c StoreConfig) (leases, error) {
	if len(c.Lease.Etcd) == 0 {
		return nil, nil
	}
	return nil, fmt.Errorf("%w: %w", core.ErrInvalid, errNotBuilt("store.lease.etcd", "etcd", "noetcd"))
}
