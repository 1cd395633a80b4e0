//go:build wasip1

// Command membomb allocates without end on a rerank whose query is "bomb"
// and answers any other rerank.
package main

import (
	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

var hoard [][]byte

func init() {
	sdk.Register(sdk.Plugin{Name: "membomb", Version: "1", Rerank: rerank})
}

func main() {}

func rerank(req abi.RerankRequest) (abi.RerankResponse, error) {
	if req.Query == "bomb" {
		for {
			b := make([]byte, 1<<20)
			b[len(b)-1] = 1
			hoard = append(hoard, b)
		}
	}
	return abi.RerankResponse{Results: []abi.Scored{}}, nil
}
