package host

import (
	"context"
	"fmt"
	"log/slog"
	"reflect"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/memstore"
	"github.com/mnemohq/mnemo/host/backup"
	"github.com/mnemohq/mnemo/kuzu"
)

// This file is the one place that knows the store implementations: it
// opens the store store.backend names and gives its defaults. Every other
// file of host and cmd reaches the store through engine.Engine, or through
// Admin for upkeep (internal/lint enforces it).

// StoreBackend is one value of store.backend: the one table of backends
// (StoreBackends) is what the configuration accepts, what openStore opens,
// what the CLI's --store help lists and what the names test
// (internal/lint) holds docs/configuration.md to.
type StoreBackend struct {
	// Name is the value of store.backend.
	Name string
	// About says what the backend is, for help texts.
	About string
	// Package is the import path of the adapter package, which only this
	// file may import and which imports no engine package
	// (internal/lint reads it).
	Package string
	open    func(ctx context.Context, cfg Config, id core.EmbedderID, restage bool, log *slog.Logger, calls *StoreCalls) (core.Store, error)
	// set lists the backend's own settings that c sets, each as the
	// start of a notice ("store.threads is a Kuzu setting"), for when
	// another backend is chosen (Config.Notices). Nil: it has none.
	set func(c StoreConfig) []string
}

// StoreBackends returns every store backend, the default first. The
// slice is the caller's.
func StoreBackends() []StoreBackend {
	return []StoreBackend{
		{Name: "kuzu", About: "default, the database in --db", Package: pkgOf[kuzu.Store](), open: openKuzu, set: kuzuSet},
		{Name: "memory", About: "nothing kept when the process ends", Package: pkgOf[memstore.Store](), open: openMemory},
		weaviateBackend(),
	}
}

// pkgOf is the import path of the package that defines T.
func pkgOf[T any]() string { return reflect.TypeFor[T]().PkgPath() }

// kuzuSet and weaviateSet list the settings of Kuzu and of Weaviate that c
// sets (StoreBackend.set).
func kuzuSet(c StoreConfig) []string {
	var out []string
	for _, s := range c.kuzuSettings() {
		out = append(out, s+" is a Kuzu setting")
	}
	return out
}

func weaviateSet(c StoreConfig) []string {
	if c.Weaviate == (WeaviateConfig{}) {
		return nil
	}
	return []string{"store.weaviate is set"}
}

// storeBackends lists the values store.backend accepts.
func storeBackends() []string {
	var out []string
	for _, b := range StoreBackends() {
		out = append(out, b.Name)
	}
	return out
}

// openStore opens the store the configuration names, for the embeddings
// of the embedder id (Kuzu records it, and refuses a database whose
// vectors another embedder made unless restage: OpenOptions.Reembed).
// calls, when not nil, records the latency of the store's calls.
func openStore(ctx context.Context, cfg Config, id core.EmbedderID, restage bool, log *slog.Logger, calls *StoreCalls) (core.Store, error) {
	for _, b := range StoreBackends() {
		if b.Name == cfg.Store.Backend {
			return b.open(ctx, cfg, id, restage, log, calls)
		}
	}
	return nil, fmt.Errorf("%w: store.backend %q: want one of %s", core.ErrInvalid, cfg.Store.Backend, strings.Join(storeBackends(), ", "))
}

func openKuzu(ctx context.Context, cfg Config, id core.EmbedderID, restage bool, log *slog.Logger, calls *StoreCalls) (core.Store, error) {
	s, err := kuzu.Open(ctx, kuzu.Options{
		Dir: cfg.DB, Dimension: id.Dimension, Embedder: id, Restage: restage, BufferPoolBytes: uint64(cfg.Store.BufferPoolMB) << 20,
		Threads: cfg.Store.Threads, ReadConns: cfg.Store.ReadConns, Logger: log, MaxDBSizeBytes: uint64(cfg.Store.MaxDBSizeMB) << 20,
		CheckpointEvery: cfg.Store.CheckpointEvery, CheckpointWALBytes: int64(cfg.Store.CheckpointWALMB) << 20, IdleCheckpoint: cfg.Store.IdleCheckpoint,
		NoJournal: cfg.Store.NoJournal, JournalDir: cfg.Store.JournalDir, RebaseBytes: int64(cfg.Store.JournalRebaseMB) << 20,
		Observe: calls.observe("kuzu"),
	})
	if err != nil {
		return nil, err // not a typed nil in the interface
	}
	return s, nil
}

func openMemory(_ context.Context, _ Config, id core.EmbedderID, _ bool, log *slog.Logger, _ *StoreCalls) (core.Store, error) {
	if log != nil {
		log.Warn("store.backend is memory: nothing is written to disk, and everything is lost when the process ends")
	}
	return memstore.New(id.Dimension), nil
}

