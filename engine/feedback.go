package engine

import (
	"context"
	"fmt"
	"maps"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// FeedbackKind is what an agent or a user says of an entity or a fact.
type FeedbackKind string

// Feedback kinds.
const (
	// FeedbackUseful raises the object's importance (its feedback part).
	FeedbackUseful FeedbackKind = "useful"
	// FeedbackWrong lowers it and, for a fact, invalidates the fact: it is
	// expired in system time with the reason kept in its attributes
	// (ReasonAttribute), visible in history, and never deleted.
	FeedbackWrong FeedbackKind = "wrong"
	// FeedbackPin keeps the object out of decay: never archived, and
	// restored by the next Evolve run if it was. FeedbackUnpin undoes it.
	FeedbackPin   FeedbackKind = "pin"
	FeedbackUnpin FeedbackKind = "unpin"
)

// ReasonAttribute is the attribute of a fact marked wrong that says why.
const ReasonAttribute = "invalid_reason"

// FeedbackRequest is feedback on one entity or fact.
type FeedbackRequest struct {
	Group string
	// Scope is ScopeEntities or ScopeFacts.
	Scope core.Scope
	UUID  string
	Kind  FeedbackKind
	// Reason says why, for FeedbackWrong; it is kept with the fact.
	Reason string
}

// Validate checks the request.
func (r *FeedbackRequest) Validate() error {
	if err := core.ValidateGroupID(r.Group); err != nil {
		return err
	}
	if r.Scope != core.ScopeEntities && r.Scope != core.ScopeFacts {
		return invalidf("feedback applies to entities and facts, not %q", r.Scope)
	}
	if err := core.ValidateUUID(r.UUID); err != nil {
		return err
	}
	switch r.Kind {
	case FeedbackUseful, FeedbackWrong, FeedbackPin, FeedbackUnpin:
	default:
		return invalidf("feedback %q: want useful, wrong, pin or unpin", r.Kind)
	}
	if len(r.Reason) > 1000 {
		return invalidf("feedback reason is %d bytes, the limit is 1000", len(r.Reason))
	}
	return nil
}

// Feedback records feedback on an entity or a fact of the group, which
// Evolve weighs into importance. Marking a fact wrong also invalidates it
// at once; the object must exist in the group (ErrNotFound otherwise).
// Feedback needs a store that keeps records (ErrUnsupported otherwise).
func (e *Engine) Feedback(ctx context.Context, req FeedbackRequest) error {
	if err := e.checkOpen(); err != nil {
		return err
	}
	if err := req.Validate(); err != nil {
		return err
	}
	if e.access.rs == nil {
		return fmt.Errorf("feedback: %w: the store keeps no records", core.ErrUnsupported)
	}
	groups := []string{req.Group}
	switch req.Scope {
	case core.ScopeEntities:
		if _, err := e.Entity(ctx, groups, req.UUID); err != nil {
			return err
		}
	case core.ScopeFacts:
		if req.Kind == FeedbackWrong {
			if err := e.markWrong(ctx, req); err != nil {
				return err
			}
		} else if _, err := e.Fact(ctx, groups, req.UUID); err != nil {
			return err
		}
	}
	return e.access.update(ctx, req.Group, []string{itemKey(req.Scope, req.UUID)}, func(_ string, s *itemStats) {
		switch req.Kind {
		case FeedbackUseful:
			s.Useful++
		case FeedbackWrong:
			s.Wrong++
		case FeedbackPin:
			s.Pinned = true
		case FeedbackUnpin:
			s.Pinned = false
		}
	})
}

// markWrong expires a fact in system time with the reason, under the
// group's write lock. A fact already expired keeps its history as it is.
func (e *Engine) markWrong(ctx context.Context, req FeedbackRequest) error {
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
	if err := e.store.Apply(ctx, core.Change{Group: req.Group, Facts: []core.Fact{f}}); err != nil {
		return fmt.Errorf("invalidate fact: %w", err)
	}
	return nil
}
