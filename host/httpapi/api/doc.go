// Package api is what the HTTP server's APIs share: the route (Route, a
// Handler and the Call it gets), the middleware that serves one
// (Env.Handler: keys, groups, the body limit, error answers, request
// metrics), the one mapping of errors to statuses (StatusOf) and the
// Prometheus metrics.
//
// Each API is a package of its own that builds its routes on an *Env:
// host/httpapi/v1 (mnemo's /v1 API), host/httpapi/zep (Zep's /api/v2),
// host/httpapi/graphiti (the Graphiti REST server's routes) and
// host/httpapi/mcphttp (MCP over HTTP); host/httpapi puts them on one
// mux. A handler returns its answer or an error and never maps an error
// to a status itself.
package api
