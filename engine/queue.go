package engine

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/ingest"
)

// The ingestion queue is the Store itself: Ingest stores episodes as
// pending, and an episode becomes done in the same transaction that writes
// what was extracted from it. The queue in memory only schedules: it keeps
// the pending episodes of each group in reference-time order (loaded from
// the store when the engine opens, then kept by Ingest and the workers, so
// scheduling never scans the store), and a dispatcher runs one worker per
// group with pending work (several groups at once). After a crash, Open
// loads the pending episodes and resumes them; nothing was half-applied,
// so nothing is applied twice.
//
// A read of the store's pending episodes (load, syncPending) must not put
// back an episode the queue is done with, or it is extracted twice. Two
// orders would: an episode Ingest has stored and not queued yet, read,
// processed and finished before Ingest queues it again; and an episode
// finished or dropped while the read was under way. The first is kept
// out by intake, the second by settled.

// EpisodeReport says what became of an episode (ingest.Report).
type EpisodeReport = ingest.Report

type queue struct {
	e      *Engine
	wakeCh chan struct{}
	ctx    context.Context
	cancel context.CancelFunc

	// intake is held for reading by Ingest from its store write to its
	// queue add, and for writing by reads of the store's pending list, so
	// that such a read sees an episode only once it is queued.
	intake sync.RWMutex

	mu      sync.Mutex
	pending map[string][]core.Episode // by group, in (reference time, uuid) order
	loaded  bool                      // pending holds the store's pending episodes
	// settled is set while a read of the store's pending list is under
	// way: the episodes finished or dropped meanwhile, and the groups
	// dropped whole, which the read's result must not queue again.
	settled *settledSet
	groups  map[string]*sync.Mutex // serializes a group's writers
	running map[string]bool
	// last is the group whose worker the dispatcher started last: the
	// next turn goes to the groups after it in name order (round robin).
	last string
	// The state of an episode is kept by group and uuid: two groups may
	// hold episodes of the same uuid (Store), and one's must not delay,
	// wake or replace the other's.
	retryAt map[episodeKey]time.Time // earliest next attempt
	// setbacks counts, per episode, the consecutive runs that ended
	// without an attempt recorded (a busy store), for their backoff.
	setbacks map[episodeKey]int
	waiters  map[episodeKey][]chan struct{}
	reports  map[episodeKey]EpisodeReport
	order    []episodeKey // report keys, oldest first
	workers  sync.WaitGroup
	// holds are the group leases this host holds (with Options.Leases).
	holds leaseHolds
	// quiet tells a store that holds its upkeep while the queue is busy
	// (core.QuietUpkeep) that it no longer is; nil for other stores.
	quiet func()
	// storing counts the Ingest calls between their store write and
	// their queue add: busy, since the store may find a checkpoint due on
	// that write before the episodes are queued.
	storing atomic.Int32
	// changed is closed, and replaced, when othersServed's answer may
	// have changed: an episode added, settled or dropped, a worker done.
	changed chan struct{}
	// lightAt holds, by group, when the group last had an episode queued
	// with a short backlog, or finished one after that (othersRecent);
	// entries older than recentLight are dropped as they are read.
	lightAt map[string]time.Time
}

// episodeKey names an episode in the queue: its group and uuid.
type episodeKey struct{ group, uuid string }

func newQueue(e *Engine) *queue {
	ctx, cancel := context.WithCancel(context.Background())
	return &queue{
		e: e, wakeCh: make(chan struct{}, 1), ctx: ctx, cancel: cancel,
		pending: map[string][]core.Episode{}, groups: map[string]*sync.Mutex{}, running: map[string]bool{}, retryAt: map[episodeKey]time.Time{},
		setbacks: map[episodeKey]int{}, waiters: map[episodeKey][]chan struct{}{}, reports: map[episodeKey]EpisodeReport{},
		changed: make(chan struct{}), lightAt: map[string]time.Time{},
	}
}

// lock takes a group's write lock, held by its worker while it processes a
// batch and by deletes, and returns its release.
func (q *queue) lock(group string) func() {
	q.mu.Lock()
	m, ok := q.groups[group]
	if !ok {
		m = &sync.Mutex{}
		q.groups[group] = m
	}
	q.mu.Unlock()
	m.Lock()
	return m.Unlock
}

