package main

import "github.com/mnemohq/mnemo/plugins/sdk"

// version is the plugin's version, reported by mnemo_describe.
const version = "1.0.0"

// plugin returns the rule-extractor's description and handlers.
func plugin() sdk.Plugin {
	return sdk.Plugin{
		Name:            "rule-extractor",
		Version:         version,
		Description:     "Offline extraction and resolution without an LLM: speakers, names, relation patterns, dates.",
		Extract:         extract,
		ResolveEntities: resolveEntities,
		ResolveFacts:    resolveFacts,
	}
}

//lint:file-ignore U1000 version and plugin are used by the wasip1 build (main.go)
