package evolve

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Self-evolving memory (GraphMem §4): every entity and fact has an
// importance, computed by Evolve from how recently and how often searches
// returned it, the feedback it got and its centrality in the group's graph.
// What falls below Config.Threshold is archived: it leaves default
// searches, listings and contexts, and nothing is deleted. Archiving is
// recorded in system time (Entity.ArchivedAt, Fact.ArchivedAt), so time
// travel to a moment before it sees the object active, and an episode that
// mentions an archived object again brings it back.
//
// The statistics importance is computed from (accesses, feedback, pins, the
// last score) are records (RecordStore) of kind recordItem, one per object:
// evolution needs a store that keeps records.

// Record kinds evolution keeps.
const (
	recordItem   = "evolve.item"
	recordReport = "evolve.report"
)

// Config configures importance, decay and archiving. The zero value of
// each field is its default.
type Config struct {
	// Weights weigh importance's four parts. The zero value means GraphMem's
	// 0.3 recency, 0.3 frequency, 0.2 feedback, 0.2 centrality.
	Weights ImportanceWeights
	// HalfLife is how long an object goes unused before its recency halves
	// (recency = exp(−λ·age), λ = ln 2 / HalfLife). The default is 30 days.
	HalfLife time.Duration
	// HalfLives give entity labels and fact relations their own half-life
	// ("Preference": a year; "VISITED": a week), over DefaultHalfLives,
	// over the ontology's (EntityType.HalfLife, FactType.HalfLife) and over
	// HalfLife. An entity with several labels takes the longest.
	HalfLives map[string]time.Duration
	// Threshold archives the objects whose importance falls below it. The
	// default is 0.1: with the default weights an object nobody searched,
	// without feedback or centrality, is archived after about 1.6
	// half-lives without use (recency below 1/3).
	Threshold float64
	// FlushEvery is how often counted accesses are written to the store.
	// The default is 5m; negative writes them only on size and at Close.
	// Each object with counts waiting costs one record read and one record
	// write (about 0.5 ms in Kuzu), however often it was returned since
	// the last write, so a longer period writes fewer records: searches
	// that return the same objects again cost nothing more. A crash loses
	// the counts of one period.
	FlushEvery time.Duration
	// FlushSize writes counted accesses as soon as this many objects have
	// some waiting, which bounds the memory they take (under 100 bytes an
	// object). The default is 100,000.
	FlushSize int
	// KeepReports is how many run reports are kept per group. The default
	// is 50.
	KeepReports int
}

// DefaultHalfLives are the half-lives of the types the built-in extractors
// produce whose pace differs from HalfLife's month: preferences and lasting
// ties (family, origin, pets, medication) fade over a year, visits and
// orders over a week. An ontology's or the configuration's half-lives
// override them.
func DefaultHalfLives() map[string]time.Duration {
	const day = 24 * time.Hour
	out := map[string]time.Duration{}
	for _, t := range []string{"Preference", "LIKES", "LOVES", "ENJOYS", "DISLIKES", "HATES", "PREFERS",
		"MARRIED_TO", "SPOUSE_OF", "MOTHER_OF", "FATHER_OF", "SON_OF", "SISTER_OF", "SIBLING_OF",
		"BORN_IN", "WAS_BORN_IN", "IS_FROM", "HAS_PET", "OWNS_PET", "TAKES_MEDICATION"} {
		out[t] = 365 * day
	}
	for _, t := range []string{"VISITED", "VISITS", "TRAVELED_TO", "TRAVELLED_TO", "ORDERED"} {
		out[t] = 7 * day
	}
	return out
}

// ImportanceWeights weigh importance: I = Recency·recency +
// Frequency·frequency + Feedback·feedback + Centrality·centrality, each part
// in [0, 1].
type ImportanceWeights struct {
	Recency, Frequency, Feedback, Centrality float64
}

// Effective returns c with its defaults filled in.
func (c Config) Effective() Config { return c.withDefaults() }

func (c Config) withDefaults() Config {
	if c.Weights == (ImportanceWeights{}) {
		c.Weights = ImportanceWeights{Recency: 0.3, Frequency: 0.3, Feedback: 0.2, Centrality: 0.2}
	}
	if c.HalfLife == 0 {
		c.HalfLife = 30 * 24 * time.Hour
	}
	c.HalfLives = maps.Clone(c.HalfLives)
	if c.Threshold == 0 {
		c.Threshold = 0.1
	}
	if c.FlushEvery == 0 {
		c.FlushEvery = 5 * time.Minute
	}
	if c.FlushSize == 0 {
		c.FlushSize = 100_000
	}
	if c.KeepReports == 0 {
		c.KeepReports = 50
	}
	return c
}

