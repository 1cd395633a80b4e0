package mcpserver

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host"
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
	Speaker           string `json:"speaker,omitempty" jsonschema:"who said a message whose body has no 'Speaker:' label (stored as 'Speaker: body'); default: the user"`
	UUID              string `json:"uuid,omitempty" jsonschema:"an id for the episode; sending the same uuid and body again is a no-op"`
	ReferenceTime     string `json:"reference_time,omitempty" jsonschema:"when it happened or was said (RFC 3339 or a date); relative dates in the body are read against it; default: now"`
	WaitSeconds       int    `json:"wait_seconds,omitempty" jsonschema:"wait up to this many seconds (at most 120) for extraction and return the facts learned; default: return at once"`
	SourceClass       string `json:"source_class,omitempty" jsonschema:"who wrote it (trust.classes: agent, user, tool, document, web, operator), if the API key may claim that class; default: agent. Facts from classes below the trust threshold are quarantined"`
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
	GroupID     string     `json:"group_id,omitempty" jsonschema:"the group; default: the server's default group"`
	GroupIDs    stringList `json:"group_ids,omitempty" jsonschema:"several groups (or one, as a string), instead of group_id: their latest episodes together"`
	LastN       int        `json:"last_n,omitempty" jsonschema:"how many of the latest episodes (1 to 100); default 10"`
	MaxEpisodes int        `json:"max_episodes,omitempty" jsonschema:"the same as last_n (Graphiti's name)"`
	Status      string     `json:"status,omitempty" jsonschema:"only episodes with this status: pending, done or failed (failed: those whose extraction failed, with their error and attempts; retry_episodes queues them again); then the first last_n by reference time"`
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
	GroupID         string `json:"group_id,omitempty" jsonschema:"the group; default: the server's default group"`
	IncludeHistory  bool   `json:"include_history,omitempty" jsonschema:"include ended and superseded facts with their validity ranges"`
	IncludeArchived bool   `json:"include_archived,omitempty" jsonschema:"include the facts evolution archived (unused for long)"`
	ValidAt         string `json:"valid_at,omitempty" jsonschema:"only facts true at this time (RFC 3339 or a date)"`
	KnownAt         string `json:"known_at,omitempty" jsonschema:"the facts as mnemo knew them at this time (RFC 3339 or a date)"`
	Relation        string `json:"relation,omitempty" jsonschema:"only facts of this relation, e.g. LIVES_IN"`
	Limit           int    `json:"limit,omitempty" jsonschema:"at most this many facts (1 to 1000); default 100"`
	Quarantined     bool   `json:"quarantined,omitempty" jsonschema:"only the facts held in quarantine (from sources below the trust threshold), with their source class and why; approve one with the feedback tool"`
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

type forgetIn struct {
	GroupID     string `json:"group_id,omitempty" jsonschema:"the group; default: the server's default group"`
	EpisodeUUID string `json:"episode_uuid,omitempty" jsonschema:"the uuid of the episode to forget"`
	Entity      string `json:"entity,omitempty" jsonschema:"the uuid or the name of the entity to forget (instead of episode_uuid)"`
}

type forgetOut struct {
	Message string       `json:"message"`
	Erasure host.Erasure `json:"erasure"`
}

type clearIn struct {
	GroupIDs stringList `json:"group_ids,omitempty" jsonschema:"the groups to delete entirely (a list, or one as a string); default: the server's default group"`
}

// addTripletIn takes mnemo's field names and Graphiti's (source_node_name,
// edge_name, target_node_name); one of each pair is required.
type addTripletIn struct {
	SourceName     string `json:"source_name,omitempty" jsonschema:"the subject entity's name, e.g. Alice (or source_node_name)"`
	Relation       string `json:"relation,omitempty" jsonschema:"the relation, e.g. WORKS_AT (or edge_name)"`
	TargetName     string `json:"target_name,omitempty" jsonschema:"the object entity's name, e.g. Acme Corp (or target_node_name)"`
	SourceNodeName string `json:"source_node_name,omitempty" jsonschema:"Graphiti's name for source_name"`
	EdgeName       string `json:"edge_name,omitempty" jsonschema:"Graphiti's name for relation"`
	TargetNodeName string `json:"target_node_name,omitempty" jsonschema:"Graphiti's name for target_name"`
	SourceNodeUUID string `json:"source_node_uuid,omitempty" jsonschema:"accepted for Graphiti's clients and not used: entities are resolved by name, as extracted ones are"`
	TargetNodeUUID string `json:"target_node_uuid,omitempty" jsonschema:"accepted for Graphiti's clients and not used: entities are resolved by name"`
	Fact           string `json:"fact,omitempty" jsonschema:"the fact as a sentence; default: 'source relation target'"`
	SourceType     string `json:"source_type,omitempty" jsonschema:"the subject's type, e.g. Person"`
	TargetType     string `json:"target_type,omitempty" jsonschema:"the object's type, e.g. Organization"`
	ValidAt        string `json:"valid_at,omitempty" jsonschema:"when the fact became true (RFC 3339 or a date)"`
	InvalidAt      string `json:"invalid_at,omitempty" jsonschema:"when it stopped being true"`
	ReferenceTime  string `json:"reference_time,omitempty" jsonschema:"when it was stated; default: now"`
	GroupID        string `json:"group_id,omitempty" jsonschema:"the group; default: the server's default group"`
}

