package mcpserver

import (
	"cmp"
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host/wire"
)

type searchFactsIn struct {
	Query           string     `json:"query" jsonschema:"what to look for, e.g. the user's question"`
	GroupIDs        stringList `json:"group_ids,omitempty" jsonschema:"the groups searched (a list, or one as a string); default: the server's default group"`
	MaxFacts        int        `json:"max_facts,omitempty" jsonschema:"at most this many facts (1 to 100); default 10"`
	EdgeTypes       []string   `json:"edge_types,omitempty" jsonschema:"only facts of these relations, e.g. LIVES_IN"`
	CenterNodeUUID  string     `json:"center_node_uuid,omitempty" jsonschema:"an entity uuid: rank facts by their distance in the graph from it"`
	ValidAt         string     `json:"valid_at,omitempty" jsonschema:"facts true at this time, superseded ones included (RFC 3339 or a date)"`
	KnownAt         string     `json:"known_at,omitempty" jsonschema:"the facts as mnemo knew them at this time (RFC 3339 or a date)"`
	IncludeHistory  bool       `json:"include_history,omitempty" jsonschema:"include ended and superseded facts"`
	IncludeArchived bool       `json:"include_archived,omitempty" jsonschema:"include the facts evolution archived (unused for long)"`
	Recipe          string     `json:"recipe,omitempty" jsonschema:"list_recipes lists them; default: facts"`
	Plugin          string     `json:"plugin,omitempty" jsonschema:"order the facts with this rerank plugin of the group (get_status lists the plugins)"`
}

type searchNodesIn struct {
	Query           string     `json:"query" jsonschema:"what to look for: a name, a description, a question"`
	GroupIDs        stringList `json:"group_ids,omitempty" jsonschema:"the groups searched (a list, or one as a string); default: the server's default group"`
	MaxNodes        int        `json:"max_nodes,omitempty" jsonschema:"at most this many entities (1 to 100); default 10"`
	EntityTypes     []string   `json:"entity_types,omitempty" jsonschema:"only entities carrying all of these labels, e.g. Person"`
	CenterNodeUUID  string     `json:"center_node_uuid,omitempty" jsonschema:"an entity uuid: rank entities by their distance in the graph from it"`
	IncludeArchived bool       `json:"include_archived,omitempty" jsonschema:"include the entities evolution archived (unused for long)"`
	Recipe          string     `json:"recipe,omitempty" jsonschema:"list_recipes lists them; default: entities"`
	Plugin          string     `json:"plugin,omitempty" jsonschema:"order the entities with this rerank plugin of the group (get_status lists the plugins)"`
}

type nodesOut struct {
	Nodes []wire.Entity `json:"nodes"`
}

type getContextIn struct {
	Query          string `json:"query" jsonschema:"the question or conversation turn the context is for"`
	GroupID        string `json:"group_id,omitempty" jsonschema:"the group; default: the server's default group"`
	Budget         int    `json:"budget,omitempty" jsonschema:"the largest size of the context in tokens (at most 100000); default 2000"`
	Format         string `json:"format,omitempty" jsonschema:"text (default) or json"`
	ValidAt        string `json:"valid_at,omitempty" jsonschema:"what was true at this time, superseded facts included (RFC 3339 or a date)"`
	KnownAt        string `json:"known_at,omitempty" jsonschema:"what mnemo knew at this time (RFC 3339 or a date)"`
	IncludeHistory bool   `json:"include_history,omitempty" jsonschema:"include ended and superseded facts, marked as such"`
	Recipe         string `json:"recipe,omitempty" jsonschema:"list_recipes lists them; default: the group's"`
	Plugin         string `json:"plugin,omitempty" jsonschema:"order what the context shows with this rerank plugin of the group (get_status lists the plugins)"`
}

type contextOut struct {
	// Context is empty when nothing relevant was found.
	Context string `json:"context"`
}

// maxContextBudget bounds get_context's budget: an agent asking for more
// is mistaken about its own prompt.
const maxContextBudget = 100_000

func (s *Server) addSearchTools() {
	addTool(s, &mcp.Tool{Name: "search_memory_facts", Description: "Search the facts (relations between entities) " +
		"most relevant to a query, best first, with the period each held. By default only facts true now; valid_at asks " +
		"what was true at a time, known_at what was believed at a time.",
		Annotations: readOnly("Search facts")}, s.searchFacts)
	addTool(s, &mcp.Tool{Name: "search_nodes", Description: "Search the entities (people, places, organizations, " +
		"things) most relevant to a query, best first, with their summaries.",
		Annotations: readOnly("Search entities")}, s.searchNodes)
	addTool(s, &mcp.Tool{Name: "get_context", Description: "The memory relevant to a query, written for a prompt: " +
		"facts with the period each held, entities with summaries, and the episodes they came from, within a token budget.",
		Annotations: readOnly("Get context")}, s.getContext)
	addTool(s, &mcp.Tool{Name: "list_recipes", Description: "The search recipes the other search tools may name: " +
		"for each, the scopes it searches, with which methods, reranker and rerank plugin, and how many results.",
		Annotations: readOnly("List recipes")}, s.listRecipes)
}

