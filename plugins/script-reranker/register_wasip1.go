//go:build wasip1

package main

import "github.com/mnemohq/mnemo/plugins/sdk"

func init() { sdk.Register(newPlugin()) }
