// Package client is a Go client of mnemo serve's HTTP API (docs/guide.md):
// requests with a key, the API's error answers turned back into core's
// sentinels, and ingestion through the /v1 routes. The CLI runs every
// command that reads or changes a database through it when given --server.
package client