// Validate checks the configuration.
func (c Config) Validate() error {
	w := c.Weights
	if w.Recency < 0 || w.Frequency < 0 || w.Feedback < 0 || w.Centrality < 0 {
		return invalidf("evolve: negative importance weight")
	}
	if c.HalfLife < 0 || c.Threshold < 0 || c.Threshold >= 1 || c.FlushSize < 0 || c.KeepReports < 0 {
		return invalidf("evolve: half-life, flush size and reports must not be negative, threshold in [0, 1)")
	}
	for k, d := range c.HalfLives {
		if d <= 0 {
			return invalidf("evolve: half-life of %q must be positive", k)
		}
	}
	return nil
}

// Options tunes one Evolve run.
type Options struct {
	// Now is the moment the run takes as the present: ages are measured to
	// it and archiving is stamped with it. Zero means the engine's clock;
	// a later time simulates a later day.
	Now time.Time
	// DryRun computes and reports what the run would do, and writes
	// nothing: no archive, no restore, no score, no report.
	DryRun bool
	// ConsolidateSince is the consolidation's ConsolidateOptions.Since:
	// zero examines every pair.
	ConsolidateSince time.Time
}

// Report says what one Evolve run did (or, dry, would do).
type Report struct {
	Group  string
	Now    time.Time
	DryRun bool
	// Scored counts the entities and facts scored: every entity and every
	// fact valid at Now, archived ones included.
	Scored int
	// Archived and Restored list the objects the run archived and brought
	// back (pinned, or important again), lowest importance first.
	Archived []Item
	Restored []Item
	// Rescored lists the objects whose importance changed by at least 0.01
	// since the previous run, or that had none. Kept reports leave it out
	// (RescoredCount keeps its length).
	Rescored      []Item `json:",omitempty"`
	RescoredCount int
	// Active and ArchivedNow count the group's scored objects after the run.
	Active, ArchivedNow ItemCounts
	// Took is how long the run took.
	Took time.Duration
	// Consolidation is what the run's consolidation merged (Consolidate),
	// before scoring.
	Consolidation ConsolidateReport
}

// ItemCounts counts entities and facts.
type ItemCounts struct {
	Entities, Facts int
}

// Item is one object Evolve scored.
type Item struct {
	Scope core.Scope
	UUID  string
	// Name is the entity's name or the fact's text.
	Name       string
	Importance float64
	// Previous is the importance of the previous run; NoPrevious when the
	// object had none.
	Previous float64
	// Parts are the four parts importance was computed from.
	Parts ImportanceParts
	// Pinned objects never decay or archive.
	Pinned bool `json:",omitempty"`
}

// NoPrevious is EvolveItem.Previous for an object never scored before.
const NoPrevious = -1

// ImportanceParts are the parts of an importance, each in [0, 1].
type ImportanceParts struct {
	Recency, Frequency, Feedback, Centrality float64
}

