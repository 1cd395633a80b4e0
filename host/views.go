package host

import (
	"context"

	"mnemo/core"
	"mnemo/host/wire"
)

// ShowFacts returns facts as the surfaces show them, with the names of
// their entities read from the groups.
func (h *Host) ShowFacts(ctx context.Context, groups []string, facts []core.Fact) ([]wire.Fact, error) {
	var ids []string
	seen := map[string]bool{}
	for _, f := range facts {
		for _, id := range []string{f.SourceUUID, f.TargetUUID} {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	names := map[string]string{}
	if len(ids) > 0 {
		var err error
		if names, err = h.Store.EntityNames(ctx, groups, ids); err != nil {
			return nil, err
		}
	}
	out := make([]wire.Fact, len(facts))
	for i, f := range facts {
		out[i] = wire.FactOf(f, names)
	}
	return out, nil
}

// FindGroup returns the group, among groups, that holds an episode (scope
// episodes) or a fact (scope facts) with the given uuid: for the routes and
// tools that name an object but not its group. It fails with
// core.ErrNotFound when none of the groups holds it.
func (h *Host) FindGroup(ctx context.Context, scope core.Scope, groups []string, uuid string) (string, error) {
	if len(groups) == 0 {
		return "", core.ErrNotFound
	}
	switch scope {
	case core.ScopeEpisodes:
		ep, err := h.Store.Episode(ctx, groups, uuid)
		if err != nil {
			return "", err
		}
		return ep.GroupID, nil
	case core.ScopeFacts:
		fs, err := h.Store.Facts(ctx, groups, []string{uuid}, core.GetOptions{})
		if err != nil {
			return "", err
		}
		if len(fs) == 0 {
			return "", core.ErrNotFound
		}
		return fs[0].GroupID, nil
	}
	return "", core.ErrInvalid
}