// wake asks the dispatcher to look for pending episodes now.
func (q *queue) wake() {
	select {
	case q.wakeCh <- struct{}{}:
	default:
	}
}

// stop ends the dispatcher; running workers finish their current episode.
func (q *queue) stop() { q.wake() }

// cancelAll interrupts running workers.
func (q *queue) cancelAll() { q.cancel() }

// settledSet names what the queue finished or dropped during a read of
// the store's pending list.
type settledSet struct {
	episodes map[episodeKey]bool
	groups   map[string]bool
}

func (s *settledSet) has(ep core.Episode) bool {
	return s.groups[ep.GroupID] || s.episodes[episodeKey{ep.GroupID, ep.UUID}]
}

// readPending runs read, a read of the store's pending episodes, and
// queues what it returns but what the queue finished or dropped
// meanwhile. Reads do not overlap: intake is held for writing.
func (q *queue) readPending(read func() ([]core.Episode, error)) error {
	q.intake.Lock()
	defer q.intake.Unlock()
	q.mu.Lock()
	q.settled = &settledSet{episodes: map[episodeKey]bool{}, groups: map[string]bool{}}
	q.mu.Unlock()
	eps, err := read()
	q.mu.Lock()
	defer q.mu.Unlock()
	settled := q.settled
	q.settled = nil
	if err != nil {
		return err
	}
	for _, ep := range eps {
		if !settled.has(ep) {
			q.addLocked(ep)
		}
	}
	return nil
}

// settleLocked notes that the queue is done with an episode, for a read
// of the pending list under way.
func (q *queue) settleLocked(k episodeKey) {
	if q.settled != nil {
		q.settled.episodes[k] = true
	}
}

// load reads the store's pending episodes into memory, once.
func (q *queue) load() error {
	q.mu.Lock()
	loaded := q.loaded
	q.mu.Unlock()
	if loaded {
		return nil
	}
	err := q.readPending(func() ([]core.Episode, error) {
		groups, err := q.e.store.PendingGroups(q.ctx)
		if err != nil {
			return nil, fmt.Errorf("list pending groups: %w", err)
		}
		var found []core.Episode
		for _, g := range groups {
			eps, err := q.e.store.PendingEpisodes(q.ctx, g, 1<<30)
			if err != nil {
				return nil, fmt.Errorf("list pending episodes: %w", err)
			}
			found = append(found, eps...)
		}
		return found, nil
	})
	if err != nil {
		return err
	}
	q.mu.Lock()
	q.loaded = true
	q.mu.Unlock()
	return nil
}

// add queues newly stored pending episodes.
func (q *queue) add(eps []core.Episode) {
	q.mu.Lock()
	for _, ep := range eps {
		q.addLocked(ep)
	}
	// Judged once all are queued: a flood sent in one request is not a
	// short backlog while its first episodes go in.
	var now time.Time
	for _, ep := range eps {
		if len(q.pending[ep.GroupID]) <= lightBacklog {
			if now.IsZero() {
				now = q.e.now()
			}
			q.lightAt[ep.GroupID] = now
		}
	}
	q.changeLocked()
	q.mu.Unlock()
	q.wake()
}

func (q *queue) addLocked(ep core.Episode) {
	list := q.pending[ep.GroupID]
	i := sort.Search(len(list), func(i int) bool { return !episodeBefore(list[i], ep) })
	if i < len(list) && list[i].UUID == ep.UUID {
		return
	}
	list = append(list, core.Episode{})
	copy(list[i+1:], list[i:])
	list[i] = ep
	q.pending[ep.GroupID] = list
}

// drop removes episodes of a group from the pending queue (all of them
// when uuids is empty).
func (q *queue) drop(group string, uuids ...string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	defer q.changeLocked()
	if len(uuids) == 0 {
		delete(q.pending, group)
		if q.settled != nil {
			q.settled.groups[group] = true
		}
		return
	}
	for _, id := range uuids {
		q.settleLocked(episodeKey{group, id})
	}
	q.pending[group] = slices.DeleteFunc(q.pending[group], func(ep core.Episode) bool { return slices.Contains(uuids, ep.UUID) })
}

