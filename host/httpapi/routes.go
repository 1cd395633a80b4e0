package httpapi

import (
	"slices"

	"github.com/mnemohq/mnemo/host/httpapi/api"
	"github.com/mnemohq/mnemo/host/httpapi/graphiti"
	v1 "github.com/mnemohq/mnemo/host/httpapi/v1"
)

// routeTable lists every route of the OpenAPI document, which is
// generated from it (see openapi_internal_test.go): the probes, mnemo's
// /v1 API and the Graphiti routes. The Zep routes are served apart
// (zep.Routes), as openapi.json leaves them out.
func (s *Server) routeTable() []*api.Route {
	return slices.Concat(s.probeRoutes(), v1.Routes(s.env), graphiti.Routes(s.env))
}

// probeRoutes are the routes of the server itself: liveness, readiness,
// metrics and the OpenAPI document.
func (s *Server) probeRoutes() []*api.Route {
	return []*api.Route{
		{
			Method: "GET", Path: "/healthz", Auth: api.AuthNone, Handle: s.healthz, Tag: "probes",
			Summary: "Liveness", Description: "Answers 200 while the process runs.", Response: health{},
		},
		{
			Method: "GET", Path: "/readyz", Auth: api.AuthNone, Handle: s.readyz, Tag: "probes",
			Summary: "Readiness", Description: "Answers 200 when the database answers and the server is not shutting down, else 503.",
			Response: health{},
		},
		{
			Method: "GET", Path: "/metrics", Auth: api.AuthNone, Handle: s.metricsText, Tag: "probes",
			Summary: "Prometheus metrics",
			Description: "Requests and latencies per route and status, queue depth (pending and failed episodes), " +
				"LLM calls and tokens per prompt, plugin calls and failures, in the Prometheus text format.",
			Response: api.Raw{},
		},
		{
			Method: "GET", Path: "/openapi.json", Auth: api.AuthNone, Handle: s.openAPI, Tag: "probes",
			Summary: "This API's OpenAPI 3.1 document", Response: api.Raw{},
		},
	}
}
