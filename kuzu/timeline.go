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
// growing with every one. Loaded at Open and changed after each commit,
// like the catalog.
//
// It also keeps every episode's row but its content (tlRow), so that
// reading an episode asks Kuzu for the content alone: each string column
// of a node found by its key costs Kuzu about 20 us, and an episode's
// twelve columns took 490 us a lookup where its content alone took 180
// (bench-search's 50,000 episodes, under load). A search reads up to ten
// episodes, and each write of an episode checks its stored row. About 280
// bytes an episode with its place in the order (50,000 rows measured: 278;
// the order alone took about 80).
//
// And it keeps the content of the episodes written most recently, up to
// recentLimit bytes: the previous episodes of an episode being ingested
// are almost always among them, and reading an episode by primary key
// costs 2 to 7 ms once its table holds many uncheckpointed status
// updates. Every commit keeps rows and contents exact: creations add
// them, updates change the rows, deletions drop both.
type timeline struct {
	mu      sync.RWMutex
	byGroup map[string][]tlEntry
	// rows holds every episode's row but its content, by group and uuid.
	rows map[string]map[string]*tlRow
	// strs interns sources, statuses and trust levels, which few values
	// repeat.
	strs interner

	recent      map[string]string // content by key (episodeKey)
	fifo        []string          // recent's keys, oldest first
	recentBytes int
}

// tlRow is an episode's row without its uuid, group and content; times
// are Unix microseconds (unixMicro) and warnings joined (joinWarnings), as
// Kuzu stores them.
type tlRow struct {
	name, sdesc, err, warnings string
	source, status, trust      string
	validAt, createdAt         int64
	attempts                   int64
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

// timelineCols are the columns load reads: episodeCols but the content.
const timelineCols = "e.group_id, e.uuid, e.valid_at, e.name, e.source, e.source_description, e.created_at, e.status, e.attempts, e.error, e.warnings, e.trust"

func (t *timeline) load(ctx context.Context, c *conn) error {
	by := map[string][]tlEntry{}
	rows := map[string]map[string]*tlRow{}
	strs := interner{}
	intern := strs.of
	err := eachBatch(ctx, c, "MATCH (e:Episode) RETURN "+timelineCols, func(r row) {
		g, uuid := intern(str(r[0])), keep(str(r[1]))
		at := unixMicro(tm(r[2]))
		by[g] = append(by[g], tlEntry{at, uuid})
		if rows[g] == nil {
			rows[g] = map[string]*tlRow{}
		}
		rows[g][uuid] = &tlRow{
			name: keep(str(r[3])), source: intern(str(r[4])), sdesc: keep(str(r[5])), validAt: at, createdAt: unixMicro(tm(r[6])),
			status: intern(str(r[7])), attempts: i64(r[8]), err: keep(str(r[9])), warnings: keep(str(r[10])), trust: intern(str(r[11])),
		}
	})
	if err != nil {
		return fmt.Errorf("load episode timeline: %w", err)
	}
	for g := range by {
		slices.SortFunc(by[g], compareTL)
	}
	t.mu.Lock()
	t.byGroup, t.rows, t.strs = by, rows, strs
	// The database opened may not be the one whose contents are cached
	// (a restore, a rebuild from the journal).
	t.recent, t.fifo, t.recentBytes = nil, nil, 0
	t.mu.Unlock()
	return nil
}

func (t *timeline) intern(s string) string {
	if t.strs == nil {
		t.strs = interner{}
	}
	return t.strs.of(s)
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
		delete(t.rows, g)
	}
	for _, ch := range p.timeline {
		if ch.update {
			if r := t.rows[ch.row.GroupID][ch.row.UUID]; r != nil {
				ep := ch.row
				r.name, r.sdesc, r.status, r.attempts, r.err = ep.Name, ep.SourceDescription, t.intern(string(ep.Status)), int64(ep.Attempts), ep.Error
				r.warnings = joinWarnings(ep.Warnings)
			}
			continue
		}
		list := t.byGroup[ch.group]
		i, found := slices.BinarySearchFunc(list, ch.e, compareTL)
		if ch.del {
			t.forget(episodeKey(ch.group, ch.e.uuid))
			delete(t.rows[ch.group], ch.e.uuid)
			if len(t.rows[ch.group]) == 0 {
				delete(t.rows, ch.group)
			}
			if found {
				list = slices.Delete(list, i, i+1)
			}
		} else {
			uuid := ch.e.uuid
			if found {
				uuid = list[i].uuid
			} else {
				uuid = keep(uuid)
				list = slices.Insert(list, i, tlEntry{ch.e.at, uuid})
			}
			if t.rows[ch.group] == nil {
				t.rows[ch.group] = map[string]*tlRow{}
			}
			ep := ch.row
			t.rows[ch.group][uuid] = &tlRow{
				name: ep.Name, source: t.intern(string(ep.Source)), sdesc: ep.SourceDescription, validAt: unixMicro(ep.ValidAt),
				createdAt: unixMicro(ep.CreatedAt), status: t.intern(string(ep.Status)), attempts: int64(ep.Attempts), err: ep.Error,
				warnings: joinWarnings(ep.Warnings), trust: t.intern(ep.Trust),
			}
			t.remember(episodeKey(ch.group, uuid), ep.Content)
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

// remember caches an episode's content, evicting the oldest beyond
// recentLimit. The caller holds t.mu for writing.
func (t *timeline) remember(key, content string) {
	if t.recent == nil {
		t.recent = map[string]string{}
	}
	if _, ok := t.recent[key]; ok || len(content) > recentLimit/16 {
		return
	}
	t.recent[key] = content
	t.fifo = append(t.fifo, key)
	t.recentBytes += len(content)
	for t.recentBytes > recentLimit && len(t.fifo) > 0 {
		t.forget(t.fifo[0])
		t.fifo = t.fifo[1:]
	}
	if len(t.fifo) > 2*len(t.recent)+64 {
		t.fifo = slices.DeleteFunc(t.fifo, func(k string) bool { _, ok := t.recent[k]; return !ok })
	}
}

// forget drops a cached content by key (episodeKey; its fifo key stays
// until it comes up). The caller holds t.mu for writing.
func (t *timeline) forget(key string) {
	if c, ok := t.recent[key]; ok {
		t.recentBytes -= len(c)
		delete(t.recent, key)
	}
}

// episodes returns the episodes of groups among uuids, in the order of
// keysOf("Episode", groups, uuids), with their contents where cached, and
// the indexes of those whose contents are not.
func (t *timeline) episodes(groups, uuids []string) (eps []core.Episode, uncached []int) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	for _, g := range uniq(groups) {
		rows := t.rows[g]
		if rows == nil {
			continue
		}
		for _, id := range uuids {
			r := rows[id]
			if r == nil {
				continue
			}
			ep := r.episode(g, id)
			var ok bool
			if ep.Content, ok = t.recent[episodeKey(g, id)]; !ok {
				uncached = append(uncached, len(eps))
			}
			eps = append(eps, ep)
		}
	}
	return eps, uncached
}

// episode is the row as the episode it holds, without its content.
func (r *tlRow) episode(group, uuid string) core.Episode {
	return core.Episode{
		UUID: uuid, GroupID: group, Name: r.name, Source: core.Source(r.source), SourceDescription: r.sdesc,
		ValidAt: fromMicro(r.validAt), CreatedAt: fromMicro(r.createdAt), Status: core.EpisodeStatus(r.status),
		Attempts: int(r.attempts), Error: r.err, Warnings: splitWarnings(r.warnings), Trust: r.trust,
	}
}
