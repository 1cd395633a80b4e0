package ingest

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// TripletSource marks the episodes that record hand-made facts.
const TripletSource = "mnemo: fact added by hand"

// TripletDoc is the content of a hand-made fact's episode, as JSON.
type TripletDoc struct {
	Source     string `json:"source"`
	SourceType string `json:"source_type,omitempty"`
	Relation   string `json:"relation"`
	Target     string `json:"target"`
	TargetType string `json:"target_type,omitempty"`
	Fact       string `json:"fact"`
	ValidAt    string `json:"valid_at,omitempty"`
	InvalidAt  string `json:"invalid_at,omitempty"`
}

// tripletExtraction is the extraction of a hand-made fact's episode: the
// triplet itself, no plugin involved.
func tripletExtraction(ep core.Episode) (core.Extraction, bool, error) {
	if ep.SourceDescription != TripletSource || ep.Source != core.SourceJSON {
		return core.Extraction{}, false, nil
	}
	var t TripletDoc
	if err := json.Unmarshal([]byte(ep.Content), &t); err != nil {
		return core.Extraction{}, true, fmt.Errorf("%w: hand-made fact: %w", core.ErrInvalid, err)
	}
	parse := func(s string) (time.Time, error) {
		if s == "" {
			return time.Time{}, nil
		}
		return time.Parse(time.RFC3339Nano, s)
	}
	va, err := parse(t.ValidAt)
	if err != nil {
		return core.Extraction{}, true, fmt.Errorf("%w: hand-made fact valid_at: %w", core.ErrInvalid, err)
	}
	ia, err := parse(t.InvalidAt)
	if err != nil {
		return core.Extraction{}, true, fmt.Errorf("%w: hand-made fact invalid_at: %w", core.ErrInvalid, err)
	}
	return core.Extraction{
		Entities: []core.ExtractedEntity{{Name: t.Source, Type: t.SourceType}, {Name: t.Target, Type: t.TargetType}},
		Facts:    []core.ExtractedFact{{Source: t.Source, Target: t.Target, Relation: t.Relation, Text: t.Fact, ValidAt: va, InvalidAt: ia}},
	}, true, nil
}