type addTripletOut struct {
	Message string      `json:"message"`
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
	addTool(s, &mcp.Tool{Name: "add_memory", Description: "Add an episode to memory: a chat message ('Speaker: text'), " +
		"a text or a JSON document, with when it happened. It is stored at once in a durable queue and its entities and " +
		"facts are extracted in the background; with wait_seconds the answer waits and lists the facts learned. A newer " +
		"fact supersedes an older one without erasing it.",
		Annotations: writes("Add memory", false, false)}, s.addMemory)
	addTool(s, &mcp.Tool{Name: "get_episodes", Description: "The latest episodes of a group (or of several, with group_ids), " +
		"oldest first; with status, the group's episodes of that status (failed: with their error and attempts).",
		Annotations: readOnly("Get episodes")}, s.getEpisodes)
	addTool(s, &mcp.Tool{Name: "get_episode_entities", Description: "What episodes produced: the entities they mention " +
		"(nodes) and the facts they state (edges), current or not.",
		Annotations: readOnly("Get episode entities")}, s.getEpisodeEntities)
	addTool(s, &mcp.Tool{Name: "retry_episodes", Description: "Queue failed episodes again: the ones named, or " +
		"every failed episode of the group. Each becomes pending with its attempts reset and is extracted again.",
		Annotations: writes("Retry failed episodes", false, true)}, s.retryEpisodes)
	addTool(s, &mcp.Tool{Name: "list_facts", Description: "List a group's facts with their validity ranges: the " +
		"current ones, or with include_history the superseded ones too; valid_at and known_at travel in time; " +
		"quarantined lists the facts held in quarantine instead.",
		Annotations: readOnly("List facts")}, s.listFacts)
	addTool(s, &mcp.Tool{Name: "get_entity_edge", Description: "One fact by uuid, current or not.",
		Annotations: readOnly("Get fact")}, s.getFact)
	addTool(s, &mcp.Tool{Name: "why_fact", Description: "Why mnemo believes a fact, by uuid: its source class and the " +
		"trust threshold, the episodes that stated it (class, extractor and rule or model, the sentence), and the steps " +
		"that changed it (quarantined, corroborated, approved, invalidated by another fact, ended, vetoed).",
		Annotations: readOnly("Explain fact")}, s.whyFact)
	addTool(s, &mcp.Tool{Name: "add_triplet", Description: "Add a fact by hand (source, relation, target). It goes " +
		"through the same resolution as extracted facts: a newer LIVES_IN supersedes the older one, which is kept as history.",
		Annotations: writes("Add fact", false, false)}, s.addTriplet)
	addTool(s, &mcp.Tool{Name: "delete_episode", Description: "Delete an episode with the facts and entities " +
		"nothing else supports; facts those had superseded become current again.",
		Annotations: writes("Delete episode", true, true)}, s.deleteEpisode)
	addTool(s, &mcp.Tool{Name: "delete_entity_edge", Description: "Delete a fact; facts it had superseded " +
		"become current again.",
		Annotations: writes("Delete fact", true, true)}, s.deleteFact)
	addTool(s, &mcp.Tool{Name: "forget", Description: "Forget for real, when a user asks to: an episode (episode_uuid), " +
		"with the facts only it stated and the entities only it mentioned; or an entity, a person for instance (entity: " +
		"its uuid or name), with every fact about it and every episode that mentions or names it. Summaries are rebuilt " +
		"from what remains and the database files keep no byte of it. It cannot be undone. Answers the erasure's audit record.",
		Annotations: writes("Forget", true, false)}, s.forget)
	addTool(s, &mcp.Tool{Name: "clear_graph", Description: "Delete everything the given groups hold; the database files keep no byte of it.",
		Annotations: writes("Clear groups", true, true)}, s.clearGraph)
	// A build replaces the groups' communities, which are derived from the
	// graph and rebuilt from it: destructive, though no memory is lost.
	addTool(s, &mcp.Tool{Name: "build_communities", Description: "Build the communities of groups (clusters of " +
		"related entities, each with a summary that searches and get_context use), replacing their previous communities.",
		Annotations: writes("Build communities", true, true)}, s.buildCommunities)
	s.addSearchTools()
	s.addEvolveTools()
	addTool(s, &mcp.Tool{Name: "get_status", Description: "The server's status: mode, groups, queue depth, plugins.",
		Annotations: readOnly("Status")}, s.getStatus)
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
		UUID: in.UUID, Name: in.Name, Source: in.Source, Content: body, SourceDescription: in.SourceDescription, Speaker: in.Speaker, ReferenceTime: ref,
	}.Episode(group)
	if err != nil {
		return nil, out, toolError(err)
	}
	// What an agent adds through MCP is the agent's, unless its key may
	// claim another class.
	if ep.Trust, err = callerOf(req).sourceClass(s.h.Config.Trust.RouteClass(core.TrustAgent), in.SourceClass); err != nil {
		return nil, out, err
	}
	res, err := s.h.Engine.Ingest(callerOf(req).context(ctx), []core.Episode{ep})
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
	gs := []string(in.GroupIDs)
	if len(gs) == 0 {
		gs = []string{in.GroupID}
	}
	groups, err := s.groups(req, gs)
	if err != nil {
		return nil, out, err
	}
	n, name := in.LastN, "last_n"
	if n == 0 {
		n, name = in.MaxEpisodes, "max_episodes"
	}
	if n == 0 {
		n = 10
	}
	if n < 1 || n > 100 {
		return nil, out, fmt.Errorf("%s %d: want 1 to 100", name, n)
	}
	var eps []core.Episode
	for _, g := range groups {
		var ge []core.Episode
		if in.Status != "" {
			p, err := s.h.Engine.ListEpisodes(ctx, g, core.ListOptions{Limit: n, Status: core.EpisodeStatus(in.Status)})
			if err != nil {
				return nil, out, toolError(err)
			}
			ge = p.Items
		} else if ge, err = s.h.Engine.RecentEpisodes(ctx, g, n); err != nil {
			return nil, out, toolError(err)
		}
		eps = append(eps, ge...)
	}
	if len(groups) > 1 {
		// The latest n of all the groups, oldest first, as for one group.
		slices.SortStableFunc(eps, func(a, b core.Episode) int { return a.ValidAt.Compare(b.ValidAt) })
		if in.Status == "" && len(eps) > n {
			eps = eps[len(eps)-n:]
		} else if len(eps) > n {
			eps = eps[:n]
		}
	}
	for _, e := range eps {
		out.Episodes = append(out.Episodes, wire.EpisodeOf(e))
	}
	return nil, out, nil
}

