package ingest

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/text"
)

// writeStats counts what an episode's write contains.
type writeStats struct {
	entities, newEntities, facts, newFacts, duplicates, invalidated int
	quarantined, released, vetoed                                   int
}

// resolved is an episode resolved against the graph: the change that
// writes it, marked done, and what the change contains.
type resolved struct {
	p  *prepared
	ch core.Change
	st *writeStats
	// entities are the entities the episode touches (communities);
	// newEnts and newFacts the objects the change creates.
	entities          []string
	newEnts, newFacts map[string]bool
	// warnings is how many warnings the episode had before resolution.
	warnings int
}

// resolve resolves a prepared episode against the graph as o shows it and
// returns the change that writes it with the episode marked done.
func (pl *Pipeline) resolve(ctx context.Context, p *prepared, o *overlay) (*resolved, error) {
	now := p.ep.LearnedAt(pl.now())
	ents, err := pl.resolveEntities(ctx, p, o, now)
	if err != nil {
		return nil, err
	}
	plan, err := pl.resolveFacts(ctx, p, o, ents, now)
	if err != nil {
		return nil, err
	}
	byUUID := map[string]*resolvedEntity{}
	for _, r := range ents {
		if prev, ok := byUUID[r.entity.UUID]; ok {
			// Two extracted names resolved to one entity: keep one binding,
			// with what either changed.
			prev.dirty = prev.dirty || r.dirty
			continue
		}
		byUUID[r.entity.UUID] = r
	}
	retired := plan.retiredTexts()
	if err := pl.updateSummaries(ctx, p, byUUID, plan, retired); err != nil {
		return nil, err
	}
	others, err := pl.retiredSummaries(ctx, o, byUUID, plan, retired)
	if err != nil {
		return nil, err
	}
	if err := pl.reembed(ctx, byUUID); err != nil {
		return nil, err
	}
	ep := p.ep
	ep.Status, ep.Error, ep.Warnings = core.EpisodeDone, "", p.warnings
	res := &resolved{
		p: p, ch: core.Change{Episodes: []core.Episode{ep}},
		st: &writeStats{facts: plan.resolved, duplicates: plan.duplicates, invalidated: plan.invalidated, newFacts: len(plan.fresh),
			quarantined: plan.quarantined, released: plan.released, vetoed: plan.vetoed},
		newEnts: map[string]bool{}, newFacts: map[string]bool{},
	}
	ids := make([]string, 0, len(byUUID))
	for id := range byUUID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	res.entities = ids
	for _, id := range ids {
		r := byUUID[id]
		res.st.entities++
		if r.isNew {
			res.st.newEntities++
			res.newEnts[id] = true
		}
		if !r.entity.ArchivedAt.IsZero() {
			// Mentioned again: the entity comes back from the archive.
			r.entity.ArchivedAt, r.dirty = time.Time{}, true
		}
		if r.isNew || r.dirty {
			res.ch.Entities = append(res.ch.Entities, r.entity)
		}
		res.ch.Mentions = append(res.ch.Mentions, core.Mention{Episode: ep.UUID, Entity: id})
	}
	res.ch.Entities = append(res.ch.Entities, others...)
	for _, f := range plan.fresh {
		res.ch.Facts = append(res.ch.Facts, *f)
		res.newFacts[f.UUID] = true
	}
	changed := make([]string, 0, len(plan.changed))
	for id := range plan.changed {
		changed = append(changed, id)
	}
	sort.Strings(changed)
	for _, id := range changed {
		res.ch.Facts = append(res.ch.Facts, *plan.changed[id])
	}
	return res, nil
}

// reembed embeds the names of entities the resolver renamed.
func (pl *Pipeline) reembed(ctx context.Context, ents map[string]*resolvedEntity) error {
	var names []string
	var rs []*resolvedEntity
	for _, r := range ents {
		if r.renamed {
			names = append(names, r.entity.Name)
			rs = append(rs, r)
		}
	}
	if len(names) == 0 {
		return nil
	}
	vecs, err := pl.embedder.Embed(ctx, names)
	if err != nil {
		return fmt.Errorf("embed renamed entities: %w", err)
	}
	for i, r := range rs {
		r.entity.NameEmbedding = vecs[i]
	}
	return nil
}

