package weaviate

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/weaviate/weaviate/entities/models"

	"github.com/mnemohq/mnemo/core"
)

// Stored objects: core's objects and the links each holds. An episode
// holds its mentions (the entities it mentions), a fact its provenance
// (the episodes that state it) and its ends, a community its members, so
// that every link is written with one object and read with one
// tenant-scoped filter.

type episode struct {
	core.Episode
	mentions []string
}

type fact struct {
	core.Fact // Episodes holds the provenance, in no order
}

func fields(props []prop) []string {
	out := make([]string, len(props))
	for i, p := range props {
		out[i] = p.name
	}
	return out
}

var (
	episodeFields   = fields(episodeProps)
	entityFields    = fields(entityProps)
	factFields      = fields(factProps)
	communityFields = fields(communityProps)
)

func (s *Store) episodeObject(e *episode) *models.Object {
	p := map[string]any{
		"mid": e.UUID, "group": e.GroupID, "content": e.Content, "name": e.Name, "source": string(e.Source),
		"source_description": e.SourceDescription, "status": string(e.Status), "attempts": e.Attempts, "error": e.Error,
		"warnings": nonNil(normWarnings(e.Warnings)), "mentions": nonNil(e.mentions), "trust": e.Trust,
	}
	setTime(p, "valid_at", e.ValidAt)
	setTime(p, "created_at", e.CreatedAt)
	return &models.Object{Class: s.names.episode, ID: objectID(core.ScopeEpisodes, e.GroupID, e.UUID), Tenant: tenantOf(e.GroupID),
		Properties: p, Vector: e.Embedding}
}

func readEpisode(r row, vec bool) *episode {
	e := &episode{Episode: core.Episode{
		UUID: str(r.p, "mid"), GroupID: str(r.p, "group"), Name: str(r.p, "name"), Source: core.Source(str(r.p, "source")),
		SourceDescription: str(r.p, "source_description"), Content: str(r.p, "content"), ValidAt: timeOf(r.p, "valid_at"),
		CreatedAt: timeOf(r.p, "created_at"), Status: core.EpisodeStatus(str(r.p, "status")), Attempts: int(integer(r.p, "attempts")),
		Error: str(r.p, "error"), Warnings: strs(r.p, "warnings"), Trust: str(r.p, "trust"),
	}, mentions: strs(r.p, "mentions")}
	if vec {
		e.Embedding = r.vec
	}
	return e
}

func (s *Store) entityObject(e *core.Entity) *models.Object {
	p := map[string]any{
		"mid": e.UUID, "group": e.GroupID, "name": e.Name, "summary": e.Summary, "labels": nonNil(e.Labels),
		"attributes": attrsText(e.Attributes), "name_key": core.NormalizeName(e.Name), "acronym": core.Acronym(e.Name),
	}
	setTime(p, "created_at", e.CreatedAt)
	setTime(p, "archived_at", e.ArchivedAt)
	return &models.Object{Class: s.names.entity, ID: objectID(core.ScopeEntities, e.GroupID, e.UUID), Tenant: tenantOf(e.GroupID),
		Properties: p, Vector: e.NameEmbedding}
}

func readEntity(r row, vec bool) core.Entity {
	e := core.Entity{
		UUID: str(r.p, "mid"), GroupID: str(r.p, "group"), Name: str(r.p, "name"), Summary: str(r.p, "summary"),
		Labels: strs(r.p, "labels"), Attributes: attrsOf(str(r.p, "attributes")), CreatedAt: timeOf(r.p, "created_at"),
		ArchivedAt: timeOf(r.p, "archived_at"),
	}
	if vec {
		e.NameEmbedding = r.vec
	}
	return e
}

func (s *Store) factObject(f *fact) *models.Object {
	p := map[string]any{
		"mid": f.UUID, "group": f.GroupID, "relation": f.Relation, "relation_words": f.Relation, "text": f.Text,
		"source_id": f.SourceUUID, "target_id": f.TargetUUID, "episodes": nonNil(f.Episodes), "attributes": attrsText(f.Attributes),
		"invalidated_by": f.InvalidatedBy, "trust": f.Trust,
	}
	setTime(p, "valid_at", f.ValidAt)
	setTime(p, "invalid_at", f.InvalidAt)
	setTime(p, "stated_invalid_at", f.StatedInvalidAt)
	setTime(p, "created_at", f.CreatedAt)
	setTime(p, "expired_at", f.ExpiredAt)
	setTime(p, "archived_at", f.ArchivedAt)
	setTime(p, "quarantined_at", f.QuarantinedAt)
	setTime(p, "released_at", f.ReleasedAt)
	return &models.Object{Class: s.names.fact, ID: objectID(core.ScopeFacts, f.GroupID, f.UUID), Tenant: tenantOf(f.GroupID),
		Properties: p, Vector: f.Embedding}
}

