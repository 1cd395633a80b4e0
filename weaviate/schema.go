package weaviate

import (
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"

	"github.com/go-openapi/strfmt"
	"github.com/weaviate/weaviate/entities/models"

	"github.com/mnemohq/mnemo/core"
)

// names are the store's collection names.
type names struct {
	episode, entity, fact, community, record, owner, redo string
}

func newNames(prefix string) names {
	return names{
		episode: prefix + "Episode", entity: prefix + "Entity", fact: prefix + "Fact",
		community: prefix + "Community", record: prefix + "Record", owner: prefix + "Owner", redo: prefix + "Redo",
	}
}

// class returns the collection holding the objects of scope sc.
func (n names) class(sc core.Scope) string {
	switch sc {
	case core.ScopeEpisodes:
		return n.episode
	case core.ScopeEntities:
		return n.entity
	case core.ScopeFacts:
		return n.fact
	}
	return n.community
}

// grouped lists the multi-tenant collections, one tenant per group.
func (n names) grouped() []string {
	return []string{n.episode, n.entity, n.fact, n.community, n.record}
}

// Property kinds.
const (
	// key: a whole-field text, filterable, not searched by BM25.
	key = iota
	// keys: a list of whole-field texts, filterable.
	keys
	// words: text that BM25 searches, not filterable.
	words
	// stored: text kept and returned, not indexed.
	stored
	// storedList: a list of texts kept and returned, not indexed.
	storedList
	// micros: a time as Unix microseconds (core.Micros), filterable and
	// sortable; absent when unknown. It is a number, not an int: GraphQL's
	// Int has 32 bits. A float64 holds microseconds exactly between the
	// years 1685 and 2255.
	micros
	// number: an integer kept and returned.
	number
)

type prop struct {
	name string
	kind int
}

// Every object carries mid, mnemo's uuid (the Weaviate id is derived
// from it: objectID), and group, its group's id (the tenant name may be a
// hash of it: tenantOf).
var (
	episodeProps = []prop{
		{"mid", key}, {"group", key}, {"content", words}, {"name", stored}, {"source", key}, {"source_description", stored},
		{"status", key}, {"attempts", number}, {"error", stored}, {"warnings", storedList}, {"valid_at", micros}, {"created_at", micros},
		{"mentions", keys}, {"trust", key},
	}
	entityProps = []prop{
		{"mid", key}, {"group", key}, {"name", words}, {"summary", words}, {"labels", keys}, {"attributes", stored},
		{"name_key", key}, {"acronym", key}, {"created_at", micros}, {"archived_at", micros},
	}
	factProps = []prop{
		{"mid", key}, {"group", key}, {"relation", key}, {"relation_words", words}, {"text", words}, {"source_id", key}, {"target_id", key},
		{"episodes", keys}, {"attributes", stored}, {"valid_at", micros}, {"invalid_at", micros}, {"stated_invalid_at", micros},
		{"created_at", micros}, {"expired_at", micros}, {"invalidated_by", key}, {"archived_at", micros},
		{"trust", key}, {"quarantined_at", micros}, {"released_at", micros},
	}
	communityProps = []prop{
		{"mid", key}, {"group", key}, {"name", words}, {"summary", words}, {"members", keys}, {"created_at", micros},
	}
	ownerProps = []prop{{"kind", key}, {"mid", key}, {"group", key}}
	redoProps  = []prop{{"group", key}, {"change", stored}}

	// A record (record.go) keeps its group, kind and id, and its document
	// as text.
	recordProps = []prop{{"group", key}, {"kind", key}, {"record_id", key}, {"data", stored}}
)

// searchProps are the properties BM25 searches for each scope: what Kuzu
// indexes (an episode's content, an entity's or a community's name and
// summary, a fact's text and relation, split into words).
var searchProps = map[core.Scope][]string{
	core.ScopeEpisodes:    {"content"},
	core.ScopeEntities:    {"name", "summary"},
	core.ScopeFacts:       {"text", "relation_words"},
	core.ScopeCommunities: {"name", "summary"},
}

func (s *Store) classDef(name string, props []prop, tenants bool) *models.Class {
	yes, no := true, false
	c := &models.Class{
		Class:             name,
		Vectorizer:        "none",
		VectorIndexType:   "hnsw",
		VectorIndexConfig: map[string]any{"distance": "cosine"},
		InvertedIndexConfig: &models.InvertedIndexConfig{
			IndexNullState: true,
			Bm25:           &models.BM25Config{K1: 1.2, B: 0.75},
		},
		ReplicationConfig: &models.ReplicationConfig{Factor: int64(s.opts.ReplicationFactor)},
	}
	if s.opts.ReplicationFactor > 1 {
		// A replica back from an outage misses the writes made without
		// it, and a search at any consistency level does not repair what
		// a replica lacks: async replication brings it up to date. A
		// deletion it missed is resolved by time rather than left as a
		// conflict (the later of the write and the delete wins).
		c.ReplicationConfig.AsyncEnabled = true
		c.ReplicationConfig.DeletionStrategy = "TimeBasedResolution"
	}
	if tenants {
		c.MultiTenancyConfig = &models.MultiTenancyConfig{Enabled: true, AutoTenantCreation: true, AutoTenantActivation: true}
	} else {
		c.VectorIndexType = "flat"
	}
	for _, p := range props {
		mp := &models.Property{Name: p.name}
		switch p.kind {
		case key:
			mp.DataType, mp.Tokenization, mp.IndexFilterable, mp.IndexSearchable = []string{"text"}, "field", &yes, &no
		case keys:
			mp.DataType, mp.Tokenization, mp.IndexFilterable, mp.IndexSearchable = []string{"text[]"}, "field", &yes, &no
		case words:
			mp.DataType, mp.Tokenization, mp.IndexFilterable, mp.IndexSearchable = []string{"text"}, "word", &no, &yes
		case stored:
			mp.DataType, mp.IndexFilterable, mp.IndexSearchable = []string{"text"}, &no, &no
		case storedList:
			mp.DataType, mp.IndexFilterable, mp.IndexSearchable = []string{"text[]"}, &no, &no
		case micros:
			mp.DataType, mp.IndexFilterable = []string{"number"}, &yes
		case number:
			mp.DataType, mp.IndexFilterable = []string{"int"}, &no
		}
		c.Properties = append(c.Properties, mp)
	}
	return c
}

