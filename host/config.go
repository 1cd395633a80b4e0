package host

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/mnemohq/mnemo/core"
)

// Config is mnemo's configuration: one file (TOML, or JSON by extension)
// plus environment overrides. Every field can be set from the environment
// as MNEMO_ followed by its path in upper case, sections joined by "_":
// MNEMO_DB, MNEMO_LLM_MODEL, MNEMO_EMBEDDER_DIMENSIONS, MNEMO_HTTP_ADDR.
// OPENAI_API_KEY and OPENAI_BASE_URL are honoured for the LLM and the
// embedder when their own settings are empty.
//
// The zero value of every field is its default, stated in its comment.
type Config struct {
	// DB is the database directory. Default: ./mnemo-data.
	DB string `toml:"db" json:"db"`

	Store       StoreConfig     `toml:"store" json:"store"`
	Embedder    EmbedderConfig  `toml:"embedder" json:"embedder"`
	LLM         LLMConfig       `toml:"llm" json:"llm"`
	Ingest      IngestConfig    `toml:"ingest" json:"ingest"`
	Search      SearchConfig    `toml:"search" json:"search"`
	Communities CommunityConfig `toml:"communities" json:"communities"`
	Evolve      EvolveConfig    `toml:"evolve" json:"evolve"`
	Plugins     PluginsConfig   `toml:"plugins" json:"plugins"`
	HTTP        HTTPConfig      `toml:"http" json:"http"`
	Log         LogConfig       `toml:"log" json:"log"`

	// path is the file the configuration came from, if any; relative
	// paths inside it are resolved against its directory.
	path string
}

// StoreConfig chooses the store and sizes the embedded database.
type StoreConfig struct {
	// Backend is the store: "kuzu", the embedded Kuzu database in DB;
	// "memory", an in-memory store (core/memstore) that keeps nothing
	// once the process ends, for trying mnemo without a database file; or
	// "weaviate", a Weaviate cluster (Weaviate). The settings below
	// Weaviate apply to Kuzu only. Default: kuzu.
	Backend string `toml:"backend" json:"backend"`
	// Weaviate is the cluster store.backend "weaviate" uses.
	Weaviate WeaviateConfig `toml:"weaviate" json:"weaviate"`
	// Lease makes this host one of several sharing a Weaviate store: it
	// ingests a group only while it holds the group's lease in etcd.
	Lease LeaseConfig `toml:"lease" json:"lease"`
	// BufferPoolMB is Kuzu's page cache in MiB, which also holds the
	// updates committed since the last checkpoint. Default: an eighth of
	// the machine's memory, between 256 and 2048.
	BufferPoolMB int `toml:"buffer_pool_mb" json:"buffer_pool_mb,omitempty"`
	// MaxDBSizeMB is the largest the database file may grow, in MiB, a
	// power of two; Kuzu reserves it as address space at open. Default:
	// 65536 (64 GiB), which fits a 39-bit address space.
	MaxDBSizeMB int `toml:"max_db_size_mb" json:"max_db_size_mb,omitempty"`
	// CheckpointEvery is the number of write transactions between two
	// checkpoints. Default: 256.
	CheckpointEvery int `toml:"checkpoint_every" json:"checkpoint_every,omitempty"`
	// CheckpointWALMB is the WAL size in MiB from which a commit is
	// followed by a checkpoint. Default: 4.
	CheckpointWALMB int `toml:"checkpoint_wal_mb" json:"checkpoint_wal_mb,omitempty"`
	// Threads is Kuzu's threads per query. Default: CPUs, at most 4.
	Threads int `toml:"threads" json:"threads,omitempty"`
	// ReadConns is the number of concurrent read connections. Default: 4.
	ReadConns int `toml:"read_conns" json:"read_conns,omitempty"`
	// NoJournal turns off mnemo's journal of acknowledged writes
	// (docs/durability.md): without it, a process killed inside one of
	// Kuzu's checkpoints can leave a database that does not open, and
	// what was written since the last checkpoint is lost. For measuring
	// the journal's cost. Default: false (the journal is kept).
	NoJournal bool `toml:"no_journal" json:"no_journal,omitempty"`
	// JournalDir is the journal's directory. Default: "journal" in the
	// database directory. On another disk it rebuilds the database even
	// when the database directory is lost; one journal per database.
	JournalDir string `toml:"journal_dir" json:"journal_dir,omitempty"`
	// JournalRebaseMB is the journal's size in MiB from which mnemo takes
	// a new base of it (a checked copy of the database file) and drops
	// the journal the base covers. Default: the larger of 64 and the
	// database file's size.
	JournalRebaseMB int `toml:"journal_rebase_mb" json:"journal_rebase_mb,omitempty"`
}

