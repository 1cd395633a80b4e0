package evolve

import (
	"context"
	"log/slog"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Deps are the components an Evolver works with. Store, Now, IDs,
// Lock and Closed are required; the others may be left zero.
type Deps struct {
	Store core.Store
	// Plugins give each group's resolvers (consolidation) and ontology
	// (half-lives).
	Plugins core.PluginSets
	Now     func() time.Time
	// Logger receives failures of the background writes of access counts.
	// The default discards.
	Logger *slog.Logger
	// IDs makes the ids of the facts a merge makes, in one order with the
	// owner's other ids.
	IDs *core.IDSource
	// Lock takes the group's write lock, as the owner's other writes do;
	// unlock releases it.
	Lock func(ctx context.Context, group string) (unlock func(), err error)
	// Closed is closed when the owner closes: the background writer of
	// access counts stops.
	Closed <-chan struct{}
	// RecordStore returns the store's records, or an error (ErrClosed,
	// ErrUnsupported) when they cannot be used now.
	RecordStore func() (core.RecordStore, error)
	// Records reads records as the owner does for its callers.
	Records func(ctx context.Context, q core.RecordQuery) ([]core.Record, error)
}

// Evolver scores, archives and consolidates a group's memory, and counts
// what searches return and episodes mention, for importance. It is safe
// for concurrent use.
type Evolver struct {
	store       core.Store
	plugins     core.PluginSets
	now         func() time.Time
	log         *slog.Logger
	ids         *core.IDSource
	lockGroup   func(ctx context.Context, group string) (unlock func(), err error)
	closed      <-chan struct{}
	recordStore func() (core.RecordStore, error)
	records     func(ctx context.Context, q core.RecordQuery) ([]core.Record, error)

	evolve Config
	access *accessLog
}

// New returns an Evolver with opts, its defaults filled in; opts
// must be valid (Config.Validate).
func New(opts Config, d Deps) *Evolver {
	v := &Evolver{
		store: d.Store, plugins: d.Plugins, now: d.Now, log: d.Logger, ids: d.IDs, lockGroup: d.Lock,
		closed: d.Closed, recordStore: d.RecordStore, records: d.Records, evolve: opts.withDefaults(),
	}
	if v.log == nil {
		v.log = slog.New(slog.DiscardHandler)
	}
	v.access = newAccessLog(v)
	return v
}

// Run writes the access counts in the background until Deps.Closed is
// closed: every Config.FlushEvery, and as soon as FlushSize objects
// have counts waiting.
func (v *Evolver) Run() { v.access.run() }

// Flush writes the access counts not written yet.
func (v *Evolver) Flush(ctx context.Context) error { return v.access.flush(ctx) }

// Counts reports whether the Evolver counts accesses: whether the store
// keeps records.
func (v *Evolver) Counts() bool { return v.access.rs != nil }

// Returned notes that a search that started at at returned an object:
// each return counts as an access.
func (v *Evolver) Returned(group string, sc core.Scope, uuid string, at time.Time) {
	v.access.note(group, sc, uuid, at, true)
}

// Importance returns the last scored importance of the objects of scope
// among uuids, by uuid. An object never scored is absent.
func (v *Evolver) Importance(ctx context.Context, groups []string, sc core.Scope, uuids []string) (map[string]float64, error) {
	return v.access.importance(ctx, groups, sc, uuids)
}

// Created notes that an episode created an object at at: its creation
// counts as its first mention.
func (v *Evolver) Created(group string, sc core.Scope, uuid string, at time.Time) {
	v.access.created(group, sc, uuid, at)
}

// Mentioned notes that an episode mentioned or stated an object at at.
func (v *Evolver) Mentioned(group string, sc core.Scope, uuid string, at time.Time) {
	v.access.note(group, sc, uuid, at, false)
}

// Feedback counts feedback on an object in its record (importance weighs
// it): useful, wrong, pinned or unpinned. It needs a store that keeps
// records (ErrUnsupported otherwise).
func (v *Evolver) Feedback(ctx context.Context, group string, sc core.Scope, uuid string, kind FeedbackKind) error {
	return v.access.update(ctx, group, []string{itemKey(sc, uuid)}, func(_ string, s *itemStats) {
		switch kind {
		case FeedbackUseful:
			s.Useful++
		case FeedbackWrong:
			s.Wrong++
		case FeedbackPin:
			s.Pinned = true
		case FeedbackUnpin:
			s.Pinned = false
		}
	})
}
