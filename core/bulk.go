package core

import "context"

// StagedVector is an object's vector computed by a new embedder.
type StagedVector struct {
	UUID, Group string
	Vector      []float32
}

// VectorStager is a Store that can hold a second set of vectors beside
// the one in use, for Reembed (package kuzu).
type VectorStager interface {
	// BeginRestage prepares to stage the vectors of the embedder to and
	// returns, by scope, the uuids staged for it already (by an earlier,
	// interrupted run). Vectors staged for another embedder are dropped.
	BeginRestage(ctx context.Context, to EmbedderID) (map[Scope]map[string]bool, error)
	// StageVectors keeps new vectors of objects of a scope beside their
	// vectors in use.
	StageVectors(ctx context.Context, sc Scope, vs []StagedVector) error
	// SwitchVectors replaces, in one transaction, every vector in use by
	// its staged one, records to as the store's embedder and drops the
	// staging. An object with a vector and none staged is ErrConflict,
	// and nothing is switched.
	SwitchVectors(ctx context.Context, to EmbedderID) error
}

// BulkLoader is a Store with a faster way than Apply to write many new
// objects (package kuzu: Kuzu's bulk loader). ImportGroup uses it for a
// group that holds nothing yet.
type BulkLoader interface {
	// Import writes c, made of new episodes, entities, facts and mentions
	// of one group (no communities, no deletions), in one transaction: all
	// of it or none of it. A uuid stored already is ErrConflict.
	Import(ctx context.Context, c Change) error
}
