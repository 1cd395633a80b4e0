//go:build race

package hashembed_test

// raceEnabled reports a -race build, where sync.Pool drops items at random.
const raceEnabled = true
