//go:build !race

package hashembed_test

const raceEnabled = false
