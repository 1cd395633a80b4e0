//go:build !unix

package journal_test

import "testing"

// hugeData returns n bytes; pages never touched take no memory.
func hugeData(_ *testing.T, n int) []byte {
	return make([]byte, n)
}