// WeaviateConfig names the Weaviate cluster of store.backend "weaviate".
type WeaviateConfig struct {
	// URL is a node's REST endpoint, http://host:port or https://.
	// Required with store.backend "weaviate".
	URL string `toml:"url" json:"url,omitempty"`
	// APIKey authenticates to Weaviate. Default: anonymous access.
	APIKey string `toml:"api_key" json:"api_key,omitempty"`
	// ReplicationFactor is the number of copies of each shard, given when
	// mnemo creates its collections. Default: 1.
	ReplicationFactor int `toml:"replication_factor" json:"replication_factor,omitempty"`
	// ConsistencyLevel is ONE, QUORUM or ALL, for reads and writes.
	// Default: QUORUM.
	ConsistencyLevel string `toml:"consistency_level" json:"consistency_level,omitempty"`
}

// LeaseConfig names the etcd cluster that hands out per-group ingestion
// leases when several mnemo hosts share one store.
type LeaseConfig struct {
	// Etcd are the etcd cluster's client URLs. Default: none, for a host
	// that is its store's only writer.
	Etcd []string `toml:"etcd" json:"etcd,omitempty"`
	// Prefix is the key prefix of the leases. Default: /mnemo/leases/.
	Prefix string `toml:"prefix" json:"prefix,omitempty"`
	// TTL is how long a host's leases outlive its last contact with etcd,
	// whole seconds, at least 2s. Default: 10s.
	TTL time.Duration `toml:"ttl" json:"ttl,omitempty"`
	// Username and Password authenticate to etcd. Default: none.
	Username string `toml:"username" json:"username,omitempty"`
	Password string `toml:"password" json:"password,omitempty"`
}

// EmbedderConfig chooses the embedder.
type EmbedderConfig struct {
	// Provider is "local" (the offline hashing embedder) or "openai" (any
	// OpenAI-compatible endpoint). Default: local, unless Model or BaseURL
	// is set.
	Provider string `toml:"provider" json:"provider"`
	// Model is the embedding model of an OpenAI-compatible endpoint.
	Model   string `toml:"model" json:"model"`
	BaseURL string `toml:"base_url" json:"base_url"`
	APIKey  string `toml:"api_key" json:"api_key"`
	// Dimensions is the vector size; it is fixed when the database is
	// created. Default: 256 for the local embedder; required for others
	// unless the model's default is known.
	Dimensions int `toml:"dimensions" json:"dimensions"`
	// SendDimensions sends "dimensions" to the endpoint (models that can
	// shorten their vectors).
	SendDimensions bool `toml:"send_dimensions" json:"send_dimensions"`
	// MaxBatchTexts caps texts per request. Default: the client's.
	MaxBatchTexts int `toml:"max_batch_texts" json:"max_batch_texts"`
}

// LLMConfig configures the LLM client. With no BaseURL, APIKey or Model
// (here or in OPENAI_*), mnemo runs offline.
type LLMConfig struct {
	BaseURL    string `toml:"base_url" json:"base_url"`
	APIKey     string `toml:"api_key" json:"api_key"`
	Model      string `toml:"model" json:"model"`
	SmallModel string `toml:"small_model" json:"small_model"`
	// StructuredOutput is "auto" (default: the strongest of the others
	// the endpoint takes, found by the first request), "json_schema",
	// "json_object" (servers without schema support) or "prompt_only".
	StructuredOutput string   `toml:"structured_output" json:"structured_output"`
	Temperature      *float64 `toml:"temperature" json:"temperature,omitempty"`
	MaxTokens        int      `toml:"max_tokens" json:"max_tokens"`
	// MaxTokensParam is "max_completion_tokens" (default) or "max_tokens".
	MaxTokensParam string `toml:"max_tokens_param" json:"max_tokens_param"`
	// MaxConcurrency bounds LLM and embedding requests in flight across
	// the whole process. Default: 8.
	MaxConcurrency    int `toml:"max_concurrency" json:"max_concurrency"`
	RequestsPerMinute int `toml:"requests_per_minute" json:"requests_per_minute"`
	TokensPerMinute   int `toml:"tokens_per_minute" json:"tokens_per_minute"`
	// Timeout bounds one request attempt. Default: the client's (60s).
	Timeout    time.Duration `toml:"timeout" json:"timeout"`
	MaxRetries int           `toml:"max_retries" json:"max_retries"`
	// CacheDir keeps answers on disk (off by default).
	CacheDir string `toml:"cache_dir" json:"cache_dir"`
}

