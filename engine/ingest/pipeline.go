package ingest

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/text"
)

// prepared is an episode after extraction and embedding, before resolution.
type prepared struct {
	ep       core.Episode
	plugins  core.Plugins
	ents     []core.ExtractedEntity
	entVecs  [][]float32
	facts    []core.ExtractedFact
	factVecs [][]float32
	warnings []string
	meter    *core.Meter
	start    time.Time
	err      error
}

// processBatch ingests a group's due pending episodes, given in reference-
// time order. Extraction and embedding, which depend only on the episodes,
// run concurrently; resolution runs one episode at a time, in order, so
// each episode sees the graph its predecessors left, and writes are
// grouped (writeBatch). It stops at the first episode that fails, leaving
// the rest pending, so order holds.
func (pl *Pipeline) processBatch(ctx context.Context, eps []core.Episode) []Report {
	if len(eps) == 0 {
		return nil
	}
	plugins, perr := pl.plugins.For(ctx, eps[0].GroupID)
	if perr == nil && plugins.Extractor == nil && !onlyTriplets(eps) {
		perr = fmt.Errorf("%w: group %s has no extractor", core.ErrInvalid, eps[0].GroupID)
	}
	// Extraction and embedding run on up to four episodes at once, taken
	// in order, so that resolution can start on the first one while the
	// others are prepared. The batch starts with one worker and adds one
	// each time an episode is prepared, or has been preparing for
	// rampAfter (an extractor that waits on a model), up to four, unless
	// another group waits on a short answer (Deps.Shared); while one
	// does, the workers leave one by one until one is left. A flood's
	// four extractions took the cores from the other tenant's one message
	// (`make bench-fair`), and when four started at once at the start of
	// a batch, a message that arrived with it waited for them.
	preps := make([]*prepared, len(eps))
	ready := make([]chan struct{}, len(eps))
	next := make(chan int, len(eps))
	for i, ep := range eps {
		preps[i] = &prepared{ep: ep, plugins: plugins, meter: core.NewMeter(), start: pl.now(), err: perr}
		ready[i] = make(chan struct{})
		next <- i
	}
	close(next)
	pctx, stop := context.WithCancel(ctx)
	group := eps[0].GroupID
	var wg sync.WaitGroup
	var workers atomic.Int32
	most := int32(min(maxPrepareWorkers, len(eps)))
	var work func()
	// grow adds a worker while episodes wait to be prepared. It runs on
	// a worker, or on a timer that worker waits for, so the WaitGroup
	// counts one at least.
	grow := func() {
		if len(next) > 0 && !pl.isShared(group) && join(&workers, most) {
			wg.Add(1)
			go work()
		}
	}
	work = func() {
		defer wg.Done()
		for {
			if pl.isShared(group) && leave(&workers) {
				return
			}
			pl.giveWay(pctx, group)
			i, ok := <-next
			if !ok {
				return
			}
			// After the batch stopped, what is left is not prepared.
			if p := preps[i]; p.err == nil && pctx.Err() == nil {
				// Once the batch has all its workers, no timer is armed.
				var t *time.Timer
				grown := make(chan struct{})
				if workers.Load() < most {
					t = time.AfterFunc(pl.rampAfter, func() {
						defer close(grown)
						grow()
					})
				}
				pl.prepare(core.WithMeter(pctx, p.meter), p)
				if t != nil && !t.Stop() {
					<-grown
				}
			}
			close(ready[i])
			grow()
		}
	}
	workers.Store(1)
	wg.Add(1)
	go work()
	defer func() {
		stop()
		wg.Wait()
	}()
	return pl.writeBatch(ctx, preps, ready)
}

// maxPrepareWorkers is how many episodes of a batch are prepared at once
// at most, and rampAfter how long one is prepared before the batch adds a
// worker without waiting for it: the rule extractor prepares an episode
// in a few milliseconds, a model takes a second or more.
const (
	maxPrepareWorkers = 4
	rampAfter         = 25 * time.Millisecond
)

