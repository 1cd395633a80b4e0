package core

import (
	"context"
	"time"
)

// Store is what the pipeline needs from storage. It is composed of small
// interfaces so that each concern is documented on its own; package kuzu
// implements all of it on an embedded Kuzu database.
//
// Every method that reads takes the groups the caller may see and never
// returns an object of another group, whatever the method. A uuid of another
// group reads as ErrNotFound (or is skipped by batch reads), never as that
// group's data.
//
// Episodes are identified by group and uuid: an episode's uuid may be
// chosen by the client that sends it, so two groups may each hold an
// episode of the same uuid, and nothing a group does with its own
// (adding, reading, updating, searching, deleting) depends on or touches
// the other's. Entities, facts and communities have uuids the engine makes,
// unique across groups.
//
// Implementations are safe for concurrent use. Returned slices and maps
// belong to the caller.
type Store interface {
	EpisodeStore
	EntityStore
	FactStore
	CommunityStore
	Writer
	Searcher
	// Dimension is the embedding dimension fixed when the store was created.
	Dimension() int
	// Stats counts what a group holds.
	Stats(ctx context.Context, group string) (Stats, error)
	// Groups lists the groups that hold at least one episode, in
	// ascending order.
	Groups(ctx context.Context) ([]string, error)
	// Close releases the store. It is idempotent and succeeds even when ctx
	// is done.
	Close(ctx context.Context) error
}

// Stats counts the objects of a group.
type Stats struct {
	Episodes, PendingEpisodes, FailedEpisodes int
	Entities                                  int
	Facts, CurrentFacts                       int
	Communities                               int
}

// Page is one page of a listing. Next is the cursor of the following page,
// empty on the last page.
type Page[T any] struct {
	Items []T
	Next  string
}

// ListOptions pages through a listing.
type ListOptions struct {
	// Limit is the page size. Zero means 100; more than 1000 is cut to 1000.
	Limit int
	// Cursor is the Next of the previous page; empty starts at the beginning.
	Cursor string
	// Filter restricts the listing (labels for entities; relations and time
	// for facts, where the zero Filter means facts valid now).
	Filter Filter
	// Embeddings loads embeddings with the objects.
	Embeddings bool
	// Status, when set, keeps the episodes with this status (ListEpisodes
	// only).
	Status EpisodeStatus
}

// GetOptions tunes a batch read.
type GetOptions struct {
	// Embeddings loads embeddings with the objects.
	Embeddings bool
}

// EpisodeStore stores episodes and serves the ingestion queue.
type EpisodeStore interface {
	// AddEpisodes stores new episodes as pending, in one transaction, before
	// any extraction. Each episode must have a UUID, a CreatedAt and pass
	// Validate. Re-sending an episode whose uuid exists in the same group
	// with the same source, content and reference time is a no-op (created
	// is false for it); any other reuse of a uuid in the group is
	// ErrConflict and nothing of the batch is stored. Another group's
	// episode of the same uuid is another episode.
	AddEpisodes(ctx context.Context, eps []Episode) (created []bool, err error)
	// Episodes reads episodes by uuid, in the order asked; unknown uuids
	// and uuids of other groups are skipped.
	Episodes(ctx context.Context, groups []string, uuids []string, opts GetOptions) ([]Episode, error)
	// ListEpisodes lists a group's episodes by reference time, then uuid.
	ListEpisodes(ctx context.Context, group string, opts ListOptions) (Page[Episode], error)
	// PendingGroups lists the groups that have pending episodes.
	PendingGroups(ctx context.Context) ([]string, error)
	// PendingEpisodes returns up to limit pending episodes of a group in
	// (reference time, uuid) order.
	PendingEpisodes(ctx context.Context, group string, limit int) ([]Episode, error)
	// PreviousEpisodes returns up to n episodes of ep's group that come
	// before ep in (reference time, uuid) order, oldest first.
	PreviousEpisodes(ctx context.Context, ep Episode, n int) ([]Episode, error)
	// EpisodeLinks returns the uuids of the entities an episode mentions and
	// of the facts it states.
	EpisodeLinks(ctx context.Context, groups []string, uuid string) (Links, error)
}

// Links are the objects an episode produced.
type Links struct {
	Entities []string
	Facts    []string
}