// Configured reports whether an LLM endpoint is set.
func (c LLMConfig) Configured() bool { return c.BaseURL != "" || c.APIKey != "" || c.Model != "" }

// IngestConfig tunes ingestion; see core.IngestOptions. The caps say what
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
	// most, as the embedder sees it (core.SplitMeaning).
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

// SearchConfig defines recipes and chooses the recipe of searches that
// name none.
type SearchConfig struct {
	DefaultRecipe string `toml:"default_recipe" json:"default_recipe"`
	// GroupRecipes maps group ids or patterns ("team-*") to recipes.
	GroupRecipes map[string]string `toml:"group_recipes" json:"group_recipes,omitempty"`
	// Recipes defines recipes by name, beside the built-ins
	// (core.BuiltinRecipes); one named like a built-in replaces it.
	Recipes map[string]RecipeConfig `toml:"recipes" json:"recipes,omitempty"`
}

// RecipeConfig is a recipe written in the configuration: core.Recipe.
type RecipeConfig struct {
	Description string `toml:"description" json:"description,omitempty"`
	// Scopes configures each scope searched, by name (facts, entities,
	// episodes, communities); scopes absent are not searched.
	Scopes map[string]ScopeRecipeConfig `toml:"scopes" json:"scopes"`
}

// ScopeRecipeConfig configures the search of one scope of a recipe:
// core.ScopeConfig, whose comments give the defaults.
type ScopeRecipeConfig struct {
	Methods  []string `toml:"methods" json:"methods,omitempty"`
	Reranker string   `toml:"reranker" json:"reranker,omitempty"`
	// Plugin names the rerank plugin of the "plugin" reranker (a built-in
	// or a file of the plugins directory), whatever the group's plugin
	// set says; it implies reranker = "plugin".
	Plugin           string             `toml:"plugin" json:"plugin,omitempty"`
	Limit            int                `toml:"limit" json:"limit,omitempty"`
	Candidates       int                `toml:"candidates" json:"candidates,omitempty"`
	MinScore         float64            `toml:"min_score" json:"min_score,omitempty"`
	MinSimilarity    float64            `toml:"min_similarity" json:"min_similarity,omitempty"`
	RRFK             float64            `toml:"rrf_k" json:"rrf_k,omitempty"`
	Weights          map[string]float64 `toml:"weights" json:"weights,omitempty"`
	MMRLambda        float64            `toml:"mmr_lambda" json:"mmr_lambda,omitempty"`
	BFSDepth         int                `toml:"bfs_depth" json:"bfs_depth,omitempty"`
	MaxHops          int                `toml:"max_hops" json:"max_hops,omitempty"`
	PluginEmbeddings bool               `toml:"plugin_embeddings" json:"plugin_embeddings,omitempty"`
}

// CoreRecipes returns the recipes of the configuration as the engine takes
// them (core.SearchOptions.Recipes), without the built-ins.
func (c SearchConfig) CoreRecipes() map[string]core.Recipe {
	if len(c.Recipes) == 0 {
		return nil
	}
	out := make(map[string]core.Recipe, len(c.Recipes))
	for name, rc := range c.Recipes {
		r := core.Recipe{Description: rc.Description, Scopes: make(map[core.Scope]core.ScopeConfig, len(rc.Scopes))}
		for sc, s := range rc.Scopes {
			r.Scopes[core.Scope(sc)] = core.ScopeConfig{
				Methods: s.Methods, Reranker: s.Reranker, Plugin: s.Plugin, Limit: s.Limit, Candidates: s.Candidates,
				MinScore: s.MinScore, MinSimilarity: s.MinSimilarity, RRFK: s.RRFK, Weights: s.Weights,
				MMRLambda: s.MMRLambda, BFSDepth: s.BFSDepth, MaxHops: s.MaxHops, PluginEmbeddings: s.PluginEmbeddings,
			}
		}
		out[name] = r
	}
	return out
}

// allRecipes returns the built-in recipes with the configured ones.
func (c SearchConfig) allRecipes() map[string]core.Recipe {
	all := core.BuiltinRecipes()
	for name, r := range c.CoreRecipes() {
		all[name] = r
	}
	return all
}

