package httpapi

import (
	"context"
	_ "embed"
	"fmt"
	"time"

	"github.com/mnemohq/mnemo/host/httpapi/api"
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

func (s *Server) healthz(ctx context.Context, c *api.Call) (any, error) {
	return health{Status: "ok", Version: s.env.Version}, nil
}

func (s *Server) readyz(ctx context.Context, c *api.Call) (any, error) {
	if s.draining.Load() {
		c.Status = 503
		return health{Status: "draining", Error: "the server is shutting down"}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if err := s.env.Host.Engine.Health(ctx); err != nil {
		c.Status = 503
		return health{Status: "unavailable", Error: fmt.Sprintf("the database does not answer: %v", err)}, nil
	}
	return health{Status: "ready", Version: s.env.Version}, nil
}

func (s *Server) openAPI(ctx context.Context, c *api.Call) (any, error) {
	return api.Raw{ContentType: "application/json", Data: openapiJSON}, nil
}
