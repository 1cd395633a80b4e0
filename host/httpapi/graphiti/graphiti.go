package graphiti

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host/httpapi/api"
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

// server serves the Graphiti routes on the shared Env.
type server struct{ *api.Env }

// Routes returns the Graphiti routes, in the order the OpenAPI document
// lists them. Their handlers' errors are answered as Graphiti's server
// answers them (writeGraphitiError); a missing key is answered as mnemo's
// other routes answer it.
func Routes(e *api.Env) []*api.Route {
	s := &server{e}
	rts := slices.Concat(s.graphitiRoutes(), s.graphitiSearchRoutes())
	for _, rt := range rts {
		rt.Errors = s.writeGraphitiError
	}
	return rts
}

func (s *server) graphitiRoutes() []*api.Route {
	return []*api.Route{
		{
			Method: "GET", Path: "/healthcheck", Auth: api.AuthNone, Handle: s.graphitiHealthcheck, Tag: "graphiti", Graphiti: true,
			Summary: "Graphiti: health check", Response: graphitiHealth{},
		},
		{
			Method: "POST", Path: "/messages", Auth: api.AuthKey, Handle: s.graphitiMessages, Tag: "graphiti", Graphiti: true, Ingests: true,
			Status: http.StatusAccepted, Summary: "Graphiti: add chat messages",
			Description: "Each message becomes a message episode \"role(role_type): content\" in the group's durable queue.",
			Request:     graphitiAddMessages{}, Response: graphitiResult{},
			Example: graphitiAddMessages{GroupID: "graphiti-demo", Messages: []graphitiMessage{{
				Content: "Bob works at Initech and lives in Austin.", RoleType: "user", Role: "Alice", Timestamp: "2024-06-01T12:00:00Z",
			}}},
		},
		{
			Method: "POST", Path: "/entity-node", Auth: api.AuthKey, Handle: s.graphitiAddEntity, Tag: "graphiti", Graphiti: true,
			Status: http.StatusCreated, Summary: "Graphiti: add or update an entity",
			Request: graphitiEntityNode{}, Response: graphitiEntity{},
			Example: graphitiEntityNode{GroupID: "graphiti-demo", Name: "Initech", Summary: "A software company in Austin."},
		},
		{
			Method: "GET", Path: "/entity-edge/{uuid}", Auth: api.AuthKey, Handle: s.graphitiGetFact, Tag: "graphiti", Graphiti: true,
			Summary: "Graphiti: one fact, looked up in the groups the key may use", Response: graphitiFact{},
		},
		{
			Method: "DELETE", Path: "/entity-edge/{uuid}", Auth: api.AuthKey, Handle: s.graphitiDeleteFact, Tag: "graphiti", Graphiti: true,
			Summary: "Graphiti: delete a fact", Response: graphitiResult{},
		},
		{
			Method: "GET", Path: "/episodes/{group_id}", Auth: api.AuthGroup, Handle: s.graphitiEpisodes, Tag: "graphiti", Graphiti: true,
			Summary:  "Graphiti: the group's latest episodes, oldest first",
			Query:    []api.Param{{Name: "last_n", Type: "integer", Description: "How many episodes (1 to 1000). Default: 10."}},
			Response: []graphitiEpisode{},
		},
		{
			Method: "DELETE", Path: "/episode/{uuid}", Auth: api.AuthKey, Handle: s.graphitiDeleteEpisode, Tag: "graphiti", Graphiti: true,
			Summary: "Graphiti: delete an episode", Description: "With the facts and entities nothing else supports.",
			Response: graphitiResult{},
		},
		{
			Method: "DELETE", Path: "/group/{group_id}", Auth: api.AuthGroup, Handle: s.graphitiDeleteGroup, Tag: "graphiti", Graphiti: true,
			Summary: "Graphiti: delete a group", Response: graphitiResult{},
		},
		{
			Method: "POST", Path: "/clear", Auth: api.AuthKey, Handle: s.graphitiClear, Tag: "graphiti", Graphiti: true,
			Summary: "Graphiti: delete every group the key may use", Response: graphitiResult{},
		},
	}
}

func (s *server) graphitiHealthcheck(ctx context.Context, c *api.Call) (any, error) {
	return graphitiHealth{Status: "healthy"}, nil
}