func episodeBefore(a, b core.Episode) bool {
	if !a.ValidAt.Equal(b.ValidAt) {
		return a.ValidAt.Before(b.ValidAt)
	}
	return a.UUID < b.UUID
}

// dispatch runs until the engine closes. It also wakes once a second so
// that retries come due without a wake.
func (q *queue) dispatch() {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	var adopt <-chan time.Time
	if q.e.leases != nil {
		t := time.NewTicker(q.e.ingest.AdoptEvery)
		defer t.Stop()
		adopt = t.C
	}
	for {
		select {
		case <-q.e.closed:
			q.workers.Wait()
			return
		case <-q.wakeCh:
		case <-tick.C:
		case <-adopt:
			if err := q.adopt(); err != nil && !canceled(err) {
				q.e.log.Error("look for pending episodes of other hosts", "err", err)
			}
		}
		select {
		case <-q.e.closed:
			q.workers.Wait()
			return
		default:
		}
		if err := q.load(); err != nil {
			if !canceled(err) {
				q.e.log.Error("load pending episodes", "err", err)
			}
			continue
		}
		q.mu.Lock()
		last := q.last
		q.mu.Unlock()
		for _, g := range roundRobin(q.dueGroups(q.e.now), last) {
			q.mu.Lock()
			if q.running[g] || len(q.running) >= q.e.ingest.Workers {
				q.mu.Unlock()
				continue
			}
			q.running[g] = true
			q.last = g
			q.mu.Unlock()
			q.workers.Add(1)
			go func() {
				defer q.workers.Done()
				q.work(g)
				q.mu.Lock()
				delete(q.running, g)
				q.changeLocked()
				q.mu.Unlock()
				if q.quiet != nil && !q.busy() {
					q.quiet()
				}
				q.wake()
			}()
		}
	}
}

// busy reports whether a group with a short backlog has an episode in
// progress or due (othersWaiting of no group): a store that holds its
// upkeep for a quiet moment (core.QuietUpkeep) asks it, so that a
// checkpoint does not stall a message's writes between its Ingest and
// its extraction's write. A flood alone is not held up for: no moment
// of it is quieter than another. A closed engine is never busy.
func (q *queue) busy() bool {
	select {
	case <-q.e.closed:
		return false
	default:
	}
	return q.storing.Load() > 0 || q.othersWaiting("")
}

// roundRobin orders groups by name, starting after last: every group
// with due work gets a worker in turn, whatever its name and however much
// another group has pending.
func roundRobin(groups []string, last string) []string {
	sort.Strings(groups)
	i := sort.SearchStrings(groups, last)
	if i < len(groups) && groups[i] == last {
		i++
	}
	return append(groups[i:], groups[:i]...)
}

// yields reports whether a worker of group should give its place up after
// a batch: every worker is busy and another group has due work waiting
// for one. Without it a group with a flood of pending episodes held its
// worker until the flood was processed, and a group behind it waited
// that long for its next episode.
func (q *queue) yields(group string) bool {
	due := q.dueGroups(q.e.now)
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.running) < q.e.ingest.Workers {
		return false
	}
	for _, g := range due {
		if g != group && !q.running[g] {
			return true
		}
	}
	return false
}

// lightBacklog is the most episodes a group may have pending and still
// count as waiting on a short answer (othersWaiting): a tenant sending a
// message at a time, not a flood.
const lightBacklog = 4

// othersWaiting reports whether a group other than group has a short
// backlog, at most lightBacklog episodes, in progress or due
// (ingest.Deps.Shared): its writes should not wait for a whole batch of
// group's. Two floods keep their grouped writes, which double the
// throughput of writing each episode alone; a group whose next episode
// waits for a retry has none due.
func (q *queue) othersWaiting(group string) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	var now time.Time
	for g, eps := range q.pending {
		if g == group || len(eps) == 0 || len(eps) > lightBacklog {
			continue
		}
		if q.running[g] {
			return true
		}
		at, ok := q.retryAt[episodeKey{g, eps[0].UUID}]
		if !ok {
			return true
		}
		if now.IsZero() {
			now = q.e.now()
		}
		if !now.Before(at) {
			return true
		}
	}
	return false
}