type episodeEntitiesIn struct {
	EpisodeUUIDs stringList `json:"episode_uuids" jsonschema:"the episodes (a list, or one uuid as a string)"`
	GroupID      string     `json:"group_id,omitempty" jsonschema:"their group; default: looked up in every group the caller may use"`
}

type episodeEntitiesOut struct {
	Message string `json:"message"`
	// Nodes are the entities the episodes mention, Edges the facts they
	// state (Graphiti's names).
	Nodes []wire.Entity `json:"nodes"`
	Edges []wire.Fact   `json:"edges"`
}

func (s *Server) getEpisodeEntities(ctx context.Context, req *mcp.CallToolRequest, in episodeEntitiesIn) (*mcp.CallToolResult, episodeEntitiesOut, error) {
	out := episodeEntitiesOut{Nodes: []wire.Entity{}, Edges: []wire.Fact{}}
	if len(in.EpisodeUUIDs) == 0 {
		return nil, out, fmt.Errorf("episode_uuids must name at least one episode")
	}
	seenN, seenE := map[string]bool{}, map[string]bool{}
	for _, id := range in.EpisodeUUIDs {
		g, err := s.locate(ctx, req, core.ScopeEpisodes, uuidIn{UUID: id, GroupID: in.GroupID})
		if err != nil {
			return nil, out, err
		}
		ents, err := s.h.Engine.EpisodeEntities(ctx, g, id)
		if err != nil {
			return nil, out, toolError(err)
		}
		for _, e := range ents {
			if !seenN[e.UUID] {
				seenN[e.UUID] = true
				out.Nodes = append(out.Nodes, wire.EntityOf(e))
			}
		}
		facts, err := s.episodeFacts(ctx, g, id)
		if err != nil {
			return nil, out, toolError(err)
		}
		for _, f := range facts {
			if !seenE[f.UUID] {
				seenE[f.UUID] = true
				out.Edges = append(out.Edges, f)
			}
		}
	}
	out.Message = fmt.Sprintf("%d episodes: %d entities, %d facts", len(in.EpisodeUUIDs), len(out.Nodes), len(out.Edges))
	return nil, out, nil
}

type buildCommunitiesIn struct {
	GroupIDs stringList `json:"group_ids,omitempty" jsonschema:"the groups (a list, or one as a string); default: the server's default group"`
}

