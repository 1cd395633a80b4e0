package zep

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host/httpapi/api"
	"github.com/mnemohq/mnemo/host/wire"
)

// zepEdge is Zep's EntityEdge: a mnemo fact.
type zepEdge struct {
	UUID           string         `json:"uuid"`
	Fact           string         `json:"fact"`
	Name           string         `json:"name"`
	CreatedAt      string         `json:"created_at"`
	SourceNodeUUID string         `json:"source_node_uuid"`
	TargetNodeUUID string         `json:"target_node_uuid"`
	SourceNodeName string         `json:"source_node_name,omitempty"`
	TargetNodeName string         `json:"target_node_name,omitempty"`
	ValidAt        *string        `json:"valid_at,omitempty"`
	InvalidAt      *string        `json:"invalid_at,omitempty"`
	ExpiredAt      *string        `json:"expired_at,omitempty"`
	Episodes       []string       `json:"episodes"`
	Attributes     map[string]any `json:"attributes,omitempty"`
	Score          *float64       `json:"score,omitempty"`
}

// zepNode is Zep's EntityNode: a mnemo entity.
type zepNode struct {
	UUID       string         `json:"uuid"`
	Name       string         `json:"name"`
	Summary    string         `json:"summary"`
	CreatedAt  string         `json:"created_at"`
	Labels     []string       `json:"labels"`
	Attributes map[string]any `json:"attributes,omitempty"`
	Score      *float64       `json:"score,omitempty"`
}

// zepEpisode is Zep's Episode: a mnemo episode, with what its zep.episode
// record keeps.
type zepEpisode struct {
	UUID    string `json:"uuid"`
	Content string `json:"content"`
	// CreatedAt is the episode's reference time, which Zep's created_at
	// sets.
	CreatedAt         string         `json:"created_at"`
	Processed         bool           `json:"processed"`
	Source            string         `json:"source,omitempty"`
	SourceDescription string         `json:"source_description,omitempty"`
	Role              string         `json:"role,omitempty"`
	RoleType          string         `json:"role_type,omitempty"`
	ThreadID          string         `json:"thread_id,omitempty"`
	TaskID            string         `json:"task_id,omitempty"`
	Metadata          map[string]any `json:"metadata,omitempty"`
	Score             *float64       `json:"score,omitempty"`
	// Status and Error are mnemo's: pending, done or failed, and why.
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`
}

// zepGraph is Zep's Graph, stored as the zep.graph record of its group.
type zepGraph struct {
	UUID        string `json:"uuid,omitempty"`
	GraphID     string `json:"graph_id"`
	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty"`
	TimeZone    string `json:"time_zone,omitempty"`
	CreatedAt   string `json:"created_at,omitempty"`
	UpdatedAt   string `json:"updated_at,omitempty"`
}

// zepTask is the zep.task record of one add: the episodes it queued.
type zepTask struct {
	TaskID    string   `json:"task_id"`
	Type      string   `json:"type"`
	CreatedAt string   `json:"created_at"`
	Episodes  []string `json:"episodes"`
}

func jsonMarshal(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode record: %w", err)
	}
	return b, nil
}

func parseZepTime(s string) (time.Time, error) { return wire.ParseTime(s) }

func isNotFound(err error) bool { return errors.Is(err, core.ErrNotFound) }

func score(x float64) *float64 { return &x }

func zepEdgeOf(f core.Fact, names map[string]string, sc *float64) zepEdge {
	eps := f.Episodes
	if eps == nil {
		eps = []string{}
	}
	return zepEdge{
		UUID: f.UUID, Fact: f.Text, Name: f.Relation, CreatedAt: zepTime(f.CreatedAt),
		SourceNodeUUID: f.SourceUUID, TargetNodeUUID: f.TargetUUID,
		SourceNodeName: names[f.SourceUUID], TargetNodeName: names[f.TargetUUID],
		ValidAt: zepOptTime(f.ValidAt), InvalidAt: zepOptTime(f.InvalidAt), ExpiredAt: zepOptTime(f.ExpiredAt),
		Episodes: eps, Attributes: f.Attributes, Score: sc,
	}
}

