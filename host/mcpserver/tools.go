package mcpserver

import (
	"context"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/wire"
)

// maxWait bounds add_memory's wait_seconds.
const maxWait = 120

type addMemoryIn struct {
	EpisodeBody       string `json:"episode_body" jsonschema:"the memory: a chat message as 'Speaker: text' (one or more lines), free text, or a JSON document"`
	Name              string `json:"name,omitempty" jsonschema:"a short title for the episode"`
	GroupID           string `json:"group_id,omitempty" jsonschema:"the group (tenant) to add it to; default: the server's default group"`
	Source            string `json:"source,omitempty" jsonschema:"message (default), text or json"`
	SourceDescription string `json:"source_description,omitempty" jsonschema:"where the episode comes from"`
	UUID              string `json:"uuid,omitempty" jsonschema:"an id for the episode; sending the same uuid and body again is a no-op"`
	ReferenceTime     string `json:"reference_time,omitempty" jsonschema:"when it happened or was said (RFC 3339 or a date); relative dates in the body are read against it; default: now"`
	WaitSeconds       int    `json:"wait_seconds,omitempty" jsonschema:"wait up to this many seconds (at most 120) for extraction and return the facts learned; default: return at once"`
}

type addMemoryOut struct {
	UUID    string `json:"uuid"`
	GroupID string `json:"group_id"`
	// Status is pending (queued), done or failed.
	Status  string       `json:"status"`
	Message string       `json:"message"`
	Report  *wire.Report `json:"report,omitempty"`
	Facts   []wire.Fact  `json:"facts,omitempty"`
}

type episodesIn struct {
	GroupID string `json:"group_id,omitempty" jsonschema:"the group; default: the server's default group"`
	LastN   int    `json:"last_n,omitempty" jsonschema:"how many of the latest episodes (1 to 100); default 10"`
	Status  string `json:"status,omitempty" jsonschema:"only episodes with this status: pending, done or failed (failed: those whose extraction failed, with their error and attempts; retry_episodes queues them again); then the first last_n by reference time"`
}

type episodesOut struct {
	Episodes []wire.Episode `json:"episodes"`
}

type retryIn struct {
	GroupID string   `json:"group_id,omitempty" jsonschema:"the group; default: the server's default group"`
	UUIDs   []string `json:"uuids,omitempty" jsonschema:"the failed episodes to queue again; default: every failed episode of the group"`
}

type retryOut struct {
	Message string `json:"message"`
	// Episodes are the episodes queued again, pending, with the error they
	// failed with.
	Episodes []wire.Report `json:"episodes"`
}

type listFactsIn struct {
	GroupID        string `json:"group_id,omitempty" jsonschema:"the group; default: the server's default group"`
	IncludeHistory bool   `json:"include_history,omitempty" jsonschema:"include ended and superseded facts with their validity ranges"`
	ValidAt        string `json:"valid_at,omitempty" jsonschema:"only facts true at this time (RFC 3339 or a date)"`
	KnownAt        string `json:"known_at,omitempty" jsonschema:"the facts as mnemo knew them at this time (RFC 3339 or a date)"`
	Relation       string `json:"relation,omitempty" jsonschema:"only facts of this relation, e.g. LIVES_IN"`
	Limit          int    `json:"limit,omitempty" jsonschema:"at most this many facts (1 to 1000); default 100"`
}

type factsOut struct {
	Facts []wire.Fact `json:"facts"`
}

type uuidIn struct {
	UUID    string `json:"uuid" jsonschema:"the object's uuid"`
	GroupID string `json:"group_id,omitempty" jsonschema:"its group; default: looked up in every group the caller may use"`
}

type deletedOut struct {
	Message string       `json:"message"`
	Deleted wire.Deleted `json:"deleted"`
}

type clearIn struct {
	GroupIDs []string `json:"group_ids,omitempty" jsonschema:"the groups to delete entirely; default: the server's default group"`
}

