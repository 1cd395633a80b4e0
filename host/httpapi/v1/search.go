package v1

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host/httpapi/api"
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

func (s *server) search(ctx context.Context, c *api.Call) (any, error) {
	var in wire.SearchInput
	if err := c.Decode(&in); err != nil {
		return nil, err
	}
	req, err := in.Request([]string{c.Group})
	if err != nil {
		return nil, err
	}
	res, err := s.Host.Engine.Search(ctx, req)
	if err != nil {
		return nil, err
	}
	return wire.SearchResultsOf(res), nil
}

func (s *server) getContext(ctx context.Context, c *api.Call) (any, error) {
	var in contextRequest
	if err := c.Decode(&in); err != nil {
		return nil, err
	}
	req, err := in.Request([]string{c.Group})
	if err != nil {
		return nil, err
	}
	text, err := s.Host.Engine.Context(ctx, retrieval.ContextRequest{Request: req, Budget: in.Budget, Format: in.Format})
	if err != nil {
		return nil, err
	}
	return contextResponse{Context: text}, nil
}

func (s *server) buildCommunities(ctx context.Context, c *api.Call) (any, error) {
	rep, err := s.Host.Engine.BuildCommunities(ctx, c.Group)
	if err != nil {
		return nil, err
	}
	return wire.CommunityReportOf(rep), nil
}

// includeArchivedParam is the query parameter of listings that keeps what
// evolution archived.
var includeArchivedParam = api.Param{Name: "include_archived", Type: "boolean", Description: "Include the entities and facts evolution archived."}

// includeQuarantinedParam and quarantinedParam are read by factFilter.
var (
	includeQuarantinedParam = api.Param{Name: "include_quarantined", Type: "boolean", Description: "Include the facts held in quarantine (docs/trust.md)."}
	quarantinedParam        = api.Param{Name: "quarantined", Type: "boolean", Description: "Only the facts held in quarantine (docs/trust.md)."}
)

// includeArchived reads the include_archived query parameter.
func includeArchived(c *api.Call) (bool, error) {
	v := c.R.URL.Query().Get("include_archived")
	if v == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("%w: include_archived %q: want true or false", core.ErrInvalid, v)
	}
	return b, nil
}

func (s *server) feedback(ctx context.Context, c *api.Call) (any, error) {
	var in wire.FeedbackInput
	if err := c.Decode(&in); err != nil {
		return nil, err
	}
	req, err := in.Request(c.Group)
	if err != nil {
		return nil, err
	}
	if req.Trust, err = c.SourceClass("", in.SourceClass); err != nil {
		return nil, err
	}
	if err := s.Host.Engine.Feedback(ctx, req); err != nil {
		return nil, err
	}
	return wire.FeedbackResult{Scope: string(req.Scope), UUID: req.UUID, Feedback: string(req.Kind)}, nil
}

func (s *server) evolve(ctx context.Context, c *api.Call) (any, error) {
	var in wire.EvolveInput
	if err := c.Decode(&in); err != nil {
		return nil, err
	}
	opts, err := in.Options()
	if err != nil {
		return nil, err
	}
	rep, err := s.Host.Engine.Evolve(ctx, c.Group, opts)
	if err != nil {
		return nil, err
	}
	return wire.EvolveReportOf(rep), nil
}

func (s *server) evolveReports(ctx context.Context, c *api.Call) (any, error) {
	reps, err := s.Host.Engine.EvolveReports(ctx, c.Group)
	if err != nil {
		return nil, err
	}
	out := wire.EvolveReports{Reports: make([]wire.EvolveReport, len(reps))}
	for i, r := range reps {
		out.Reports[i] = wire.EvolveReportOf(r)
	}
	return out, nil
}
