package core

import (
	"errors"
	"fmt"
)

// mnemo errors. Adapters (kuzu, wasm, host/llm) translate their dependencies'
// failures into these with %w, so callers test with errors.Is whatever layer
// the error came from.
var (
	// ErrNotFound reports that an object with the given uuid does not exist
	// in the groups the caller may see.
	ErrNotFound = errors.New("core: not found")
	// ErrInvalid reports bad input: a malformed group id, empty content, a
	// wrong embedding dimension, an unparseable date.
	ErrInvalid = errors.New("core: invalid input")
	// ErrConflict reports that the request contradicts stored state: an
	// episode uuid re-sent with different content, a database created with
	// another embedding dimension.
	ErrConflict = errors.New("core: conflict")
	// ErrClosed reports use of a closed Store or Engine.
	ErrClosed = errors.New("core: closed")
	// ErrLocked reports that the database is held by another process or
	// another Store in this process.
	ErrLocked = errors.New("core: database locked")
	// ErrTooLarge reports input over a configured size limit.
	ErrTooLarge = errors.New("core: too large")
	// ErrUnavailable reports that a dependency (an LLM endpoint, a plugin)
	// failed in a way a retry later may fix.
	ErrUnavailable = errors.New("core: unavailable")
	// ErrBusy reports that the store could not do the work now for want of
	// a resource it frees by itself (a full buffer pool, a write-write
	// conflict): the same call later succeeds. It says nothing about the
	// input, so an episode that meets it does not use up an attempt.
	ErrBusy = errors.New("core: store busy")
	// ErrStorage reports that the store could not write to its disk: the
	// disk is full or failing. Nothing of the failed call was stored, and
	// the same call succeeds once the disk is fixed; the store recovers by
	// itself. Like ErrBusy it says nothing about the input.
	ErrStorage = errors.New("core: storage failing")
	// ErrUnsupported reports that the store lacks an optional facility
	// (RecordStore).
	ErrUnsupported = errors.New("core: not supported by this store")
)

// invalidf returns an error wrapping ErrInvalid with a formatted message.
func invalidf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}
