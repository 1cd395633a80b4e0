package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// checkReplay refuses the episodes of eps ingested with
// core.Episode.LearnedAtReference whose reference time would be learned
// before what their group already knows (the latest created_at of its
// episodes), or after now: replaying history must not reorder system time.
// Episodes the store holds already (re-sent by uuid) are not checked: they
// keep the time they were stored with.
func (e *Engine) checkReplay(ctx context.Context, eps []core.Episode, now time.Time) error {
	known := map[string]time.Time{}
	for i, ep := range eps {
		if !ep.LearnedAtReference {
			continue
		}
		if ep.ValidAt.After(now) {
			return invalidf("episode %d: learned at its reference time %s, which is in the future", i, ep.ValidAt.UTC().Format(time.RFC3339))
		}
		if ep.UUID != "" {
			have, err := e.store.Episodes(ctx, []string{ep.GroupID}, []string{ep.UUID}, core.GetOptions{})
			if err != nil {
				return fmt.Errorf("read episode %s: %w", ep.UUID, err)
			}
			if len(have) > 0 {
				continue
			}
		}
		k, ok := known[ep.GroupID]
		if !ok {
			var err error
			if k, err = e.learnedUpTo(ctx, ep.GroupID); err != nil {
				return err
			}
			known[ep.GroupID] = k
		}
		if ep.ValidAt.Before(k) {
			return invalidf("episode %d: learned at its reference time %s, it would come before what group %s already knows (learned up to %s); replay an archive in reference-time order, into a group that knows nothing later",
				i, ep.ValidAt.UTC().Format(time.RFC3339), ep.GroupID, k.UTC().Format(time.RFC3339))
		}
	}
	return nil
}

// learnedUpTo returns the latest created_at of a group's episodes: when
// mnemo last learned something in the group.
func (e *Engine) learnedUpTo(ctx context.Context, group string) (time.Time, error) {
	var latest time.Time
	opts := core.ListOptions{Limit: 1000, Filter: core.Filter{IncludeInvalid: true, IncludeArchived: true}}
	for {
		p, err := e.store.ListEpisodes(ctx, group, opts)
		if err != nil {
			return latest, fmt.Errorf("read episodes of %s: %w", group, err)
		}
		for _, ep := range p.Items {
			if ep.CreatedAt.After(latest) {
				latest = ep.CreatedAt
			}
		}
		if p.Next == "" {
			return latest, nil
		}
		opts.Cursor = p.Next
	}
}
