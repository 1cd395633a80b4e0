package graphiti

import (
	"context"
	"fmt"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host/httpapi/api"
	"github.com/mnemohq/mnemo/host/wire"
)

// Graphiti's POST /search and POST /get-memory search facts with cosine
// and BM25 fused by RRF, as its default edge search does. Differences:
// facts are those true now (Graphiti returns superseded ones too), and
// get-memory's center_node_uuid, which Graphiti ignores, ranks facts by
// their distance from that entity.

// graphitiSearchQuery is the body of POST /search (Graphiti's SearchQuery).
type graphitiSearchQuery struct {
	// GroupIDs are the groups searched. Default: every group the key may
	// use.
	GroupIDs []string `json:"group_ids,omitempty"`
	Query    string   `json:"query"`
	// MaxFacts is how many facts to return at most (1 to 1000). Default: 10.
	MaxFacts int `json:"max_facts,omitempty"`
}

// graphitiGetMemory is the body of POST /get-memory (Graphiti's
// GetMemoryRequest).
type graphitiGetMemory struct {
	GroupID string `json:"group_id"`
	// MaxFacts is how many facts to return at most (1 to 1000). Default: 10.
	MaxFacts int `json:"max_facts,omitempty"`
	// CenterNodeUUID, when set, ranks the facts by their distance in the
	// graph from this entity.
	CenterNodeUUID string `json:"center_node_uuid,omitempty"`
	// Messages make the query: one "role_type(role): content" line each.
	Messages []graphitiMessage `json:"messages"`
}

// graphitiFacts answers POST /search and POST /get-memory.
type graphitiFacts struct {
	Facts []graphitiFact `json:"facts"`
}

func (s *server) graphitiSearchRoutes() []*api.Route {
	return []*api.Route{
		{
			Method: "POST", Path: "/search", Auth: api.AuthKey, Handle: s.graphitiSearch, Tag: "graphiti", Graphiti: true, Reads: true,
			Summary:     "Graphiti: search facts",
			Description: "Facts true now, best first, from the groups named (each must be allowed to the key) or else from every group the key may use.",
			Request:     graphitiSearchQuery{}, Response: graphitiFacts{},
			Example: graphitiSearchQuery{GroupIDs: []string{"graphiti-demo"}, Query: "Where does Bob work?", MaxFacts: 5},
		},
		{
			Method: "POST", Path: "/get-memory", Auth: api.AuthKey, Handle: s.graphitiGetMemory, Tag: "graphiti", Graphiti: true, Reads: true,
			Summary:     "Graphiti: the facts relevant to a conversation",
			Description: "The messages, one \"role_type(role): content\" line each, are the query of a fact search in the group.",
			Request:     graphitiGetMemory{}, Response: graphitiFacts{},
			Example: graphitiGetMemory{GroupID: "graphiti-demo", MaxFacts: 5, Messages: []graphitiMessage{{
				Content: "Where does Bob work these days?", RoleType: "user", Role: "Alice",
			}}},
		},
	}
}

// maxFacts checks a max_facts value: 0 means the default, 10.
func maxFacts(n int) (int, error) {
	switch {
	case n == 0:
		return 10, nil
	case n < 0 || n > 1000:
		return 0, invalidField("value_error", fmt.Sprintf("max_facts %d: want 1 to 1000", n), "max_facts")
	}
	return n, nil
}

func (s *server) graphitiSearch(ctx context.Context, c *api.Call) (any, error) {
	var in graphitiSearchQuery
	if err := decodeGraphiti(c, &in); err != nil {
		return nil, err
	}
	limit, err := maxFacts(in.MaxFacts)
	if err != nil {
		return nil, err
	}
	groups := in.GroupIDs
	for i, g := range groups {
		if err := graphitiGroup(c, g, "group_ids", i); err != nil {
			return nil, err
		}
	}
	if len(groups) == 0 {
		if groups, err = c.VisibleGroups(ctx); err != nil {
			return nil, err
		}
	}
	return s.searchFacts(ctx, retrieval.Request{Groups: groups, Query: in.Query, Limit: limit})
}

func (s *server) graphitiGetMemory(ctx context.Context, c *api.Call) (any, error) {
	var in graphitiGetMemory
	if err := decodeGraphiti(c, &in); err != nil {
		return nil, err
	}
	if err := graphitiGroup(c, in.GroupID, "group_id"); err != nil {
		return nil, err
	}
	limit, err := maxFacts(in.MaxFacts)
	if err != nil {
		return nil, err
	}
	if err := requireMessages(in.Messages); err != nil {
		return nil, err
	}
	var q strings.Builder
	for i, m := range in.Messages {
		if _, err := s.messageEpisode(in.GroupID, i, m); err != nil {
			return nil, err
		}
		fmt.Fprintf(&q, "%s(%s): %s\n", m.RoleType, m.Role, m.Content)
	}
	req := retrieval.Request{Groups: []string{in.GroupID}, Query: q.String(), Limit: limit}
	if in.CenterNodeUUID != "" {
		if err := checkField(core.ValidateUUID(in.CenterNodeUUID), "center_node_uuid"); err != nil {
			return nil, err
		}
		req.Center, req.Reranker = in.CenterNodeUUID, retrieval.RerankNodeDistance
	}
	return s.searchFacts(ctx, req)
}

// searchFacts runs a fact search and shows the facts as Graphiti does. A
// search of no group finds nothing.
func (s *server) searchFacts(ctx context.Context, req retrieval.Request) (graphitiFacts, error) {
	out := graphitiFacts{Facts: []graphitiFact{}}
	if len(req.Groups) == 0 {
		return out, nil
	}
	req.Recipe = "facts"
	res, err := s.Host.Engine.Search(ctx, req)
	if err != nil {
		return out, err
	}
	for _, f := range res.Facts {
		out.Facts = append(out.Facts, graphitiFactOf(wire.FactOf(f.Fact, nil), f.Fact))
	}
	return out, nil
}
