package main

import (
	"runtime/debug"
	"testing"

	"github.com/mnemohq/mnemo/host"
)

// TestTuneGC checks the collector's target of a long-running command: 50
// with a small machine's buffer pool, left alone with a larger pool, with
// another store, and when GOGC is set.
func TestTuneGC(t *testing.T) {
	tests := []struct {
		name  string
		store host.StoreConfig
		gogc  string
		want  int
	}{
		{"256 MiB pool", host.StoreConfig{Backend: "kuzu", BufferPoolMB: 256}, "", smallGCPercent},
		{"512 MiB pool", host.StoreConfig{Backend: "kuzu", BufferPoolMB: 512}, "", smallGCPercent},
		{"1 GiB pool", host.StoreConfig{Backend: "kuzu", BufferPoolMB: 1024}, "", 100},
		{"memory store", host.StoreConfig{Backend: "memory"}, "", 100},
		{"GOGC set", host.StoreConfig{Backend: "kuzu", BufferPoolMB: 256}, "80", 100},
	}
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("GOGC", tt.gogc)
			debug.SetGCPercent(100)
			tuneGC(host.Config{Store: tt.store})
			if got := debug.SetGCPercent(100); got != tt.want {
				t.Errorf("GC percent = %d, want %d", got, tt.want)
			}
		})
	}
}
