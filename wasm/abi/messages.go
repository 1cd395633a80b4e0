package abi

import "encoding/json"

// Error is the answer of a failed call: any JSON object whose "error" member
// is a non-empty string.
type Error struct {
	Error string `json:"error"`
}

// Describe is the answer of mnemo_describe.
type Describe struct {
	Name         string   `json:"name"`
	Version      string   `json:"version"`
	ABIVersion   int      `json:"abi_version"`
	Description  string   `json:"description,omitempty"`
	Capabilities []string `json:"capabilities"`
	// Imports lists the host functions the plugin needs ("llm_complete",
	// "embed"); the host grants only what the plugin's manifest allows.
	Imports []string `json:"imports,omitempty"`
}

// Configure is the answer of mnemo_configure: empty on success.
type Configure struct {
	Error string `json:"error,omitempty"`
}

// Episode is an episode as a plugin sees it.
type Episode struct {
	UUID              string `json:"uuid,omitempty"`
	Name              string `json:"name,omitempty"`
	Source            string `json:"source"`
	SourceDescription string `json:"source_description,omitempty"`
	Content           string `json:"content"`
	// ReferenceTime is when the episode happened (RFC 3339).
	ReferenceTime string `json:"reference_time"`
}

// Ontology is the tenant's vocabulary.
type Ontology struct {
	EntityTypes         []EntityType `json:"entity_types,omitempty"`
	FactTypes           []FactType   `json:"fact_types,omitempty"`
	ExcludedEntityTypes []string     `json:"excluded_entity_types,omitempty"`
	Instructions        string       `json:"instructions,omitempty"`
}

// EntityType is one entity type of an ontology.
type EntityType struct {
	Name        string      `json:"name"`
	Description string      `json:"description,omitempty"`
	Attributes  []Attribute `json:"attributes,omitempty"`
	// HalfLife is how fast an unused entity of this type loses importance
	// (a Go duration, "8760h"); the host reads it from an ontology file
	// and does not send it to plugins.
	HalfLife string `json:"half_life,omitempty"`
}

// FactType is one fact type of an ontology.
type FactType struct {
	Name        string      `json:"name"`
	Description string      `json:"description,omitempty"`
	SourceTypes []string    `json:"source_types,omitempty"`
	TargetTypes []string    `json:"target_types,omitempty"`
	Attributes  []Attribute `json:"attributes,omitempty"`
	// HalfLife is as for EntityType, for facts of this relation.
	HalfLife string `json:"half_life,omitempty"`
}

// Attribute is one attribute field of a type.
type Attribute struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
}

// ExtractRequest is the input of mnemo_extract.
type ExtractRequest struct {
	GroupID  string    `json:"group_id"`
	Episode  Episode   `json:"episode"`
	Previous []Episode `json:"previous,omitempty"`
	Ontology *Ontology `json:"ontology,omitempty"`
}

// ExtractResponse is the output of mnemo_extract.
type ExtractResponse struct {
	Entities []ExtractedEntity `json:"entities"`
	Facts    []ExtractedFact   `json:"facts"`
	Warnings []string          `json:"warnings,omitempty"`
}

// ExtractedEntity is one entity found in an episode.
type ExtractedEntity struct {
	Name       string         `json:"name"`
	Type       string         `json:"type,omitempty"`
	Summary    string         `json:"summary,omitempty"`
	Attributes map[string]any `json:"attributes,omitempty"`
}

// ExtractedFact is one fact found in an episode; Source and Target are names
// from the same answer's entities.
type ExtractedFact struct {
	Source     string         `json:"source"`
	Target     string         `json:"target"`
	Relation   string         `json:"relation"`
	Fact       string         `json:"fact"`
	ValidAt    string         `json:"valid_at,omitempty"`
	InvalidAt  string         `json:"invalid_at,omitempty"`
	Attributes map[string]any `json:"attributes,omitempty"`
	// Rule names what produced the fact, for "why" (optional; a plugin
	// that leaves it out still works): the rule of a rule-based
	// extractor, the model of an LLM's.
	Rule string `json:"rule,omitempty"`
}

// Entity is a stored entity as a plugin sees it.
type Entity struct {
	UUID       string         `json:"uuid"`
	Name       string         `json:"name"`
	Labels     []string       `json:"labels,omitempty"`
	Summary    string         `json:"summary,omitempty"`
	Attributes map[string]any `json:"attributes,omitempty"`
}

// ResolveEntitiesRequest is the input of mnemo_resolve_entities.
type ResolveEntitiesRequest struct {
	GroupID   string           `json:"group_id"`
	Episode   Episode          `json:"episode"`
	Questions []EntityQuestion `json:"questions"`
}

// EntityQuestion is one extracted entity and its candidate duplicates.
type EntityQuestion struct {
	ID         int             `json:"id"`
	Entity     ExtractedEntity `json:"entity"`
	Candidates []Entity        `json:"candidates"`
}

// ResolveEntitiesResponse is the output of mnemo_resolve_entities: one
// answer per question.
type ResolveEntitiesResponse struct {
	Answers []EntityAnswer `json:"answers"`
}

// EntityAnswer resolves one question: DuplicateOf is a candidate's uuid or
// empty; Name is the best name for the entity or empty.
type EntityAnswer struct {
	ID          int    `json:"id"`
	DuplicateOf string `json:"duplicate_of,omitempty"`
	Name        string `json:"name,omitempty"`
}

