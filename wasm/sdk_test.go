package wasm_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestSDKCollectsGarbage checks that a Go SDK plugin keeps collecting
// garbage over many calls with large messages. Go runs no goroutine once an
// export has returned to the host, the garbage collector's mark workers
// included, so the SDK yields to them after a large call
// (plugins/sdk/sdk_wasip1.go); without that, this plugin runs out of its
// 32 MiB after about 5,700 of these calls (every call allocates a copy of
// its request, 370 MB in all).
func TestSDKCollectsGarbage(t *testing.T) {
	if testing.Short() {
		t.Skip("thousands of calls")
	}
	ctx := context.Background()
	for _, tt := range []struct {
		kind        string
		size, calls int
	}{
		// Large requests, which the SDK yields after.
		{"gc", 64 << 10, 6000},
		// Small requests whose handler allocates 2 MiB each: the SDK
		// yields after one call in 16 only.
		{"churn", 1 << 10, 1000},
	} {
		t.Run(fmt.Sprintf("%s-%dKiB", tt.kind, tt.size>>10), func(t *testing.T) {
			p := load(t, shared(t), "echo", wasm.Manifest{})
			req, err := json.Marshal(abi.SummarizeRequest{Kind: tt.kind, Texts: []string{strings.Repeat("y", tt.size-32)}})
			if err != nil {
				t.Fatal(err)
			}
			for i := range tt.calls {
				if _, err := p.Call(ctx, abi.CapSummarize, req); err != nil {
					t.Fatalf("call %d of %d with %d bytes: %v", i+1, tt.calls, len(req), err)
				}
			}
			if s := p.Stats(); s.Failures != 0 || s.Instances != 1 {
				t.Errorf("Stats() = %+v, want no failures and one instance", s)
			}
		})
	}
}
