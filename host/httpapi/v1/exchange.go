package v1

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/exchange"
	"github.com/mnemohq/mnemo/host/httpapi/api"
	"github.com/mnemohq/mnemo/host/wire"
)

func (s *server) exportGroup(ctx context.Context, c *api.Call) (any, error) {
	d, err := s.Host.Engine.ExportGroup(ctx, c.Group)
	if err != nil {
		return nil, err
	}
	h := exchange.NewHeader(s.Host.Engine.EmbedderID(), s.Host.Now(), []string{c.Group})
	return api.Stream{ContentType: "application/x-ndjson", Write: func(w io.Writer) error {
		x := exchange.NewWriter(w)
		if err := x.WriteHeader(h); err != nil {
			return err
		}
		if err := x.WriteGroup(d); err != nil {
			return err
		}
		return x.Flush()
	}}, nil
}

// importGroup imports the body. One over http.max_import_mb is answered
// by limitBody, whatever error the reader made of the cut.
func (s *server) importGroup(ctx context.Context, c *api.Call) (any, error) {
	res, err := exchange.Import(ctx, s.Host.Engine, c.R.Body, exchange.ImportOptions{Group: c.Group})
	if err != nil {
		return nil, err
	}
	return wire.ImportedOf(res[0]), nil
}

// exportAll exports every group holding data that the key may use, in
// one file: `mnemo export` without --group.
func (s *server) exportAll(ctx context.Context, c *api.Call) (any, error) {
	groups, err := c.VisibleGroups(ctx)
	if err != nil {
		return nil, err
	}
	// The header names the groups; each is read when its turn comes, as
	// the CLI's export on the database does.
	now := s.Host.Now()
	return api.Stream{ContentType: "application/x-ndjson", Write: func(w io.Writer) error {
		return exchange.Export(ctx, s.Host.Engine, w, groups, now)
	}}, nil
}

// importAll imports a file of any number of groups, renamed by the
// group_map parameters: `mnemo import`. It may write any group and keeps
// the file's uuids, so it takes a key bound to every group ("*"), as a
// backup does; a tenant imports its group with POST .../import.
func (s *server) importAll(ctx context.Context, c *api.Call) (any, error) {
	if c.Key != nil && !slices.Contains(c.Key.Patterns(), "*") {
		return nil, fmt.Errorf("%w: an import of a whole file may write every group: it takes a key bound to \"*\" (a group's key imports with POST /v1/groups/{group}/import)", api.ErrForbidden)
	}
	gm := map[string]string{}
	for _, m := range c.R.URL.Query()["group_map"] {
		old, new, ok := strings.Cut(m, "=")
		if !ok || old == "" || new == "" {
			return nil, fmt.Errorf("%w: group_map %q: want OLD=NEW", core.ErrInvalid, m)
		}
		if err := core.ValidateGroupID(new); err != nil {
			return nil, fmt.Errorf("group_map %q: %w", m, err)
		}
		if _, dup := gm[old]; dup {
			return nil, fmt.Errorf("%w: group_map: group %s is mapped twice", core.ErrInvalid, old)
		}
		gm[old] = new
	}
	res, err := exchange.Import(ctx, s.Host.Engine, c.R.Body, exchange.ImportOptions{GroupMap: gm})
	if err != nil {
		return nil, err
	}
	out := wire.ImportedList{Groups: make([]wire.Imported, len(res))}
	for i, r := range res {
		out.Groups[i] = wire.ImportedOf(r)
	}
	return out, nil
}
