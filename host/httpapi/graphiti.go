package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host/wire"
)

// The routes of the Python Graphiti REST server (server/graph_service), with
// its request and answer shapes, so that its clients can switch to mnemo.
// As Graphiti's, they ignore unknown fields and answer invalid input with
// 422 and FastAPI's detail (graphiti_errors.go). Differences: a message
// without a timestamp takes the time it arrives; episodes go through
// mnemo's durable queue, so an extraction failure leaves the episode failed
// with its error instead of dropping it.

// graphitiMessage is one chat message (Graphiti's Message).
type graphitiMessage struct {
	Content string `json:"content"`
	// UUID names the message's episode.
	UUID string `json:"uuid,omitempty"`
	// Name is the episode's name.
	Name string `json:"name,omitempty"`
	// RoleType is user, assistant or system.
	RoleType string `json:"role_type"`
	// Role is the speaker's name, e.g. "Alice".
	Role string `json:"role,omitempty"`
	// Timestamp is when the message was sent (RFC 3339). Default: now.
	Timestamp         string `json:"timestamp,omitempty"`
	SourceDescription string `json:"source_description,omitempty"`
}

// graphitiAddMessages is the body of POST /messages.
type graphitiAddMessages struct {
	GroupID  string            `json:"group_id"`
	Messages []graphitiMessage `json:"messages"`
}

// graphitiResult is Graphiti's Result.
type graphitiResult struct {
	Message string `json:"message"`
	Success bool   `json:"success"`
}

// graphitiEntityNode is the body of POST /entity-node.
type graphitiEntityNode struct {
	// UUID names the entity: the group's entity with this uuid is updated;
	// a uuid the group does not hold names an entity of a uuid derived
	// from the group and it (engine.EntityNode), which the answer carries.
	// Default: a new uuid, or the group's entity of the same name.
	UUID    string `json:"uuid,omitempty"`
	GroupID string `json:"group_id"`
	Name    string `json:"name"`
	Summary string `json:"summary,omitempty"`
}

// graphitiEntity is an entity as Graphiti shows it (EntityNode).
type graphitiEntity struct {
	UUID       string         `json:"uuid"`
	Name       string         `json:"name"`
	GroupID    string         `json:"group_id"`
	Labels     []string       `json:"labels"`
	CreatedAt  time.Time      `json:"created_at"`
	Summary    string         `json:"summary"`
	Attributes map[string]any `json:"attributes"`
}

// graphitiFact is Graphiti's FactResult.
type graphitiFact struct {
	UUID string `json:"uuid"`
	// Name is the relation, e.g. LIVES_IN.
	Name           string     `json:"name"`
	Fact           string     `json:"fact"`
	ValidAt        *time.Time `json:"valid_at"`
	InvalidAt      *time.Time `json:"invalid_at"`
	CreatedAt      *time.Time `json:"created_at"`
	ExpiredAt      *time.Time `json:"expired_at"`
	SourceNodeUUID string     `json:"source_node_uuid"`
	TargetNodeUUID string     `json:"target_node_uuid"`
	Episodes       []string   `json:"episodes"`
}

// graphitiEpisode is an episode as Graphiti shows it (EpisodicNode).
type graphitiEpisode struct {
	UUID              string    `json:"uuid"`
	Name              string    `json:"name"`
	GroupID           string    `json:"group_id"`
	Labels            []string  `json:"labels"`
	CreatedAt         time.Time `json:"created_at"`
	Source            string    `json:"source"`
	SourceDescription string    `json:"source_description"`
	Content           string    `json:"content"`
	ValidAt           time.Time `json:"valid_at"`
	// EntityEdges are the uuids of the facts the episode states.
	EntityEdges []string `json:"entity_edges"`
}

// graphitiHealth answers GET /healthcheck.
type graphitiHealth struct {
	Status string `json:"status"`
}

