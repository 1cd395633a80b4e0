package kuzu

import "syscall"

// reserveAddressSpace maps n bytes the way Kuzu reserves its maximum
// database size (private, anonymous, MAP_NORESERVE: address space, not
// memory) and unmaps them, to tell whether Kuzu's reservation fits.
func reserveAddressSpace(n uint64) error {
	if n > 1<<62 {
		return syscall.ENOMEM
	}
	b, err := syscall.Mmap(-1, 0, int(n), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		return err
	}
	return syscall.Munmap(b)
}
