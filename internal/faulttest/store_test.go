package faulttest

import (
	"context"
	"sync"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
)

// faultStore is a core.Store that passes every call to a kuzu store,
// failing the calls its rule picks. Each call of a method the pipeline may
// use is a step, numbered from zero since the last arm.
type faultStore struct {
	*kuzu.Store

	mu    sync.Mutex
	armed bool
	steps []string
	// rule returns the error to inject at step n, a call of method (nil:
	// pass the call through).
	rule  func(n int, method string) error
	fired chan struct{} // closed at the first injected error
	// refuse, when set, returns the error Apply answers for a change
	// (nil: write it), whether or not the store is armed.
	refuse func(core.Change) error
}

func newFaultStore(s *kuzu.Store) *faultStore { return &faultStore{Store: s} }

var _ core.Store = (*faultStore)(nil)

// arm starts numbering steps from zero and applies rule (nil records
// only).
func (f *faultStore) arm(rule func(n int, method string) error) <-chan struct{} {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.armed, f.steps, f.rule, f.fired = true, nil, rule, make(chan struct{})
	return f.fired
}

// disarm stops injecting and returns the steps since arm.
func (f *faultStore) disarm() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.armed, f.rule = false, nil
	return f.steps
}

// probe marks the context of the test's own calls (Wait, Report, Retry):
// they are not steps of the pipeline.
type probe struct{}

// probing returns ctx marked as the test's own.
func probing(ctx context.Context) context.Context { return context.WithValue(ctx, probe{}, true) }

// step records a call and returns the error to inject, if any.
func (f *faultStore) step(ctx context.Context, method string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.armed || ctx.Value(probe{}) != nil {
		return nil
	}
	n := len(f.steps)
	f.steps = append(f.steps, method)
	if f.rule == nil {
		return nil
	}
	err := f.rule(n, method)
	if err != nil {
		select {
		case <-f.fired:
		default:
			close(f.fired)
		}
	}
	return err
}

// EpisodeStore.

func (f *faultStore) AddEpisodes(ctx context.Context, eps []core.Episode) ([]bool, error) {
	if err := f.step(ctx, "AddEpisodes"); err != nil {
		return nil, err
	}
	return f.Store.AddEpisodes(ctx, eps)
}

func (f *faultStore) Episode(ctx context.Context, groups []string, uuid string) (core.Episode, error) {
	if err := f.step(ctx, "Episode"); err != nil {
		return core.Episode{}, err
	}
	return f.Store.Episode(ctx, groups, uuid)
}

func (f *faultStore) Episodes(ctx context.Context, groups, uuids []string, o core.GetOptions) ([]core.Episode, error) {
	if err := f.step(ctx, "Episodes"); err != nil {
		return nil, err
	}
	return f.Store.Episodes(ctx, groups, uuids, o)
}

func (f *faultStore) ListEpisodes(ctx context.Context, group string, o core.ListOptions) (core.Page[core.Episode], error) {
	if err := f.step(ctx, "ListEpisodes"); err != nil {
		return core.Page[core.Episode]{}, err
	}
	return f.Store.ListEpisodes(ctx, group, o)
}

func (f *faultStore) PendingGroups(ctx context.Context) ([]string, error) {
	if err := f.step(ctx, "PendingGroups"); err != nil {
		return nil, err
	}
	return f.Store.PendingGroups(ctx)
}

func (f *faultStore) PendingEpisodes(ctx context.Context, group string, limit int) ([]core.Episode, error) {
	if err := f.step(ctx, "PendingEpisodes"); err != nil {
		return nil, err
	}
	return f.Store.PendingEpisodes(ctx, group, limit)
}

func (f *faultStore) PreviousEpisodes(ctx context.Context, ep core.Episode, n int) ([]core.Episode, error) {
	if err := f.step(ctx, "PreviousEpisodes"); err != nil {
		return nil, err
	}
	return f.Store.PreviousEpisodes(ctx, ep, n)
}

func (f *faultStore) EpisodeLinks(ctx context.Context, groups []string, uuid string) (core.Links, error) {
	if err := f.step(ctx, "EpisodeLinks"); err != nil {
		return core.Links{}, err
	}
	return f.Store.EpisodeLinks(ctx, groups, uuid)
}

// EntityStore.

func (f *faultStore) Entities(ctx context.Context, groups, uuids []string, o core.GetOptions) ([]core.Entity, error) {
	if err := f.step(ctx, "Entities"); err != nil {
		return nil, err
	}
	return f.Store.Entities(ctx, groups, uuids, o)
}

func (f *faultStore) EntityNames(ctx context.Context, groups, uuids []string) (map[string]string, error) {
	if err := f.step(ctx, "EntityNames"); err != nil {
		return nil, err
	}
	return f.Store.EntityNames(ctx, groups, uuids)
}

func (f *faultStore) ListEntities(ctx context.Context, group string, o core.ListOptions) (core.Page[core.Entity], error) {
	if err := f.step(ctx, "ListEntities"); err != nil {
		return core.Page[core.Entity]{}, err
	}
	return f.Store.ListEntities(ctx, group, o)
}

func (f *faultStore) EntitiesByName(ctx context.Context, group string, keys []string) ([]core.Entity, error) {
	if err := f.step(ctx, "EntitiesByName"); err != nil {
		return nil, err
	}
	return f.Store.EntitiesByName(ctx, group, keys)
}

func (f *faultStore) EntityEpisodes(ctx context.Context, groups []string, uuid string) ([]string, error) {
	if err := f.step(ctx, "EntityEpisodes"); err != nil {
		return nil, err
	}
	return f.Store.EntityEpisodes(ctx, groups, uuid)
}