func readFact(r row, vec bool) *fact {
	f := &fact{core.Fact{
		UUID: str(r.p, "mid"), GroupID: str(r.p, "group"), Relation: str(r.p, "relation"), Text: str(r.p, "text"),
		SourceUUID: str(r.p, "source_id"), TargetUUID: str(r.p, "target_id"), Episodes: strs(r.p, "episodes"),
		Attributes: attrsOf(str(r.p, "attributes")), ValidAt: timeOf(r.p, "valid_at"), InvalidAt: timeOf(r.p, "invalid_at"),
		StatedInvalidAt: timeOf(r.p, "stated_invalid_at"), CreatedAt: timeOf(r.p, "created_at"), ExpiredAt: timeOf(r.p, "expired_at"),
		InvalidatedBy: str(r.p, "invalidated_by"), ArchivedAt: timeOf(r.p, "archived_at"),
		Trust: str(r.p, "trust"), QuarantinedAt: timeOf(r.p, "quarantined_at"),
		ReleasedAt: timeOf(r.p, "released_at"),
	}}
	if vec {
		f.Embedding = r.vec
	}
	return f
}

// factTimes reads a fact row's timestamps as core's rule wants them.
func factTimes(r row) core.FactTimes {
	return core.FactTimes{
		Valid: microsOf(r.p, "valid_at"), Invalid: microsOf(r.p, "invalid_at"), StatedInvalid: microsOf(r.p, "stated_invalid_at"),
		Created: microsOf(r.p, "created_at"), Expired: microsOf(r.p, "expired_at"), Archived: microsOf(r.p, "archived_at"),
		Quarantined: microsOf(r.p, "quarantined_at"), Released: microsOf(r.p, "released_at"),
	}
}

func (s *Store) communityObject(c *core.Community) *models.Object {
	members := slices.Compact(slices.Sorted(slices.Values(c.Members)))
	p := map[string]any{"mid": c.UUID, "group": c.GroupID, "name": c.Name, "summary": c.Summary, "members": nonNil(members)}
	setTime(p, "created_at", c.CreatedAt)
	return &models.Object{Class: s.names.community, ID: objectID(core.ScopeCommunities, c.GroupID, c.UUID), Tenant: tenantOf(c.GroupID),
		Properties: p, Vector: c.NameEmbedding}
}

func readCommunity(r row, vec bool) core.Community {
	c := core.Community{
		UUID: str(r.p, "mid"), GroupID: str(r.p, "group"), Name: str(r.p, "name"), Summary: str(r.p, "summary"),
		Members: strs(r.p, "members"), CreatedAt: timeOf(r.p, "created_at"),
	}
	if vec {
		c.NameEmbedding = r.vec
	}
	return c
}

func (s *Store) ownerObject(sc core.Scope, uuid, group string) *models.Object {
	return &models.Object{Class: s.names.owner, ID: ownerID(sc, uuid), Properties: map[string]any{"kind": string(sc), "mid": uuid, "group": group}}
}

// attrsText encodes attributes as JSON, empty for none.
func attrsText(m map[string]any) string {
	if len(m) == 0 {
		return ""
	}
	b, err := json.Marshal(m)
	if err != nil {
		return "" // Change.Validate checked that they encode
	}
	return string(b)
}

// attrsOf decodes attributes: numbers are float64 and structs maps, as
// every store reads them back; none is nil.
func attrsOf(s string) map[string]any {
	if s == "" {
		return nil
	}
	var m map[string]any
	if json.Unmarshal([]byte(s), &m) != nil || len(m) == 0 {
		return nil
	}
	return m
}

// normWarnings keeps each warning on one line, as Kuzu stores them; none
// is nil.
func normWarnings(ws []string) []string {
	var out []string
	for _, w := range ws {
		out = append(out, strings.Join(strings.Fields(w), " "))
	}
	if len(out) == 1 && out[0] == "" {
		return nil
	}
	return out
}

// nonNil gives Weaviate an empty list for nil, so that the property is
// replaced rather than left out.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
