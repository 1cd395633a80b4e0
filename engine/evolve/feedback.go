package evolve

import "github.com/mnemohq/mnemo/core"

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
