package httpapi

import (
	"context"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/wire"
)

// contextRequest is the body of POST /v1/groups/{group}/context: a search
// and how to write what it finds.
type contextRequest struct {
	wire.SearchInput
	// Budget is the largest size of the context in tokens, as mnemo
	// estimates them (erring high). Default: 2000.
	Budget int `json:"budget,omitempty"`
	// Format is text (tagged sections of facts with their validity ranges,
	// entities, episodes) or json (one object with the same content).
	// Default: text.
	Format string `json:"format,omitempty"`
}

// contextResponse answers POST /v1/groups/{group}/context.
type contextResponse struct {
	// Context is the text to put in a prompt; empty when nothing was found
	// or nothing fits the budget. With format json, it is a JSON document.
	Context string `json:"context"`
}

func (s *Server) search(ctx context.Context, c *call) (any, error) {
	var in wire.SearchInput
	if err := c.decode(&in); err != nil {
		return nil, err
	}
	req, err := in.Request([]string{c.group})
	if err != nil {
		return nil, err
	}
	res, err := s.h.Engine.Search(ctx, req)
	if err != nil {
		return nil, err
	}
	return wire.SearchResultsOf(res), nil
}

func (s *Server) getContext(ctx context.Context, c *call) (any, error) {
	var in contextRequest
	if err := c.decode(&in); err != nil {
		return nil, err
	}
	req, err := in.Request([]string{c.group})
	if err != nil {
		return nil, err
	}
	text, err := s.h.Engine.Context(ctx, core.ContextRequest{SearchRequest: req, Budget: in.Budget, Format: in.Format})
	if err != nil {
		return nil, err
	}
	return contextResponse{Context: text}, nil
}

func (s *Server) buildCommunities(ctx context.Context, c *call) (any, error) {
	rep, err := s.h.Engine.BuildCommunities(ctx, c.group)
	if err != nil {
		return nil, err
	}
	return wire.CommunityReportOf(rep), nil
}
