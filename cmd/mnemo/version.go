package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
)

// version is set at link time by release builds (-X main.version=...).
var version = "dev"

func runVersion(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("version", "", "Print the version.")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	rev := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				rev = " (" + s.Value[:12] + ")"
			}
		}
	}
	fmt.Fprintf(g.stdout, "mnemo %s%s %s %s/%s\n", version, rev, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return 0
}
