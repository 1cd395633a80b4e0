package core

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
)

// Change is one atomic write (Writer.Apply).
//
// What makes a change valid is decided here, once, for every store:
// Validate checks everything that can be checked without the stored graph.
// A store checks the rest against what it holds, in the transaction that
// writes the change, and refuses the whole change when any check fails:
//
//   - an entity, fact or community of the change stored already in
//     another group is ErrConflict, and so is a fact whose stored endpoints
//     differ from the change's (a fact's endpoints never change); an
//     episode is the group's own whatever other groups hold (Store);
//   - a fact's endpoints, the entities of Mentions and community members
//     must be entities of the group, stored or in the change, and the
//     episodes of Mentions and of Fact.Episodes episodes of the group:
//     ErrInvalid otherwise;
//   - deleting an entity that a fact still has as an endpoint after the
//     change is ErrConflict.
type Change struct {
	// Group is the group the change writes to. It may be left empty when
	// an object of the change names the group; a change that only links
	// or deletes must set it.
	Group string
	// Episodes are updated (status, attempts, error) or, if new, inserted.
	Episodes []Episode
	// Entities are inserted or replace the stored entity with the same
	// uuid. A nil NameEmbedding keeps the stored vector.
	Entities []Entity
	// Facts are inserted or replace the stored fact with the same uuid
	// (endpoints cannot change). A nil Embedding keeps the stored vector.
	// Episodes lists provenance to add; provenance is removed only with a
	// deleted episode or fact.
	Facts []Fact
	// Mentions link episodes to the entities they mention.
	Mentions []Mention
	// Communities are inserted or replace the stored community, members
	// included.
	Communities []Community
	// DeleteCommunities removes communities by uuid.
	DeleteCommunities []string
	// DeleteEpisodes, DeleteFacts and DeleteEntities remove objects of the
	// group by uuid, after every other write of the change, with their
	// embeddings and their relationships: the mentions of a deleted
	// episode or entity, the provenance a deleted episode gave (it leaves
	// Fact.Episodes of the facts it stated, which stay), a deleted
	// fact's links to its endpoints and episodes, a deleted entity's
	// community memberships. Uuids that name no object of the group are
	// skipped. Apply removes nothing else and restores nothing: which
	// facts and entities an episode's deletion takes with it, and which
	// invalidated facts it restores, is the Engine's decision
	// (Engine.DeleteEpisode, Engine.DeleteFact).
	DeleteEpisodes []string
	DeleteFacts    []string
	DeleteEntities []string
}

// Mention says that an episode mentions an entity.
type Mention struct {
	Episode, Entity string
}

// links reports whether the change writes relationships or deletions,
// which name no group of their own.
func (c *Change) links() bool {
	return len(c.Mentions) > 0 || len(c.DeleteCommunities) > 0 ||
		len(c.DeleteEpisodes) > 0 || len(c.DeleteFacts) > 0 || len(c.DeleteEntities) > 0
}

// Validate checks what makes a change valid whatever is stored, for a store
// whose embeddings have dimension dim (zero: not checked), and returns the
// group it writes to, empty for a change that writes nothing. Every object
// must have a valid uuid and belong to the one group of the change; an
// episode must pass Episode.Validate, an entity have a name and valid
// labels, a fact a source, a target, a relation and a text; attributes
// must encode as JSON, and embeddings have dimension dim and finite
// components. The errors wrap ErrInvalid. The checks that need the stored
// graph are the store's (see Change).
func (c *Change) Validate(dim int) (string, error) {
	group := ""
	if c.Group != "" {
		if err := ValidateGroupID(c.Group); err != nil {
			return "", fmt.Errorf("change: %w", err)
		}
		group = c.Group
	}
	same := func(kind, uuid, g string) error {
		if err := ValidateUUID(uuid); err != nil {
			return fmt.Errorf("%s: %w", kind, err)
		}
		if err := ValidateGroupID(g); err != nil {
			return fmt.Errorf("%s %s: %w", kind, uuid, err)
		}
		if group == "" {
			group = g
		} else if g != group {
			return invalidf("a change spans groups %q and %q", group, g)
		}
		return nil
	}
	for _, ep := range c.Episodes {
		if err := same("episode", ep.UUID, ep.GroupID); err != nil {
			return "", err
		}
		if err := ep.Validate(0); err != nil {
			return "", fmt.Errorf("episode %s: %w", ep.UUID, err)
		}
		if err := ValidateVector("episode embedding", ep.Embedding, dim); err != nil {
			return "", err
		}
	}
	for _, e := range c.Entities {
		if err := same("entity", e.UUID, e.GroupID); err != nil {
			return "", err
		}
		if strings.TrimSpace(e.Name) == "" {
			return "", invalidf("entity %s has no name", e.UUID)
		}
		for _, l := range e.Labels {
			if err := ValidateLabel(l); err != nil {
				return "", fmt.Errorf("entity %s: %w", e.UUID, err)
			}
		}
		if err := ValidateVector("entity embedding", e.NameEmbedding, dim); err != nil {
			return "", err
		}
		if err := validateAttributes(e.Attributes); err != nil {
			return "", fmt.Errorf("entity %s: %w", e.UUID, err)
		}
	}
	for _, f := range c.Facts {
		if err := same("fact", f.UUID, f.GroupID); err != nil {
			return "", err
		}
		if f.SourceUUID == "" || f.TargetUUID == "" {
			return "", invalidf("fact %s needs a source and a target", f.UUID)
		}
		if strings.TrimSpace(f.Text) == "" || strings.TrimSpace(f.Relation) == "" {
			return "", invalidf("fact %s needs a relation and a text", f.UUID)
		}
		if err := ValidateVector("fact embedding", f.Embedding, dim); err != nil {
			return "", err
		}
		if err := validateAttributes(f.Attributes); err != nil {
			return "", fmt.Errorf("fact %s: %w", f.UUID, err)
		}
	}
	for _, cm := range c.Communities {
		if err := same("community", cm.UUID, cm.GroupID); err != nil {
			return "", err
		}
		if err := ValidateVector("community embedding", cm.NameEmbedding, dim); err != nil {
			return "", err
		}
	}
	for _, del := range []struct {
		kind string
		ids  []string
	}{
		{"deleted community", c.DeleteCommunities}, {"deleted episode", c.DeleteEpisodes},
		{"deleted fact", c.DeleteFacts}, {"deleted entity", c.DeleteEntities},
	} {
		for _, id := range del.ids {
			if err := ValidateUUID(id); err != nil {
				return "", fmt.Errorf("%s: %w", del.kind, err)
			}
		}
	}
	if group == "" && c.links() {
		return "", invalidf("a change with links or deletions must name its group (Group, or an object of the group)")
	}
	return group, nil
}

