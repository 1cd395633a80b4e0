package exchange

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
)

// Export writes an export of groups, read from eng, to w: the header
// (with eng's embedder and the time now), then each group in the order
// given (the CLI gives them sorted). Each group is one consistent state
// of it (engine.Engine.ExportGroup); a group that holds nothing exports as
// no lines.
func Export(ctx context.Context, eng *engine.Engine, w io.Writer, groups []string, now time.Time) error {
	x := NewWriter(w)
	if err := x.WriteHeader(NewHeader(eng.EmbedderID(), now, groups)); err != nil {
		return err
	}
	for _, g := range groups {
		d, err := eng.ExportGroup(ctx, g)
		if err != nil {
			return err
		}
		if err := x.WriteGroup(d); err != nil {
			return err
		}
	}
	return x.Flush()
}

// ImportOptions tune Import.
type ImportOptions struct {
	// GroupMap renames groups of the file: the data of group OLD is
	// imported as GroupMap[OLD], with new uuids (engine.GroupData.Renamed).
	// Groups not in the map keep their name.
	GroupMap map[string]string
	// Group, when set, requires the file to hold one group, and imports it
	// as Group (renamed if its name differs; GroupMap is ignored): the
	// HTTP import of one group, which a tenant sends. Data of the group's
	// own name keeps only the uuids of entities, facts and communities the
	// group holds (engine.Engine.OwnUUIDs), so that what is imported never
	// depends on another group's uuids.
	Group string
}

// Import reads an export from r and imports it into eng. Everything is
// read and checked before anything is written: a bad line, another
// embedder or a group that fails engine.Engine.CheckImport stops the import
// with nothing written. Then each group is written in one transaction
// (engine.Engine.ImportGroup), in the file's order; should a write fail
// (say, a uuid another group of the database holds), the groups before it
// stay imported and the error names the group. Importing the same file
// again changes nothing.
func Import(ctx context.Context, eng *engine.Engine, r io.Reader, opts ImportOptions) ([]engine.ImportResult, error) {
	h, groups, err := Read(r)
	if err != nil {
		return nil, err
	}
	from := h.ID()
	if opts.Group != "" {
		if len(groups) != 1 {
			return nil, fmt.Errorf("%w: the export holds %d groups; importing into group %s takes one", core.ErrInvalid, len(groups), opts.Group)
		}
		opts.GroupMap = map[string]string{groups[0].Group: opts.Group}
	}
	seen := map[string]string{}
	for i, d := range groups {
		to := d.Group
		if n, ok := opts.GroupMap[d.Group]; ok {
			if err := core.ValidateGroupID(n); err != nil {
				return nil, fmt.Errorf("group map %s=%s: %w", d.Group, n, err)
			}
			to = n
		}
		if prev, ok := seen[to]; ok {
			return nil, fmt.Errorf("%w: groups %s and %s would both be imported as %s", core.ErrInvalid, prev, d.Group, to)
		}
		seen[to] = d.Group
		groups[i] = d.Renamed(to)
		if opts.Group != "" && d.Group == to {
			var err error
			if groups[i], err = eng.OwnUUIDs(ctx, groups[i]); err != nil {
				return nil, err
			}
		}
		if err := eng.CheckImport(groups[i], from); err != nil {
			return nil, err
		}
	}
	out := make([]engine.ImportResult, 0, len(groups))
	for _, d := range groups {
		res, err := eng.ImportGroup(ctx, d, from)
		if err != nil {
			return out, err
		}
		out = append(out, res)
	}
	return out, nil
}
