package ingest

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/text"
)

// resolvedEntity is an extracted entity bound to a stored or new entity.
type resolvedEntity struct {
	x      core.ExtractedEntity
	vec    []float32
	entity core.Entity
	isNew  bool
	// dirty marks an existing entity whose fields this episode changes.
	dirty bool
	// renamed marks an entity whose name changed and needs a new embedding.
	renamed bool
}

// Entity candidates come from two searches per extracted name, so that a
// name whose embedding is far from the stored one (an acronym, a
// nickname) is still a candidate when the words match.
const (
	entityCandidates  = 8
	entityMinCosine   = 0.5
	entityCandidateBy = "cosine and bm25 on name and summary"
)

// resolveEntities binds each extracted entity of an episode to an existing
// entity of the group or to a new one: exact normalized name first, then a
// fuzzy name match among the candidates, then the resolver plugin for
// those that still have candidates, in one call for the episode.
func (pl *Pipeline) resolveEntities(ctx context.Context, p *prepared, o *overlay, now time.Time) (map[string]*resolvedEntity, error) {
	group := p.ep.GroupID
	keys := make([]string, len(p.ents))
	lookup := make([]string, 0, 2*len(p.ents))
	for i, x := range p.ents {
		keys[i] = core.NormalizeName(x.Name)
		lookup = append(lookup, keys[i])
		if a := core.Acronym(x.Name); a != "" {
			lookup = append(lookup, a)
		}
	}
	exact, err := o.EntitiesByName(ctx, lookup)
	if err != nil {
		return nil, fmt.Errorf("find entities by name: %w", err)
	}
	byKey := map[string][]core.Entity{}
	for _, en := range exact {
		k := core.NormalizeName(en.Name)
		byKey[k] = append(byKey[k], en)
	}
	out := map[string]*resolvedEntity{}
	var questions []core.EntityQuestion
	for i, x := range p.ents {
		r := &resolvedEntity{x: x, vec: p.entVecs[i]}
		out[keys[i]] = r
		var same []core.Entity
		for _, c := range byKey[keys[i]] {
			if x.CompatibleWith(c) {
				same = append(same, c)
			}
		}
		if len(same) == 1 {
			r.merge(same[0])
			continue
		}
		cands := same
		if len(same) == 0 {
			if cands, err = pl.entityCandidates(ctx, o, x.Name, r.vec); err != nil {
				return nil, err
			}
			cands = append(cands, acronymMatches(x.Name, exact)...)
			var ok []core.Entity
			seen := map[string]bool{}
			for _, c := range cands {
				if seen[c.UUID] {
					continue
				}
				seen[c.UUID] = true
				if x.CompatibleWith(c) {
					ok = append(ok, c)
				}
			}
			cands = ok
			if c, found := text.FuzzyMatch(x.Name, cands); found {
				r.merge(c)
				continue
			}
		}
		if len(cands) == 0 {
			continue
		}
		questions = append(questions, core.EntityQuestion{ID: i, Entity: x, Candidates: cands})
	}
	if len(questions) > 0 && p.plugins.EntityResolver != nil {
		answers, err := p.plugins.EntityResolver.ResolveEntities(ctx, core.EntityResolveRequest{Episode: p.ep, Questions: questions})
		if err != nil {
			return nil, fmt.Errorf("resolve entities: %w", err)
		}
		byID := map[int]core.EntityQuestion{}
		for _, q := range questions {
			byID[q.ID] = q
		}
		for _, a := range answers {
			q, ok := byID[a.ID]
			if !ok {
				p.warnings = append(p.warnings, fmt.Sprintf("entity resolver answered unknown question %d", a.ID))
				continue
			}
			r := out[keys[a.ID]]
			if a.DuplicateOf != "" {
				idx := slices.IndexFunc(q.Candidates, func(c core.Entity) bool { return c.UUID == a.DuplicateOf })
				if idx < 0 {
					p.warnings = append(p.warnings, fmt.Sprintf("entity resolver named %s, not a candidate of %q", a.DuplicateOf, q.Entity.Name))
					continue
				}
				r.merge(q.Candidates[idx])
			}
			if name := strings.TrimSpace(a.Name); name != "" && r.entity.UUID != "" && name != r.entity.Name {
				r.addAlias(r.entity.Name)
				r.entity.Name, r.dirty, r.renamed = name, true, true
			}
		}
	}
	// Two extracted names resolved to the same existing entity share one
	// binding: the first name's, in extraction order, with the other's type
	// and attributes merged in. The rest are new entities, made in
	// extraction order. Both go by p.ents, not by the map, so that two runs
	// of the same episode write the same thing.
	first := map[string]*resolvedEntity{}
	for _, k := range keys {
		r := out[k]
		if r.entity.UUID == "" {
			continue
		}
		if f, ok := first[r.entity.UUID]; ok && f != r {
			m := &resolvedEntity{x: r.x, dirty: f.dirty}
			m.merge(f.entity)
			f.entity, f.dirty = m.entity, m.dirty || r.dirty
			if r.renamed && !f.renamed {
				f.entity.Name, f.renamed = r.entity.Name, true
			}
			out[k] = f
			continue
		}
		first[r.entity.UUID] = r
	}
	for _, k := range keys {
		r := out[k]
		if r.entity.UUID != "" {
			continue
		}
		r.isNew = true
		r.entity = core.Entity{
			UUID: pl.ids.Next(now), GroupID: group, Name: r.x.Name, Summary: r.x.Summary,
			Attributes: maps.Clone(r.x.Attributes), NameEmbedding: r.vec, CreatedAt: now,
		}
		if r.x.Type != "" {
			r.entity.Labels = []string{r.x.Type}
		}
	}
	return out, nil
}

