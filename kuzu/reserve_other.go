//go:build !linux

package kuzu

// reserveAddressSpace is not checked on this platform.
func reserveAddressSpace(uint64) error { return nil }
