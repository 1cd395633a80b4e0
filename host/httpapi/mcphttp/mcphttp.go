package mcphttp

import (
	"net/http"
	"time"

	"github.com/mnemohq/mnemo/host/httpapi/api"
)

// Handler serves next, the MCP server's transport, next to callers with a
// valid key. MCP clients send the key as a bearer token, which is what the
// MCP server reads the key's groups from; a key sent as X-API-Key is moved
// there. The MCP server checks the key again against the same http.keys,
// so a tool call reaches no group that the key does not allow.
func Handler(e *api.Env, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &api.StatusWriter{ResponseWriter: w}
		defer func() { e.Metrics.Observe(r.Method+" /mcp", sw.Status, time.Since(start)) }()
		api.LimitBody(sw, r, e.MaxBody, e.WriteError, func(w http.ResponseWriter, r *http.Request) {
			key, err := e.Keys.Authenticate(r)
			if err != nil {
				e.WriteError(w, r, err)
				return
			}
			if key != nil {
				k := api.KeyOf(r)
				r = r.Clone(r.Context())
				r.Header.Del("X-API-Key")
				r.Header.Set("Authorization", "Bearer "+k)
			}
			next.ServeHTTP(w, r)
		})
	})
}

// LimitBody returns next with request bodies held to maxBodyKB KiB
// (http.max_body_kb), answered as the API answers a body over its limit:
// for MCP over HTTP served on its own (`mnemo mcp --http`).
func LimitBody(next http.Handler, maxBodyKB int) http.Handler {
	lim := api.MaxBodyLimit(maxBodyKB)
	answer := func(w http.ResponseWriter, r *http.Request, err error) int {
		status, code := api.StatusOf(err)
		api.WriteJSON(w, status, api.ErrorBody{Error: err.Error(), Code: code})
		return status
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		api.LimitBody(w, r, lim, answer, next.ServeHTTP)
	})
}
