//go:build noweaviate && noetcd

package host_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
)

// TestEdgeBuild runs in the edge build only (make test runs it with
// -tags noweaviate,noetcd): a configuration that needs a client the build
// left out is refused with a message naming the build, and the default
// configuration opens.
func TestEdgeBuild(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		want string
	}{
		{"weaviate", map[string]string{"MNEMO_STORE_BACKEND": "weaviate", "MNEMO_STORE_WEAVIATE_URL": "http://127.0.0.1:8080"}, "without the Weaviate client"},
		{"etcd", map[string]string{"MNEMO_STORE_LEASE_ETCD": "http://127.0.0.1:2379"}, "without the etcd client"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := host.Load("", func(k string) string { return tc.env[k] })
			if !errors.Is(err, core.ErrInvalid) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "edge build") {
				t.Fatalf("Load = %v, want ErrInvalid saying %q and naming the edge build", err, tc.want)
			}
		})
	}
	cfg, err := host.Load("", func(string) string { return "" })
	if err != nil {
		t.Fatalf("Load of the defaults = %v", err)
	}
	cfg.DB = t.TempDir()
	cfg.Plugins.CacheDir = sharedCache
	h, err := host.Open(t.Context(), cfg, host.OpenOptions{})
	if err != nil {
		t.Fatalf("Open on the defaults = %v", err)
	}
	if err := h.Close(t.Context()); err != nil {
		t.Fatalf("Close = %v", err)
	}
}
