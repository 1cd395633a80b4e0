package engine

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/ingest"
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
func (e *Engine) Stats(ctx context.Context, group string) (core.Stats, error) {
	if err := e.readable(group); err != nil {
		return core.Stats{}, err
	}
	return e.store.Stats(ctx, group)
}

// Episode reads one episode of groups. An episode of no group among them
// is ErrNotFound.
func (e *Engine) Episode(ctx context.Context, groups []string, uuid string) (core.Episode, error) {
	if err := e.readable(groups...); err != nil {
		return core.Episode{}, err
	}
	if len(groups) == 0 {
		return core.Episode{}, fmt.Errorf("episode %s: %w", uuid, core.ErrNotFound)
	}
	ep, err := ingest.EpisodeOf(ctx, e.store, groups, uuid)
	if err != nil {
		return core.Episode{}, err
	}
	if !core.InGroups(e.log, groups, ep.GroupID, "episode", ep.UUID) {
		return core.Episode{}, fmt.Errorf("episode %s: %w", uuid, core.ErrNotFound)
	}
	return ep, nil
}

// RecentEpisodes returns the n latest episodes of a group by reference
// time, up to now (an episode dated in the future is not recent yet),
// oldest first.
func (e *Engine) RecentEpisodes(ctx context.Context, group string, n int) ([]core.Episode, error) {
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
	return core.KeepGroups(e.log, []string{group}, eps, "episode", func(ep core.Episode) (string, string) { return ep.GroupID, ep.UUID }), nil
}

// latestEpisodes returns up to n episodes of a group whose reference time
// is at or before at, oldest first: the episodes before (at, a uuid after
// every uuid) in the store's (reference time, uuid) order.
func (e *Engine) latestEpisodes(ctx context.Context, group string, at time.Time, n int) ([]core.Episode, error) {
	eps, err := e.store.PreviousEpisodes(ctx, core.Episode{GroupID: group, UUID: "~", ValidAt: at}, n)
	if err != nil {
		return nil, fmt.Errorf("read latest episodes: %w", err)
	}
	return eps, nil
}

// EpisodeLinks returns the uuids of the entities an episode of group
// mentions and of the facts it states.
func (e *Engine) EpisodeLinks(ctx context.Context, group, uuid string) (core.Links, error) {
	if err := e.readable(group); err != nil {
		return core.Links{}, err
	}
	return e.store.EpisodeLinks(ctx, []string{group}, uuid)
}

// EpisodeFacts returns the facts an episode of group states, invalidated
// and expired ones included.
func (e *Engine) EpisodeFacts(ctx context.Context, group, uuid string) ([]core.Fact, error) {
	links, err := e.EpisodeLinks(ctx, group, uuid)
	if err != nil {
		return nil, err
	}
	if len(links.Facts) == 0 {
		return nil, nil
	}
	fs, err := e.store.Facts(ctx, []string{group}, links.Facts, core.GetOptions{})
	if err != nil {
		return nil, fmt.Errorf("read the facts of episode %s: %w", uuid, err)
	}
	return core.KeepGroups(e.log, []string{group}, fs, "fact", factGroup), nil
}

// EpisodeEntities returns the entities an episode of group mentions, in no
// particular order.
func (e *Engine) EpisodeEntities(ctx context.Context, group, uuid string) ([]core.Entity, error) {
	links, err := e.EpisodeLinks(ctx, group, uuid)
	if err != nil {
		return nil, err
	}
	if len(links.Entities) == 0 {
		return nil, nil
	}
	ents, err := e.store.Entities(ctx, []string{group}, links.Entities, core.GetOptions{})
	if err != nil {
		return nil, fmt.Errorf("read the entities of episode %s: %w", uuid, err)
	}
	return core.KeepGroups(e.log, []string{group}, ents, "entity", entityGroup), nil
}

