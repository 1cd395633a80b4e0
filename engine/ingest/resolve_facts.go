package ingest

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/text"
)

// relatedFacts caps the contradiction candidates of a new fact: the most
// recent current facts that share an endpoint with it.
const relatedFacts = 30

// factPlan is what fact resolution decides for one episode.
type factPlan struct {
	// fresh are the new facts to create.
	fresh []*core.Fact
	// changed are existing facts this episode modifies, by uuid.
	changed map[string]*core.Fact
	// resolved counts the extracted facts, duplicates the ones merged into
	// existing facts, invalidated the facts retired.
	resolved, duplicates, invalidated int
	// quarantined counts the facts the episode left in quarantine,
	// released those it corroborated out of it, vetoed the invalidations
	// of more trusted facts refused to it.
	quarantined, released, vetoed int
	// tainted is the uuid of the episode when its content reads as an
	// instruction to a model (text.InstructionLike): its facts are
	// quarantined whatever its class, never end another fact and never
	// corroborate one. Text can lower an episode's trust, never raise it.
	tainted string
	// episode is the uuid of the episode, for the facts' records
	// (core.WhyStep).
	episode string
	// now is the system time of the episode's resolution.
	now time.Time
}

// mayRetire reports whether fact by may invalidate fact c: a quarantined
// fact never ends a fact of a more trusted source (the veto, whatever
// extractor or resolver proposed it). A refusal is counted.
func (pl *Pipeline) mayRetire(plan *factPlan, by *core.Fact, c core.Fact) bool {
	tainted := plan.tainted != "" && slices.Contains(by.Episodes, plan.tainted)
	if !tainted && pl.trust.MayInvalidate(by.Trust, !by.QuarantinedAt.IsZero(), c.Trust) {
		return true
	}
	plan.vetoed++
	by.Attributes = core.WithWhy(by.Attributes, core.WhyStep{Step: core.WhyVetoed, At: plan.now, Episode: plan.episode, Fact: c.UUID,
		Note: fmt.Sprintf("a quarantined fact may not end one of a more trusted source (%s)", pl.trust.Class(c.Trust))})
	return false
}

// recordRetired records on fact f (a copy of a stored fact, or a new one) that
// fact by retired it, when f was current (expired, its ExpiredAt before):
// the first retirement is a step of the record, a later one (an episode
// that arrived out of order moves the end of a retired fact) changes only
// the fact's end and InvalidatedBy, which engine.Why reads. A busy
// timeline moves such ends at most episodes, and each step would rewrite
// the whole record.
func recordRetired(plan *factPlan, f *core.Fact, by string, expired time.Time) {
	if !expired.IsZero() {
		return
	}
	f.Attributes = core.WithWhy(f.Attributes, core.WhyStep{Step: core.WhyInvalidated, At: plan.now, Episode: plan.episode, Fact: by})
}

// statedBy is the record of an episode stating fact x: the extractor, its
// rule or model, and the sentence of the episode that states it.
func (pl *Pipeline) statedBy(p *prepared, x core.ExtractedFact, now time.Time) core.WhyStep {
	st := core.WhyStep{Step: core.WhyStated, At: now, Episode: p.ep.UUID, Class: pl.trust.Class(p.ep.Trust), Rule: x.Rule}
	switch {
	case p.ep.SourceDescription == TripletSource:
		st.Extractor = "added by hand"
	case p.plugins.Extractor != nil:
		if n, ok := p.plugins.Extractor.(interface{ Name() string }); ok {
			st.Extractor = n.Name()
		}
	}
	st.Start, st.End = text.Evidence(p.ep.Content, x.Text, x.Source, x.Target)
	return st
}

