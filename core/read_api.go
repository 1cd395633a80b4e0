package core

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// The reads the surfaces (HTTP, MCP, CLI) make. Each names the groups the
// caller may see; the engine checks their ids, and keeps only the rows of
// those groups whatever the store returns: a read for group A never shows
// B's data, even from a store that breaks its contract (the engine logs
// such a row as an error and drops it). Which groups a caller may see is
// the surface's business (API keys); what a group id is and what a read of
// it returns is the engine's.

// Groups lists the groups that hold episodes, in ascending order.
func (e *Engine) Groups(ctx context.Context) ([]string, error) {
	if err := e.checkOpen(); err != nil {
		return nil, err
	}
	gs, err := e.store.Groups(ctx)
	if err != nil {
		return nil, fmt.Errorf("list groups: %w", err)
	}
	slices.Sort(gs)
	return slices.Compact(gs), nil
}

// Health reports whether the engine is open and its store answers a read.
func (e *Engine) Health(ctx context.Context) error {
	if err := e.checkOpen(); err != nil {
		return err
	}
	if _, err := e.store.PendingGroups(ctx); err != nil {
		return fmt.Errorf("read the store: %w", err)
	}
	if w, ok := e.store.(writeHealther); ok {
		if err := w.WriteHealth(); err != nil {
			return fmt.Errorf("the store cannot write: %w", err)
		}
	}
	return nil
}

// writeHealther is a Store that can find itself unable to write (a full
// or failing disk) while it still reads.
type writeHealther interface {
	// WriteHealth returns why writes fail now (wrapping ErrStorage), nil
	// while they succeed.
	WriteHealth() error
}

// Stats counts what a group holds.
func (e *Engine) Stats(ctx context.Context, group string) (Stats, error) {
	if err := e.readable(group); err != nil {
		return Stats{}, err
	}
	return e.store.Stats(ctx, group)
}

// Episode reads one episode of groups. An episode of no group among them
// is ErrNotFound.
func (e *Engine) Episode(ctx context.Context, groups []string, uuid string) (Episode, error) {
	if err := e.readable(groups...); err != nil {
		return Episode{}, err
	}
	if len(groups) == 0 {
		return Episode{}, fmt.Errorf("episode %s: %w", uuid, ErrNotFound)
	}
	ep, err := episodeOf(ctx, e.store, groups, uuid)
	if err != nil {
		return Episode{}, err
	}
	if !e.inGroups(groups, ep.GroupID, "episode", ep.UUID) {
		return Episode{}, fmt.Errorf("episode %s: %w", uuid, ErrNotFound)
	}
	return ep, nil
}

// RecentEpisodes returns the n latest episodes of a group by reference
// time, up to now (an episode dated in the future is not recent yet),
// oldest first.
func (e *Engine) RecentEpisodes(ctx context.Context, group string, n int) ([]Episode, error) {
	if err := e.readable(group); err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, invalidf("recent episodes: n is %d, want at least 1", n)
	}
	eps, err := e.latestEpisodes(ctx, group, e.now(), n)
	if err != nil {
		return nil, err
	}
	return keep(e, []string{group}, eps, "episode", func(ep Episode) (string, string) { return ep.GroupID, ep.UUID }), nil
}

// latestEpisodes returns up to n episodes of a group whose reference time
// is at or before at, oldest first: the episodes before (at, a uuid after
// every uuid) in the store's (reference time, uuid) order.
func (e *Engine) latestEpisodes(ctx context.Context, group string, at time.Time, n int) ([]Episode, error) {
	eps, err := e.store.PreviousEpisodes(ctx, Episode{GroupID: group, UUID: "~", ValidAt: at}, n)
	if err != nil {
		return nil, fmt.Errorf("read latest episodes: %w", err)
	}
	return eps, nil
}

