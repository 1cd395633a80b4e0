package httpapi

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/ui"
	"github.com/mnemohq/mnemo/host/wire"
)

// Server is the HTTP API over a Host. Its Handler serves the routes of the
// route table; the caller runs the http.Server and shuts it down.
//
// A Server is safe for concurrent use. It owns nothing: closing the Host is
// the caller's business, after the http.Server has shut down.
type Server struct {
	h       *host.Host
	log     *slog.Logger
	keys    keyring
	maxBody bodyLimit
	version string

	mux      *http.ServeMux
	routes   []*route
	metrics  *metrics
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
	s := &Server{
		h: h, log: h.Logger, keys: newKeyring(h.Config.HTTP.Keys), maxBody: maxBodyLimit(h.Config.HTTP.MaxBodyKB),
		version: o.Version, mux: http.NewServeMux(),
	}
	s.metrics = newMetrics(s)
	for _, rt := range s.routeTable() {
		s.register(rt)
	}
	s.mountZep()
	// The web inspector's files: public, as the page asks for the key and
	// sends it with each API call.
	s.mux.Handle("GET "+ui.Prefix, ui.Handler())
	s.mux.Handle("GET /ui", http.RedirectHandler(ui.Prefix, http.StatusMovedPermanently))
	if o.MCP != nil {
		mcp := s.mcp(o.MCP)
		s.mux.Handle("/mcp", mcp)
		s.mux.Handle("/mcp/{$}", mcp)
	}
	s.mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		limitBody(w, r, s.maxBody, s.writeError, s.noRoute)
	}))
	return s
}

// mcp serves the MCP transport next to callers with a valid key. MCP
// clients send the key as a bearer token, which is what the MCP server
// reads the key's groups from; a key sent as X-API-Key is moved there.
// The MCP server checks the key again against the same http.keys, so a
// tool call reaches no group that the key does not allow.
func (s *Server) mcp(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		defer func() { s.metrics.observe(r.Method+" /mcp", sw.status, time.Since(start)) }()
		limitBody(sw, r, s.maxBody, s.writeError, func(w http.ResponseWriter, r *http.Request) {
			key, err := s.keys.authenticate(r)
			if err != nil {
				s.writeError(w, r, err)
				return
			}
			if key != nil {
				k := keyOf(r)
				r = r.Clone(r.Context())
				r.Header.Del("X-API-Key")
				r.Header.Set("Authorization", "Bearer "+k)
			}
			next.ServeHTTP(w, r)
		})
	})
}

// Handler returns the HTTP handler of every route.
func (s *Server) Handler() http.Handler { return s.mux }

// Drain makes /readyz answer 503, so load balancers stop sending requests
// before the server shuts down.
func (s *Server) Drain() { s.draining.Store(true) }

// auth says what a route requires of the caller.
type auth int

const (
	// authNone: anyone (probes, metrics, the OpenAPI document).
	authNone auth = iota
	// authKey: a valid key when keys are configured; the handler checks
	// the groups it touches (call.allow, call.visibleGroups).
	authKey
	// authGroup: a valid key bound to the route's {group} or {group_id}.
	authGroup
)

// handler serves one route. It returns the answer's body, written as JSON
// with the route's status (or call.status), or an error.
type handler func(ctx context.Context, c *call) (any, error)

// route is one entry of the route table: how it is served and how it is
// documented.
type route struct {
	method, path string
	auth         auth
	handle       handler
	// status is the success status. Default: 200.
	status int
	// reads marks a route whose method is not GET but that changes
	// nothing (a search, a listing with a body): read-only keys may call
	// it.
	reads bool
	// maxBody bounds the request body. Default: http.max_body_kb.
	maxBody func(*Server) bodyLimit
	// graphiti answers the handler's errors as Graphiti's server does
	// (writeGraphitiError).
	graphiti bool

	// OpenAPI: the summary and description, the tag, the request body
	// type (nil: none), the response body type, query parameters and an
	// example request body.
	summary, description string
	tag                  string
	request              any
	response             any
	query                []param
	example              any
}

// param is a query parameter.
type param struct {
	name, typ, description string
}

// writes reports whether the route may change data, which read-only keys
// may not.
func (rt *route) writes() bool { return rt.method != "GET" && !rt.reads }

// pattern is the route's ServeMux pattern.
func (rt *route) pattern() string { return rt.method + " " + rt.path }

// call is one request to a route.
type call struct {
	s      *Server
	w      http.ResponseWriter
	r      *http.Request
	key    *apiKey
	group  string
	status int
}

// decode reads the request body as JSON into v, strictly (wire.Decode).
// A body over the route's limit never gets here whole: limitBody answers
// it.
func (c *call) decode(v any) error {
	if err := wire.Decode(c.r.Body, v); err != nil {
		return fmt.Errorf("request body: %w", err)
	}
	return nil
}

