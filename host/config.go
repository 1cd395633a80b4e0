package host

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/wasm"
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
	Trust       TrustConfig     `toml:"trust" json:"trust"`
	Budget      BudgetConfig    `toml:"budget" json:"budget"`
	Plugins     PluginsConfig   `toml:"plugins" json:"plugins"`
	HTTP        HTTPConfig      `toml:"http" json:"http"`
	Log         LogConfig       `toml:"log" json:"log"`

	// path is the file the configuration came from, if any; relative
	// paths inside it are resolved against its directory.
	path string
	// sources says where the settings not left at their defaults came
	// from, by path ("llm.model"): SourceFile or "env NAME" (Source).
	sources map[string]string
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
		keys, err := parseConfig(path, b, &c)
		if err != nil {
			return c, err
		}
		c.path = path
		for _, k := range keys {
			c.setSource(k, SourceFile)
		}
	}
	if err := applyEnv(reflect.ValueOf(&c).Elem(), "MNEMO", "", getenv, c.setSource); err != nil {
		return c, err
	}
	if c.LLM.APIKey == "" && getenv("OPENAI_API_KEY") != "" {
		c.LLM.APIKey = getenv("OPENAI_API_KEY")
		c.setSource("llm.api_key", sourceEnv+"OPENAI_API_KEY")
	}
	if c.LLM.BaseURL == "" && getenv("OPENAI_BASE_URL") != "" {
		c.LLM.BaseURL = getenv("OPENAI_BASE_URL")
		c.setSource("llm.base_url", sourceEnv+"OPENAI_BASE_URL")
	}
	if c.Embedder.Provider == "openai" || c.Embedder.Model != "" || c.Embedder.BaseURL != "" {
		if c.Embedder.APIKey == "" && c.LLM.APIKey != "" {
			c.Embedder.APIKey = c.LLM.APIKey
			c.setSource("embedder.api_key", "llm.api_key ("+c.Source("llm.api_key")+")")
		}
		if c.Embedder.BaseURL == "" && c.LLM.BaseURL != "" {
			c.Embedder.BaseURL = c.LLM.BaseURL
			c.setSource("embedder.base_url", "llm.base_url ("+c.Source("llm.base_url")+")")
		}
	}
	c = c.withDefaults(getenv)
	return c, c.Validate()
}

// parseConfig decodes TOML, or JSON for a .json file, refusing unknown keys
// so that a misspelled setting is an error, not a silent default. It
// returns the settings the file sets, as paths ("llm.model").
func parseConfig(path string, b []byte, c *Config) ([]string, error) {
	if strings.EqualFold(filepath.Ext(path), ".json") {
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(c); err != nil {
			return nil, fmt.Errorf("%w: configuration %s: %w", core.ErrInvalid, path, err)
		}
		return jsonKeys(b), nil
	}
	md, err := toml.Decode(string(b), c)
	if err != nil {
		return nil, fmt.Errorf("%w: configuration %s: %w", core.ErrInvalid, path, err)
	}
	if undec := md.Undecoded(); len(undec) > 0 {
		keys := make([]string, len(undec))
		for i, k := range undec {
			keys[i] = k.String()
		}
		return nil, fmt.Errorf("%w: configuration %s: unknown settings %s", core.ErrInvalid, path, strings.Join(keys, ", "))
	}
	return fileKeys(md), nil
}

// applyEnv sets scalar fields from MNEMO_<PATH> variables; path is the
// settings' path ("llm" for MNEMO_LLM), and set records each variable
// used.
func applyEnv(v reflect.Value, prefix, path string, getenv func(string) string, set func(path, source string)) error {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
		fv := v.Field(i)
		if tag == "" && f.Anonymous {
			if err := applyEnv(fv, prefix, path, getenv, set); err != nil {
				return err
			}
			continue
		}
		name := prefix + "_" + strings.ToUpper(tag)
		key := strings.TrimPrefix(path+"."+tag, ".")
		if f.Type.Kind() == reflect.Struct {
			if err := applyEnv(fv, name, key, getenv, set); err != nil {
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
		set(key, sourceEnv+name)
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

// smallIdleTimeout is plugins.idle_timeout's default with a buffer pool
// of at most kuzu.SmallPool: on the edge benchmark, the rule extractor's
// instances that ingestion left behind held about 50 MiB five seconds
// after the last episode (docs/edge.md).
const smallIdleTimeout = 2 * time.Second

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
	if c.Plugins.IdleTimeout == 0 {
		c.Plugins.IdleTimeout = wasm.DefaultIdleTimeout
		if c.Store.SmallPool() {
			c.Plugins.IdleTimeout = smallIdleTimeout
		}
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
		c.Ingest.MaxAttempts, c.Plugins.MemoryLimitMB, c.Plugins.PoolSize, c.HTTP.MaxBodyKB, c.HTTP.MaxImportMB} {
		if n < 0 {
			return bad("a size or count is negative")
		}
	}
	switch c.Ingest.Split {
	case "", engine.SplitSize, engine.SplitMeaning:
	default:
		return bad("ingest.split %q: want %s or %s", c.Ingest.Split, engine.SplitSize, engine.SplitMeaning)
	}
	if c.HTTP.MaxBodyKB > 0 && c.HTTP.MaxBodyKB < c.Ingest.MaxContentKB {
		return bad("http.max_body_kb %d is less than ingest.max_content_kb %d: an episode of the accepted size could not be sent", c.HTTP.MaxBodyKB, c.Ingest.MaxContentKB)
	}
	if c.Communities.DriftThreshold < 0 || c.Communities.DriftThreshold > 1 {
		return bad("communities.drift_threshold %g: want 0 to 1", c.Communities.DriftThreshold)
	}
	if err := c.Trust.validate(); err != nil {
		return err
	}
	if err := c.Budget.validate(); err != nil {
		return bad("%s", err)
	}
	if c.Evolve.Every < 0 {
		return bad("evolve.every %s: want 0 (off) or a period", c.Evolve.Every)
	}
	if err := c.Evolve.options().Validate(); err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	for i, t := range c.Plugins.Tenants {
		if len(t.Groups) == 0 {
			return bad("%s names no groups", TenantName(i, t.Groups))
		}
		for _, g := range t.Groups {
			if err := validatePattern(g); err != nil {
				return bad("%s: %s", TenantName(i, t.Groups), err)
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
		policy := c.Trust.Policy()
		for _, cl := range append([]string{k.Trust}, k.TrustClasses...) {
			if cl != "" && !policy.Known(cl) {
				return bad("http.keys[%d]: trust class %q is not one of trust.classes", i, cl)
			}
		}
		if k.Trust != "" && len(k.TrustClasses) > 0 && !slices.Contains(k.TrustClasses, k.Trust) {
			return bad("http.keys[%d]: trust %q is not among its trust_classes", i, k.Trust)
		}
		if err := k.Budget.validate(fmt.Sprintf("http.keys[%d].budget", i)); err != nil {
			return bad("%s", err)
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