// recentLight is how long a group that had a short backlog keeps
// another group's batches writing each episode on its own (othersRecent):
// a conversation's next message comes within seconds.
const recentLight = 10 * time.Second

// othersRecent reports whether a group other than group had an episode
// queued or finished with a short backlog (at most lightBacklog
// episodes) within the last recentLight (ingest.Deps.Recent). While one
// did, a batch of group writes each episode in its own transaction: the
// next message of that conversation would otherwise arrive, as often as
// not, while a transaction of the whole batch holds the store's one
// writer, and wait for all of it (70 to 95 ms for 8 offline episodes;
// `make bench-fair`). othersWaiting does the same only once the message
// is queued, too late for the transaction already under way.
func (q *queue) othersRecent(group string) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.lightAt) == 0 {
		return false
	}
	now := q.e.now()
	recent := false
	for g, at := range q.lightAt {
		if now.Sub(at) > recentLight {
			delete(q.lightAt, g)
			continue
		}
		if g != group {
			recent = true
		}
	}
	return recent
}

// othersServed reports whether a group other than group, with a short
// backlog (at most lightBacklog episodes), has a worker processing it
// (ingest.Deps.GiveWay). A group only due is not: with every worker taken
// by floods, waiting for it would wait for nothing.
func (q *queue) othersServed(group string) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	for g := range q.running {
		if n := len(q.pending[g]); g != group && n > 0 && n <= lightBacklog {
			return true
		}
	}
	return false
}

// changeLocked wakes those waiting for othersServed's answer to change
// (changes).
func (q *queue) changeLocked() {
	close(q.changed)
	q.changed = make(chan struct{})
}

// changes returns a channel closed when othersServed's answer may have
// changed (ingest.Deps.GiveWay).
func (q *queue) changes() <-chan struct{} {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.changed
}

// dueGroups returns the groups whose first pending episode is due,
// unsorted. One waiting for its retry holds its group back (episodes of a
// group go in reference-time order), and a worker started for it would
// find nothing due and wake the dispatcher again at once: a busy loop
// until the retry. The dispatcher's tick finds the retry when it comes
// due. The clock is read only when a retry must be compared with it, so an idle
// dispatcher does not read it at each tick.
func (q *queue) dueGroups(clock func() time.Time) []string {
	q.mu.Lock()
	defer q.mu.Unlock()
	var groups []string
	var now time.Time
	for g, eps := range q.pending {
		if len(eps) == 0 {
			continue
		}
		if at, ok := q.retryAt[episodeKey{g, eps[0].UUID}]; ok {
			if now.IsZero() {
				now = clock()
			}
			if now.Before(at) {
				continue
			}
		}
		groups = append(groups, g)
	}
	return groups
}

// work processes a group's pending episodes until none is due, or until
// another group waits for a worker (yields): then it ends after its
// batch, and the dispatcher's round robin gives the next turn to the
// groups after this one.
func (q *queue) work(group string) {
	// With leases, the lease is taken once there is due work and held
	// until none is left.
	var leaseCtx context.Context
	var release func()
	for {
		select {
		case <-q.e.closed:
			return
		default:
		}
		// Keep reference-time order: stop at the first episode waiting
		// for a retry.
		now := q.e.now()
		q.mu.Lock()
		var due []core.Episode
		for _, ep := range q.pending[group] {
			if len(due) == q.e.ingest.Batch {
				break
			}
			if at, ok := q.retryAt[episodeKey{group, ep.UUID}]; ok && now.Before(at) {
				break
			}
			due = append(due, ep)
		}
		q.mu.Unlock()
		if len(due) == 0 {
			return
		}
		if q.e.leases != nil && leaseCtx == nil {
			var ok bool
			leaseCtx, release, ok = q.takeLease(group, due)
			if !ok {
				return
			}
			defer release()
			if err := q.syncPending(leaseCtx, group); err != nil {
				if !canceled(err) {
					q.e.log.Error("read the group's pending episodes", "group", group, "err", err)
				}
				return
			}
			continue // the pending list may have changed
		}
		ctx := q.ctx
		if leaseCtx != nil {
			ctx = leaseCtx
		}
		unlock := q.lock(group)
		reports := q.e.pipeline.Process(ctx, due)
		unlock()
		if len(reports) == 0 {
			return // shutting down
		}
		for _, r := range reports {
			q.e.spent(r)
			q.finish(r)
		}
		q.e.saveBudget(ctx, group)
		if q.yields(group) {
			return
		}
	}
}