// join adds a worker to the count unless it holds most already, and
// reports whether it did.
func join(workers *atomic.Int32, most int32) bool {
	for {
		n := workers.Load()
		if n >= most {
			return false
		}
		if workers.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// leave takes a worker off the count unless it is the last one, and
// reports whether it did.
func leave(workers *atomic.Int32) bool {
	for {
		n := workers.Load()
		if n <= 1 {
			return false
		}
		if workers.CompareAndSwap(n, n-1) {
			return true
		}
	}
}

// writeBatch resolves episodes in order as they are prepared (ready[i] is
// closed when preps[i] is) and writes them with group commit (overlay.go):
// the episodes resolved since the last write are written together when
// the next one is not prepared yet, when the overlay is full, before an
// episode that failed is recorded, and at the end. A fast extractor thus
// gets few, large transactions, and a slow one (an LLM) has each episode
// written as soon as it is resolved. While another group waits on a short
// answer (Deps.Shared), or had one a moment ago (Deps.Recent), each
// episode is written as soon as it is resolved too: the store has one
// writer, and a batch's one large transaction would hold another tenant's
// message behind it (`make bench-fair`).
//
// A write runs in the background while the next episodes are resolved
// against an overlay over the one being written, so the store's work and
// resolution's overlap; one write is in flight at a time, and an episode
// is reported only once its write is committed. If a write fails, what
// was resolved over it is discarded and stays pending. writeBatch stops at
// the first episode that fails, leaving the rest pending, so order holds.
func (pl *Pipeline) writeBatch(ctx context.Context, preps []*prepared, ready []chan struct{}) []Report {
	var reports []Report
	group := preps[0].ep.GroupID
	o := newOverlay(pl.store, group)
	var held []*resolved
	// fly is the write in progress: its episodes, and its outcome once
	// done is closed.
	type write struct {
		rs   []*resolved
		done chan struct{}
		err  error
	}
	var fly *write
	// settle waits for the write in flight and records its outcome; false
	// means the batch stops there.
	settle := func() bool {
		if fly == nil {
			return true
		}
		w := fly
		fly = nil
		<-w.done
		if w.err == nil {
			pl.written(ctx, w.rs)
			for _, r := range w.rs {
				reports = append(reports, pl.report(r.p, r.ch.Episodes[0], r.st))
			}
			// The store now holds what the overlay over it showed.
			o.base = storeGraph{pl.store, group}
			return true
		}
		if canceled(w.err) && ctx.Err() != nil {
			return false // shutting down: the episodes stay pending as they were
		}
		if Transient(w.err) || len(w.rs) == 1 {
			for _, r := range w.rs {
				r.p.err = fmt.Errorf("write episode: %w", w.err)
				reports = append(reports, pl.failAttempt(ctx, r.p))
			}
			return false
		}
		// One of them cannot be written: write them one at a time, so
		// that only that one fails. What was resolved over them is
		// resolved again in the next batch.
		pl.log.Warn("write a batch of episodes; writing them one at a time", "group", group, "episodes", len(w.rs), "err", w.err)
		reports, _ = pl.writeEach(ctx, w.rs, reports)
		return false
	}
	// flush starts writing the held episodes once the write before them
	// is settled; false means the batch stops there.
	flush := func() bool {
		if len(held) == 0 {
			return true
		}
		if !settle() {
			return false
		}
		pl.giveWay(ctx, group)
		w := &write{rs: held, done: make(chan struct{})}
		held = nil
		ch := o.change()
		go func() {
			defer close(w.done)
			w.err = pl.store.Apply(ctx, ch)
		}()
		fly = w
		o = newOverlayOn(o, group, o.refTimes)
		return true
	}
	// Every return below comes after a settle (a false flush has
	// settled): no write is left running when the batch ends.
	for i, p := range preps {
		select {
		case <-ready[i]:
		default:
			if !flush() {
				return reports
			}
			<-ready[i]
		}
		if p.err == nil {
			pl.giveWay(ctx, group)
			var r *resolved
			before := len(p.warnings)
			if r, p.err = pl.resolve(core.WithMeter(ctx, p.meter), p, o); p.err == nil {
				r.warnings = before
				o.add(r.ch, r.newEnts, r.newFacts)
				held = append(held, r)
				if (o.size() >= maxOverlayObjects || pl.isShared(group) || pl.isRecent(group)) && !flush() {
					return reports
				}
				continue
			}
		}
		if !flush() || !settle() {
			return reports
		}
		if canceled(p.err) && ctx.Err() != nil {
			return reports // shutting down: the episode stays pending as it was
		}
		return append(reports, pl.failAttempt(ctx, p))
	}
	if flush() {
		settle()
	}
	return reports
}

// isShared reports whether another group waits on a short answer
// (Deps.Shared).
func (pl *Pipeline) isShared(group string) bool {
	return pl.shared != nil && pl.shared(group)
}

// isRecent reports whether another group had a short answer a moment
// ago (Deps.Recent).
func (pl *Pipeline) isRecent(group string) bool {
	return pl.recent != nil && pl.recent(group)
}

// giveWay waits while another group's short answer is being processed
// (Deps.GiveWay), for giveWayFor at most, before a batch of group starts
// an extraction, a resolution or a write. Preparing one episode at a time
// and writing each on its own still left the flood's work beside the
// short answer's: its extraction on the other core and its transactions
// on the store's one writer doubled a message's processing when the two
// arrived together (`make bench-fair`). A short answer takes tens of
// milliseconds offline, so the flood waits that long; with an extractor
// that waits on a model, giveWayFor at most at each step.
func (pl *Pipeline) giveWay(ctx context.Context, group string) {
	if pl.giveWayTo == nil || pl.changes == nil || !pl.giveWayTo(group) {
		return
	}
	t := time.NewTimer(pl.giveWayFor)
	defer t.Stop()
	for {
		// The channel is taken before the question is asked, so that a
		// change in between is not missed.
		changed := pl.changes()
		if !pl.giveWayTo(group) {
			return
		}
		select {
		case <-changed:
		case <-t.C:
			return
		case <-ctx.Done():
			return
		}
	}
}

// maxGiveWay is the longest a batch gives way to another group's short
// answer at each step (giveWay): an offline one takes 30 to 40 ms.
const maxGiveWay = 50 * time.Millisecond

// writeEach resolves and writes episodes one at a time, each in its own
// transaction, after their batch could not be written as one; it stops at
// the first that fails and records its failure.
func (pl *Pipeline) writeEach(ctx context.Context, rs []*resolved, reports []Report) ([]Report, bool) {
	for _, r := range rs {
		p := r.p
		p.warnings = p.warnings[:r.warnings]
		o := newOverlay(pl.store, p.ep.GroupID)
		again, err := pl.resolve(core.WithMeter(ctx, p.meter), p, o)
		if err == nil {
			if err = pl.store.Apply(ctx, again.ch); err != nil {
				err = fmt.Errorf("write episode: %w", err)
			}
		}
		if err != nil {
			if canceled(err) && ctx.Err() != nil {
				return reports, false
			}
			p.err = err
			return append(reports, pl.failAttempt(ctx, p)), false
		}
		pl.written(ctx, []*resolved{again})
		reports = append(reports, pl.report(p, again.ch.Episodes[0], again.st))
	}
	return reports, true
}

// written updates the communities of what episodes just written touched,
// one episode at a time, each charged for its own updates.
func (pl *Pipeline) written(ctx context.Context, rs []*resolved) {
	now := pl.now()
	for _, r := range rs {
		ep := r.p.ep
		// A mention is a use: it resets the object's recency (Evolve).
		// What the episode created needs no record: evolution counts an
		// object's creation as its first mention, and a record per new
		// fact would cost ingestion a write each.
		for _, id := range r.entities {
			if r.newEnts[id] {
				pl.created(ep.GroupID, core.ScopeEntities, id, now)
			} else {
				pl.mentioned(ep.GroupID, core.ScopeEntities, id, now)
			}
		}
		for _, f := range r.ch.Facts {
			if r.newFacts[f.UUID] {
				pl.created(ep.GroupID, core.ScopeFacts, f.UUID, now)
			} else {
				pl.mentioned(ep.GroupID, core.ScopeFacts, f.UUID, now)
			}
		}
		if err := pl.ingested(core.WithMeter(ctx, r.p.meter), ep.GroupID, r.entities); err != nil && !canceled(err) {
			pl.log.Warn("update communities", "group", ep.GroupID, "episode", ep.UUID, "err", err)
		}
	}
}

// prepare extracts entities and facts from an episode and embeds them.
func (pl *Pipeline) prepare(ctx context.Context, p *prepared) {
	ep := p.ep
	var prev []core.Episode
	if n := pl.opts.ContextEpisodes; n > 0 {
		var err error
		if prev, err = pl.store.PreviousEpisodes(ctx, ep, n); err != nil {
			p.err = fmt.Errorf("read previous episodes: %w", err)
			return
		}
	}
	split, err := pl.split(ctx, ep)
	if err != nil {
		p.err = fmt.Errorf("split: %w", err)
		return
	}
	chunks := split.Kept
	if len(chunks) > 1 {
		p.warnings = append(p.warnings, fmt.Sprintf("episode of %d bytes extracted in %d pieces", len(ep.Content), len(chunks)))
	}
	if cut := split.Total - len(split.Kept); cut > 0 {
		p.warnings = append(p.warnings, fmt.Sprintf("the last %d of %d pieces of the episode (%d bytes) were not extracted: over the cap of %d pieces of %d bytes (ingest.max_chunks); the episode is stored whole and searchable",
			cut, split.Total, split.DroppedBytes, pl.opts.MaxChunks, pl.opts.MaxExtractBytes))
	}
	var all core.Extraction
	if x, ok, err := tripletExtraction(ep); ok {
		if err != nil {
			p.err = err
			return
		}
		all, chunks = x, nil
	}
	for _, chunk := range chunks {
		piece := ep
		piece.Content = chunk
		x, err := p.plugins.Extractor.Extract(ctx, core.ExtractRequest{Episode: piece, Previous: prev, Ontology: p.plugins.Ontology})
		if err != nil {
			p.err = fmt.Errorf("extract: %w", err)
			return
		}
		all.Entities = append(all.Entities, x.Entities...)
		all.Facts = append(all.Facts, x.Facts...)
		all.Warnings = append(all.Warnings, x.Warnings...)
	}
	p.warnings = append(p.warnings, capWarnings(all.Warnings)...)
	p.ents, p.facts, p.warnings = sanitize(all, p.plugins.Ontology, pl.opts.MaxEntities, pl.opts.MaxFacts, p.warnings)
	texts := make([]string, 0, 1+len(p.ents)+len(p.facts))
	texts = append(texts, ep.Content)
	for _, x := range p.ents {
		texts = append(texts, x.Name)
	}
	for _, f := range p.facts {
		texts = append(texts, f.Text)
	}
	vecs, err := pl.embedder.Embed(ctx, texts)
	if err != nil {
		p.err = fmt.Errorf("embed: %w", err)
		return
	}
	if len(vecs) != len(texts) {
		p.err = fmt.Errorf("%w: the embedder returned %d vectors for %d texts", core.ErrUnavailable, len(vecs), len(texts))
		return
	}
	p.ep.Embedding = vecs[0]
	p.entVecs = vecs[1 : 1+len(p.ents)]
	p.factVecs = vecs[1+len(p.ents):]
}

func onlyTriplets(eps []core.Episode) bool {
	for _, ep := range eps {
		if ep.SourceDescription != TripletSource {
			return false
		}
	}
	return true
}

// failAttempt records a failed attempt: the episode stays pending for a
// retry, or is marked failed after MaxAttempts. It is never dropped.
//
// The report says only what the store holds. A transient store error
// (ErrBusy, ErrLocked, ErrStorage) uses no attempt and writes nothing: the episode is
// reported pending as stored, and the queue retries it after a backoff.
// So is an episode whose failure could not be recorded.
func (pl *Pipeline) failAttempt(ctx context.Context, p *prepared) Report {
	stored := p.ep
	stored.Embedding = nil
	if Transient(p.err) {
		pl.log.Warn("ingest episode: the store is busy; retrying without using an attempt",
			"group", stored.GroupID, "episode", stored.UUID, "attempts", stored.Attempts, "err", p.err)
		return pl.report(p, stored, nil)
	}
	ep := stored
	ep.Attempts++
	ep.Error, ep.Warnings = p.err.Error(), p.warnings
	if ep.Attempts >= pl.opts.MaxAttempts {
		ep.Status = core.EpisodeFailed
	}
	pl.log.Warn("ingest episode", "group", ep.GroupID, "episode", ep.UUID, "attempt", ep.Attempts, "status", ep.Status, "err", p.err)
	if err := ApplyRetrying(context.WithoutCancel(ctx), pl.store, core.Change{Episodes: []core.Episode{ep}}); err != nil {
		pl.log.Error("record failed attempt; the episode stays pending and is retried", "group", ep.GroupID, "episode", ep.UUID, "err", err)
		return pl.report(p, stored, nil)
	}
	return pl.report(p, ep, nil)
}

// busyTries is how often ApplyRetrying tries a write the store is too busy
// for before giving up.
const busyTries = 3

// report builds an episode's report.
func (pl *Pipeline) report(p *prepared, ep core.Episode, st *writeStats) Report {
	r := Report{
		UUID: ep.UUID, GroupID: ep.GroupID, Status: ep.Status, Error: ep.Error, Attempts: ep.Attempts,
		ByPrompt: p.meter.Snapshot(), Usage: p.meter.Total(), Warnings: p.warnings, Duration: pl.now().Sub(p.start),
		Counted: true,
	}
	if st != nil {
		r.Entities, r.NewEntities, r.Facts, r.NewFacts = st.entities, st.newEntities, st.facts, st.newFacts
		r.Duplicates, r.Invalidated = st.duplicates, st.invalidated
		r.Quarantined, r.Released, r.Vetoed = st.quarantined, st.released, st.vetoed
	}
	return r
}

// maxItemWarnings is how many warnings about single entities or facts an
// episode's report carries; the rest are counted in one more.
const maxItemWarnings = 10

// capWarnings keeps an extractor's first maxItemWarnings warnings and
// counts the rest, so that a misbehaving plugin cannot fill the report.
func capWarnings(ws []string) []string {
	if len(ws) <= maxItemWarnings {
		return ws
	}
	return append(ws[:maxItemWarnings:maxItemWarnings], fmt.Sprintf("and %d more warnings from the extractor", len(ws)-maxItemWarnings))
}

// itemWarnings collects warnings about single entities or facts, keeping
// the first maxItemWarnings of each kind and counting the rest.
type itemWarnings struct {
	kept  []string
	extra map[string]int
	order []string
}

func (w *itemWarnings) add(kind, msg string) {
	if w.extra == nil {
		w.extra = map[string]int{}
	}
	n, seen := w.extra[kind]
	if !seen {
		w.order = append(w.order, kind)
	}
	w.extra[kind] = n + 1
	if n < maxItemWarnings {
		w.kept = append(w.kept, msg)
	}
}

func (w *itemWarnings) appendTo(ws []string) []string {
	ws = append(ws, w.kept...)
	for _, kind := range w.order {
		if n := w.extra[kind] - maxItemWarnings; n > 0 {
			ws = append(ws, fmt.Sprintf("and %d more %s", n, kind))
		}
	}
	return ws
}

// sanitize cleans an extraction: drops nameless entities and entities of
// excluded types, collapses entities with the same normalized name (keeping
// the more specific type), keeps only valid labels, and drops facts whose
// endpoints are unknown or the same, or whose text is empty.
//
// It keeps at most maxEntities entities and maxFacts facts, the first in
// the extractor's order, and says in a warning what it cut: an extractor
// answer of 20,000 entities costs a pass over a slice here, not 20,000
// embeddings, searches and writes. Facts about a cut entity are cut with
// it.
// dropNUL removes NUL characters from what a plugin extracted: the store
// would end the text at the first one.
func dropNUL(s string) string {
	if strings.IndexByte(s, 0) < 0 {
		return s
	}
	return strings.ReplaceAll(s, "\x00", "")
}

func sanitize(x core.Extraction, o *core.Ontology, maxEntities, maxFacts int, warnings []string) ([]core.ExtractedEntity, []core.ExtractedFact, []string) {
	excluded := map[string]bool{}
	if o != nil {
		for _, t := range o.ExcludedEntityTypes {
			excluded[strings.ToLower(t)] = true
		}
	}
	var items itemWarnings
	var ents []core.ExtractedEntity
	index := map[string]int{}
	over := map[string]bool{} // normalized names cut by maxEntities
	for _, en := range x.Entities {
		en.Name, en.Summary = strings.TrimSpace(dropNUL(en.Name)), dropNUL(en.Summary)
		key := core.NormalizeName(en.Name)
		if key == "" {
			continue
		}
		if excluded[strings.ToLower(en.Type)] {
			continue
		}
		// Instruction-like text is data, never an entity (text.InstructionLike).
		if text.InstructionLike(en.Name) {
			items.add("instruction-like entities", fmt.Sprintf("entity %q reads as an instruction to a model; dropped", en.Name))
			continue
		}
		i, ok := index[key]
		if !ok && len(ents) >= maxEntities {
			over[key] = true
			continue
		}
		if en.Type != "" && core.ValidateLabel(en.Type) != nil {
			items.add("entity types that are not valid labels", fmt.Sprintf("entity %q: type %q is not a valid label; dropped the type", en.Name, en.Type))
			en.Type = ""
		}
		if ok {
			if ents[i].Type == "" {
				ents[i].Type = en.Type
			}
			if len(en.Summary) > len(ents[i].Summary) {
				ents[i].Summary = en.Summary
			}
			for k, v := range en.Attributes {
				if ents[i].Attributes == nil {
					ents[i].Attributes = map[string]any{}
				}
				ents[i].Attributes[k] = v
			}
			continue
		}
		index[key] = len(ents)
		ents = append(ents, en)
	}
	var facts []core.ExtractedFact
	seen := map[string]bool{}
	overFacts, factsOfOver := 0, 0
	for _, f := range x.Facts {
		f.Source, f.Target, f.Relation, f.Text = dropNUL(f.Source), dropNUL(f.Target), dropNUL(f.Relation), dropNUL(f.Text)
		s, t := core.NormalizeName(f.Source), core.NormalizeName(f.Target)
		_, okS := index[s]
		_, okT := index[t]
		switch {
		case !okS && over[s], !okT && over[t]:
			factsOfOver++
			continue
		case !okS || !okT:
			items.add("facts with an endpoint not among the extracted entities", fmt.Sprintf("fact %q: an endpoint is not among the extracted entities; dropped", f.Text))
			continue
		case s == t:
			continue
		case strings.TrimSpace(f.Text) == "":
			continue
		case text.InstructionLike(f.Text):
			items.add("instruction-like facts", fmt.Sprintf("fact %q reads as an instruction to a model; dropped", f.Text))
			continue
		}
		f.Relation = RelationName(f.Relation)
		// The record of why a fact is believed is mnemo's, not the
		// extractor's (core.WhyAttribute).
		if _, ok := f.Attributes[core.WhyAttribute]; ok {
			f.Attributes = maps.Clone(f.Attributes)
			delete(f.Attributes, core.WhyAttribute)
		}
		f.Source, f.Target = ents[index[s]].Name, ents[index[t]].Name
		key := s + "\x00" + t + "\x00" + text.Normalize(f.Text)
		if seen[key] {
			continue
		}
		seen[key] = true
		if len(facts) >= maxFacts {
			overFacts++
			continue
		}
		facts = append(facts, f)
	}
	warnings = items.appendTo(warnings)
	if len(over) > 0 {
		warnings = append(warnings, fmt.Sprintf("%d more entities and their %d facts were not added: over the cap of %d entities per episode (ingest.max_entities)", len(over), factsOfOver, maxEntities))
	}
	if overFacts > 0 {
		warnings = append(warnings, fmt.Sprintf("%d more facts were not added: over the cap of %d facts per episode (ingest.max_facts)", overFacts, maxFacts))
	}
	return ents, facts, warnings
}

// RelationName makes a relation SCREAMING_SNAKE_CASE.
func RelationName(r string) string {
	var b strings.Builder
	under := false
	for _, c := range strings.TrimSpace(r) {
		switch {
		case c >= 'a' && c <= 'z':
			c -= 'a' - 'A'
			fallthrough
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			if under && b.Len() > 0 {
				b.WriteByte('_')
			}
			under = false
			b.WriteRune(c)
		default:
			under = true
		}
	}
	if b.Len() == 0 {
		return "RELATES_TO"
	}
	return b.String()
}
