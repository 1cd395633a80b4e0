// Package wire holds the JSON shapes of mnemo's objects as its surfaces show
// them (the CLI's --json output, the HTTP API, the MCP server) and the
// inputs they accept: episodes, searches, times. Keeping them in one place
// makes `mnemo search --json`, `POST /v1/groups/{group}/search` and the MCP
// search tools answer with the same document.
//
// Times are RFC 3339 strings in UTC; an unknown or absent time is null.
// Inputs are decoded strictly (Decode): unknown fields, trailing data and
// wrong types are errors wrapping core.ErrInvalid with a message that names
// the field.
package wire