func (s *Server) graphitiRoutes() []*route {
	return []*route{
		{
			method: "GET", path: "/healthcheck", auth: authNone, handle: s.graphitiHealthcheck, tag: "graphiti", graphiti: true,
			summary: "Graphiti: health check", response: graphitiHealth{},
		},
		{
			method: "POST", path: "/messages", auth: authKey, handle: s.graphitiMessages, tag: "graphiti", graphiti: true,
			status: http.StatusAccepted, summary: "Graphiti: add chat messages",
			description: "Each message becomes a message episode \"role(role_type): content\" in the group's durable queue.",
			request:     graphitiAddMessages{}, response: graphitiResult{},
			example: graphitiAddMessages{GroupID: "graphiti-demo", Messages: []graphitiMessage{{
				Content: "Bob works at Initech and lives in Austin.", RoleType: "user", Role: "Alice", Timestamp: "2024-06-01T12:00:00Z",
			}}},
		},
		{
			method: "POST", path: "/entity-node", auth: authKey, handle: s.graphitiAddEntity, tag: "graphiti", graphiti: true,
			status: http.StatusCreated, summary: "Graphiti: add or update an entity",
			request: graphitiEntityNode{}, response: graphitiEntity{},
			example: graphitiEntityNode{GroupID: "graphiti-demo", Name: "Initech", Summary: "A software company in Austin."},
		},
		{
			method: "GET", path: "/entity-edge/{uuid}", auth: authKey, handle: s.graphitiGetFact, tag: "graphiti", graphiti: true,
			summary: "Graphiti: one fact, looked up in the groups the key may use", response: graphitiFact{},
		},
		{
			method: "DELETE", path: "/entity-edge/{uuid}", auth: authKey, handle: s.graphitiDeleteFact, tag: "graphiti", graphiti: true,
			summary: "Graphiti: delete a fact", response: graphitiResult{},
		},
		{
			method: "GET", path: "/episodes/{group_id}", auth: authGroup, handle: s.graphitiEpisodes, tag: "graphiti", graphiti: true,
			summary:  "Graphiti: the group's latest episodes, oldest first",
			query:    []param{{"last_n", "integer", "How many episodes (1 to 1000). Default: 10."}},
			response: []graphitiEpisode{},
		},
		{
			method: "DELETE", path: "/episode/{uuid}", auth: authKey, handle: s.graphitiDeleteEpisode, tag: "graphiti", graphiti: true,
			summary: "Graphiti: delete an episode", description: "With the facts and entities nothing else supports.",
			response: graphitiResult{},
		},
		{
			method: "DELETE", path: "/group/{group_id}", auth: authGroup, handle: s.graphitiDeleteGroup, tag: "graphiti", graphiti: true,
			summary: "Graphiti: delete a group", response: graphitiResult{},
		},
		{
			method: "POST", path: "/clear", auth: authKey, handle: s.graphitiClear, tag: "graphiti", graphiti: true,
			summary: "Graphiti: delete every group the key may use", response: graphitiResult{},
		},
	}
}

func (s *Server) graphitiHealthcheck(ctx context.Context, c *call) (any, error) {
	return graphitiHealth{Status: "healthy"}, nil
}

// messageEpisode turns messages[i], a Graphiti message, into an episode of
// group.
func (s *Server) messageEpisode(group string, i int, m graphitiMessage) (core.Episode, error) {
	if m.Content == "" {
		return core.Episode{}, invalidField("missing", "Field required", "messages", i, "content")
	}
	switch m.RoleType {
	case "user", "assistant", "system":
	case "":
		return core.Episode{}, invalidField("missing", "Field required", "messages", i, "role_type")
	default:
		return core.Episode{}, invalidField("literal_error", "Input should be 'user', 'assistant' or 'system'", "messages", i, "role_type")
	}
	if m.UUID != "" {
		if err := core.ValidateUUID(m.UUID); err != nil {
			return core.Episode{}, checkField(err, "messages", i, "uuid")
		}
	}
	ref := s.h.Now()
	if m.Timestamp != "" {
		t, err := wire.ParseTime(m.Timestamp)
		if err != nil {
			return core.Episode{}, invalidField("datetime_from_date_parsing", "Input should be a valid datetime or date: "+wire.Message(err), "messages", i, "timestamp")
		}
		ref = t
	}
	return core.Episode{
		UUID: m.UUID, GroupID: group, Name: m.Name, Source: core.SourceMessage, SourceDescription: m.SourceDescription,
		Content: fmt.Sprintf("%s(%s): %s", m.Role, m.RoleType, m.Content), ValidAt: ref,
	}, nil
}

func (s *Server) graphitiMessages(ctx context.Context, c *call) (any, error) {
	var in graphitiAddMessages
	if err := c.decodeGraphiti(&in); err != nil {
		return nil, err
	}
	if err := graphitiGroup(c, in.GroupID, "group_id"); err != nil {
		return nil, err
	}
	if err := requireMessages(in.Messages); err != nil {
		return nil, err
	}
	eps := make([]core.Episode, len(in.Messages))
	for i, m := range in.Messages {
		ep, err := s.messageEpisode(in.GroupID, i, m)
		if err != nil {
			return nil, err
		}
		eps[i] = ep
	}
	res, err := s.h.Engine.Ingest(ctx, eps)
	if err != nil {
		return nil, err
	}
	s.metrics.accepted(len(res))
	return graphitiResult{Message: "Messages added to processing queue", Success: true}, nil
}

func (s *Server) graphitiAddEntity(ctx context.Context, c *call) (any, error) {
	var in graphitiEntityNode
	if err := c.decodeGraphiti(&in); err != nil {
		return nil, err
	}
	if err := graphitiGroup(c, in.GroupID, "group_id"); err != nil {
		return nil, err
	}
	if err := requireString(strings.TrimSpace(in.Name), "name"); err != nil {
		return nil, err
	}
	if in.UUID != "" {
		if err := checkField(core.ValidateUUID(in.UUID), "uuid"); err != nil {
			return nil, err
		}
	}
	ent, err := s.h.Engine.SaveEntity(ctx, engine.EntityNode{GroupID: in.GroupID, UUID: in.UUID, Name: in.Name, Summary: in.Summary})
	if err != nil {
		return nil, err
	}
	labels := ent.Labels
	if labels == nil {
		labels = []string{}
	}
	attrs := ent.Attributes
	if attrs == nil {
		attrs = map[string]any{}
	}
	return graphitiEntity{UUID: ent.UUID, Name: ent.Name, GroupID: ent.GroupID, Labels: labels, CreatedAt: ent.CreatedAt.UTC(), Summary: ent.Summary, Attributes: attrs}, nil
}

