package zep

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/httpapi/api"
)

// The Zep-compatible API (docs/zep.md): the routes of Zep's v2 API that
// the official SDKs call (@getzep/zep-cloud 3.x, zep-cloud 3.x for
// Python), under /api/v2, so that an app written against Zep runs on
// mnemo with baseUrl http://HOST:PORT/api/v2.
//
// Mapping. A Zep user and a Zep graph are each a mnemo group whose id is
// the user_id or graph_id (one namespace: a graph cannot take a user's
// id). Users, graphs and threads are records of their group
// (core.RecordStore): zep.user, zep.graph, zep.thread. Every episode added
// through these routes has a zep.episode record with what mnemo's episode
// has no field for: the thread and the speaker of a message, its raw
// content, the metadata. A thread's messages are message episodes of the
// user's group, read back from those records. Tasks (zep.task) name the
// episodes of one add; a task succeeds when they are all processed.
//
// Wire. JSON is snake_case; every answer, deletes and errors included, is
// a JSON object or, where Zep answers one, a bare array (edge and node
// lists). Unknown request fields are ignored, as Zep does. A key that may
// not use a user's or graph's group reads it as unknown (404), so nothing
// about other tenants can be learned.
//
// These routes are not in openapi.json, which documents mnemo's own API.

// Record kinds of the Zep API.
const (
	kindZepUser    = "zep.user"
	kindZepGraph   = "zep.graph"
	kindZepThread  = "zep.thread"
	kindZepEpisode = "zep.episode"
	kindZepTask    = "zep.task"
)

// zepPrefix is where the Zep routes live.
const zepPrefix = "/api/v2"

// server serves the Zep routes on the shared Env.
type server struct{ *api.Env }

// Routes returns the Zep routes. Their errors, the refusals of keys
// included, are answered in Zep's shape (ErrorWriter).
func Routes(e *api.Env) []*api.Route {
	s := &server{e}
	return s.routes()
}

// routes lists the Zep routes, with paths relative to zepPrefix.
func (s *server) routes() []*api.Route {
	answer := ErrorWriter(s.Env)
	r := func(method, path string, h api.Handler) *api.Route {
		return &api.Route{Method: method, Path: zepPrefix + path, Auth: api.AuthKey, Handle: h, Tag: "zep", Errors: answer, AuthErrors: answer}
	}
	// read is a POST that changes nothing: a search or a listing.
	read := func(method, path string, h api.Handler) *api.Route {
		rt := r(method, path, h)
		rt.Reads = true
		return rt
	}
	// ingest adds episodes, which the budgets may refuse (429).
	ingest := func(method, path string, h api.Handler) *api.Route {
		rt := r(method, path, h)
		rt.Ingests = true
		return rt
	}
	return []*api.Route{
		r("POST", "/users", s.zepAddUser),
		r("GET", "/users/{userId}", s.zepGetUser),
		r("PATCH", "/users/{userId}", s.zepUpdateUser),
		r("DELETE", "/users/{userId}", s.zepDeleteUser),
		r("GET", "/users/{userId}/node", s.zepUserNode),
		r("GET", "/users/{userId}/threads", s.zepUserThreads),
		r("GET", "/users-ordered", s.zepListUsers),

		r("POST", "/threads", s.zepCreateThread),
		r("GET", "/threads", s.zepListThreads),
		r("DELETE", "/threads/{threadId}", s.zepDeleteThread),
		ingest("POST", "/threads/{threadId}/messages", s.zepAddMessages),
		ingest("POST", "/threads/{threadId}/messages-batch", s.zepAddMessages),
		r("GET", "/threads/{threadId}/messages", s.zepGetMessages),
		r("GET", "/threads/{threadId}/context", s.zepThreadContext),
		r("GET", "/threads/{threadId}/episodes", s.zepThreadEpisodes),

		ingest("POST", "/graph", s.zepGraphAdd),
		ingest("POST", "/graph-batch", s.zepGraphAddBatch),
		r("POST", "/graph/add-fact-triple", s.zepAddFactTriple),
		read("POST", "/graph/search", s.zepSearch),
		r("POST", "/graph/create", s.zepCreateGraph),
		r("GET", "/graph/list-all", s.zepListGraphs),
		r("GET", "/graph/{graphId}", s.zepGetGraph),
		r("PATCH", "/graph/{graphId}", s.zepUpdateGraph),
		r("DELETE", "/graph/{graphId}", s.zepDeleteGraph),

		r("GET", "/graph/episodes/{uuid}", s.zepGetEpisode),
		r("DELETE", "/graph/episodes/{uuid}", s.zepDeleteEpisode),
		// /graph/episodes/user/{userId}, /graph/episodes/graph/{graphId}
		// and /graph/episodes/{uuid}/mentions overlap as patterns.
		r("GET", "/graph/episodes/{a}/{b}", s.zepEpisodesRoute),

		r("GET", "/graph/edge/{uuid}", s.zepGetEdge),
		r("DELETE", "/graph/edge/{uuid}", s.zepDeleteEdge),
		read("POST", "/graph/edge/user/{userId}", s.zepOfUser(s.zepListEdges)),
		read("POST", "/graph/edge/graph/{graphId}", s.zepOfGraph(s.zepListEdges)),

		r("GET", "/graph/node/{uuid}", s.zepGetNode),
		r("DELETE", "/graph/node/{uuid}", s.zepDeleteNode),
		r("GET", "/graph/node/{uuid}/entity-edges", s.zepNodeEdges),
		r("GET", "/graph/node/{uuid}/episodes", s.zepNodeEpisodes),
		read("POST", "/graph/node/user/{userId}", s.zepOfUser(s.zepListNodes)),
		read("POST", "/graph/node/graph/{graphId}", s.zepOfGraph(s.zepListNodes)),

		r("GET", "/tasks/{taskId}", s.zepGetTask),
	}
}

