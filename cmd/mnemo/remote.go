package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/client"
	"github.com/mnemohq/mnemo/host/wire"
)

// serverFlags are the flags of the commands that can run through a running
// mnemo serve instead of opening the database: its URL and an API key.
type serverFlags struct {
	url string
	key string
}

func (s *serverFlags) register(fs *flag.FlagSet, getenv func(string) string) {
	fs.StringVar(&s.url, "server", getenv("MNEMO_URL"), "run through the mnemo serve at `URL` instead of opening the database (default $MNEMO_URL)")
	fs.StringVar(&s.key, "api-key", getenv("MNEMO_API_KEY"), "the API `KEY` sent to --server (default $MNEMO_API_KEY)")
}

// client returns the client of the server, or nil when no server is named.
func (s *serverFlags) client() (*remote, error) {
	if s.url == "" {
		return nil, nil
	}
	c, err := client.New(s.url, s.key, 5*time.Minute)
	if err != nil {
		return nil, fmt.Errorf("--server: %w", err)
	}
	c.KeyHint = "pass --api-key or set MNEMO_API_KEY"
	return c, nil
}

// remote is a client of mnemo serve's HTTP API.
type remote = client.Client

// groupPath is the path of a group's route.
func groupPath(group, rest string) string { return client.GroupPath(group, rest) }

// checkRemoteRecipe is checkRecipe (search.go) through the server: it
// fails with the server's recipes' names when name is none of them.
func checkRemoteRecipe(ctx context.Context, rc *remote, name string) error {
	if name == "" {
		return nil
	}
	var list wire.RecipeList
	if err := rc.Do(ctx, "GET", "/v1/recipes", nil, &list); err != nil {
		return err
	}
	known := make([]string, len(list.Recipes))
	for i, r := range list.Recipes {
		if r.Name == name {
			return nil
		}
		known[i] = r.Name
	}
	slices.Sort(known)
	return fmt.Errorf("%w: --recipe: unknown recipe %q (known: %s)", core.ErrInvalid, name, strings.Join(known, ", "))
}

// openOrServer is the one place a command picks where it runs: the server
// --server (or MNEMO_URL) names; else the database, opened in mode; else,
// when the database is held by a mnemo serve that advertises its URL (the
// lock file names it), that server, saying so on stderr. Exactly one of
// the host and the client is returned; the caller closes the host.
func (g *globals) openOrServer(ctx context.Context, server *serverFlags, mode openMode) (*host.Host, *remote, error) {
	rc, err := server.client()
	if err != nil || rc != nil {
		return nil, rc, err
	}
	h, err := g.open(ctx, mode, false)
	if err == nil {
		return h, nil, nil
	}
	if !errors.Is(err, core.ErrLocked) {
		return nil, nil, err
	}
	cfg, lerr := g.load()
	if lerr != nil || host.ServedURL(cfg) == "" {
		return nil, nil, err
	}
	url := strings.TrimRight(host.ServedURL(cfg), "/")
	fmt.Fprintf(g.stderr, "mnemo: the database is open in the mnemo serving %s: sending the command to it\n", url)
	server.url = url
	rc, err = server.client()
	return nil, rc, err
}

// hostOrServer runs local on the database, or remote on a mnemo serve
// (openOrServer).
func (g *globals) hostOrServer(ctx context.Context, server *serverFlags, local func(*host.Host) error, remote func(*remote) error) error {
	h, rc, err := g.openOrServer(ctx, server, readOnly)
	if err != nil {
		return err
	}
	if rc != nil {
		return remote(rc)
	}
	defer g.closeHost(h)
	return local(h)
}
