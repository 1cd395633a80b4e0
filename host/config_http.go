package host

// The HTTP server and its keys (http.*).

// HTTPConfig configures `mnemo serve`.
type HTTPConfig struct {
	// Addr is the listen address. Default: 127.0.0.1:8080.
	Addr string `toml:"addr" json:"addr"`
	// Keys are API keys, each bound to the groups (ids or patterns) it may
	// touch. With no keys, requests need none (bind to loopback).
	Keys []APIKeyConfig `toml:"keys" json:"keys,omitempty"`
	// MaxBodyKB bounds request bodies. Default: twice
	// ingest.max_content_kb (2048), so that an episode of the largest
	// accepted size fits with its JSON escapes; it may not be less than
	// ingest.max_content_kb.
	MaxBodyKB int `toml:"max_body_kb" json:"max_body_kb"`
	// MaxImportMB bounds the body of a group import (POST
	// /v1/groups/{group}/import), which is read whole before anything is
	// written. Default: 256.
	MaxImportMB int `toml:"max_import_mb" json:"max_import_mb"`
}

// APIKeyConfig is one API key and the groups it may touch.
type APIKeyConfig struct {
	Key    string   `toml:"key" json:"key"`
	Groups []string `toml:"groups" json:"groups"`
	// ReadOnly keys may read and search their groups but change nothing:
	// a route or MCP tool that writes answers 403. Default: false (reads
	// and writes).
	ReadOnly bool `toml:"read_only" json:"read_only,omitempty"`
	// Replay keys may add episodes as learned at their reference time
	// (POST .../episodes?learned_at=reference, `mnemo ingest --learned-at
	// reference --server`), which writes the past of system time. Default:
	// false. Without keys configured, every client may.
	Replay bool `toml:"replay" json:"replay,omitempty"`
	// Trust is the source class of what the key writes when the request
	// names none and the route's own class (user for the API, agent for
	// MCP, the role for Zep messages) is not one it may claim. Default:
	// none, and then the key is not limited: it writes as the route
	// says or as the request claims.
	Trust string `toml:"trust" json:"trust,omitempty"`
	// TrustClasses are the classes the key may claim (a request's
	// source_class, a message role). Default: Trust alone.
	TrustClasses []string `toml:"trust_classes" json:"trust_classes,omitempty"`
	// Budget bounds what the key may ingest, over all its groups, besides
	// each group's own budget (budget.*). Default: none.
	Budget BudgetLimits `toml:"budget" json:"budget"`
}
