package community

import (
	"context"
	"log/slog"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Store is what community detection reads and writes of a store.
type Store interface {
	Communities(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Community, error)
	ListCommunities(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Community], error)
	CommunitiesOf(ctx context.Context, group string, entities []string) (map[string]string, error)
	EntityGraph(ctx context.Context, group string) (core.EntityGraph, error)
	Entities(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Entity, error)
	ListEntities(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Entity], error)
	FactsOfEntities(ctx context.Context, group string, uuids []string, limit int) ([]core.Fact, error)
	Stats(ctx context.Context, group string) (core.Stats, error)
	Apply(ctx context.Context, ch core.Change) error
}

// Deps are the components a Keeper works with. Store, Embedder, Now
// and Closed are required; the others may be left zero.
type Deps struct {
	Store    Store
	Embedder core.Embedder
	// LLM summarizes communities when a group has no summarizer plugin;
	// without either, summaries are written offline.
	LLM core.LLM
	// Plugins give each group's summarizer plugin.
	Plugins core.PluginSets
	Now     func() time.Time
	// Logger receives background rebuilds and their failures. The default
	// discards.
	Logger *slog.Logger
	// Closed is closed when the owner closes: builds under way are
	// cancelled (and write nothing), and no rebuild starts.
	Closed <-chan struct{}
	// Go runs a background rebuild; the owner waits for it when it
	// closes. The default runs it in a new goroutine, unwaited.
	Go func(f func())
}

// Keeper keeps the communities of every group: it builds them, extends
// them as ingestion brings entities, and rebuilds a group in the
// background once its communities have drifted too far. It is safe for
// concurrent use.
type Keeper struct {
	store    Store
	embedder core.Embedder
	llm      core.LLM
	plugins  core.PluginSets
	now      func() time.Time
	log      *slog.Logger
	closed   <-chan struct{}
	goFn     func(f func())

	comm        Options
	communities communityGroups
}

// New returns a Keeper with opts, its defaults filled in; opts must
// be valid (Options.Validate).
func New(opts Options, d Deps) *Keeper {
	k := &Keeper{
		store: d.Store, embedder: d.Embedder, llm: d.LLM, plugins: d.Plugins, now: d.Now, log: d.Logger,
		closed: d.Closed, goFn: d.Go, comm: opts.withDefaults(),
	}
	if k.log == nil {
		k.log = slog.New(slog.DiscardHandler)
	}
	if k.goFn == nil {
		k.goFn = func(f func()) { go f() }
	}
	return k
}

// HoldWrites waits for the group's community writes under way and keeps
// new ones from starting until release is called: for a reader or writer
// that needs the group's communities to stay as they are (an export, an
// import).
func (k *Keeper) HoldWrites(group string) (release func()) {
	g := k.communities.group(group)
	g.write.Lock()
	return g.write.Unlock
}

// Reload makes the Keeper read the group's drift from the store again at
// its next update, after a write that changed the group's communities
// without it (an import).
func (k *Keeper) Reload(group string) {
	g := k.communities.group(group)
	g.mu.Lock()
	g.loaded = false
	g.mu.Unlock()
}