type addTripletIn struct {
	SourceName    string `json:"source_name" jsonschema:"the subject entity's name, e.g. Alice"`
	Relation      string `json:"relation" jsonschema:"the relation, e.g. WORKS_AT"`
	TargetName    string `json:"target_name" jsonschema:"the object entity's name, e.g. Acme Corp"`
	Fact          string `json:"fact,omitempty" jsonschema:"the fact as a sentence; default: 'source relation target'"`
	SourceType    string `json:"source_type,omitempty" jsonschema:"the subject's type, e.g. Person"`
	TargetType    string `json:"target_type,omitempty" jsonschema:"the object's type, e.g. Organization"`
	ValidAt       string `json:"valid_at,omitempty" jsonschema:"when the fact became true (RFC 3339 or a date)"`
	InvalidAt     string `json:"invalid_at,omitempty" jsonschema:"when it stopped being true"`
	ReferenceTime string `json:"reference_time,omitempty" jsonschema:"when it was stated; default: now"`
	GroupID       string `json:"group_id,omitempty" jsonschema:"the group; default: the server's default group"`
}

type addTripletOut struct {
	Episode string      `json:"episode"`
	Facts   []wire.Fact `json:"facts"`
	Report  wire.Report `json:"report"`
}

type statusIn struct{}

type statusOut struct {
	Status string `json:"status"`
	// Mode is offline (rule extractor, local embedder) or the LLM model.
	Mode            string   `json:"mode"`
	Groups          []string `json:"groups"`
	PendingEpisodes int      `json:"pending_episodes"`
	FailedEpisodes  int      `json:"failed_episodes"`
	Plugins         []string `json:"plugins"`
}

func (s *Server) addTools() {
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "add_memory", Description: "Add an episode to memory: a chat message ('Speaker: text'), " +
		"a text or a JSON document, with when it happened. It is stored at once in a durable queue and its entities and " +
		"facts are extracted in the background; with wait_seconds the answer waits and lists the facts learned."}, s.addMemory)
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "get_episodes", Description: "The latest episodes of a group, oldest first; with " +
		"status, the group's episodes of that status (failed: with their error and attempts)."}, s.getEpisodes)
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "retry_episodes", Description: "Queue failed episodes again: the ones named, or " +
		"every failed episode of the group. Each becomes pending with its attempts reset and is extracted again."}, s.retryEpisodes)
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "list_facts", Description: "List a group's facts with their validity ranges: the " +
		"current ones, or with include_history the superseded ones too; valid_at and known_at travel in time."}, s.listFacts)
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "get_entity_edge", Description: "One fact by uuid, current or not."}, s.getFact)
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "add_triplet", Description: "Add a fact by hand (source, relation, target). It goes " +
		"through the same resolution as extracted facts: a newer LIVES_IN supersedes the older one."}, s.addTriplet)
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "delete_episode", Description: "Delete an episode with the facts and entities " +
		"nothing else supports; facts those had superseded become current again."}, s.deleteEpisode)
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "delete_entity_edge", Description: "Delete a fact; facts it had superseded " +
		"become current again."}, s.deleteFact)
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "clear_graph", Description: "Delete everything the given groups hold."}, s.clearGraph)
	s.addSearchTools()
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "get_status", Description: "The server's status: mode, groups, queue depth, plugins."}, s.getStatus)
}