// Fact reads one fact of groups, invalidated and expired ones included. A
// fact of no group among them is ErrNotFound.
func (e *Engine) Fact(ctx context.Context, groups []string, uuid string) (core.Fact, error) {
	if err := e.readable(groups...); err != nil {
		return core.Fact{}, err
	}
	if len(groups) > 0 {
		fs, err := e.store.Facts(ctx, groups, []string{uuid}, core.GetOptions{})
		if err != nil {
			return core.Fact{}, err
		}
		if fs = core.KeepGroups(e.log, groups, fs, "fact", factGroup); len(fs) > 0 {
			return fs[0], nil
		}
	}
	return core.Fact{}, fmt.Errorf("fact %s: %w", uuid, core.ErrNotFound)
}

// GroupOf returns the group, among groups, that holds the episode (scope
// episodes) or the fact (scope facts) with the given uuid: for callers
// that name an object but not its group. It fails with ErrNotFound when
// none of groups holds it, and ErrInvalid for another scope.
func (e *Engine) GroupOf(ctx context.Context, scope core.Scope, groups []string, uuid string) (string, error) {
	switch scope {
	case core.ScopeEpisodes:
		ep, err := e.Episode(ctx, groups, uuid)
		return ep.GroupID, err
	case core.ScopeFacts:
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
func (e *Engine) ListEntities(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Entity], error) {
	if err := e.listable(group, core.ScopeEntities, &opts); err != nil {
		return core.Page[core.Entity]{}, err
	}
	p, err := e.store.ListEntities(ctx, group, opts)
	if err != nil {
		return core.Page[core.Entity]{}, err
	}
	p.Items = core.VisibleEntities(core.KeepGroups(e.log, []string{group}, p.Items, "entity", entityGroup), opts.Filter.KnownAt)
	return p, nil
}

// ListFacts lists a group's facts in creation order. The zero opts.Filter
// lists the facts valid now by the engine's clock; the engine sets
// Filter.Now, whatever the caller put there. With Filter.KnownAt the facts
// are shown as mnemo knew them then, as Search shows them: a fact retired
// after KnownAt has its InvalidAt as first stated and no ExpiredAt. As with
// ListEntities, a merge's facts show from the merge on and the facts it
// took away before it.
func (e *Engine) ListFacts(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Fact], error) {
	if err := e.listable(group, core.ScopeFacts, &opts); err != nil {
		return core.Page[core.Fact]{}, err
	}
	p, err := e.store.ListFacts(ctx, group, opts)
	if err != nil {
		return core.Page[core.Fact]{}, err
	}
	p.Items = core.VisibleFacts(core.KeepGroups(e.log, []string{group}, p.Items, "fact", factGroup), opts.Filter.KnownAt)
	for i := range p.Items {
		p.Items[i].AsKnownAt(opts.Filter.KnownAt)
	}
	return p, nil
}

// ListCommunities lists a group's communities, members included.
func (e *Engine) ListCommunities(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Community], error) {
	if err := e.listable(group, core.ScopeCommunities, &opts); err != nil {
		return core.Page[core.Community]{}, err
	}
	p, err := e.store.ListCommunities(ctx, group, opts)
	if err != nil {
		return core.Page[core.Community]{}, err
	}
	p.Items = core.KeepGroups(e.log, []string{group}, p.Items, "community", func(c core.Community) (string, string) { return c.GroupID, c.UUID })
	return p, nil
}

// readable checks that the engine is open and that groups are valid ids.
func (e *Engine) readable(groups ...string) error {
	if err := e.checkOpen(); err != nil {
		return err
	}
	for _, g := range groups {
		if err := core.ValidateGroupID(g); err != nil {
			return err
		}
	}
	return nil
}

// listable checks a listing of a group and sets its filter's clock.
func (e *Engine) listable(group string, scope core.Scope, opts *core.ListOptions) error {
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

func factGroup(f core.Fact) (string, string) { return f.GroupID, f.UUID }

func entityGroup(x core.Entity) (string, string) { return x.GroupID, x.UUID }