// EpisodeLinks returns the uuids of the entities an episode of group
// mentions and of the facts it states.
func (e *Engine) EpisodeLinks(ctx context.Context, group, uuid string) (Links, error) {
	if err := e.readable(group); err != nil {
		return Links{}, err
	}
	return e.store.EpisodeLinks(ctx, []string{group}, uuid)
}

// EpisodeFacts returns the facts an episode of group states, invalidated
// and expired ones included.
func (e *Engine) EpisodeFacts(ctx context.Context, group, uuid string) ([]Fact, error) {
	links, err := e.EpisodeLinks(ctx, group, uuid)
	if err != nil {
		return nil, err
	}
	if len(links.Facts) == 0 {
		return nil, nil
	}
	fs, err := e.store.Facts(ctx, []string{group}, links.Facts, GetOptions{})
	if err != nil {
		return nil, fmt.Errorf("read the facts of episode %s: %w", uuid, err)
	}
	return keep(e, []string{group}, fs, "fact", factGroup), nil
}

// EpisodeEntities returns the entities an episode of group mentions, in no
// particular order.
func (e *Engine) EpisodeEntities(ctx context.Context, group, uuid string) ([]Entity, error) {
	links, err := e.EpisodeLinks(ctx, group, uuid)
	if err != nil {
		return nil, err
	}
	if len(links.Entities) == 0 {
		return nil, nil
	}
	ents, err := e.store.Entities(ctx, []string{group}, links.Entities, GetOptions{})
	if err != nil {
		return nil, fmt.Errorf("read the entities of episode %s: %w", uuid, err)
	}
	return keep(e, []string{group}, ents, "entity", entityGroup), nil
}

// Fact reads one fact of groups, invalidated and expired ones included. A
// fact of no group among them is ErrNotFound.
func (e *Engine) Fact(ctx context.Context, groups []string, uuid string) (Fact, error) {
	if err := e.readable(groups...); err != nil {
		return Fact{}, err
	}
	if len(groups) > 0 {
		fs, err := e.store.Facts(ctx, groups, []string{uuid}, GetOptions{})
		if err != nil {
			return Fact{}, err
		}
		if fs = keep(e, groups, fs, "fact", factGroup); len(fs) > 0 {
			return fs[0], nil
		}
	}
	return Fact{}, fmt.Errorf("fact %s: %w", uuid, ErrNotFound)
}

// GroupOf returns the group, among groups, that holds the episode (scope
// episodes) or the fact (scope facts) with the given uuid: for callers
// that name an object but not its group. It fails with ErrNotFound when
// none of groups holds it, and ErrInvalid for another scope.
func (e *Engine) GroupOf(ctx context.Context, scope Scope, groups []string, uuid string) (string, error) {
	switch scope {
	case ScopeEpisodes:
		ep, err := e.Episode(ctx, groups, uuid)
		return ep.GroupID, err
	case ScopeFacts:
		f, err := e.Fact(ctx, groups, uuid)
		return f.GroupID, err
	}
	return "", invalidf("group of a %s object: want episodes or facts", scope)
}

// EntityNames returns the names of the entities of groups among uuids, by
// uuid; unknown uuids and those of other groups are left out.
func (e *Engine) EntityNames(ctx context.Context, groups []string, uuids []string) (map[string]string, error) {
	if err := e.readable(groups...); err != nil {
		return nil, err
	}
	if len(groups) == 0 || len(uuids) == 0 {
		return map[string]string{}, nil
	}
	return e.store.EntityNames(ctx, groups, uuids)
}

// ListEntities lists a group's entities in creation order. opts.Filter
// keeps the entities carrying its labels and matching its time conditions
// on created_at. The entities a merge took away (Engine.Consolidate) are
// left out, unless Filter.KnownAt is before the merge.
func (e *Engine) ListEntities(ctx context.Context, group string, opts ListOptions) (Page[Entity], error) {
	if err := e.listable(group, ScopeEntities, &opts); err != nil {
		return Page[Entity]{}, err
	}
	p, err := e.store.ListEntities(ctx, group, opts)
	if err != nil {
		return Page[Entity]{}, err
	}
	p.Items = visibleEntities(keep(e, []string{group}, p.Items, "entity", entityGroup), opts.Filter.KnownAt)
	return p, nil
}