// Serves reports whether r is under the Zep API's prefix, /api/v2/.
func Serves(r *http.Request) bool { return strings.HasPrefix(r.URL.Path, zepPrefix+"/") }

// NoRoute answers a request under /api/v2 that no Zep route serves: 404
// with Zep's message.
func NoRoute(e *api.Env, w http.ResponseWriter, r *http.Request) {
	msg := fmt.Sprintf("%s %s is not part of mnemo's Zep-compatible API (docs/zep.md lists the routes served)", r.Method, r.URL.Path)
	sw := &api.StatusWriter{ResponseWriter: w}
	api.WriteJSON(sw, http.StatusNotFound, zepError{api.ErrorBody{Error: msg, Code: "no_route"}, msg})
	e.Metrics.Observe("unmatched", sw.Status, 0)
}

// ErrorWriter answers errors as the Zep routes do: mnemo's error body
// with the message Zep's clients read.
func ErrorWriter(e *api.Env) api.AnswerFunc {
	return func(w http.ResponseWriter, r *http.Request, err error) int {
		status, code, msg := e.ErrorAnswer(w, r, err)
		api.WriteJSON(w, status, zepError{api.ErrorBody{Error: msg, Code: code}, msg})
		return status
	}
}

// zepMessage is Zep's SuccessResponse, the answer of every delete.
type zepMessage struct {
	Message string `json:"message"`
}

// zepError is an error answer of the Zep routes: mnemo's, with the
// message Zep's clients read.
type zepError struct {
	api.ErrorBody
	Message string `json:"message"`
}

// decodeLenient reads the request body as JSON into v, ignoring unknown
// fields as Zep does. An empty body leaves v as it is.
func decodeLenient(c *api.Call, v any) error {
	b, err := c.Body()
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return fmt.Errorf("%w: request body: field %s: want %s, not %s", core.ErrInvalid, te.Field, te.Type, te.Value)
		}
		return fmt.Errorf("%w: request body: %v", core.ErrInvalid, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("%w: request body: more than one JSON value", core.ErrInvalid)
	}
	return nil
}

// queryInt reads an integer query parameter (any of names) within [lo,
// hi]; def when absent.
func queryInt(c *api.Call, def, lo, hi int, names ...string) (int, error) {
	for _, name := range names {
		v := c.R.URL.Query().Get(name)
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi {
			return 0, fmt.Errorf("%w: %s %q: want an integer from %d to %d", core.ErrInvalid, name, v, lo, hi)
		}
		return n, nil
	}
	return def, nil
}

