package engine

import (
	"context"
	"fmt"
	"maps"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/evolve"
)

// ReasonAttribute is the attribute of a fact marked wrong that says why.
const ReasonAttribute = "invalid_reason"

// Feedback records feedback on an entity or a fact of the group, which
// Evolve weighs into importance. Marking a fact wrong also invalidates it
// at once; the object must exist in the group (ErrNotFound otherwise).
// Feedback needs a store that keeps records (ErrUnsupported otherwise).
func (e *Engine) Feedback(ctx context.Context, req evolve.FeedbackRequest) error {
	if err := e.checkOpen(); err != nil {
		return err
	}
	if err := req.Validate(); err != nil {
		return err
	}
	if !e.evolver.Counts() {
		return fmt.Errorf("feedback: %w: the store keeps no records", core.ErrUnsupported)
	}
	groups := []string{req.Group}
	switch req.Scope {
	case core.ScopeEntities:
		if _, err := e.Entity(ctx, groups, req.UUID); err != nil {
			return err
		}
	case core.ScopeFacts:
		if req.Kind == evolve.FeedbackApprove {
			return e.approve(ctx, req)
		}
		if req.Kind == evolve.FeedbackWrong {
			if err := e.markWrong(ctx, req); err != nil {
				return err
			}
		} else if _, err := e.Fact(ctx, groups, req.UUID); err != nil {
			return err
		}
	}
	return e.evolver.Feedback(ctx, req.Group, req.Scope, req.UUID, req.Kind)
}

// approve releases a quarantined fact under the group's write lock: the
// approver vouches for it, so the fact takes the approver's class when
// that is more trusted, which keeps it out of quarantine when less trusted
// sources restate it. An approver whose own class is below the threshold
// is refused (ErrInvalid); a fact not in quarantine is left as it is.
func (e *Engine) approve(ctx context.Context, req evolve.FeedbackRequest) error {
	by := e.trust.Class(req.Trust)
	if !e.trust.Known(by) || e.trust.Quarantines(req.Group, by) {
		return fmt.Errorf("%w: approve fact %s: source class %q is below the group's trust threshold", core.ErrInvalid, req.UUID, by)
	}
	unlock, err := e.lockGroup(ctx, req.Group)
	if err != nil {
		return err
	}
	defer unlock()
	xs, err := e.store.Facts(ctx, []string{req.Group}, []string{req.UUID}, core.GetOptions{})
	if err != nil {
		return fmt.Errorf("read fact: %w", err)
	}
	if len(xs) == 0 {
		return fmt.Errorf("fact %s: %w", req.UUID, core.ErrNotFound)
	}
	f := xs[0]
	if f.QuarantinedAt.IsZero() {
		return nil
	}
	now := e.now()
	e.trust.Trusted(&f, by, now)
	f.Attributes = core.WithWhy(f.Attributes, core.WhyStep{Step: core.WhyApproved, At: now, Class: by})
	f.Episodes = nil
	if err := e.store.Apply(ctx, core.Change{Group: req.Group, Facts: []core.Fact{f}}); err != nil {
		return fmt.Errorf("approve fact: %w", err)
	}
	return nil
}

// markWrong expires a fact in system time with the reason, under the
// group's write lock. A fact already expired keeps its history as it is.
func (e *Engine) markWrong(ctx context.Context, req evolve.FeedbackRequest) error {
	unlock, err := e.lockGroup(ctx, req.Group)
	if err != nil {
		return err
	}
	defer unlock()
	xs, err := e.store.Facts(ctx, []string{req.Group}, []string{req.UUID}, core.GetOptions{})
	if err != nil {
		return fmt.Errorf("read fact: %w", err)
	}
	if len(xs) == 0 {
		return fmt.Errorf("fact %s: %w", req.UUID, core.ErrNotFound)
	}
	f := xs[0]
	if !f.ExpiredAt.IsZero() {
		return nil
	}
	reason := "marked wrong"
	if r := strings.TrimSpace(req.Reason); r != "" {
		reason += ": " + r
	}
	f.Attributes = maps.Clone(f.Attributes)
	if f.Attributes == nil {
		f.Attributes = map[string]any{}
	}
	f.Attributes[ReasonAttribute] = reason
	f.ExpiredAt, f.Episodes = e.now(), nil
	f.Attributes = core.WithWhy(f.Attributes, core.WhyStep{Step: core.WhyMarkedWrong, At: f.ExpiredAt, Class: e.trust.Class(req.Trust), Note: reason})
	if err := e.store.Apply(ctx, core.Change{Group: req.Group, Facts: []core.Fact{f}}); err != nil {
		return fmt.Errorf("invalidate fact: %w", err)
	}
	return nil
}
