package httpapi

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mnemohq/mnemo/core"
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

func (s *Server) inspectRoutes() []*route {
	return []*route{
		{
			method: "GET", path: "/v1/key", auth: authKey, handle: s.getKey, tag: "groups",
			summary: "What the request's API key may do",
			description: "The groups the key is bound to and whether it is read-only (http.keys.read_only), so that a " +
				"client such as the web inspector offers only what the key allows. Without keys configured: every " +
				"group, reads and writes.",
			response: keyInfo{},
		},
		{
			method: "GET", path: "/v1/groups/{group}/entities/{uuid}", auth: authGroup, handle: s.getEntity, tag: "graph",
			summary: "One entity", response: wire.Entity{},
		},
		{
			method: "GET", path: "/v1/groups/{group}/entities/{uuid}/facts", auth: authGroup, handle: s.listEntityFacts, tag: "graph",
			summary: "The facts of an entity",
			description: "The facts that have the entity as source or target, in creation order, filtered in time as " +
				"GET .../facts is: by default those true now; history=true adds ended and superseded facts (a timeline " +
				"of the entity).",
			query: []param{
				{"history", "boolean", "Include ended and superseded facts."},
				{"valid_at", "string", "Facts true at this time (RFC 3339 or a date)."},
				{"known_at", "string", "Facts as mnemo knew them at this time (RFC 3339 or a date)."}},
			response: factSet{},
		},
		{
			method: "GET", path: "/v1/groups/{group}/entities/{uuid}/episodes", auth: authGroup, handle: s.listEntityEpisodes, tag: "graph",
			summary:     "The episodes that mention an entity",
			description: "The episodes the entity was extracted from, oldest first: where what mnemo knows of it came from.",
			response:    episodeSet{},
		},
		{
			method: "GET", path: "/v1/groups/{group}/episodes/{uuid}/entities", auth: authGroup, handle: s.listEpisodeEntities, tag: "episodes",
			summary: "The entities an episode mentions", response: entitySet{},
		},
		{
			method: "GET", path: "/v1/groups/{group}/episodes/{uuid}/facts", auth: authGroup, handle: s.listEpisodeFacts, tag: "episodes",
			summary:     "The facts an episode states",
			description: "Invalidated and expired facts included: what the episode said, whatever became of it since.",
			response:    factSet{},
		},
	}
}

func (s *Server) getKey(_ context.Context, c *call) (any, error) {
	if c.key == nil {
		return keyInfo{Groups: []string{"*"}}, nil
	}
	return keyInfo{Groups: c.key.patterns, ReadOnly: c.key.readOnly}, nil
}

// factFilter reads the time filter of a fact listing: history, valid_at
// and known_at.
func factFilter(c *call) (core.Filter, error) {
	q := c.r.URL.Query()
	tf := wire.TimeFilter{ValidAt: q.Get("valid_at"), KnownAt: q.Get("known_at")}
	if v := q.Get("history"); v != "" {
		var err error
		if tf.IncludeHistory, err = strconv.ParseBool(v); err != nil {
			return core.Filter{}, fmt.Errorf("%w: history %q: want true or false", core.ErrInvalid, v)
		}
	}
	return tf.Filter()
}

func (s *Server) getEntity(ctx context.Context, c *call) (any, error) {
	e, err := s.h.Engine.Entity(ctx, []string{c.group}, c.r.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	return wire.EntityOf(e), nil
}

func (s *Server) listEntityFacts(ctx context.Context, c *call) (any, error) {
	f, err := factFilter(c)
	if err != nil {
		return nil, err
	}
	e, err := s.h.Engine.Entity(ctx, []string{c.group}, c.r.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	facts, err := s.h.Engine.EntityHistory(ctx, c.group, e.UUID, f)
	if err != nil {
		return nil, err
	}
	out, err := s.h.ShowFacts(ctx, []string{c.group}, facts)
	if err != nil {
		return nil, err
	}
	return factSet{Facts: out}, nil
}

func (s *Server) listEntityEpisodes(ctx context.Context, c *call) (any, error) {
	e, err := s.h.Engine.Entity(ctx, []string{c.group}, c.r.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	ids, err := s.h.Engine.EntityEpisodes(ctx, c.group, e.UUID)
	if err != nil {
		return nil, err
	}
	eps, err := s.h.Engine.Episodes(ctx, []string{c.group}, ids)
	if err != nil {
		return nil, err
	}
	out := episodeSet{Episodes: make([]wire.Episode, len(eps))}
	for i, ep := range eps {
		out.Episodes[i] = wire.EpisodeOf(ep)
	}
	return out, nil
}

func (s *Server) listEpisodeEntities(ctx context.Context, c *call) (any, error) {
	ents, err := s.h.Engine.EpisodeEntities(ctx, c.group, c.r.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	out := entitySet{Entities: make([]wire.Entity, len(ents))}
	for i, e := range ents {
		out.Entities[i] = wire.EntityOf(e)
	}
	return out, nil
}

func (s *Server) listEpisodeFacts(ctx context.Context, c *call) (any, error) {
	fs, err := s.h.Engine.EpisodeFacts(ctx, c.group, c.r.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	out, err := s.h.ShowFacts(ctx, []string{c.group}, fs)
	if err != nil {
		return nil, err
	}
	return factSet{Facts: out}, nil
}
