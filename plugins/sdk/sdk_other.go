//go:build !wasip1

package sdk

// callHost has no host to call outside WebAssembly.
func callHost(string, []byte) ([]byte, error) { return nil, ErrNoHost }

// Log writes a line to the host's log at level (abi.LogDebug to
// abi.LogError). Outside a mnemo host it does nothing.
func Log(level int32, msg string) {}
