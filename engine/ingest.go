package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/text"
)

// IngestResult is the outcome of storing one episode.
type IngestResult struct {
	UUID string
	// Created is false when the episode was already stored (a re-send).
	Created bool
	// Requeued is true when a re-sent episode had failed and is queued
	// again (see Retry).
	Requeued bool
}

// Ingest validates episodes, stores them as pending before any extraction,
// and queues them. It returns once they are stored; extraction happens in
// the background (Wait blocks until it is done). An episode without a UUID
// gets one; re-sending an episode with the same UUID and content is a
// no-op, unless the episode had failed: then it is queued again, as Retry
// does. The same UUID with other content is ErrConflict. If any episode is
// invalid, none is stored. An episode with LearnedAtReference is recorded
// as learned at its reference time (core.Episode.LearnedAt), and refused
// (ErrInvalid) where that would come before what its group already knows.
func (e *Engine) Ingest(ctx context.Context, eps []core.Episode) ([]IngestResult, error) {
	if err := e.checkOpen(); err != nil {
		return nil, err
	}
	now := e.now()
	in := make([]core.Episode, len(eps))
	for i, ep := range eps {
		if ep.UUID == "" {
			ep.UUID = core.NewID(now)
		}
		if ep.Name == "" {
			ep.Name = fmt.Sprintf("%s %s", ep.Source, ep.ValidAt.UTC().Format(time.RFC3339))
		}
		ep.CreatedAt, ep.Status, ep.Attempts, ep.Error, ep.Embedding = now, core.EpisodePending, 0, "", nil
		if ep.LearnedAtReference {
			ep.CreatedAt = ep.ValidAt
		}
		if err := ep.Validate(e.ingest.MaxContentBytes); err != nil {
			return nil, fmt.Errorf("episode %d: %w", i, err)
		}
		in[i] = ep
	}
	if err := e.checkReplay(ctx, in, now); err != nil {
		return nil, err
	}
	// Until the new episodes are queued, no read of the store's pending
	// list may see them (queue.intake).
	e.q.intake.RLock()
	created, err := e.store.AddEpisodes(ctx, in)
	if err != nil {
		e.q.intake.RUnlock()
		return nil, err
	}
	var fresh, resent []core.Episode
	out := make([]IngestResult, len(in))
	for i, ep := range in {
		out[i] = IngestResult{UUID: ep.UUID, Created: created[i]}
		if created[i] {
			fresh = append(fresh, ep)
		} else {
			resent = append(resent, ep)
		}
	}
	e.q.add(fresh)
	e.q.intake.RUnlock()
	if len(resent) > 0 {
		requeued, err := e.requeueResent(ctx, resent)
		if err != nil {
			return nil, err
		}
		for i := range out {
			out[i].Requeued = requeued[out[i].UUID]
		}
	}
	return out, nil
}

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
func (e *Engine) processBatch(ctx context.Context, eps []core.Episode) []EpisodeReport {
	if len(eps) == 0 {
		return nil
	}
	plugins, perr := e.plugins.For(ctx, eps[0].GroupID)
	if perr == nil && plugins.Extractor == nil && !onlyTriplets(eps) {
		perr = fmt.Errorf("%w: group %s has no extractor", core.ErrInvalid, eps[0].GroupID)
	}
	// Extraction and embedding run on up to four episodes at once, taken
	// in order, so that resolution can start on the first one while the
	// others are prepared.
	preps := make([]*prepared, len(eps))
	ready := make([]chan struct{}, len(eps))
	next := make(chan int, len(eps))
	for i, ep := range eps {
		preps[i] = &prepared{ep: ep, plugins: plugins, meter: core.NewMeter(), start: e.now(), err: perr}
		ready[i] = make(chan struct{})
		next <- i
	}
	close(next)
	pctx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for range min(4, len(eps)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				// After the batch stopped, what is left is not prepared.
				if p := preps[i]; p.err == nil && pctx.Err() == nil {
					e.prepare(core.WithMeter(pctx, p.meter), p)
				}
				close(ready[i])
			}
		}()
	}
	defer func() {
		stop()
		wg.Wait()
	}()
	return e.writeBatch(ctx, preps, ready)
}

