//go:build wasip1

// Command hostcalls uses the host functions. Extract logs a line, asks the
// LLM to complete the episode's content (with a schema) and embeds the
// answer; its one entity is named after the completion and carries the
// vector's length and the model the host says answered. Summarize calls llm_complete until the host refuses and
// reports how many calls succeeded and why the last one failed.
package main

import (
	"encoding/json"
	"fmt"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

func init() {
	sdk.Register(sdk.Plugin{
		Name:      "hostcalls",
		Version:   "1",
		Imports:   []string{abi.HostLLMComplete, abi.HostEmbed},
		Extract:   extract,
		Summarize: summarize,
	})
}

func main() {}

func extract(req abi.ExtractRequest) (abi.ExtractResponse, error) {
	sdk.Log(abi.LogInfo, "extracting "+req.Episode.UUID)
	c, err := sdk.Complete(abi.LLMRequest{
		Prompt:   "hostcalls-extract",
		Model:    "small",
		Messages: []abi.LLMMessage{{Role: "system", Content: "Answer in JSON."}, {Role: "user", Content: req.Episode.Content}},
		Schema:   json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}}}`),
	})
	if err != nil {
		return abi.ExtractResponse{}, fmt.Errorf("complete: %w", err)
	}
	vecs, err := sdk.Embed([]string{c.Content})
	if err != nil {
		return abi.ExtractResponse{}, fmt.Errorf("embed: %w", err)
	}
	return abi.ExtractResponse{
		Entities: []abi.ExtractedEntity{{Name: c.Content, Attributes: map[string]any{"dims": len(vecs[0]), "model": c.Model}}},
		Facts:    []abi.ExtractedFact{},
	}, nil
}

func summarize(abi.SummarizeRequest) (abi.SummarizeResponse, error) {
	for n := 0; n < 1000; n++ {
		if _, err := sdk.Complete(abi.LLMRequest{Prompt: "hostcalls-loop", Messages: []abi.LLMMessage{{Role: "user", Content: "again"}}}); err != nil {
			return abi.SummarizeResponse{Name: fmt.Sprint(n), Summary: err.Error()}, nil
		}
	}
	return abi.SummarizeResponse{Name: "1000", Summary: "never refused"}, nil
}
