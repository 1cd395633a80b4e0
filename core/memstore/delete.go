package memstore

import (
	"context"
	"slices"

	"github.com/mnemohq/mnemo/core"
)

// Deletions. Apply removes the episodes, facts and entities a Change
// deletes, each with its links, embedding and text, and nothing else:
// what deleting an episode or a fact takes with it and restores is the
// engine's rule (engine.Engine.DeleteEpisode), not the store's.

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
		for k := range s.records {
			if k.group == group {
				delete(s.records, k)
			}
		}
		p := s.part(group)
		if p == nil {
			return nil
		}
		d = core.Deleted{Episodes: len(p.episodes), Entities: len(p.entities), Facts: len(p.facts), Communities: len(p.communities)}
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