// rerankPlugins lists the rerank plugins the configured recipes name.
func (c SearchConfig) rerankPlugins() []string {
	var out []string
	for _, r := range c.Recipes {
		for _, s := range r.Scopes {
			if s.Plugin != "" && !slices.Contains(out, s.Plugin) {
				out = append(out, s.Plugin)
			}
		}
	}
	slices.Sort(out)
	return out
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
func (c EvolveConfig) options() core.EvolveConfig {
	return core.EvolveConfig{
		Weights:  core.ImportanceWeights{Recency: c.RecencyWeight, Frequency: c.FrequencyWeight, Feedback: c.FeedbackWeight, Centrality: c.CentralityWeight},
		HalfLife: c.HalfLife, HalfLives: c.HalfLives, Threshold: c.Threshold,
		FlushEvery: c.FlushEvery, FlushSize: c.FlushSize, KeepReports: c.KeepReports,
	}
}

// PluginsConfig chooses the plugins: built-ins embedded in the binary and
// .wasm files in Dir, and which of them serve which groups.
type PluginsConfig struct {
	// Dir holds extra plugins (.wasm files, named as they describe
	// themselves), watched for changes.
	// Default: none.
	Dir string `toml:"dir" json:"dir"`
	// CacheDir is the directory of the plugins' compilation cache, so that
	// a restart does not compile them again; "off" (CacheOff) compiles
	// them in memory at every start. A directory that cannot be created
	// or written is logged and works as "off". Default: mnemo/wasm-cache
	// in the user's cache directory ($XDG_CACHE_HOME, else ~/.cache, on
	// Linux); off with the memory store, or when there is no such
	// directory.
	CacheDir string `toml:"cache_dir" json:"cache_dir"`
	// MemoryLimitMB caps each plugin instance. Default: 32.
	MemoryLimitMB int `toml:"memory_limit_mb" json:"memory_limit_mb"`
	// CallTimeout bounds one plugin call. Default: 10s (2m with LLM).
	CallTimeout time.Duration `toml:"call_timeout" json:"call_timeout"`
	// Reload is how often Dir and the configuration file are checked for
	// changes. Default: 2s; negative disables hot reload.
	Reload time.Duration `toml:"reload" json:"reload"`
	// Grants says what each plugin may use, by plugin name. Built-ins get
	// what they need by default (llm-extractor: the LLM).
	Grants map[string]GrantConfig `toml:"grants" json:"grants,omitempty"`
	// Default is the plugin set of groups no tenant rule matches.
	Default SetConfig `toml:"default" json:"default"`
	// Tenants give groups their own set; the first matching rule wins.
	Tenants []TenantConfig `toml:"tenants" json:"tenants,omitempty"`
}

// GrantConfig is what the operator allows one plugin.
type GrantConfig struct {
	AllowLLM   bool `toml:"allow_llm" json:"allow_llm"`
	AllowEmbed bool `toml:"allow_embed" json:"allow_embed"`
}

// SetConfig names the plugins serving a group. Plugin names are built-in
// names ("rule-extractor", "llm-extractor", "script-reranker") or the names
// the files of PluginsConfig.Dir describe themselves with; a file's base
// name names it too unless a plugin describes itself so.
type SetConfig struct {
	// Extractor extracts entities and facts. Default: llm-extractor when
	// an LLM is configured, else rule-extractor.
	Extractor string `toml:"extractor" json:"extractor"`
	// Resolver resolves entities and facts. Default: the extractor, if it
	// can.
	Resolver string `toml:"resolver" json:"resolver"`
	// Reranker is a rerank plugin for the "plugin" reranker. Default: none.
	Reranker string `toml:"reranker" json:"reranker"`
	// Summarizer writes community summaries. Default: the extractor, if
	// it can.
	Summarizer string `toml:"summarizer" json:"summarizer"`
	// Ontology is a JSON ontology: a file path (relative to the
	// configuration file) or the JSON itself.
	Ontology string `toml:"ontology" json:"ontology"`
	// PluginConfig gives plugins of this set their own configuration
	// (JSON), by plugin name: a script for script-reranker, say.
	PluginConfig map[string]string `toml:"plugin_config" json:"plugin_config,omitempty"`
}

// TenantConfig is a tenant rule: groups (exact ids or patterns with '*')
// and their plugin set. Fields left empty fall back to the default set.
type TenantConfig struct {
	Groups    []string `toml:"groups" json:"groups"`
	SetConfig `toml:",inline"`
}

// HTTPConfig configures `mnemo serve`.
type HTTPConfig struct {
	// Addr is the listen address. Default: 127.0.0.1:8080.
	Addr string `toml:"addr" json:"addr"`
	// Keys are API keys, each bound to the groups (ids or patterns) it may
	// touch. With no keys, requests need none (bind to loopback).
	Keys []APIKeyConfig `toml:"keys" json:"keys,omitempty"`
	// MaxBodyKB bounds request bodies. Default: twice
	// ingest.max_content_kb (2048), so that an episode of the largest
	// accepted size fits with its JSON escapes; it may not be less than
	// ingest.max_content_kb.
	MaxBodyKB int `toml:"max_body_kb" json:"max_body_kb"`
	// MaxImportMB bounds the body of a group import (POST
	// /v1/groups/{group}/import), which is read whole before anything is
	// written. Default: 256.
	MaxImportMB int `toml:"max_import_mb" json:"max_import_mb"`
}

// APIKeyConfig is one API key and the groups it may touch.
type APIKeyConfig struct {
	Key    string   `toml:"key" json:"key"`
	Groups []string `toml:"groups" json:"groups"`
	// ReadOnly keys may read and search their groups but change nothing:
	// a route or MCP tool that writes answers 403. Default: false (reads
	// and writes).
	ReadOnly bool `toml:"read_only" json:"read_only,omitempty"`
}

// LogConfig sets logging.
type LogConfig struct {
	// Level is debug, info (default), warn or error.
	Level string `toml:"level" json:"level"`
	// Format is text (default) or json.
	Format string `toml:"format" json:"format"`
}

// Load reads a configuration file (none if path is empty), applies the
// environment (getenv, usually os.Getenv) and the defaults, and validates
// the result.
func Load(path string, getenv func(string) string) (Config, error) {
	var c Config
	if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return c, fmt.Errorf("read configuration: %w", err)
		}
		if err := parseConfig(path, b, &c); err != nil {
			return c, err
		}
		c.path = path
	}
	if err := applyEnv(reflect.ValueOf(&c).Elem(), "MNEMO", getenv); err != nil {
		return c, err
	}
	if c.LLM.APIKey == "" {
		c.LLM.APIKey = getenv("OPENAI_API_KEY")
	}
	if c.LLM.BaseURL == "" {
		c.LLM.BaseURL = getenv("OPENAI_BASE_URL")
	}
	if c.Embedder.Provider == "openai" || c.Embedder.Model != "" || c.Embedder.BaseURL != "" {
		if c.Embedder.APIKey == "" {
			c.Embedder.APIKey = c.LLM.APIKey
		}
		if c.Embedder.BaseURL == "" {
			c.Embedder.BaseURL = c.LLM.BaseURL
		}
	}
	c = c.withDefaults(getenv)
	return c, c.Validate()
}

