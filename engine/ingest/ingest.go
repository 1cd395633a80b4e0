package ingest

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Options tune the pipeline; the engine fills in their defaults
// (engine.IngestOptions) before New.
type Options struct {
	// ContextEpisodes is how many previous episodes of the group the
	// extractor sees; 0 means none.
	ContextEpisodes int
	// MaxExtractBytes is the largest piece of an episode sent to the
	// extractor at once, and Split where a longer one is cut (SplitSize
	// or SplitMeaning); MaxChunks caps the pieces.
	MaxExtractBytes int
	Split           string
	MaxChunks       int
	// MaxEntities and MaxFacts cap what one episode's extraction brings
	// into the graph.
	MaxEntities, MaxFacts int
	// MaxAttempts is how often extraction of an episode is tried before
	// it is marked failed.
	MaxAttempts int
	// MaxSummaryChars bounds entity summaries.
	MaxSummaryChars int
}

// Deps is what the pipeline takes of the engine: the store, embedder and
// plugin sets, the clock, the logger, the id source, and the stages told
// of what an episode wrote (evolution's mentions, communities).
type Deps struct {
	Store    core.Store
	Embedder core.Embedder
	Plugins  core.PluginSets
	Now      func() time.Time
	Logger   *slog.Logger
	// IDs makes the ids of the entities and facts ingestion creates.
	IDs *core.IDSource
	// Created and Mentioned record that an episode written created or
	// mentioned an object (evolve.Evolver).
	Created, Mentioned func(group string, sc core.Scope, uuid string, at time.Time)
	// Ingested updates the communities of the entities an episode
	// touched (community.Keeper).
	Ingested func(ctx context.Context, group string, entities []string) error
	// Trust is the trust policy fact resolution applies: a fact's class,
	// its quarantine, and the veto on invalidations (resolve_facts.go).
	Trust core.TrustPolicy
	// Shared reports whether another group than group waits on a short
	// answer (a few episodes in progress or due); nil means never. While
	// one does, a batch writes each episode as soon as it is resolved
	// instead of grouping them (writeBatch), so that the other group's
	// writes wait for one episode's transaction, not a whole batch's.
	Shared func(group string) bool
	// Recent reports whether another group than group had a short
	// answer a moment ago (a conversation that is likely to send its next
	// message soon); nil means never. While one did, a batch writes each
	// episode as soon as it is resolved, as with Shared, but prepares as
	// many at once as it would alone.
	Recent func(group string) bool
	// GiveWay reports whether another group than group, with a short
	// answer pending, is being processed; Changes returns a channel
	// closed when GiveWay's answer may have changed. While GiveWay is
	// true a batch starts no extraction, resolution or write, for
	// maxGiveWay at most at each step (Pipeline.giveWay). Nil means
	// never.
	GiveWay func(group string) bool
	Changes func() <-chan struct{}
}

// Pipeline turns a group's pending episodes into applied changes:
// splitting, extraction, embedding, entity and fact resolution,
// invalidation, and the writes, grouped (Process). It is safe for
// concurrent use on different groups; the engine's queue runs one batch
// of a group at a time.
type Pipeline struct {
	store     core.Store
	embedder  core.Embedder
	plugins   core.PluginSets
	now       func() time.Time
	log       *slog.Logger
	ids       *core.IDSource
	opts      Options
	created   func(group string, sc core.Scope, uuid string, at time.Time)
	mentioned func(group string, sc core.Scope, uuid string, at time.Time)
	ingested  func(ctx context.Context, group string, entities []string) error
	trust     core.TrustPolicy
	shared    func(group string) bool
	recent    func(group string) bool
	giveWayTo func(group string) bool
	changes   func() <-chan struct{}
	// giveWayFor is how long giveWay waits at most (maxGiveWay); tests
	// change it.
	giveWayFor time.Duration
	// rampAfter is how long an episode is prepared before its batch adds
	// a worker without waiting for it (pipeline.go); tests change it.
	rampAfter time.Duration
}

// New returns the pipeline of o over d.
func New(o Options, d Deps) *Pipeline {
	return &Pipeline{
		store: d.Store, embedder: d.Embedder, plugins: d.Plugins, now: d.Now, log: d.Logger, ids: d.IDs, opts: o,
		created: d.Created, mentioned: d.Mentioned, ingested: d.Ingested, trust: d.Trust,
		shared: d.Shared, recent: d.Recent, giveWayTo: d.GiveWay, changes: d.Changes, giveWayFor: maxGiveWay, rampAfter: rampAfter,
	}
}

// Process ingests a group's due pending episodes, given in reference-time
// order, and reports on each it settled (processBatch).
func (pl *Pipeline) Process(ctx context.Context, eps []core.Episode) []Report {
	return pl.processBatch(ctx, eps)
}

// ApplyRetrying applies a small change (an episode's status), trying again
// at once while the store reports itself busy: Kuzu frees what a failed
// transaction held when it rolls back, so the next try often passes.
func ApplyRetrying(ctx context.Context, store core.Store, ch core.Change) error {
	var err error
	for range busyTries {
		if err = store.Apply(ctx, ch); err == nil || !Transient(err) {
			return err
		}
	}
	return err
}

// Transient reports whether err is a store error that a later try of the
// same work fixes: it says nothing about the episode.
func Transient(err error) bool {
	return errors.Is(err, core.ErrBusy) || errors.Is(err, core.ErrLocked) || errors.Is(err, core.ErrStorage)
}

// canceled reports whether err comes from a done context.
func canceled(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// Report says what became of an episode.
type Report struct {
	UUID    string
	GroupID string
	Status  core.EpisodeStatus
	// Error is the last failure, if any; Attempts counts extraction
	// attempts so far.
	Error    string
	Attempts int
	// Entities and Facts count what the episode's extraction resolved to;
	// NewEntities and NewFacts those that did not exist before.
	Entities, NewEntities int
	Facts, NewFacts       int
	// Duplicates counts extracted facts merged into existing ones;
	// Invalidated counts facts retired by this episode.
	Duplicates, Invalidated int
	// Quarantined counts the facts this episode left in quarantine (new,
	// or restated without lifting them out); Released those it
	// corroborated out of quarantine; Vetoed the invalidations of more
	// trusted facts it was refused (core.TrustPolicy.MayInvalidate).
	Quarantined, Released, Vetoed int
	// Usage is what the episode cost in LLM and embedding calls, in all
	// and per prompt name.
	Usage    core.Usage
	ByPrompt map[string]core.Usage
	Warnings []string
	Duration time.Duration
	// Counted is true when this process extracted the episode, so that
	// the counts, the usage and the duration above are known. A report
	// read back from the store leaves it false and the counts zero: an
	// episode processed by an earlier process or by another host, or one
	// whose report this process no longer keeps (engine.IngestOptions.Reports).
	Counted bool
}
