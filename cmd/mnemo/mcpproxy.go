package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// proxyMCP serves over standard input and output the MCP server of the
// running mnemo serve that rc names: the same tools, each call forwarded
// with rc's key, so that an MCP client that starts mnemo mcp reaches a
// database a server holds, with that key's groups only.
func proxyMCP(ctx context.Context, rc *remote) error {
	client := mcp.NewClient(&mcp.Implementation{Name: "mnemo mcp --server", Version: version}, nil)
	hc := &http.Client{Transport: bearerTransport{key: rc.Key()}}
	up, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: rc.Base() + "/mcp", HTTPClient: hc, MaxRetries: -1}, nil)
	if err != nil {
		return fmt.Errorf("connect to the MCP server at %s/mcp (is it a mnemo serve, and is --api-key one of its keys?): %w", rc.Base(), err)
	}
	defer up.Close()
	srv := mcp.NewServer(&mcp.Implementation{Name: "mnemo", Title: "mnemo temporal memory", Version: version},
		&mcp.ServerOptions{Instructions: up.InitializeResult().Instructions})
	for t, err := range up.Tools(ctx, nil) {
		if err != nil {
			return fmt.Errorf("list the server's tools: %w", err)
		}
		srv.AddTool(t, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var args any = map[string]any{}
			if len(req.Params.Arguments) > 0 {
				args = req.Params.Arguments
			}
			return up.CallTool(ctx, &mcp.CallToolParams{Name: req.Params.Name, Arguments: args})
		})
	}
	if err := srv.Run(ctx, &mcp.StdioTransport{}); err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("serve mcp over stdio: %w", err)
	}
	return nil
}

// bearerTransport sends an API key as a bearer token on every request.
type bearerTransport struct{ key string }

func (b bearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if b.key == "" {
		return http.DefaultTransport.RoundTrip(r)
	}
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.key)
	return http.DefaultTransport.RoundTrip(r)
}
