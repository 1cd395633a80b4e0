package core

import "fmt"

// The checks every store makes of a read live here, once: the engine
// calls them where a request enters, and each store calls the same
// functions at its own door (the conformance suite, core/storetest,
// holds every store to answering ErrInvalid for a malformed request), so
// no adapter writes its own copy of the rule.

// Limits of searches and listings.
const (
	// DefaultSearchLimit is a search's or a traversal's limit when none is
	// given.
	DefaultSearchLimit = 10
	// MaxSearchLimit caps a search's limit.
	MaxSearchLimit = 1000
	// DefaultPageSize is a listing's page size when none is given.
	DefaultPageSize = 100
	// MaxPageSize caps a listing's page size.
	MaxPageSize = 1000
	// MaxTraverseDepth caps a traversal's depth.
	MaxTraverseDepth = 6
)

// ValidateGroups checks the groups a read may see: at least one, each a
// valid group id (ValidateGroupID). Repeats are allowed.
func ValidateGroups(groups []string) error {
	if len(groups) == 0 {
		return fmt.Errorf("%w: no group given", ErrInvalid)
	}
	for _, g := range groups {
		if err := ValidateGroupID(g); err != nil {
			return err
		}
	}
	return nil
}

// Normalize validates a search (its scope, groups and filter) and sets its
// limit: DefaultSearchLimit when not positive, at most MaxSearchLimit.
func (q *SearchQuery) Normalize() error {
	if !q.Scope.Valid() {
		return fmt.Errorf("%w: unknown scope %q", ErrInvalid, q.Scope)
	}
	if err := ValidateGroups(q.Groups); err != nil {
		return err
	}
	if err := q.Filter.Validate(q.Scope); err != nil {
		return err
	}
	if q.Limit <= 0 {
		q.Limit = DefaultSearchLimit
	}
	q.Limit = min(q.Limit, MaxSearchLimit)
	return nil
}

// Normalize validates a traversal (its scope, groups and filter) and sets
// its depth (1 when not positive, at most MaxTraverseDepth) and its limit
// (DefaultSearchLimit when not positive).
func (q *TraverseQuery) Normalize() error {
	if !q.Scope.Valid() {
		return fmt.Errorf("%w: unknown scope %q", ErrInvalid, q.Scope)
	}
	if err := ValidateGroups(q.Groups); err != nil {
		return err
	}
	if err := q.Filter.Validate(q.Scope); err != nil {
		return err
	}
	if q.Depth <= 0 {
		q.Depth = 1
	}
	q.Depth = min(q.Depth, MaxTraverseDepth)
	if q.Limit <= 0 {
		q.Limit = DefaultSearchLimit
	}
	return nil
}

// PageSize returns the page size of a listing: DefaultPageSize when Limit
// is not positive, at most MaxPageSize.
func (o ListOptions) PageSize() int {
	switch {
	case o.Limit <= 0:
		return DefaultPageSize
	case o.Limit > MaxPageSize:
		return MaxPageSize
	}
	return o.Limit
}
