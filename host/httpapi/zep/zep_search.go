package zep

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host/httpapi/api"
	"github.com/mnemohq/mnemo/host/wire"
)

// zepDateFilter is one of Zep's date conditions.
type zepDateFilter struct {
	ComparisonOperator string `json:"comparison_operator"`
	Date               string `json:"date"`
}

// zepSearchFilters is Zep's SearchFilters, as far as mnemo applies it.
type zepSearchFilters struct {
	NodeLabels        []string          `json:"node_labels"`
	EdgeTypes         []string          `json:"edge_types"`
	ExcludeNodeLabels []string          `json:"exclude_node_labels"`
	ExcludeEdgeTypes  []string          `json:"exclude_edge_types"`
	EdgeUUIDs         []string          `json:"edge_uuids"`
	EpisodeUUIDs      []string          `json:"episode_uuids"`
	SourceNodeUUIDs   []string          `json:"source_node_uuids"`
	TargetNodeUUIDs   []string          `json:"target_node_uuids"`
	ConnectedNodes    []string          `json:"connected_node_uuids"`
	ValidAt           [][]zepDateFilter `json:"valid_at"`
	InvalidAt         [][]zepDateFilter `json:"invalid_at"`
	CreatedAt         [][]zepDateFilter `json:"created_at"`
	ExpiredAt         [][]zepDateFilter `json:"expired_at"`
	PropertyFilters   []any             `json:"property_filters"`
	EpisodeMetadata   any               `json:"episode_metadata_filters"`
}

// zepSearchInput is the body of POST /graph/search.
type zepSearchInput struct {
	Query              string            `json:"query"`
	UserID             string            `json:"user_id"`
	GraphID            string            `json:"graph_id"`
	Scope              string            `json:"scope"`
	Reranker           string            `json:"reranker"`
	Limit              int               `json:"limit"`
	MMRLambda          *float64          `json:"mmr_lambda"`
	CenterNodeUUID     string            `json:"center_node_uuid"`
	BFSOriginNodeUUIDs []string          `json:"bfs_origin_node_uuids"`
	SearchFilters      *zepSearchFilters `json:"search_filters"`
}

// zepOps maps Zep's comparison operators to core's.
var zepOps = map[string]core.CompareOp{
	"=": core.OpEq, "<>": core.OpNe, ">": core.OpGt, "<": core.OpLt, ">=": core.OpGe, "<=": core.OpLe,
	"IS NULL": core.OpIsNull, "is_null": core.OpIsNull, "IS NOT NULL": core.OpNotNull, "is_not_null": core.OpNotNull,
}

// maxTimeGroups bounds the OR groups the date filters of all fields
// expand to.
const maxTimeGroups = 256

// timeFilter turns Zep's per-field date filters (each an OR of ANDs, the
// fields ANDed together) into core's one OR of ANDs, by distributing the
// fields over each other.
func (f *zepSearchFilters) timeFilter() ([][]core.TimeCondition, error) {
	out := [][]core.TimeCondition{nil}
	for _, field := range []struct {
		name core.TimeField
		ors  [][]zepDateFilter
	}{
		{core.FieldValidAt, f.ValidAt}, {core.FieldInvalidAt, f.InvalidAt},
		{core.FieldCreatedAt, f.CreatedAt}, {core.FieldExpiredAt, f.ExpiredAt},
	} {
		if len(field.ors) == 0 {
			continue
		}
		var next [][]core.TimeCondition
		for i, and := range field.ors {
			conds := make([]core.TimeCondition, len(and))
			for j, d := range and {
				op, ok := zepOps[d.ComparisonOperator]
				if !ok {
					return nil, fmt.Errorf("%w: search_filters.%s[%d][%d]: comparison_operator %q is not supported", core.ErrInvalid, field.name, i, j, d.ComparisonOperator)
				}
				conds[j] = core.TimeCondition{Field: field.name, Op: op}
				if op != core.OpIsNull && op != core.OpNotNull {
					t, err := wire.ParseTime(d.Date)
					if err != nil {
						return nil, fmt.Errorf("search_filters.%s[%d][%d].date: %w", field.name, i, j, err)
					}
					conds[j].Value = t
				}
			}
			for _, prev := range out {
				next = append(next, append(slices.Clone(prev), conds...))
			}
		}
		if len(next) > maxTimeGroups {
			return nil, fmt.Errorf("%w: search_filters: the date filters expand to more than %d alternatives", core.ErrInvalid, maxTimeGroups)
		}
		out = next
	}
	if len(out) == 1 && out[0] == nil {
		return nil, nil
	}
	return out, nil
}

// zepScope maps Zep's search scope to mnemo's.
func zepScope(s string) (core.Scope, error) {
	switch s {
	case "", "edges":
		return core.ScopeFacts, nil
	case "nodes":
		return core.ScopeEntities, nil
	case "episodes":
		return core.ScopeEpisodes, nil
	}
	return "", fmt.Errorf("%w: scope %q: mnemo searches edges, nodes or episodes", core.ErrInvalid, s)
}

