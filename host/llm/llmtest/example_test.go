package llmtest_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

// A test scripts the answer to a prompt, injects a rate-limit failure, and
// checks what the client sent and how much it used.
func Example() {
	t := &testing.T{} // in a real test, the *testing.T of the test
	srv := llmtest.New(t)
	defer srv.Close()
	srv.Script("extract", llmtest.JSON(map[string]any{"entities": []string{"Alice", "Acme"}}))
	srv.FailNext(1, http.StatusTooManyRequests, 2*time.Second)

	c, err := llm.New(srv.ClientOptions()) // retries do not really wait
	if err != nil {
		fmt.Println(err)
		return
	}
	meter := core.NewMeter()
	ctx := core.WithMeter(context.Background(), meter)
	got, err := c.Complete(ctx, core.CompletionRequest{
		Prompt:   "extract",
		Messages: []core.Message{{Role: "user", Content: "Alice works at Acme."}},
		Schema:   []byte(`{"type":"object","required":["entities"]}`),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(got.Content)
	fmt.Println(len(srv.RequestsFor("extract")), "requests, the last with response_format", srv.Requests()[1].ResponseFormat)
	fmt.Println(meter.Snapshot()["extract"].Calls, "calls recorded")
	// Output:
	// {"entities":["Alice","Acme"]}
	// 2 requests, the last with response_format json_schema
	// 2 calls recorded
}
