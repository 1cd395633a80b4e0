package wasm

import (
	"errors"
	"strings"
	"unicode"
)

// PluginError is the error of every failed load or call of a plugin. It
// names the plugin (the name given to Load) and the function: an export
// such as "mnemo_rerank", or "compile" and "instantiate" for those stages
// of a load. Err says what went wrong and matches, with errors.Is, one or
// more of: ErrTrap, ErrMemoryLimit, ErrMalformed, ErrFailed,
// context.DeadlineExceeded, context.Canceled, core.ErrInvalid,
// core.ErrTooLarge, core.ErrClosed.
type PluginError struct {
	Plugin string
	Func   string
	Err    error
}

func (e *PluginError) Error() string {
	return "wasm: plugin " + e.Plugin + ": " + e.Func + ": " + e.Err.Error()
}

// Unwrap returns e.Err.
func (e *PluginError) Unwrap() error { return e.Err }

// Kinds of plugin failure, matched with errors.Is on a *PluginError.
var (
	// ErrTrap reports that the plugin's instance died during the call: a
	// WebAssembly trap (unreachable, an out-of-bounds access), an exit
	// (proc_exit, a Go runtime panic), or an invalid pointer in its answer.
	// The instance is discarded.
	ErrTrap = errors.New("trapped")
	// ErrMemoryLimit reports that the instance died at its memory limit. It
	// comes with ErrTrap.
	ErrMemoryLimit = errors.New("memory limit reached")
	// ErrMalformed reports an answer that is not the JSON the ABI requires.
	ErrMalformed = errors.New("malformed answer")
	// ErrFailed reports an error answer: the plugin ran and said it failed.
	// The error's text carries the plugin's message.
	ErrFailed = errors.New("plugin failed")
)

// oneLine makes s fit in an error message: whitespace runs become one
// space, control characters are dropped, and it is cut at max bytes.
func oneLine(s string, max int) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		if b.Len() >= max {
			b.WriteString("…")
			break
		}
		switch {
		case unicode.IsSpace(r):
			space = true
			continue
		case unicode.IsControl(r) || r == unicode.ReplacementChar:
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}