// Fact is a stored or new fact as a plugin sees it.
type Fact struct {
	UUID       string `json:"uuid,omitempty"`
	Relation   string `json:"relation"`
	Fact       string `json:"fact"`
	Source     string `json:"source"`
	Target     string `json:"target"`
	SourceUUID string `json:"source_uuid,omitempty"`
	TargetUUID string `json:"target_uuid,omitempty"`
	ValidAt    string `json:"valid_at,omitempty"`
	InvalidAt  string `json:"invalid_at,omitempty"`
	CreatedAt  string `json:"created_at,omitempty"`
}

// ResolveFactsRequest is the input of mnemo_resolve_facts.
type ResolveFactsRequest struct {
	GroupID   string         `json:"group_id"`
	Episode   Episode        `json:"episode"`
	Questions []FactQuestion `json:"questions"`
}

// FactQuestion is one new fact with its duplicate candidates (Existing:
// between the same entities) and contradiction candidates (Related).
type FactQuestion struct {
	ID       int    `json:"id"`
	Fact     Fact   `json:"fact"`
	Existing []Fact `json:"existing"`
	Related  []Fact `json:"related"`
}

// ResolveFactsResponse is the output of mnemo_resolve_facts.
type ResolveFactsResponse struct {
	Answers []FactAnswer `json:"answers"`
}

// FactAnswer lists the uuids a new fact duplicates and contradicts.
type FactAnswer struct {
	ID          int      `json:"id"`
	Duplicates  []string `json:"duplicates,omitempty"`
	Contradicts []string `json:"contradicts,omitempty"`
}

// RerankRequest is the input of mnemo_rerank.
type RerankRequest struct {
	GroupID    string            `json:"group_id"`
	Query      string            `json:"query"`
	Scope      string            `json:"scope"`
	Limit      int               `json:"limit"`
	Now        string            `json:"now"`
	Candidates []RerankCandidate `json:"candidates"`
}

// RerankCandidate is one candidate with its features. Scores and ranks are
// per search method ("cosine", "bm25", "bfs"); ranks start at 1.
type RerankCandidate struct {
	UUID      string             `json:"uuid"`
	Text      string             `json:"text"`
	Scores    map[string]float64 `json:"scores,omitempty"`
	Ranks     map[string]int     `json:"ranks,omitempty"`
	ValidAt   string             `json:"valid_at,omitempty"`
	InvalidAt string             `json:"invalid_at,omitempty"`
	CreatedAt string             `json:"created_at,omitempty"`
	ExpiredAt string             `json:"expired_at,omitempty"`
	Mentions  int                `json:"mentions"`
	// Distance is the hop count from the centre entity, -1 if unknown.
	Distance int `json:"distance"`
	// Importance is the fact's or entity's importance in [0, 1] as the
	// last evolution run scored it (docs/evolve.md), -1 if never scored
	// (episodes and communities never are).
	Importance float64 `json:"importance"`
	// Embedding is the candidate's vector, sent only when the host has it
	// (rerankers that compare candidates with each other need it).
	Embedding []float32 `json:"embedding,omitempty"`
}

// RerankResponse is the output of mnemo_rerank: candidates in the new order
// with their scores. Candidates left out are dropped.
type RerankResponse struct {
	Results []Scored `json:"results"`
}

// Scored is one reranked candidate.
type Scored struct {
	UUID  string  `json:"uuid"`
	Score float64 `json:"score"`
}

// SummarizeRequest is the input of mnemo_summarize.
type SummarizeRequest struct {
	GroupID  string   `json:"group_id"`
	Kind     string   `json:"kind"`
	Texts    []string `json:"texts"`
	MaxChars int      `json:"max_chars,omitempty"`
}

// SummarizeResponse is the output of mnemo_summarize.
type SummarizeResponse struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
}

// LLMRequest is the input of the llm_complete host function.
type LLMRequest struct {
	// Prompt names the prompt for accounting and logs.
	Prompt string `json:"prompt"`
	// Model is "main" (default) or "small".
	Model    string       `json:"model,omitempty"`
	Messages []LLMMessage `json:"messages"`
	// Schema, when set, is a JSON Schema the answer must satisfy. It is
	// passed to the model verbatim (property order matters to some models).
	Schema      json.RawMessage `json:"schema,omitempty"`
	Temperature *float64        `json:"temperature,omitempty"`
	MaxTokens   int             `json:"max_tokens,omitempty"`
}

// LLMMessage is one chat message.
type LLMMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// LLMResponse is the result of llm_complete.
type LLMResponse struct {
	Content string `json:"content"`
	// Model names the model that answered, as the host's LLM reports it
	// (the endpoint's own name for it, else the model the host configures
	// for the request's role). Hosts older than the field leave it out,
	// and a plugin that does not know it ignores it: "" means unknown.
	Model string `json:"model,omitempty"`
	Error string `json:"error,omitempty"`
}

// EmbedRequest is the input of the embed host function.
type EmbedRequest struct {
	Texts []string `json:"texts"`
}

// EmbedResponse is the result of embed.
type EmbedResponse struct {
	Vectors [][]float32 `json:"vectors"`
	Error   string      `json:"error,omitempty"`
}