// updateSummaries refreshes the summary of every entity the episode
// touches, without an LLM: the extractor's summary of the entity if it gave
// one, then the entity's new facts, then the sentences of the old summary,
// minus the sentences of facts this episode retired (retired), cut at
// MaxSummaryChars on a sentence boundary (oldest sentences go first).
func (pl *Pipeline) updateSummaries(ctx context.Context, p *prepared, ents map[string]*resolvedEntity, plan *factPlan, retired map[string]bool) error {
	byEntity := map[string][]*core.Fact{}
	for _, f := range plan.fresh {
		if f.ExpiredAt.IsZero() && f.QuarantinedAt.IsZero() {
			byEntity[f.SourceUUID] = append(byEntity[f.SourceUUID], f)
			byEntity[f.TargetUUID] = append(byEntity[f.TargetUUID], f)
		}
	}
	// What a quarantined source says of an entity is no summary of it:
	// neither the extractor's summary nor the quarantined facts.
	untrusted := pl.trust.Quarantines(p.ep.GroupID, p.ep.Trust)
	for id, r := range ents {
		var parts []string
		if untrusted && r.isNew {
			r.entity.Summary = ""
		}
		if s := strings.TrimSpace(r.x.Summary); s != "" && !r.isNew && !untrusted {
			parts = append(parts, s)
		}
		facts := byEntity[id]
		sort.SliceStable(facts, func(i, j int) bool { return facts[i].ValidAt.After(facts[j].ValidAt) })
		for _, f := range facts {
			parts = append(parts, text.Sentence(f.Text))
		}
		if r.isNew {
			parts = append(parts, text.Sentences(r.entity.Summary)...)
		} else {
			parts = append(parts, withoutRetired(r.entity.Summary, retired)...)
		}
		summary := text.JoinCapped(parts, pl.opts.MaxSummaryChars)
		if summary != r.entity.Summary {
			r.entity.Summary = summary
			r.dirty = true
		}
	}
	return nil
}

// retiredSummaries takes the sentences of the facts this episode retired
// out of the summaries of their endpoints that the episode does not touch
// (updateSummaries handles the others): when "Maya moved to Seattle"
// retires "Maya lives in Boston", Boston's summary must stop saying so. It
// returns the entities whose summary changed.
func (pl *Pipeline) retiredSummaries(ctx context.Context, o *overlay, touched map[string]*resolvedEntity, plan *factPlan, retired map[string]bool) ([]core.Entity, error) {
	var ids []string
	for _, f := range plan.changed {
		if f.ExpiredAt.IsZero() {
			continue
		}
		for _, id := range []string{f.SourceUUID, f.TargetUUID} {
			if touched[id] == nil {
				ids = append(ids, id)
			}
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	sort.Strings(ids)
	ents, err := o.Entities(ctx, slices.Compact(ids))
	if err != nil {
		return nil, fmt.Errorf("read entities of retired facts: %w", err)
	}
	var out []core.Entity
	for _, en := range ents {
		if summary := strings.Join(withoutRetired(en.Summary, retired), " "); summary != en.Summary {
			en.Summary = summary
			en.NameEmbedding = nil // keep the stored vector
			out = append(out, en)
		}
	}
	return out, nil
}

// retiredTexts returns the normalized texts of the facts the plan retires.
func (plan *factPlan) retiredTexts() map[string]bool {
	retired := map[string]bool{}
	for _, f := range plan.changed {
		if !f.ExpiredAt.IsZero() {
			retired[text.Normalize(f.Text)] = true
		}
	}
	for _, f := range plan.fresh {
		if !f.ExpiredAt.IsZero() {
			retired[text.Normalize(f.Text)] = true
		}
	}
	return retired
}

// withoutRetired returns the sentences of summary that state no retired
// fact.
func withoutRetired(summary string, retired map[string]bool) []string {
	var kept []string
	for _, s := range text.Sentences(summary) {
		if !retired[text.Normalize(s)] {
			kept = append(kept, s)
		}
	}
	return kept
}