type buildCommunitiesOut struct {
	Message        string                 `json:"message"`
	CommunityCount int                    `json:"community_count"`
	Reports        []wire.CommunityReport `json:"reports"`
}

func (s *Server) buildCommunities(ctx context.Context, req *mcp.CallToolRequest, in buildCommunitiesIn) (*mcp.CallToolResult, buildCommunitiesOut, error) {
	out := buildCommunitiesOut{Reports: []wire.CommunityReport{}}
	groups, err := s.groups(req, in.GroupIDs)
	if err != nil {
		return nil, out, err
	}
	for _, g := range groups {
		rep, err := s.h.Engine.BuildCommunities(ctx, g)
		if err != nil {
			return nil, out, toolError(fmt.Errorf("build the communities of group %s: %w", g, err))
		}
		out.Reports = append(out.Reports, wire.CommunityReportOf(rep))
		out.CommunityCount += rep.Communities
	}
	out.Message = fmt.Sprintf("built %d communities in %d groups", out.CommunityCount, len(groups))
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
	f, err := wire.TimeFilter{ValidAt: in.ValidAt, KnownAt: in.KnownAt, IncludeHistory: in.IncludeHistory, IncludeArchived: in.IncludeArchived,
		Quarantined: in.Quarantined}.Filter()
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

func (s *Server) whyFact(ctx context.Context, req *mcp.CallToolRequest, in uuidIn) (*mcp.CallToolResult, wire.Why, error) {
	g, err := s.locate(ctx, req, core.ScopeFacts, in)
	if err != nil {
		return nil, wire.Why{}, err
	}
	w, err := s.h.ShowWhy(ctx, g, in.UUID)
	if err != nil {
		return nil, wire.Why{}, toolError(err)
	}
	return nil, w, nil
}

func (s *Server) addTriplet(ctx context.Context, req *mcp.CallToolRequest, in addTripletIn) (*mcp.CallToolResult, addTripletOut, error) {
	var out addTripletOut
	group, err := s.group(req, in.GroupID)
	if err != nil {
		return nil, out, err
	}
	t := engine.Triplet{GroupID: group, Source: cmp.Or(in.SourceName, in.SourceNodeName), Relation: cmp.Or(in.Relation, in.EdgeName),
		Target: cmp.Or(in.TargetName, in.TargetNodeName), Fact: in.Fact, SourceType: in.SourceType, TargetType: in.TargetType}
	for _, f := range []struct{ name, v string }{{"source_name (or source_node_name)", t.Source},
		{"relation (or edge_name)", t.Relation}, {"target_name (or target_node_name)", t.Target}} {
		if f.v == "" {
			return nil, out, fmt.Errorf("%s is required", f.name)
		}
	}
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
	out.Message = fmt.Sprintf("added %s -[%s]-> %s", t.Source, t.Relation, t.Target)
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

func (s *Server) forget(ctx context.Context, req *mcp.CallToolRequest, in forgetIn) (*mcp.CallToolResult, forgetOut, error) {
	g, err := s.group(req, in.GroupID)
	if err != nil {
		return nil, forgetOut{}, err
	}
	var e host.Erasure
	switch {
	case (in.EpisodeUUID == "") == (in.Entity == ""):
		return nil, forgetOut{}, fmt.Errorf("give exactly one of episode_uuid and entity")
	case in.EpisodeUUID != "":
		e, err = s.h.ForgetEpisode(ctx, g, in.EpisodeUUID, eraseOptions(req))
	default:
		e, err = s.h.ForgetEntity(ctx, g, in.Entity, eraseOptions(req))
	}
	if err != nil {
		return nil, forgetOut{}, toolError(err)
	}
	return nil, forgetOut{Message: fmt.Sprintf("forgot %s %s of group %s: %d episodes, %d entities, %d facts", e.Kind, e.UUID, g, e.Episodes, e.Entities, e.Facts), Erasure: e}, nil
}

// eraseOptions names the caller's key in an erasure's audit record: its
// place in http.keys, never the key.
func eraseOptions(req *mcp.CallToolRequest) host.EraseOptions {
	if req == nil || req.Extra == nil || req.Extra.TokenInfo == nil {
		return host.EraseOptions{}
	}
	return host.EraseOptions{Key: req.Extra.TokenInfo.UserID}
}

func (s *Server) clearGraph(ctx context.Context, req *mcp.CallToolRequest, in clearIn) (*mcp.CallToolResult, deletedOut, error) {
	groups, err := s.groups(req, in.GroupIDs)
	if err != nil {
		return nil, deletedOut{}, err
	}
	var total core.Deleted
	for _, g := range groups {
		d, err := s.h.EraseGroup(ctx, g, eraseOptions(req))
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