// resolveFacts turns an episode's extracted facts into new facts and
// changes to existing ones.
//
// Duplicates are looked for only among the facts between the same two
// entities; contradictions among those and the current facts that share an
// endpoint with the new fact (never the whole group). The resolver plugin
// decides both, in one call for the episode; a fact with the same text as a
// current fact between the same entities is a duplicate without asking.
// Then the bi-temporal rules apply (see retire).
func (pl *Pipeline) resolveFacts(ctx context.Context, p *prepared, o *overlay, ents map[string]*resolvedEntity, now time.Time) (*factPlan, error) {
	group := p.ep.GroupID
	plan := &factPlan{changed: map[string]*core.Fact{}, episode: p.ep.UUID, now: now}
	if text.InstructionLike(p.ep.Content) {
		plan.tainted = p.ep.UUID
	}
	between := map[[2]string][]core.Fact{}
	around := map[string][]core.Fact{}
	refTimes := o.refTimes
	refTimes[p.ep.UUID] = p.ep.ValidAt
	type pending struct {
		n        *core.Fact
		existing []core.Fact
		related  []core.Fact
	}
	var questions []core.FactQuestion
	var asked []*pending
	names := map[string]string{}
	for j, x := range p.facts {
		src, tgt := ents[core.NormalizeName(x.Source)], ents[core.NormalizeName(x.Target)]
		if src == nil || tgt == nil || src.entity.UUID == tgt.entity.UUID {
			continue
		}
		plan.resolved++
		n := &core.Fact{
			UUID: pl.ids.Next(now), GroupID: group, Relation: x.Relation, Text: x.Text,
			SourceUUID: src.entity.UUID, TargetUUID: tgt.entity.UUID, Embedding: p.factVecs[j],
			Episodes: []string{p.ep.UUID}, Attributes: core.WithWhy(x.Attributes, pl.statedBy(p, x, now)),
			ValidAt: x.ValidAt, InvalidAt: x.InvalidAt, StatedInvalidAt: x.InvalidAt, CreatedAt: now,
			Trust: pl.trust.Class(p.ep.Trust),
		}
		if pl.trust.Quarantines(group, n.Trust) || plan.tainted != "" {
			n.QuarantinedAt = now
			plan.quarantined++
			n.Attributes = core.WithWhy(n.Attributes, core.WhyStep{Step: core.WhyQuarantined, At: now, Episode: p.ep.UUID, Class: n.Trust, Note: plan.quarantineNote(pl, n)})
		}
		names[n.SourceUUID], names[n.TargetUUID] = src.entity.Name, tgt.entity.Name
		if src.isNew && tgt.isNew {
			plan.fresh = append(plan.fresh, n)
			continue
		}
		pair := [2]string{min(n.SourceUUID, n.TargetUUID), max(n.SourceUUID, n.TargetUUID)}
		existing, ok := between[pair]
		if !ok {
			var err error
			if existing, err = o.CurrentFactsBetween(ctx, n.SourceUUID, n.TargetUUID); err != nil {
				return nil, fmt.Errorf("read facts between entities: %w", err)
			}
			between[pair] = existing
		}
		// Only current facts can absorb a restatement, so only they are
		// read: a retired fact restated later is a new fact with its own
		// interval.
		current := make([]core.Fact, len(existing))
		for i, c := range existing {
			current[i] = pl.latest(plan, c)
		}
		if i := slices.IndexFunc(current, func(c core.Fact) bool {
			return c.Relation == n.Relation && text.Normalize(c.Text) == text.Normalize(n.Text)
		}); i >= 0 {
			m := pl.mergeDuplicate(plan, current[i], n, p.ep, now)
			if err := pl.reachBack(ctx, plan, o, m, current[i].ValidAt, refTimes, now); err != nil {
				return nil, err
			}
			continue
		}
		var related []core.Fact
		for _, id := range []string{n.SourceUUID, n.TargetUUID} {
			fs, ok := around[id]
			if !ok {
				var err error
				if fs, err = o.FactsOfEntities(ctx, []string{id}, relatedFacts); err != nil {
					return nil, fmt.Errorf("read related facts: %w", err)
				}
				around[id] = fs
			}
			for _, c := range fs {
				if !slices.ContainsFunc(existing, func(x core.Fact) bool { return x.UUID == c.UUID }) &&
					!slices.ContainsFunc(related, func(x core.Fact) bool { return x.UUID == c.UUID }) {
					related = append(related, pl.latest(plan, c))
				}
			}
		}
		if len(current) == 0 && len(related) == 0 || p.plugins.FactResolver == nil {
			plan.fresh = append(plan.fresh, n)
			continue
		}
		for _, c := range append(slices.Clone(current), related...) {
			names[c.SourceUUID], names[c.TargetUUID] = "", ""
		}
		questions = append(questions, core.FactQuestion{ID: len(asked), Fact: *n, Existing: current, Related: related})
		asked = append(asked, &pending{n: n, existing: current, related: related})
	}
	if len(questions) == 0 {
		return plan, nil
	}
	if err := pl.fillNames(ctx, o, names); err != nil {
		return nil, err
	}
	answers, err := p.plugins.FactResolver.ResolveFacts(ctx, core.FactResolveRequest{Episode: p.ep, Questions: questions, Names: names})
	if err != nil {
		return nil, fmt.Errorf("resolve facts: %w", err)
	}
	byID := map[int]core.FactAnswer{}
	for _, a := range answers {
		byID[a.ID] = a
	}
	for i, q := range asked {
		a := byID[i]
		target := q.n
		var dup *core.Fact
		for _, id := range a.Duplicates {
			if k := slices.IndexFunc(q.existing, func(c core.Fact) bool { return c.UUID == id }); k >= 0 {
				d := pl.latest(plan, q.existing[k])
				dup = &d
				break
			}
			p.warnings = append(p.warnings, fmt.Sprintf("fact resolver named %s as a duplicate of %q, not a fact between the same entities", id, q.n.Text))
		}
		if dup != nil {
			target = pl.mergeDuplicate(plan, *dup, q.n, p.ep, now)
			if err := pl.reachBack(ctx, plan, o, target, dup.ValidAt, refTimes, now); err != nil {
				return nil, err
			}
			if q.n.ValidAt.IsZero() && !q.n.InvalidAt.IsZero() {
				// A stated end ("Siddharth moved out") ends every open
				// fact it restates, not only the first: "Siddharth is
				// Declan's roommate" and "Declan shares a flat with
				// Siddharth" both.
				for _, id := range a.Duplicates {
					k := slices.IndexFunc(q.existing, func(c core.Fact) bool { return c.UUID == id })
					if k < 0 || id == dup.UUID {
						continue
					}
					if d := pl.latest(plan, q.existing[k]); d.InvalidAt.IsZero() {
						pl.mergeDuplicate(plan, d, q.n, p.ep, now)
					}
				}
			}
		} else {
			plan.fresh = append(plan.fresh, q.n)
		}
		for _, id := range a.Contradicts {
			k := slices.IndexFunc(q.existing, func(c core.Fact) bool { return c.UUID == id })
			var c core.Fact
			if k >= 0 {
				c = q.existing[k]
			} else if k = slices.IndexFunc(q.related, func(c core.Fact) bool { return c.UUID == id }); k >= 0 {
				c = q.related[k]
			} else {
				p.warnings = append(p.warnings, fmt.Sprintf("fact resolver named %s as contradicted by %q, not a candidate", id, q.n.Text))
				continue
			}
			if c.UUID == target.UUID {
				continue
			}
			c = pl.latest(plan, c)
			if err := pl.retire(ctx, plan, target, c, refTimes, now); err != nil {
				return nil, err
			}
			if err := pl.retireChain(ctx, plan, o, target, c, refTimes, now, 0); err != nil {
				return nil, err
			}
		}
	}
	return plan, nil
}