// parseConfig decodes TOML, or JSON for a .json file, refusing unknown keys
// so that a misspelled setting is an error, not a silent default.
func parseConfig(path string, b []byte, c *Config) error {
	if strings.EqualFold(filepath.Ext(path), ".json") {
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(c); err != nil {
			return fmt.Errorf("%w: configuration %s: %w", core.ErrInvalid, path, err)
		}
		return nil
	}
	md, err := toml.Decode(string(b), c)
	if err != nil {
		return fmt.Errorf("%w: configuration %s: %w", core.ErrInvalid, path, err)
	}
	if undec := md.Undecoded(); len(undec) > 0 {
		keys := make([]string, len(undec))
		for i, k := range undec {
			keys[i] = k.String()
		}
		return fmt.Errorf("%w: configuration %s: unknown settings %s", core.ErrInvalid, path, strings.Join(keys, ", "))
	}
	return nil
}

// applyEnv sets scalar fields from MNEMO_<PATH> variables.
func applyEnv(v reflect.Value, prefix string, getenv func(string) string) error {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
		fv := v.Field(i)
		if tag == "" && f.Anonymous {
			if err := applyEnv(fv, prefix, getenv); err != nil {
				return err
			}
			continue
		}
		name := prefix + "_" + strings.ToUpper(tag)
		if f.Type.Kind() == reflect.Struct {
			if err := applyEnv(fv, name, getenv); err != nil {
				return err
			}
			continue
		}
		s := getenv(name)
		if s == "" {
			continue
		}
		if err := setScalar(fv, s); err != nil {
			return fmt.Errorf("%w: %s=%q: %w", core.ErrInvalid, name, s, err)
		}
	}
	return nil
}

