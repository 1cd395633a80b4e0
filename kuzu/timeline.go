package kuzu

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/mnemohq/mnemo/core"
)

// timeline keeps each group's episodes in reference-time order, so that
// the episodes before one (the extraction context of every ingested
// episode) are found without a statement: Kuzu answers that question by
// scanning and sorting the group's episodes, 13 ms at 500 episodes and
// growing with every one. About 80 bytes an episode; loaded at Open and
// changed after each commit, like the catalog.
//
// It also keeps the rows of the episodes written most recently, up to
// recentBytes of content: the previous episodes of an episode being
// ingested are almost always among them, and reading an episode row by
// primary key costs 2 to 7 ms once its table holds many uncheckpointed
// status updates. Every commit keeps the cached rows exact: creations add
// rows, updates change the cached ones, deletions drop them.
type timeline struct {
	mu      sync.RWMutex
	byGroup map[string][]tlEntry

	recent      map[string]*core.Episode // by key (episodeKey)
	fifo        []string                 // recent's keys, oldest first
	recentBytes int
}

// recentLimit bounds the content bytes of the cached episode rows.
const recentLimit = 8 << 20

// tlEntry is an episode's place in its group's timeline: its valid_at in
// Unix microseconds, then its uuid.
type tlEntry struct {
	at   int64
	uuid string
}

func compareTL(a, b tlEntry) int {
	if c := cmp.Compare(a.at, b.at); c != 0 {
		return c
	}
	return cmp.Compare(a.uuid, b.uuid)
}

// tlChange is an episode a transaction created, updated (row) or deleted.
type tlChange struct {
	group string
	e     tlEntry
	del   bool
	// row is the episode as written: whole for a creation; for an update,
	// only the columns an update may set (name, source description,
	// status, attempts, error, warnings) are taken from it.
	row    *core.Episode
	update bool
}

func (p *pending) addEpisode(ep core.Episode) {
	ep.Embedding = nil
	ep.ValidAt, ep.CreatedAt = micro(ep.ValidAt), micro(ep.CreatedAt)
	p.timeline = append(p.timeline, tlChange{group: ep.GroupID, e: tlEntry{unixMicro(ep.ValidAt), ep.UUID}, row: &ep})
}

func (p *pending) updateEpisode(ep core.Episode) {
	ep.Embedding = nil
	p.timeline = append(p.timeline, tlChange{group: ep.GroupID, row: &ep, update: true})
}

func (p *pending) delEpisode(group, uuid string, at int64) {
	p.timeline = append(p.timeline, tlChange{group: group, e: tlEntry{at, uuid}, del: true})
}

func (t *timeline) load(ctx context.Context, c *conn) error {
	by := map[string][]tlEntry{}
	err := eachBatch(ctx, c, "MATCH (e:Episode) RETURN e.group_id, e.uuid, e.valid_at", func(r row) {
		g := str(r[0])
		by[g] = append(by[g], tlEntry{unixMicro(tm(r[2])), keep(str(r[1]))})
	})
	if err != nil {
		return fmt.Errorf("load episode timeline: %w", err)
	}
	for g := range by {
		slices.SortFunc(by[g], compareTL)
	}
	t.mu.Lock()
	t.byGroup = by
	// The database opened may not be the one whose rows are cached (a
	// restore, a rebuild from the journal).
	t.recent, t.fifo, t.recentBytes = nil, nil, 0
	t.mu.Unlock()
	return nil
}

// apply publishes a committed transaction's episode changes.
func (t *timeline) apply(p *pending) {
	if len(p.timeline) == 0 && len(p.drops) == 0 {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, g := range p.drops {
		for _, e := range t.byGroup[g] {
			t.forget(episodeKey(g, e.uuid))
		}
		delete(t.byGroup, g)
	}
	for _, ch := range p.timeline {
		if ch.update {
			if r, ok := t.recent[episodeKey(ch.row.GroupID, ch.row.UUID)]; ok {
				r.Name, r.SourceDescription, r.Status, r.Attempts, r.Error = ch.row.Name, ch.row.SourceDescription, ch.row.Status, ch.row.Attempts, ch.row.Error
				r.Warnings = slices.Clone(ch.row.Warnings)
			}
			continue
		}
		if ch.del {
			t.forget(episodeKey(ch.group, ch.e.uuid))
		} else if ch.row != nil {
			t.remember(ch.row)
		}
		list := t.byGroup[ch.group]
		i, found := slices.BinarySearchFunc(list, ch.e, compareTL)
		switch {
		case ch.del && found:
			list = slices.Delete(list, i, i+1)
		case !ch.del && !found:
			list = slices.Insert(list, i, ch.e)
		}
		if len(list) == 0 {
			delete(t.byGroup, ch.group)
		} else {
			t.byGroup[ch.group] = list
		}
	}
}

// before returns the uuids of the n episodes of group that come right
// before (at, uuid), oldest first.
func (t *timeline) before(group string, at int64, uuid string, n int) []string {
	t.mu.RLock()
	defer t.mu.RUnlock()
	list := t.byGroup[group]
	i, _ := slices.BinarySearchFunc(list, tlEntry{at, uuid}, compareTL)
	out := make([]string, 0, min(n, i))
	for _, e := range list[max(i-n, 0):i] {
		out = append(out, e.uuid)
	}
	return out
}

// remember caches an episode row, evicting the oldest beyond recentLimit.
// The caller holds t.mu for writing.
func (t *timeline) remember(ep *core.Episode) {
	if t.recent == nil {
		t.recent = map[string]*core.Episode{}
	}
	key := episodeKey(ep.GroupID, ep.UUID)
	if _, ok := t.recent[key]; ok || len(ep.Content) > recentLimit/16 {
		return
	}
	t.recent[key] = ep
	t.fifo = append(t.fifo, key)
	t.recentBytes += len(ep.Content)
	for t.recentBytes > recentLimit && len(t.fifo) > 0 {
		t.forget(t.fifo[0])
		t.fifo = t.fifo[1:]
	}
	if len(t.fifo) > 2*len(t.recent)+64 {
		t.fifo = slices.DeleteFunc(t.fifo, func(id string) bool { return t.recent[id] == nil })
	}
}

// forget drops a cached row by key (episodeKey; its fifo key stays until
// it comes up). The caller holds t.mu for writing.
func (t *timeline) forget(key string) {
	if ep, ok := t.recent[key]; ok {
		t.recentBytes -= len(ep.Content)
		delete(t.recent, key)
	}
}

// cached returns copies of the cached rows of the episodes ids of group,
// by uuid, and the ids not cached.
func (t *timeline) cached(group string, ids []string) (map[string]core.Episode, []string) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	hit := make(map[string]core.Episode, len(ids))
	var miss []string
	for _, id := range ids {
		if ep, ok := t.recent[episodeKey(group, id)]; ok {
			hit[id] = *ep
		} else {
			miss = append(miss, id)
		}
	}
	return hit, miss
}
