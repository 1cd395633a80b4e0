//go:build noweaviate

package host

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/mnemohq/mnemo/core"
)

// An edge build (-tags noweaviate) leaves the Weaviate client out: the
// backend stays in the table, so that the configuration names it, and
// choosing it is an error that says why (validateWeaviate).

const weaviateBuilt = false

func weaviateBackend() StoreBackend {
	return StoreBackend{Name: "weaviate", About: "the cluster at store.weaviate.url (not in this build)", Package: "github.com/mnemohq/mnemo/weaviate",
		open: func(context.Context, Config, core.EmbedderID, bool, *slog.Logger, *StoreCalls) (core.Store, error) {
			return nil, fmt.Errorf("%w: %w", core.ErrInvalid, errNotBuilt("store.backend \"weaviate\"", "Weaviate", "noweaviate"))
		}, set: weaviateSet}
}

func validateWeaviateOptions(StoreConfig) error {
	return errNotBuilt("store.backend \"weaviate\"", "Weaviate", "noweaviate")
}
