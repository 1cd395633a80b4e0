package v1

import (
	"context"
	"fmt"
	"slices"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/httpapi/api"
)

// backup answers with a backup of the whole database as a tar stream
// (host.Host.BackupArchive). It holds every group's data, so it takes a
// key bound to every group ("*"), or no keys configured.
func (s *server) backup(ctx context.Context, c *api.Call) (any, error) {
	if c.Key != nil && !slices.Contains(c.Key.Patterns(), "*") {
		return nil, fmt.Errorf("%w: a backup holds every group: it takes a key bound to \"*\"", api.ErrForbidden)
	}
	_, write, err := s.Host.BackupArchive(ctx, host.BackupOptions{Version: s.Version})
	if err != nil {
		return nil, err
	}
	return api.Stream{ContentType: "application/x-tar", Write: write}, nil
}
