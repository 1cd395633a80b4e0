package mcpserver

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

// Options configure a Server.
type Options struct {
	// DefaultGroup is the group of tool calls that name none. Default:
	// "default".
	DefaultGroup string
	// Version is reported to clients. Default: "dev".
	Version string
}

// Server is the MCP server over a Host. It is safe for concurrent use and
// owns nothing: the caller closes the Host after the transports stop.
type Server struct {
	h    *host.Host
	o    Options
	mcp  *mcp.Server
	keys map[[32]byte]key
}

// key is a configured API key: its position in http.keys (the session's
// user, never the key itself) and its groups.
type key struct {
	user     string
	groups   []string
	readOnly bool
	trust    string
	classes  []string
	index    int
	budget   host.BudgetLimits
}

// New returns the MCP server over h with its tools registered.
func New(h *host.Host, o Options) *Server {
	if o.DefaultGroup == "" {
		o.DefaultGroup = "default"
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	s := &Server{h: h, o: o}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "mnemo", Title: "mnemo temporal memory", Version: o.Version}, &mcp.ServerOptions{
		Instructions: "mnemo is a temporal knowledge graph memory. Add what the user tells you with add_memory " +
			"(one message or text per call, with when it was said). Before answering, call get_context or " +
			"search_memory_facts with the question. Facts carry validity ranges: a newer fact supersedes an older one " +
			"instead of erasing it; use valid_at to ask what was true at a time, known_at for what was believed then.",
	})
	if len(h.Config.HTTP.Keys) > 0 {
		s.keys = map[[32]byte]key{}
		for i, k := range h.Config.HTTP.Keys {
			s.keys[sha256.Sum256([]byte(k.Key))] = key{user: fmt.Sprintf("http.keys[%d]", i), groups: k.Groups, readOnly: k.ReadOnly, trust: k.Trust, classes: k.TrustClasses, index: i, budget: k.Budget}
		}
	}
	s.addTools()
	return s
}

// Run serves one client over stdin and stdout until ctx ends or the client
// disconnects.
func (s *Server) Run(ctx context.Context) error {
	err := s.mcp.Run(ctx, &mcp.StdioTransport{})
	if err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("serve mcp over stdio: %w", err)
	}
	return nil
}

// Handler serves MCP over streamable HTTP. With API keys configured, it
// requires "Authorization: Bearer KEY".
func (s *Server) Handler() http.Handler {
	var h http.Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.mcp }, &mcp.StreamableHTTPOptions{
		Logger: s.h.Logger, MaxRequestBodyBytes: int64(s.h.Config.HTTP.MaxBodyKB) << 10,
	})
	if s.keys != nil {
		h = auth.RequireBearerToken(s.verify, nil)(h)
	}
	return h
}

// CloseSessions ends every open session, and with them the event streams
// that HTTP clients hold open, which would otherwise keep an
// http.Server's Shutdown waiting. Call it when the server shuts down
// (http.Server.RegisterOnShutdown); clients then start new sessions.
func (s *Server) CloseSessions() {
	for ss := range s.mcp.Sessions() {
		_ = ss.Close()
	}
}

// verify checks a bearer key and carries its groups to the tools. The
// key's index is the session's user, so that a session opened with one key
// cannot be used with another.
func (s *Server) verify(ctx context.Context, token string, r *http.Request) (*auth.TokenInfo, error) {
	k, ok := s.keys[sha256.Sum256([]byte(token))]
	if !ok {
		return nil, fmt.Errorf("%w: unknown API key", auth.ErrInvalidToken)
	}
	return &auth.TokenInfo{UserID: k.user, Expiration: time.Now().Add(24 * time.Hour), Extra: map[string]any{"groups": k.groups, "read_only": k.readOnly, "trust": k.trust, "trust_classes": k.classes,
		"index": k.index, "budget": k.budget}}, nil
}

