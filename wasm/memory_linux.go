package wasm

import (
	"sync"
	"syscall"

	"github.com/tetratelabs/wazero/experimental"
)

// mmapAllocator backs each instance's linear memory with an anonymous
// mapping of its maximum size, so the memory grows in place: only the pages
// the plugin touches are resident, and growing copies nothing. wazero's
// default grows a Go slice by copying it, which touches every page of the
// new size and leaves the old slice to the garbage collector (and to the
// process's RSS until the runtime returns it).
//
// Free releases the pages (madvise) but keeps the mapping, on a free list
// for the next instance of the same maximum: wazero may free an instance's
// memory while a call is still running in it (a plugin closed during a
// call), and a mapping that stays valid turns that into reads of zero
// pages, where unmapping it would crash the process. The mappings alive at
// once are bounded by the instances alive at once; their address space is
// reserved, not used.
type mmapAllocator struct {
	mu   sync.Mutex
	free map[uint64][][]byte // mappings by length
}

func newMemoryAllocator() experimental.MemoryAllocator {
	return &mmapAllocator{free: map[uint64][][]byte{}}
}

// Allocate implements experimental.MemoryAllocator. It returns nil (and
// wazero then uses its default) if the mapping fails.
func (a *mmapAllocator) Allocate(_, max uint64) experimental.LinearMemory {
	if max == 0 {
		return nil
	}
	a.mu.Lock()
	if l := a.free[max]; len(l) > 0 {
		buf := l[len(l)-1]
		a.free[max] = l[:len(l)-1]
		a.mu.Unlock()
		return &mapping{a: a, buf: buf}
	}
	a.mu.Unlock()
	buf, err := syscall.Mmap(-1, 0, int(max), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS|syscall.MAP_NORESERVE)
	if err != nil {
		return nil
	}
	return &mapping{a: a, buf: buf}
}

// mapping is one instance's linear memory.
type mapping struct {
	a    *mmapAllocator
	buf  []byte // the whole mapping; the memory is a prefix
	size uint64
}

// Reallocate implements experimental.LinearMemory: the memory grows in
// place, up to the mapping.
func (m *mapping) Reallocate(size uint64) []byte {
	if m.buf == nil || size > uint64(len(m.buf)) {
		return nil
	}
	m.size = max(m.size, size)
	return m.buf[:size:size]
}

// Free implements experimental.LinearMemory: the pages go back to the
// system, zero when touched again, and the mapping to the free list.
func (m *mapping) Free() {
	buf := m.buf
	if buf == nil {
		return
	}
	m.buf = nil
	if m.size > 0 {
		if err := syscall.Madvise(buf[:m.size], syscall.MADV_DONTNEED); err != nil {
			return // keep the mapping out of the free list: its pages are not zero
		}
	}
	m.a.mu.Lock()
	m.a.free[uint64(len(buf))] = append(m.a.free[uint64(len(buf))], buf)
	m.a.mu.Unlock()
}
