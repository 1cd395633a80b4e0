package evolve

import (
	"fmt"

	"github.com/mnemohq/mnemo/core"
)

// invalidf returns an error wrapping ErrInvalid with a formatted message.
func invalidf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", core.ErrInvalid, fmt.Sprintf(format, args...))
}