// Evolve merges the near-duplicates resolution missed (Consolidate), then
// scores every entity and fact of group (importance), archives those
// below the threshold that are not pinned (nor, for an entity, the end of
// a fact that stays active), and restores archived ones that are pinned,
// important again (1.5 times the threshold) or the end of an active fact.
// Nothing is deleted. It writes what it changes under the group's write
// lock, one transaction per batch, so ingestion and search go on while it
// computes. Unless DryRun, the scores and a report are kept
// (EvolveReports).
//
// Evolve needs a store that keeps records (ErrUnsupported otherwise).
func (v *Evolver) Evolve(ctx context.Context, group string, opts Options) (Report, error) {
	st, err := v.recordStore()
	if err != nil {
		return Report{}, fmt.Errorf("evolve: %w", err)
	}
	if err := core.ValidateGroupID(group); err != nil {
		return Report{}, err
	}
	start := v.now()
	now := opts.Now
	if now.IsZero() {
		now = start
	}
	rep := Report{Group: group, Now: now, DryRun: opts.DryRun}
	if err := v.access.flush(ctx); err != nil {
		return rep, err
	}
	// Consolidation first, so that what it merges is scored as one
	// object. By default it examines every pair: a run's Now may be a
	// simulated later day, so Evolve cannot tell which entities are new
	// since the last run; a caller that can sets ConsolidateSince.
	cons, err := v.Consolidate(ctx, group, ConsolidateOptions{Now: now, DryRun: opts.DryRun, Since: opts.ConsolidateSince})
	if err != nil {
		return rep, fmt.Errorf("evolve: %w", err)
	}
	rep.Consolidation = cons
	items, err := v.scoreGroup(ctx, group, now)
	if err != nil {
		return rep, err
	}
	rep.Scored = len(items)
	// Facts first: an entity stays active while a fact of it does, so
	// that what search and context show never stands on an archived end.
	slices.SortStableFunc(items, func(a, b *scoredItem) int {
		return cmp.Compare(scopeOrder(a.scope), scopeOrder(b.scope))
	})
	activeEnds := map[string]bool{}
	var archive, restore []*scoredItem
	for _, it := range items {
		archived := it.archived
		keep := it.stats.Pinned || it.scope == core.ScopeEntities && activeEnds[it.uuid]
		switch {
		case !it.archived && !keep && it.importance < v.evolve.Threshold:
			archive, archived = append(archive, it), true
		case it.archived && (keep || it.importance >= restoreFactor*v.evolve.Threshold):
			restore, archived = append(restore, it), false
		}
		if it.scope == core.ScopeFacts && !archived {
			for _, end := range it.ends {
				activeEnds[end] = true
			}
		}
		if it.stats.Importance == nil || math.Abs(*it.stats.Importance-it.importance) >= 0.01 {
			rep.Rescored = append(rep.Rescored, it.item())
		}
		counts := &rep.Active
		if archived {
			counts = &rep.ArchivedNow
		}
		if it.scope == core.ScopeEntities {
			counts.Entities++
		} else {
			counts.Facts++
		}
	}
	rep.RescoredCount = len(rep.Rescored)
	for _, l := range []struct {
		in  []*scoredItem
		out *[]Item
	}{{archive, &rep.Archived}, {restore, &rep.Restored}} {
		slices.SortFunc(l.in, func(a, b *scoredItem) int { return cmp.Compare(a.importance, b.importance) })
		for _, it := range l.in {
			*l.out = append(*l.out, it.item())
		}
	}
	if opts.DryRun {
		rep.Took = v.now().Sub(start)
		return rep, nil
	}
	if err := v.setArchived(ctx, group, archive, restore, now); err != nil {
		return rep, err
	}
	if err := v.access.saveScores(ctx, group, items); err != nil {
		return rep, err
	}
	rep.Took = v.now().Sub(start)
	if err := v.keepReport(ctx, st, rep); err != nil {
		return rep, err
	}
	return rep, nil
}

// scopeOrder puts facts before entities.
func scopeOrder(sc core.Scope) int {
	if sc == core.ScopeFacts {
		return 0
	}
	return 1
}

// restoreFactor is how far above the threshold an archived object's
// importance must rise for Evolve to restore it (pinning and a new mention
// restore at once): without the margin, an object near the threshold would
// flip between archived and active as its neighbours come and go.
const restoreFactor = 1.5

// setArchived stamps archive with now and clears restore's stamps, under
// the group's write lock, reading each object again there so that a change
// ingestion made meanwhile is kept.
func (v *Evolver) setArchived(ctx context.Context, group string, archive, restore []*scoredItem, now time.Time) error {
	const batch = 500
	all := append(slices.Clone(archive), restore...)
	stamp := map[string]time.Time{}
	for _, it := range archive {
		stamp[it.uuid] = now
	}
	for len(all) > 0 {
		n := min(batch, len(all))
		part := all[:n]
		all = all[n:]
		if err := v.stampArchived(ctx, group, part, stamp); err != nil {
			return err
		}
	}
	return nil
}

// stampArchived writes one batch of setArchived.
func (v *Evolver) stampArchived(ctx context.Context, group string, items []*scoredItem, stamp map[string]time.Time) error {
	var ents, facts []string
	for _, it := range items {
		if it.scope == core.ScopeEntities {
			ents = append(ents, it.uuid)
		} else {
			facts = append(facts, it.uuid)
		}
	}
	unlock, err := v.lockGroup(ctx, group)
	if err != nil {
		return err
	}
	defer unlock()
	ch := core.Change{Group: group}
	groups := []string{group}
	if len(ents) > 0 {
		xs, err := v.store.Entities(ctx, groups, ents, core.GetOptions{})
		if err != nil {
			return fmt.Errorf("read entities to archive: %w", err)
		}
		for _, x := range xs {
			x.ArchivedAt = stamp[x.UUID]
			ch.Entities = append(ch.Entities, x)
		}
	}
	if len(facts) > 0 {
		xs, err := v.store.Facts(ctx, groups, facts, core.GetOptions{})
		if err != nil {
			return fmt.Errorf("read facts to archive: %w", err)
		}
		for _, x := range xs {
			x.ArchivedAt = stamp[x.UUID]
			x.Episodes = nil
			ch.Facts = append(ch.Facts, x)
		}
	}
	if len(ch.Entities) == 0 && len(ch.Facts) == 0 {
		return nil
	}
	if err := v.store.Apply(ctx, ch); err != nil {
		return fmt.Errorf("write archive stamps: %w", err)
	}
	return nil
}

