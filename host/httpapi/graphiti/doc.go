// Package graphiti is the routes of the Python Graphiti REST server
// (POST /messages, POST /search, GET /episodes/{group_id}, …) with its
// request and answer shapes, so that its clients can switch to mnemo.
// Routes returns them; host/httpapi serves them on the shared middleware
// (host/httpapi/api) and documents them in openapi.json. Their errors are
// answered as FastAPI answers them (graphiti_errors.go).
package graphiti