// ListFacts lists a group's facts in creation order. The zero opts.Filter
// lists the facts valid now by the engine's clock; the engine sets
// Filter.Now, whatever the caller put there. With Filter.KnownAt the facts
// are shown as mnemo knew them then, as Search shows them: a fact retired
// after KnownAt has its InvalidAt as first stated and no ExpiredAt. As with
// ListEntities, a merge's facts show from the merge on and the facts it
// took away before it.
func (e *Engine) ListFacts(ctx context.Context, group string, opts ListOptions) (Page[Fact], error) {
	if err := e.listable(group, ScopeFacts, &opts); err != nil {
		return Page[Fact]{}, err
	}
	p, err := e.store.ListFacts(ctx, group, opts)
	if err != nil {
		return Page[Fact]{}, err
	}
	p.Items = visibleFacts(keep(e, []string{group}, p.Items, "fact", factGroup), opts.Filter.KnownAt)
	for i := range p.Items {
		p.Items[i].AsKnownAt(opts.Filter.KnownAt)
	}
	return p, nil
}

// ListCommunities lists a group's communities, members included.
func (e *Engine) ListCommunities(ctx context.Context, group string, opts ListOptions) (Page[Community], error) {
	if err := e.listable(group, ScopeCommunities, &opts); err != nil {
		return Page[Community]{}, err
	}
	p, err := e.store.ListCommunities(ctx, group, opts)
	if err != nil {
		return Page[Community]{}, err
	}
	p.Items = keep(e, []string{group}, p.Items, "community", func(c Community) (string, string) { return c.GroupID, c.UUID })
	return p, nil
}

// readable checks that the engine is open and that groups are valid ids.
func (e *Engine) readable(groups ...string) error {
	if err := e.checkOpen(); err != nil {
		return err
	}
	for _, g := range groups {
		if err := ValidateGroupID(g); err != nil {
			return err
		}
	}
	return nil
}

// listable checks a listing of a group and sets its filter's clock.
func (e *Engine) listable(group string, scope Scope, opts *ListOptions) error {
	if err := e.readable(group); err != nil {
		return err
	}
	if opts.Limit < 0 {
		return invalidf("list %s: limit %d is negative", scope, opts.Limit)
	}
	if err := opts.Filter.Validate(scope); err != nil {
		return err
	}
	opts.Filter.Now = e.now()
	return nil
}

func factGroup(f Fact) (string, string) { return f.GroupID, f.UUID }

func entityGroup(x Entity) (string, string) { return x.GroupID, x.UUID }

// inGroups reports whether an object read for groups belongs to one of
// them, and logs the store's breach of tenancy when it does not.
func (e *Engine) inGroups(groups []string, group, kind, uuid string) bool {
	if slices.Contains(groups, group) {
		return true
	}
	e.log.Error("the store returned an object of a group the read did not name; it is dropped",
		"kind", kind, "uuid", uuid, "group", group, "groups", groups)
	return false
}

// keep returns the items that belong to groups (see inGroups), in order.
// It reuses items' array.
func keep[T any](e *Engine, groups []string, items []T, kind string, id func(T) (group, uuid string)) []T {
	return slices.DeleteFunc(items, func(x T) bool {
		g, u := id(x)
		return !e.inGroups(groups, g, kind, u)
	})
}

// episodeOf reads one episode of groups from s: ErrNotFound when none of
// them holds it.
func episodeOf(ctx context.Context, s Store, groups []string, uuid string) (Episode, error) {
	eps, err := s.Episodes(ctx, groups, []string{uuid}, GetOptions{})
	if err != nil {
		return Episode{}, err
	}
	if len(eps) == 0 {
		return Episode{}, fmt.Errorf("episode %s: %w", uuid, ErrNotFound)
	}
	return eps[0], nil
}
