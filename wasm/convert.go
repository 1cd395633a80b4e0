package wasm

import (
	"fmt"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// Conversions between core values and ABI messages. Times cross as RFC 3339
// strings with nanoseconds and the original offset (a reference time's
// offset tells a plugin what "tonight" means); a zero time is omitted.

func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(time.RFC3339Nano)
}

// parseTime reads a date from a plugin: RFC 3339 (with or without
// fractional seconds), or a bare YYYY-MM-DD taken as midnight UTC. Empty is
// the zero time.
func parseTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("%q is not an RFC 3339 date", s)
}

func episodeToABI(e core.Episode) abi.Episode {
	return abi.Episode{
		UUID:              e.UUID,
		Name:              e.Name,
		Source:            string(e.Source),
		SourceDescription: e.SourceDescription,
		Content:           e.Content,
		ReferenceTime:     formatTime(e.ValidAt),
	}
}

func ontologyToABI(o *core.Ontology) *abi.Ontology {
	if o == nil {
		return nil
	}
	out := &abi.Ontology{ExcludedEntityTypes: o.ExcludedEntityTypes, Instructions: o.Instructions}
	for _, t := range o.EntityTypes {
		out.EntityTypes = append(out.EntityTypes, abi.EntityType{Name: t.Name, Description: t.Description, Attributes: attributesToABI(t.Attributes)})
	}
	for _, t := range o.FactTypes {
		out.FactTypes = append(out.FactTypes, abi.FactType{
			Name:        t.Name,
			Description: t.Description,
			SourceTypes: t.SourceTypes,
			TargetTypes: t.TargetTypes,
			Attributes:  attributesToABI(t.Attributes),
		})
	}
	return out
}

func attributesToABI(fields []core.AttributeField) []abi.Attribute {
	var out []abi.Attribute
	for _, f := range fields {
		out = append(out, abi.Attribute{Name: f.Name, Description: f.Description})
	}
	return out
}

// extractionFromABI converts an extract answer; a fact with an unreadable
// date is dropped with a warning.
func extractionFromABI(r abi.ExtractResponse) core.Extraction {
	out := core.Extraction{Warnings: r.Warnings}
	for _, e := range r.Entities {
		out.Entities = append(out.Entities, core.ExtractedEntity{Name: e.Name, Type: e.Type, Summary: e.Summary, Attributes: e.Attributes})
	}
	for _, f := range r.Facts {
		validAt, err := parseTime(f.ValidAt)
		if err == nil {
			var invalidAt time.Time
			if invalidAt, err = parseTime(f.InvalidAt); err == nil {
				out.Facts = append(out.Facts, core.ExtractedFact{
					Source:     f.Source,
					Target:     f.Target,
					Relation:   f.Relation,
					Text:       f.Fact,
					ValidAt:    validAt,
					InvalidAt:  invalidAt,
					Attributes: f.Attributes,
					Rule:       f.Rule,
				})
				continue
			}
		}
		out.Warnings = append(out.Warnings, fmt.Sprintf("fact %q (%s %s %s) dropped: %s", f.Fact, f.Source, f.Relation, f.Target, err))
	}
	return out
}

func extractedEntityToABI(e core.ExtractedEntity) abi.ExtractedEntity {
	return abi.ExtractedEntity{Name: e.Name, Type: e.Type, Summary: e.Summary, Attributes: e.Attributes}
}

func entityToABI(e core.Entity) abi.Entity {
	return abi.Entity{UUID: e.UUID, Name: e.Name, Labels: e.Labels, Summary: e.Summary, Attributes: e.Attributes}
}

// factToABI converts a fact; names maps entity uuids to names.
func factToABI(f core.Fact, names map[string]string) abi.Fact {
	return abi.Fact{
		UUID:       f.UUID,
		Relation:   f.Relation,
		Fact:       f.Text,
		Source:     names[f.SourceUUID],
		Target:     names[f.TargetUUID],
		SourceUUID: f.SourceUUID,
		TargetUUID: f.TargetUUID,
		ValidAt:    formatTime(f.ValidAt),
		InvalidAt:  formatTime(f.InvalidAt),
		CreatedAt:  formatTime(f.CreatedAt),
	}
}

func rerankCandidateToABI(c core.RerankCandidate) abi.RerankCandidate {
	return abi.RerankCandidate{
		UUID:       c.UUID,
		Text:       c.Text,
		Scores:     c.Scores,
		Ranks:      c.Ranks,
		ValidAt:    formatTime(c.ValidAt),
		InvalidAt:  formatTime(c.InvalidAt),
		CreatedAt:  formatTime(c.CreatedAt),
		ExpiredAt:  formatTime(c.ExpiredAt),
		Mentions:   c.Mentions,
		Distance:   c.Distance,
		Importance: c.Importance,
		Embedding:  c.Embedding,
	}
}
