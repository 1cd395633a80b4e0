//go:build !race

package host_test

// raceEnabled: the tests run under the race detector.
const raceEnabled = false
