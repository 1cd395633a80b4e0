package wire

import (
	"fmt"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
)

// SearchInput is a search as clients send it: the body of `POST
// /v1/groups/{group}/search`. The groups come from the route, not the body.
type SearchInput struct {
	// Query is the text searched.
	Query string `json:"query"`
	// Scopes restricts the search to these of facts, entities, episodes
	// and communities. Default: the recipe's scopes.
	Scopes []string `json:"scopes,omitempty"`
	// Limit caps the results of each scope (1 to 1000). Default: the
	// recipe's limits.
	Limit int `json:"limit,omitempty"`
	// Recipe names the search configuration (docs/retrieval.md). Default:
	// the group's recipe, else "default".
	Recipe string `json:"recipe,omitempty"`
	// Reranker overrides the recipe's reranker where it applies: rrf,
	// linear, mmr, node_distance, episode_mentions, cross_encoder or plugin.
	Reranker string `json:"reranker,omitempty"`
	// Plugin orders every scope with this rerank plugin of the group (GET
	// /v1/plugins lists them); it implies the plugin reranker. A name the
	// group has no plugin for falls back to rrf with a warning.
	Plugin string `json:"plugin,omitempty"`
	// Center is the entity uuid node_distance measures from.
	Center string `json:"center,omitempty"`
	// Seeds are the entity or episode uuids breadth-first search starts
	// from.
	Seeds []string `json:"seeds,omitempty"`
	// Labels keeps entities carrying all of these labels, and facts with
	// an endpoint carrying them.
	Labels []string `json:"labels,omitempty"`
	// Relations keeps facts of these relations, e.g. LIVES_IN.
	Relations []string `json:"relations,omitempty"`
	// ValidAt keeps what was true at this event time, superseded facts
	// included (RFC 3339 or a date).
	ValidAt string `json:"valid_at,omitempty"`
	// KnownAt shows the graph as mnemo knew it at this system time (RFC
	// 3339 or a date).
	KnownAt string `json:"known_at,omitempty"`
	// IncludeHistory keeps ended and superseded facts too.
	IncludeHistory bool `json:"include_history,omitempty"`
	// IncludeArchived keeps the entities and facts evolution archived
	// (docs/evolve.md).
	IncludeArchived bool `json:"include_archived,omitempty"`
	// Time keeps results matching any of the groups, each group a list of
	// conditions that must all hold.
	Time [][]TimeCondition `json:"time,omitempty"`
}

// TimeCondition compares one timestamp of a result with a time.
type TimeCondition struct {
	// Field is valid_at, invalid_at, created_at or expired_at. A scope
	// ignores conditions on fields it lacks: entities and communities have
	// created_at, episodes valid_at and created_at.
	Field string `json:"field"`
	// Op is =, <>, <, <=, >, >=, is_null or is_not_null.
	Op string `json:"op"`
	// Value is the time compared with (RFC 3339 or a date); absent for
	// is_null and is_not_null.
	Value string `json:"value,omitempty"`
}

// Request checks the input and returns the search of groups. Errors wrap
// core.ErrInvalid and name the field; the engine checks the rest (recipe
// and reranker names, labels, the centre).
func (in SearchInput) Request(groups []string) (retrieval.Request, error) {
	req := retrieval.Request{
		Groups: groups, Query: in.Query, Recipe: in.Recipe, Reranker: in.Reranker, Plugin: in.Plugin, Center: in.Center, Seeds: in.Seeds,
	}
	if in.Limit < 0 || in.Limit > 1000 {
		return req, fmt.Errorf("%w: limit %d: want 1 to 1000", core.ErrInvalid, in.Limit)
	}
	req.Limit = in.Limit
	for _, s := range in.Scopes {
		sc, err := ParseScope(s)
		if err != nil {
			return req, fmt.Errorf("scopes: %w", err)
		}
		req.Scopes = append(req.Scopes, sc)
	}
	if in.Center != "" {
		if err := core.ValidateUUID(in.Center); err != nil {
			return req, fmt.Errorf("center: %w", err)
		}
	}
	for _, s := range in.Seeds {
		if err := core.ValidateUUID(s); err != nil {
			return req, fmt.Errorf("seeds: %w", err)
		}
	}
	f, err := TimeFilter{ValidAt: in.ValidAt, KnownAt: in.KnownAt, IncludeHistory: in.IncludeHistory, IncludeArchived: in.IncludeArchived}.Filter()
	if err != nil {
		return req, err
	}
	f.Labels, f.Relations = in.Labels, in.Relations
	for i, group := range in.Time {
		if len(group) == 0 {
			return req, fmt.Errorf("%w: time[%d] is empty", core.ErrInvalid, i)
		}
		conds := make([]core.TimeCondition, len(group))
		for j, c := range group {
			if conds[j], err = c.condition(); err != nil {
				return req, fmt.Errorf("time[%d][%d]: %w", i, j, err)
			}
		}
		f.Time = append(f.Time, conds)
	}
	req.Filter = f
	return req, nil
}

// condition checks a condition and returns it for core.
func (c TimeCondition) condition() (core.TimeCondition, error) {
	out := core.TimeCondition{Field: core.TimeField(c.Field), Op: core.CompareOp(c.Op)}
	switch out.Field {
	case core.FieldValidAt, core.FieldInvalidAt, core.FieldCreatedAt, core.FieldExpiredAt:
	default:
		return out, fmt.Errorf("%w: field %q: want valid_at, invalid_at, created_at or expired_at", core.ErrInvalid, c.Field)
	}
	switch out.Op {
	case core.OpIsNull, core.OpNotNull:
		if c.Value != "" {
			return out, fmt.Errorf("%w: op %s takes no value", core.ErrInvalid, c.Op)
		}
		return out, nil
	case core.OpEq, core.OpNe, core.OpLt, core.OpLe, core.OpGt, core.OpGe:
	default:
		return out, fmt.Errorf("%w: op %q: want =, <>, <, <=, >, >=, is_null or is_not_null", core.ErrInvalid, c.Op)
	}
	t, err := ParseTime(c.Value)
	if err != nil {
		return out, fmt.Errorf("value: %w", err)
	}
	out.Value = t
	return out, nil
}
