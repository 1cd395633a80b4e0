package host

import (
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/community"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/wasm"
)

// options is the engine's view of the ingest settings.
func (c IngestConfig) options() engine.IngestOptions {
	return engine.IngestOptions{
		ContextEpisodes: c.ContextEpisodes, Workers: c.Workers,
		MaxContentBytes: c.MaxContentKB << 10, MaxExtractBytes: c.MaxExtractKB << 10, Split: c.Split,
		MaxChunks: c.MaxChunks, MaxEntities: c.MaxEntities, MaxFacts: c.MaxFacts,
		MaxAttempts: c.MaxAttempts, Batch: c.Batch,
	}
}

// Effective returns the configuration with the defaults filled in that the
// components apply themselves (the store, the engine, the plugin runtime
// and the LLM client), taken from those components: what `mnemo config
// check` prints. It is for display: Open takes the configuration as
// loaded, since some zero values mean more than one default (a plugin's
// call timeout is longer when it is granted the LLM; Effective shows the
// shorter one). Settings of parts that are off (the LLM when none is
// configured, Kuzu with the memory store) are left as they are.
func (c Config) Effective() Config {
	c.Store = c.Store.effective()
	in := c.Ingest.options().Effective()
	c.Ingest = IngestConfig{
		ContextEpisodes: in.ContextEpisodes, Workers: in.Workers,
		MaxContentKB: in.MaxContentBytes >> 10, MaxExtractKB: in.MaxExtractBytes >> 10, Split: in.Split,
		MaxChunks: in.MaxChunks, MaxEntities: in.MaxEntities, MaxFacts: in.MaxFacts,
		MaxAttempts: in.MaxAttempts, Batch: in.Batch,
	}
	c.Communities.DriftThreshold = community.Options{DriftThreshold: c.Communities.DriftThreshold}.Effective().DriftThreshold
	ev := c.Evolve.options().Effective()
	c.Evolve = EvolveConfig{
		Every: c.Evolve.Every, RecencyWeight: ev.Weights.Recency, FrequencyWeight: ev.Weights.Frequency,
		FeedbackWeight: ev.Weights.Feedback, CentralityWeight: ev.Weights.Centrality, HalfLife: ev.HalfLife,
		HalfLives: ev.HalfLives, Threshold: ev.Threshold, FlushEvery: ev.FlushEvery, FlushSize: ev.FlushSize, KeepReports: ev.KeepReports,
	}
	if c.Search.DefaultRecipe == "" {
		c.Search.DefaultRecipe = retrieval.Options{}.Effective().DefaultRecipe
	}
	if c.Plugins.MemoryLimitMB == 0 {
		c.Plugins.MemoryLimitMB = wasm.DefaultMemoryLimitPages / 16
	}
	if c.Plugins.PoolSize == 0 {
		c.Plugins.PoolSize = wasm.DefaultPoolSize
	}
	if c.Plugins.CallTimeout == 0 {
		c.Plugins.CallTimeout = wasm.DefaultCallTimeout
	}
	if c.Embedder.Provider == "openai" && c.Embedder.MaxBatchTexts == 0 {
		c.Embedder.MaxBatchTexts = llm.DefaultMaxBatchTexts
	}
	if c.LLM.Configured() {
		o := (&Host{Config: c}).llmOptions().Effective()
		c.LLM.BaseURL, c.LLM.Model, c.LLM.SmallModel, c.LLM.MaxTokens = o.BaseURL, o.Model, o.SmallModel, o.MaxTokens
		c.LLM.Timeout, c.LLM.MaxRetries = o.RequestTimeout, o.MaxRetries
		c.LLM.StructuredOutput = map[string]string{llm.Auto: "auto", llm.JSONSchema: "json_schema", llm.JSONObject: "json_object", llm.PromptOnly: "prompt_only"}[o.StructuredOutput]
		c.LLM.MaxTokensParam = map[string]string{llm.MaxCompletionTokens: "max_completion_tokens", llm.MaxTokensLegacy: "max_tokens"}[o.MaxTokensParam]
	}
	return c
}
