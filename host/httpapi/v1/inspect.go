package v1

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/httpapi/api"
	"github.com/mnemohq/mnemo/host/wire"
)

// The links between episodes and what was extracted from them, both ways:
// what the web inspector (/ui) shows when an entity or an episode is
// picked, served to any client.

// factSet answers the listings of facts that are not paged: an entity's
// and an episode's.
type factSet struct {
	Facts []wire.Fact `json:"facts"`
}

// episodeSet answers the listings of episodes that are not paged.
type episodeSet struct {
	Episodes []wire.Episode `json:"episodes"`
}

// entitySet answers GET .../episodes/{uuid}/entities.
type entitySet struct {
	Entities []wire.Entity `json:"entities"`
}

// keyInfo answers GET /v1/key.
type keyInfo struct {
	// Groups are the group ids and patterns the key may use; ["*"] when
	// the server has no keys.
	Groups []string `json:"groups"`
	// ReadOnly keys may read and search but change nothing.
	ReadOnly bool `json:"read_only"`
}

func (s *server) inspectRoutes() []*api.Route {
	return []*api.Route{
		{
			Method: "GET", Path: "/v1/key", Auth: api.AuthKey, Handle: s.getKey, Tag: "groups",
			Summary: "What the request's API key may do",
			Description: "The groups the key is bound to and whether it is read-only (http.keys.read_only), so that a " +
				"client such as the web inspector offers only what the key allows. Without keys configured: every " +
				"group, reads and writes.",
			Response: keyInfo{},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/entities/{uuid}", Auth: api.AuthGroup, Handle: s.getEntity, Tag: "graph",
			Summary: "One entity", Response: wire.Entity{},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/entities/{uuid}/facts", Auth: api.AuthGroup, Handle: s.listEntityFacts, Tag: "graph",
			Summary: "The facts of an entity",
			Description: "The facts that have the entity as source or target, in creation order, filtered in time as " +
				"GET .../facts is: by default those true now; history=true adds ended and superseded facts (a timeline " +
				"of the entity); include_quarantined adds the facts held in quarantine, quarantined keeps only them.",
			Query: []api.Param{
				{Name: "history", Type: "boolean", Description: "Include ended and superseded facts."},
				{Name: "valid_at", Type: "string", Description: "Facts true at this time (RFC 3339 or a date)."},
				{Name: "known_at", Type: "string", Description: "Facts as mnemo knew them at this time (RFC 3339 or a date)."},
				includeQuarantinedParam, quarantinedParam},
			Response: factSet{},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/entities/{uuid}/episodes", Auth: api.AuthGroup, Handle: s.listEntityEpisodes, Tag: "graph",
			Summary:     "The episodes that mention an entity",
			Description: "The episodes the entity was extracted from, oldest first: where what mnemo knows of it came from.",
			Response:    episodeSet{},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/episodes/{uuid}/entities", Auth: api.AuthGroup, Handle: s.listEpisodeEntities, Tag: "episodes",
			Summary: "The entities an episode mentions", Response: entitySet{},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/episodes/{uuid}/facts", Auth: api.AuthGroup, Handle: s.listEpisodeFacts, Tag: "episodes",
			Summary:     "The facts an episode states",
			Description: "Invalidated and expired facts included: what the episode said, whatever became of it since.",
			Response:    factSet{},
		},
	}
}

func (s *server) getKey(_ context.Context, c *api.Call) (any, error) {
	if c.Key == nil {
		return keyInfo{Groups: []string{"*"}}, nil
	}
	return keyInfo{Groups: c.Key.Patterns(), ReadOnly: c.Key.ReadOnly()}, nil
}

// factFilter reads the time filter of a fact listing: history, valid_at
// and known_at.
func factFilter(c *api.Call) (core.Filter, error) {
	q := c.R.URL.Query()
	tf := wire.TimeFilter{ValidAt: q.Get("valid_at"), KnownAt: q.Get("known_at")}
	for name, b := range map[string]*bool{"history": &tf.IncludeHistory, "include_quarantined": &tf.IncludeQuarantined, "quarantined": &tf.Quarantined} {
		if v := q.Get(name); v != "" {
			var err error
			if *b, err = strconv.ParseBool(v); err != nil {
				return core.Filter{}, fmt.Errorf("%w: %s %q: want true or false", core.ErrInvalid, name, v)
			}
		}
	}
	return tf.Filter()
}

func (s *server) getEntity(ctx context.Context, c *api.Call) (any, error) {
	e, err := s.Host.Engine.Entity(ctx, []string{c.Group}, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	return wire.EntityOf(e), nil
}

func (s *server) listEntityFacts(ctx context.Context, c *api.Call) (any, error) {
	f, err := factFilter(c)
	if err != nil {
		return nil, err
	}
	e, err := s.Host.Engine.Entity(ctx, []string{c.Group}, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	facts, err := s.Host.Engine.EntityHistory(ctx, c.Group, e.UUID, f)
	if err != nil {
		return nil, err
	}
	out, err := s.Host.ShowFacts(ctx, []string{c.Group}, facts)
	if err != nil {
		return nil, err
	}
	return factSet{Facts: out}, nil
}

func (s *server) listEntityEpisodes(ctx context.Context, c *api.Call) (any, error) {
	e, err := s.Host.Engine.Entity(ctx, []string{c.Group}, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	ids, err := s.Host.Engine.EntityEpisodes(ctx, c.Group, e.UUID)
	if err != nil {
		return nil, err
	}
	eps, err := s.Host.Engine.Episodes(ctx, []string{c.Group}, ids)
	if err != nil {
		return nil, err
	}
	out := episodeSet{Episodes: make([]wire.Episode, len(eps))}
	for i, ep := range eps {
		out.Episodes[i] = wire.EpisodeOf(ep)
	}
	return out, nil
}

func (s *server) listEpisodeEntities(ctx context.Context, c *api.Call) (any, error) {
	ents, err := s.Host.Engine.EpisodeEntities(ctx, c.Group, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	out := entitySet{Entities: make([]wire.Entity, len(ents))}
	for i, e := range ents {
		out.Entities[i] = wire.EntityOf(e)
	}
	return out, nil
}

func (s *server) listEpisodeFacts(ctx context.Context, c *api.Call) (any, error) {
	fs, err := s.Host.Engine.EpisodeFacts(ctx, c.Group, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	out, err := s.Host.ShowFacts(ctx, []string{c.Group}, fs)
	if err != nil {
		return nil, err
	}
	return factSet{Facts: out}, nil
}
