//go:build linux

package kuzu

// #include <malloc.h>
import "C"

// releaseCHeap hands the free memory of glibc's malloc arenas back to the
// kernel (malloc_trim). Kuzu allocates a column chunk's in-memory copy
// with malloc for each checkpoint and frees it afterwards; glibc keeps
// what was freed inside its arenas, where it stays resident until malloc
// reuses it, and on a growing database it is reused only in part.
func releaseCHeap() { C.malloc_trim(0) }
