package engine

import (
	"context"
	"fmt"
	"slices"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/ingest"
	"github.com/mnemohq/mnemo/engine/text"
)

// Why is why mnemo believes a fact (or no longer does): its record of
// steps (core.WhyStep), the episodes they name, the other facts they
// name, and the fact's trust.
type Why struct {
	Fact core.Fact
	// Steps are the fact's record, oldest first. A fact stored before
	// records were kept gets one stated step per episode of its
	// provenance, and a quarantined step if it is quarantined. A stated
	// step's span is located in its episode when the record has none.
	Steps []core.WhyStep
	// Episodes are the episodes the steps name that the group still
	// holds, by uuid; a step naming one that is absent names an erased
	// episode.
	Episodes map[string]core.Episode
	// Facts are the other facts the steps name, by uuid.
	Facts map[string]core.Fact
	// Names are the names of the entities of Fact and Facts, by uuid.
	Names map[string]string
	// Class is the fact's source class, Level its level and Threshold its
	// group's; Quarantine says why the fact is quarantined (empty: it is
	// not).
	Class            string
	Level, Threshold int
	Quarantine       string
}

// Why explains fact uuid of group: ErrNotFound when the group holds no
// such fact. Quarantined, ended and archived facts are explained too.
func (e *Engine) Why(ctx context.Context, group, uuid string) (Why, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return Why{}, err
	}
	if err := core.ValidateUUID(uuid); err != nil {
		return Why{}, err
	}
	groups := []string{group}
	f, err := e.Fact(ctx, groups, uuid)
	if err != nil {
		return Why{}, err
	}
	w := Why{Fact: f, Steps: core.WhyOf(f.Attributes), Class: e.trust.Class(f.Trust)}
	w.Level, w.Threshold, w.Quarantine = e.trust.Level(w.Class), e.trust.ThresholdOf(group), e.trust.QuarantineReason(&f)
	epIDs := slices.Clone(f.Episodes)
	var factIDs []string
	for _, s := range w.Steps {
		if s.Episode != "" {
			epIDs = append(epIDs, s.Episode)
		}
		if s.Fact != "" {
			factIDs = append(factIDs, s.Fact)
		}
	}
	if f.InvalidatedBy != "" {
		factIDs = append(factIDs, f.InvalidatedBy)
	}
	slices.Sort(epIDs)
	eps, err := e.store.Episodes(ctx, groups, slices.Compact(epIDs), core.GetOptions{})
	if err != nil {
		return Why{}, fmt.Errorf("read the episodes of fact %s: %w", uuid, err)
	}
	w.Episodes = map[string]core.Episode{}
	for _, ep := range core.KeepGroups(e.log, groups, eps, "episode", func(x core.Episode) (string, string) { return x.GroupID, x.UUID }) {
		ep.Embedding = nil
		w.Episodes[ep.UUID] = ep
	}
	w.Facts = map[string]core.Fact{}
	if len(factIDs) > 0 {
		slices.Sort(factIDs)
		fs, err := e.store.Facts(ctx, groups, slices.Compact(factIDs), core.GetOptions{})
		if err != nil {
			return Why{}, fmt.Errorf("read the facts named by fact %s: %w", uuid, err)
		}
		for _, x := range core.KeepGroups(e.log, groups, fs, "fact", factGroup) {
			x.Embedding = nil
			w.Facts[x.UUID] = x
		}
	}
	ids := []string{f.SourceUUID, f.TargetUUID}
	for _, x := range w.Facts {
		ids = append(ids, x.SourceUUID, x.TargetUUID)
	}
	slices.Sort(ids)
	if w.Names, err = e.store.EntityNames(ctx, groups, slices.Compact(ids)); err != nil {
		return Why{}, fmt.Errorf("read the names of fact %s: %w", uuid, err)
	}
	w.Steps = latestRetirement(w.Steps, f)
	if !slices.ContainsFunc(w.Steps, func(s core.WhyStep) bool { return s.Step == core.WhyStated }) {
		w.Steps = append(e.provenanceSteps(f, w.Episodes), w.Steps...)
	} else {
		w.Steps = e.restatements(w.Steps, f, w.Episodes)
	}
	// A stated step without a span (a fact stored before records, a
	// sentence the ingestion could not find) is located now.
	for i, s := range w.Steps {
		if ep, ok := w.Episodes[s.Episode]; ok && s.Step == core.WhyStated && s.End == 0 && ep.SourceDescription != ingest.TripletSource {
			w.Steps[i].Start, w.Steps[i].End = text.Evidence(ep.Content, f.Text, w.Names[f.SourceUUID], w.Names[f.TargetUUID])
		}
	}
	f.Embedding = nil
	w.Fact = f
	return w, nil
}

