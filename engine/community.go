package engine

import (
	"context"

	"github.com/mnemohq/mnemo/engine/community"
)

// Communities are the community.Keeper's; the engine hands it the
// requests of the surfaces and the entities ingestion brings.

// BuildCommunities detects the communities of a group from scratch and
// replaces the group's previous ones in one write. See
// community.Keeper.Build.
func (e *Engine) BuildCommunities(ctx context.Context, group string) (community.Report, error) {
	if err := e.checkOpen(); err != nil {
		return community.Report{}, err
	}
	return e.keeper.Build(ctx, group)
}

// CommunityStatus reports when a group's communities were built and how
// far they have drifted since.
func (e *Engine) CommunityStatus(ctx context.Context, group string) (community.Status, error) {
	return e.keeper.Status(ctx, group)
}