func zepNodeOf(e core.Entity, sc *float64) zepNode {
	return zepNode{
		UUID: e.UUID, Name: e.Name, Summary: e.Summary, CreatedAt: zepTime(e.CreatedAt),
		Labels: append([]string{"Entity"}, e.Labels...), Attributes: e.Attributes, Score: sc,
	}
}

func zepEpisodeOf(ep core.Episode, rec *zepEpisodeRecord, sc *float64) zepEpisode {
	out := zepEpisode{
		UUID: ep.UUID, Content: ep.Content, CreatedAt: zepTime(ep.ValidAt), Processed: ep.Status == core.EpisodeDone,
		Source: string(ep.Source), SourceDescription: ep.SourceDescription, Score: sc, Status: string(ep.Status), Error: ep.Error,
	}
	if rec != nil {
		if rec.Content != "" {
			out.Content = rec.Content
		}
		out.Role, out.RoleType, out.ThreadID, out.TaskID, out.Metadata = rec.Name, rec.Role, rec.ThreadID, rec.TaskID, rec.Metadata
	}
	return out
}

// zepEdges writes facts of groups as edges, with their nodes' names.
func (s *server) zepEdges(ctx context.Context, groups []string, fs []core.Fact, scores []float64) ([]zepEdge, error) {
	var ids []string
	for _, f := range fs {
		ids = append(ids, f.SourceUUID, f.TargetUUID)
	}
	names, err := s.Host.Engine.EntityNames(ctx, groups, ids)
	if err != nil {
		return nil, err
	}
	out := make([]zepEdge, len(fs))
	for i, f := range fs {
		var sc *float64
		if scores != nil {
			sc = score(scores[i])
		}
		out[i] = zepEdgeOf(f, names, sc)
	}
	return out, nil
}

// zepEpisodeRecords reads the zep.episode records of group's episodes.
func (s *server) zepEpisodeRecords(ctx context.Context, c *api.Call, group string, ids []string) (map[string]*zepEpisodeRecord, error) {
	out := map[string]*zepEpisodeRecord{}
	if len(ids) == 0 {
		return out, nil
	}
	recs, err := records[zepEpisodeRecord](ctx, c, kindZepEpisode, []string{group}, ids...)
	if err != nil {
		return nil, err
	}
	for i := range recs {
		out[recs[i].UUID] = &recs[i]
	}
	return out, nil
}

// zepEpisodeList answers {"episodes": [...]}.
func (s *server) zepEpisodeList(ctx context.Context, c *api.Call, group string, eps []core.Episode) (any, error) {
	ids := make([]string, len(eps))
	for i, ep := range eps {
		ids[i] = ep.UUID
	}
	recs, err := s.zepEpisodeRecords(ctx, c, group, ids)
	if err != nil {
		return nil, err
	}
	out := make([]zepEpisode, len(eps))
	for i, ep := range eps {
		out[i] = zepEpisodeOf(ep, recs[ep.UUID], nil)
	}
	return struct {
		Episodes []zepEpisode `json:"episodes"`
	}{out}, nil
}

// zepAddInput is one episode of POST /graph and /graph-batch.
type zepAddInput struct {
	Type              string         `json:"type"`
	Data              string         `json:"data"`
	CreatedAt         string         `json:"created_at"`
	SourceDescription string         `json:"source_description"`
	Metadata          map[string]any `json:"metadata"`
}

