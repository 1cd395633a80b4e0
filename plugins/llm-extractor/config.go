package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// Defaults of Config.
const (
	defaultMaxEntities     = 50
	defaultMaxFacts        = 100
	defaultMaxOutputTokens = 8192
	defaultMaxEpisodeChars = 24000
	defaultMaxContextChars = 6000
	defaultMaxPromptChars  = 48000
	defaultMaxExtractCalls = 1
)

// Model names of the llm_complete host function.
const (
	modelMain  = "main"
	modelSmall = "small"
)

// Config is the plugin's configuration: a JSON object whose members are all
// optional. An unknown member is an error, so a misspelt key fails the load
// instead of being ignored. docs/llm-extractor.md documents each key.
type Config struct {
	// Instructions are added to every extraction prompt, after the
	// ontology's own instructions.
	Instructions string `json:"instructions"`
	// Language is the language of fact sentences, summaries and community
	// names ("English", "German"). Empty: the language of the episode.
	Language string `json:"language"`
	// ExtractModel is the model of extraction: "main" (default) or "small".
	ExtractModel string `json:"extract_model"`
	// ResolveModel is the model of resolution and summaries: "small"
	// (default) or "main".
	ResolveModel string `json:"resolve_model"`
	// Temperature is sent with every prompt. Absent: 0. null: none is
	// sent and the server's default applies (reasoning models accept
	// only theirs).
	Temperature *float64 `json:"temperature"`
	// MaxEntities and MaxFacts bound one extraction; the prompt asks for
	// the most important ones and the rest of an answer is dropped with a
	// warning. Zero: 50 and 100.
	MaxEntities int `json:"max_entities"`
	MaxFacts    int `json:"max_facts"`
	// MaxOutputTokens caps the extraction answer. Zero: 8192. Resolution
	// and summaries use the host's cap.
	MaxOutputTokens int `json:"max_output_tokens"`
	// MaxEpisodeChars bounds the current episode sent for extraction; the
	// rest is left out with a warning. Zero: 24000.
	MaxEpisodeChars int `json:"max_episode_chars"`
	// MaxContextChars bounds the previous episodes sent as context, newest
	// first. Zero: 6000.
	MaxContextChars int `json:"max_context_chars"`
	// MaxExtractCalls is how many calls may extract one JSON array longer
	// than MaxEpisodeChars, each a run of its elements. All of them run
	// inside one plugin call and its deadline. Zero: 1.
	MaxExtractCalls int `json:"max_extract_calls"`
	// MaxPromptChars is the size of the data in one resolution or summary
	// prompt above which questions are sent in several calls, or texts left
	// out. Zero: 48000.
	MaxPromptChars int `json:"max_prompt_chars"`
	// Summaries asks for a one-sentence summary of each extracted entity.
	// Absent: true.
	Summaries *bool `json:"summaries"`
	// Ontology is used for requests that carry none.
	Ontology *abi.Ontology `json:"ontology"`
}

// parseConfig reads a configuration document; an empty one is the
// default configuration.
func parseConfig(data []byte) (Config, error) {
	zero := 0.0
	c := Config{Temperature: &zero}
	if len(bytes.TrimSpace(data)) == 0 {
		return c.withDefaults(), nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Config{}, fmt.Errorf("decode llm-extractor configuration: %w", err)
	}
	if dec.More() {
		return Config{}, fmt.Errorf("decode llm-extractor configuration: more than one JSON value")
	}
	if err := c.Validate(); err != nil {
		return Config{}, err
	}
	return c.withDefaults(), nil
}

// Validate reports the first invalid setting.
func (c Config) Validate() error {
	for _, m := range []struct{ key, value string }{{"extract_model", c.ExtractModel}, {"resolve_model", c.ResolveModel}} {
		if m.value != "" && m.value != modelMain && m.value != modelSmall {
			return fmt.Errorf("llm-extractor configuration: %s %q: want %q or %q", m.key, m.value, modelMain, modelSmall)
		}
	}
	if t := c.Temperature; t != nil && (*t < 0 || *t > 2) {
		return fmt.Errorf("llm-extractor configuration: temperature %g: want 0 to 2, or null", *t)
	}
	for _, n := range []struct {
		key      string
		value    int
		min, max int
	}{
		{"max_entities", c.MaxEntities, 1, 500},
		{"max_facts", c.MaxFacts, 1, 1000},
		{"max_output_tokens", c.MaxOutputTokens, 256, 1 << 20},
		{"max_episode_chars", c.MaxEpisodeChars, 1000, 1 << 22},
		{"max_context_chars", c.MaxContextChars, 0, 1 << 22},
		{"max_extract_calls", c.MaxExtractCalls, 1, 16},
		{"max_prompt_chars", c.MaxPromptChars, 4000, 1 << 22},
	} {
		if n.value != 0 && (n.value < n.min || n.value > n.max) {
			return fmt.Errorf("llm-extractor configuration: %s %d: want %d to %d", n.key, n.value, n.min, n.max)
		}
	}
	if len(c.Language) > 64 || strings.ContainsAny(c.Language, "\n\r") {
		return fmt.Errorf("llm-extractor configuration: language %q: want a language name on one line", c.Language)
	}
	if c.Ontology != nil {
		if err := validateOntology(*c.Ontology); err != nil {
			return fmt.Errorf("llm-extractor configuration: ontology: %w", err)
		}
	}
	return nil
}

// validateOntology checks that every type has a name.
func validateOntology(o abi.Ontology) error {
	for i, t := range o.EntityTypes {
		if strings.TrimSpace(t.Name) == "" {
			return fmt.Errorf("entity type %d has no name", i)
		}
	}
	for i, t := range o.FactTypes {
		if strings.TrimSpace(t.Name) == "" {
			return fmt.Errorf("fact type %d has no name", i)
		}
	}
	return nil
}

func (c Config) withDefaults() Config {
	if c.ExtractModel == "" {
		c.ExtractModel = modelMain
	}
	if c.ResolveModel == "" {
		c.ResolveModel = modelSmall
	}
	if c.MaxEntities == 0 {
		c.MaxEntities = defaultMaxEntities
	}
	if c.MaxFacts == 0 {
		c.MaxFacts = defaultMaxFacts
	}
	if c.MaxOutputTokens == 0 {
		c.MaxOutputTokens = defaultMaxOutputTokens
	}
	if c.MaxEpisodeChars == 0 {
		c.MaxEpisodeChars = defaultMaxEpisodeChars
	}
	if c.MaxContextChars == 0 {
		c.MaxContextChars = defaultMaxContextChars
	}
	if c.MaxExtractCalls == 0 {
		c.MaxExtractCalls = defaultMaxExtractCalls
	}
	if c.MaxPromptChars == 0 {
		c.MaxPromptChars = defaultMaxPromptChars
	}
	if c.Summaries == nil {
		on := true
		c.Summaries = &on
	}
	return c
}
