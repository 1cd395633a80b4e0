package api

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
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

// Env is what every route's handler and the middleware share: the Host,
// the keys, the body limit and the request metrics. An API package keeps
// an *Env in its server and builds its routes on it.
//
// An Env is safe for concurrent use once built; it owns nothing.
type Env struct {
	Host *host.Host
	Log  *slog.Logger
	Keys Keyring
	// MaxBody is the body limit of every route that sets none.
	MaxBody BodyLimit
	// Version is the running mnemo's version.
	Version string
	Metrics *Metrics
}

// NewEnv returns the Env of h, configured by h.Config.HTTP (keys, body
// limit).
func NewEnv(h *host.Host, version string) *Env {
	return &Env{
		Host: h, Log: h.Logger, Keys: NewKeyring(h.Config.HTTP.Keys), MaxBody: MaxBodyLimit(h.Config.HTTP.MaxBodyKB),
		Version: version, Metrics: NewMetrics(h, version),
	}
}

// Auth says what a route requires of the caller.
type Auth int

const (
	// AuthNone: anyone (probes, metrics, the OpenAPI document).
	AuthNone Auth = iota
	// AuthKey: a valid key when keys are configured; the handler checks
	// the groups it touches (Call.Allow, Call.VisibleGroups).
	AuthKey
	// AuthGroup: a valid key bound to the route's {group} or {group_id}.
	AuthGroup
)

// Handler serves one route. It returns the answer's body, written as JSON
// with the route's status (or Call.Status), or an error.
type Handler func(ctx context.Context, c *Call) (any, error)

// Route is one entry of a route table: how it is served and how it is
// documented.
type Route struct {
	Method, Path string
	Auth         Auth
	Handle       Handler
	// Status is the success status. Default: 200.
	Status int
	// Reads marks a route whose method is not GET but that changes
	// nothing (a search, a listing with a body): read-only keys may call
	// it.
	Reads bool
	// MaxBody bounds the request body. Default: Env.MaxBody
	// (http.max_body_kb).
	MaxBody func(*Env) BodyLimit
	// Errors answers the handler's errors and a body over the limit.
	// Default: Env.WriteError.
	Errors AnswerFunc
	// AuthErrors answers a request without a valid key, or naming a group
	// the key may not use. Default: Env.WriteError.
	AuthErrors AnswerFunc
	// Graphiti marks a route answering its errors as Graphiti's server
	// does (Errors), which the OpenAPI document shows.
	Graphiti bool

	// OpenAPI: the summary and description, the tag, the request body
	// type (nil: none), the response body type, query parameters and an
	// example request body.
	Summary, Description string
	Tag                  string
	Request              any
	Response             any
	Query                []Param
	Example              any
}

// Param is a query parameter.
type Param struct {
	Name, Type, Description string
}

// OneOf documents a body that may take several shapes.
type OneOf []any

// Writes reports whether the route may change data, which read-only keys
// may not.
func (rt *Route) Writes() bool { return rt.Method != "GET" && !rt.Reads }

// Pattern is the route's ServeMux pattern.
func (rt *Route) Pattern() string { return rt.Method + " " + rt.Path }

// Call is one request to a route.
type Call struct {
	Env *Env
	W   http.ResponseWriter
	R   *http.Request
	// Key is the request's key; nil when no keys are configured.
	Key *Key
	// Group is the route's {group} or {group_id}, checked (AuthGroup).
	Group string
	// Status, when not 0, replaces the route's success status.
	Status int
}

// Decode reads the request body as JSON into v, strictly (wire.Decode).
// A body over the route's limit never gets here whole: LimitBody answers
// it.
func (c *Call) Decode(v any) error {
	if err := wire.Decode(c.R.Body, v); err != nil {
		return fmt.Errorf("request body: %w", err)
	}
	return nil
}

// Body reads the whole request body, within the limit (LimitBody).
func (c *Call) Body() ([]byte, error) {
	b, err := io.ReadAll(c.R.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, fmt.Errorf("%w: the request body is over the limit of %d bytes", core.ErrTooLarge, mbe.Limit)
		}
		return nil, fmt.Errorf("read request body: %w", err)
	}
	return b, nil
}

// Raw is an answer that is not JSON.
type Raw struct {
	ContentType string
	Data        []byte
}

