//go:build race

package hnsw

// raceEnabled: the tests run under the race detector.
const raceEnabled = true
