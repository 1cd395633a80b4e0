package core

import "fmt"

// EmbedderID identifies the embedder that made a store's vectors. Vectors
// of two embedders are comparable only when their ids are equal: two
// models of the same dimension place the same text at unrelated points.
type EmbedderID struct {
	// Name is the provider: "local" (the offline hashing embedder) or
	// "openai" (an OpenAI-compatible endpoint).
	Name string
	// Model is the embedding model.
	Model     string
	Dimension int
}

// String names the embedder for messages: "openai text-embedding-3-small
// (1536 dimensions)".
func (id EmbedderID) String() string {
	return fmt.Sprintf("%s %s (%d dimensions)", id.Name, id.Model, id.Dimension)
}

// IsZero reports whether the id is unset.
func (id EmbedderID) IsZero() bool { return id == EmbedderID{} }

// CheckEmbedder refuses, with ErrConflict, to search or extend vectors
// made by the embedder stored with those of configured: a store opened
// with another embedder than the one that made its vectors, even of the
// same dimension, would compare unrelated vectors and rank at random. The
// error names both and what to do.
func CheckEmbedder(stored, configured EmbedderID) error {
	if stored == configured {
		return nil
	}
	if stored.Dimension != configured.Dimension {
		return fmt.Errorf("%w: the database's vectors were made by the embedder %s and the configuration names %s, of another dimension: "+
			"configure the database's embedder again, or use a new database", ErrConflict, stored, configured)
	}
	return fmt.Errorf("%w: the database's vectors were made by the embedder %s and the configuration names %s: "+
		"vectors of two models are not comparable. Configure the database's embedder again, or run `mnemo reembed` "+
		"to recompute every vector with the new one", ErrConflict, stored, configured)
}
