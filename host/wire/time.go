package wire

import (
	"fmt"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// timeLayouts are the forms ParseTime accepts, most precise first. Forms
// without a zone are UTC.
var timeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05",
	"2006-01-02 15:04:05",
	"2006-01-02T15:04",
	"2006-01-02 15:04",
	time.DateOnly,
	"2006-01",
}

// ParseTime reads a time given by a user: RFC 3339 ("2024-05-01T10:00:00Z"),
// a date and time without a zone (UTC), a date ("2024-05-01", midnight UTC)
// or a month ("2024-05", its first day). Errors wrap core.ErrInvalid.
func ParseTime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			if y := t.Year(); y < 1 || y > 9999 {
				break
			}
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("%w: time %q: want RFC 3339 (2024-05-01T10:00:00Z) or a date (2024-05-01)", core.ErrInvalid, s)
}

// ParseOptionalTime is ParseTime, with "" meaning no time (the zero Time).
func ParseOptionalTime(s string) (time.Time, error) {
	if strings.TrimSpace(s) == "" {
		return time.Time{}, nil
	}
	return ParseTime(s)
}

// Time returns t as it is shown: nil (JSON null) for the zero Time, else t
// in UTC.
func Time(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	u := t.UTC()
	return &u
}