// writeBatch resolves episodes in order as they are prepared (ready[i] is
// closed when preps[i] is) and writes them with group commit (overlay.go):
// the episodes resolved since the last write are written together when
// the next one is not prepared yet, when the overlay is full, before an
// episode that failed is recorded, and at the end. A fast extractor thus
// gets few, large transactions, and a slow one (an LLM) has each episode
// written as soon as it is resolved.
//
// A write runs in the background while the next episodes are resolved
// against an overlay over the one being written, so the store's work and
// resolution's overlap; one write is in flight at a time, and an episode
// is reported only once its write is committed. If a write fails, what
// was resolved over it is discarded and stays pending. writeBatch stops at
// the first episode that fails, leaving the rest pending, so order holds.
func (e *Engine) writeBatch(ctx context.Context, preps []*prepared, ready []chan struct{}) []EpisodeReport {
	var reports []EpisodeReport
	group := preps[0].ep.GroupID
	o := newOverlay(e.store, group)
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
			e.written(ctx, w.rs)
			for _, r := range w.rs {
				reports = append(reports, e.report(r.p, r.ch.Episodes[0], r.st))
			}
			// The store now holds what the overlay over it showed.
			o.base = storeGraph{e.store, group}
			return true
		}
		if canceled(w.err) && ctx.Err() != nil {
			return false // shutting down: the episodes stay pending as they were
		}
		if transient(w.err) || len(w.rs) == 1 {
			for _, r := range w.rs {
				r.p.err = fmt.Errorf("write episode: %w", w.err)
				reports = append(reports, e.failAttempt(ctx, r.p))
			}
			return false
		}
		// One of them cannot be written: write them one at a time, so
		// that only that one fails. What was resolved over them is
		// resolved again in the next batch.
		e.log.Warn("write a batch of episodes; writing them one at a time", "group", group, "episodes", len(w.rs), "err", w.err)
		reports, _ = e.writeEach(ctx, w.rs, reports)
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
		w := &write{rs: held, done: make(chan struct{})}
		held = nil
		ch := o.change()
		go func() {
			defer close(w.done)
			w.err = e.store.Apply(ctx, ch)
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
			var r *resolved
			before := len(p.warnings)
			if r, p.err = e.resolve(core.WithMeter(ctx, p.meter), p, o); p.err == nil {
				r.warnings = before
				o.add(r.ch, r.newEnts, r.newFacts)
				held = append(held, r)
				if o.size() >= maxOverlayObjects && !flush() {
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
		return append(reports, e.failAttempt(ctx, p))
	}
	if flush() {
		settle()
	}
	return reports
}

// writeEach resolves and writes episodes one at a time, each in its own
// transaction, after their batch could not be written as one; it stops at
// the first that fails and records its failure.
func (e *Engine) writeEach(ctx context.Context, rs []*resolved, reports []EpisodeReport) ([]EpisodeReport, bool) {
	for _, r := range rs {
		p := r.p
		p.warnings = p.warnings[:r.warnings]
		o := newOverlay(e.store, p.ep.GroupID)
		again, err := e.resolve(core.WithMeter(ctx, p.meter), p, o)
		if err == nil {
			if err = e.store.Apply(ctx, again.ch); err != nil {
				err = fmt.Errorf("write episode: %w", err)
			}
		}
		if err != nil {
			if canceled(err) && ctx.Err() != nil {
				return reports, false
			}
			p.err = err
			return append(reports, e.failAttempt(ctx, p)), false
		}
		e.written(ctx, []*resolved{again})
		reports = append(reports, e.report(p, again.ch.Episodes[0], again.st))
	}
	return reports, true
}

// written updates the communities of what episodes just written touched,
// one episode at a time, each charged for its own updates.
func (e *Engine) written(ctx context.Context, rs []*resolved) {
	now := e.now()
	for _, r := range rs {
		ep := r.p.ep
		// A mention is a use: it resets the object's recency (Evolve).
		// What the episode created needs no record: evolution counts an
		// object's creation as its first mention, and a record per new
		// fact would cost ingestion a write each.
		for _, id := range r.entities {
			if r.newEnts[id] {
				e.evolver.Created(ep.GroupID, core.ScopeEntities, id, now)
			} else {
				e.evolver.Mentioned(ep.GroupID, core.ScopeEntities, id, now)
			}
		}
		for _, f := range r.ch.Facts {
			if r.newFacts[f.UUID] {
				e.evolver.Created(ep.GroupID, core.ScopeFacts, f.UUID, now)
			} else {
				e.evolver.Mentioned(ep.GroupID, core.ScopeFacts, f.UUID, now)
			}
		}
		if err := e.keeper.Ingested(core.WithMeter(ctx, r.p.meter), ep.GroupID, r.entities); err != nil && !canceled(err) {
			e.log.Warn("update communities", "group", ep.GroupID, "episode", ep.UUID, "err", err)
		}
	}
}

// prepare extracts entities and facts from an episode and embeds them.
func (e *Engine) prepare(ctx context.Context, p *prepared) {
	ep := p.ep
	var prev []core.Episode
	if n := e.ingest.ContextEpisodes; n > 0 {
		var err error
		if prev, err = e.store.PreviousEpisodes(ctx, ep, n); err != nil {
			p.err = fmt.Errorf("read previous episodes: %w", err)
			return
		}
	}
	split, err := e.split(ctx, ep)
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
			cut, split.Total, split.DroppedBytes, e.ingest.MaxChunks, e.ingest.MaxExtractBytes))
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
	p.ents, p.facts, p.warnings = sanitize(all, p.plugins.Ontology, e.ingest.MaxEntities, e.ingest.MaxFacts, p.warnings)
	texts := make([]string, 0, 1+len(p.ents)+len(p.facts))
	texts = append(texts, ep.Content)
	for _, x := range p.ents {
		texts = append(texts, x.Name)
	}
	for _, f := range p.facts {
		texts = append(texts, f.Text)
	}
	vecs, err := e.embedder.Embed(ctx, texts)
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
		if ep.SourceDescription != tripletSource {
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
func (e *Engine) failAttempt(ctx context.Context, p *prepared) EpisodeReport {
	stored := p.ep
	stored.Embedding = nil
	if transient(p.err) {
		e.log.Warn("ingest episode: the store is busy; retrying without using an attempt",
			"group", stored.GroupID, "episode", stored.UUID, "attempts", stored.Attempts, "err", p.err)
		return e.report(p, stored, nil)
	}
	ep := stored
	ep.Attempts++
	ep.Error, ep.Warnings = p.err.Error(), p.warnings
	if ep.Attempts >= e.ingest.MaxAttempts {
		ep.Status = core.EpisodeFailed
	}
	e.log.Warn("ingest episode", "group", ep.GroupID, "episode", ep.UUID, "attempt", ep.Attempts, "status", ep.Status, "err", p.err)
	if err := e.applyRetrying(context.WithoutCancel(ctx), core.Change{Episodes: []core.Episode{ep}}); err != nil {
		e.log.Error("record failed attempt; the episode stays pending and is retried", "group", ep.GroupID, "episode", ep.UUID, "err", err)
		return e.report(p, stored, nil)
	}
	return e.report(p, ep, nil)
}

// transient reports whether err is a store error that a later try of the
// same work fixes: it says nothing about the episode.
func transient(err error) bool {
	return errors.Is(err, core.ErrBusy) || errors.Is(err, core.ErrLocked) || errors.Is(err, core.ErrStorage)
}

// busyTries is how often applyRetrying tries a write the store is too busy
// for before giving up.
const busyTries = 3

// applyRetrying applies a small change (an episode's status), trying again
// at once while the store reports itself busy: Kuzu frees what a failed
// transaction held when it rolls back, so the next try often passes.
func (e *Engine) applyRetrying(ctx context.Context, ch core.Change) error {
	var err error
	for range busyTries {
		if err = e.store.Apply(ctx, ch); err == nil || !transient(err) {
			return err
		}
	}
	return err
}

// report builds an episode's report.
func (e *Engine) report(p *prepared, ep core.Episode, st *writeStats) EpisodeReport {
	r := EpisodeReport{
		UUID: ep.UUID, GroupID: ep.GroupID, Status: ep.Status, Error: ep.Error, Attempts: ep.Attempts,
		ByPrompt: p.meter.Snapshot(), Usage: p.meter.Total(), Warnings: p.warnings, Duration: e.now().Sub(p.start),
		Counted: true,
	}
	if st != nil {
		r.Entities, r.NewEntities, r.Facts, r.NewFacts = st.entities, st.newEntities, st.facts, st.newFacts
		r.Duplicates, r.Invalidated = st.duplicates, st.invalidated
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
		}
		f.Relation = relationName(f.Relation)
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

// relationName makes a relation SCREAMING_SNAKE_CASE.
func relationName(r string) string {
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