// EntityStore reads entities.
type EntityStore interface {
	// Entities reads entities by uuid, in the order asked; unknown uuids are
	// skipped.
	Entities(ctx context.Context, groups []string, uuids []string, opts GetOptions) ([]Entity, error)
	// EntityNames returns the names of the entities of groups among uuids,
	// by uuid; unknown uuids are left out. It is cheap enough to call for
	// every fact a search returns.
	EntityNames(ctx context.Context, groups []string, uuids []string) (map[string]string, error)
	// ListEntities lists a group's entities in creation order.
	ListEntities(ctx context.Context, group string, opts ListOptions) (Page[Entity], error)
	// EntitiesByName returns a group's entities whose normalized name
	// (NormalizeName) or acronym (Acronym) is one of keys.
	EntitiesByName(ctx context.Context, group string, keys []string) ([]Entity, error)
	// EntityEpisodes returns the uuids of the episodes that mention an
	// entity, oldest first.
	EntityEpisodes(ctx context.Context, groups []string, uuid string) ([]string, error)
	// EntityReferences counts, for each entity of group among uuids, the
	// episodes that mention it and the facts that have it as an endpoint,
	// expired and invalidated ones included: what keeps an entity in the
	// graph (Engine.DeleteEpisode). Unknown uuids and other groups'
	// entities are left out.
	EntityReferences(ctx context.Context, group string, uuids []string) (map[string]References, error)
}

// References counts what refers to an entity.
type References struct {
	// Mentions counts the episodes that mention the entity.
	Mentions int
	// Facts counts the facts with the entity as an endpoint.
	Facts int
}

// FactStore reads facts. Facts come with Episodes filled in.
type FactStore interface {
	// Facts reads facts by uuid, in the order asked; unknown uuids are
	// skipped. Invalidated and expired facts are returned too.
	Facts(ctx context.Context, groups []string, uuids []string, opts GetOptions) ([]Fact, error)
	// ListFacts lists a group's facts in creation order. The Filter applies;
	// its zero value lists the facts valid now (Filter.Now).
	ListFacts(ctx context.Context, group string, opts ListOptions) (Page[Fact], error)
	// FactsBetween returns all facts between two entities, in either
	// direction, including invalidated ones.
	FactsBetween(ctx context.Context, group, a, b string) ([]Fact, error)
	// FactsOfEntities returns facts with at least one endpoint in uuids that
	// are not expired, newest first, at most limit (0: no limit).
	FactsOfEntities(ctx context.Context, group string, uuids []string, limit int) ([]Fact, error)
	// FactHistoryOfEntities returns every fact of group with at least one
	// endpoint in uuids, expired, invalidated and archived ones included,
	// each once, newest (greatest uuid) first: what a view of the past
	// reads of the entities (their summaries as of then, Engine.EntityHistory).
	// Unknown uuids and other groups' entities are skipped.
	FactHistoryOfEntities(ctx context.Context, group string, uuids []string) ([]Fact, error)
	// FactsInvalidatedBy returns a group's facts whose InvalidatedBy is one
	// of by (the uuids of the facts or episodes that retired them), in uuid
	// order: the facts deleting those would restore (Engine.DeleteFact,
	// Engine.DeleteEpisode). Other groups' facts are never returned.
	FactsInvalidatedBy(ctx context.Context, group string, by []string) ([]Fact, error)
}

// CommunityStore reads communities and the projection they are built from.
type CommunityStore interface {
	// Communities reads communities by uuid, members included.
	Communities(ctx context.Context, groups []string, uuids []string, opts GetOptions) ([]Community, error)
	// ListCommunities lists a group's communities, members included.
	ListCommunities(ctx context.Context, group string, opts ListOptions) (Page[Community], error)
	// EntityGraph returns a group's entities and, for each pair connected by
	// current facts, the number of such facts.
	EntityGraph(ctx context.Context, group string) (EntityGraph, error)
	// CommunitiesOf maps entity uuids to the uuid of their community.
	CommunitiesOf(ctx context.Context, group string, entities []string) (map[string]string, error)
}

// EntityGraph is the weighted, undirected projection of a group's entity
// graph used to find communities.
type EntityGraph struct {
	Nodes []string
	Edges []WeightedEdge
}

// WeightedEdge joins two entities with the number of facts between them.
type WeightedEdge struct {
	A, B   string
	Weight int
}

