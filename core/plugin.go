package core

import (
	"context"
	"time"
)

// The interfaces in this file are the seams a tenant customizes. Package
// wasm adapts WebAssembly plugins to them; core also has built-in
// implementations (the rerankers in rerank.go).

// Extractor turns an episode into entities and facts.
type Extractor interface {
	Extract(ctx context.Context, req ExtractRequest) (Extraction, error)
}

// EntityResolver decides which extracted entities are existing ones.
type EntityResolver interface {
	ResolveEntities(ctx context.Context, req EntityResolveRequest) ([]EntityAnswer, error)
}

// FactResolver finds duplicates of and contradictions to new facts.
type FactResolver interface {
	ResolveFacts(ctx context.Context, req FactResolveRequest) ([]FactAnswer, error)
}

// Reranker orders search candidates.
type Reranker interface {
	Rerank(ctx context.Context, req RerankRequest) ([]Scored, error)
}

// Summarizer writes a summary and a short name for a set of texts (the
// members of a community).
type Summarizer interface {
	Summarize(ctx context.Context, req SummarizeRequest) (Summary, error)
}

// Ontology is a tenant's vocabulary: the entity and fact types extraction
// should use. It is configuration (JSON), not code.
type Ontology struct {
	EntityTypes []EntityType
	FactTypes   []FactType
	// ExcludedEntityTypes are types whose entities are dropped.
	ExcludedEntityTypes []string
	// Instructions are extra guidance for the extractor.
	Instructions string
}

// EntityType is one type of entity.
type EntityType struct {
	Name        string
	Description string
	Attributes  []AttributeField
	// HalfLife is how fast the importance of entities of this type decays
	// when unused (EvolveConfig.HalfLife); zero uses the configured one.
	HalfLife time.Duration
}

// FactType is one type of relation, with the entity types allowed at its
// ends (empty: any).
type FactType struct {
	Name        string
	Description string
	SourceTypes []string
	TargetTypes []string
	Attributes  []AttributeField
	// HalfLife is how fast the importance of facts of this type decays
	// when unused, as for EntityType.HalfLife.
	HalfLife time.Duration
}

// AttributeField is one attribute an entity or fact type carries.
type AttributeField struct {
	Name        string
	Description string
}

// ExtractRequest is what an extractor sees: the episode, the episodes before
// it for context, and the tenant's ontology.
type ExtractRequest struct {
	Episode  Episode
	Previous []Episode
	Ontology *Ontology
}

// Extraction is what an extractor found in one episode.
type Extraction struct {
	Entities []ExtractedEntity
	Facts    []ExtractedFact
	// Warnings are notes for the operator (a truncated episode, a dropped
	// fact), logged and counted.
	Warnings []string
}

// ExtractedEntity is an entity as extracted, before resolution.
type ExtractedEntity struct {
	Name string
	// Type is an entity type of the ontology, or empty.
	Type       string
	Summary    string
	Attributes map[string]any
}

// ExtractedFact is a fact as extracted. Source and Target are names of
// entities of the same extraction.
type ExtractedFact struct {
	Source, Target string
	Relation       string
	Text           string
	// ValidAt and InvalidAt are resolved against the episode's reference
	// time; zero when the episode does not say.
	ValidAt, InvalidAt time.Time
	Attributes         map[string]any
	// Rule names what produced the fact, when the extractor says: a rule
	// of a rule-based extractor, the model of an LLM's (core.WhyStep).
	Rule string
}

// EntityResolveRequest asks which extracted entities duplicate existing
// ones. All questions of an episode go in one request.
type EntityResolveRequest struct {
	Episode   Episode
	Questions []EntityQuestion
}

// EntityQuestion is one extracted entity with its candidates.
type EntityQuestion struct {
	ID         int
	Entity     ExtractedEntity
	Candidates []Entity
}

// EntityAnswer resolves one question. DuplicateOf is the uuid of the
// existing entity (a candidate of that question) or empty for a new entity;
// Name is the best name for the merged entity (empty: keep).
type EntityAnswer struct {
	ID          int
	DuplicateOf string
	Name        string
}

// FactResolveRequest asks, for each new fact, which existing facts it
// duplicates and which it contradicts. All questions of an episode go in one
// request.
type FactResolveRequest struct {
	Episode   Episode
	Questions []FactQuestion
	// Names maps the uuids of every entity the facts touch to its name.
	Names map[string]string
}

// FactQuestion is one new fact. Existing are the facts between the same two
// entities (duplicate candidates); Related are other facts close to it in
// the graph (contradiction candidates). Existing facts may be contradicted
// too.
type FactQuestion struct {
	ID       int
	Fact     Fact
	Existing []Fact
	Related  []Fact
}

// FactAnswer resolves one question with uuids taken from its candidates.
type FactAnswer struct {
	ID          int
	Duplicates  []string
	Contradicts []string
}

// RerankRequest is a reranker's input: the query and the candidates of one
// scope with their features.
type RerankRequest struct {
	Query      string
	Scope      Scope
	Candidates []RerankCandidate
	Limit      int
	Now        time.Time
}

// RerankCandidate is one candidate with what is known about it.
type RerankCandidate struct {
	UUID string
	Text string
	// Scores and Ranks per search method ("cosine", "bm25", "bfs"); ranks
	// start at 1; a method that did not find the candidate is absent.
	Scores map[string]float64
	Ranks  map[string]int
	// Timestamps (facts: all four; episodes: ValidAt; others: CreatedAt).
	ValidAt, InvalidAt, CreatedAt, ExpiredAt time.Time
	// Mentions is the number of episodes stating or mentioning it.
	Mentions int
	// Distance is the hop count from the search's centre entity, -1 when
	// unknown or unreachable.
	Distance int
	// Importance is the fact's or entity's importance as the last Evolve
	// run scored it, in [0, 1]; -1 when it was never scored.
	Importance float64
	// Embedding is the candidate's vector, when the reranker needs it.
	Embedding []float32
}

// Scored is a reranker's verdict on one candidate.
type Scored struct {
	UUID  string
	Score float64
}

// SummarizeRequest asks for a summary of texts.
type SummarizeRequest struct {
	// Kind says what is summarized, e.g. "community".
	Kind  string
	Texts []string
	// MaxChars bounds the summary; zero means 1000.
	MaxChars int
}

// Summary is a summary and a short name with the key terms.
type Summary struct {
	Name    string
	Summary string
}

// Plugins is the set of plugins serving one group. A nil field falls back to
// the engine's built-in behaviour where one exists.
type Plugins struct {
	Extractor      Extractor
	EntityResolver EntityResolver
	FactResolver   FactResolver
	Reranker       Reranker
	Summarizer     Summarizer
	Ontology       *Ontology
	// Rerankers are rerank plugins by name, for the recipes that name
	// theirs (ScopeConfig.Plugin).
	Rerankers map[string]Reranker
}

// PluginSets chooses the plugins of a group. host implements it from its
// configuration and reloads it when plugins or configuration change.
type PluginSets interface {
	For(ctx context.Context, group string) (Plugins, error)
}
