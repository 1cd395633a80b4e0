// Package v1 is mnemo's own HTTP API, under /v1: groups, episodes and
// their queue, the graph (entities, facts, communities, merges), search
// and context, evolution, erasure, export and import, plugins, recipes and
// backups. Routes returns its route table, served by host/httpapi on the
// shared middleware (host/httpapi/api) and documented in openapi.json.
//
// A handler takes an *api.Call (the request, its checked key and group)
// and returns its answer or an error; keys, groups, body limits and the
// error's status are the middleware's. Handlers speak to the engine
// through host.Host, never to a store.
package v1
