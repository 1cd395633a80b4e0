package retrieval

import (
	"context"
	"errors"
	"fmt"

	"github.com/mnemohq/mnemo/core"
)

// abandoned reports whether the caller's own context has ended, so that a
// step of a search must stop rather than degrade. A plugin or a model that
// runs past a deadline of its own fails with an error that matches
// context.DeadlineExceeded too, but that is the component's failure, and
// the search degrades from it like from any other.
func abandoned(ctx context.Context) bool { return ctx.Err() != nil }

// invalidf returns an error wrapping ErrInvalid with a formatted message.
func invalidf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", core.ErrInvalid, fmt.Sprintf(format, args...))
}

// canceled reports whether err comes from a done context.
func canceled(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
