package httpapi

import (
	"context"
	"fmt"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
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

// eraseOptions names the key of the call in the audit record: its place
// in http.keys, never the key itself.
func eraseOptions(c *call) host.EraseOptions {
	if c.key == nil {
		return host.EraseOptions{}
	}
	return host.EraseOptions{Key: fmt.Sprintf("http.keys[%d]", c.key.index)}
}

func (s *Server) forget(ctx context.Context, c *call) (any, error) {
	var in forgetRequest
	if err := c.decode(&in); err != nil {
		return nil, err
	}
	switch {
	case (in.Episode == "") == (in.Entity == ""):
		return nil, fmt.Errorf("%w: give exactly one of episode (a uuid) and entity (a uuid or a name)", core.ErrInvalid)
	case in.Episode != "":
		return s.h.ForgetEpisode(ctx, c.group, in.Episode, eraseOptions(c))
	default:
		return s.h.ForgetEntity(ctx, c.group, in.Entity, eraseOptions(c))
	}
}

func (s *Server) listErasures(ctx context.Context, c *call) (any, error) {
	es, err := s.h.Erasures(ctx, c.group)
	if err != nil {
		return nil, err
	}
	return erasureList{Erasures: es}, nil
}

// deleteGroup erases a group (host.Host.EraseGroup): its data leaves the
// database files before the answer.
func (s *Server) deleteGroup(ctx context.Context, c *call) (any, error) {
	e, err := s.h.EraseGroup(ctx, c.group, eraseOptions(c))
	if err != nil {
		return nil, err
	}
	return wire.Deleted{Episodes: e.Episodes, Entities: e.Entities, Facts: e.Facts, Communities: e.Communities, Restored: e.Restored}, nil
}