// keepReport stores a run's report, without its Rescored list, and drops
// the group's oldest beyond KeepReports.
func (v *Evolver) keepReport(ctx context.Context, st core.RecordStore, rep Report) error {
	b, err := keptReport(rep)
	if err != nil {
		return err
	}
	id := rep.Now.UTC().Format(reportIDLayout)
	if err := st.PutRecords(ctx, []core.Record{{GroupID: rep.Group, Kind: recordReport, ID: id, Data: b}}); err != nil {
		return fmt.Errorf("keep evolve report: %w", err)
	}
	old, err := st.Records(ctx, core.RecordQuery{Kind: recordReport, Groups: []string{rep.Group}})
	if err != nil {
		return fmt.Errorf("read evolve reports: %w", err)
	}
	if extra := len(old) - v.evolve.KeepReports; extra > 0 {
		ids := make([]string, extra)
		for i := range ids {
			ids[i] = old[i].ID
		}
		if _, err := st.DeleteRecords(ctx, rep.Group, recordReport, ids); err != nil {
			return fmt.Errorf("drop old evolve reports: %w", err)
		}
	}
	return nil
}

// keptReport encodes a report as kept: without its Rescored list, its
// merges without embeddings, summaries and attributes (the merged-away
// entity keeps them, for unmerge), and its lists cut to maxReportItems,
// then halved until the record fits in MaxRecordBytes. The counts
// (Scored, RescoredCount, Active, ArchivedNow, the consolidation's) stay
// exact. A run over a conversation of 500 long turns made a report of
// 77 KB before.
func keptReport(rep Report) ([]byte, error) {
	rep.Rescored = nil
	c := &rep.Consolidation
	c.Merges = slices.Clone(c.Merges)
	for i := range c.Merges {
		for _, en := range []*core.Entity{&c.Merges[i].Merged, &c.Merges[i].Survivor} {
			en.NameEmbedding, en.Summary, en.Attributes = nil, "", nil
		}
	}
	c.FactMerges = slices.Clone(c.FactMerges)
	for i := range c.FactMerges {
		fs := slices.Clone(c.FactMerges[i].Merged)
		for j := range fs {
			fs[j].Embedding, fs[j].Attributes = nil, nil
		}
		c.FactMerges[i].Merged = fs
	}
	for n := maxReportItems; ; n /= 2 {
		rep.Archived, rep.Restored = rep.Archived[:min(n, len(rep.Archived))], rep.Restored[:min(n, len(rep.Restored))]
		c.Merges, c.FactMerges = c.Merges[:min(n, len(c.Merges))], c.FactMerges[:min(n, len(c.FactMerges))]
		b, err := json.Marshal(rep)
		if err != nil {
			return nil, fmt.Errorf("encode evolve report: %w", err)
		}
		if len(b) <= core.MaxRecordBytes || n == 0 {
			return b, nil
		}
	}
}

// maxReportItems bounds the lists of a kept report (archived, restored,
// merges): a record is at most MaxRecordBytes.
const maxReportItems = 200

// reportIDLayout names a kept report by its run's Now, so that reports
// sort by time.
const reportIDLayout = "2006-01-02T15:04:05.000000000Z"

// Reports returns the kept reports of group's Evolve runs, oldest
// first.
func (v *Evolver) Reports(ctx context.Context, group string) ([]Report, error) {
	rs, err := v.records(ctx, core.RecordQuery{Kind: recordReport, Groups: []string{group}})
	if err != nil {
		return nil, err
	}
	out := make([]Report, 0, len(rs))
	for _, r := range rs {
		var rep Report
		if err := json.Unmarshal(r.Data, &rep); err != nil {
			return nil, fmt.Errorf("decode evolve report %s: %w", r.ID, err)
		}
		out = append(out, rep)
	}
	return out, nil
}
