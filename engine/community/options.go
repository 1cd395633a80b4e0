package community

import (
	"context"
	"fmt"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Options configures the community tier: how communities are
// found, kept up to date and summarized. See docs/communities.md.
type Options struct {
	// DriftThreshold is the share of a group's entities added or moved
	// since its last full build past which the next update rebuilds all
	// its communities in the background. The default is 0.25; a negative
	// value never rebuilds on its own.
	DriftThreshold float64
	// MaxIterations caps label propagation: the number of sweeps over the
	// entities. The default is 50.
	MaxIterations int
	// MinMembers is the smallest community kept; entities of smaller
	// clusters (isolated entities among them) belong to no community. The
	// default, and the least allowed, is 2.
	MinMembers int
	// SummaryMembers is how many of a community's most central members
	// (by weighted degree) its summary is written from. The default is 64.
	SummaryMembers int
	// SummaryBatch is how many members one map call of the summarizer
	// sees. A community costs ⌈min(members, SummaryMembers)/SummaryBatch⌉
	// map calls, plus one reduce call when there is more than one map
	// call: 5 at most with the defaults. The default is 16.
	SummaryBatch int
	// MaxSummaryChars bounds community summaries. The default is 1000.
	MaxSummaryChars int
	// SummaryWorkers is how many communities are summarized at once during
	// a build. The default is 4.
	SummaryWorkers int
	// RebuildBackoff is how long a group waits after a failed background
	// rebuild before drift may start another. The default is 5 minutes.
	RebuildBackoff time.Duration
}

// Effective returns o with its defaults filled in, as the engine uses it:
// for tools that show the effective configuration.
func (o Options) Effective() Options { return o.withDefaults() }

func (o Options) withDefaults() Options {
	if o.DriftThreshold == 0 {
		o.DriftThreshold = 0.25
	}
	if o.MaxIterations == 0 {
		o.MaxIterations = 50
	}
	if o.MinMembers < 2 {
		o.MinMembers = 2
	}
	if o.SummaryMembers == 0 {
		o.SummaryMembers = 64
	}
	if o.SummaryBatch == 0 {
		o.SummaryBatch = 16
	}
	if o.MaxSummaryChars == 0 {
		o.MaxSummaryChars = 1000
	}
	if o.SummaryWorkers == 0 {
		o.SummaryWorkers = 4
	}
	if o.RebuildBackoff == 0 {
		o.RebuildBackoff = 5 * time.Minute
	}
	return o
}

// Validate checks the options.
func (o Options) Validate() error {
	if o.MaxIterations < 0 || o.MinMembers < 0 || o.SummaryMembers < 0 || o.SummaryBatch < 0 ||
		o.MaxSummaryChars < 0 || o.SummaryWorkers < 0 || o.RebuildBackoff < 0 {
		return invalidf("communities: negative setting")
	}
	return nil
}

// Report says what a full build did.
type Report struct {
	Group string
	// Entities and Pairs size the projection the build read: the group's
	// entities and the pairs of them joined by current facts.
	Entities, Pairs int
	// Communities is the number of communities written; Members the
	// entities they hold; Unassigned the entities left in no community
	// (isolated, or in a cluster smaller than MinMembers).
	Communities, Members, Unassigned int
	// Iterations is the number of label-propagation sweeps; Converged is
	// false when MaxIterations stopped it before labels settled.
	Iterations int
	Converged  bool
	// Calls counts summarizer calls (the tenant's plugin or the LLM); zero
	// offline. Fallbacks counts communities given an offline summary
	// because their summarizer calls failed.
	Calls, Fallbacks int
	// Usage is what the LLM and embedding clients reported for the build,
	// per prompt name in ByPrompt.
	Usage    core.Usage
	ByPrompt map[string]core.Usage
	// Duration is the time of the whole build. It splits into reading the
	// projection (Read), label propagation (Propagation), writing the
	// summaries with their reads and embeddings (Summaries), and replacing
	// the communities in the store (Write).
	Duration                            time.Duration
	Read, Propagation, Summaries, Write time.Duration
}

// Status is the state of a group's communities.
type Status struct {
	// Built is when the last full build read the graph (the creation time
	// of the group's communities); zero when the group has none.
	Built time.Time
	// Entities is the number of entities the drift is measured against;
	// Changed those added or moved since the build; Drift = Changed /
	// Entities.
	Entities, Changed int
	Drift             float64
	// Rebuilding is true while a build of the group runs.
	Rebuilding bool
}

// Build finds the communities of a group by label propagation
// over its entity graph, summarizes and names them, embeds them and
// replaces the group's previous communities in one write. Communities
// whose members overlap a previous community keep its uuid.
//
// Builds of one group run one at a time: a call made while another build
// of the group runs waits for it, then builds again. Episodes ingested
// during a build extend the new communities once it is written. The close
// of Deps.Closed (the engine closing) cancels the build; a cancelled build
// writes nothing.
//
// Without a summarizer plugin or an LLM, summaries are written offline.
// With one, a community costs at most ⌈min(members, SummaryMembers) /
// SummaryBatch⌉ + 1 calls; a community whose calls fail gets its offline
// summary (Report.Fallbacks).
func (k *Keeper) Build(ctx context.Context, group string) (Report, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return Report{}, err
	}
	ctx, cancel := k.untilClosed(ctx)
	defer cancel()
	g := k.communities.group(group)
	select {
	case g.build <- struct{}{}:
	case <-ctx.Done():
		return Report{}, fmt.Errorf("build communities: %w", ctx.Err())
	case <-k.closed:
		return Report{}, fmt.Errorf("build communities: %w", core.ErrClosed)
	}
	defer func() { <-g.build }()
	return k.build(ctx, g)
}

// Status reports when a group's communities were built and how far
// they have drifted since.
func (k *Keeper) Status(ctx context.Context, group string) (Status, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return Status{}, err
	}
	g := k.communities.group(group)
	if err := k.loadDrift(ctx, g); err != nil {
		return Status{}, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.status(), nil
}
