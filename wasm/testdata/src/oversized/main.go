//go:build wasip1

// Command oversized answers a summarize with a summary of MaxChars bytes,
// however large.
package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

func init() {
	sdk.Register(sdk.Plugin{Name: "oversized", Version: "1", Summarize: summarize})
}

func main() {}

func summarize(req abi.SummarizeRequest) (abi.SummarizeResponse, error) {
	return abi.SummarizeResponse{Name: "big", Summary: strings.Repeat("x", req.MaxChars)}, nil
}
