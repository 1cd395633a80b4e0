//go:build wasip1

// Command loop spins forever on a rerank whose query is "loop", spins N
// times on "spin N" and answers with the count, and answers any other
// rerank, so a test sees the deadline end one call and the next call work,
// or a long call run to its end.
package main

import (
	"strconv"
	"strings"

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
	if n, ok := strings.CutPrefix(req.Query, "spin "); ok {
		k, err := strconv.ParseUint(n, 10, 64)
		if err != nil {
			return abi.RerankResponse{}, err
		}
		start := spins
		for range k {
			spins++
		}
		return abi.RerankResponse{Results: []abi.Scored{{UUID: "spun", Score: float64(spins - start)}}}, nil
	}
	return abi.RerankResponse{Results: []abi.Scored{}}, nil
}
