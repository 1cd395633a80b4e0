package host

import (
	"time"

	"github.com/mnemohq/mnemo/engine/evolve"
)

// The pipeline: ingestion, communities and evolution (ingest.*,
// communities.*, evolve.*).

// IngestConfig tunes ingestion; see engine.IngestOptions. The caps say what
// they cut: a warning on the episode's report (its status over HTTP and
// MCP) and in the `mnemo ingest` summary.
type IngestConfig struct {
	ContextEpisodes int `toml:"context_episodes" json:"context_episodes"`
	Workers         int `toml:"workers" json:"workers"`
	// MaxContentKB is the largest episode accepted. Default: 1024.
	MaxContentKB int `toml:"max_content_kb" json:"max_content_kb"`
	// MaxExtractKB is the largest piece of an episode sent to the
	// extractor at once. Default: 12.
	MaxExtractKB int `toml:"max_extract_kb" json:"max_extract_kb"`
	// Split is where a longer text is cut: "size" (default), each piece
	// filled up to MaxExtractKB and cut at a paragraph, line or sentence
	// break; or "meaning", at the sentence breaks where the topic changes
	// most, as the embedder sees it (engine.SplitMeaning).
	Split string `toml:"split" json:"split"`
	// MaxChunks caps the pieces of one episode that are extracted.
	// Default: enough for an episode of MaxContentKB (96 with the
	// defaults).
	MaxChunks int `toml:"max_chunks" json:"max_chunks"`
	// MaxEntities and MaxFacts cap what one episode's extraction adds to
	// the graph. Default: 500 and 1000.
	MaxEntities int `toml:"max_entities" json:"max_entities"`
	MaxFacts    int `toml:"max_facts" json:"max_facts"`
	MaxAttempts int `toml:"max_attempts" json:"max_attempts"`
	// Batch is how many pending episodes of a group a worker takes at a
	// time and writes in as few transactions as it can. Default: 64.
	Batch int `toml:"batch" json:"batch"`
}

// CommunityConfig tunes the community tier.
type CommunityConfig struct {
	DriftThreshold float64 `toml:"drift_threshold" json:"drift_threshold"`
}

// EvolveConfig configures self-evolving memory: importance, decay and
// archiving (docs/evolve.md). Zero values are core's defaults.
type EvolveConfig struct {
	// Every runs evolution on every group on this period while serve
	// runs, one group at a time. Default: 0, off.
	Every time.Duration `toml:"every" json:"every"`
	// The weights of importance's parts. Default: 0.3, 0.3, 0.2, 0.2
	// (all four zero).
	RecencyWeight    float64 `toml:"recency_weight" json:"recency_weight"`
	FrequencyWeight  float64 `toml:"frequency_weight" json:"frequency_weight"`
	FeedbackWeight   float64 `toml:"feedback_weight" json:"feedback_weight"`
	CentralityWeight float64 `toml:"centrality_weight" json:"centrality_weight"`
	// HalfLife is how long unused objects take for their recency to
	// halve. Default: 720h (30 days).
	HalfLife time.Duration `toml:"half_life" json:"half_life"`
	// HalfLives set it by entity label or fact relation. Default: the
	// ontology's, else HalfLife.
	HalfLives map[string]time.Duration `toml:"half_lives" json:"half_lives,omitempty"`
	// Threshold archives objects whose importance falls below it.
	// Default: 0.1.
	Threshold float64 `toml:"threshold" json:"threshold"`
	// FlushEvery and FlushSize say when search access counts are written.
	// Defaults: 30s, 1000 objects.
	FlushEvery time.Duration `toml:"flush_every" json:"flush_every"`
	FlushSize  int           `toml:"flush_size" json:"flush_size"`
	// KeepReports is how many run reports each group keeps. Default: 50.
	KeepReports int `toml:"keep_reports" json:"keep_reports"`
}

// options is the engine's form of the configuration.
func (c EvolveConfig) options() evolve.Config {
	return evolve.Config{
		Weights:  evolve.ImportanceWeights{Recency: c.RecencyWeight, Frequency: c.FrequencyWeight, Feedback: c.FeedbackWeight, Centrality: c.CentralityWeight},
		HalfLife: c.HalfLife, HalfLives: c.HalfLives, Threshold: c.Threshold,
		FlushEvery: c.FlushEvery, FlushSize: c.FlushSize, KeepReports: c.KeepReports,
	}
}
