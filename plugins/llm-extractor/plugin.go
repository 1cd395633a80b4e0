package main

import (
	"encoding/json"
	"fmt"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// version is the plugin's version, reported by mnemo_describe.
const version = "1.0.0"

// Prompt names, which key the host's LLM accounting and logs.
const (
	promptExtract         = "extract"
	promptResolveEntities = "resolve_entities"
	promptResolveFacts    = "resolve_facts"
	promptSummarize       = "summarize"
)

// Completer sends one prompt to the host's LLM and returns its answer: a
// JSON document valid for the request's schema, and the name of the model
// that gave it when the host says. In the plugin it is sdk.Complete; tests
// script it.
type Completer func(abi.LLMRequest) (sdk.Completion, error)

// Logger writes a line to the host's log at an abi.Log level. In the plugin
// it is sdk.Log.
type Logger func(level int32, msg string)

// extractor is one plugin instance's state: the host functions it calls and
// the configuration it was given. The host calls an instance from one
// goroutine at a time; tests do the same.
type extractor struct {
	complete Completer
	log      Logger
	cfg      Config
}

// newExtractor returns an extractor with the default configuration.
func newExtractor(complete Completer, log Logger) *extractor {
	cfg, err := parseConfig(nil)
	if err != nil {
		panic(fmt.Sprintf("the default configuration is invalid: %v", err))
	}
	if log == nil {
		log = func(int32, string) {}
	}
	return &extractor{complete: complete, log: log, cfg: cfg}
}

// plugin returns x's description and handlers for sdk.Register and sdk.Call.
func (x *extractor) plugin() sdk.Plugin {
	return sdk.Plugin{
		Name:            "llm-extractor",
		Version:         version,
		Description:     "Extraction, entity and fact resolution and summaries by prompting the host's LLM, with the tenant's ontology.",
		Imports:         []string{abi.HostLLMComplete, abi.HostLog},
		Configure:       x.configure,
		Extract:         x.extract,
		ResolveEntities: x.resolveEntities,
		ResolveFacts:    x.resolveFacts,
		Summarize:       x.summarize,
	}
}

// configure installs a configuration document.
func (x *extractor) configure(data []byte) error {
	cfg, err := parseConfig(data)
	if err != nil {
		return err
	}
	x.cfg = cfg
	return nil
}

// warn logs a warning line, for answers that have no warnings member.
func (x *extractor) warn(msg string) { x.log(abi.LogWarn, msg) }

// ask sends one prompt to the model of the given role ("main" or
// "small"), decodes its JSON answer into out and returns the name of the
// model that answered, or "" when the host does not say.
func (x *extractor) ask(prompt, model string, system, user string, schema json.RawMessage, maxTokens int, out any) (string, error) {
	req := abi.LLMRequest{
		Prompt: prompt,
		Model:  model,
		Messages: []abi.LLMMessage{
			{Role: "system", Content: system},
			{Role: "user", Content: user},
		},
		Schema:      schema,
		Temperature: x.cfg.Temperature,
		MaxTokens:   maxTokens,
	}
	answer, err := x.complete(req)
	if err != nil {
		return "", fmt.Errorf("complete %s prompt: %w", prompt, err)
	}
	if err := json.Unmarshal([]byte(answer.Content), out); err != nil {
		return "", fmt.Errorf("decode %s answer: %w", prompt, err)
	}
	return answer.Model, nil
}
