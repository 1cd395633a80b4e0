package weaviate

import "context"

// Drop deletes the store's collections (tests).
func Drop(ctx context.Context, s *Store) error { return s.dropSchema(ctx) }
