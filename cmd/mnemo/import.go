package main

import (
	"context"
	"fmt"
	"maps"
	"net/url"
	"os"
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host/exchange"
	"github.com/mnemohq/mnemo/host/wire"
)

// groupMap is the repeatable --group-map OLD=NEW flag.
type groupMap map[string]string

func (m groupMap) String() string { return "" }

func (m groupMap) Set(s string) error {
	old, new, ok := strings.Cut(s, "=")
	if !ok || old == "" || new == "" {
		return fmt.Errorf("want OLD=NEW, got %q", s)
	}
	if err := core.ValidateGroupID(new); err != nil {
		return err
	}
	if _, dup := m[old]; dup {
		return fmt.Errorf("group %s is mapped twice", old)
	}
	m[old] = new
	return nil
}

func runImport(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("import", "[--group-map OLD=NEW]... FILE|-", `Import a file written by mnemo export into this database, empty or not.
Everything is read and checked first: a bad line (reported with its number) or
vectors of another embedder than this database's stop the import with nothing
written. Each group is then written in one transaction. Objects already stored
are replaced by the file's, so importing a file twice changes nothing.
--group-map imports a group under another name; its objects get new uuids,
derived from the old ones, since uuids are unique across a database.`)
	gm := groupMap{}
	fs.Var(gm, "group-map", "import group `OLD=NEW` (repeatable)")
	var server serverFlags
	server.register(fs, g.getenv)
	if ok, code := parse(fs, args); !ok {
		return code
	}
	// Flags may follow the file too.
	rest := fs.Args()
	if len(rest) > 1 {
		if ok, code := parse(fs, rest[1:]); !ok {
			return code
		}
		rest = append(rest[:1:1], fs.Args()...)
	}
	if len(rest) != 1 {
		return g.usageError(fs, "want one FILE (or - for standard input), got %d arguments", len(rest))
	}
	in, name := g.stdin, "standard input"
	if path := rest[0]; path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return g.fail(fmt.Errorf("open export: %w", err))
		}
		defer f.Close()
		in, name = f, path
	}
	h, rc, err := g.openOrServer(ctx, &server, readOnly)
	if err != nil {
		return g.fail(err)
	}
	var res []engine.ImportResult
	if rc != nil {
		q := url.Values{}
		for _, old := range slices.Sorted(maps.Keys(gm)) {
			q.Add("group_map", old+"="+gm[old])
		}
		var list wire.ImportedList
		err = rc.Untimed().Send(ctx, "POST", "/v1/import?"+q.Encode(), "application/x-ndjson", in, &list)
		for _, r := range list.Groups {
			res = append(res, r.Result())
		}
	} else {
		defer g.closeHost(h)
		res, err = exchange.Import(ctx, h.Engine, in, exchange.ImportOptions{GroupMap: gm})
	}
	for _, r := range res {
		fmt.Fprintf(g.stdout, "imported group %s: %s, %s, %s, %s, %s\n", r.Group,
			plural(r.Episodes, "episode", "episodes"), plural(r.Entities, "entity", "entities"), plural(r.Facts, "fact", "facts"),
			plural(r.Mentions, "mention", "mentions"), plural(r.Communities, "community", "communities"))
	}
	if err != nil {
		return g.fail(fmt.Errorf("import %s: %w", name, err))
	}
	return 0
}
