//go:build wasip1

package main

import "github.com/mnemohq/mnemo/plugins/sdk"

func init() { sdk.Register(newExtractor(sdk.Complete, sdk.Log).plugin()) }

// main never runs: the plugin is a reactor module, whose host calls
// _initialize (package initialization, where init registers the plugin)
// and then the exports.
func main() {}
