//go:build !linux

package wasm

import "github.com/tetratelabs/wazero/experimental"

// newMemoryAllocator returns nil off Linux: wazero's default, which grows a
// Go slice by copying it (see memory_linux.go for what Linux does instead).
func newMemoryAllocator() experimental.MemoryAllocator { return nil }
