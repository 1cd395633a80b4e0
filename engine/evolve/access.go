package evolve

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// accessLog counts the objects searches return, in memory, and writes the
// counts to the store's records in batches: a search must stay a read, so
// counting never writes on the search's path. Counts are written every
// Config.FlushEvery, as soon as FlushSize objects have some waiting,
// before an Evolve run and at Close. A crash loses at most the counts of
// one period, which only makes importance slightly less exact.
//
// It is safe for concurrent use.
type accessLog struct {
	v *Evolver
	// rs is the store's record facility; nil when it has none, and then
	// nothing is counted.
	rs core.RecordStore

	mu      sync.Mutex
	pending map[string]map[string]*accessDelta // group → itemKey → delta
	size    int
	// kick asks the flusher to write now (FlushSize reached).
	kick chan struct{}

	// writeMu serialises the read-modify-write of item records (flushes,
	// feedback, scores).
	writeMu sync.Mutex

	// mentioned is when each object (group, itemKey) was last noted as
	// mentioned, so that mentions are counted to the mentionGrain (under
	// mu; emptied when it holds maxMentioned).
	mentioned map[string]time.Time
}

// mentionGrain is how finely mentions are counted: a mention within
// mentionGrain after one already noted is not noted again. An object
// stated over and over in a burst of episodes costs one record write, not
// one per flush, and its recency is off by at most mentionGrain of age
// (0.1% of its score at the default 30-day half-life).
const mentionGrain = time.Hour

// maxMentioned bounds accessLog.mentioned; past it the map starts over,
// which only costs writes.
const maxMentioned = 1 << 17

// accessDelta is what an object gained since the last flush.
type accessDelta struct {
	n                    int
	lastAccess, mentions time.Time
}

func newAccessLog(v *Evolver) *accessLog {
	rs, _ := v.store.(core.RecordStore)
	return &accessLog{v: v, rs: rs, pending: map[string]map[string]*accessDelta{}, kick: make(chan struct{}, 1), mentioned: map[string]time.Time{}}
}

// note adds to an object's pending delta: a search or context returned it
// (search), or an episode mentioned or stated it.
func (a *accessLog) note(group string, sc core.Scope, uuid string, at time.Time, search bool) {
	if a.rs == nil {
		return
	}
	a.mu.Lock()
	if !search {
		mk := group + "\x1f" + itemKey(sc, uuid)
		if last, ok := a.mentioned[mk]; ok && !at.Before(last) && at.Sub(last) < mentionGrain {
			a.mu.Unlock()
			return
		}
		if len(a.mentioned) >= maxMentioned {
			clear(a.mentioned)
		}
		a.mentioned[mk] = at
	}
	m := a.pending[group]
	if m == nil {
		m = map[string]*accessDelta{}
		a.pending[group] = m
	}
	k := itemKey(sc, uuid)
	d := m[k]
	if d == nil {
		d = &accessDelta{}
		m[k] = d
		a.size++
	}
	if search {
		d.n++
		if at.After(d.lastAccess) {
			d.lastAccess = at
		}
	} else if at.After(d.mentions) {
		d.mentions = at
	}
	full := a.size >= a.v.evolve.FlushSize
	a.mu.Unlock()
	if full {
		select {
		case a.kick <- struct{}{}:
		default:
		}
	}
}

// created notes that an episode created an object: evolution counts its
// creation as its first mention, so nothing is written, but a mention
// within mentionGrain after it is not noted either.
func (a *accessLog) created(group string, sc core.Scope, uuid string, at time.Time) {
	if a.rs == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.mentioned) >= maxMentioned {
		clear(a.mentioned)
	}
	a.mentioned[group+"\x1f"+itemKey(sc, uuid)] = at
}

// run writes pending counts until the engine closes: on a timer, and when
// note says the batch is full.
func (a *accessLog) run() {
	var tick <-chan time.Time
	if every := a.v.evolve.FlushEvery; every > 0 {
		t := time.NewTicker(every)
		defer t.Stop()
		tick = t.C
	}
	for {
		select {
		case <-a.v.closed:
			return
		case <-tick:
		case <-a.kick:
		}
		if err := a.flush(context.Background()); err != nil {
			a.v.log.Warn("write access counts", "err", err)
		}
	}
}

