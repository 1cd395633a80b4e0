// Package zep is the Zep-compatible API (docs/zep.md): the routes of Zep's
// v2 API that Zep's SDKs call, under /api/v2, served by host/httpapi on
// the shared middleware (host/httpapi/api) with their errors in Zep's
// shape (ErrorWriter). Routes returns them; they are not in openapi.json,
// which documents mnemo's own API. zep.go says how Zep's users, graphs
// and threads map onto mnemo's groups and records.
package zep