// findFact looks a fact up in the groups the key may use.
func (s *Server) findFact(ctx context.Context, c *call, uuid string) (core.Fact, error) {
	groups, err := c.visibleGroups(ctx)
	if err != nil {
		return core.Fact{}, err
	}
	return s.h.Engine.Fact(ctx, groups, uuid)
}

func graphitiFactOf(f wire.Fact, src core.Fact) graphitiFact {
	return graphitiFact{
		UUID: f.UUID, Name: f.Relation, Fact: f.Fact, ValidAt: f.ValidAt, InvalidAt: f.InvalidAt, CreatedAt: f.CreatedAt,
		ExpiredAt: f.ExpiredAt, SourceNodeUUID: src.SourceUUID, TargetNodeUUID: src.TargetUUID, Episodes: f.Episodes,
	}
}

func (s *Server) graphitiGetFact(ctx context.Context, c *call) (any, error) {
	f, err := s.findFact(ctx, c, c.r.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	return graphitiFactOf(wire.FactOf(f, nil), f), nil
}

func (s *Server) graphitiDeleteFact(ctx context.Context, c *call) (any, error) {
	f, err := s.findFact(ctx, c, c.r.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	if _, err := s.h.Engine.DeleteFact(ctx, f.GroupID, f.UUID); err != nil {
		return nil, err
	}
	return graphitiResult{Message: "Entity Edge deleted", Success: true}, nil
}

func (s *Server) graphitiEpisodes(ctx context.Context, c *call) (any, error) {
	n := 10
	if v := c.r.URL.Query().Get("last_n"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			return nil, queryField("last_n", "int_parsing", "Input should be a valid integer, unable to parse string as an integer")
		}
		if n < 1 || n > 1000 {
			return nil, queryField("last_n", "value_error", "want an integer from 1 to 1000")
		}
	}
	eps, err := s.h.Engine.RecentEpisodes(ctx, c.group, n)
	if err != nil {
		return nil, err
	}
	out := make([]graphitiEpisode, len(eps))
	for i, e := range eps {
		links, err := s.h.Engine.EpisodeLinks(ctx, c.group, e.UUID)
		if err != nil {
			return nil, err
		}
		edges := links.Facts
		if edges == nil {
			edges = []string{}
		}
		out[i] = graphitiEpisode{
			UUID: e.UUID, Name: e.Name, GroupID: e.GroupID, Labels: []string{}, CreatedAt: e.CreatedAt.UTC(), Source: string(e.Source),
			SourceDescription: e.SourceDescription, Content: e.Content, ValidAt: e.ValidAt.UTC(), EntityEdges: edges,
		}
	}
	return out, nil
}

func (s *Server) graphitiDeleteEpisode(ctx context.Context, c *call) (any, error) {
	uuid := c.r.PathValue("uuid")
	groups, err := c.visibleGroups(ctx)
	if err != nil {
		return nil, err
	}
	group, err := s.h.Engine.GroupOf(ctx, core.ScopeEpisodes, groups, uuid)
	if err != nil {
		return nil, fmt.Errorf("episode %s: %w", uuid, core.ErrNotFound)
	}
	if _, err := s.h.Engine.DeleteEpisode(ctx, group, uuid); err != nil {
		return nil, err
	}
	return graphitiResult{Message: "Episode deleted", Success: true}, nil
}

func (s *Server) graphitiDeleteGroup(ctx context.Context, c *call) (any, error) {
	if _, err := s.h.EraseGroup(ctx, c.group, eraseOptions(c)); err != nil {
		return nil, err
	}
	return graphitiResult{Message: "Group deleted", Success: true}, nil
}

func (s *Server) graphitiClear(ctx context.Context, c *call) (any, error) {
	groups, err := c.visibleGroups(ctx)
	if err != nil {
		return nil, err
	}
	for _, g := range groups {
		if _, err := s.h.EraseGroup(ctx, g, eraseOptions(c)); err != nil {
			return nil, fmt.Errorf("clear group %s: %w", g, err)
		}
	}
	return graphitiResult{Message: "Graph cleared", Success: true}, nil
}

// graphitiGroup checks the group id of a Graphiti body's field: given,
// valid, and one the key may use.
func graphitiGroup(c *call, g string, field string, index ...any) error {
	path := append([]any{field}, index...)
	if err := requireString(g, path...); err != nil {
		return err
	}
	if err := checkField(core.ValidateGroupID(g), path...); err != nil {
		return err
	}
	return c.allow(g)
}

// requireMessages checks the messages of a Graphiti body: given, and not
// empty.
func requireMessages(ms []graphitiMessage) error {
	switch {
	case ms == nil:
		return invalidField("missing", "Field required", "messages")
	case len(ms) == 0:
		return invalidField("too_short", "List should have at least 1 item after validation, not 0", "messages")
	}
	return nil
}
