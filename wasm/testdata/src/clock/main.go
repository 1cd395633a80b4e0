//go:build wasip1

// Command clock reports what it sees of time and randomness: its summary's
// name is the wall clock (RFC 3339) and its summary is 16 random bytes in
// hex.
package main

import (
	"crypto/rand"
	"encoding/hex"
	"time"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

func init() {
	sdk.Register(sdk.Plugin{Name: "clock", Version: "1", Summarize: summarize})
}

func main() {}

func summarize(abi.SummarizeRequest) (abi.SummarizeResponse, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return abi.SummarizeResponse{}, err
	}
	return abi.SummarizeResponse{Name: time.Now().UTC().Format(time.RFC3339), Summary: hex.EncodeToString(b)}, nil
}
