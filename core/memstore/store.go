package memstore

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Store is a core.Store held in memory. The zero value is not usable; call
// New.
//
// A Store is safe for concurrent use: reads share a read lock, writes take
// the write lock, so a write is seen whole or not at all. Every slice and
// map a method returns is a fresh copy that belongs to the caller, and the
// store keeps copies of what it is given. Close drops the data; every
// method then fails with core.ErrClosed.
type Store struct {
	dim int

	mu     sync.RWMutex
	closed bool
	// groups holds each group's objects; a group with no object has no
	// partition.
	groups map[string]*partition
	// owner maps the uuids of entities, facts and communities to their
	// group: those uuids are unique per kind across groups, as in Kuzu, so
	// another group's uuid is a conflict and never a second object.
	// Episodes are not in it: an episode's uuid may be chosen by a client,
	// and each group holds its own episodes (as Kuzu keys them by group
	// and uuid), so that a group never learns that another holds a uuid.
	owner map[core.Scope]map[string]string
	// records holds the records of every group (core.RecordStore).
	records map[recordKey]json.RawMessage
}

var _ core.Store = (*Store)(nil)

// New returns an empty store for embeddings of the given dimension. It
// panics if dimension is not positive: that is a programmer's error, not
// input.
func New(dimension int) *Store {
	if dimension <= 0 {
		panic(fmt.Sprintf("memstore: embedding dimension %d is not positive", dimension))
	}
	s := &Store{dim: dimension, groups: map[string]*partition{}, owner: map[core.Scope]map[string]string{}, records: map[recordKey]json.RawMessage{}}
	for _, sc := range core.Scopes {
		s.owner[sc] = map[string]string{}
	}
	return s
}

// partition is one group's objects, its links and its text indexes.
type partition struct {
	episodes    map[string]*episode
	entities    map[string]*entity
	facts       map[string]*fact
	communities map[string]*community
	text        map[core.Scope]*textIndex
}

func newPartition() *partition {
	p := &partition{
		episodes: map[string]*episode{}, entities: map[string]*entity{},
		facts: map[string]*fact{}, communities: map[string]*community{},
		text: map[core.Scope]*textIndex{},
	}
	for _, sc := range core.Scopes {
		p.text[sc] = newTextIndex()
	}
	return p
}

func (p *partition) empty() bool {
	return len(p.episodes) == 0 && len(p.entities) == 0 && len(p.facts) == 0 && len(p.communities) == 0
}

// episode is a stored episode with its links: the entities it mentions
// (MENTIONS) and the facts it states (STATES).
type episode struct {
	core.Episode
	mentions map[string]bool
	states   map[string]bool
}

// entity is a stored entity with the episodes that mention it and the
// facts that have it as an end.
type entity struct {
	core.Entity
	// nameKey and acronym are core.NormalizeName and core.Acronym of the
	// name (EntitiesByName).
	nameKey, acronym string
	mentionedBy      map[string]bool
	facts            map[string]bool
}

// fact is a stored fact. Its Episodes field is not kept: statedBy holds
// the provenance, ordered on every read (orderedEpisodes).
type fact struct {
	core.Fact
	statedBy map[string]bool
}

// community is a stored community; its Members are kept sorted.
type community struct {
	core.Community
}

// Dimension implements core.Store.
func (s *Store) Dimension() int { return s.dim }

// Close implements core.Store: it drops the data. It is idempotent and
// never fails.
func (s *Store) Close(context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	s.groups, s.owner, s.records = nil, nil, nil
	return nil
}

var errClosed = fmt.Errorf("memstore: %w", core.ErrClosed)

// read runs f under the read lock, once ctx and the store allow it.
func (s *Store) read(ctx context.Context, f func() error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return errClosed
	}
	return f()
}

// write runs f under the write lock, once ctx and the store allow it.
// f validates everything before it changes anything, so an error leaves
// the store as it was.
func (s *Store) write(ctx context.Context, f func() error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return errClosed
	}
	return f()
}

// prune drops group's partition if it holds nothing any more. The caller
// holds the write lock.
func (s *Store) prune(group string) {
	if p := s.groups[group]; p != nil && p.empty() {
		delete(s.groups, group)
	}
}

// part returns group's partition, nil when the group holds nothing.
func (s *Store) part(group string) *partition { return s.groups[group] }

// partFor returns group's partition, creating it.
func (s *Store) partFor(group string) *partition {
	p := s.groups[group]
	if p == nil {
		p = newPartition()
		s.groups[group] = p
	}
	return p
}

// Stats implements core.Store. CurrentFacts counts the facts not expired.
func (s *Store) Stats(ctx context.Context, group string) (core.Stats, error) {
	var st core.Stats
	if err := core.ValidateGroupID(group); err != nil {
		return st, err
	}
	err := s.read(ctx, func() error {
		p := s.part(group)
		if p == nil {
			return nil
		}
		for _, e := range p.episodes {
			st.Episodes++
			switch e.Status {
			case core.EpisodePending:
				st.PendingEpisodes++
			case core.EpisodeFailed:
				st.FailedEpisodes++
			}
		}
		st.Entities = len(p.entities)
		for _, f := range p.facts {
			st.Facts++
			if f.ExpiredAt.IsZero() {
				st.CurrentFacts++
			}
		}
		st.Communities = len(p.communities)
		return nil
	})
	return st, err
}

// Groups implements core.Store: the groups that hold at least one
// episode, sorted.
func (s *Store) Groups(ctx context.Context) ([]string, error) {
	var out []string
	err := s.read(ctx, func() error {
		for g, p := range s.groups {
			if len(p.episodes) > 0 {
				out = append(out, g)
			}
		}
		slices.Sort(out)
		return nil
	})
	return out, err
}

// ---- validation ----

// checkQuery validates a query vector: core's rule for embeddings, and
// not missing.
func (s *Store) checkQuery(v []float32) error {
	if v == nil {
		return fmt.Errorf("%w: the query vector is missing", core.ErrInvalid)
	}
	return core.ValidateVector("query vector", v, s.dim)
}

// ---- copies ----

// micro is what the store keeps of a time, as Kuzu does: UTC, to the
// microsecond; the zero time stays zero.
func micro(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC().Truncate(time.Microsecond)
}

// cloneAttrs deep-copies attributes (JSON-like values: maps, slices,
// scalars); an empty map becomes nil, as Kuzu reads it back.
func cloneAttrs(m map[string]any) map[string]any {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = cloneValue(v)
	}
	return out
}

func cloneValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, v := range x {
			out[k] = cloneValue(v)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, v := range x {
			out[i] = cloneValue(v)
		}
		return out
	}
	return v
}

// cloneStrings copies a slice; an empty one becomes nil.
func cloneStrings(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return slices.Clone(s)
}

// cloneVec copies an embedding when embeddings are asked for.
func cloneVec(v []float32, with bool) []float32 {
	if !with || v == nil {
		return nil
	}
	return slices.Clone(v)
}
