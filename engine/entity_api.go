package engine

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// EntityNode is an entity saved by hand, outside extraction (Graphiti's
// save_entity_node).
type EntityNode struct {
	GroupID string
	// UUID names the entity: the group's entity with this uuid is renamed.
	// A uuid the group does not hold names the entity whose uuid is
	// RenamedUUID(GroupID, UUID), created if need be: the same uuid always
	// names the same entity of the group. Entity uuids are unique across
	// groups, so storing the client's uuid as it is would succeed or fail
	// depending on whether another group holds it, which would tell one
	// tenant of another's data. Empty: the group's entity whose
	// normalized name is Name's, if any, else a new entity.
	UUID string
	// Name is the entity's name, trimmed; it must not normalize to
	// nothing.
	Name string
	// Summary replaces the stored summary unless it is empty.
	Summary string
}

// SaveEntity creates or updates an entity by hand and returns it as
// stored (with its name embedding). It embeds the name, then, holding the
// group's write lock so that no ingestion batch of the group runs in
// between, reads the entity it updates and writes it in one transaction.
// Labels, attributes and creation time of an existing entity are kept.
func (e *Engine) SaveEntity(ctx context.Context, n EntityNode) (core.Entity, error) {
	if err := e.checkOpen(); err != nil {
		return core.Entity{}, err
	}
	if err := core.ValidateGroupID(n.GroupID); err != nil {
		return core.Entity{}, err
	}
	if n.UUID != "" {
		if err := core.ValidateUUID(n.UUID); err != nil {
			return core.Entity{}, err
		}
	}
	name := strings.TrimSpace(n.Name)
	key := core.NormalizeName(name)
	if key == "" {
		return core.Entity{}, invalidf("entity name is empty")
	}
	vecs, err := e.embedder.Embed(ctx, []string{name})
	if err != nil {
		return core.Entity{}, fmt.Errorf("embed entity name: %w", err)
	}
	if len(vecs) != 1 {
		return core.Entity{}, fmt.Errorf("%w: the embedder returned %d vectors for one name", core.ErrUnavailable, len(vecs))
	}

	unlock, err := e.lockGroup(ctx, n.GroupID)
	if err != nil {
		return core.Entity{}, err
	}
	defer unlock()
	var found []core.Entity
	if n.UUID != "" {
		found, err = e.store.Entities(ctx, []string{n.GroupID}, []string{n.UUID, RenamedUUID(n.GroupID, n.UUID)}, core.GetOptions{})
	} else {
		// An entity a merge took away is not the one of its name any more.
		found, err = e.store.EntitiesByName(ctx, n.GroupID, []string{key})
		found = core.VisibleEntities(found, time.Time{})
	}
	if err != nil {
		return core.Entity{}, fmt.Errorf("read entity: %w", err)
	}
	found = core.KeepGroups(e.log, []string{n.GroupID}, found, "entity", func(x core.Entity) (string, string) { return x.GroupID, x.UUID })
	var ent core.Entity
	if len(found) > 0 {
		ent = found[0]
	} else {
		ent = core.Entity{UUID: core.NewID(e.now()), GroupID: n.GroupID, CreatedAt: e.now()}
		if n.UUID != "" {
			ent.UUID = RenamedUUID(n.GroupID, n.UUID)
		}
	}
	ent.Name, ent.NameEmbedding = name, vecs[0]
	if n.Summary != "" {
		ent.Summary = n.Summary
	}
	if err := e.applyRetrying(ctx, core.Change{Group: n.GroupID, Entities: []core.Entity{ent}}); err != nil {
		return core.Entity{}, fmt.Errorf("save entity %s: %w", ent.UUID, err)
	}
	return ent, nil
}
