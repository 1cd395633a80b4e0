//go:build linux

package kuzu

// #include <malloc.h>
// #include <stdlib.h>
// #include <string.h>
// static int mnemo_tune_malloc(int arenas, int mmap_threshold, int trim_threshold) {
// 	return mallopt(M_ARENA_MAX, arenas) && mallopt(M_MMAP_THRESHOLD, mmap_threshold) && mallopt(M_TRIM_THRESHOLD, trim_threshold);
// }
// static int mnemo_mmap_threshold(int n) {
// 	return mallopt(M_MMAP_THRESHOLD, n);
// }
// static int mnemo_scrub_malloc(void) {
// 	return mallopt(M_PERTURB, 0xff);
// }
// static int mnemo_freed_bytes_return(const char *s, size_t n, size_t size) {
// 	char *b = malloc(size);
// 	for (size_t off = 0; off + n <= size; off += n) memcpy(b + off, s, n);
// 	free(b);
// 	char *c = malloc(size);
// 	int found = 0;
// 	for (size_t off = size / 2; off + n <= size && !found; off++) found = memcmp(c + off, s, n) == 0;
// 	free(c);
// 	return found;
// }
import "C"

import (
	"sync"
	"unsafe"
)

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

var (
	tuneOnce sync.Once
	// mallocTuned says whether tuneMalloc set malloc up; fitted is the
	// mmap threshold fitMalloc set last, under fitMu.
	mallocTuned bool
	fitMu       sync.Mutex
	fitted      int
)

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
		mallocTuned = tuned
	})
	return tuned
}

// Vector scans and the mmap threshold.
//
// Kuzu reads a vector column 2,048 rows at a time into one block of
// 2,048 × dimension floats (2 MiB at the local embedder's 256), and so
// does every exact vector search, every query vector cast to the
// column's type and every build of an index kept in memory. A block
// mapped apart is mapped, faulted in page by page and unmapped again at
// each query: with the 256 KiB threshold a search of the 715 facts of a
// year of evolved memory (make bench-evolve) took 7 ms, and 1.3 ms with
// those blocks from the arena (docs/edge.md). So once the dimension is
// known the threshold is raised to twice that block (at most glibc's
// largest, 32 MiB): Kuzu's larger copies at a checkpoint are still
// mapped apart and handed back when freed, and the smaller ones go back
// by the trim after each checkpoint (releaseCHeap).

// vectorScanBytes is the size of the block Kuzu reads 2,048 vectors of
// dim floats into.
func vectorScanBytes(dim int) int { return 2048 * 4 * dim }

// maxMmapThreshold is glibc's largest mmap threshold on 64-bit systems
// (DEFAULT_MMAP_THRESHOLD_MAX).
const maxMmapThreshold = 32 << 20

// fitMalloc raises the mmap threshold, where tuneMalloc set it, above
// twice the block of a vector scan of dim floats; it never lowers it
// (stores of several dimensions may share the process). It reports the
// threshold now in force, 0 where malloc was not tuned.
func fitMalloc(dim int) int {
	if !mallocTuned {
		return 0
	}
	fitMu.Lock()
	defer fitMu.Unlock()
	need := min(max(smallMmapThreshold, 2*vectorScanBytes(dim)), maxMmapThreshold)
	if need > fitted && C.mnemo_mmap_threshold(C.int(need)) == 1 {
		fitted = need
	}
	return max(fitted, smallMmapThreshold)
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

// Freed memory off the disk.
//
// Kuzu 0.11.3 writes some pages partly from memory it allocated and never
// filled: the database header's page past its first 28 bytes, and the
// tails of a few others. With glibc told to fill each block it hands out
// with one byte (MALLOC_PERTURB_), a 4.8 MiB database file written by 20
// checkpoints held 4 runs of 2.7 to 4 KiB of that byte, the first at byte
// 28. Without it such memory holds whatever the process freed there
// before, the text of rows it read or wrote among it, and those rows may
// be what an erasure deletes: the database its rewrite opens, or the next
// checkpoint, can then write an erased name into the file (the host's
// erasure test saw the canary in the rewritten file once, under make
// race-ci at a load of 8 to 9, while no read of the group found it). So the store has
// glibc fill every block it hands out with zeros and every block freed
// with 0xff (M_PERTURB), once per process, before the first database
// opens: what Kuzu writes unfilled is zeros. Blocks up to 1 KiB that a
// thread frees and takes back from its own cache are not filled; the
// pages measured were written from larger blocks. Filling costs a memset
// per block; ingestion measured no difference (docs/erasure.md).

var (
	scrubOnce sync.Once
	scrubbed  bool
)

// scrubMalloc makes malloc fill the blocks it hands out and those freed,
// once per process. It reports whether glibc took the setting.
func scrubMalloc() bool {
	scrubOnce.Do(func() { scrubbed = C.mnemo_scrub_malloc() == 1 })
	return scrubbed
}

// freedBytesReturn reports whether a block of size bytes, filled with s
// and freed, hands s back in the block malloc gives next for that size.
func freedBytesReturn(s string, size int) bool {
	cs := C.CString(s)
	defer C.free(unsafe.Pointer(cs))
	return C.mnemo_freed_bytes_return(cs, C.size_t(len(s)), C.size_t(size)) == 1
}