// messageEpisode turns messages[i], a Graphiti message, into an episode of
// group.
func (s *server) messageEpisode(group string, i int, m graphitiMessage) (core.Episode, error) {
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
	ref := s.Host.Now()
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

func (s *server) graphitiMessages(ctx context.Context, c *api.Call) (any, error) {
	var in graphitiAddMessages
	if err := decodeGraphiti(c, &in); err != nil {
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
		// The user's words are the user's, the assistant's the agent's.
		route := map[string]string{"user": core.TrustUser, "assistant": core.TrustAgent}[m.RoleType]
		if ep.Trust, err = c.SourceClass(s.Host.Config.Trust.RouteClass(route), ""); err != nil {
			return nil, err
		}
		eps[i] = ep
	}
	res, err := s.Host.Engine.Ingest(ctx, eps)
	if err != nil {
		return nil, err
	}
	s.Metrics.Accepted(len(res))
	return graphitiResult{Message: "Messages added to processing queue", Success: true}, nil
}

func (s *server) graphitiAddEntity(ctx context.Context, c *api.Call) (any, error) {
	var in graphitiEntityNode
	if err := decodeGraphiti(c, &in); err != nil {
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
	ent, err := s.Host.Engine.SaveEntity(ctx, engine.EntityNode{GroupID: in.GroupID, UUID: in.UUID, Name: in.Name, Summary: in.Summary})
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
func (s *server) findFact(ctx context.Context, c *api.Call, uuid string) (core.Fact, error) {
	groups, err := c.VisibleGroups(ctx)
	if err != nil {
		return core.Fact{}, err
	}
	return s.Host.Engine.Fact(ctx, groups, uuid)
}

func graphitiFactOf(f wire.Fact, src core.Fact) graphitiFact {
	return graphitiFact{
		UUID: f.UUID, Name: f.Relation, Fact: f.Fact, ValidAt: f.ValidAt, InvalidAt: f.InvalidAt, CreatedAt: f.CreatedAt,
		ExpiredAt: f.ExpiredAt, SourceNodeUUID: src.SourceUUID, TargetNodeUUID: src.TargetUUID, Episodes: f.Episodes,
	}
}

func (s *server) graphitiGetFact(ctx context.Context, c *api.Call) (any, error) {
	f, err := s.findFact(ctx, c, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	return graphitiFactOf(wire.FactOf(f, nil), f), nil
}

func (s *server) graphitiDeleteFact(ctx context.Context, c *api.Call) (any, error) {
	f, err := s.findFact(ctx, c, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	if _, err := s.Host.Engine.DeleteFact(ctx, f.GroupID, f.UUID); err != nil {
		return nil, err
	}
	return graphitiResult{Message: "Entity Edge deleted", Success: true}, nil
}

func (s *server) graphitiEpisodes(ctx context.Context, c *api.Call) (any, error) {
	n := 10
	if v := c.R.URL.Query().Get("last_n"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			return nil, queryField("last_n", "int_parsing", "Input should be a valid integer, unable to parse string as an integer")
		}
		if n < 1 || n > 1000 {
			return nil, queryField("last_n", "value_error", "want an integer from 1 to 1000")
		}
	}
	eps, err := s.Host.Engine.RecentEpisodes(ctx, c.Group, n)
	if err != nil {
		return nil, err
	}
	out := make([]graphitiEpisode, len(eps))
	for i, e := range eps {
		links, err := s.Host.Engine.EpisodeLinks(ctx, c.Group, e.UUID)
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

func (s *server) graphitiDeleteEpisode(ctx context.Context, c *api.Call) (any, error) {
	uuid := c.R.PathValue("uuid")
	groups, err := c.VisibleGroups(ctx)
	if err != nil {
		return nil, err
	}
	group, err := s.Host.Engine.GroupOf(ctx, core.ScopeEpisodes, groups, uuid)
	if err != nil {
		return nil, fmt.Errorf("episode %s: %w", uuid, core.ErrNotFound)
	}
	if _, err := s.Host.Engine.DeleteEpisode(ctx, group, uuid); err != nil {
		return nil, err
	}
	return graphitiResult{Message: "Episode deleted", Success: true}, nil
}

func (s *server) graphitiDeleteGroup(ctx context.Context, c *api.Call) (any, error) {
	if _, err := s.Host.EraseGroup(ctx, c.Group, c.EraseOptions()); err != nil {
		return nil, err
	}
	return graphitiResult{Message: "Group deleted", Success: true}, nil
}

func (s *server) graphitiClear(ctx context.Context, c *api.Call) (any, error) {
	groups, err := c.VisibleGroups(ctx)
	if err != nil {
		return nil, err
	}
	for _, g := range groups {
		if _, err := s.Host.EraseGroup(ctx, g, c.EraseOptions()); err != nil {
			return nil, fmt.Errorf("clear group %s: %w", g, err)
		}
	}
	return graphitiResult{Message: "Graph cleared", Success: true}, nil
}

// graphitiGroup checks the group id of a Graphiti body's field: given,
// valid, and one the key may use.
func graphitiGroup(c *api.Call, g string, field string, index ...any) error {
	path := append([]any{field}, index...)
	if err := requireString(g, path...); err != nil {
		return err
	}
	if err := checkField(core.ValidateGroupID(g), path...); err != nil {
		return err
	}
	return c.Allow(g)
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
