//go:build wasip1

// Command garbage allocates as a text-processing plugin does: each call
// builds a few megabytes of short-lived tokens and strings and answers
// with their count, keeping nothing. Its instances' memory must stay
// near what one call needs however many calls they serve.
package main

import (
	"strconv"
	"strings"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

func init() {
	sdk.Register(sdk.Plugin{Name: "garbage", Version: "1", Summarize: summarize})
}

func main() {}

type token struct {
	text, lower string
	next        *token
}

func summarize(abi.SummarizeRequest) (abi.SummarizeResponse, error) {
	var head *token
	n := 0
	for i := range 20000 {
		w := "Word" + strconv.Itoa(i)
		head = &token{text: w, lower: strings.ToLower(w), next: head}
	}
	for t := head; t != nil; t = t.next {
		n += len(t.lower)
	}
	// A text grown line by line, copied at every line.
	text := ""
	for i := range 300 {
		text += strings.Repeat("line ", 6) + strconv.Itoa(i) + "\n"
	}
	return abi.SummarizeResponse{Name: "garbage", Summary: strconv.Itoa(n + len(text))}, nil
}
