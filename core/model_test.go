package core_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

func TestEpisodeValidate(t *testing.T) {
	ok := core.Episode{GroupID: "g", Source: core.SourceMessage, Content: "Alice: hi", ValidAt: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}
	tests := []struct {
		name string
		edit func(*core.Episode)
		want string // in the error; "" for none
		is   error
	}{
		{"valid", func(*core.Episode) {}, "", nil},
		{"empty content", func(e *core.Episode) { e.Content = " \n" }, "empty", core.ErrInvalid},
		{"invalid UTF-8", func(e *core.Episode) { e.Content = "a\xffb" }, "UTF-8", core.ErrInvalid},
		// The store would cut the text at the NUL and keep the rest silently.
		{"NUL in content", func(e *core.Episode) { e.Content = "Alice: my PIN is\x00 1234" }, "content holds a NUL character (U+0000) at byte 16", core.ErrInvalid},
		{"NUL in name", func(e *core.Episode) { e.Name = "chat\x00" }, "name holds a NUL", core.ErrInvalid},
		{"NUL in source description", func(e *core.Episode) { e.SourceDescription = "\x00" }, "source description holds a NUL", core.ErrInvalid},
		{"too large", func(e *core.Episode) { e.Content = strings.Repeat("a", 11) }, "limit is 10", core.ErrTooLarge},
		{"no reference time", func(e *core.Episode) { e.ValidAt = time.Time{} }, "reference time", core.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := ok
			tt.edit(&e)
			err := e.Validate(10)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			if !errors.Is(err, tt.is) || err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Validate() = %v, want %v containing %q", err, tt.is, tt.want)
			}
		})
	}
}
