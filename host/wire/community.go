package wire

import (
	"github.com/mnemohq/mnemo/engine/community"
)

// CommunityReport is what a full community build did: `POST
// /v1/groups/{group}/communities/build`.
type CommunityReport struct {
	GroupID string `json:"group_id"`
	// Entities and Pairs size the graph the build read: the group's
	// entities and the pairs of them joined by current facts.
	Entities int `json:"entities"`
	Pairs    int `json:"pairs"`
	// Communities is the number of communities written, Members the
	// entities they hold, Unassigned the entities in none.
	Communities int `json:"communities"`
	Members     int `json:"members"`
	Unassigned  int `json:"unassigned"`
	// Iterations is the number of label-propagation sweeps; Converged is
	// false when the iteration cap stopped them first.
	Iterations int  `json:"iterations"`
	Converged  bool `json:"converged"`
	// SummaryCalls counts summarizer calls (plugin or LLM; zero offline);
	// Fallbacks the communities given an offline summary because their
	// calls failed.
	SummaryCalls int              `json:"summary_calls"`
	Fallbacks    int              `json:"fallbacks"`
	Usage        Usage            `json:"usage"`
	ByPrompt     map[string]Usage `json:"by_prompt,omitempty"`
	// DurationMS is the whole build; it splits into reading the graph,
	// label propagation, the summaries and writing the communities.
	DurationMS    int64 `json:"duration_ms"`
	ReadMS        int64 `json:"read_ms"`
	PropagationMS int64 `json:"propagation_ms"`
	SummariesMS   int64 `json:"summaries_ms"`
	WriteMS       int64 `json:"write_ms"`
}

// CommunityReportOf shows a community build report.
func CommunityReportOf(r community.Report) CommunityReport {
	out := CommunityReport{
		GroupID: r.Group, Entities: r.Entities, Pairs: r.Pairs, Communities: r.Communities, Members: r.Members,
		Unassigned: r.Unassigned, Iterations: r.Iterations, Converged: r.Converged, SummaryCalls: r.Calls,
		Fallbacks: r.Fallbacks, Usage: UsageOf(r.Usage), DurationMS: r.Duration.Milliseconds(),
		ReadMS: r.Read.Milliseconds(), PropagationMS: r.Propagation.Milliseconds(),
		SummariesMS: r.Summaries.Milliseconds(), WriteMS: r.Write.Milliseconds(),
	}
	if len(r.ByPrompt) > 0 {
		out.ByPrompt = map[string]Usage{}
		for k, u := range r.ByPrompt {
			out.ByPrompt[k] = UsageOf(u)
		}
	}
	return out
}
