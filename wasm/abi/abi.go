// Package abi defines mnemo's plugin ABI: the version, the names of the
// functions a plugin exports and imports, and the JSON messages that cross
// the boundary. It is a leaf imported by both the host (package wasm) and
// the guest SDK (package plugins/sdk); docs/plugins.md describes the same
// contract for plugin authors in any language.
//
// The message types carry json tags because they are a wire format; field
// names are snake_case, times are RFC 3339 strings, absent optional fields
// are omitted.
package abi

// Version is the ABI version. A plugin's mnemo_abi_version export must
// return it exactly, or the host refuses to load the plugin.
const Version = 1

// Exports a plugin may define. mnemo_abi_version, mnemo_alloc and
// mnemo_describe are required; the capability exports are optional and
// listed in the describe answer.
//
//	mnemo_abi_version() -> i32
//	mnemo_alloc(size i32) -> i32 (pointer to size writable bytes)
//	mnemo_describe() -> i64
//	mnemo_configure(ptr i32, len i32) -> i64
//	mnemo_<capability>(ptr i32, len i32) -> i64
//
// An i64 result packs the answer's location in the plugin's memory:
// pointer in the high 32 bits, length in the low 32 bits. The answer is a
// JSON document; an object with a non-empty "error" member is a failure.
const (
	ExportABIVersion = "mnemo_abi_version"
	ExportAlloc      = "mnemo_alloc"
	ExportDescribe   = "mnemo_describe"
	ExportConfigure  = "mnemo_configure"
	ExportPrefix     = "mnemo_"
)

// Capabilities a plugin may export, as named in Describe.Capabilities. The
// export of capability c is ExportPrefix + c.
const (
	CapExtract         = "extract"
	CapResolveEntities = "resolve_entities"
	CapResolveFacts    = "resolve_facts"
	CapRerank          = "rerank"
	CapSummarize       = "summarize"
)

// AllCapabilities lists the capabilities this ABI version defines.
var AllCapabilities = []string{CapExtract, CapResolveEntities, CapResolveFacts, CapRerank, CapSummarize}

// Host functions, imported from module HostModule.
//
//	llm_complete(ptr i32, len i32) -> i32
//	embed(ptr i32, len i32) -> i32
//	result_read(ptr i32, len i32) -> i32
//	log(level i32, ptr i32, len i32)
//
// llm_complete and embed read a JSON request from the plugin's memory and
// return the length of the JSON result, which the plugin then copies into
// memory it owns with result_read: result_read copies at most len bytes of
// the pending result, returns the number copied and discards the result. A
// negative return is an ABI error (see the Err constants); a failed request
// is a result with an "error" member. log never fails: a line the host
// cannot read is dropped.
const (
	HostModule      = "mnemo"
	HostLLMComplete = "llm_complete"
	HostEmbed       = "embed"
	HostResultRead  = "result_read"
	HostLog         = "log"
)

// Negative returns of host functions.
const (
	// ErrBadMemory: a pointer or length lies outside the plugin's memory.
	ErrBadMemory = -1
	// ErrNoResult: result_read was called with no pending result.
	ErrNoResult = -2
	// ErrDenied: the plugin's manifest does not grant this host function.
	ErrDenied = -3
	// ErrTooLarge: the request or result exceeds the message size limit.
	ErrTooLarge = -4
	// ErrLimit: the plugin has used up its budget of llm_complete and embed
	// calls for the current export call.
	ErrLimit = -5
)

// Log levels for the log host function.
const (
	LogDebug = 0
	LogInfo  = 1
	LogWarn  = 2
	LogError = 3
)

// Pack packs a pointer and a length into an i64 result.
func Pack(ptr, n uint32) uint64 { return uint64(ptr)<<32 | uint64(n) }

// Unpack splits an i64 result into a pointer and a length.
func Unpack(v uint64) (ptr, n uint32) { return uint32(v >> 32), uint32(v) }
