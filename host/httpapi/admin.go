package httpapi

import (
	"context"
	"fmt"
	"slices"

	"github.com/mnemohq/mnemo/host"
)

// backup answers with a backup of the whole database as a tar stream
// (host.Host.BackupArchive). It holds every group's data, so it takes a
// key bound to every group ("*"), or no keys configured.
func (s *Server) backup(ctx context.Context, c *call) (any, error) {
	if c.key != nil && !slices.Contains(c.key.patterns, "*") {
		return nil, fmt.Errorf("%w: a backup holds every group: it takes a key bound to \"*\"", errForbidden)
	}
	_, write, err := s.h.BackupArchive(ctx, host.BackupOptions{Version: s.version})
	if err != nil {
		return nil, err
	}
	return stream{contentType: "application/x-tar", write: write}, nil
}
