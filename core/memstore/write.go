package memstore

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// Writes check everything first and change the store only once nothing
// can fail any more: AddEpisodes and Apply are all or nothing because the
// checks (core's Change.Validate and ValidateNewEpisodes, then checkApply,
// which reads the store) come first and the changes (applyChange) never
// return an error.

// AddEpisodes implements core.EpisodeStore.
func (s *Store) AddEpisodes(ctx context.Context, eps []core.Episode) ([]bool, error) {
	if len(eps) == 0 {
		return nil, nil
	}
	if err := core.ValidateNewEpisodes(eps, s.dim); err != nil {
		return nil, err
	}
	created := make([]bool, len(eps))
	err := s.write(ctx, func() error {
		// known holds the stored episodes and those this batch adds, so
		// that an episode sent twice in one batch is compared too.
		known := map[[2]string]core.Episode{}
		var fresh []core.Episode
		for i, ep := range eps {
			key := [2]string{ep.GroupID, ep.UUID}
			old, ok := known[key]
			if !ok {
				if p := s.find(core.ScopeEpisodes, []string{ep.GroupID}, ep.UUID); p != nil {
					old, ok = p.episodes[ep.UUID].Episode, true
				}
			}
			if ok {
				if !sameEpisode(old, ep) {
					return fmt.Errorf("%w: episode %s already exists in group %s with other content, source or time", core.ErrConflict, ep.UUID, ep.GroupID)
				}
				continue
			}
			ep.Status = core.EpisodePending
			known[key] = ep
			fresh = append(fresh, ep)
			created[i] = true
		}
		for _, ep := range fresh {
			s.putEpisode(ep)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return created, nil
}

// sameEpisode reports whether b re-sends episode a: the same group,
// source, content and reference time.
func sameEpisode(a, b core.Episode) bool {
	return a.GroupID == b.GroupID && a.Source == b.Source && a.Content == b.Content && micro(a.ValidAt).Equal(micro(b.ValidAt))
}

// putEpisode stores a new episode.
func (s *Store) putEpisode(ep core.Episode) {
	ep.ValidAt, ep.CreatedAt = micro(ep.ValidAt), micro(ep.CreatedAt)
	ep.Warnings = normWarnings(ep.Warnings)
	ep.Embedding = slices.Clone(ep.Embedding)
	p := s.partFor(ep.GroupID)
	p.episodes[ep.UUID] = &episode{Episode: ep, mentions: map[string]bool{}, states: map[string]bool{}}
	p.text[core.ScopeEpisodes].put(ep.UUID, ep.Content)
}

// normWarnings keeps each warning on one line, as Kuzu stores them (one
// per line); none is nil.
func normWarnings(ws []string) []string {
	if len(ws) == 0 {
		return nil
	}
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = strings.Join(strings.Fields(w), " ")
	}
	if len(out) == 1 && out[0] == "" {
		return nil
	}
	return out
}

// Apply implements core.Writer.
func (s *Store) Apply(ctx context.Context, ch core.Change) error {
	group, err := ch.Validate(s.dim)
	if err != nil || group == "" {
		return err
	}
	return s.write(ctx, func() error {
		if err := s.checkApply(group, &ch); err != nil {
			return err
		}
		s.applyChange(group, &ch)
		s.prune(group) // a change may delete all the group holds
		return nil
	})
}

// jsonAttrs returns attributes as Kuzu reads them back: through JSON, so
// that numbers are float64 and structs are maps. Change.Validate has
// checked that they encode.
func jsonAttrs(m map[string]any) map[string]any {
	if len(m) == 0 {
		return nil
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil
	}
	var out map[string]any
	if json.Unmarshal(b, &out) != nil || len(out) == 0 {
		return nil
	}
	return out
}

// checkApply checks a change against the store, as core.Change says: it
// must not take another group's objects or move a fact's ends
// (core.ErrConflict), every object it links must exist in the group,
// stored or written by the change (core.ErrInvalid), and an entity it
// deletes must not be an end of a fact that stays (core.ErrConflict). The
// caller holds the write lock.
func (s *Store) checkApply(group string, ch *core.Change) error {
	p := s.part(group)
	if p == nil {
		p = newPartition() // nothing stored yet
	}
	elsewhere := func(sc core.Scope, kind, id string) error {
		if g, ok := s.owner[sc][id]; ok && g != group {
			return fmt.Errorf("%w: %s %s belongs to another group", core.ErrConflict, kind, id)
		}
		return nil
	}
	for _, e := range ch.Entities {
		if err := elsewhere(core.ScopeEntities, "entity", e.UUID); err != nil {
			return err
		}
	}
	for _, f := range ch.Facts {
		if err := elsewhere(core.ScopeFacts, "fact", f.UUID); err != nil {
			return err
		}
		if old := p.facts[f.UUID]; old != nil && (old.SourceUUID != f.SourceUUID || old.TargetUUID != f.TargetUUID) {
			return fmt.Errorf("%w: fact %s cannot change its endpoints", core.ErrConflict, f.UUID)
		}
	}
	for _, cm := range ch.Communities {
		if err := elsewhere(core.ScopeCommunities, "community", cm.UUID); err != nil {
			return err
		}
	}
	if err := ch.CheckReferences(group, func(id string) bool { return p.entities[id] != nil }, func(id string) bool { return p.episodes[id] != nil }); err != nil {
		return err
	}
	gone := setOf(ch.DeleteFacts...)
	for _, id := range ch.DeleteEntities {
		if e := p.entities[id]; e != nil {
			for f := range e.facts {
				if !gone[f] {
					return fmt.Errorf("%w: entity %s is an endpoint of fact %s", core.ErrConflict, id, f)
				}
			}
		}
		for _, f := range ch.Facts {
			if (f.SourceUUID == id || f.TargetUUID == id) && !gone[f.UUID] {
				return fmt.Errorf("%w: entity %s is an endpoint of fact %s", core.ErrConflict, id, f.UUID)
			}
		}
	}
	return nil
}

// applyChange writes a change checkApply accepted. It cannot fail.
func (s *Store) applyChange(group string, ch *core.Change) {
	p := s.partFor(group)
	for _, ep := range ch.Episodes {
		s.upsertEpisode(p, ep)
	}
	for _, e := range ch.Entities {
		s.upsertEntity(p, e)
	}
	for _, f := range ch.Facts {
		s.upsertFact(p, f)
	}
	for _, f := range ch.Facts {
		for _, ep := range f.Episodes {
			p.facts[f.UUID].statedBy[ep] = true
			p.episodes[ep].states[f.UUID] = true
		}
	}
	for _, m := range ch.Mentions {
		p.episodes[m.Episode].mentions[m.Entity] = true
		p.entities[m.Entity].mentionedBy[m.Episode] = true
	}
	for _, id := range ch.DeleteCommunities {
		if p.communities[id] != nil {
			s.dropCommunity(p, id)
		}
	}
	for _, cm := range ch.Communities {
		s.upsertCommunity(p, cm)
	}
	// Deletions come last; uuids that name no object of the group are
	// skipped. A deleted episode leaves the facts it stated, a deleted
	// fact its ends: what goes with them is the engine's decision.
	for _, id := range ch.DeleteFacts {
		if p.facts[id] != nil {
			s.removeFact(p, id)
		}
	}
	for _, id := range ch.DeleteEpisodes {
		if p.episodes[id] != nil {
			s.removeEpisode(p, id)
		}
	}
	for _, id := range ch.DeleteEntities {
		if p.entities[id] != nil {
			s.removeEntity(p, id)
		}
	}
}

// upsertEpisode inserts a new episode as it is given, status included, or
// updates the processing fields of a stored one (name, description,
// status, attempts, error, warnings, and the embedding when given): the
// content, source and times of a stored episode never change.
func (s *Store) upsertEpisode(p *partition, ep core.Episode) {
	old := p.episodes[ep.UUID]
	if old == nil {
		s.putEpisode(ep)
		return
	}
	old.Name, old.SourceDescription = ep.Name, ep.SourceDescription
	old.Status, old.Attempts, old.Error = ep.Status, ep.Attempts, ep.Error
	old.Warnings = normWarnings(ep.Warnings)
	if ep.Embedding != nil {
		old.Embedding = slices.Clone(ep.Embedding)
	}
}

// upsertEntity inserts an entity or replaces a stored one's name, labels,
// summary, attributes, archive stamp and, when given, embedding; its
// creation time stays.
func (s *Store) upsertEntity(p *partition, e core.Entity) {
	e.Labels = cloneStrings(e.Labels)
	e.Attributes = jsonAttrs(e.Attributes)
	e.NameEmbedding = slices.Clone(e.NameEmbedding)
	e.ArchivedAt = micro(e.ArchivedAt)
	old := p.entities[e.UUID]
	if old == nil {
		e.CreatedAt = micro(e.CreatedAt)
		old = &entity{Entity: e, mentionedBy: map[string]bool{}, facts: map[string]bool{}}
		p.entities[e.UUID] = old
		s.owner[core.ScopeEntities][e.UUID] = e.GroupID
	} else {
		old.Name, old.Labels, old.Summary, old.Attributes, old.ArchivedAt = e.Name, e.Labels, e.Summary, e.Attributes, e.ArchivedAt
		if e.NameEmbedding != nil {
			old.NameEmbedding = e.NameEmbedding
		}
	}
	old.nameKey, old.acronym = core.NormalizeName(old.Name), core.Acronym(old.Name)
	p.text[core.ScopeEntities].put(e.UUID, entityText(old.Name, old.Summary))
}

// upsertFact inserts a fact, linked to its ends, or replaces a stored
// one's relation, text, attributes, event times, retirement, archive
// stamp, trust, quarantine and, when given, embedding. Its ends, creation time and stated end
// (core.Fact.StatedInvalid, kept when the fact is first written) stay.
func (s *Store) upsertFact(p *partition, f core.Fact) {
	f.Attributes = jsonAttrs(f.Attributes)
	f.Embedding = slices.Clone(f.Embedding)
	f.ValidAt, f.InvalidAt, f.ExpiredAt, f.ArchivedAt = micro(f.ValidAt), micro(f.InvalidAt), micro(f.ExpiredAt), micro(f.ArchivedAt)
	f.QuarantinedAt, f.ReleasedAt = micro(f.QuarantinedAt), micro(f.ReleasedAt)
	f.Episodes = nil
	old := p.facts[f.UUID]
	if old == nil {
		f.CreatedAt, f.StatedInvalidAt = micro(f.CreatedAt), micro(f.StatedInvalid())
		old = &fact{Fact: f, statedBy: map[string]bool{}}
		p.facts[f.UUID] = old
		s.owner[core.ScopeFacts][f.UUID] = f.GroupID
		p.entities[f.SourceUUID].facts[f.UUID] = true
		p.entities[f.TargetUUID].facts[f.UUID] = true
	} else {
		old.Relation, old.Text, old.Attributes = f.Relation, f.Text, f.Attributes
		old.ValidAt, old.InvalidAt, old.ExpiredAt, old.InvalidatedBy = f.ValidAt, f.InvalidAt, f.ExpiredAt, f.InvalidatedBy
		old.ArchivedAt, old.Trust, old.QuarantinedAt, old.ReleasedAt = f.ArchivedAt, f.Trust, f.QuarantinedAt, f.ReleasedAt
		if f.Embedding != nil {
			old.Embedding = f.Embedding
		}
	}
	p.text[core.ScopeFacts].put(f.UUID, factText(old.Text, old.Relation))
}

// upsertCommunity inserts a community or replaces a stored one's name,
// summary, members and, when given, embedding; its creation time stays.
func (s *Store) upsertCommunity(p *partition, cm core.Community) {
	members := slices.Compact(slices.Sorted(slices.Values(cm.Members)))
	if len(members) == 0 {
		members = nil
	}
	old := p.communities[cm.UUID]
	if old == nil {
		cm.CreatedAt = micro(cm.CreatedAt)
		cm.Members = members
		cm.NameEmbedding = slices.Clone(cm.NameEmbedding)
		old = &community{Community: cm}
		p.communities[cm.UUID] = old
		s.owner[core.ScopeCommunities][cm.UUID] = cm.GroupID
	} else {
		old.Name, old.Summary, old.Members = cm.Name, cm.Summary, members
		if cm.NameEmbedding != nil {
			old.NameEmbedding = slices.Clone(cm.NameEmbedding)
		}
	}
	p.text[core.ScopeCommunities].put(cm.UUID, entityText(old.Name, old.Summary))
}

// dropCommunity removes a community of p.
func (s *Store) dropCommunity(p *partition, id string) {
	delete(p.communities, id)
	delete(s.owner[core.ScopeCommunities], id)
	p.text[core.ScopeCommunities].del(id)
}

// The indexed text of each kind of object, as Kuzu's (kuzu/textindex.go):
// an episode's content, an entity's or a community's name and summary, a
// fact's text and relation (so that "works" finds WORKS_AT).
func entityText(name, summary string) string { return name + "\n" + summary }

func factText(text, relation string) string { return text + "\n" + relation }
