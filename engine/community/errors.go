package community

import (
	"context"
	"errors"
	"fmt"

	"github.com/mnemohq/mnemo/core"
)

// invalidf returns an error wrapping ErrInvalid with a formatted message.
func invalidf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", core.ErrInvalid, fmt.Sprintf(format, args...))
}

// canceled reports whether err comes from a done context.
func canceled(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