// adminOf returns the Admin that keeps s: Kuzu's checkpoints, or no
// upkeep at all.
func adminOf(s core.Store) Admin {
	if k, ok := s.(*kuzu.Store); ok {
		return kuzuAdmin{k}
	}
	return noUpkeep{s}
}

// withDefaults fills the store settings left at zero; the Kuzu settings
// only for Kuzu, so that those of the memory store say what was set.
func (c StoreConfig) withDefaults() StoreConfig {
	if c.Backend == "" {
		c.Backend = "kuzu"
	}
	if c.Backend != "kuzu" {
		return c
	}
	if c.BufferPoolMB == 0 {
		c.BufferPoolMB = int(kuzu.DefaultBufferPool() >> 20)
	}
	if c.MaxDBSizeMB == 0 {
		c.MaxDBSizeMB = int(kuzu.DefaultMaxDBSize >> 20)
	}
	return c
}

// SmallPool reports whether the store is Kuzu with a buffer pool of at
// most kuzu.SmallPool, the pool of a machine of 4 GiB or less: memory
// counts more than speed there (plugins.idle_timeout, and the Go
// collector's target of mnemo serve).
func (c StoreConfig) SmallPool() bool {
	return c.Backend == "kuzu" && uint64(c.BufferPoolMB)<<20 <= kuzu.SmallPool
}

// effective fills the Kuzu settings that kuzu.Options fills itself, for
// `mnemo config check`.
func (c StoreConfig) effective() StoreConfig {
	if c.Backend != "kuzu" {
		return c
	}
	if c.CheckpointEvery == 0 {
		c.CheckpointEvery = kuzu.DefaultCheckpointEvery
	}
	if c.CheckpointWALMB == 0 {
		c.CheckpointWALMB = kuzu.DefaultCheckpointWAL >> 20
	}
	if c.IdleCheckpoint == 0 {
		c.IdleCheckpoint = kuzu.DefaultIdleCheckpoint
	}
	if c.Threads == 0 {
		c.Threads = kuzu.DefaultThreads()
	}
	if c.ReadConns == 0 {
		c.ReadConns = kuzu.DefaultReadConns
	}
	return c
}

// validateLease checks the store.lease settings: leases are for a store
// several hosts share, which an embedded database is not.
func (c StoreConfig) validateLease() error {
	l := c.Lease
	if len(l.Etcd) == 0 {
		if l.Prefix != "" || l.TTL != 0 || l.Username != "" || l.Password != "" {
			return fmt.Errorf("store.lease: settings given without store.lease.etcd, the etcd cluster's client URLs")
		}
		return nil
	}
	if !etcdBuilt {
		return errNotBuilt("store.lease.etcd", "etcd", "noetcd")
	}
	if c.Backend != "weaviate" {
		return fmt.Errorf("store.lease.etcd is for hosts sharing a store; store.backend %q is this process's alone: use \"weaviate\" or remove store.lease", c.Backend)
	}
	if err := validateLeaseOptions(c); err != nil {
		return fmt.Errorf("store.lease: %w", err)
	}
	return nil
}

// validateWeaviate checks the store.weaviate settings with the weaviate
// backend, as the store does (the dimension aside). Set with another
// backend, they are a notice (Config.Notices).
func (c StoreConfig) validateWeaviate() error {
	if c.Backend != "weaviate" {
		return nil
	}
	if !weaviateBuilt {
		return errNotBuilt("store.backend \"weaviate\"", "Weaviate", "noweaviate")
	}
	if c.Weaviate.URL == "" {
		return fmt.Errorf("store.weaviate.url is required with store.backend \"weaviate\"")
	}
	if err := validateWeaviateOptions(c); err != nil {
		return fmt.Errorf("store.weaviate: %w", err)
	}
	return nil
}

// errNotBuilt says that this binary was built without the client a
// setting needs (an edge build: make dist EDGE=1).
func errNotBuilt(setting, client, tag string) error {
	return fmt.Errorf("%s: this mnemo was built without the %s client (build tag %s, the edge build); use a full build of mnemo, or the kuzu store", setting, client, tag)
}

// leases hands out ingestion leases until closed.
type leases interface {
	core.Leases
	Close() error
}

// kuzuSettings lists the store settings of c that only Kuzu reads and
// that are set.
func (c StoreConfig) kuzuSettings() []string {
	var out []string
	for _, s := range []struct {
		name string
		n    int
	}{
		{"store.buffer_pool_mb", c.BufferPoolMB}, {"store.max_db_size_mb", c.MaxDBSizeMB}, {"store.checkpoint_every", c.CheckpointEvery},
		{"store.checkpoint_wal_mb", c.CheckpointWALMB}, {"store.threads", c.Threads}, {"store.read_conns", c.ReadConns},
		{"store.idle_checkpoint", int(c.IdleCheckpoint)},
	} {
		if s.n != 0 {
			out = append(out, s.name)
		}
	}
	return out
}