// Stream is an answer that is not JSON, written as it is made. Its
// handler does what can fail before returning it: once Write starts, the
// status is sent, and an error of Write cuts the connection, so that the
// client never takes a cut answer for a whole one.
type Stream struct {
	ContentType string
	Write       func(io.Writer) error
}

// StatusWriter remembers the status written.
type StatusWriter struct {
	http.ResponseWriter
	Status int
}

func (w *StatusWriter) WriteHeader(code int) {
	if w.Status == 0 {
		w.Status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap gives http.ResponseController the writer underneath, to flush a
// stream of server-sent events (MCP).
func (w *StatusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *StatusWriter) Write(b []byte) (int, error) {
	if w.Status == 0 {
		w.Status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Handler returns rt served with authentication, its body limit, error
// answers and metrics. It sets rt.Status to 200 when it is 0.
func (e *Env) Handler(rt *Route) http.Handler {
	if rt.Status == 0 {
		rt.Status = http.StatusOK
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &StatusWriter{ResponseWriter: w}
		// Deferred: a cut stream (Stream) ends the handler with a panic.
		defer func() { e.Metrics.Observe(rt.Pattern(), sw.Status, time.Since(start)) }()
		e.serveLimited(sw, r, rt)
	})
}

// errorsOf returns the route's error answers, defaults filled in.
func (e *Env) errorsOf(rt *Route) (answer, refuse AnswerFunc) {
	answer, refuse = rt.Errors, rt.AuthErrors
	if answer == nil {
		answer = e.WriteError
	}
	if refuse == nil {
		refuse = e.WriteError
	}
	return answer, refuse
}

// serveLimited serves a route with its request body held to the route's
// limit (LimitBody).
func (e *Env) serveLimited(w http.ResponseWriter, r *http.Request, rt *Route) {
	limit := e.MaxBody
	if rt.MaxBody != nil {
		limit = rt.MaxBody(e)
	}
	answer, _ := e.errorsOf(rt)
	LimitBody(w, r, limit, answer, func(w http.ResponseWriter, r *http.Request) { e.serve(w, r, rt) })
}

func (e *Env) serve(w http.ResponseWriter, r *http.Request, rt *Route) {
	answer, refuse := e.errorsOf(rt)
	id := r.Header.Get("X-Request-ID")
	if id == "" || len(id) > 64 {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id = hex.EncodeToString(b[:])
	}
	w.Header().Set("X-Request-ID", id)
	c := &Call{Env: e, W: w, R: r}
	if rt.Auth != AuthNone {
		key, err := e.Keys.Authenticate(r)
		if err != nil {
			refuse(w, r, err)
			return
		}
		c.Key = key
		if rt.Writes() && !key.MayWrite() {
			refuse(w, r, fmt.Errorf("%w: this API key is read-only (http.keys.read_only); %s %s changes data", ErrForbidden, rt.Method, rt.Path))
			return
		}
	}
	if rt.Auth == AuthGroup {
		g := r.PathValue("group")
		if g == "" {
			g = r.PathValue("group_id")
		}
		if err := core.ValidateGroupID(g); err != nil {
			refuse(w, r, err)
			return
		}
		if err := c.Allow(g); err != nil {
			refuse(w, r, err)
			return
		}
		c.Group = g
	}
	out, err := rt.Handle(r.Context(), c)
	if err != nil {
		answer(w, r, err)
		return
	}
	status := rt.Status
	if c.Status != 0 {
		status = c.Status
	}
	if st, ok := out.(Stream); ok {
		w.Header().Set("Content-Type", st.ContentType)
		w.WriteHeader(status)
		if err := st.Write(w); err != nil {
			// The status is sent, so the error cannot be answered: the
			// connection is cut without the answer's last chunk, so that
			// the client reads an unexpected end rather than an answer
			// that looks whole (an export missing its last groups).
			e.Log.Warn("stream answer cut", "route", rt.Pattern(), "request_id", id, "err", err)
			panic(http.ErrAbortHandler)
		}
		return
	}
	if rb, ok := out.(Raw); ok {
		w.Header().Set("Content-Type", rb.ContentType)
		w.WriteHeader(status)
		_, _ = w.Write(rb.Data)
		return
	}
	WriteJSON(w, status, out)
}

// WriteJSON writes v as the JSON answer.
func WriteJSON(w http.ResponseWriter, status int, v any) {
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