func setScalar(v reflect.Value, s string) error {
	switch {
	case v.Type() == reflect.TypeOf(time.Duration(0)):
		d, err := time.ParseDuration(s)
		if err != nil {
			return err
		}
		v.SetInt(int64(d))
	case v.Kind() == reflect.String:
		v.SetString(s)
	case v.Kind() == reflect.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return err
		}
		v.SetBool(b)
	case v.Kind() == reflect.Int:
		n, err := strconv.Atoi(s)
		if err != nil {
			return err
		}
		v.SetInt(int64(n))
	case v.Kind() == reflect.Float64:
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return err
		}
		v.SetFloat(f)
	case v.Kind() == reflect.Pointer && v.Type().Elem().Kind() == reflect.Float64:
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return err
		}
		v.Set(reflect.ValueOf(&f))
	case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.String:
		v.Set(reflect.ValueOf(strings.Split(s, ",")))
	default:
		return fmt.Errorf("cannot be set from the environment")
	}
	return nil
}

// withDefaults fills the settings left at zero; getenv is the environment
// the user's cache directory is found in.
func (c Config) withDefaults(getenv func(string) string) Config {
	if c.DB == "" {
		c.DB = "mnemo-data"
	}
	c.Store = c.Store.withDefaults()
	if c.Embedder.Provider == "" {
		c.Embedder.Provider = "local"
		if c.Embedder.Model != "" || c.Embedder.BaseURL != "" {
			c.Embedder.Provider = "openai"
		}
	}
	if c.Embedder.Provider == "local" && c.Embedder.Dimensions == 0 {
		c.Embedder.Dimensions = 256
	}
	if c.LLM.MaxConcurrency == 0 {
		c.LLM.MaxConcurrency = 8
	}
	if c.Plugins.CacheDir == "" {
		// A memory store writes nothing to disk: its plugins compile into
		// memory too. Without a user cache directory the setting stays
		// empty, and Open says why plugins compile at every start.
		c.Plugins.CacheDir = CacheOff
		if c.Store.Backend != "memory" {
			c.Plugins.CacheDir = defaultCacheDir(getenv)
		}
	}
	if c.Plugins.Reload == 0 {
		c.Plugins.Reload = 2 * time.Second
	}
	if c.Plugins.Default.Extractor == "" {
		c.Plugins.Default.Extractor = "rule-extractor"
		if c.LLM.Configured() {
			c.Plugins.Default.Extractor = "llm-extractor"
		}
	}
	if c.HTTP.Addr == "" {
		c.HTTP.Addr = "127.0.0.1:8080"
	}
	if c.Ingest.MaxContentKB == 0 {
		c.Ingest.MaxContentKB = 1024
	}
	if c.HTTP.MaxBodyKB == 0 {
		c.HTTP.MaxBodyKB = 2 * c.Ingest.MaxContentKB
	}
	if c.HTTP.MaxImportMB == 0 {
		c.HTTP.MaxImportMB = 256
	}
	if c.Log.Level == "" {
		c.Log.Level = "info"
	}
	if c.Log.Format == "" {
		c.Log.Format = "text"
	}
	return c
}

