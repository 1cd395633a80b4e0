package memstore

import (
	"context"
	"fmt"
	"slices"
	"time"

	"mnemo/core"
)

// DeleteEpisode implements core.Writer, as Kuzu does: the facts the
// episode alone stated go, and so do the entities it mentioned that, once
// those facts are gone, no other episode mentions and no fact touches.
// Facts that the episode (by stating their end) or the deleted facts had
// invalidated are restored.
func (s *Store) DeleteEpisode(ctx context.Context, group, uuid string) (core.Deleted, error) {
	var d core.Deleted
	if err := core.ValidateGroupID(group); err != nil {
		return d, err
	}
	err := s.write(ctx, func() error {
		p := s.part(group)
		if p == nil || p.episodes[uuid] == nil {
			return fmt.Errorf("episode %s: %w", uuid, core.ErrNotFound)
		}
		ep := p.episodes[uuid]
		var alone []string
		for id := range ep.states {
			if len(p.facts[id].statedBy) == 1 {
				alone = append(alone, id)
			}
		}
		d.Restored = p.restore(func(x *fact) bool { return x.InvalidatedBy == uuid })
		d.Restored += s.deleteFacts(p, alone)
		d.Facts = len(alone)
		s.removeEpisode(p, uuid)
		d.Episodes = 1
		for id := range ep.mentions {
			if e := p.entities[id]; len(e.mentionedBy) == 0 && len(e.facts) == 0 {
				s.removeEntity(p, id)
				d.Entities++
			}
		}
		s.prune(group)
		return nil
	})
	if err != nil {
		return core.Deleted{}, err
	}
	return d, nil
}

// DeleteFact implements core.Writer.
func (s *Store) DeleteFact(ctx context.Context, group, uuid string) (core.Deleted, error) {
	var d core.Deleted
	if err := core.ValidateGroupID(group); err != nil {
		return d, err
	}
	err := s.write(ctx, func() error {
		p := s.part(group)
		if p == nil || p.facts[uuid] == nil {
			return fmt.Errorf("fact %s: %w", uuid, core.ErrNotFound)
		}
		d.Restored = s.deleteFacts(p, []string{uuid})
		d.Facts = 1
		s.prune(group)
		return nil
	})
	if err != nil {
		return core.Deleted{}, err
	}
	return d, nil
}

// restore undoes the invalidation of the facts of p that pass which: each
// gets its stated end back and is no longer expired. It returns how many
// it restored.
func (p *partition) restore(which func(*fact) bool) int {
	n := 0
	for _, x := range p.facts {
		if which(x) {
			x.InvalidAt, x.ExpiredAt, x.InvalidatedBy = x.StatedInvalidAt, time.Time{}, ""
			n++
		}
	}
	return n
}

// deleteFacts removes facts of p and restores the facts they had
// invalidated. It returns the number of facts restored.
func (s *Store) deleteFacts(p *partition, ids []string) int {
	if len(ids) == 0 {
		return 0
	}
	n := p.restore(func(x *fact) bool {
		return x.InvalidatedBy != "" && slices.Contains(ids, x.InvalidatedBy) && !slices.Contains(ids, x.UUID)
	})
	for _, id := range ids {
		s.removeFact(p, id)
	}
	return n
}

// The remove methods take one object out of p with its links, its
// embedding and its text, and nothing else: what a deletion takes with it
// or restores is decided by their callers.

// removeEpisode removes an episode with its mentions and the provenance
// it gave; the facts it stated and the entities it mentioned stay.
func (s *Store) removeEpisode(p *partition, id string) {
	ep := p.episodes[id]
	for f := range ep.states {
		delete(p.facts[f].statedBy, id)
	}
	for e := range ep.mentions {
		delete(p.entities[e].mentionedBy, id)
	}
	delete(p.episodes, id)
	delete(s.owner[core.ScopeEpisodes], id)
	p.text[core.ScopeEpisodes].del(id)
}

// removeFact removes a fact with its links to its ends and its episodes.
func (s *Store) removeFact(p *partition, id string) {
	f := p.facts[id]
	delete(p.entities[f.SourceUUID].facts, id)
	delete(p.entities[f.TargetUUID].facts, id)
	for ep := range f.statedBy {
		delete(p.episodes[ep].states, id)
	}
	delete(p.facts, id)
	delete(s.owner[core.ScopeFacts], id)
	p.text[core.ScopeFacts].del(id)
}

// removeEntity removes an entity that no fact has as an end, with the
// mentions of it and its community memberships.
func (s *Store) removeEntity(p *partition, id string) {
	for ep := range p.entities[id].mentionedBy {
		delete(p.episodes[ep].mentions, id)
	}
	for _, c := range p.communities {
		if i := slices.Index(c.Members, id); i >= 0 {
			c.Members = slices.Delete(slices.Clone(c.Members), i, i+1)
			if len(c.Members) == 0 {
				c.Members = nil
			}
		}
	}
	delete(p.entities, id)
	delete(s.owner[core.ScopeEntities], id)
	p.text[core.ScopeEntities].del(id)
}

// DeleteGroup implements core.Writer.
func (s *Store) DeleteGroup(ctx context.Context, group string) (core.Deleted, error) {
	var d core.Deleted
	if err := core.ValidateGroupID(group); err != nil {
		return d, err
	}
	err := s.write(ctx, func() error {
		p := s.part(group)
		if p == nil {
			return nil
		}
		d = core.Deleted{Episodes: len(p.episodes), Entities: len(p.entities), Facts: len(p.facts), Communities: len(p.communities)}
		for id := range p.episodes {
			delete(s.owner[core.ScopeEpisodes], id)
		}
		for id := range p.entities {
			delete(s.owner[core.ScopeEntities], id)
		}
		for id := range p.facts {
			delete(s.owner[core.ScopeFacts], id)
		}
		for id := range p.communities {
			delete(s.owner[core.ScopeCommunities], id)
		}
		delete(s.groups, group)
		return nil
	})
	return d, err
}