func (s *Server) addMemory(ctx context.Context, req *mcp.CallToolRequest, in addMemoryIn) (*mcp.CallToolResult, addMemoryOut, error) {
	var out addMemoryOut
	group, err := s.group(req, in.GroupID)
	if err != nil {
		return nil, out, err
	}
	if in.WaitSeconds < 0 || in.WaitSeconds > maxWait {
		return nil, out, fmt.Errorf("wait_seconds %d: want 0 to %d", in.WaitSeconds, maxWait)
	}
	ref := in.ReferenceTime
	if ref == "" {
		ref = s.h.Now().UTC().Format(time.RFC3339Nano)
	}
	body, err := jsonString(in.EpisodeBody)
	if err != nil {
		return nil, out, err
	}
	ep, err := wire.EpisodeInput{
		UUID: in.UUID, Name: in.Name, Source: in.Source, Content: body, SourceDescription: in.SourceDescription, ReferenceTime: ref,
	}.Episode(group)
	if err != nil {
		return nil, out, toolError(err)
	}
	res, err := s.h.Engine.Ingest(ctx, []core.Episode{ep})
	if err != nil {
		return nil, out, toolError(err)
	}
	out = addMemoryOut{UUID: res[0].UUID, GroupID: group, Status: string(core.EpisodePending),
		Message: "queued: the episode is stored and its facts are being extracted"}
	switch {
	case res[0].Requeued:
		out.Message = "queued again: this episode had failed; its facts are being extracted anew"
	case !res[0].Created:
		out.Message = "already stored: an episode with this uuid and body exists"
	}
	if in.WaitSeconds == 0 {
		return nil, out, nil
	}
	wctx, cancel := context.WithTimeout(ctx, time.Duration(in.WaitSeconds)*time.Second)
	defer cancel()
	reps, err := s.h.Engine.Wait(wctx, group, out.UUID)
	if err != nil {
		out.Message = fmt.Sprintf("queued; not processed within %d seconds (follow it with get_episodes)", in.WaitSeconds)
		return nil, out, nil
	}
	rep := wire.ReportOf(reps[0])
	out.Status, out.Report = rep.Status, &rep
	if reps[0].Status == core.EpisodeFailed {
		out.Message = "extraction failed; the episode is kept with its error: " + reps[0].Error
		return nil, out, nil
	}
	out.Message = fmt.Sprintf("done: %d facts (%d new), %d superseded", rep.Facts, rep.NewFacts, rep.Invalidated)
	if out.Facts, err = s.episodeFacts(ctx, group, out.UUID); err != nil {
		return nil, out, toolError(err)
	}
	return nil, out, nil
}

// episodeFacts lists the facts an episode states.
func (s *Server) episodeFacts(ctx context.Context, group, uuid string) ([]wire.Fact, error) {
	fs, err := s.h.Engine.EpisodeFacts(ctx, group, uuid)
	if err != nil {
		return nil, err
	}
	return s.h.ShowFacts(ctx, []string{group}, fs)
}

func (s *Server) getEpisodes(ctx context.Context, req *mcp.CallToolRequest, in episodesIn) (*mcp.CallToolResult, episodesOut, error) {
	out := episodesOut{Episodes: []wire.Episode{}}
	group, err := s.group(req, in.GroupID)
	if err != nil {
		return nil, out, err
	}
	n := in.LastN
	if n == 0 {
		n = 10
	}
	if n < 1 || n > 100 {
		return nil, out, fmt.Errorf("last_n %d: want 1 to 100", in.LastN)
	}
	var eps []core.Episode
	if in.Status != "" {
		p, err := s.h.Engine.ListEpisodes(ctx, group, core.ListOptions{Limit: n, Status: core.EpisodeStatus(in.Status)})
		if err != nil {
			return nil, out, toolError(err)
		}
		eps = p.Items
	} else if eps, err = s.h.Engine.RecentEpisodes(ctx, group, n); err != nil {
		return nil, out, toolError(err)
	}
	for _, e := range eps {
		out.Episodes = append(out.Episodes, wire.EpisodeOf(e))
	}
	return nil, out, nil
}

func (s *Server) retryEpisodes(ctx context.Context, req *mcp.CallToolRequest, in retryIn) (*mcp.CallToolResult, retryOut, error) {
	out := retryOut{Episodes: []wire.Report{}}
	group, err := s.group(req, in.GroupID)
	if err != nil {
		return nil, out, err
	}
	reps, err := s.h.Engine.Retry(ctx, group, in.UUIDs...)
	if err != nil {
		return nil, out, toolError(err)
	}
	for _, r := range reps {
		out.Episodes = append(out.Episodes, wire.ReportOf(r))
	}
	out.Message = fmt.Sprintf("queued %d episodes of group %s again; follow them with get_episodes", len(reps), group)
	if len(reps) == 0 {
		out.Message = "group " + group + " has no failed episodes"
	}
	return nil, out, nil
}

