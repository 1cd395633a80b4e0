package main

import (
	"os"
	"path/filepath"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// TestEvict writes a file, which leaves its pages in the page cache,
// and checks that evict leaves none of them there.
func TestEvict(t *testing.T) {
	p := filepath.Join(t.TempDir(), "exe")
	if err := os.WriteFile(p, make([]byte, 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := cached(t, p); n == 0 {
		t.Skip("the file system keeps no written pages in the page cache")
	}
	if err := evict(p, ""); err != nil {
		t.Fatal(err)
	}
	if n := cached(t, p); n != 0 {
		t.Errorf("%d pages of %s still cached after evict", n, p)
	}
	if err := evict(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("evict of a missing file: no error")
	}
}

// cached is how many of the file's pages are in the page cache
// (mincore over a mapping of it, which does not fault them in).
func cached(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	b, err := unix.Mmap(int(f.Fd()), 0, int(fi.Size()), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Munmap(b)
	vec := make([]byte, (len(b)+os.Getpagesize()-1)/os.Getpagesize())
	if _, _, errno := unix.Syscall(unix.SYS_MINCORE, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)), uintptr(unsafe.Pointer(&vec[0]))); errno != 0 {
		t.Fatal(errno)
	}
	n := 0
	for _, v := range vec {
		n += int(v & 1)
	}
	return n
}
