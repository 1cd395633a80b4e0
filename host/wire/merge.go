package wire

import (
	"github.com/mnemohq/mnemo/engine/evolve"
)

// ConsolidateReport is a consolidation's report as the CLI and the HTTP
// API show it.
type ConsolidateReport struct {
	Group string `json:"group"`
	// Entities counts the active entities examined, Pairs the candidate
	// pairs that passed the checks, Asked the entities put to the
	// resolver plugin.
	Entities int           `json:"entities"`
	Pairs    int           `json:"pairs"`
	Asked    int           `json:"asked"`
	Merges   []EntityMerge `json:"merges"`
	// FactMerges are the duplicate facts collapsed that no entity merge
	// touched.
	FactMerges []FactMerge `json:"fact_merges"`
	DryRun     bool        `json:"dry_run"`
}

// FactMerge is duplicate facts collapsed into the fact Made.
type FactMerge struct {
	Merged  []Fact `json:"merged"`
	Made    string `json:"made"`
	Decided string `json:"decided"`
}

// EntityMerge is one merge: Merged was merged into Survivor.
type EntityMerge struct {
	Merged   Entity `json:"merged"`
	Survivor Entity `json:"survivor"`
	// Found is how the pair was found (name, vector, neighbours, joined
	// by '+'); Decided what decided it (spelling or resolver).
	Found   string `json:"found"`
	Decided string `json:"decided"`
	// Facts counts the facts moved, Collapsed those that became one with
	// a survivor's fact; Made lists the facts the merge made.
	Facts     int      `json:"facts"`
	Collapsed int      `json:"collapsed"`
	Made      []string `json:"made"`
}

// ConsolidateReportOf shows an engine.ConsolidateReport.
func ConsolidateReportOf(r evolve.ConsolidateReport) ConsolidateReport {
	out := ConsolidateReport{Group: r.Group, Entities: r.Entities, Pairs: r.Pairs, Asked: r.Asked, DryRun: r.DryRun, Merges: []EntityMerge{}, FactMerges: []FactMerge{}}
	for _, m := range r.FactMerges {
		fm := FactMerge{Made: m.Made, Decided: m.Decided}
		for _, f := range m.Merged {
			fm.Merged = append(fm.Merged, FactOf(f, nil))
		}
		out.FactMerges = append(out.FactMerges, fm)
	}
	for _, m := range r.Merges {
		made := m.Made
		if made == nil {
			made = []string{}
		}
		out.Merges = append(out.Merges, EntityMerge{
			Merged: EntityOf(m.Merged), Survivor: EntityOf(m.Survivor), Found: m.Found, Decided: m.Decided,
			Facts: m.Facts, Collapsed: m.Collapsed, Made: made,
		})
	}
	return out
}

// UnmergeReport is what an unmerge undid.
type UnmergeReport struct {
	Group    string `json:"group"`
	Entity   Entity `json:"entity"`
	Survivor Entity `json:"survivor"`
	// Restored are the facts shown again, Deleted the facts the merge had
	// made.
	Restored []string `json:"restored"`
	Deleted  []string `json:"deleted"`
	DryRun   bool     `json:"dry_run"`
}

// UnmergeReportOf shows an engine.UnmergeReport.
func UnmergeReportOf(r evolve.UnmergeReport) UnmergeReport {
	out := UnmergeReport{Group: r.Group, Entity: EntityOf(r.Entity), Survivor: EntityOf(r.Survivor), Restored: r.Restored, Deleted: r.Deleted, DryRun: r.DryRun}
	if out.Restored == nil {
		out.Restored = []string{}
	}
	if out.Deleted == nil {
		out.Deleted = []string{}
	}
	return out
}