// addAlias records name as another name of r's entity, unless it is its
// name or already listed (core.Entity.WithAlias).
func (r *resolvedEntity) addAlias(name string) {
	if en, ok := r.entity.WithAlias(name); ok {
		r.entity, r.dirty = en, true
	}
}

// merge binds r to an existing entity, adding the extracted type as a
// label, the extracted attributes, and the extracted name as an alias
// when it differs.
func (r *resolvedEntity) merge(c core.Entity) {
	r.entity = c
	if t := r.x.Type; t != "" && !slices.ContainsFunc(c.Labels, func(l string) bool { return strings.EqualFold(l, t) }) {
		r.entity.Labels = append(slices.Clone(c.Labels), t)
		r.dirty = true
	}
	r.addAlias(r.x.Name)
	for _, a := range (core.Entity{Attributes: r.x.Attributes}).Aliases() {
		r.addAlias(a)
	}
	for k, v := range r.x.Attributes {
		if k == core.AliasesAttribute {
			continue
		}
		if r.entity.Attributes == nil {
			r.entity.Attributes = map[string]any{}
		} else if !r.dirty {
			r.entity.Attributes = maps.Clone(r.entity.Attributes)
		}
		if old, ok := r.entity.Attributes[k]; !ok || fmt.Sprint(old) != fmt.Sprint(v) {
			r.entity.Attributes[k] = v
			r.dirty = true
		}
	}
}

// entityCandidates finds existing entities of the group that may be the
// one named, by cosine similarity of names and BM25 on name and summary.
func (pl *Pipeline) entityCandidates(ctx context.Context, o *overlay, name string, vec []float32) ([]core.Entity, error) {
	groups := []string{o.group}
	// Archived entities are candidates too: an episode that mentions one
	// again brings it back rather than making a twin.
	all := core.Filter{IncludeArchived: true}
	vh, err := o.VectorEntities(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: groups, Vector: vec, Limit: entityCandidates, MinScore: entityMinCosine, Filter: all})
	if err != nil {
		return nil, fmt.Errorf("find entity candidates by %s: %w", entityCandidateBy, err)
	}
	th, err := o.TextEntities(ctx, core.SearchQuery{Scope: core.ScopeEntities, Groups: groups, Text: name, Limit: entityCandidates, Filter: all})
	if err != nil {
		return nil, fmt.Errorf("find entity candidates by %s: %w", entityCandidateBy, err)
	}
	var ids []string
	seen := map[string]bool{}
	for _, h := range append(vh, th...) {
		if !seen[h.UUID] {
			seen[h.UUID] = true
			ids = append(ids, h.UUID)
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	return o.Entities(ctx, ids)
}

// acronymMatches returns the entities that are the acronym of name or whose
// acronym name is.
func acronymMatches(name string, ents []core.Entity) []core.Entity {
	key, acro := core.NormalizeName(name), core.Acronym(name)
	var out []core.Entity
	for _, en := range ents {
		if core.Acronym(en.Name) == key || acro != "" && core.NormalizeName(en.Name) == acro {
			out = append(out, en)
		}
	}
	return out
}
