//go:build !noweaviate

package host

import (
	"context"
	"log/slog"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/weaviate"
)

// This file links the Weaviate client; an edge build leaves it out
// (-tags noweaviate: store_noweaviate.go).

// weaviateBuilt reports whether this build has the Weaviate client.
const weaviateBuilt = true

func weaviateBackend() StoreBackend {
	return StoreBackend{Name: "weaviate", About: "the cluster at store.weaviate.url", Package: pkgOf[weaviate.Store](), open: openWeaviate, set: weaviateSet}
}

func openWeaviate(ctx context.Context, cfg Config, id core.EmbedderID, _ bool, log *slog.Logger, calls *StoreCalls) (core.Store, error) {
	wo := cfg.Store.weaviateOptions(id.Dimension, log)
	wo.Observe = calls.observe("weaviate")
	s, err := weaviate.Open(ctx, wo)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// weaviateOptions are the options of the weaviate store.
func (c StoreConfig) weaviateOptions(dim int, log *slog.Logger) weaviate.Options {
	w := c.Weaviate
	return weaviate.Options{URL: w.URL, APIKey: w.APIKey, Dimension: dim, ReplicationFactor: w.ReplicationFactor,
		ConsistencyLevel: w.ConsistencyLevel, Logger: log}
}

// validateWeaviateOptions checks the store.weaviate settings as the store
// does (the dimension aside).
func validateWeaviateOptions(c StoreConfig) error { return c.weaviateOptions(1, nil).Validate() }
