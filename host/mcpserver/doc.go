// Package mcpserver is mnemo's MCP server (`mnemo mcp`), on the official Go
// SDK (github.com/modelcontextprotocol/go-sdk): tools for an agent to add
// memories (episodes), search facts and entities, get a context string,
// list episodes and facts, add a fact by hand, and delete episodes, facts
// and groups, with the as-of-time filters (valid_at: what was true then;
// known_at: what mnemo believed then; include_history: superseded facts
// too).
//
// Tool names follow the Graphiti MCP server where they overlap (add_memory,
// search_memory_facts, search_nodes, get_episodes, get_episode_entities,
// get_entity_edge, delete_episode, delete_entity_edge, clear_graph,
// add_triplet, build_communities, get_status), so agents configured for it
// find the same tools, and take its arguments as leniently as it does
// (schema.go): group_ids as one string, unknown arguments ignored, nulls
// for optional ones, and add_triplet's field names. Every tool carries
// annotations (addTool refuses one without).
//
// Over stdio the client is trusted with every group. Over streamable HTTP
// (Handler, served by `mnemo mcp --http` and at /mcp by `mnemo serve`) with
// API keys configured, a bearer key is required and each key reaches only
// its groups, as in the HTTP API; a session is bound to the key that
// opened it.
package mcpserver
