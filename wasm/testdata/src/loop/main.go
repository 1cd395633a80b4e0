//go:build wasip1

// Command loop spins forever on a rerank whose query is "loop" and answers
// any other rerank, so a test sees the deadline end one call and the next
// call work.
package main

import (
	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

var spins uint64

func init() {
	sdk.Register(sdk.Plugin{Name: "loop", Version: "1", Rerank: rerank})
}

func main() {}

func rerank(req abi.RerankRequest) (abi.RerankResponse, error) {
	if req.Query == "loop" {
		for {
			spins++
		}
	}
	return abi.RerankResponse{Results: []abi.Scored{}}, nil
}
