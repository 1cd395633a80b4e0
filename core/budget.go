package core

import (
	"errors"
	"fmt"
	"time"
)

// ErrBudget reports that a tenant's ingestion budget is spent for now: the
// same request is admitted once the budget's window has moved on (see
// BudgetError for how long that is).
var ErrBudget = errors.New("core: budget exceeded")

// Budget kinds (BudgetError.Kind).
const (
	BudgetEpisodes = "episodes_per_minute"
	BudgetBytes    = "bytes_per_day"
	BudgetTokens   = "tokens_per_day"
)

// BudgetError is the ErrBudget of one budget: whose it is, which kind, its
// limit, and how long until its window admits the refused request.
// errors.Is(err, ErrBudget) holds for it.
type BudgetError struct {
	// Subject names the budget: "group X" or "API key N".
	Subject string
	// Kind is one of BudgetEpisodes, BudgetBytes, BudgetTokens.
	Kind  string
	Limit int64
	// RetryAfter is the time until the budget admits the request: until
	// the episode rate has refilled enough of its bucket, or the end of
	// the UTC day.
	RetryAfter time.Duration
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("%s: the %s budget of %s (%d) is spent; retry after %s",
		ErrBudget.Error(), e.Kind, e.Subject, e.Limit, e.RetryAfter.Round(time.Second))
}

// Unwrap makes errors.Is(err, ErrBudget) true.
func (e *BudgetError) Unwrap() error { return ErrBudget }

// RetrySeconds is RetryAfter in whole seconds, rounded up, at least 1: the
// value of an HTTP Retry-After header.
func (e *BudgetError) RetrySeconds() int64 {
	s := int64((e.RetryAfter + time.Second - 1) / time.Second)
	return max(s, 1)
}
