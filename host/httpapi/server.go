package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/httpapi/api"
	"github.com/mnemohq/mnemo/host/httpapi/mcphttp"
	"github.com/mnemohq/mnemo/host/httpapi/zep"
	"github.com/mnemohq/mnemo/host/ui"
)

// Server is the HTTP API over a Host. Its Handler serves the routes of the
// route table, the Zep routes, the web inspector and MCP; the caller runs
// the http.Server and shuts it down.
//
// A Server is safe for concurrent use. It owns nothing: closing the Host is
// the caller's business, after the http.Server has shut down.
type Server struct {
	env *api.Env

	mux      *http.ServeMux
	routes   []*api.Route
	draining atomic.Bool
}

// Options are what New takes besides the Host.
type Options struct {
	// Version is reported by /healthz and /metrics. Default: "dev".
	Version string
	// MCP, when not nil, is served at /mcp and /mcp/: the MCP server's
	// streamable HTTP transport (mcpserver.Server.Handler). A request
	// reaches it only with a key that the REST routes accept, sent either
	// way they accept it, and it is handed on with that key as
	// "Authorization: Bearer KEY", from which the MCP server takes the
	// key's groups. Default: no MCP.
	MCP http.Handler
}

// New returns the API over h, configured by h.Config.HTTP (keys, body
// limit).
func New(h *host.Host, o Options) *Server {
	if o.Version == "" {
		o.Version = "dev"
	}
	s := &Server{env: api.NewEnv(h, o.Version), mux: http.NewServeMux()}
	for _, rt := range s.routeTable() {
		s.routes = append(s.routes, rt)
		s.mux.Handle(rt.Pattern(), s.env.Handler(rt))
	}
	// The Zep routes are served like the route table's (keys, body limit,
	// metrics) but kept out of it and so out of openapi.json.
	for _, rt := range zep.Routes(s.env) {
		s.mux.Handle(rt.Pattern(), s.env.Handler(rt))
	}
	// The web inspector's files: public, as the page asks for the key and
	// sends it with each API call.
	s.mux.Handle("GET "+ui.Prefix, ui.Handler())
	s.mux.Handle("GET /ui", http.RedirectHandler(ui.Prefix, http.StatusMovedPermanently))
	if o.MCP != nil {
		mcp := mcphttp.Handler(s.env, o.MCP)
		s.mux.Handle("/mcp", mcp)
		s.mux.Handle("/mcp/{$}", mcp)
	}
	s.mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		answer := s.env.WriteError
		if zep.Serves(r) {
			answer = zep.ErrorWriter(s.env)
		}
		api.LimitBody(w, r, s.env.MaxBody, answer, s.noRoute)
	}))
	return s
}

// Handler returns the HTTP handler of every route.
func (s *Server) Handler() http.Handler { return s.mux }

// Drain makes /readyz answer 503, so load balancers stop sending requests
// before the server shuts down.
func (s *Server) Drain() { s.draining.Store(true) }

// noRoute answers requests no route matches: 405 with Allow when the path
// exists for other methods, else 404.
func (s *Server) noRoute(w http.ResponseWriter, r *http.Request) {
	if zep.Serves(r) {
		zep.NoRoute(s.env, w, r)
		return
	}
	var allow []string
	for _, rt := range s.routes {
		if pathMatches(rt.Path, r.URL.Path) {
			allow = append(allow, rt.Method)
		}
	}
	sw := &api.StatusWriter{ResponseWriter: w}
	if len(allow) > 0 {
		sw.Header().Set("Allow", strings.Join(allow, ", "))
		api.WriteJSON(sw, http.StatusMethodNotAllowed, api.ErrorBody{Error: fmt.Sprintf("%s %s: method not allowed (allowed: %s)", r.Method, r.URL.Path, strings.Join(allow, ", ")), Code: "method_not_allowed"})
	} else {
		api.WriteJSON(sw, http.StatusNotFound, api.ErrorBody{Error: fmt.Sprintf("no route %s %s; GET /openapi.json lists the routes", r.Method, r.URL.Path), Code: "no_route"})
	}
	s.env.Metrics.Observe("unmatched", sw.Status, 0)
}

// pathMatches matches a path against a route path with {name} segments.
func pathMatches(pattern, path string) bool {
	ps := strings.Split(strings.Trim(pattern, "/"), "/")
	xs := strings.Split(strings.Trim(path, "/"), "/")
	if len(ps) != len(xs) {
		return false
	}
	for i, p := range ps {
		if strings.HasPrefix(p, "{") {
			if xs[i] == "" {
				return false
			}
			continue
		}
		if p != xs[i] {
			return false
		}
	}
	return true
}

func (s *Server) metricsText(ctx context.Context, c *api.Call) (any, error) {
	var b strings.Builder
	s.env.Metrics.Write(ctx, &b)
	return api.Raw{ContentType: "text/plain; version=0.0.4; charset=utf-8", Data: []byte(b.String())}, nil
}
