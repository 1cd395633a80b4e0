//go:build wasip1

package main

import "mnemo/plugins/sdk"

func init() { sdk.Register(newPlugin()) }
