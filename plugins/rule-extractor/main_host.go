//go:build !wasip1

package main

import "os"

// main runs the host command (cli.go). The WebAssembly build registers the
// handlers with the SDK instead (main.go).
func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