// latestRetirement adds to a fact's record the retirement its columns
// say (InvalidatedBy, at ExpiredAt) when no step names it: a retired fact
// whose end a later fact moved keeps only its first retirement in the
// record (ingest's recordRetired).
func latestRetirement(steps []core.WhyStep, f core.Fact) []core.WhyStep {
	if f.InvalidatedBy == "" || f.ExpiredAt.IsZero() {
		return steps
	}
	if slices.ContainsFunc(steps, func(s core.WhyStep) bool { return s.Fact == f.InvalidatedBy || s.Episode == f.InvalidatedBy }) {
		return steps
	}
	return append(steps, core.WhyStep{Step: core.WhyInvalidated, At: f.ExpiredAt, Fact: f.InvalidatedBy})
}

// restatements adds to a fact's record (steps) a stated step for each
// episode of its provenance the record has none for: the restatements
// past core.MaxStatedSteps, and those a record's cut at core.MaxWhySteps
// dropped. Each goes where its episode's time puts it among the record's
// steps. When there are more steps than MaxWhySteps, the added steps of
// the middle are left out (the fact's episodes list them all), as a
// record's cut would have.
func (e *Engine) restatements(steps []core.WhyStep, f core.Fact, eps map[string]core.Episode) []core.WhyStep {
	recorded := map[string]bool{}
	for _, s := range steps {
		if s.Step == core.WhyStated {
			recorded[s.Episode] = true
		}
	}
	var more []core.WhyStep
	for _, id := range f.Episodes {
		if !recorded[id] {
			more = append(more, e.statedIn(id, eps))
		}
	}
	if len(more) == 0 {
		return steps
	}
	slices.SortStableFunc(more, func(a, b core.WhyStep) int { return a.At.Compare(b.At) })
	if extra := len(steps) + len(more) - core.MaxWhySteps; extra > 0 {
		extra = min(extra, len(more))
		head := (len(more) - extra) / 2
		more = append(more[:head:head], more[head+extra:]...)
	}
	out := make([]core.WhyStep, 0, len(steps)+len(more))
	for len(steps) > 0 || len(more) > 0 {
		if len(more) > 0 && (len(steps) == 0 || more[0].At.Before(steps[0].At)) {
			out, more = append(out, more[0]), more[1:]
		} else {
			out, steps = append(out, steps[0]), steps[1:]
		}
	}
	return out
}

// provenanceSteps are the steps of a fact stored before records were
// kept: each episode of its provenance stated it, and it is quarantined
// if it is.
func (e *Engine) provenanceSteps(f core.Fact, eps map[string]core.Episode) []core.WhyStep {
	var out []core.WhyStep
	for _, id := range f.Episodes {
		out = append(out, e.statedIn(id, eps))
	}
	if !f.QuarantinedAt.IsZero() {
		out = append(out, core.WhyStep{Step: core.WhyQuarantined, At: f.QuarantinedAt, Class: e.trust.Class(f.Trust), Note: e.trust.QuarantineReason(&f)})
	}
	return out
}

// statedIn is the stated step of episode id of a fact's provenance, of
// the episode's time and class when the group still holds it (eps).
func (e *Engine) statedIn(id string, eps map[string]core.Episode) core.WhyStep {
	s := core.WhyStep{Step: core.WhyStated, Episode: id}
	if ep, ok := eps[id]; ok {
		s.At, s.Class = ep.CreatedAt, e.trust.Class(ep.Trust)
	}
	return s
}
