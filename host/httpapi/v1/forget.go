package v1

import (
	"context"
	"fmt"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/httpapi/api"
	"github.com/mnemohq/mnemo/host/wire"
)

// forgetRequest names what to forget: exactly one of an episode's uuid
// and an entity's uuid or name.
type forgetRequest struct {
	Episode string `json:"episode,omitempty"`
	Entity  string `json:"entity,omitempty"`
}

// erasureList is a group's erasure records, oldest first.
type erasureList struct {
	Erasures []host.Erasure `json:"erasures"`
}

func (s *server) forget(ctx context.Context, c *api.Call) (any, error) {
	var in forgetRequest
	if err := c.Decode(&in); err != nil {
		return nil, err
	}
	switch {
	case (in.Episode == "") == (in.Entity == ""):
		return nil, fmt.Errorf("%w: give exactly one of episode (a uuid) and entity (a uuid or a name)", core.ErrInvalid)
	case in.Episode != "":
		return s.Host.ForgetEpisode(ctx, c.Group, in.Episode, c.EraseOptions())
	default:
		return s.Host.ForgetEntity(ctx, c.Group, in.Entity, c.EraseOptions())
	}
}

func (s *server) listErasures(ctx context.Context, c *api.Call) (any, error) {
	es, err := s.Host.Erasures(ctx, c.Group)
	if err != nil {
		return nil, err
	}
	return erasureList{Erasures: es}, nil
}

// deleteGroup erases a group (host.Host.EraseGroup): its data leaves the
// database files before the answer.
func (s *server) deleteGroup(ctx context.Context, c *api.Call) (any, error) {
	e, err := s.Host.EraseGroup(ctx, c.Group, c.EraseOptions())
	if err != nil {
		return nil, err
	}
	return wire.Deleted{Episodes: e.Episodes, Entities: e.Entities, Facts: e.Facts, Communities: e.Communities, Restored: e.Restored}, nil
}