// Validate checks the configuration.
func (c Config) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: configuration: %s", core.ErrInvalid, fmt.Sprintf(format, args...))
	}
	switch c.Embedder.Provider {
	case "local":
	case "openai":
		if c.Embedder.Model == "" {
			return bad("embedder.model is required for the openai provider")
		}
	default:
		return bad("embedder.provider %q: want local or openai", c.Embedder.Provider)
	}
	if c.Embedder.Dimensions < 0 || c.Embedder.Dimensions > 8192 {
		return bad("embedder.dimensions %d: want 1 to 8192", c.Embedder.Dimensions)
	}
	switch c.LLM.StructuredOutput {
	case "", "auto", "json_schema", "json_object", "prompt_only":
	default:
		return bad("llm.structured_output %q: want auto, json_schema, json_object or prompt_only", c.LLM.StructuredOutput)
	}
	switch c.LLM.MaxTokensParam {
	case "", "max_completion_tokens", "max_tokens":
	default:
		return bad("llm.max_tokens_param %q: want max_completion_tokens or max_tokens", c.LLM.MaxTokensParam)
	}
	if !slices.Contains(storeBackends(), c.Store.Backend) {
		return bad("store.backend %q: want one of %s", c.Store.Backend, strings.Join(storeBackends(), ", "))
	}
	if err := c.Store.validateWeaviate(); err != nil {
		return bad("%s", err)
	}
	if err := c.Store.validateLease(); err != nil {
		return bad("%s", err)
	}
	if c.Store.Backend == "kuzu" && c.Store.BufferPoolMB < 16 {
		return bad("store.buffer_pool_mb %d: want at least 16", c.Store.BufferPoolMB)
	}
	if n := c.Store.MaxDBSizeMB; c.Store.Backend == "kuzu" && (n < 8 || n&(n-1) != 0) {
		return bad("store.max_db_size_mb %d: want a power of two of at least 8", n)
	}
	for _, n := range []int{c.Store.Threads, c.Store.ReadConns, c.Store.CheckpointEvery, c.Store.CheckpointWALMB, c.LLM.MaxConcurrency, c.LLM.RequestsPerMinute, c.LLM.TokensPerMinute,
		c.LLM.MaxTokens, c.Ingest.Workers, c.Ingest.Batch, c.Ingest.MaxContentKB, c.Ingest.MaxExtractKB, c.Ingest.MaxChunks, c.Ingest.MaxEntities, c.Ingest.MaxFacts,
		c.Ingest.MaxAttempts, c.Plugins.MemoryLimitMB, c.HTTP.MaxBodyKB, c.HTTP.MaxImportMB} {
		if n < 0 {
			return bad("a size or count is negative")
		}
	}
	switch c.Ingest.Split {
	case "", core.SplitSize, core.SplitMeaning:
	default:
		return bad("ingest.split %q: want %s or %s", c.Ingest.Split, core.SplitSize, core.SplitMeaning)
	}
	if c.HTTP.MaxBodyKB > 0 && c.HTTP.MaxBodyKB < c.Ingest.MaxContentKB {
		return bad("http.max_body_kb %d is less than ingest.max_content_kb %d: an episode of the accepted size could not be sent", c.HTTP.MaxBodyKB, c.Ingest.MaxContentKB)
	}
	if c.Communities.DriftThreshold < 0 || c.Communities.DriftThreshold > 1 {
		return bad("communities.drift_threshold %g: want 0 to 1", c.Communities.DriftThreshold)
	}
	if c.Evolve.Every < 0 {
		return bad("evolve.every %s: want 0 (off) or a period", c.Evolve.Every)
	}
	if err := c.Evolve.options().Validate(); err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	for i, t := range c.Plugins.Tenants {
		if len(t.Groups) == 0 {
			return bad("plugins.tenants[%d] names no groups", i)
		}
		for _, g := range t.Groups {
			if err := validatePattern(g); err != nil {
				return bad("plugins.tenants[%d]: %s", i, err)
			}
		}
	}
	if err := c.Search.validate(); err != nil {
		return fmt.Errorf("%w: configuration: %w", core.ErrInvalid, err)
	}
	for i, k := range c.HTTP.Keys {
		if len(k.Key) < 16 {
			return bad("http.keys[%d]: a key must be at least 16 characters", i)
		}
		if len(k.Groups) == 0 {
			return bad("http.keys[%d] names no groups", i)
		}
		for _, g := range k.Groups {
			if err := validatePattern(g); err != nil {
				return bad("http.keys[%d]: %s", i, err)
			}
		}
	}
	switch c.Log.Level {
	case "debug", "info", "warn", "error":
	default:
		return bad("log.level %q: want debug, info, warn or error", c.Log.Level)
	}
	switch c.Log.Format {
	case "text", "json":
	default:
		return bad("log.format %q: want text or json", c.Log.Format)
	}
	return nil
}

// namingPlugin returns the first setting of a recipe naming a plugin, for
// errors: "search.recipes.boost.scopes.facts.plugin".
func (c SearchConfig) namingPlugin(plugin string) string {
	for _, name := range slices.Sorted(maps.Keys(c.Recipes)) {
		for _, sc := range slices.Sorted(maps.Keys(c.Recipes[name].Scopes)) {
			if c.Recipes[name].Scopes[sc].Plugin == plugin {
				return fmt.Sprintf("search.recipes.%s.scopes.%s.plugin", name, sc)
			}
		}
	}
	return "search.recipes"
}

