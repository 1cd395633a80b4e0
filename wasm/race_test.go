//go:build race

package wasm_test

// raceEnabled reports a -race build, whose shadow memory doubles what a
// plugin's instance costs in RSS.
const raceEnabled = true
