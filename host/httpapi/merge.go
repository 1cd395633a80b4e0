package httpapi

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/evolve"
	"github.com/mnemohq/mnemo/host/wire"
)

// dryRunParam is the query parameter of the routes that can report what
// they would do without writing.
var dryRunParam = param{"dry_run", "boolean", "true: report what would be done and write nothing"}

// dryRun reads the dry_run query parameter.
func dryRun(c *call) (bool, error) {
	v := c.r.URL.Query().Get("dry_run")
	if v == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("%w: dry_run %q: want true or false", core.ErrInvalid, v)
	}
	return b, nil
}

func (s *Server) consolidate(ctx context.Context, c *call) (any, error) {
	dry, err := dryRun(c)
	if err != nil {
		return nil, err
	}
	rep, err := s.h.Engine.Consolidate(ctx, c.group, evolve.ConsolidateOptions{DryRun: dry})
	if err != nil {
		return nil, err
	}
	return wire.ConsolidateReportOf(rep), nil
}

func (s *Server) unmerge(ctx context.Context, c *call) (any, error) {
	dry, err := dryRun(c)
	if err != nil {
		return nil, err
	}
	rep, err := s.h.Engine.Unmerge(ctx, c.group, c.r.PathValue("uuid"), evolve.UnmergeOptions{DryRun: dry})
	if err != nil {
		return nil, err
	}
	return wire.UnmergeReportOf(rep), nil
}
