package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// writeRequest prints one LLM request for reading.
func writeRequest(w io.Writer, req abi.LLMRequest) {
	temp := "server default"
	if req.Temperature != nil {
		temp = fmt.Sprint(*req.Temperature)
	}
	fmt.Fprintf(w, "=== prompt %s, model %s, temperature %s, max tokens %d\n", req.Prompt, req.Model, temp, req.MaxTokens)
	for _, m := range req.Messages {
		fmt.Fprintf(w, "--- %s\n%s\n", m.Role, m.Content)
	}
	var schema bytes.Buffer
	if json.Indent(&schema, req.Schema, "", "  ") == nil {
		fmt.Fprintf(w, "--- schema\n%s\n", schema.Bytes())
	}
}
