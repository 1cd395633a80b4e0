package wasm

import "time"

// TrimIdle runs the idle-instance trimming the Runtime's goroutine runs
// periodically, at now.
func (r *Runtime) TrimIdle(now time.Time) { r.trimIdle(now) }