// recordDef is the records collection: multi-tenant, and without vectors,
// so with a flat index (one that stays empty) rather than an HNSW graph
// per tenant.
func (s *Store) recordDef() *models.Class {
	c := s.classDef(s.names.record, recordProps, true)
	c.VectorIndexType = "flat"
	return c
}

// ensureSchema creates the store's collections that do not exist yet.
func (s *Store) ensureSchema(ctx context.Context) error {
	defs := []*models.Class{
		s.classDef(s.names.episode, episodeProps, true),
		s.classDef(s.names.entity, entityProps, true),
		s.classDef(s.names.fact, factProps, true),
		s.classDef(s.names.community, communityProps, true),
		s.recordDef(),
		s.classDef(s.names.owner, ownerProps, false),
		s.classDef(s.names.redo, redoProps, false),
	}
	for _, c := range defs {
		ok, err := s.client.Schema().ClassExistenceChecker().WithClassName(c.Class).Do(ctx)
		if err != nil {
			return fail(ctx, "check collection "+c.Class, err)
		}
		if ok {
			if err := s.addMissingProps(ctx, c); err != nil {
				return err
			}
			continue
		}
		if err := s.client.Schema().ClassCreator().WithClass(c).Do(ctx); err != nil {
			// Another process may have created it meanwhile.
			if ok, err2 := s.client.Schema().ClassExistenceChecker().WithClassName(c.Class).Do(ctx); err2 == nil && ok {
				continue
			}
			return fail(ctx, "create collection "+c.Class, err)
		}
		s.opts.Logger.Info("weaviate: created collection", "collection", c.Class, "replication_factor", s.opts.ReplicationFactor)
	}
	return nil
}

// addMissingProps adds to an existing collection the properties of c it
// lacks: those a later mnemo added (archived_at, trust, quarantined_at, released_at). Objects written before
// have no value for them, which reads as an unknown time.
func (s *Store) addMissingProps(ctx context.Context, c *models.Class) error {
	have, err := s.client.Schema().ClassGetter().WithClassName(c.Class).Do(ctx)
	if err != nil {
		return fail(ctx, "read collection "+c.Class, err)
	}
	for _, p := range c.Properties {
		if slices.ContainsFunc(have.Properties, func(h *models.Property) bool { return h.Name == p.Name }) {
			continue
		}
		if err := s.client.Schema().PropertyCreator().WithClassName(c.Class).WithProperty(p).Do(ctx); err != nil {
			return fail(ctx, "add property "+p.Name+" to collection "+c.Class, err)
		}
	}
	return nil
}

// dropSchema deletes the store's collections and everything in them
// (tests).
func (s *Store) dropSchema(ctx context.Context) error {
	for _, c := range append(s.names.grouped(), s.names.owner, s.names.redo) {
		if err := s.client.Schema().ClassDeleter().WithClassName(c).Do(ctx); err != nil {
			return fail(ctx, "delete collection "+c, err)
		}
	}
	return nil
}

// tenantOf returns the tenant holding a group's objects. Weaviate's
// tenant names are 1 to 64 letters, digits, '-' and '_', and group ids
// may be longer and hold '.', ':' and '@'; a group id that is a valid
// tenant name without '_' is its own tenant, any other is "g_" and 32 hex
// digits of its SHA-256: the two forms never meet.
func tenantOf(group string) string {
	plain := len(group) <= 64
	for i := 0; plain && i < len(group); i++ {
		c := group[i]
		plain = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-'
	}
	if plain {
		return group
	}
	h := sha256.Sum256([]byte(group))
	return "g_" + hex.EncodeToString(h[:16])
}

// namespace is the UUIDv5 namespace of the store's object ids.
var namespace = [16]byte{0x6d, 0x6e, 0x65, 0x6d, 0x6f, 0x2d, 0x57, 0x76, 0x8a, 0x1e, 0x3c, 0x51, 0x0b, 0x2f, 0x9d, 0x47}

// objectID derives the Weaviate id of a mnemo object from its kind, group
// and uuid: a UUIDv5, so that writing the same object again replaces it.
func objectID(sc core.Scope, group, uuid string) strfmt.UUID {
	return uuidV5(string(sc) + "\x00" + group + "\x00" + uuid)
}

// ownerID is the id of the registry record of a mnemo uuid of a kind.
func ownerID(sc core.Scope, uuid string) strfmt.UUID {
	return uuidV5("owner\x00" + string(sc) + "\x00" + uuid)
}

// uuidV5 is RFC 9562's name-based UUID (SHA-1) of name in namespace.
func uuidV5(name string) strfmt.UUID {
	h := sha1.New()
	h.Write(namespace[:])
	h.Write([]byte(name))
	var b [16]byte
	copy(b[:], h.Sum(nil))
	b[6] = b[6]&0x0f | 0x50
	b[8] = b[8]&0x3f | 0x80
	return strfmt.UUID(fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16]))
}