// quarantineNote says why fact f of this episode is quarantined.
func (plan *factPlan) quarantineNote(pl *Pipeline, f *core.Fact) string {
	if plan.tainted != "" {
		return "the episode reads as an instruction to a model"
	}
	return pl.trust.QuarantineReason(f)
}

// latest returns the version of an existing fact this episode has already
// changed, if any.
func (pl *Pipeline) latest(plan *factPlan, f core.Fact) core.Fact {
	if c, ok := plan.changed[f.UUID]; ok {
		return *c
	}
	return f
}

// mergeDuplicate folds a restatement n into the existing fact d: d gains
// the episode as provenance, a date it lacked, and the end n states. It
// returns the merged fact, which takes n's place.
func (pl *Pipeline) mergeDuplicate(plan *factPlan, d core.Fact, n *core.Fact, ep core.Episode, now time.Time) *core.Fact {
	plan.duplicates++
	m := d
	m.Episodes = []string{ep.UUID}
	m.Embedding = nil
	// The restatement's record joins the fact's when the fact keeps it
	// (core.MaxStatedSteps) or the restatement changes the fact's record
	// anyway (steps): a plain restatement leaves the record as it is, and
	// the store rewrites only the fact's provenance.
	var stated, steps []core.WhyStep
	for _, st := range core.WhyOf(n.Attributes) {
		if st.Step == core.WhyStated && st.Episode == ep.UUID {
			stated = append(stated, st)
		}
	}
	// Stated again: the fact's trust is its best source's, and a trusted
	// restatement corroborates a quarantined fact out of quarantine.
	if plan.tainted == "" && pl.trust.Trusted(&m, ep.Trust, now) {
		plan.released++
		steps = append(steps, core.WhyStep{Step: core.WhyCorroborated, At: now, Episode: ep.UUID, Class: pl.trust.Class(ep.Trust)})
	}
	if !m.QuarantinedAt.IsZero() {
		plan.quarantined++
	}
	// Stated again: the fact comes back from the archive.
	m.ArchivedAt = time.Time{}
	if !n.ValidAt.IsZero() && (m.ValidAt.IsZero() || n.ValidAt.Before(m.ValidAt)) {
		// A restatement that dates the fact earlier ("since 2018") tells
		// more of its start.
		m.ValidAt = n.ValidAt
	}
	st := *n
	st.Trust = pl.trust.Class(ep.Trust)
	if !n.InvalidAt.IsZero() && m.InvalidAt.IsZero() {
		if pl.mayRetire(plan, &st, d) {
			// A stated end ("I no longer work at Acme"): the fact stops being
			// current. The episode is what invalidated it, so deleting the
			// episode restores the fact.
			m.InvalidAt, m.ExpiredAt, m.InvalidatedBy = n.InvalidAt, now, ep.UUID
			plan.invalidated++
			steps = append(steps, core.WhyStep{Step: core.WhyEnded, At: now, Episode: ep.UUID, Class: st.Trust})
		} else {
			steps = append(steps, core.WhyStep{Step: core.WhyVetoed, At: now, Episode: ep.UUID, Class: st.Trust,
				Note: "a quarantined statement may not end a fact of a more trusted source"})
		}
	}
	if len(steps) > 0 || core.RecordsStatement(d.Attributes, st.Trust) {
		m.Attributes = core.WithWhy(m.Attributes, append(stated, steps...)...)
	}
	plan.changed[m.UUID] = &m
	return &m
}

