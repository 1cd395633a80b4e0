// Package httpapi is mnemo's HTTP API (`mnemo serve`): JSON over HTTP for
// everything the CLI does, under /v1/groups/{group}/…, the probes /healthz
// and /readyz, Prometheus metrics at /metrics, its OpenAPI 3.1 document at
// /openapi.json, and routes compatible with the Python Graphiti REST server
// (POST /messages, POST /search, GET /episodes/{group_id}, …) so that its
// clients can switch, and the routes of Zep's v2 API that Zep's SDKs call,
// under /api/v2 (docs/zep.md), which openapi.json leaves out.
// With Options.MCP, the MCP server's streamable HTTP transport is served
// at /mcp and /mcp/ behind the same keys; it is not in the route table nor
// the OpenAPI document, since MCP describes itself (tools/list).
//
// # Packages
//
// Each API is a package with its own route table: v1 (mnemo's /v1 API),
// zep (Zep's /api/v2), graphiti (Graphiti's routes) and mcphttp (MCP over
// HTTP). They share one package of middleware, api: the Route and the
// Call a handler gets, keys and groups, body limits (413), the one mapping
// of errors to statuses, and request metrics. This package puts them on
// one mux with the probes (/healthz, /readyz, /metrics, /openapi.json)
// and the web inspector.
//
// # Routes
//
// Every route is one entry of a route table (routes.go gathers the probes,
// v1.Routes and graphiti.Routes); the server registers the tables and
// nothing else, and a test checks them against the OpenAPI document
// (openapi.json, regenerated with `go test ./host/httpapi -run TestOpenAPI
// -update`).
//
// # Keys and groups
//
// With no API keys configured, no key is needed (the default address is
// loopback). With keys (http.keys), every data route needs one, sent as
// "Authorization: Bearer KEY", "Authorization: Api-Key KEY" (Zep's SDKs)
// or "X-API-Key: KEY": 401 without a valid key,
// 403 when the route names a group the key is not bound to. Routes that
// name an object by uuid alone (Graphiti's DELETE /episode/{uuid}) look for
// it only in the groups the key may touch, so another group's object reads
// as 404. The probes, /metrics and /openapi.json need no key.
//
// # Errors
//
// An error is {"error": message, "code": code} with the status of its
// cause (api.StatusOf): bad input 400, unknown object 404, conflict 409, body
// over http.max_body_kb 413, engine closed or database busy 503, anything
// else 500, whose details go to the log only.
//
// # Search
//
// POST /v1/groups/{group}/search runs engine.Engine.Search on the group (a
// wire.SearchInput: query, recipe, scopes, reranker, labels, relations and
// the as-of-time filters) and answers wire.SearchResults; POST
// /v1/groups/{group}/context writes the same search as context within a
// token budget. Graphiti's POST /search and POST /get-memory search facts
// in the groups the request names, each of which the key must allow.
//
// # Ingestion
//
// POST /v1/groups/{group}/episodes stores the episodes as pending in the
// database, which is the queue, and answers 202 with a status URL per
// episode. Nothing accepted is dropped: an episode whose extraction keeps
// failing is marked failed with its error, visible at its status URL, in
// the listings and in /metrics.
//
// # Export and import
//
// GET /v1/groups/{group}/export streams the group's memory in the format
// of mnemo export (host/exchange, docs/export-format.md); POST
// /v1/groups/{group}/import takes one group's export, up to
// http.max_import_mb, checks all of it and writes it into {group} in one
// transaction. Both are group routes: a key reaches its own groups only.
//
// # Backups
//
// POST /v1/admin/backup takes a consistent snapshot of the whole database
// while the server serves (host.Host.BackupArchive: writers wait for the
// local copy only) and streams it as a tar archive of the manifest and the
// database files (host/backup), which mnemo backup checks and writes to a
// directory. It holds every group, so it takes a key bound to "*", or no
// keys configured; any other key gets 403.
package httpapi
