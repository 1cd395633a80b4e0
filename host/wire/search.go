package wire

import (
	"fmt"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
)

// SearchResults is the answer of a search: `mnemo search --json`, `POST
// /v1/groups/{group}/search` and the MCP search tools. Every list is
// present, best first, possibly empty.
type SearchResults struct {
	Facts       []Fact      `json:"facts"`
	Entities    []Entity    `json:"entities"`
	Episodes    []Episode   `json:"episodes"`
	Communities []Community `json:"communities"`
	// Warnings say where the search did less than asked, e.g. a
	// cross-encoder without an LLM that fell back to RRF.
	Warnings []string `json:"warnings,omitempty"`
}

// SearchResultsOf shows search results with the fields of the search shape
// only.
func SearchResultsOf(r retrieval.Results) SearchResults {
	out := SearchResults{
		Facts: make([]Fact, 0, len(r.Facts)), Entities: make([]Entity, 0, len(r.Entities)),
		Episodes: make([]Episode, 0, len(r.Episodes)), Communities: make([]Community, 0, len(r.Communities)),
		Warnings: r.Warnings,
	}
	for _, f := range r.Facts {
		w := FactOf(f.Fact, map[string]string{f.SourceUUID: f.SourceName, f.TargetUUID: f.TargetName})
		w.Score = score(f.Score)
		out.Facts = append(out.Facts, w)
	}
	for _, e := range r.Entities {
		labels := e.Labels
		if labels == nil {
			labels = []string{}
		}
		out.Entities = append(out.Entities, Entity{UUID: e.UUID, Name: e.Name, Labels: labels, Summary: e.Summary, ArchivedAt: Time(e.ArchivedAt), Score: score(e.Score)})
	}
	for _, e := range r.Episodes {
		out.Episodes = append(out.Episodes, Episode{UUID: e.UUID, Name: e.Name, Content: e.Content, ReferenceTime: Time(e.ValidAt), Score: score(e.Score)})
	}
	for _, c := range r.Communities {
		out.Communities = append(out.Communities, Community{UUID: c.UUID, Name: c.Name, Summary: c.Summary, Score: score(c.Score)})
	}
	return out
}

func score(s float64) *float64 { return &s }

// ParseScopes reads a comma-separated list of scopes ("facts,entities").
// An empty list means the recipe's scopes.
func ParseScopes(s string) ([]core.Scope, error) {
	var out []core.Scope
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		sc, err := ParseScope(f)
		if err != nil {
			return nil, err
		}
		out = append(out, sc)
	}
	return out, nil
}

// ParseScope reads one scope name; the singular ("fact") is accepted too.
func ParseScope(s string) (core.Scope, error) {
	sc := core.Scope(strings.ToLower(strings.TrimSpace(s)))
	if !sc.Valid() && core.Scope(string(sc)+"s").Valid() {
		sc += "s"
	}
	if !sc.Valid() {
		return "", fmt.Errorf("%w: scope %q: want facts, entities, episodes or communities", core.ErrInvalid, s)
	}
	return sc, nil
}

// TimeFilter is the as-of-time part of a request: valid_at (event time,
// "what was true then"), known_at (system time, "what did mnemo believe
// then") and include_history (superseded and ended facts too).
type TimeFilter struct {
	ValidAt        string `json:"valid_at,omitempty"`
	KnownAt        string `json:"known_at,omitempty"`
	IncludeHistory bool   `json:"include_history,omitempty"`
	// IncludeArchived keeps the entities and facts evolution archived.
	IncludeArchived bool `json:"include_archived,omitempty"`
	// IncludeQuarantined keeps the facts held in quarantine too,
	// Quarantined only them (docs/trust.md).
	IncludeQuarantined bool `json:"include_quarantined,omitempty"`
	Quarantined        bool `json:"quarantined,omitempty"`
}

// Filter parses the times into a core.Filter.
func (t TimeFilter) Filter() (core.Filter, error) {
	var f core.Filter
	var err error
	if f.ValidAt, err = ParseOptionalTime(t.ValidAt); err != nil {
		return f, fmt.Errorf("valid_at: %w", err)
	}
	if f.KnownAt, err = ParseOptionalTime(t.KnownAt); err != nil {
		return f, fmt.Errorf("known_at: %w", err)
	}
	f.IncludeInvalid, f.IncludeArchived, f.IncludeQuarantined = t.IncludeHistory, t.IncludeArchived, t.IncludeQuarantined
	if t.Quarantined {
		f.IncludeQuarantined = true
		f.Time = append(f.Time, []core.TimeCondition{{Field: core.FieldQuarantinedAt, Op: core.OpNotNull}})
	}
	return f, nil
}
