package main

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// evict drops the files' pages from the kernel's page cache, so that a
// cold start reads them from the disk as a board's first start after a
// boot does. A binary the linker has just written sits in the cache in
// large folios, which the kernel may map whole (2 MiB at a time) into a
// process that runs it, counting pages it never touches in its resident
// memory: 38 MiB of the binary's against 23 after reading it back
// (docs/edge.md). The pages are written back first: the kernel evicts
// clean pages only.
func evict(paths ...string) error {
	for _, p := range paths {
		if p == "" {
			continue
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		err = f.Sync()
		if err == nil {
			err = unix.Fadvise(int(f.Fd()), 0, 0, unix.FADV_DONTNEED)
		}
		f.Close()
		if err != nil {
			return fmt.Errorf("evict %s from the page cache: %w", p, err)
		}
	}
	return nil
}