// zepTime writes a time as Zep does, RFC 3339 in UTC.
func zepTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// zepOptTime is zepTime, or nil for the zero time.
func zepOptTime(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := zepTime(t)
	return &s
}

// zepGroup checks that id is usable as a group and that the call's key
// may use it; a key that may not reads the group as unknown (404), as
// does an invalid id.
func zepGroup(c *api.Call, what, id string) error {
	if id == "" {
		return fmt.Errorf("%w: %s is required", core.ErrInvalid, what)
	}
	if err := core.ValidateGroupID(id); err != nil {
		return fmt.Errorf("%s %q: %w (a %s is a mnemo group id: letters, digits and -_.:@, at most 128)", what, id, core.ErrNotFound, what)
	}
	if !c.Key.Allows(id) {
		return fmt.Errorf("%s %q: %w", what, id, core.ErrNotFound)
	}
	return nil
}

// record reads one record of group and decodes it into v.
func (s *server) record(ctx context.Context, group, kind, id string, v any) error {
	r, err := s.Host.Engine.Record(ctx, group, kind, id)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(r.Data, v); err != nil {
		return fmt.Errorf("decode %s %s: %w", kind, id, err)
	}
	return nil
}

// putRecord encodes v as the record of group, kind and id.
func (s *server) putRecord(ctx context.Context, group, kind, id string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode %s %s: %w", kind, id, err)
	}
	return s.Host.Engine.PutRecords(ctx, []core.Record{{GroupID: group, Kind: kind, ID: id, Data: b}})
}

// records reads the records of kind in groups (every group the key may
// use when groups is nil), with the given ids if any, and decodes each.
func records[T any](ctx context.Context, c *api.Call, kind string, groups []string, ids ...string) ([]T, error) {
	q := core.RecordQuery{Kind: kind, Groups: groups, IDs: ids, AllGroups: groups == nil}
	rs, err := c.Env.Host.Engine.Records(ctx, q)
	if err != nil {
		return nil, err
	}
	out := make([]T, 0, len(rs))
	for _, r := range rs {
		if !c.Key.Allows(r.GroupID) {
			continue
		}
		var v T
		if err := json.Unmarshal(r.Data, &v); err != nil {
			return nil, fmt.Errorf("decode %s %s: %w", kind, r.ID, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// page cuts items to Zep's page_number (from 1) and page_size.
func page[T any](items []T, number, size int) []T {
	lo := (number - 1) * size
	if lo >= len(items) {
		return []T{}
	}
	return items[lo:min(lo+size, len(items))]
}

// zepClaim checks the id of a new user or graph (field names it in the
// body, what in the messages): given, a valid group id, one the key may
// use, and not yet taken by a user or a graph.
func (s *server) zepClaim(ctx context.Context, c *api.Call, field, what, id string) error {
	if id == "" {
		return fmt.Errorf("%w: %s is required", core.ErrInvalid, field)
	}
	if err := core.ValidateGroupID(id); err != nil {
		return fmt.Errorf("%s: %w", field, err)
	}
	if !c.Key.Allows(id) {
		return fmt.Errorf("%w: this API key may not use %s %q", api.ErrForbidden, what, id)
	}
	return s.zepIDFree(ctx, id)
}

// zepTarget resolves the user_id or graph_id of a graph request to its
// group: exactly one must be given, and it must name a user, or a graph
// (a Zep graph, or a group holding episodes), the key may use.
func (s *server) zepTarget(ctx context.Context, c *api.Call, userID, graphID string) (string, error) {
	switch {
	case userID != "" && graphID != "":
		return "", fmt.Errorf("%w: give user_id or graph_id, not both", core.ErrInvalid)
	case userID != "":
		_, err := s.zepUser(ctx, c, userID)
		return userID, err
	case graphID != "":
		return graphID, s.zepGraphExists(ctx, c, graphID)
	}
	return "", fmt.Errorf("%w: user_id or graph_id is required", core.ErrInvalid)
}
