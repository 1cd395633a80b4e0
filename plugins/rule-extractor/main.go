//go:build wasip1

package main

import "github.com/mnemohq/mnemo/plugins/sdk"

func init() {
	sdk.Register(plugin())
}

// main never runs: the plugin is a reactor module, called through its
// exports.
func main() {}
