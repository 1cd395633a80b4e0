// Package mcphttp serves the MCP server's streamable HTTP transport over
// HTTP: at /mcp of `mnemo serve`, behind the API's keys, body limit and
// metrics (Handler), or on its own with the body limit only (LimitBody,
// `mnemo mcp --http`). The MCP server (host/mcpserver) describes its own
// tools, so these routes are in no route table nor the OpenAPI document.
package mcphttp
