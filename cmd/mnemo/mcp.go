package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/mnemohq/mnemo/host/httpapi/mcphttp"
	"github.com/mnemohq/mnemo/host/mcpserver"
)

func runMCP(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("mcp", "[--http HOST:PORT] [--group G]  |  --server URL [--api-key KEY]",
		`Run the MCP server: over standard input and output (for an MCP client that
starts mnemo), or over streamable HTTP with --http. Its tools add memories,
search facts and entities, build context, list episodes and facts, add facts
and delete, with the as-of-time filters. With http.keys configured, the HTTP
transport requires "Authorization: Bearer KEY" and each key reaches its
groups only.

With --server URL (or MNEMO_URL), the MCP server over standard input and
output is that of a running mnemo serve, reached with the key of --api-key
(or MNEMO_API_KEY): the same tools, for an MCP client that starts mnemo
while a server holds the database. Tool calls that name no group use the
server's --group.`)
	httpAddr := fs.String("http", "", "serve streamable HTTP on `ADDRESS` instead of stdio")
	group := fs.String("group", "default", "the `GROUP` of tool calls that name none")
	var server serverFlags
	server.register(fs, g.getenv)
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if err := requireGroup(*group); err != nil {
		return g.fail(err)
	}
	rc, err := server.client()
	if err != nil {
		return g.fail(err)
	}
	if rc != nil {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		switch {
		case set["http"]:
			return g.usageError(fs, "--http serves the database of this machine; with --server, use the server's own /mcp")
		case set["group"]:
			return g.usageError(fs, "--group does not apply with --server: tool calls that name no group use mnemo serve --group")
		}
		if err := proxyMCP(ctx, rc); err != nil {
			return g.fail(err)
		}
		return 0
	}
	h, err := g.open(ctx, withWorkers, true)
	if err != nil {
		return g.fail(err)
	}
	defer g.closeHost(h)
	s := mcpserver.New(h, mcpserver.Options{DefaultGroup: *group, Version: version})
	if *httpAddr == "" {
		if err := s.Run(ctx); err != nil {
			return g.fail(err)
		}
		return 0
	}
	ln, err := net.Listen("tcp", *httpAddr)
	if err != nil {
		return g.fail(fmt.Errorf("listen: %w", err))
	}
	mux := http.NewServeMux()
	// Bodies over http.max_body_kb get the API's 413, read to their end
	// so that the client sees it.
	mcp := mcphttp.LimitBody(s.Handler(), h.Config.HTTP.MaxBodyKB)
	mux.Handle("/mcp", mcp)
	mux.Handle("/mcp/{$}", mcp)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	srv.RegisterOnShutdown(s.CloseSessions)
	if err := h.Admin.Advertise("http://" + ln.Addr().String() + "/mcp"); err != nil {
		h.Logger.Warn("the lock file does not say where this server answers", "err", err)
	}
	h.Logger.Info("serving MCP over streamable HTTP", "url", "http://"+ln.Addr().String()+"/mcp", "db", h.Config.DB)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return g.fail(fmt.Errorf("serve: %w", err))
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(g.stderr, "mnemo: shutdown: %v\n", err)
	}
	return 0
}