// zepEpisode checks the input and returns the episode of group and its
// record.
func (s *server) zepEpisode(group, taskID string, in zepAddInput) (core.Episode, zepEpisodeRecord, error) {
	ep := core.Episode{UUID: core.NewID(s.Host.Now()), GroupID: group, SourceDescription: in.SourceDescription, Content: in.Data, ValidAt: s.Host.Now()}
	switch in.Type {
	case "text":
		ep.Source = core.SourceText
	case "message":
		ep.Source = core.SourceMessage
	case "json":
		ep.Source = core.SourceJSON
		if !json.Valid([]byte(in.Data)) {
			return ep, zepEpisodeRecord{}, fmt.Errorf("%w: type json: data is not a JSON document (send it as a string)", core.ErrInvalid)
		}
	default:
		return ep, zepEpisodeRecord{}, fmt.Errorf("%w: type %q: want text, json or message", core.ErrInvalid, in.Type)
	}
	if in.CreatedAt != "" {
		t, err := wire.ParseTime(in.CreatedAt)
		if err != nil {
			return ep, zepEpisodeRecord{}, fmt.Errorf("created_at: %w", err)
		}
		ep.ValidAt = t
	}
	if err := ep.Validate(0); err != nil {
		return ep, zepEpisodeRecord{}, err
	}
	return ep, zepEpisodeRecord{UUID: ep.UUID, Metadata: in.Metadata, TaskID: taskID, CreatedAt: zepTime(ep.ValidAt)}, nil
}

func (s *server) zepGraphAdd(ctx context.Context, c *api.Call) (any, error) {
	var in struct {
		zepAddInput
		UserID  string `json:"user_id"`
		GraphID string `json:"graph_id"`
	}
	if err := decodeLenient(c, &in); err != nil {
		return nil, err
	}
	group, err := s.zepTarget(ctx, c, in.UserID, in.GraphID)
	if err != nil {
		return nil, err
	}
	taskID := core.NewID(s.Host.Now())
	ep, rec, err := s.zepEpisode(group, taskID, in.zepAddInput)
	if err != nil {
		return nil, err
	}
	if ep.Trust, err = c.SourceClass("", ""); err != nil {
		return nil, err
	}
	if err := s.zepIngest(ctx, group, taskID, "add_episode", []core.Episode{ep}, []zepEpisodeRecord{rec}); err != nil {
		return nil, err
	}
	ep.Status = core.EpisodePending
	return zepEpisodeOf(ep, &rec, nil), nil
}

func (s *server) zepGraphAddBatch(ctx context.Context, c *api.Call) (any, error) {
	var in struct {
		Episodes []zepAddInput `json:"episodes"`
		UserID   string        `json:"user_id"`
		GraphID  string        `json:"graph_id"`
	}
	if err := decodeLenient(c, &in); err != nil {
		return nil, err
	}
	group, err := s.zepTarget(ctx, c, in.UserID, in.GraphID)
	if err != nil {
		return nil, err
	}
	if len(in.Episodes) == 0 {
		return nil, fmt.Errorf("%w: episodes is empty", core.ErrInvalid)
	}
	taskID := core.NewID(s.Host.Now())
	eps := make([]core.Episode, len(in.Episodes))
	recs := make([]zepEpisodeRecord, len(in.Episodes))
	for i, x := range in.Episodes {
		if eps[i], recs[i], err = s.zepEpisode(group, taskID, x); err != nil {
			return nil, fmt.Errorf("episodes[%d]: %w", i, err)
		}
		if eps[i].Trust, err = c.SourceClass("", ""); err != nil {
			return nil, err
		}
	}
	if err := s.zepIngest(ctx, group, taskID, "add_episodes", eps, recs); err != nil {
		return nil, err
	}
	out := make([]zepEpisode, len(eps))
	for i := range eps {
		eps[i].Status = core.EpisodePending
		out[i] = zepEpisodeOf(eps[i], &recs[i], nil)
	}
	return out, nil
}

