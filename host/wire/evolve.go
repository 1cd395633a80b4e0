package wire

import (
	"fmt"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/evolve"
)

// FeedbackInput is feedback on one entity or fact (docs/evolve.md).
type FeedbackInput struct {
	// Scope is "fact" or "entity".
	Scope string `json:"scope"`
	UUID  string `json:"uuid"`
	// Feedback is useful, wrong, pin, unpin or approve. Wrong invalidates
	// a fact (expired now, with the reason kept); pinned objects never
	// decay; approve releases a quarantined fact (docs/trust.md).
	Feedback string `json:"feedback"`
	// Reason says why, kept with a fact marked wrong.
	Reason string `json:"reason,omitempty"`
	// SourceClass is who gives the feedback, if the API key may claim
	// that class (default: the key's class, else trust.default). An
	// approval needs a class at or above the group's trust threshold.
	SourceClass string `json:"source_class,omitempty"`
}

// Request checks the input and returns the feedback on group.
func (in FeedbackInput) Request(group string) (evolve.FeedbackRequest, error) {
	var sc core.Scope
	switch strings.ToLower(strings.TrimSpace(in.Scope)) {
	case "fact", "facts":
		sc = core.ScopeFacts
	case "entity", "entities":
		sc = core.ScopeEntities
	default:
		return evolve.FeedbackRequest{}, fmt.Errorf("%w: scope %q: want fact or entity", core.ErrInvalid, in.Scope)
	}
	return evolve.FeedbackRequest{Group: group, Scope: sc, UUID: in.UUID, Kind: evolve.FeedbackKind(in.Feedback), Reason: in.Reason}, nil
}

// FeedbackResult answers feedback.
type FeedbackResult struct {
	Scope    string `json:"scope"`
	UUID     string `json:"uuid"`
	Feedback string `json:"feedback"`
}

// EvolveInput asks for an evolution run.
type EvolveInput struct {
	// DryRun reports what the run would do and changes nothing.
	DryRun bool `json:"dry_run,omitempty"`
	// Now is the time the run takes as the present (RFC 3339 or a date);
	// default now. A later time simulates a later day.
	Now string `json:"now,omitempty"`
}

// Options checks the input.
func (in EvolveInput) Options() (evolve.Options, error) {
	now, err := ParseOptionalTime(in.Now)
	if err != nil {
		return evolve.Options{}, fmt.Errorf("now: %w", err)
	}
	return evolve.Options{Now: now, DryRun: in.DryRun}, nil
}

// EvolveReport is a run's report as shown.
type EvolveReport struct {
	Group         string       `json:"group"`
	Now           *time.Time   `json:"now"`
	DryRun        bool         `json:"dry_run"`
	Scored        int          `json:"scored"`
	Archived      []EvolveItem `json:"archived"`
	Restored      []EvolveItem `json:"restored"`
	Rescored      []EvolveItem `json:"rescored,omitempty"`
	RescoredCount int          `json:"rescored_count"`
	Active        ItemCounts   `json:"active"`
	ArchivedNow   ItemCounts   `json:"archived_now"`
	DurationMS    float64      `json:"duration_ms"`
	// Consolidation is what the run merged before scoring.
	Consolidation ConsolidateReport `json:"consolidation"`
}

// ItemCounts counts entities and facts.
type ItemCounts struct {
	Entities int `json:"entities"`
	Facts    int `json:"facts"`
}

// EvolveItem is one scored entity or fact. Previous is absent for an
// object scored for the first time.
type EvolveItem struct {
	Scope      string   `json:"scope"`
	UUID       string   `json:"uuid"`
	Name       string   `json:"name"`
	Importance float64  `json:"importance"`
	Previous   *float64 `json:"previous,omitempty"`
	Recency    float64  `json:"recency"`
	Frequency  float64  `json:"frequency"`
	Feedback   float64  `json:"feedback"`
	Centrality float64  `json:"centrality"`
	Pinned     bool     `json:"pinned,omitempty"`
}

// EvolveReportOf shows a report.
func EvolveReportOf(r evolve.Report) EvolveReport {
	items := func(in []evolve.Item) []EvolveItem {
		out := make([]EvolveItem, len(in))
		for i, it := range in {
			out[i] = EvolveItem{Scope: string(it.Scope), UUID: it.UUID, Name: it.Name, Importance: it.Importance,
				Recency: it.Parts.Recency, Frequency: it.Parts.Frequency, Feedback: it.Parts.Feedback, Centrality: it.Parts.Centrality, Pinned: it.Pinned}
			if it.Previous != evolve.NoPrevious {
				p := it.Previous
				out[i].Previous = &p
			}
		}
		return out
	}
	out := EvolveReport{
		Group: r.Group, Now: Time(r.Now), DryRun: r.DryRun, Scored: r.Scored,
		Archived: items(r.Archived), Restored: items(r.Restored), RescoredCount: r.RescoredCount,
		Active:        ItemCounts{Entities: r.Active.Entities, Facts: r.Active.Facts},
		ArchivedNow:   ItemCounts{Entities: r.ArchivedNow.Entities, Facts: r.ArchivedNow.Facts},
		DurationMS:    float64(r.Took.Microseconds()) / 1000,
		Consolidation: ConsolidateReportOf(r.Consolidation),
	}
	if len(r.Rescored) > 0 {
		out.Rescored = items(r.Rescored)
	}
	return out
}

// EvolveReports lists a group's kept reports, oldest first.
type EvolveReports struct {
	Reports []EvolveReport `json:"reports"`
}
