package retrieval

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/text"
)

// The past as the facts tell it.
//
// An entity's stored summary is today's: ingestion keeps it up to date
// (updateSummaries), so it says what holds now. A search that looks at the
// past (Filter.ValidAt or Filter.KnownAt) must not show it, or a context
// asked as of 2022 would tell of 2024 through a summary. Such a search
// rebuilds the summaries of the entities it returns from the facts the
// request's time view keeps (text.FactSummary, the template a forget rebuilds
// summaries with), with one store read of their fact history per group.
// A search of the present keeps the stored summaries and reads nothing
// more. Candidates are still found and ranked on the stored summaries
// (BM25 and the rerankers read them): what changes is what is shown.
//
// EntityHistory serves an entity's facts at any point in time from the
// same read, for the surfaces that show one entity.

// pastView reports whether a filter looks at the past: a search with it
// shows summaries as of then (pastSummaries).
func pastView(f core.Filter) bool { return !f.ValidAt.IsZero() || !f.KnownAt.IsZero() }

// summaryFilter is what a summary of the past keeps of an entity's facts:
// the request's view of time (ValidAt, KnownAt, IncludeInvalid, Now), not
// its conditions on relations, labels and timestamps, which restrict what
// a search returns and not what was true of an entity. Archived facts are
// kept, as the stored summary keeps them: archiving ranks, it does not
// say a fact stopped holding.
func summaryFilter(f core.Filter) core.Filter {
	return core.Filter{ValidAt: f.ValidAt, KnownAt: f.KnownAt, IncludeInvalid: f.IncludeInvalid, IncludeArchived: true, Now: f.Now}
}

// pastSummaries replaces the summaries of ents by summaries made from
// their facts that f's view of time keeps (summaryFilter): the facts of
// the entity true at ValidAt as mnemo knew them at KnownAt, as a search
// with f sees them, merges included (core.VisibleFacts). An entity without
// such a fact gets an empty summary. It reads the facts of all of ents in
// one store call per group.
func (sr *Searcher) pastSummaries(ctx context.Context, f core.Filter, ents []EntityResult) error {
	if len(ents) == 0 {
		return nil
	}
	f = summaryFilter(f)
	byGroup := map[string][]string{}
	for _, en := range ents {
		byGroup[en.GroupID] = append(byGroup[en.GroupID], en.UUID)
	}
	byEntity := map[string][]core.Fact{}
	for _, g := range slices.Sorted(maps.Keys(byGroup)) {
		fs, err := sr.store.FactHistoryOfEntities(ctx, g, byGroup[g])
		if err != nil {
			return fmt.Errorf("read the facts of the entities found: %w", err)
		}
		for _, x := range core.VisibleFacts(core.KeepGroups(sr.log, []string{g}, fs, "fact", factGroup), f.KnownAt) {
			if !f.MatchFact(&x) {
				continue
			}
			byEntity[x.SourceUUID] = append(byEntity[x.SourceUUID], x)
			if x.TargetUUID != x.SourceUUID {
				byEntity[x.TargetUUID] = append(byEntity[x.TargetUUID], x)
			}
		}
	}
	for i := range ents {
		ents[i].Summary = text.FactSummary(byEntity[ents[i].UUID], sr.maxSummaryChars)
	}
	return nil
}

// EntityHistory returns the facts of group that have the entity uuid as
// an endpoint and that f keeps, in creation order: by default (the zero
// Filter) those true now by the Searcher's clock; with IncludeInvalid its
// whole timeline; with ValidAt and KnownAt those true then, as known then,
// shown as ListFacts shows them (a fact retired after KnownAt has its
// InvalidAt as first stated and no ExpiredAt; a merge's facts show from
// the merge on). f's relations and time conditions apply; labels, which
// concern a fact's ends, are refused (ErrInvalid). An unknown entity, or
// one of another group, has no facts. It reads the entity's facts only,
// not the group's.
//
// The caller checks group (engine.Engine.EntityHistory checks it).
func (sr *Searcher) EntityHistory(ctx context.Context, group, uuid string, f core.Filter) ([]core.Fact, error) {
	if err := f.Validate(core.ScopeFacts); err != nil {
		return nil, err
	}
	if len(f.Labels) > 0 {
		return nil, invalidf("the facts of an entity: labels %s do not apply", strings.Join(f.Labels, ", "))
	}
	f.Now = sr.now()
	fs, err := sr.store.FactHistoryOfEntities(ctx, group, []string{uuid})
	if err != nil {
		return nil, fmt.Errorf("read the facts of entity %s: %w", uuid, err)
	}
	fs = core.VisibleFacts(core.KeepGroups(sr.log, []string{group}, fs, "fact", factGroup), f.KnownAt)
	fs = slices.DeleteFunc(fs, func(x core.Fact) bool { return !f.MatchFact(&x) })
	for i := range fs {
		fs[i].AsKnownAt(f.KnownAt)
	}
	slices.Reverse(fs) // newest first from the store
	return fs, nil
}

func factGroup(f core.Fact) (string, string) { return f.GroupID, f.UUID }