// kuzuAdmin keeps a Kuzu store.
type kuzuAdmin struct{ s *kuzu.Store }

func (a kuzuAdmin) Checkpoint(ctx context.Context) error { return a.s.Checkpoint(ctx) }

func (a kuzuAdmin) Close(ctx context.Context) error { return a.s.Close(ctx) }

func (a kuzuAdmin) Advertise(url string) error { return a.s.Advertise(url) }

func (a kuzuAdmin) BeginErasure() (func(), error) { return a.s.BeginErasure() }

func (a kuzuAdmin) Compact(ctx context.Context) (Compaction, error) {
	c, err := a.s.Compact(ctx)
	return Compaction{Before: c.Before, After: c.After, Blocked: c.Blocked}, err
}

func (a kuzuAdmin) Snapshot(ctx context.Context, dir string) (Snapshot, error) {
	s, err := a.s.Snapshot(ctx, dir)
	if err != nil {
		return Snapshot{}, err
	}
	return Snapshot{Store: "kuzu", SchemaVersion: s.SchemaVersion, Files: s.Files, Groups: s.Groups, Embedder: s.Embedder, Blocked: s.Blocked}, nil
}

// Restore installs the backup in the directory src into the database
// directory the configuration names, after checking every file against
// the backup's manifest. The database must not be open in any process
// (core.ErrLocked names the one that has it) and must hold no database
// unless replace (core.ErrConflict). A damaged backup is core.ErrInvalid
// and changes nothing.
func Restore(cfg Config, src string, replace bool) (backup.Manifest, error) {
	m, err := backup.Verify(src)
	if err != nil {
		return m, err
	}
	if b := cfg.Store.withDefaults().Backend; b != "kuzu" || m.Store != "kuzu" {
		return m, fmt.Errorf("%w: a backup of the %s store cannot be restored into the %s store (store.backend)", core.ErrInvalid, m.Store, b)
	}
	if cfg.DB == "" {
		return m, fmt.Errorf("%w: no database directory to restore into (--db)", core.ErrInvalid)
	}
	return m, kuzu.Restore(src, cfg.DB, kuzu.RestoreOptions{Replace: replace, SHA256: m.SHA256(), JournalDir: cfg.Store.JournalDir})
}

// Recovery is what Recover did: kuzu.Recovery.
type Recovery = kuzu.Recovery

// Recover opens the configured Kuzu database the way mnemo always opens
// it, rebuilding it from its journal when it does not open or stopped
// inside a checkpoint, or always with rebuild, and reports what was done
// (kuzu.Recover). No process may have the database open.
func Recover(ctx context.Context, cfg Config, rebuild bool, log *slog.Logger) (Recovery, error) {
	st := cfg.Store.withDefaults()
	if st.Backend != "kuzu" {
		return Recovery{}, fmt.Errorf("%w: only the kuzu store keeps a journal to recover from (store.backend is %s)", core.ErrInvalid, st.Backend)
	}
	if cfg.DB == "" {
		return Recovery{}, fmt.Errorf("%w: no database directory to recover (--db)", core.ErrInvalid)
	}
	return kuzu.Recover(ctx, kuzu.Options{
		Dir: cfg.DB, BufferPoolBytes: uint64(st.BufferPoolMB) << 20, MaxDBSizeBytes: uint64(st.MaxDBSizeMB) << 20,
		Threads: st.Threads, NoJournal: st.NoJournal, JournalDir: st.JournalDir, RebaseBytes: int64(st.JournalRebaseMB) << 20, Logger: log,
	}, kuzu.RecoverOptions{Rebuild: rebuild})
}

// ServedURL returns the URL at which the process holding the configured
// database serves it, as that process advertised it (Admin.Advertise),
// or "" when none is known.
func ServedURL(cfg Config) string {
	if cfg.Store.withDefaults().Backend != "kuzu" || cfg.DB == "" {
		return ""
	}
	return kuzu.ServedURL(cfg.DB)
}

func (a kuzuAdmin) Durability() Durability {
	d := a.s.DurabilityStats()
	return Durability{Checkpoints: d.Checkpoints, CheckpointTime: d.CheckpointTime, BusyRetries: d.BusyRetries, Busy: d.Busy, Compactions: d.Compactions, CompactTime: d.CompactTime, WALBytes: d.WALBytes}
}