func (s *Server) listFacts(ctx context.Context, req *mcp.CallToolRequest, in listFactsIn) (*mcp.CallToolResult, factsOut, error) {
	out := factsOut{Facts: []wire.Fact{}}
	group, err := s.group(req, in.GroupID)
	if err != nil {
		return nil, out, err
	}
	if in.Limit < 0 || in.Limit > 1000 {
		return nil, out, fmt.Errorf("limit %d: want 1 to 1000", in.Limit)
	}
	f, err := wire.TimeFilter{ValidAt: in.ValidAt, KnownAt: in.KnownAt, IncludeHistory: in.IncludeHistory}.Filter()
	if err != nil {
		return nil, out, toolError(err)
	}
	if in.Relation != "" {
		f.Relations = []string{in.Relation}
	}
	p, err := s.h.Engine.ListFacts(ctx, group, core.ListOptions{Limit: in.Limit, Filter: f})
	if err != nil {
		return nil, out, toolError(err)
	}
	facts, err := s.h.ShowFacts(ctx, []string{group}, p.Items)
	if err != nil {
		return nil, out, toolError(err)
	}
	out.Facts = facts
	return nil, out, nil
}

// locate finds the group of an episode or fact named by a tool call.
func (s *Server) locate(ctx context.Context, req *mcp.CallToolRequest, scope core.Scope, in uuidIn) (string, error) {
	if in.UUID == "" {
		return "", fmt.Errorf("uuid is required")
	}
	var groups []string
	if in.GroupID != "" {
		g, err := s.group(req, in.GroupID)
		if err != nil {
			return "", err
		}
		groups = []string{g}
	} else {
		var err error
		if groups, err = s.visibleGroups(ctx, req); err != nil {
			return "", toolError(err)
		}
	}
	g, err := s.h.Engine.GroupOf(ctx, scope, groups, in.UUID)
	if err != nil {
		return "", fmt.Errorf("%s %s: not found in the groups this caller may use", scopeNoun(scope), in.UUID)
	}
	return g, nil
}

func scopeNoun(sc core.Scope) string {
	if sc == core.ScopeFacts {
		return "fact"
	}
	return "episode"
}

func (s *Server) getFact(ctx context.Context, req *mcp.CallToolRequest, in uuidIn) (*mcp.CallToolResult, wire.Fact, error) {
	g, err := s.locate(ctx, req, core.ScopeFacts, in)
	if err != nil {
		return nil, wire.Fact{}, err
	}
	f, err := s.h.Engine.Fact(ctx, []string{g}, in.UUID)
	if err != nil {
		return nil, wire.Fact{}, fmt.Errorf("fact %s: not found", in.UUID)
	}
	out, err := s.h.ShowFacts(ctx, []string{g}, []core.Fact{f})
	if err != nil {
		return nil, wire.Fact{}, toolError(err)
	}
	return nil, out[0], nil
}

func (s *Server) addTriplet(ctx context.Context, req *mcp.CallToolRequest, in addTripletIn) (*mcp.CallToolResult, addTripletOut, error) {
	var out addTripletOut
	group, err := s.group(req, in.GroupID)
	if err != nil {
		return nil, out, err
	}
	t := core.Triplet{GroupID: group, Source: in.SourceName, Relation: in.Relation, Target: in.TargetName, Fact: in.Fact,
		SourceType: in.SourceType, TargetType: in.TargetType}
	for _, p := range []struct {
		name string
		s    string
		t    *time.Time
	}{{"valid_at", in.ValidAt, &t.ValidAt}, {"invalid_at", in.InvalidAt, &t.InvalidAt}, {"reference_time", in.ReferenceTime, &t.ReferenceTime}} {
		if *p.t, err = wire.ParseOptionalTime(p.s); err != nil {
			return nil, out, fmt.Errorf("%s: %s", p.name, wire.Message(err))
		}
	}
	rep, err := s.h.Engine.AddFact(ctx, t)
	if err != nil {
		return nil, out, toolError(err)
	}
	if rep.Status == core.EpisodeFailed {
		return nil, out, fmt.Errorf("the fact's episode failed: %s", rep.Error)
	}
	out.Episode, out.Report = rep.UUID, wire.ReportOf(rep)
	if out.Facts, err = s.episodeFacts(ctx, group, rep.UUID); err != nil {
		return nil, out, toolError(err)
	}
	return nil, out, nil
}

