package host

import (
	"fmt"
	"strings"
	"time"
)

// Plugins: the default set, named sets, tenants and grants (plugins.*).

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
	// PoolSize is the most instances of one plugin alive at once: calls
	// beyond it wait for one to come free. Each instance holds its own
	// memory (the rule extractor's its tagger and WordNet), so a small
	// board trades a little ingestion speed for it (docs/edge.md).
	// Default: 8.
	PoolSize int `toml:"pool_size" json:"pool_size"`
	// IdleTimeout is how long an idle instance beyond a plugin's most
	// recently used one is kept for reuse. Default: 1m, and 2s when the
	// store's buffer pool is 512 MiB or less (a small machine, where the
	// memory of the instances a burst left behind matters more than the
	// 10 to 100 ms of making them again); negative keeps them all.
	IdleTimeout time.Duration `toml:"idle_timeout" json:"idle_timeout"`
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

// TenantName names the plugin set of the i-th (from 0) [[plugins.tenants]]
// entry, with its groups, the one way every message and listing numbers
// tenants: from 1, in the order of the configuration file.
func TenantName(i int, groups []string) string {
	return fmt.Sprintf("[[plugins.tenants]] #%d (groups %s)", i+1, strings.Join(groups, ", "))
}