// finish records a report and wakes the episode's waiters once it is done
// or failed. A report still pending schedules a retry.
//
// A report says what the store holds (processBatch never reports a state
// it did not persist), so the queue keeps the episode's stored attempts
// and error. A pending report whose attempts did not grow used no attempt:
// the store was busy, or the failure could not be recorded. Its retry
// waits RetryDelay × 2^(n-1) for the n-th such run in a row, at most
// 32 × RetryDelay, so a busy store is retried soon and a broken one does
// not spin. A recorded failed attempt, the n-th, waits RetryDelay × 4^(n-1).
func (q *queue) finish(r EpisodeReport) {
	q.mu.Lock()
	defer q.mu.Unlock()
	defer q.changeLocked()
	k := episodeKey{r.GroupID, r.UUID}
	if r.Status == core.EpisodePending {
		i := slices.IndexFunc(q.pending[r.GroupID], func(ep core.Episode) bool { return ep.UUID == r.UUID })
		if i < 0 {
			return // deleted while it was processed
		}
		queued := &q.pending[r.GroupID][i]
		d := q.e.ingest.RetryDelay
		if r.Attempts > queued.Attempts {
			delete(q.setbacks, k)
			for range max(r.Attempts, 1) - 1 {
				d *= 4
			}
		} else {
			q.setbacks[k]++
			d <<= min(q.setbacks[k]-1, 5)
		}
		q.retryAt[k] = q.e.now().Add(d)
		queued.Attempts, queued.Error = r.Attempts, r.Error
	} else {
		delete(q.retryAt, k)
		delete(q.setbacks, k)
		// A flood's last episodes leave a short backlog too; only a
		// group that was light when it was queued counts.
		if _, ok := q.lightAt[r.GroupID]; ok && len(q.pending[r.GroupID]) <= lightBacklog {
			q.lightAt[r.GroupID] = q.e.now()
		}
		q.settleLocked(k)
		q.pending[r.GroupID] = slices.DeleteFunc(q.pending[r.GroupID], func(ep core.Episode) bool { return ep.UUID == r.UUID })
		if len(q.pending[r.GroupID]) == 0 {
			delete(q.pending, r.GroupID)
		}
	}
	q.keepLocked(r)
	if r.Status != core.EpisodePending {
		for _, ch := range q.waiters[k] {
			close(ch)
		}
		delete(q.waiters, k)
	}
}

// keepLocked keeps r as its episode's latest report, dropping the oldest
// reports past IngestOptions.Reports.
func (q *queue) keepLocked(r EpisodeReport) {
	k := episodeKey{r.GroupID, r.UUID}
	if _, ok := q.reports[k]; !ok {
		q.order = append(q.order, k)
	}
	q.reports[k] = r
	for len(q.order) > q.e.ingest.Reports {
		delete(q.reports, q.order[0])
		q.order = q.order[1:]
	}
}

// requeue puts episodes the store holds as pending again (a retry) back
// in the queue, due now; a report this process kept of them says pending.
func (q *queue) requeue(eps []core.Episode) {
	q.mu.Lock()
	for _, ep := range eps {
		k := episodeKey{ep.GroupID, ep.UUID}
		delete(q.retryAt, k)
		delete(q.setbacks, k)
		q.addLocked(ep)
		if _, ok := q.reports[k]; ok {
			q.reports[k] = EpisodeReport{UUID: ep.UUID, GroupID: ep.GroupID, Status: ep.Status, Error: ep.Error, Attempts: ep.Attempts}
		}
	}
	q.changeLocked()
	q.mu.Unlock()
	q.wake()
}