func (s *Server) deleteEpisode(ctx context.Context, req *mcp.CallToolRequest, in uuidIn) (*mcp.CallToolResult, deletedOut, error) {
	g, err := s.locate(ctx, req, core.ScopeEpisodes, in)
	if err != nil {
		return nil, deletedOut{}, err
	}
	d, err := s.h.Engine.DeleteEpisode(ctx, g, in.UUID)
	if err != nil {
		return nil, deletedOut{}, toolError(err)
	}
	return nil, deletedOut{Message: "episode " + in.UUID + " deleted from group " + g, Deleted: wire.DeletedOf(d)}, nil
}

func (s *Server) deleteFact(ctx context.Context, req *mcp.CallToolRequest, in uuidIn) (*mcp.CallToolResult, deletedOut, error) {
	g, err := s.locate(ctx, req, core.ScopeFacts, in)
	if err != nil {
		return nil, deletedOut{}, err
	}
	d, err := s.h.Engine.DeleteFact(ctx, g, in.UUID)
	if err != nil {
		return nil, deletedOut{}, toolError(err)
	}
	return nil, deletedOut{Message: "fact " + in.UUID + " deleted from group " + g, Deleted: wire.DeletedOf(d)}, nil
}

func (s *Server) clearGraph(ctx context.Context, req *mcp.CallToolRequest, in clearIn) (*mcp.CallToolResult, deletedOut, error) {
	groups, err := s.groups(req, in.GroupIDs)
	if err != nil {
		return nil, deletedOut{}, err
	}
	var total core.Deleted
	for _, g := range groups {
		d, err := s.h.Engine.DeleteGroup(ctx, g)
		if err != nil {
			return nil, deletedOut{}, toolError(fmt.Errorf("clear group %s: %w", g, err))
		}
		total.Episodes += d.Episodes
		total.Entities += d.Entities
		total.Facts += d.Facts
		total.Communities += d.Communities
	}
	return nil, deletedOut{Message: fmt.Sprintf("cleared %d groups", len(groups)), Deleted: wire.DeletedOf(total)}, nil
}

func (s *Server) getStatus(ctx context.Context, req *mcp.CallToolRequest, in statusIn) (*mcp.CallToolResult, statusOut, error) {
	out := statusOut{Status: "ok", Mode: "offline (rule extractor, local embedder)", Groups: []string{}, Plugins: []string{}}
	if s.h.LLM != nil {
		out.Mode = "LLM " + s.h.LLM.Model(core.ModelMain)
	}
	groups, err := s.visibleGroups(ctx, req)
	if err != nil {
		return nil, out, toolError(err)
	}
	out.Groups = append(out.Groups, groups...)
	for _, g := range groups {
		st, err := s.h.Engine.Stats(ctx, g)
		if err != nil {
			return nil, out, toolError(err)
		}
		out.PendingEpisodes += st.PendingEpisodes
		out.FailedEpisodes += st.FailedEpisodes
	}
	for _, p := range s.h.Plugins.Loaded() {
		out.Plugins = append(out.Plugins, fmt.Sprintf("%s %s (%d calls, %d failures)", p.Name, p.Describe.Version, p.Stats.Calls, p.Stats.Failures))
	}
	return nil, out, nil
}