func (s *server) zepAddFactTriple(ctx context.Context, c *api.Call) (any, error) {
	var in struct {
		UserID           string   `json:"user_id"`
		GraphID          string   `json:"graph_id"`
		Fact             string   `json:"fact"`
		FactName         string   `json:"fact_name"`
		FactUUID         string   `json:"fact_uuid"`
		SourceNodeName   string   `json:"source_node_name"`
		TargetNodeName   string   `json:"target_node_name"`
		SourceNodeLabels []string `json:"source_node_labels"`
		TargetNodeLabels []string `json:"target_node_labels"`
		ValidAt          string   `json:"valid_at"`
		InvalidAt        string   `json:"invalid_at"`
		CreatedAt        string   `json:"created_at"`
	}
	if err := decodeLenient(c, &in); err != nil {
		return nil, err
	}
	group, err := s.zepTarget(ctx, c, in.UserID, in.GraphID)
	if err != nil {
		return nil, err
	}
	t := engine.Triplet{GroupID: group, Source: in.SourceNodeName, Relation: in.FactName, Target: in.TargetNodeName, Fact: in.Fact}
	if len(in.SourceNodeLabels) > 0 {
		t.SourceType = in.SourceNodeLabels[0]
	}
	if len(in.TargetNodeLabels) > 0 {
		t.TargetType = in.TargetNodeLabels[0]
	}
	for _, f := range []struct {
		name string
		v    string
		dst  *time.Time
	}{{"valid_at", in.ValidAt, &t.ValidAt}, {"invalid_at", in.InvalidAt, &t.InvalidAt}, {"created_at", in.CreatedAt, &t.ReferenceTime}} {
		if *f.dst, err = wire.ParseOptionalTime(f.v); err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
	}
	rep, err := s.Host.Engine.AddFact(ctx, t)
	if err != nil {
		return nil, err
	}
	if rep.Status == core.EpisodeFailed {
		return nil, fmt.Errorf("%w: the fact's episode %s failed: %s", core.ErrUnavailable, rep.UUID, rep.Error)
	}
	fs, err := s.Host.Engine.EpisodeFacts(ctx, group, rep.UUID)
	if err != nil {
		return nil, err
	}
	type answer struct {
		Edge       *zepEdge `json:"edge,omitempty"`
		SourceNode *zepNode `json:"source_node,omitempty"`
		TargetNode *zepNode `json:"target_node,omitempty"`
	}
	var out answer
	if len(fs) > 0 {
		edges, err := s.zepEdges(ctx, []string{group}, fs[:1], nil)
		if err != nil {
			return nil, err
		}
		out.Edge = &edges[0]
		for _, x := range []struct {
			id  string
			dst **zepNode
		}{{fs[0].SourceUUID, &out.SourceNode}, {fs[0].TargetUUID, &out.TargetNode}} {
			if e, err := s.Host.Engine.Entity(ctx, []string{group}, x.id); err == nil {
				n := zepNodeOf(e, nil)
				*x.dst = &n
			}
		}
	}
	return out, nil
}

// zepGraphExists checks that id names a graph the key may use: a Zep
// graph, or a group holding episodes (fed through mnemo's own API).
func (s *server) zepGraphExists(ctx context.Context, c *api.Call, id string) error {
	if err := zepGroup(c, "graph", id); err != nil {
		return err
	}
	if _, err := s.Host.Engine.Record(ctx, id, kindZepGraph, id); err == nil {
		return nil
	}
	st, err := s.Host.Engine.Stats(ctx, id)
	if err != nil {
		return err
	}
	if st.Episodes == 0 {
		return fmt.Errorf("graph %q: %w", id, core.ErrNotFound)
	}
	return nil
}

func (s *server) zepGraph(ctx context.Context, c *api.Call, id string) (zepGraph, error) {
	if err := s.zepGraphExists(ctx, c, id); err != nil {
		return zepGraph{}, err
	}
	g := zepGraph{GraphID: id}
	if err := s.record(ctx, id, kindZepGraph, id, &g); err != nil && !isNotFound(err) {
		return zepGraph{}, err
	}
	return g, nil
}