// retire applies the bi-temporal rules to a contradiction between the fact
// n (new, or an existing one this episode restated) and the existing fact
// c:
//
//   - intervals that do not overlap are no contradiction;
//   - if c became valid before n, c ends when n begins (invalid_at) and
//     mnemo retires it now (expired_at);
//   - if c became valid after n (an older episode arrived late), n is the
//     one that ends when c begins, and is retired now;
//   - a fact whose valid_at is unknown counts from the reference time of
//     the episode that first stated it.
//
// Nothing is deleted.
func (pl *Pipeline) retire(ctx context.Context, plan *factPlan, n *core.Fact, c core.Fact, refTimes map[string]time.Time, now time.Time) error {
	if !c.ExpiredAt.IsZero() && c.InvalidAt.IsZero() {
		return nil
	}
	nv, err := pl.validFrom(ctx, *n, refTimes)
	if err != nil {
		return err
	}
	cv, err := pl.validFrom(ctx, c, refTimes)
	if err != nil {
		return err
	}
	if !c.InvalidAt.IsZero() && !c.InvalidAt.After(nv) || !n.InvalidAt.IsZero() && !n.InvalidAt.After(cv) {
		return nil
	}
	if cv.After(nv) {
		if !pl.mayRetire(plan, &c, *n) {
			return nil
		}
		if n.InvalidAt.IsZero() || n.InvalidAt.After(cv) {
			n.InvalidAt = cv
		}
		was := n.ExpiredAt
		n.ExpiredAt, n.InvalidatedBy = now, c.UUID
		recordRetired(plan, n, c.UUID, was)
		plan.invalidated++
		return nil
	}
	if !pl.mayRetire(plan, n, c) {
		return nil
	}
	m := c
	m.Embedding = nil
	if m.InvalidAt.IsZero() || m.InvalidAt.After(nv) {
		m.InvalidAt = nv
	}
	m.ExpiredAt, m.InvalidatedBy = now, n.UUID
	recordRetired(plan, &m, n.UUID, c.ExpiredAt)
	plan.changed[m.UUID] = &m
	plan.invalidated++
	return nil
}

// reachBack keeps a timeline right when a duplicate moved the start of
// fact m back from old: a fact m had retired at its former start, of the
// same relation and source and begun before m's new start, now ends at
// the new start.
func (pl *Pipeline) reachBack(ctx context.Context, plan *factPlan, o graph, m *core.Fact, old time.Time, refTimes map[string]time.Time, now time.Time) error {
	if old.IsZero() || !m.ValidAt.Before(old) {
		return nil
	}
	retired, err := o.FactsInvalidatedBy(ctx, []string{m.UUID})
	if err != nil {
		return fmt.Errorf("read facts retired by %s: %w", m.UUID, err)
	}
	for _, f := range retired {
		f = pl.latest(plan, f)
		if f.InvalidatedBy != m.UUID || f.Relation != m.Relation || f.SourceUUID != m.SourceUUID || f.TargetUUID == m.TargetUUID || !f.InvalidAt.After(m.ValidAt) {
			continue
		}
		fv, err := pl.validFrom(ctx, f, refTimes)
		if err != nil {
			return err
		}
		if fv.Before(m.ValidAt) && pl.mayRetire(plan, m, f) {
			c := f
			c.Embedding = nil
			c.InvalidAt, c.ExpiredAt = m.ValidAt, now
			recordRetired(plan, &c, m.UUID, f.ExpiredAt)
			plan.changed[c.UUID] = &c
			plan.invalidated++
		}
	}
	return nil
}

