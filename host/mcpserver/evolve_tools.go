package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/wire"
)

type feedbackIn struct {
	GroupID  string `json:"group_id,omitempty" jsonschema:"the group; default: the server's default group"`
	Scope    string `json:"scope" jsonschema:"fact or entity"`
	UUID     string `json:"uuid" jsonschema:"the fact's or entity's uuid"`
	Feedback string `json:"feedback" jsonschema:"useful, wrong, pin, unpin or approve (releases a quarantined fact)"`
	Reason   string `json:"reason,omitempty" jsonschema:"why; kept with a fact marked wrong"`
	// SourceClass is the approver's class, as add_memory's.
	SourceClass string `json:"source_class,omitempty" jsonschema:"who gives the feedback (trust.classes), if the API key may claim that class; default: agent. An approval needs a class at or above the trust threshold"`
}

type evolveIn struct {
	GroupID string `json:"group_id,omitempty" jsonschema:"the group; default: the server's default group"`
	DryRun  bool   `json:"dry_run,omitempty" jsonschema:"report what the run would do and change nothing"`
	Now     string `json:"now,omitempty" jsonschema:"run as if it were this time (RFC 3339 or a date); default now"`
}

func (s *Server) addEvolveTools() {
	addTool(s, &mcp.Tool{Name: "feedback", Description: "Mark a fact or an entity useful, wrong or pinned. Feedback " +
		"raises or lowers its importance; wrong invalidates a fact (kept in history with the reason, never deleted); " +
		"a pinned one is never archived; approve releases a fact held in quarantine (list_facts quarantined).",
		Annotations: writes("Give feedback", false, false)}, s.feedback)
	addTool(s, &mcp.Tool{Name: "evolve", Description: "Score the group's entities and facts by importance (recency, " +
		"use, feedback, centrality), archive the unimportant ones (out of default searches, still in the graph, " +
		"restored when mentioned again) and restore pinned or important ones. Nothing is deleted; dry_run changes nothing.",
		Annotations: writes("Evolve memory", false, true)}, s.evolve)
}

func (s *Server) feedback(ctx context.Context, req *mcp.CallToolRequest, in feedbackIn) (*mcp.CallToolResult, wire.FeedbackResult, error) {
	var out wire.FeedbackResult
	group, err := s.group(req, in.GroupID)
	if err != nil {
		return nil, out, err
	}
	fr, err := wire.FeedbackInput{Scope: in.Scope, UUID: in.UUID, Feedback: in.Feedback, Reason: in.Reason}.Request(group)
	if err != nil {
		return nil, out, toolError(err)
	}
	if fr.Trust, err = callerOf(req).sourceClass(s.h.Config.Trust.RouteClass(core.TrustAgent), in.SourceClass); err != nil {
		return nil, out, err
	}
	if err := s.h.Engine.Feedback(ctx, fr); err != nil {
		return nil, out, toolError(err)
	}
	return nil, wire.FeedbackResult{Scope: in.Scope, UUID: fr.UUID, Feedback: string(fr.Kind)}, nil
}

func (s *Server) evolve(ctx context.Context, req *mcp.CallToolRequest, in evolveIn) (*mcp.CallToolResult, wire.EvolveReport, error) {
	var out wire.EvolveReport
	group, err := s.group(req, in.GroupID)
	if err != nil {
		return nil, out, err
	}
	opts, err := wire.EvolveInput{DryRun: in.DryRun, Now: in.Now}.Options()
	if err != nil {
		return nil, out, toolError(err)
	}
	rep, err := s.h.Engine.Evolve(ctx, group, opts)
	if err != nil {
		return nil, out, toolError(err)
	}
	out = wire.EvolveReportOf(rep)
	// The full list of re-scored objects is for the CLI and the HTTP API;
	// an agent needs the decisions.
	out.Rescored = nil
	return nil, out, nil
}