// waitFor registers a channel closed when the episode is done or failed;
// the returned func unregisters it.
func (q *queue) waitFor(group, uuid string) (<-chan struct{}, func()) {
	k := episodeKey{group, uuid}
	ch := make(chan struct{})
	q.mu.Lock()
	q.waiters[k] = append(q.waiters[k], ch)
	q.mu.Unlock()
	return ch, func() {
		q.mu.Lock()
		defer q.mu.Unlock()
		// finish may have closed and removed the list already.
		list := slices.DeleteFunc(q.waiters[k], func(c chan struct{}) bool { return c == ch })
		if len(list) == 0 {
			delete(q.waiters, k)
		} else {
			q.waiters[k] = list
		}
	}
}

// Report returns what became of an episode: the report of this process if
// it has one, else the stored status.
//
// An episode this process has queued is pending until its report is
// recorded, whatever the store says: a batch writes its episodes one by
// one and records their reports together at its end, so the store can
// call an episode done before its report, with the counts, exists. Taking
// the stored status then gave Wait a report without counts, and the ingest
// summary counted less on some runs than on others.
//
// The queue is looked at again after the store is read: the episode may
// have been queued and finished while the store was read, and its report
// then holds the counts the stored status lacks.
func (e *Engine) Report(ctx context.Context, group, uuid string) (EpisodeReport, error) {
	if r, ok, _ := e.q.reportOf(group, uuid); ok {
		return r, nil
	}
	ep, err := ingest.EpisodeOf(ctx, e.store, []string{group}, uuid)
	if err != nil {
		return EpisodeReport{}, err
	}
	r, ok, queued := e.q.reportOf(group, uuid)
	if ok {
		return r, nil
	}
	if queued {
		ep.Status = core.EpisodePending
	}
	return storedReport(ep), nil
}

// reportOf returns the report this process kept of an episode, if any,
// and whether the episode is queued.
func (q *queue) reportOf(group, uuid string) (EpisodeReport, bool, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	r, ok := q.reports[episodeKey{group, uuid}]
	queued := slices.ContainsFunc(q.pending[group], func(ep core.Episode) bool { return ep.UUID == uuid })
	return r, ok, queued
}

// Wait blocks until every episode is done or failed (or ctx ends) and
// returns their reports, in order.
func (e *Engine) Wait(ctx context.Context, group string, uuids ...string) ([]EpisodeReport, error) {
	out := make([]EpisodeReport, len(uuids))
	for i, id := range uuids {
		r, err := e.waitOne(ctx, group, id)
		if err != nil {
			return nil, err
		}
		out[i] = r
	}
	return out, nil
}

// waitOne waits for one episode. It registers its channel before reading
// the status, so a finish in between is not missed, and unregisters it on
// every return. With leases it also reads the stored status every second:
// an episode another host finished never reaches this host's queue (it
// was done before this host looked for pending episodes).
func (e *Engine) waitOne(ctx context.Context, group, id string) (EpisodeReport, error) {
	ch, done := e.q.waitFor(group, id)
	defer done()
	r, err := e.Report(ctx, group, id)
	if err != nil || r.Status != core.EpisodePending {
		return r, err
	}
	e.q.wake()
	// With leases another host may process the episode, and this one's
	// queue never finishes it: look at the store now and then.
	var look <-chan time.Time
	if e.leases != nil {
		t := time.NewTicker(min(e.ingest.AdoptEvery, time.Second))
		defer t.Stop()
		look = t.C
	}
	for {
		select {
		case <-ch:
			return e.Report(ctx, group, id)
		case <-look:
			if r, err := e.Report(ctx, group, id); err != nil || r.Status != core.EpisodePending {
				return r, err
			}
		case <-ctx.Done():
			return EpisodeReport{}, ctx.Err()
		case <-e.closed:
			return EpisodeReport{}, fmt.Errorf("wait for episode %s: %w", id, core.ErrClosed)
		}
	}
}