type listRecipesIn struct{}

func (s *Server) listRecipes(ctx context.Context, req *mcp.CallToolRequest, in listRecipesIn) (*mcp.CallToolResult, wire.RecipeList, error) {
	return nil, wire.RecipesOf(s.h.Engine.DefaultRecipe(), s.h.Engine.Recipes()), nil
}

// limit checks a tool's result count: 0 means 10.
func limit(name string, n int) (int, error) {
	switch {
	case n == 0:
		return 10, nil
	case n < 0 || n > 100:
		return 0, fmt.Errorf("%s %d: want 1 to 100", name, n)
	}
	return n, nil
}

// centred sets the centre of a search, ranking by distance from it.
func centred(req *retrieval.Request, center string) error {
	if center == "" {
		return nil
	}
	if err := core.ValidateUUID(center); err != nil {
		return fmt.Errorf("center_node_uuid: %s", wire.Message(err))
	}
	req.Center, req.Reranker = center, retrieval.RerankNodeDistance
	return nil
}

func (s *Server) searchFacts(ctx context.Context, req *mcp.CallToolRequest, in searchFactsIn) (*mcp.CallToolResult, factsOut, error) {
	out := factsOut{Facts: []wire.Fact{}}
	groups, err := s.groups(req, in.GroupIDs)
	if err != nil {
		return nil, out, err
	}
	n, err := limit("max_facts", in.MaxFacts)
	if err != nil {
		return nil, out, err
	}
	f, err := wire.TimeFilter{ValidAt: in.ValidAt, KnownAt: in.KnownAt, IncludeHistory: in.IncludeHistory, IncludeArchived: in.IncludeArchived}.Filter()
	if err != nil {
		return nil, out, toolError(err)
	}
	f.Relations = in.EdgeTypes
	sr := retrieval.Request{Groups: groups, Query: in.Query, Recipe: cmp.Or(in.Recipe, "facts"), Plugin: in.Plugin,
		Scopes: []core.Scope{core.ScopeFacts}, Limit: n, Filter: f}
	if err := centred(&sr, in.CenterNodeUUID); err != nil {
		return nil, out, err
	}
	res, err := s.h.Engine.Search(ctx, sr)
	if err != nil {
		return nil, out, toolError(err)
	}
	out.Facts = wire.SearchResultsOf(res).Facts
	return nil, out, nil
}

func (s *Server) searchNodes(ctx context.Context, req *mcp.CallToolRequest, in searchNodesIn) (*mcp.CallToolResult, nodesOut, error) {
	out := nodesOut{Nodes: []wire.Entity{}}
	groups, err := s.groups(req, in.GroupIDs)
	if err != nil {
		return nil, out, err
	}
	n, err := limit("max_nodes", in.MaxNodes)
	if err != nil {
		return nil, out, err
	}
	sr := retrieval.Request{Groups: groups, Query: in.Query, Recipe: cmp.Or(in.Recipe, "entities"), Plugin: in.Plugin,
		Scopes: []core.Scope{core.ScopeEntities}, Limit: n, Filter: core.Filter{Labels: in.EntityTypes, IncludeArchived: in.IncludeArchived}}
	if err := centred(&sr, in.CenterNodeUUID); err != nil {
		return nil, out, err
	}
	res, err := s.h.Engine.Search(ctx, sr)
	if err != nil {
		return nil, out, toolError(err)
	}
	out.Nodes = wire.SearchResultsOf(res).Entities
	return nil, out, nil
}

func (s *Server) getContext(ctx context.Context, req *mcp.CallToolRequest, in getContextIn) (*mcp.CallToolResult, contextOut, error) {
	var out contextOut
	group, err := s.group(req, in.GroupID)
	if err != nil {
		return nil, out, err
	}
	if in.Budget < 0 || in.Budget > maxContextBudget {
		return nil, out, fmt.Errorf("budget %d: want 1 to %d", in.Budget, maxContextBudget)
	}
	f, err := wire.TimeFilter{ValidAt: in.ValidAt, KnownAt: in.KnownAt, IncludeHistory: in.IncludeHistory}.Filter()
	if err != nil {
		return nil, out, toolError(err)
	}
	text, err := s.h.Engine.Context(ctx, retrieval.ContextRequest{
		Request: retrieval.Request{Groups: []string{group}, Query: in.Query, Recipe: in.Recipe, Plugin: in.Plugin, Filter: f},
		Budget:  in.Budget, Format: in.Format,
	})
	if err != nil {
		return nil, out, toolError(err)
	}
	out.Context = text
	return nil, out, nil
}