// maxRetireChain bounds how far retireChain follows a chain of facts each
// retired by the next.
const maxRetireChain = 16

// retireChain keeps a timeline right when a fact arrives out of order.
// The new fact n contradicts c, which began after n; c had retired the
// facts before it (InvalidatedBy), and those that n now falls among must
// be cut again: one that began before n ends when n begins instead of when
// c began, and one that began after n (between n and c) ends n in its
// turn. Only facts of n's relation and source are followed, the ones the
// resolver judged as c's contradictions. So the answers at every time are
// the same whatever order the episodes came in.
func (pl *Pipeline) retireChain(ctx context.Context, plan *factPlan, o graph, n *core.Fact, c core.Fact, refTimes map[string]time.Time, now time.Time, depth int) error {
	if depth >= maxRetireChain || n.UUID == "" {
		return nil
	}
	nv, err := pl.validFrom(ctx, *n, refTimes)
	if err != nil {
		return err
	}
	cv, err := pl.validFrom(ctx, c, refTimes)
	if err != nil || !cv.After(nv) {
		return err
	}
	retired, err := o.FactsInvalidatedBy(ctx, []string{c.UUID})
	if err != nil {
		return fmt.Errorf("read facts retired by %s: %w", c.UUID, err)
	}
	for _, f := range retired {
		f = pl.latest(plan, f)
		if f.UUID == n.UUID || f.Relation != n.Relation || f.SourceUUID != n.SourceUUID || f.TargetUUID == n.TargetUUID || f.InvalidatedBy != c.UUID {
			continue
		}
		fv, err := pl.validFrom(ctx, f, refTimes)
		if err != nil {
			return err
		}
		switch {
		case fv.Before(nv):
			if (f.InvalidAt.IsZero() || f.InvalidAt.After(nv)) && pl.mayRetire(plan, n, f) {
				m := f
				m.Embedding = nil
				m.InvalidAt, m.ExpiredAt, m.InvalidatedBy = nv, now, n.UUID
				recordRetired(plan, &m, n.UUID, f.ExpiredAt)
				plan.changed[m.UUID] = &m
				plan.invalidated++
			}
		case fv.After(nv):
			if !pl.mayRetire(plan, &f, *n) {
				continue
			}
			if n.InvalidAt.IsZero() || n.InvalidAt.After(fv) {
				was := n.ExpiredAt
				n.InvalidAt, n.ExpiredAt, n.InvalidatedBy = fv, now, f.UUID
				recordRetired(plan, n, f.UUID, was)
			}
			if err := pl.retireChain(ctx, plan, o, n, f, refTimes, now, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// validFrom is a fact's valid_at, or the reference time of the episode that
// first stated it when valid_at is unknown.
func (pl *Pipeline) validFrom(ctx context.Context, f core.Fact, refTimes map[string]time.Time) (time.Time, error) {
	if !f.ValidAt.IsZero() {
		return f.ValidAt, nil
	}
	if len(f.Episodes) == 0 {
		return f.CreatedAt, nil
	}
	id := f.Episodes[0]
	if t, ok := refTimes[id]; ok {
		return t, nil
	}
	ep, err := EpisodeOf(ctx, pl.store, []string{f.GroupID}, id)
	if err != nil {
		return time.Time{}, fmt.Errorf("read episode %s of fact %s: %w", id, f.UUID, err)
	}
	refTimes[id] = ep.ValidAt
	return ep.ValidAt, nil
}

// fillNames sets the names of the entities whose uuids are keys of names
// with an empty value.
func (pl *Pipeline) fillNames(ctx context.Context, o *overlay, names map[string]string) error {
	var ids []string
	for id, n := range names {
		if n == "" {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	sort.Strings(ids)
	found, err := o.EntityNames(ctx, ids)
	if err != nil {
		return fmt.Errorf("read entity names: %w", err)
	}
	maps.Copy(names, found)
	return nil
}

// EpisodeOf reads one episode of groups from s: ErrNotFound when none of
// them holds it.
func EpisodeOf(ctx context.Context, s core.Store, groups []string, uuid string) (core.Episode, error) {
	eps, err := s.Episodes(ctx, groups, []string{uuid}, core.GetOptions{})
	if err != nil {
		return core.Episode{}, err
	}
	if len(eps) == 0 {
		return core.Episode{}, fmt.Errorf("episode %s: %w", uuid, core.ErrNotFound)
	}
	return eps[0], nil
}