// caller is what a tool call may touch.
type caller struct {
	// patterns are the key's groups; nil allows every group (stdio, or
	// HTTP without keys).
	patterns []string
	limited  bool
	// readOnly callers may call only the tools annotated read-only.
	readOnly bool
	// trust and classes are the key's source classes (http.keys.trust,
	// trust_classes): see host.SourceClass.
	trust   string
	classes []string
	// index and budget are the key's place in http.keys and its budgets.
	index  int
	budget host.BudgetLimits
}

// context returns ctx with the caller's key budgets (http.keys.budget).
func (c caller) context(ctx context.Context) context.Context {
	if !c.limited {
		return ctx
	}
	return host.KeyBudget(ctx, c.index, c.budget)
}

// sourceClass is the class an episode the caller writes is stored with:
// what it claims, if its key may claim it, else the tool's own class.
func (c caller) sourceClass(route, claimed string) (string, error) {
	class, ok := host.SourceClass(c.trust, c.classes, route, claimed)
	if !ok {
		return "", fmt.Errorf("this API key may not write as source class %q (http.keys.trust_classes)", claimed)
	}
	return class, nil
}

func callerOf(req *mcp.CallToolRequest) caller {
	if req == nil || req.Extra == nil || req.Extra.TokenInfo == nil {
		return caller{}
	}
	ps, _ := req.Extra.TokenInfo.Extra["groups"].([]string)
	ro, _ := req.Extra.TokenInfo.Extra["read_only"].(bool)
	tr, _ := req.Extra.TokenInfo.Extra["trust"].(string)
	cl, _ := req.Extra.TokenInfo.Extra["trust_classes"].([]string)
	ix, _ := req.Extra.TokenInfo.Extra["index"].(int)
	bu, _ := req.Extra.TokenInfo.Extra["budget"].(host.BudgetLimits)
	return caller{patterns: ps, limited: true, readOnly: ro, trust: tr, classes: cl, index: ix, budget: bu}
}

func (c caller) allows(group string) bool {
	if !c.limited {
		return true
	}
	for _, p := range c.patterns {
		if host.MatchGroup(p, group) {
			return true
		}
	}
	return false
}

// group resolves a tool's group argument: the default group when empty,
// checked, and allowed for the caller.
func (s *Server) group(req *mcp.CallToolRequest, g string) (string, error) {
	if g == "" {
		g = s.o.DefaultGroup
	}
	if err := core.ValidateGroupID(g); err != nil {
		return "", errors.New(wire.Message(err))
	}
	if !callerOf(req).allows(g) {
		return "", fmt.Errorf("this API key may not use group %q", g)
	}
	return g, nil
}

// groups resolves a list of groups: the default group when empty.
func (s *Server) groups(req *mcp.CallToolRequest, gs []string) ([]string, error) {
	if len(gs) == 0 {
		gs = []string{""}
	}
	out := make([]string, len(gs))
	for i, g := range gs {
		var err error
		if out[i], err = s.group(req, g); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// visibleGroups lists the groups holding data that the caller may touch.
func (s *Server) visibleGroups(ctx context.Context, req *mcp.CallToolRequest) ([]string, error) {
	all, err := s.h.Engine.Groups(ctx)
	if err != nil {
		return nil, err
	}
	c := callerOf(req)
	out := all[:0]
	for _, g := range all {
		if c.allows(g) {
			out = append(out, g)
		}
	}
	return out, nil
}

// toolError is an error as a tool shows it: the message without core's
// sentinel prefixes.
func toolError(err error) error {
	if err == nil {
		return nil
	}
	return errors.New(wire.Message(err))
}

// jsonString encodes s as a JSON string value.
func jsonString(s string) ([]byte, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("encode episode body: %w", err)
	}
	return b, nil
}

// Serve serves one client over t (an in-memory transport in tests).
func (s *Server) Serve(ctx context.Context, t mcp.Transport) error { return s.mcp.Run(ctx, t) }
