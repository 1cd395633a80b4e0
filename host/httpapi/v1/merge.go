package v1

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/evolve"
	"github.com/mnemohq/mnemo/host/httpapi/api"
	"github.com/mnemohq/mnemo/host/wire"
)

// dryRunParam is the query parameter of the routes that can report what
// they would do without writing.
var dryRunParam = api.Param{Name: "dry_run", Type: "boolean", Description: "true: report what would be done and write nothing"}

// dryRun reads the dry_run query parameter.
func dryRun(c *api.Call) (bool, error) {
	v := c.R.URL.Query().Get("dry_run")
	if v == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("%w: dry_run %q: want true or false", core.ErrInvalid, v)
	}
	return b, nil
}

func (s *server) consolidate(ctx context.Context, c *api.Call) (any, error) {
	dry, err := dryRun(c)
	if err != nil {
		return nil, err
	}
	rep, err := s.Host.Engine.Consolidate(ctx, c.Group, evolve.ConsolidateOptions{DryRun: dry})
	if err != nil {
		return nil, err
	}
	return wire.ConsolidateReportOf(rep), nil
}

func (s *server) unmerge(ctx context.Context, c *api.Call) (any, error) {
	dry, err := dryRun(c)
	if err != nil {
		return nil, err
	}
	rep, err := s.Host.Engine.Unmerge(ctx, c.Group, c.R.PathValue("uuid"), evolve.UnmergeOptions{DryRun: dry})
	if err != nil {
		return nil, err
	}
	return wire.UnmergeReportOf(rep), nil
}