func (s *server) zepSearch(ctx context.Context, c *api.Call) (any, error) {
	var in zepSearchInput
	if err := decodeLenient(c, &in); err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.Query) == "" {
		return nil, fmt.Errorf("%w: query is required", core.ErrInvalid)
	}
	group, err := s.zepTarget(ctx, c, in.UserID, in.GraphID)
	if err != nil {
		return nil, err
	}
	sc, err := zepScope(in.Scope)
	if err != nil {
		return nil, err
	}
	if in.Limit < 0 || in.Limit > 1000 {
		return nil, fmt.Errorf("%w: limit %d: want 1 to 1000", core.ErrInvalid, in.Limit)
	}
	limit := in.Limit
	if limit == 0 {
		limit = 10
	}
	req := retrieval.Request{Groups: []string{group}, Query: in.Query, Scopes: []core.Scope{sc}, Limit: limit,
		Reranker: in.Reranker, Center: in.CenterNodeUUID, Seeds: in.BFSOriginNodeUUIDs}
	f := in.SearchFilters
	if f == nil {
		f = &zepSearchFilters{}
	}
	if f.PropertyFilters != nil || f.EpisodeMetadata != nil {
		return nil, fmt.Errorf("%w: search_filters: property_filters and episode_metadata_filters are not supported by mnemo", core.ErrInvalid)
	}
	req.Filter.Labels = slices.DeleteFunc(slices.Clone(f.NodeLabels), func(l string) bool { return l == "Entity" })
	req.Filter.Relations = f.EdgeTypes
	if req.Filter.Time, err = f.timeFilter(); err != nil {
		return nil, err
	}
	// A filter on when facts ended looks at ended and superseded facts.
	req.Filter.IncludeInvalid = len(f.InvalidAt) > 0 || len(f.ExpiredAt) > 0
	// Filters mnemo applies after the search take more candidates.
	post := len(f.ExcludeNodeLabels)+len(f.ExcludeEdgeTypes)+len(f.EdgeUUIDs)+len(f.EpisodeUUIDs)+
		len(f.SourceNodeUUIDs)+len(f.TargetNodeUUIDs)+len(f.ConnectedNodes) > 0
	if post {
		req.Limit = min(1000, 4*limit)
	}
	if in.MMRLambda != nil || len(in.BFSOriginNodeUUIDs) > 0 {
		cfg := retrieval.ScopeConfig{Reranker: in.Reranker, Limit: req.Limit}
		if in.MMRLambda != nil {
			if cfg.Reranker == "" {
				cfg.Reranker = retrieval.RerankMMR
			}
			cfg.MMRLambda = *in.MMRLambda
		}
		if len(in.BFSOriginNodeUUIDs) > 0 {
			cfg.Methods = []string{retrieval.MethodCosine, retrieval.MethodBM25, retrieval.MethodBFS}
		}
		req.Custom = &retrieval.Recipe{Description: "zep search", Scopes: map[core.Scope]retrieval.ScopeConfig{sc: cfg}}
	}
	res, err := s.Host.Engine.Search(ctx, req)
	if err != nil {
		return nil, err
	}
	type answer struct {
		Edges    *[]zepEdge    `json:"edges,omitempty"`
		Nodes    *[]zepNode    `json:"nodes,omitempty"`
		Episodes *[]zepEpisode `json:"episodes,omitempty"`
	}
	var out answer
	switch sc {
	case core.ScopeFacts:
		var fs []core.Fact
		var scores []float64
		for _, r := range res.Facts {
			if keepEdge(f, r) {
				fs, scores = append(fs, r.Fact), append(scores, r.Score)
			}
		}
		fs, scores = fs[:min(len(fs), limit)], scores[:min(len(scores), limit)]
		edges, err := s.zepEdges(ctx, []string{group}, fs, scores)
		if err != nil {
			return nil, err
		}
		out.Edges = &edges
	case core.ScopeEntities:
		nodes := []zepNode{}
		for _, r := range res.Entities {
			if len(nodes) == limit {
				break
			}
			ok, err := s.keepNode(ctx, f, r.Entity)
			if err != nil {
				return nil, err
			}
			if ok {
				nodes = append(nodes, zepNodeOf(r.Entity, score(r.Score)))
			}
		}
		out.Nodes = &nodes
	case core.ScopeEpisodes:
		var eps []core.Episode
		var scores []float64
		for _, r := range res.Episodes {
			if len(f.EpisodeUUIDs) == 0 || slices.Contains(f.EpisodeUUIDs, r.UUID) {
				eps, scores = append(eps, r.Episode), append(scores, r.Score)
			}
		}
		eps = eps[:min(len(eps), limit)]
		ids := make([]string, len(eps))
		for i, ep := range eps {
			ids[i] = ep.UUID
		}
		recs, err := s.zepEpisodeRecords(ctx, c, group, ids)
		if err != nil {
			return nil, err
		}
		list := make([]zepEpisode, len(eps))
		for i, ep := range eps {
			list[i] = zepEpisodeOf(ep, recs[ep.UUID], score(scores[i]))
		}
		out.Episodes = &list
	}
	return out, nil
}

// keepEdge applies the filters mnemo's search does not to a fact.
func keepEdge(f *zepSearchFilters, r retrieval.FactResult) bool {
	in := func(list []string, xs ...string) bool {
		return len(list) == 0 || slices.ContainsFunc(xs, func(x string) bool { return slices.Contains(list, x) })
	}
	return !slices.Contains(f.ExcludeEdgeTypes, r.Relation) &&
		in(f.EdgeUUIDs, r.UUID) && in(f.EpisodeUUIDs, r.Episodes...) &&
		in(f.SourceNodeUUIDs, r.SourceUUID) && in(f.TargetNodeUUIDs, r.TargetUUID) &&
		in(f.ConnectedNodes, r.SourceUUID, r.TargetUUID)
}

// keepNode applies the filters mnemo's search does not to an entity.
func (s *server) keepNode(ctx context.Context, f *zepSearchFilters, e core.Entity) (bool, error) {
	if slices.ContainsFunc(e.Labels, func(l string) bool { return slices.Contains(f.ExcludeNodeLabels, l) }) {
		return false, nil
	}
	if len(f.EpisodeUUIDs) == 0 {
		return true, nil
	}
	eps, err := s.Host.Engine.EntityEpisodes(ctx, e.GroupID, e.UUID)
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(eps, func(id string) bool { return slices.Contains(f.EpisodeUUIDs, id) }), nil
}
