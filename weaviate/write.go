package weaviate

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/go-openapi/strfmt"
	"github.com/weaviate/weaviate/entities/models"

	"github.com/mnemohq/mnemo/core"
)

// Weaviate has no transaction across objects. A write therefore checks
// everything first, reading what it needs, and computes the whole new
// state of every object it touches; then it writes, each object whole
// under an id derived from its group and uuid (objectID), so that writing
// it again is harmless. The writes go in an order that leaves, after a
// crash at any point, a state from which the same write completes:
//
//  1. the registry records of new objects (MnemoOwner), so that no other
//     group takes their uuids;
//  2. new objects, and entities and communities;
//  3. facts already stored: invalidations, restorations, provenance;
//  4. episodes already stored: the status that says the work is done;
//  5. deletions, then the registry records of what was deleted.
//
// An episode stays pending until step 4, so the engine retries it; the
// retry finds the objects of steps 1 to 3 and writes them again.

// micro is what the store keeps of a time: UTC, to the microsecond.
func micro(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC().Truncate(time.Microsecond)
}

// AddEpisodes implements core.EpisodeStore.
func (s *Store) AddEpisodes(ctx context.Context, eps []core.Episode) ([]bool, error) {
	if len(eps) == 0 {
		return nil, nil
	}
	if err := core.ValidateNewEpisodes(eps, s.opts.Dimension); err != nil {
		return nil, err
	}
	created := make([]bool, len(eps))
	err := s.write(ctx, func() error {
		// Episodes are the group's own (core.Store): they are looked up
		// in their group's tenant only, and claim no uuid in the owner
		// registry.
		byGroup := map[string][]string{}
		for _, ep := range eps {
			byGroup[ep.GroupID] = append(byGroup[ep.GroupID], ep.UUID)
		}
		stored := map[[2]string]*episode{}
		for g, ids := range byGroup {
			got, err := s.episodesByID(ctx, g, ids, false)
			if err != nil {
				return err
			}
			for id, e := range got {
				stored[[2]string{g, id}] = e
			}
		}
		known := map[[2]string]core.Episode{}
		var fresh []*models.Object
		for i, ep := range eps {
			key := [2]string{ep.GroupID, ep.UUID}
			old, ok := known[key]
			if !ok {
				if e := stored[key]; e != nil {
					old, ok = e.Episode, true
				}
			}
			if ok {
				if !sameEpisode(old, ep) {
					return fmt.Errorf("%w: episode %s already exists in group %s with other content, source or time", core.ErrConflict, ep.UUID, ep.GroupID)
				}
				continue
			}
			ep.Status = core.EpisodePending
			ep.ValidAt, ep.CreatedAt = micro(ep.ValidAt), micro(ep.CreatedAt)
			known[key] = ep
			fresh = append(fresh, s.episodeObject(&episode{Episode: ep}))
			created[i] = true
		}
		return s.put(ctx, fresh)
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

// owners returns the group owning each of ids of kind sc, from the
// registry; unknown ids are absent.
func (s *Store) owners(ctx context.Context, sc core.Scope, ids []string) (map[string]string, error) {
	out := map[string]string{}
	ids = uniq(ids)
	for len(ids) > 0 {
		n := min(len(ids), 500)
		rows, err := s.getAll(ctx, query{class: s.names.owner, where: and(eq("kind", string(sc)), anyOf("mid", ids[:n])), fields: []string{"mid", "group"}})
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[str(r.p, "mid")] = str(r.p, "group")
		}
		ids = ids[n:]
	}
	return out, nil
}

// Apply implements core.Writer.
func (s *Store) Apply(ctx context.Context, ch core.Change) error {
	group, err := ch.Validate(s.opts.Dimension)
	if err != nil || group == "" {
		return err
	}
	return s.write(ctx, func() error {
		if err := s.finish(ctx, group); err != nil {
			return err
		}
		p, err := s.plan(ctx, group, &ch)
		if err != nil || p.empty() {
			return err
		}
		if err := s.saveRedo(ctx, group, &ch); err != nil {
			return err
		}
		if err := s.commit(ctx, p); err != nil {
			return err
		}
		return s.dropRedo(ctx, group)
	})
}

// plan is what a change writes: the new state of every object it
// touches, by phase (see the top of this file).
type plan struct {
	group                 string
	claims                []*models.Object
	fresh, facts, episode []*models.Object
	deletes               map[core.Scope][]string
}

// empty reports whether the plan writes nothing.
func (p *plan) empty() bool {
	n := len(p.claims) + len(p.fresh) + len(p.facts) + len(p.episode)
	for _, ids := range p.deletes {
		n += len(ids)
	}
	return n == 0
}

// state is a group's stored objects that a change reads, and what it
// makes of them.
type state struct {
	eps   map[string]*episode
	ents  map[string]*core.Entity
	facts map[string]*fact
	comms map[string]*core.Community
	// stored tells the objects that were stored before the change.
	stored map[core.Scope]map[string]bool
	dirty  map[core.Scope]map[string]bool
}

func (st *state) touch(sc core.Scope, id string) { st.dirty[sc][id] = true }

func (s *Store) plan(ctx context.Context, group string, ch *core.Change) (*plan, error) {
	// Objects of the change that another group holds.
	kinds := map[core.Scope][]string{}
	// Episodes are the group's own whatever other groups hold
	// (core.Store): they are not in the owner registry.
	for _, e := range ch.Entities {
		kinds[core.ScopeEntities] = append(kinds[core.ScopeEntities], e.UUID)
	}
	for _, f := range ch.Facts {
		kinds[core.ScopeFacts] = append(kinds[core.ScopeFacts], f.UUID)
	}
	for _, c := range ch.Communities {
		kinds[core.ScopeCommunities] = append(kinds[core.ScopeCommunities], c.UUID)
	}
	owned := map[core.Scope]map[string]string{}
	for sc, ids := range kinds {
		o, err := s.owners(ctx, sc, ids)
		if err != nil {
			return nil, err
		}
		for id, g := range o {
			if g != group {
				return nil, fmt.Errorf("%w: %s %s belongs to another group", core.ErrConflict, sc, id)
			}
		}
		owned[sc] = o
	}
	// The stored objects the change names.
	var epIDs, entIDs, factIDs, commIDs []string
	for _, e := range ch.Episodes {
		epIDs = append(epIDs, e.UUID)
	}
	for _, m := range ch.Mentions {
		epIDs = append(epIDs, m.Episode)
		entIDs = append(entIDs, m.Entity)
	}
	for _, f := range ch.Facts {
		epIDs = append(epIDs, f.Episodes...)
		entIDs = append(entIDs, f.SourceUUID, f.TargetUUID)
		factIDs = append(factIDs, f.UUID)
	}
	for _, e := range ch.Entities {
		entIDs = append(entIDs, e.UUID)
	}
	for _, c := range ch.Communities {
		commIDs = append(commIDs, c.UUID)
		entIDs = append(entIDs, c.Members...)
	}
	epIDs = append(epIDs, ch.DeleteEpisodes...)
	entIDs = append(entIDs, ch.DeleteEntities...)
	factIDs = append(factIDs, ch.DeleteFacts...)
	commIDs = append(commIDs, ch.DeleteCommunities...)
	st := &state{stored: map[core.Scope]map[string]bool{}, dirty: map[core.Scope]map[string]bool{}}
	for _, sc := range core.Scopes {
		st.stored[sc], st.dirty[sc] = map[string]bool{}, map[string]bool{}
	}
	var err error
	if st.eps, err = s.episodesByID(ctx, group, epIDs, true); err != nil {
		return nil, err
	}
	if st.ents, err = s.entitiesByID(ctx, group, entIDs, true); err != nil {
		return nil, err
	}
	if st.facts, err = s.factsByID(ctx, group, factIDs, true); err != nil {
		return nil, err
	}
	if st.comms, err = s.communitiesByID(ctx, group, commIDs, true); err != nil {
		return nil, err
	}
	// Facts that refer to what the change deletes.
	if len(ch.DeleteEpisodes) > 0 || len(ch.DeleteEntities) > 0 {
		var more map[string]*fact
		var err error
		if len(ch.DeleteEntities) > 0 {
			more, err = s.factsWhere(ctx, group, or(anyOf("source_id", ch.DeleteEntities), anyOf("target_id", ch.DeleteEntities)), true)
			if err != nil {
				return nil, err
			}
		}
		if len(ch.DeleteEpisodes) > 0 {
			byEp, err := s.factsWhere(ctx, group, anyOf("episodes", ch.DeleteEpisodes), true)
			if err != nil {
				return nil, err
			}
			if more == nil {
				more = byEp
			}
			for id, f := range byEp {
				more[id] = f
			}
		}
		for id, f := range more {
			if st.facts[id] == nil {
				st.facts[id] = f
			}
		}
	}
	for id := range st.eps {
		st.stored[core.ScopeEpisodes][id] = true
	}
	for id := range st.ents {
		st.stored[core.ScopeEntities][id] = true
	}
	for id := range st.facts {
		st.stored[core.ScopeFacts][id] = true
	}
	for id := range st.comms {
		st.stored[core.ScopeCommunities][id] = true
	}
	if err := s.check(group, ch, st); err != nil {
		return nil, err
	}
	apply(ch, st)
	if err := s.unlink(ctx, group, ch, st); err != nil {
		return nil, err
	}
	// The writes, by phase.
	p := &plan{group: group, deletes: map[core.Scope][]string{}}
	claim := func(sc core.Scope, id string) {
		if _, ok := owned[sc][id]; !ok {
			p.claims = append(p.claims, s.ownerObject(sc, id, group))
		}
	}
	gone := map[core.Scope]map[string]bool{
		core.ScopeEpisodes: setOf(ch.DeleteEpisodes), core.ScopeEntities: setOf(ch.DeleteEntities),
		core.ScopeFacts: setOf(ch.DeleteFacts), core.ScopeCommunities: {},
	}
	for _, id := range slices.Sorted(maps.Keys(st.dirty[core.ScopeEntities])) {
		if gone[core.ScopeEntities][id] {
			continue
		}
		if !st.stored[core.ScopeEntities][id] {
			claim(core.ScopeEntities, id)
		}
		p.fresh = append(p.fresh, s.entityObject(st.ents[id]))
	}
	for _, id := range slices.Sorted(maps.Keys(st.dirty[core.ScopeCommunities])) {
		if !st.stored[core.ScopeCommunities][id] {
			claim(core.ScopeCommunities, id)
		}
		p.fresh = append(p.fresh, s.communityObject(st.comms[id]))
	}
	for _, id := range slices.Sorted(maps.Keys(st.dirty[core.ScopeEpisodes])) {
		if gone[core.ScopeEpisodes][id] {
			continue
		}
		if !st.stored[core.ScopeEpisodes][id] {
			p.fresh = append(p.fresh, s.episodeObject(st.eps[id]))
		} else {
			p.episode = append(p.episode, s.episodeObject(st.eps[id]))
		}
	}
	for _, id := range slices.Sorted(maps.Keys(st.dirty[core.ScopeFacts])) {
		if gone[core.ScopeFacts][id] {
			continue
		}
		if !st.stored[core.ScopeFacts][id] {
			claim(core.ScopeFacts, id)
			p.fresh = append(p.fresh, s.factObject(st.facts[id]))
		} else {
			p.facts = append(p.facts, s.factObject(st.facts[id]))
		}
	}
	// Deletions: the stored objects of the group, and those the change
	// wrote (they were claimed and written first: deleting them after is
	// what the change says).
	for _, id := range uniq(ch.DeleteCommunities) {
		if st.comms[id] != nil && !slices.ContainsFunc(ch.Communities, func(c core.Community) bool { return c.UUID == id }) {
			p.deletes[core.ScopeCommunities] = append(p.deletes[core.ScopeCommunities], id)
		}
	}
	for _, id := range uniq(ch.DeleteFacts) {
		if st.facts[id] != nil {
			p.deletes[core.ScopeFacts] = append(p.deletes[core.ScopeFacts], id)
		}
	}
	for _, id := range uniq(ch.DeleteEpisodes) {
		if st.eps[id] != nil {
			p.deletes[core.ScopeEpisodes] = append(p.deletes[core.ScopeEpisodes], id)
		}
	}
	for _, id := range uniq(ch.DeleteEntities) {
		if st.ents[id] != nil {
			p.deletes[core.ScopeEntities] = append(p.deletes[core.ScopeEntities], id)
		}
	}
	return p, nil
}

// check checks a change against the stored state, as core.Change says.
func (s *Store) check(group string, ch *core.Change, st *state) error {
	for _, f := range ch.Facts {
		if old := st.facts[f.UUID]; old != nil && (old.SourceUUID != f.SourceUUID || old.TargetUUID != f.TargetUUID) {
			return fmt.Errorf("%w: fact %s cannot change its endpoints", core.ErrConflict, f.UUID)
		}
	}
	if err := ch.CheckReferences(group, func(id string) bool { return st.ents[id] != nil }, func(id string) bool { return st.eps[id] != nil }); err != nil {
		return err
	}
	gone := setOf(ch.DeleteFacts)
	for _, id := range ch.DeleteEntities {
		for fid, f := range st.facts {
			if st.stored[core.ScopeFacts][fid] && (f.SourceUUID == id || f.TargetUUID == id) && !gone[fid] {
				return fmt.Errorf("%w: entity %s is an endpoint of fact %s", core.ErrConflict, id, fid)
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

// apply computes the change's writes on st, as the in-memory store does
// (core/memstore/write.go): what stays of a stored object and what the
// change replaces.
func apply(ch *core.Change, st *state) {
	for _, ep := range ch.Episodes {
		if old := st.eps[ep.UUID]; old != nil {
			old.Name, old.SourceDescription = ep.Name, ep.SourceDescription
			old.Status, old.Attempts, old.Error = ep.Status, ep.Attempts, ep.Error
			old.Warnings = normWarnings(ep.Warnings)
			if ep.Embedding != nil {
				old.Embedding = slices.Clone(ep.Embedding)
			}
		} else {
			ep.ValidAt, ep.CreatedAt = micro(ep.ValidAt), micro(ep.CreatedAt)
			ep.Warnings = normWarnings(ep.Warnings)
			ep.Embedding = slices.Clone(ep.Embedding)
			st.eps[ep.UUID] = &episode{Episode: ep}
		}
		st.touch(core.ScopeEpisodes, ep.UUID)
	}
	for _, e := range ch.Entities {
		e.Labels = slices.Clone(e.Labels)
		e.Attributes = attrsOf(attrsText(e.Attributes))
		e.ArchivedAt = micro(e.ArchivedAt)
		if old := st.ents[e.UUID]; old != nil {
			old.Name, old.Labels, old.Summary, old.Attributes, old.ArchivedAt = e.Name, e.Labels, e.Summary, e.Attributes, e.ArchivedAt
			if e.NameEmbedding != nil {
				old.NameEmbedding = slices.Clone(e.NameEmbedding)
			}
		} else {
			e.CreatedAt = micro(e.CreatedAt)
			e.NameEmbedding = slices.Clone(e.NameEmbedding)
			st.ents[e.UUID] = &e
		}
		st.touch(core.ScopeEntities, e.UUID)
	}
	for _, f := range ch.Facts {
		f.Attributes = attrsOf(attrsText(f.Attributes))
		f.ValidAt, f.InvalidAt, f.ExpiredAt, f.ArchivedAt = micro(f.ValidAt), micro(f.InvalidAt), micro(f.ExpiredAt), micro(f.ArchivedAt)
		f.QuarantinedAt, f.ReleasedAt = micro(f.QuarantinedAt), micro(f.ReleasedAt)
		if old := st.facts[f.UUID]; old != nil {
			old.Relation, old.Text, old.Attributes, old.ArchivedAt = f.Relation, f.Text, f.Attributes, f.ArchivedAt
			old.Trust, old.QuarantinedAt, old.ReleasedAt = f.Trust, f.QuarantinedAt, f.ReleasedAt
			old.ValidAt, old.InvalidAt, old.ExpiredAt, old.InvalidatedBy = f.ValidAt, f.InvalidAt, f.ExpiredAt, f.InvalidatedBy
			if f.Embedding != nil {
				old.Embedding = slices.Clone(f.Embedding)
			}
			old.Episodes = uniq(append(old.Episodes, f.Episodes...))
		} else {
			f.CreatedAt, f.StatedInvalidAt = micro(f.CreatedAt), micro(f.StatedInvalid())
			f.Embedding = slices.Clone(f.Embedding)
			f.Episodes = uniq(f.Episodes)
			st.facts[f.UUID] = &fact{f}
		}
		st.touch(core.ScopeFacts, f.UUID)
	}
	for _, m := range ch.Mentions {
		e := st.eps[m.Episode]
		if !slices.Contains(e.mentions, m.Entity) {
			e.mentions = append(slices.Clone(e.mentions), m.Entity)
			st.touch(core.ScopeEpisodes, m.Episode)
		}
	}
	for _, c := range ch.Communities {
		members := slices.Compact(slices.Sorted(slices.Values(c.Members)))
		old := st.comms[c.UUID]
		if old != nil && !slices.Contains(ch.DeleteCommunities, c.UUID) {
			old.Name, old.Summary, old.Members = c.Name, c.Summary, members
			if c.NameEmbedding != nil {
				old.NameEmbedding = slices.Clone(c.NameEmbedding)
			}
		} else {
			c.CreatedAt = micro(c.CreatedAt)
			c.Members = members
			c.NameEmbedding = slices.Clone(c.NameEmbedding)
			st.comms[c.UUID] = &c
		}
		st.touch(core.ScopeCommunities, c.UUID)
	}
}

// unlink removes the links to what the change deletes: a deleted
// episode's provenance from the facts it stated, a deleted entity from
// the episodes that mention it and the communities it is a member of.
func (s *Store) unlink(ctx context.Context, group string, ch *core.Change, st *state) error {
	if len(ch.DeleteEpisodes) > 0 {
		gone := setOf(ch.DeleteEpisodes)
		for id, f := range st.facts {
			kept := slices.DeleteFunc(slices.Clone(f.Episodes), func(e string) bool { return gone[e] })
			if len(kept) != len(f.Episodes) {
				f.Episodes = kept
				st.touch(core.ScopeFacts, id)
			}
		}
	}
	if len(ch.DeleteEntities) == 0 {
		return nil
	}
	gone := setOf(ch.DeleteEntities)
	eps, err := s.episodesWhere(ctx, group, anyOf("mentions", ch.DeleteEntities), true)
	if err != nil {
		return err
	}
	for id, e := range eps {
		if st.eps[id] == nil {
			st.eps[id] = e
			st.stored[core.ScopeEpisodes][id] = true
		}
	}
	for id, e := range st.eps {
		kept := slices.DeleteFunc(slices.Clone(e.mentions), func(x string) bool { return gone[x] })
		if len(kept) != len(e.mentions) {
			e.mentions = kept
			st.touch(core.ScopeEpisodes, id)
		}
	}
	comms, err := s.communitiesWhere(ctx, group, anyOf("members", ch.DeleteEntities), true)
	if err != nil {
		return err
	}
	for id, c := range comms {
		if st.comms[id] == nil {
			st.comms[id] = c
			st.stored[core.ScopeCommunities][id] = true
		}
	}
	for id, c := range st.comms {
		kept := slices.DeleteFunc(slices.Clone(c.Members), func(x string) bool { return gone[x] })
		if len(kept) != len(c.Members) {
			c.Members = kept
			st.touch(core.ScopeCommunities, id)
		}
	}
	return nil
}

// commit writes a plan in its phases.
func (s *Store) commit(ctx context.Context, p *plan) error {
	for _, objs := range [][]*models.Object{p.claims, p.fresh, p.facts, p.episode} {
		if err := s.step(); err != nil {
			return err
		}
		if err := s.put(ctx, objs); err != nil {
			return err
		}
	}
	tenant := tenantOf(p.group)
	for _, sc := range []core.Scope{core.ScopeCommunities, core.ScopeFacts, core.ScopeEpisodes, core.ScopeEntities} {
		ids := p.deletes[sc]
		if len(ids) == 0 {
			continue
		}
		var oids, owners []strfmt.UUID
		for _, id := range ids {
			oids = append(oids, objectID(sc, p.group, id))
			if sc != core.ScopeEpisodes {
				owners = append(owners, ownerID(sc, id))
			}
		}
		if err := s.step(); err != nil {
			return err
		}
		if _, err := s.remove(ctx, s.names.class(sc), tenant, oids); err != nil {
			return err
		}
		if err := s.step(); err != nil {
			return err
		}
		if _, err := s.remove(ctx, s.names.owner, "", owners); err != nil {
			return err
		}
	}
	return nil
}

// step is called between the writes of a change; a test's hook fails it
// to stand for a crash there.
func (s *Store) step() error {
	if s.beforeWrite == nil {
		return nil
	}
	return s.beforeWrite()
}

func setOf(ids []string) map[string]bool {
	m := make(map[string]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}
