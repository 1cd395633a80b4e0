//go:build linux

package kuzu

// #include <malloc.h>
// #include <stdlib.h>
// static int mnemo_tune_malloc(int arenas, int mmap_threshold, int trim_threshold) {
// 	return mallopt(M_ARENA_MAX, arenas) && mallopt(M_MMAP_THRESHOLD, mmap_threshold) && mallopt(M_TRIM_THRESHOLD, trim_threshold);
// }
import "C"

import "sync"

// Kuzu's C++ heap on a small machine.
//
// glibc gives each thread that allocates at once an arena of its own (up
// to eight per core), keeps the memory a thread freed in its arena, and
// raises its threshold for mapping a large block apart each time such a
// block is freed, so that the next ones come from the arenas and stay
// there. Kuzu allocates a column chunk's copy of several MB at each
// checkpoint and frees it after: over 10,000 episodes the edge build's C
// heap ended near 300 MiB of resident memory for far less in use
// (docs/edge.md). With a buffer pool of at most smallPool, the pool a
// machine of 4 GB or less gets by default, the store therefore runs the
// process's malloc with one arena, maps blocks of 256 KiB and more apart
// (returned to the kernel when freed) and trims the heap's top past 4
// MiB. On larger machines glibc's defaults stay: more arenas, less
// contention between concurrent searches.

// smallPool is the largest buffer pool for which the store tunes malloc
// for memory.
const smallPool = SmallPool

// Malloc settings for a small machine.
const (
	smallArenas        = 1
	smallMmapThreshold = 256 << 10
	smallTrimThreshold = 4 << 20
)

var tuneOnce sync.Once

// tuneMalloc sets malloc up for a small machine when pool (the buffer
// pool's size) is at most smallPool, once per process, before the
// database opens. It reports whether the settings were made.
func tuneMalloc(pool uint64) bool {
	if pool > smallPool {
		return false
	}
	tuned := false
	tuneOnce.Do(func() {
		tuned = C.mnemo_tune_malloc(smallArenas, smallMmapThreshold, smallTrimThreshold) == 1
	})
	return tuned
}

// mappedApart reports, in a process whose heap holds no free block of n
// bytes, whether malloc maps a block of n bytes apart (it
// shows in malloc_info's mmap total while it lives), n allocated, freed,
// then allocated again: with glibc's dynamic threshold the second block
// comes from an arena.
func mappedApart(n int) bool {
	count := func() int64 {
		m := mmapCountRe.FindAllStringSubmatch(mallocInfo(), -1)
		if len(m) == 0 {
			return -1
		}
		return atoi64(m[len(m)-1][1])
	}
	p := C.malloc(C.size_t(n))
	C.free(p)
	before := count()
	p = C.malloc(C.size_t(n))
	defer C.free(p)
	return before >= 0 && count() == before+1
}
