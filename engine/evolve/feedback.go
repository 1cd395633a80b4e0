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
	// FeedbackApprove releases a quarantined fact (core.Fact.QuarantinedAt):
	// whoever approves vouches for it, and the fact takes their source
	// class if that is more trusted than its own.
	FeedbackApprove FeedbackKind = "approve"
)

// FeedbackKinds are the feedback kinds, the one list the surfaces read.
func FeedbackKinds() []FeedbackKind {
	return []FeedbackKind{FeedbackUseful, FeedbackWrong, FeedbackPin, FeedbackUnpin, FeedbackApprove}
}

// FeedbackRequest is feedback on one entity or fact.
type FeedbackRequest struct {
	Group string
	// Scope is ScopeEntities or ScopeFacts.
	Scope core.Scope
	UUID  string
	Kind  FeedbackKind
	// Reason says why, for FeedbackWrong; it is kept with the fact.
	Reason string
	// Trust is the source class of whoever gives the feedback, set by the
	// surface from its route and API key; for FeedbackApprove it must be
	// at or above the group's threshold. Empty is the policy's default.
	Trust string
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
	case FeedbackApprove:
		if r.Scope != core.ScopeFacts {
			return invalidf("feedback approve applies to facts, not %q", r.Scope)
		}
	default:
		return invalidf("feedback %q: want useful, wrong, pin, unpin or approve", r.Kind)
	}
	if len(r.Reason) > 1000 {
		return invalidf("feedback reason is %d bytes, the limit is 1000", len(r.Reason))
	}
	return nil
}
