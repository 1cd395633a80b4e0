//go:build !crashpoints

package kuzu

// crashpoint marks a moment the fault tests kill the process at (built
// with the tag crashpoints: crashpoint_on.go). Without the tag it does
// nothing and costs nothing.
func crashpoint(string) {}