// flush writes every pending delta, group by group. A group whose write
// fails keeps its deltas for the next flush.
func (a *accessLog) flush(ctx context.Context) error {
	if a.rs == nil {
		return nil
	}
	a.mu.Lock()
	taken := a.pending
	a.pending, a.size = map[string]map[string]*accessDelta{}, 0
	a.mu.Unlock()
	var firstErr error
	for _, group := range slices.Sorted(maps.Keys(taken)) {
		deltas := taken[group]
		err := a.update(ctx, group, slices.Collect(maps.Keys(deltas)), func(k string, s *itemStats) {
			d := deltas[k]
			s.N += d.n
			if d.lastAccess.After(s.LastAccess) {
				s.LastAccess = d.lastAccess
			}
			if d.mentions.After(s.LastMention) {
				s.LastMention = d.mentions
			}
		})
		if err != nil {
			a.restore(group, deltas)
			if firstErr == nil {
				firstErr = fmt.Errorf("write access counts of group %s: %w", group, err)
			}
		}
	}
	return firstErr
}

// restore puts back deltas a failed flush took.
func (a *accessLog) restore(group string, deltas map[string]*accessDelta) {
	a.mu.Lock()
	defer a.mu.Unlock()
	m := a.pending[group]
	if m == nil {
		m = map[string]*accessDelta{}
		a.pending[group] = m
	}
	for k, d := range deltas {
		if cur := m[k]; cur != nil {
			cur.n += d.n
			if d.lastAccess.After(cur.lastAccess) {
				cur.lastAccess = d.lastAccess
			}
			if d.mentions.After(cur.mentions) {
				cur.mentions = d.mentions
			}
			continue
		}
		m[k] = d
		a.size++
	}
}

// update reads the item records keys of group, lets change modify each
// (a missing one starts empty), and writes them back in one transaction.
func (a *accessLog) update(ctx context.Context, group string, keys []string, change func(key string, s *itemStats)) error {
	if a.rs == nil {
		return fmt.Errorf("evolve: %w: the store keeps no records", core.ErrUnsupported)
	}
	a.writeMu.Lock()
	defer a.writeMu.Unlock()
	const batch = 1000
	for len(keys) > 0 {
		part := keys[:min(batch, len(keys))]
		keys = keys[len(part):]
		old, err := a.read(ctx, []string{group}, part)
		if err != nil {
			return err
		}
		out := make([]core.Record, 0, len(part))
		for _, k := range part {
			s := old[group][k]
			change(k, &s)
			b, err := json.Marshal(s)
			if err != nil {
				return fmt.Errorf("encode item record: %w", err)
			}
			out = append(out, core.Record{GroupID: group, Kind: recordItem, ID: k, Data: b})
		}
		if err := a.rs.PutRecords(ctx, out); err != nil {
			return fmt.Errorf("write item records: %w", err)
		}
	}
	return nil
}

// read returns the stored item records of groups, by group and key: those
// of keys, or all of them when keys is nil.
func (a *accessLog) read(ctx context.Context, groups, keys []string) (map[string]map[string]itemStats, error) {
	rs, err := a.rs.Records(ctx, core.RecordQuery{Kind: recordItem, Groups: groups, IDs: keys})
	if err != nil {
		return nil, fmt.Errorf("read item records: %w", err)
	}
	out := map[string]map[string]itemStats{}
	for _, r := range rs {
		var s itemStats
		if err := json.Unmarshal(r.Data, &s); err != nil {
			return nil, fmt.Errorf("decode item record %s: %w", r.ID, err)
		}
		if out[r.GroupID] == nil {
			out[r.GroupID] = map[string]itemStats{}
		}
		out[r.GroupID][r.ID] = s
	}
	return out, nil
}

// load returns every item record of group, by key.
func (a *accessLog) load(ctx context.Context, group string) (map[string]itemStats, error) {
	m, err := a.read(ctx, []string{group}, nil)
	if err != nil {
		return nil, err
	}
	return m[group], nil
}

// saveScores keeps each item's importance in its record.
func (a *accessLog) saveScores(ctx context.Context, group string, items []*scoredItem) error {
	score := make(map[string]float64, len(items))
	keys := make([]string, 0, len(items))
	for _, it := range items {
		k := itemKey(it.scope, it.uuid)
		score[k] = it.importance
		keys = append(keys, k)
	}
	return a.update(ctx, group, keys, func(k string, s *itemStats) {
		v := score[k]
		s.Importance = &v
	})
}

// importance returns the last scored importance of the objects of scope
// among uuids, by uuid, for rerankers. An object never scored is absent.
func (a *accessLog) importance(ctx context.Context, groups []string, sc core.Scope, uuids []string) (map[string]float64, error) {
	out := map[string]float64{}
	if a.rs == nil || len(uuids) == 0 {
		return out, nil
	}
	keys := make([]string, len(uuids))
	for i, id := range uuids {
		keys[i] = itemKey(sc, id)
	}
	m, err := a.read(ctx, groups, keys)
	if err != nil {
		return nil, err
	}
	for _, byKey := range m {
		for k, s := range byKey {
			if s.Importance != nil {
				out[k[2:]] = *s.Importance
			}
		}
	}
	return out, nil
}