func (s *server) zepCreateGraph(ctx context.Context, c *api.Call) (any, error) {
	var in zepGraph
	if err := decodeLenient(c, &in); err != nil {
		return nil, err
	}
	if err := s.zepClaim(ctx, c, "graph_id", "graph", in.GraphID); err != nil {
		return nil, err
	}
	now := s.Host.Now()
	g := zepGraph{UUID: core.NewID(now), GraphID: in.GraphID, Name: in.Name, Description: in.Description, TimeZone: in.TimeZone,
		CreatedAt: zepTime(now), UpdatedAt: zepTime(now)}
	if err := s.putRecord(ctx, g.GraphID, kindZepGraph, g.GraphID, g); err != nil {
		return nil, err
	}
	c.Status = 201
	return g, nil
}

func (s *server) zepGetGraph(ctx context.Context, c *api.Call) (any, error) {
	return s.zepGraph(ctx, c, c.R.PathValue("graphId"))
}

func (s *server) zepUpdateGraph(ctx context.Context, c *api.Call) (any, error) {
	g, err := s.zepGraph(ctx, c, c.R.PathValue("graphId"))
	if err != nil {
		return nil, err
	}
	var in struct {
		Name        *string `json:"name"`
		Description *string `json:"description"`
		TimeZone    *string `json:"time_zone"`
	}
	if err := decodeLenient(c, &in); err != nil {
		return nil, err
	}
	for _, f := range []struct{ dst, v *string }{{&g.Name, in.Name}, {&g.Description, in.Description}, {&g.TimeZone, in.TimeZone}} {
		if f.v != nil {
			*f.dst = *f.v
		}
	}
	now := zepTime(s.Host.Now())
	if g.CreatedAt == "" {
		g.UUID, g.CreatedAt = core.NewID(s.Host.Now()), now
	}
	g.UpdatedAt = now
	if err := s.putRecord(ctx, g.GraphID, kindZepGraph, g.GraphID, g); err != nil {
		return nil, err
	}
	return g, nil
}

func (s *server) zepDeleteGraph(ctx context.Context, c *api.Call) (any, error) {
	g, err := s.zepGraph(ctx, c, c.R.PathValue("graphId"))
	if err != nil {
		return nil, err
	}
	if _, err := s.Host.EraseGroup(ctx, g.GraphID, c.EraseOptions()); err != nil {
		return nil, err
	}
	return zepMessage{Message: "graph deleted"}, nil
}

func (s *server) zepListGraphs(ctx context.Context, c *api.Call) (any, error) {
	number, err := queryInt(c, 1, 1, 1<<20, "pageNumber", "page_number")
	if err != nil {
		return nil, err
	}
	size, err := queryInt(c, 100, 1, 1000, "pageSize", "page_size")
	if err != nil {
		return nil, err
	}
	gs, err := records[zepGraph](ctx, c, kindZepGraph, nil)
	if err != nil {
		return nil, err
	}
	if q := strings.ToLower(c.R.URL.Query().Get("search")); q != "" {
		gs = slices.DeleteFunc(gs, func(g zepGraph) bool {
			return !strings.Contains(strings.ToLower(g.GraphID+" "+g.Name), q)
		})
	}
	slices.SortFunc(gs, func(a, b zepGraph) int {
		return cmp.Or(cmp.Compare(a.CreatedAt, b.CreatedAt), cmp.Compare(a.GraphID, b.GraphID))
	})
	out := page(gs, number, size)
	return struct {
		Graphs     []zepGraph `json:"graphs"`
		TotalCount int        `json:"total_count"`
		RowCount   int        `json:"row_count"`
		PageNumber int        `json:"page_number"`
		PageSize   int        `json:"page_size"`
	}{out, len(gs), len(out), number, size}, nil
}

// zepVisible lists the groups holding data that the key may use.
func (s *server) zepVisible(ctx context.Context, c *api.Call) ([]string, error) {
	return c.VisibleGroups(ctx)
}