func (f *faultStore) EntityReferences(ctx context.Context, group string, uuids []string) (map[string]core.References, error) {
	if err := f.step(ctx, "EntityReferences"); err != nil {
		return nil, err
	}
	return f.Store.EntityReferences(ctx, group, uuids)
}

// FactStore.

func (f *faultStore) Facts(ctx context.Context, groups, uuids []string, o core.GetOptions) ([]core.Fact, error) {
	if err := f.step(ctx, "Facts"); err != nil {
		return nil, err
	}
	return f.Store.Facts(ctx, groups, uuids, o)
}

func (f *faultStore) ListFacts(ctx context.Context, group string, o core.ListOptions) (core.Page[core.Fact], error) {
	if err := f.step(ctx, "ListFacts"); err != nil {
		return core.Page[core.Fact]{}, err
	}
	return f.Store.ListFacts(ctx, group, o)
}

func (f *faultStore) FactsBetween(ctx context.Context, group, a, b string) ([]core.Fact, error) {
	if err := f.step(ctx, "FactsBetween"); err != nil {
		return nil, err
	}
	return f.Store.FactsBetween(ctx, group, a, b)
}

func (f *faultStore) FactsOfEntities(ctx context.Context, group string, uuids []string, limit int) ([]core.Fact, error) {
	if err := f.step(ctx, "FactsOfEntities"); err != nil {
		return nil, err
	}
	return f.Store.FactsOfEntities(ctx, group, uuids, limit)
}

func (f *faultStore) FactHistoryOfEntities(ctx context.Context, group string, uuids []string) ([]core.Fact, error) {
	if err := f.step(ctx, "FactHistoryOfEntities"); err != nil {
		return nil, err
	}
	return f.Store.FactHistoryOfEntities(ctx, group, uuids)
}

func (f *faultStore) FactsInvalidatedBy(ctx context.Context, group string, by []string) ([]core.Fact, error) {
	if err := f.step(ctx, "FactsInvalidatedBy"); err != nil {
		return nil, err
	}
	return f.Store.FactsInvalidatedBy(ctx, group, by)
}

// CommunityStore.

func (f *faultStore) Communities(ctx context.Context, groups, uuids []string, o core.GetOptions) ([]core.Community, error) {
	if err := f.step(ctx, "Communities"); err != nil {
		return nil, err
	}
	return f.Store.Communities(ctx, groups, uuids, o)
}

func (f *faultStore) ListCommunities(ctx context.Context, group string, o core.ListOptions) (core.Page[core.Community], error) {
	if err := f.step(ctx, "ListCommunities"); err != nil {
		return core.Page[core.Community]{}, err
	}
	return f.Store.ListCommunities(ctx, group, o)
}

func (f *faultStore) EntityGraph(ctx context.Context, group string) (core.EntityGraph, error) {
	if err := f.step(ctx, "EntityGraph"); err != nil {
		return core.EntityGraph{}, err
	}
	return f.Store.EntityGraph(ctx, group)
}

func (f *faultStore) CommunitiesOf(ctx context.Context, group string, entities []string) (map[string]string, error) {
	if err := f.step(ctx, "CommunitiesOf"); err != nil {
		return nil, err
	}
	return f.Store.CommunitiesOf(ctx, group, entities)
}

// Writer.

func (f *faultStore) Apply(ctx context.Context, c core.Change) error {
	if err := f.step(ctx, "Apply"); err != nil {
		return err
	}
	f.mu.Lock()
	refuse := f.refuse
	f.mu.Unlock()
	if refuse != nil {
		if err := refuse(c); err != nil {
			return err
		}
	}
	return f.Store.Apply(ctx, c)
}

func (f *faultStore) DeleteGroup(ctx context.Context, group string) (core.Deleted, error) {
	if err := f.step(ctx, "DeleteGroup"); err != nil {
		return core.Deleted{}, err
	}
	return f.Store.DeleteGroup(ctx, group)
}

// Searcher.

func (f *faultStore) VectorSearch(ctx context.Context, q core.SearchQuery) ([]core.Hit, error) {
	if err := f.step(ctx, "VectorSearch"); err != nil {
		return nil, err
	}
	return f.Store.VectorSearch(ctx, q)
}

func (f *faultStore) TextSearch(ctx context.Context, q core.SearchQuery) ([]core.Hit, error) {
	if err := f.step(ctx, "TextSearch"); err != nil {
		return nil, err
	}
	return f.Store.TextSearch(ctx, q)
}

func (f *faultStore) Traverse(ctx context.Context, q core.TraverseQuery) ([]core.Hit, error) {
	if err := f.step(ctx, "Traverse"); err != nil {
		return nil, err
	}
	return f.Store.Traverse(ctx, q)
}

func (f *faultStore) Distances(ctx context.Context, groups []string, center string, entities []string, maxHops int) (map[string]int, error) {
	if err := f.step(ctx, "Distances"); err != nil {
		return nil, err
	}
	return f.Store.Distances(ctx, groups, center, entities, maxHops)
}

func (f *faultStore) MentionCounts(ctx context.Context, scope core.Scope, groups, uuids []string) (map[string]int, error) {
	if err := f.step(ctx, "MentionCounts"); err != nil {
		return nil, err
	}
	return f.Store.MentionCounts(ctx, scope, groups, uuids)
}

// Stats is the test's own read: not a step.
func (f *faultStore) Stats(ctx context.Context, group string) (core.Stats, error) {
	return f.Store.Stats(ctx, group)
}