// body reads the whole request body, within the limit (limitBody).
func (c *call) body() ([]byte, error) {
	b, err := io.ReadAll(c.r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, fmt.Errorf("%w: the request body is over the limit of %d bytes", core.ErrTooLarge, mbe.Limit)
		}
		return nil, fmt.Errorf("read request body: %w", err)
	}
	return b, nil
}

// raw is an answer that is not JSON.
type raw struct {
	contentType string
	data        []byte
}

// stream is an answer that is not JSON, written as it is made. Its
// handler does what can fail before returning it: once write starts, the
// status is sent.
type stream struct {
	contentType string
	write       func(io.Writer) error
}

// statusWriter remembers the status written.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap gives http.ResponseController the writer underneath, to flush a
// stream of server-sent events (MCP).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// register adds a route to the mux, wrapped with authentication, the body
// limit, error mapping and metrics.
func (s *Server) register(rt *route) {
	if rt.status == 0 {
		rt.status = http.StatusOK
	}
	s.routes = append(s.routes, rt)
	s.mux.Handle(rt.pattern(), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		s.serveLimited(sw, r, rt)
		s.metrics.observe(rt.pattern(), sw.status, time.Since(start))
	}))
}

// serveLimited serves a route with its request body held to the route's
// limit (limitBody).
func (s *Server) serveLimited(w http.ResponseWriter, r *http.Request, rt *route) {
	limit := s.maxBody
	if rt.maxBody != nil {
		limit = rt.maxBody(s)
	}
	answer := s.writeError
	if rt.graphiti {
		answer = s.writeGraphitiError
	}
	limitBody(w, r, limit, answer, func(w http.ResponseWriter, r *http.Request) { s.serve(w, r, rt) })
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request, rt *route) {
	id := r.Header.Get("X-Request-ID")
	if id == "" || len(id) > 64 {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id = hex.EncodeToString(b[:])
	}
	w.Header().Set("X-Request-ID", id)
	c := &call{s: s, w: w, r: r}
	if rt.auth != authNone {
		key, err := s.keys.authenticate(r)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		c.key = key
		if rt.writes() && !key.mayWrite() {
			s.writeError(w, r, fmt.Errorf("%w: this API key is read-only (http.keys.read_only); %s %s changes data", errForbidden, rt.method, rt.path))
			return
		}
	}
	if rt.auth == authGroup {
		g := r.PathValue("group")
		if g == "" {
			g = r.PathValue("group_id")
		}
		if err := core.ValidateGroupID(g); err != nil {
			s.writeError(w, r, err)
			return
		}
		if err := c.allow(g); err != nil {
			s.writeError(w, r, err)
			return
		}
		c.group = g
	}
	out, err := rt.handle(r.Context(), c)
	if err != nil {
		if rt.graphiti {
			s.writeGraphitiError(w, r, err)
		} else {
			s.writeError(w, r, err)
		}
		return
	}
	status := rt.status
	if c.status != 0 {
		status = c.status
	}
	if st, ok := out.(stream); ok {
		w.Header().Set("Content-Type", st.contentType)
		w.WriteHeader(status)
		if err := st.write(w); err != nil {
			// The status is sent: the client sees a cut answer.
			s.log.Warn("stream answer", "route", rt.pattern(), "request_id", id, "err", err)
		}
		return
	}
	if rb, ok := out.(raw); ok {
		w.Header().Set("Content-Type", rb.contentType)
		w.WriteHeader(status)
		_, _ = w.Write(rb.data)
		return
	}
	writeJSON(w, status, out)
}

// writeJSON writes v as the JSON answer.
func writeJSON(w http.ResponseWriter, status int, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		http.Error(w, `{"error":"encode answer","code":"internal"}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// noRoute answers requests no route matches: 405 with Allow when the path
// exists for other methods, else 404.
func (s *Server) noRoute(w http.ResponseWriter, r *http.Request) {
	if s.zepNoRoute(w, r) {
		return
	}
	var allow []string
	for _, rt := range s.routes {
		if pathMatches(rt.path, r.URL.Path) {
			allow = append(allow, rt.method)
		}
	}
	sw := &statusWriter{ResponseWriter: w}
	if len(allow) > 0 {
		sw.Header().Set("Allow", strings.Join(allow, ", "))
		writeJSON(sw, http.StatusMethodNotAllowed, errorBody{Error: fmt.Sprintf("%s %s: method not allowed (allowed: %s)", r.Method, r.URL.Path, strings.Join(allow, ", ")), Code: "method_not_allowed"})
	} else {
		writeJSON(sw, http.StatusNotFound, errorBody{Error: fmt.Sprintf("no route %s %s; GET /openapi.json lists the routes", r.Method, r.URL.Path), Code: "no_route"})
	}
	s.metrics.observe("unmatched", sw.status, 0)
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
