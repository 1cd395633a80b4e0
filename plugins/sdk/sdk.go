// Package sdk is the guest side of mnemo's plugin ABI for plugins written in
// Go. A plugin is a package main built with
//
//	GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared -o plugin.wasm .
//
// that registers its handlers from init (a reactor module's main never
// runs):
//
//	func init() {
//		sdk.Register(sdk.Plugin{
//			Name:    "my-extractor",
//			Version: "1.0.0",
//			Extract: extract,
//		})
//	}
//
// Handlers are plain Go functions over the message types of package
// wasm/abi, so a plugin's logic is unit-tested on the host with go test;
// only the export glue (sdk_wasip1.go) is specific to WebAssembly.
package sdk

import (
	"errors"

	"mnemo/wasm/abi"
)

// Plugin describes a plugin and its handlers. A nil handler is a capability
// the plugin does not have.
type Plugin struct {
	Name        string
	Version     string
	Description string
	// Imports lists the host functions the plugin uses (abi.HostLLMComplete,
	// abi.HostEmbed); the host grants only what the operator allows.
	Imports []string

	// Configure receives the plugin's configuration (JSON) once per instance
	// before any other call.
	Configure func(config []byte) error

	Extract         func(abi.ExtractRequest) (abi.ExtractResponse, error)
	ResolveEntities func(abi.ResolveEntitiesRequest) (abi.ResolveEntitiesResponse, error)
	ResolveFacts    func(abi.ResolveFactsRequest) (abi.ResolveFactsResponse, error)
	Rerank          func(abi.RerankRequest) (abi.RerankResponse, error)
	Summarize       func(abi.SummarizeRequest) (abi.SummarizeResponse, error)
}

// Capabilities lists the capabilities p has, in ABI order.
func (p *Plugin) Capabilities() []string {
	var caps []string
	if p.Extract != nil {
		caps = append(caps, abi.CapExtract)
	}
	if p.ResolveEntities != nil {
		caps = append(caps, abi.CapResolveEntities)
	}
	if p.ResolveFacts != nil {
		caps = append(caps, abi.CapResolveFacts)
	}
	if p.Rerank != nil {
		caps = append(caps, abi.CapRerank)
	}
	if p.Summarize != nil {
		caps = append(caps, abi.CapSummarize)
	}
	return caps
}

// Describe returns p's describe answer.
func (p *Plugin) Describe() abi.Describe {
	return abi.Describe{
		Name:         p.Name,
		Version:      p.Version,
		ABIVersion:   abi.Version,
		Description:  p.Description,
		Capabilities: p.Capabilities(),
		Imports:      p.Imports,
	}
}

// ErrNoHost is returned by host functions called outside a mnemo host (in a
// host-side unit test, for example).
var ErrNoHost = errors.New("sdk: no mnemo host")
