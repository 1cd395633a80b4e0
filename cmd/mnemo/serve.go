package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/mnemohq/mnemo/host/httpapi"
	"github.com/mnemohq/mnemo/host/mcpserver"
)

// shutdownGrace bounds how long shutdown waits for in-flight requests and
// for the episode being extracted.
const shutdownGrace = 30 * time.Second

func runServe(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("serve", "[--addr HOST:PORT] [--group G]",
		`Run the HTTP API (see GET /openapi.json) and the MCP server (streamable
HTTP at /mcp) with the ingestion workers. Both take the same keys
(http.keys), each reaching its groups only. SIGINT or SIGTERM stops
accepting requests, finishes those in flight, stops the workers (an
episode being extracted stays pending and resumes at the next start: the
queue is the database) and closes the database.`)
	addr := fs.String("addr", "", "listen `ADDRESS` (default http.addr, 127.0.0.1:8080)")
	group := fs.String("group", "default", "the `GROUP` of MCP tool calls that name none")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if err := requireGroup(*group); err != nil {
		return g.fail(err)
	}
	h, err := g.open(ctx, withWorkers, true)
	if err != nil {
		return g.fail(err)
	}
	defer g.closeHost(h)
	if *addr == "" {
		*addr = h.Config.HTTP.Addr
	}
	if len(h.Config.HTTP.Keys) == 0 && !loopback(*addr) {
		h.Logger.Warn("serving without API keys on a non-loopback address: anyone who reaches it can read and write every group", "addr", *addr)
	}
	mcp := mcpserver.New(h, mcpserver.Options{DefaultGroup: *group, Version: version})
	api := httpapi.New(h, httpapi.Options{Version: version, MCP: mcp.Handler()})
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return g.fail(fmt.Errorf("listen: %w", err))
	}
	srv := &http.Server{
		Handler:           api.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	srv.RegisterOnShutdown(mcp.CloseSessions)
	model := ""
	if h.LLM != nil {
		model = h.LLM.Model("main")
	}
	if err := h.Admin.Advertise("http://" + ln.Addr().String()); err != nil {
		h.Logger.Warn("the lock file does not say where this server answers", "err", err)
	}
	h.Logger.Info("serving", "addr", "http://"+ln.Addr().String(), "mcp", "http://"+ln.Addr().String()+"/mcp", "inspector", "http://"+ln.Addr().String()+"/ui/", "db", h.Config.DB, "mode", mode(h.Config, model, h.Plugins.DefaultSet()), "keys", len(h.Config.HTTP.Keys))
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	stopEvolution := func() {}
	if every := h.Config.Evolve.Every; every > 0 {
		t := time.NewTicker(every)
		evolving := make(chan struct{})
		ectx, cancel := context.WithCancel(ctx)
		go func() { defer close(evolving); h.RunEvolution(ectx, t.C) }()
		// Evolution stops, its run in flight abandoned (it writes in
		// batches, each whole or not at all), before the host closes.
		stopEvolution = func() { cancel(); t.Stop(); <-evolving }
		defer stopEvolution()
		h.Logger.Info("evolution scheduled", "every", every)
	}
	select {
	case err := <-errc:
		return g.fail(fmt.Errorf("serve: %w", err))
	case <-ctx.Done():
	}
	fmt.Fprintln(g.stderr, "mnemo: shutting down: finishing requests in flight")
	stopEvolution()
	api.Drain()
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(g.stderr, "mnemo: shutdown: %v\n", err)
	}
	if err := h.Close(sctx); err != nil {
		return g.fail(fmt.Errorf("close: %w", err))
	}
	fmt.Fprintln(g.stderr, "mnemo: stopped; pending episodes resume at the next start")
	return 0
}

// loopback reports whether addr listens on a loopback address only.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