// validate checks the recipes and the recipe choice, naming the setting
// at fault.
func (c SearchConfig) validate() error {
	recipes := c.CoreRecipes()
	for _, name := range slices.Sorted(maps.Keys(c.Recipes)) {
		if name == "" || strings.ContainsAny(name, " \t\n") {
			return fmt.Errorf("search.recipes: recipe name %q: want a name without spaces", name)
		}
		if len(c.Recipes[name].Scopes) == 0 {
			return fmt.Errorf("search.recipes.%s searches no scope: give it [search.recipes.%s.scopes.facts] (or entities, episodes, communities)", name, name)
		}
		for _, sc := range slices.Sorted(maps.Keys(c.Recipes[name].Scopes)) {
			if !core.Scope(sc).Valid() {
				return fmt.Errorf("search.recipes.%s.scopes.%s: unknown scope (want facts, entities, episodes or communities)", name, sc)
			}
			s := c.Recipes[name].Scopes[sc]
			if s.Plugin != "" && strings.ContainsAny(s.Plugin, "/\\") {
				return fmt.Errorf("search.recipes.%s.scopes.%s.plugin %q: want a plugin name, not a path", name, sc, s.Plugin)
			}
			if err := recipes[name].Scopes[core.Scope(sc)].Validate(core.Scope(sc)); err != nil {
				why := strings.TrimPrefix(strings.TrimPrefix(err.Error(), core.ErrInvalid.Error()+": "), sc+": ")
				return fmt.Errorf("search.recipes.%s.scopes.%s: %s", name, sc, why)
			}
		}
	}
	all := c.allRecipes()
	if _, ok := all[c.DefaultRecipe]; c.DefaultRecipe != "" && !ok {
		return fmt.Errorf("search.default_recipe %q: no such recipe (want a built-in or one of search.recipes)", c.DefaultRecipe)
	}
	for _, p := range slices.Sorted(maps.Keys(c.GroupRecipes)) {
		if err := validatePattern(p); err != nil {
			return fmt.Errorf("search.group_recipes: %w", err)
		}
		if _, ok := all[c.GroupRecipes[p]]; !ok {
			return fmt.Errorf("search.group_recipes.%q = %q: no such recipe (want a built-in or one of search.recipes)", p, c.GroupRecipes[p])
		}
	}
	return nil
}

// validatePattern checks a group id or a pattern with '*' wildcards.
func validatePattern(p string) error {
	if p == "*" {
		return nil
	}
	return core.ValidateGroupID(strings.ReplaceAll(p, "*", "x"))
}

// MatchGroup reports whether group matches a pattern ('*' matches any run
// of characters).
func MatchGroup(pattern, group string) bool {
	parts := strings.Split(pattern, "*")
	if len(parts) == 1 {
		return pattern == group
	}
	if !strings.HasPrefix(group, parts[0]) {
		return false
	}
	rest := group[len(parts[0]):]
	for i, p := range parts[1:] {
		if i == len(parts)-2 {
			return strings.HasSuffix(rest, p) && len(rest) >= len(p)
		}
		k := strings.Index(rest, p)
		if k < 0 {
			return false
		}
		rest = rest[k+len(p):]
	}
	return true
}

// resolvePath makes a path from the configuration file relative to its
// directory.
func (c Config) resolvePath(p string) string {
	if p == "" || filepath.IsAbs(p) || c.path == "" {
		return p
	}
	return filepath.Join(filepath.Dir(c.path), p)
}

// Masked returns the configuration as indented JSON with secrets masked,
// for `mnemo config check`.
func (c Config) Masked() string {
	mask := func(s string) string {
		if s == "" {
			return ""
		}
		if len(s) <= 8 {
			return "****"
		}
		return "****" + s[len(s)-4:]
	}
	c.LLM.APIKey = mask(c.LLM.APIKey)
	c.Embedder.APIKey = mask(c.Embedder.APIKey)
	c.Store.Weaviate.APIKey = mask(c.Store.Weaviate.APIKey)
	c.Store.Lease.Password = mask(c.Store.Lease.Password)
	keys := make([]APIKeyConfig, len(c.HTTP.Keys))
	for i, k := range c.HTTP.Keys {
		keys[i] = APIKeyConfig{Key: mask(k.Key), Groups: k.Groups, ReadOnly: k.ReadOnly}
	}
	c.HTTP.Keys = keys
	b, _ := json.MarshalIndent(c, "", "  ")
	return string(b)
}
