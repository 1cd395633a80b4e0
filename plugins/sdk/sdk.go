package sdk

import (
	"errors"

	"github.com/mnemohq/mnemo/wasm/abi"
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
	// before any other call. A nil Configure accepts only an empty
	// configuration. Its error fails the load of the plugin.
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

// registered is the plugin the exports serve. It is package state because a
// WebAssembly module has exactly one set of exports; see Register.
var registered *Plugin

// Register makes p the plugin this module's exports serve. Call it once,
// from an init function of the plugin's main package. A second call panics:
// a module is one plugin.
func Register(p Plugin) {
	if registered != nil {
		panic("sdk: Register called twice; a module is one plugin")
	}
	registered = &p
}

// ErrNoHost is returned by host functions called outside a mnemo host (in a
// host-side unit test, for example).
var ErrNoHost = errors.New("sdk: no mnemo host")

// Errors of the host functions, from their negative return codes.
var (
	// ErrDenied reports that the plugin's manifest does not grant the host
	// function (abi.ErrDenied).
	ErrDenied = errors.New("sdk: host function not granted to this plugin")
	// ErrTooLarge reports a request or result over the host's message size
	// limit (abi.ErrTooLarge).
	ErrTooLarge = errors.New("sdk: message too large for the host")
	// ErrLimit reports that the plugin has used up its budget of host calls
	// for the current call (abi.ErrLimit).
	ErrLimit = errors.New("sdk: host call budget used up")
	// ErrHost reports any other negative return of a host function
	// (abi.ErrBadMemory, abi.ErrNoResult): a bug in the SDK or the host.
	ErrHost = errors.New("sdk: host function failed")
)