// Writer changes the graph. Writes are serialized by the store.
type Writer interface {
	// Apply writes a Change in one transaction: all of it or none of it.
	// Deleting an episode or a fact goes through Apply too (Change), the
	// engine deciding what goes with it (Engine.DeleteEpisode).
	Apply(ctx context.Context, c Change) error
	// DeleteGroup removes everything a group holds: bulk work a store does
	// its own way.
	DeleteGroup(ctx context.Context, group string) (Deleted, error)
}

// QuietUpkeep is a Store whose upkeep stalls its writes for a while
// (package kuzu: a checkpoint, 100 to 300 ms) and can hold it for a
// moment when nothing waits on them. The engine says when ingestion has
// work in progress.
type QuietUpkeep interface {
	// HoldUpkeepWhile makes the store hold such upkeep while busy reports
	// true, within bounds of the store's own, and returns the function
	// to call when busy has turned false. busy is called from the
	// store's goroutines and must not call the store.
	HoldUpkeepWhile(busy func() bool) (quiet func())
}

// CurrentPairReader is a FactStore that reads the facts between two
// entities that are not expired without reading the others: ingestion's
// resolution compares each new fact with those alone, and a pair stated
// again and again accumulates expired ones (package kuzu).
type CurrentPairReader interface {
	// CurrentFactsBetween returns what FactsBetween returns, less the
	// facts with an ExpiredAt.
	CurrentFactsBetween(ctx context.Context, group, a, b string) ([]Fact, error)
}

// Deleted counts what a delete removed.
type Deleted struct {
	Episodes, Entities, Facts, Communities int
	// Restored counts facts whose invalidation was undone because the fact
	// or the episode that invalidated them was deleted.
	Restored int
}

// Searcher finds candidates for retrieval (φ). Every method is restricted to
// q.Groups before any top-k cut, so a group never loses results to another
// group's data.
//
// Searches and traversals keep the objects of their groups that pass their
// Filter and, of entities and facts, that no merge hides
// (Filter.KeepsMerged); they apply both before cutting at the limit, so a
// page is short only when fewer objects pass.
type Searcher interface {
	// VectorSearch returns the objects of q.Scope closest to q.Vector by
	// cosine similarity (Hit.Score), best first.
	VectorSearch(ctx context.Context, q SearchQuery) ([]Hit, error)
	// TextSearch returns the objects of q.Scope matching q.Text by BM25
	// (Hit.Score), best first.
	TextSearch(ctx context.Context, q SearchQuery) ([]Hit, error)
	// Traverse walks the graph breadth-first from seeds and returns the
	// objects of q.Scope within q.Depth fact hops, nearest first
	// (Hit.Distance; Score is 1/Distance).
	Traverse(ctx context.Context, q TraverseQuery) ([]Hit, error)
	// Distances returns the shortest distance in fact hops from center to
	// each of entities, up to maxHops; farther or unreachable entities are
	// absent. The center itself is at distance 0.
	Distances(ctx context.Context, groups []string, center string, entities []string, maxHops int) (map[string]int, error)
	// MentionCounts returns, for facts, the number of episodes that state
	// each one and, for entities, the number of episodes that mention it.
	MentionCounts(ctx context.Context, scope Scope, groups []string, uuids []string) (map[string]int, error)
}

// Scope is the kind of object a search or listing returns.
type Scope string

// Scopes.
const (
	ScopeFacts       Scope = "facts"
	ScopeEntities    Scope = "entities"
	ScopeEpisodes    Scope = "episodes"
	ScopeCommunities Scope = "communities"
)

// Scopes lists every scope in the order results are shown.
var Scopes = []Scope{ScopeFacts, ScopeEntities, ScopeEpisodes, ScopeCommunities}

// Valid reports whether s is a known scope.
func (s Scope) Valid() bool {
	switch s {
	case ScopeFacts, ScopeEntities, ScopeEpisodes, ScopeCommunities:
		return true
	}
	return false
}

// SearchQuery asks a Searcher for candidates.
type SearchQuery struct {
	Scope  Scope
	Groups []string
	// Vector is the query embedding (VectorSearch).
	Vector []float32
	// Text is the query text (TextSearch).
	Text  string
	Limit int
	// MinScore drops hits scoring below it (VectorSearch: cosine).
	MinScore float64
	Filter   Filter
}

