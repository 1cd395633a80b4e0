package weaviate_test

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/mnemohq/mnemo/weaviate/weaviatetest"
)

// serverURL is the Weaviate the tests use; skipWhy says why there is
// none.
var serverURL, skipWhy string

// TestMain starts one Weaviate node for the package's tests (or uses
// MNEMO_WEAVIATE_URL) and stops it at the end. Without a server the tests
// skip, unless MNEMO_WEAVIATE_REQUIRED=1.
func TestMain(m *testing.M) { os.Exit(run(m)) }

func run(m *testing.M) int {
	if u := os.Getenv(weaviatetest.EnvURL); u != "" {
		serverURL = u
		return m.Run()
	}
	bin, err := weaviatetest.Server()
	if err != nil {
		if weaviatetest.Required() {
			fmt.Fprintf(os.Stderr, "weaviate tests: %v (%s=1)\n", err, weaviatetest.EnvRequired)
			return 1
		}
		skipWhy = err.Error()
		return m.Run()
	}
	dir, err := os.MkdirTemp("", "mnemo-weaviate-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	node, err := weaviatetest.Start(context.Background(), bin, dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "weaviate tests: %v\n", err)
		return 1
	}
	defer node.Stop()
	serverURL = node.URL
	return m.Run()
}

// need skips t when there is no server.
func need(t *testing.T) string {
	t.Helper()
	if serverURL == "" {
		t.Skip("no Weaviate server: " + skipWhy)
	}
	return serverURL
}
