package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/engine/ingest"

	"github.com/mnemohq/mnemo/core"
)

// Triplet is a fact added by hand: source, relation, target and dates.
type Triplet struct {
	GroupID string
	// Source and Target are entity names; they resolve to existing
	// entities like extracted names do.
	Source, Target         string
	SourceType, TargetType string
	Relation               string
	// Fact is the fact as a sentence. Default: "Source relation target".
	Fact               string
	ValidAt, InvalidAt time.Time
	// ReferenceTime is when the fact was stated. Default: now.
	ReferenceTime time.Time
	// UUID optionally names the episode that records the triplet, making a
	// re-send idempotent.
	UUID string
}

// AddFact adds a hand-made fact. It is recorded as an episode (a JSON
// document with source description "mnemo: fact added by hand", the
// provenance of the fact) and goes through the same queue, resolution and
// invalidation as extracted facts. AddFact returns once the fact is written
// (or its episode failed).
func (e *Engine) AddFact(ctx context.Context, t Triplet) (EpisodeReport, error) {
	t.Source, t.Target, t.Relation = strings.TrimSpace(t.Source), strings.TrimSpace(t.Target), strings.TrimSpace(t.Relation)
	if t.Source == "" || t.Target == "" || t.Relation == "" {
		return EpisodeReport{}, invalidf("a fact needs a source, a relation and a target")
	}
	if core.NormalizeName(t.Source) == core.NormalizeName(t.Target) {
		return EpisodeReport{}, invalidf("a fact needs two different entities")
	}
	if !t.ValidAt.IsZero() && !t.InvalidAt.IsZero() && !t.InvalidAt.After(t.ValidAt) {
		return EpisodeReport{}, invalidf("a fact's invalid_at must come after its valid_at")
	}
	for _, l := range []string{t.SourceType, t.TargetType} {
		if l != "" {
			if err := core.ValidateLabel(l); err != nil {
				return EpisodeReport{}, err
			}
		}
	}
	if t.Fact == "" {
		t.Fact = fmt.Sprintf("%s %s %s", t.Source, strings.ToLower(strings.ReplaceAll(ingest.RelationName(t.Relation), "_", " ")), t.Target)
	}
	if t.ReferenceTime.IsZero() {
		t.ReferenceTime = e.now()
	}
	body, _ := json.Marshal(ingest.TripletDoc{
		Source: t.Source, SourceType: t.SourceType, Relation: t.Relation, Target: t.Target, TargetType: t.TargetType,
		Fact: t.Fact, ValidAt: rfc3339(t.ValidAt), InvalidAt: rfc3339(t.InvalidAt),
	})
	res, err := e.Ingest(ctx, []core.Episode{{
		UUID: t.UUID, GroupID: t.GroupID, Name: "fact: " + t.Fact, Source: core.SourceJSON,
		SourceDescription: ingest.TripletSource, Content: string(body), ValidAt: t.ReferenceTime,
	}})
	if err != nil {
		return EpisodeReport{}, err
	}
	r, err := e.Wait(ctx, t.GroupID, res[0].UUID)
	if err != nil {
		return EpisodeReport{}, err
	}
	return r[0], nil
}

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}