// TraverseQuery asks for the neighbourhood of seed nodes.
type TraverseQuery struct {
	Scope  Scope
	Groups []string
	// Seeds are entity or episode uuids. An episode seed reaches the
	// entities it mentions in one hop.
	Seeds []string
	// Depth is the largest number of fact hops; zero means 1.
	Depth  int
	Limit  int
	Filter Filter
}

// Hit is one candidate found by a search method.
type Hit struct {
	UUID  string
	Score float64
	// Distance is the hop count for Traverse hits.
	Distance int
}

// Filter restricts searches and listings. The zero Filter, applied to facts,
// keeps the facts valid at Now: not expired and not ended.
type Filter struct {
	// Labels keeps entities carrying all of these labels; for facts, facts
	// with at least one endpoint carrying all of them.
	Labels []string
	// Relations keeps facts whose relation is one of these.
	Relations []string
	// Time keeps objects matching any of the groups, each group being a
	// conjunction of conditions (OR of ANDs).
	Time [][]TimeCondition
	// ValidAt, when set, keeps facts that were true at that event time,
	// invalidated ones included (history).
	ValidAt time.Time
	// KnownAt, when set, sees the graph as mnemo knew it at that system
	// time: facts created after it are hidden and later invalidations are
	// undone. Combined with ValidAt it answers "what did we believe at
	// KnownAt about ValidAt".
	KnownAt time.Time
	// IncludeInvalid keeps ended and expired facts too.
	IncludeInvalid bool
	// IncludeArchived keeps the entities and facts evolution archived
	// (Engine.Evolve). Without it they are left out, unless KnownAt is
	// before they were archived.
	IncludeArchived bool
	// IncludeQuarantined keeps the facts held in quarantine
	// (Fact.QuarantinedAt): without it they are left out.
	IncludeQuarantined bool
	// Now is the time "valid now" refers to. The engine sets it.
	Now time.Time
}

// TimeField names one of the timestamps a condition tests.
type TimeField string

// Time fields. Facts have all five; episodes have valid_at (the reference
// time) and created_at; entities and communities have created_at.
// FieldQuarantinedAt with OpNotNull and Filter.IncludeQuarantined keeps
// only the facts held in quarantine.
const (
	FieldValidAt       TimeField = "valid_at"
	FieldInvalidAt     TimeField = "invalid_at"
	FieldCreatedAt     TimeField = "created_at"
	FieldExpiredAt     TimeField = "expired_at"
	FieldQuarantinedAt TimeField = "quarantined_at"
)

// CompareOp compares a timestamp with a value.
type CompareOp string

// Comparison operators. IsNull and NotNull ignore the value.
const (
	OpEq      CompareOp = "="
	OpNe      CompareOp = "<>"
	OpLt      CompareOp = "<"
	OpLe      CompareOp = "<="
	OpGt      CompareOp = ">"
	OpGe      CompareOp = ">="
	OpIsNull  CompareOp = "is_null"
	OpNotNull CompareOp = "is_not_null"
)

// TimeCondition is one comparison of a timestamp.
type TimeCondition struct {
	Field TimeField
	Op    CompareOp
	Value time.Time
}

// Validate checks the filter's fields for a scope.
func (f *Filter) Validate(scope Scope) error {
	for _, l := range f.Labels {
		if err := ValidateLabel(l); err != nil {
			return err
		}
	}
	for _, group := range f.Time {
		for _, c := range group {
			switch c.Op {
			case OpEq, OpNe, OpLt, OpLe, OpGt, OpGe:
				if c.Value.IsZero() {
					return invalidf("time condition on %s %s needs a value", c.Field, c.Op)
				}
			case OpIsNull, OpNotNull:
			default:
				return invalidf("time condition operator %q is unknown", c.Op)
			}
			ok := false
			switch scope {
			case ScopeFacts:
				ok = c.Field == FieldValidAt || c.Field == FieldInvalidAt || c.Field == FieldCreatedAt || c.Field == FieldExpiredAt || c.Field == FieldQuarantinedAt
			case ScopeEpisodes:
				ok = c.Field == FieldValidAt || c.Field == FieldCreatedAt
			case ScopeEntities, ScopeCommunities:
				ok = c.Field == FieldCreatedAt
			}
			if !ok {
				return invalidf("time field %q does not apply to %s", c.Field, scope)
			}
		}
	}
	return nil
}