func (s *server) zepFindEpisode(ctx context.Context, c *api.Call, uuid string) (core.Episode, error) {
	groups, err := s.zepVisible(ctx, c)
	if err != nil {
		return core.Episode{}, err
	}
	return s.Host.Engine.Episode(ctx, groups, uuid)
}

func (s *server) zepGetEpisode(ctx context.Context, c *api.Call) (any, error) {
	ep, err := s.zepFindEpisode(ctx, c, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	recs, err := s.zepEpisodeRecords(ctx, c, ep.GroupID, []string{ep.UUID})
	if err != nil {
		return nil, err
	}
	return zepEpisodeOf(ep, recs[ep.UUID], nil), nil
}

func (s *server) zepDeleteEpisode(ctx context.Context, c *api.Call) (any, error) {
	ep, err := s.zepFindEpisode(ctx, c, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	if _, err := s.Host.Engine.DeleteEpisode(ctx, ep.GroupID, ep.UUID); err != nil {
		return nil, err
	}
	if _, err := s.Host.Engine.DeleteRecords(ctx, ep.GroupID, kindZepEpisode, []string{ep.UUID}); err != nil {
		return nil, err
	}
	return zepMessage{Message: "episode deleted"}, nil
}

// zepEpisodesRoute serves GET /graph/episodes/user/{userId},
// /graph/episodes/graph/{graphId} and /graph/episodes/{uuid}/mentions.
func (s *server) zepEpisodesRoute(ctx context.Context, c *api.Call) (any, error) {
	a, b := c.R.PathValue("a"), c.R.PathValue("b")
	switch {
	case b == "mentions":
		return s.zepEpisodeMentions(ctx, c, a)
	case a == "user" || a == "graph":
		var group string
		var err error
		if a == "user" {
			group, err = s.zepTarget(ctx, c, b, "")
		} else {
			group, err = s.zepTarget(ctx, c, "", b)
		}
		if err != nil {
			return nil, err
		}
		n, err := queryInt(c, 10, 1, 1000, "lastn")
		if err != nil {
			return nil, err
		}
		eps, err := s.Host.Engine.RecentEpisodes(ctx, group, n)
		if err != nil {
			return nil, err
		}
		return s.zepEpisodeList(ctx, c, group, eps)
	}
	return nil, fmt.Errorf("%w: no route GET %s", core.ErrNotFound, c.R.URL.Path)
}

func (s *server) zepEpisodeMentions(ctx context.Context, c *api.Call, uuid string) (any, error) {
	ep, err := s.zepFindEpisode(ctx, c, uuid)
	if err != nil {
		return nil, err
	}
	ents, err := s.Host.Engine.EpisodeEntities(ctx, ep.GroupID, ep.UUID)
	if err != nil {
		return nil, err
	}
	fs, err := s.Host.Engine.EpisodeFacts(ctx, ep.GroupID, ep.UUID)
	if err != nil {
		return nil, err
	}
	edges, err := s.zepEdges(ctx, []string{ep.GroupID}, fs, nil)
	if err != nil {
		return nil, err
	}
	nodes := make([]zepNode, len(ents))
	for i, e := range ents {
		nodes[i] = zepNodeOf(e, nil)
	}
	return struct {
		Nodes []zepNode `json:"nodes"`
		Edges []zepEdge `json:"edges"`
	}{nodes, edges}, nil
}

func (s *server) zepFindFact(ctx context.Context, c *api.Call, uuid string) (core.Fact, error) {
	groups, err := s.zepVisible(ctx, c)
	if err != nil {
		return core.Fact{}, err
	}
	return s.Host.Engine.Fact(ctx, groups, uuid)
}

func (s *server) zepGetEdge(ctx context.Context, c *api.Call) (any, error) {
	f, err := s.zepFindFact(ctx, c, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	edges, err := s.zepEdges(ctx, []string{f.GroupID}, []core.Fact{f}, nil)
	if err != nil {
		return nil, err
	}
	return edges[0], nil
}

func (s *server) zepDeleteEdge(ctx context.Context, c *api.Call) (any, error) {
	f, err := s.zepFindFact(ctx, c, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	if _, err := s.Host.Engine.DeleteFact(ctx, f.GroupID, f.UUID); err != nil {
		return nil, err
	}
	return zepMessage{Message: "edge deleted"}, nil
}

// zepListInput is the body of the edge and node listings.
type zepListInput struct {
	Limit      int    `json:"limit"`
	UUIDCursor string `json:"uuid_cursor"`
}

// listAfter pages through a listing, skipping up to and including the
// item with uuid after (when set), and returns up to limit items.
func listAfter[T any](ctx context.Context, limit int, after string, id func(T) string, list func(core.ListOptions) (core.Page[T], error)) ([]T, error) {
	if limit <= 0 {
		limit = 100
	}
	out := []T{}
	skipping := after != ""
	o := core.ListOptions{Limit: 1000}
	for {
		p, err := list(o)
		if err != nil {
			return nil, err
		}
		for _, x := range p.Items {
			if skipping {
				skipping = id(x) != after
				continue
			}
			out = append(out, x)
			if len(out) == limit {
				return out, nil
			}
		}
		if p.Next == "" {
			return out, nil
		}
		o.Cursor = p.Next
	}
}

func (s *server) zepListEdges(ctx context.Context, c *api.Call, group string) (any, error) {
	var in zepListInput
	if err := decodeLenient(c, &in); err != nil {
		return nil, err
	}
	fs, err := listAfter(ctx, in.Limit, in.UUIDCursor, func(f core.Fact) string { return f.UUID }, func(o core.ListOptions) (core.Page[core.Fact], error) {
		o.Filter.IncludeInvalid = true
		return s.Host.Engine.ListFacts(ctx, group, o)
	})
	if err != nil {
		return nil, err
	}
	return s.zepEdges(ctx, []string{group}, fs, nil)
}

func (s *server) zepListNodes(ctx context.Context, c *api.Call, group string) (any, error) {
	var in zepListInput
	if err := decodeLenient(c, &in); err != nil {
		return nil, err
	}
	es, err := listAfter(ctx, in.Limit, in.UUIDCursor, func(e core.Entity) string { return e.UUID }, func(o core.ListOptions) (core.Page[core.Entity], error) {
		return s.Host.Engine.ListEntities(ctx, group, o)
	})
	if err != nil {
		return nil, err
	}
	out := make([]zepNode, len(es))
	for i, e := range es {
		out[i] = zepNodeOf(e, nil)
	}
	return out, nil
}

// zepOfUser and zepOfGraph serve a listing of one group from a route that
// names a Zep user ({userId}) or a graph ({graphId}).
func (s *server) zepOfUser(list func(context.Context, *api.Call, string) (any, error)) func(context.Context, *api.Call) (any, error) {
	return func(ctx context.Context, c *api.Call) (any, error) {
		group, err := s.zepTarget(ctx, c, c.R.PathValue("userId"), "")
		if err != nil {
			return nil, err
		}
		return list(ctx, c, group)
	}
}

func (s *server) zepOfGraph(list func(context.Context, *api.Call, string) (any, error)) func(context.Context, *api.Call) (any, error) {
	return func(ctx context.Context, c *api.Call) (any, error) {
		group, err := s.zepTarget(ctx, c, "", c.R.PathValue("graphId"))
		if err != nil {
			return nil, err
		}
		return list(ctx, c, group)
	}
}

func (s *server) zepFindNode(ctx context.Context, c *api.Call, uuid string) (core.Entity, error) {
	groups, err := s.zepVisible(ctx, c)
	if err != nil {
		return core.Entity{}, err
	}
	return s.Host.Engine.Entity(ctx, groups, uuid)
}

func (s *server) zepGetNode(ctx context.Context, c *api.Call) (any, error) {
	e, err := s.zepFindNode(ctx, c, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	return zepNodeOf(e, nil), nil
}

func (s *server) zepDeleteNode(ctx context.Context, c *api.Call) (any, error) {
	e, err := s.zepFindNode(ctx, c, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	if _, err := s.Host.Engine.DeleteEntity(ctx, e.GroupID, e.UUID); err != nil {
		return nil, err
	}
	return zepMessage{Message: "node deleted"}, nil
}

func (s *server) zepNodeEdges(ctx context.Context, c *api.Call) (any, error) {
	e, err := s.zepFindNode(ctx, c, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	fs, err := s.Host.Engine.EntityFacts(ctx, e.GroupID, e.UUID, 0)
	if err != nil {
		return nil, err
	}
	return s.zepEdges(ctx, []string{e.GroupID}, fs, nil)
}

func (s *server) zepNodeEpisodes(ctx context.Context, c *api.Call) (any, error) {
	e, err := s.zepFindNode(ctx, c, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	ids, err := s.Host.Engine.EntityEpisodes(ctx, e.GroupID, e.UUID)
	if err != nil {
		return nil, err
	}
	eps, err := s.Host.Engine.Episodes(ctx, []string{e.GroupID}, ids)
	if err != nil {
		return nil, err
	}
	return s.zepEpisodeList(ctx, c, e.GroupID, eps)
}

func (s *server) zepGetTask(ctx context.Context, c *api.Call) (any, error) {
	id := c.R.PathValue("taskId")
	if err := core.ValidateRecordID(id); err != nil {
		return nil, fmt.Errorf("task %q: %w", id, core.ErrNotFound)
	}
	rs, err := s.Host.Engine.Records(ctx, core.RecordQuery{Kind: kindZepTask, AllGroups: true, IDs: []string{id}})
	if err != nil {
		return nil, err
	}
	rs = slices.DeleteFunc(rs, func(r core.Record) bool { return !c.Key.Allows(r.GroupID) })
	if len(rs) == 0 {
		return nil, fmt.Errorf("task %q: %w", id, core.ErrNotFound)
	}
	var t zepTask
	if err := json.Unmarshal(rs[0].Data, &t); err != nil {
		return nil, fmt.Errorf("decode task %s: %w", id, err)
	}
	eps, err := s.Host.Engine.Episodes(ctx, []string{rs[0].GroupID}, t.Episodes)
	if err != nil {
		return nil, err
	}
	type taskError struct {
		Message string `json:"message"`
	}
	type progress struct {
		Message string `json:"message"`
	}
	out := struct {
		TaskID      string     `json:"task_id"`
		Type        string     `json:"type"`
		Status      string     `json:"status"`
		CreatedAt   string     `json:"created_at"`
		CompletedAt string     `json:"completed_at,omitempty"`
		Error       *taskError `json:"error,omitempty"`
		Progress    progress   `json:"progress"`
	}{TaskID: t.TaskID, Type: t.Type, CreatedAt: t.CreatedAt}
	done, failed := 0, 0
	var errs []string
	for _, ep := range eps {
		switch ep.Status {
		case core.EpisodeDone:
			done++
		case core.EpisodeFailed:
			failed++
			errs = append(errs, ep.UUID+": "+ep.Error)
		}
	}
	// Deleted episodes count as done: nothing is left to process.
	done += len(t.Episodes) - len(eps)
	switch {
	case failed > 0 && done+failed == len(t.Episodes):
		out.Status = "failed"
		out.Error = &taskError{Message: strings.Join(errs, "; ")}
	case done == len(t.Episodes):
		out.Status = "succeeded"
	case done+failed > 0:
		out.Status = "in_progress"
	default:
		out.Status = "pending"
	}
	out.Progress.Message = fmt.Sprintf("%d of %d episodes processed", done+failed, len(t.Episodes))
	return out, nil
}