// ValidateNewEpisodes checks episodes for EpisodeStore.AddEpisodes, for a
// store whose embeddings have dimension dim (zero: not checked): each
// needs a uuid and a creation time and must pass Episode.Validate. The
// errors wrap ErrInvalid.
func ValidateNewEpisodes(eps []Episode, dim int) error {
	for i := range eps {
		ep := &eps[i]
		if ep.UUID == "" {
			return invalidf("episode %d has no uuid", i)
		}
		if err := ep.Validate(0); err != nil {
			return fmt.Errorf("episode %s: %w", ep.UUID, err)
		}
		if ep.CreatedAt.IsZero() {
			return invalidf("episode %s has no creation time", ep.UUID)
		}
		if err := ValidateVector("episode embedding", ep.Embedding, dim); err != nil {
			return err
		}
	}
	return nil
}

// ValidateVector checks an embedding (what names it in the error) for a
// store of dimension dim: nil is valid (no embedding); otherwise it must
// have dim components (any number when dim is zero), none NaN or infinite.
func ValidateVector(what string, v []float32, dim int) error {
	if v == nil {
		return nil
	}
	if dim > 0 && len(v) != dim {
		return invalidf("%s has dimension %d, the store's is %d", what, len(v), dim)
	}
	for _, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return invalidf("%s holds NaN or Inf", what)
		}
	}
	return nil
}

// validateAttributes checks that attributes encode as JSON, the form every
// store keeps and every surface returns them in.
func validateAttributes(m map[string]any) error {
	if len(m) == 0 {
		return nil
	}
	if _, err := json.Marshal(m); err != nil {
		return invalidf("attributes are not JSON: %s", err)
	}
	return nil
}

// CheckReferences checks that every entity and episode the change refers
// to (fact endpoints and provenance, mentions, community members) is in
// the change itself or stored in the group, as storedEntity and
// storedEpisode report. A missing one is an error wrapping ErrInvalid.
// Stores call it with their own view of the group's stored state.
func (c *Change) CheckReferences(group string, storedEntity, storedEpisode func(id string) bool) error {
	entities, episodes := make(map[string]bool, len(c.Entities)), make(map[string]bool, len(c.Episodes))
	for _, e := range c.Entities {
		entities[e.UUID] = true
	}
	for _, e := range c.Episodes {
		episodes[e.UUID] = true
	}
	hasEntity := func(what, id string) error {
		if !entities[id] && !storedEntity(id) {
			return fmt.Errorf("%s: %w: entity %s does not exist in group %s", what, ErrInvalid, id, group)
		}
		return nil
	}
	hasEpisode := func(id string) error {
		if !episodes[id] && !storedEpisode(id) {
			return fmt.Errorf("provenance: %w: episode %s does not exist in group %s", ErrInvalid, id, group)
		}
		return nil
	}
	for _, f := range c.Facts {
		if err := hasEntity("fact endpoints", f.SourceUUID); err != nil {
			return err
		}
		if err := hasEntity("fact endpoints", f.TargetUUID); err != nil {
			return err
		}
		for _, ep := range f.Episodes {
			if err := hasEpisode(ep); err != nil {
				return err
			}
		}
	}
	for _, m := range c.Mentions {
		if err := hasEpisode(m.Episode); err != nil {
			return err
		}
		if err := hasEntity("mentions", m.Entity); err != nil {
			return err
		}
	}
	for _, cm := range c.Communities {
		for _, m := range cm.Members {
			if err := hasEntity("community members", m); err != nil {
				return err
			}
		}
	}
	return nil
}
