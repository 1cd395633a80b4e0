// Package hosttest opens real hosts for the tests of the packages built on
// host: the default configuration on a fresh Kuzu database in a temporary
// directory, sized for a test.
package hosttest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/mnemohq/mnemo/host"
)

// Config is the default configuration, read from no file and no
// environment, for one test: a fresh database in a temporary directory of
// tb, a 64 MiB buffer pool, the compiled plugins cached where every test
// of a run finds them, and no reloading of the plugins directory.
func Config(tb testing.TB) host.Config {
	tb.Helper()
	cfg, err := host.Load("", func(string) string { return "" })
	if err != nil {
		tb.Fatal(err)
	}
	cfg.DB = filepath.Join(tb.TempDir(), "db")
	cfg.Store.BufferPoolMB = 64
	cfg.Plugins.CacheDir = filepath.Join(os.TempDir(), "mnemo-test-wasm-cache")
	cfg.Plugins.Reload = -1
	return cfg
}

// Open opens a host on cfg and closes it when tb ends.
func Open(tb testing.TB, cfg host.Config, opts host.OpenOptions) *host.Host {
	tb.Helper()
	h, err := host.Open(context.Background(), cfg, opts)
	if err != nil {
		tb.Fatalf("host.Open: %v", err)
	}
	tb.Cleanup(func() { h.Close(context.Background()) })
	return h
}
