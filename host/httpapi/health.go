package httpapi

import (
	"context"
	_ "embed"
	"fmt"
	"time"

	"github.com/mnemohq/mnemo/host/wire"
)

// openapiJSON is the API's OpenAPI document, generated from the route table
// by `go test ./host/httpapi -run TestOpenAPI -update`.
//
//go:embed openapi.json
var openapiJSON []byte

// health answers the probes.
type health struct {
	// Status is ok, ready, draining or unavailable.
	Status  string `json:"status"`
	Version string `json:"version,omitempty"`
	// Error says why the server is not ready.
	Error string `json:"error,omitempty"`
}

func (s *Server) healthz(ctx context.Context, c *call) (any, error) {
	return health{Status: "ok", Version: s.version}, nil
}

func (s *Server) readyz(ctx context.Context, c *call) (any, error) {
	if s.draining.Load() {
		c.status = 503
		return health{Status: "draining", Error: "the server is shutting down"}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if err := s.h.Engine.Health(ctx); err != nil {
		c.status = 503
		return health{Status: "unavailable", Error: fmt.Sprintf("the database does not answer: %v", err)}, nil
	}
	return health{Status: "ready", Version: s.version}, nil
}

func (s *Server) openAPI(ctx context.Context, c *call) (any, error) {
	return raw{contentType: "application/json", data: openapiJSON}, nil
}

// pluginList lists the loaded plugins.
type pluginList struct {
	Plugins []pluginHealth `json:"plugins"`
	// ReloadError is the error of the last hot reload, if it failed; the
	// previous plugin set keeps running.
	ReloadError string `json:"reload_error,omitempty"`
}

// pluginHealth is one loaded plugin and its health.
type pluginHealth struct {
	Name string `json:"name"`
	// Source is "built-in" or the plugin file's path.
	Source       string   `json:"source"`
	Version      string   `json:"version"`
	Capabilities []string `json:"capabilities"`
	Calls        uint64   `json:"calls"`
	Failures     uint64   `json:"failures"`
	// ConsecutiveFailures keeps growing while a plugin fails every call.
	ConsecutiveFailures uint64     `json:"consecutive_failures"`
	LastError           string     `json:"last_error,omitempty"`
	LastFailure         *time.Time `json:"last_failure,omitempty"`
	Instances           int        `json:"instances"`
}

func (s *Server) listRecipes(ctx context.Context, c *call) (any, error) {
	return wire.RecipesOf(s.h.Engine.DefaultRecipe(), s.h.Engine.Recipes()), nil
}

func (s *Server) listPlugins(ctx context.Context, c *call) (any, error) {
	var out pluginList
	out.Plugins = []pluginHealth{}
	for _, p := range s.h.Plugins.Loaded() {
		ph := pluginHealth{
			Name: p.Name, Source: p.Source, Version: p.Describe.Version, Capabilities: p.Describe.Capabilities,
			Calls: p.Stats.Calls, Failures: p.Stats.Failures, ConsecutiveFailures: p.Stats.ConsecutiveFailures,
			Instances: p.Stats.Instances,
		}
		if p.Stats.LastError != nil {
			ph.LastError = p.Stats.LastError.Error()
			t := p.Stats.LastFailure.UTC()
			ph.LastFailure = &t
		}
		out.Plugins = append(out.Plugins, ph)
	}
	if err := s.h.Plugins.LastError(); err != nil {
		out.ReloadError = err.Error()
	}
	return out, nil
}
