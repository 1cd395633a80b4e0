// Package wire reads and writes the JSON of mnemo's plugin ABI inside a
// plugin, for the codec the SDK generates for the message types of
// github.com/mnemohq/mnemo/wasm/abi (plugins/sdk/codec_gen.go).
//
// It exists because encoding/json is slow where a Go plugin runs. Go
// compiled to WebAssembly turns every jump back to the start of a loop
// into a branch to its function's dispatch loop, and the host checks its
// deadline at each of them, so a loop costs tens of nanoseconds per
// iteration whatever its body does. encoding/json validates and scans
// every byte through an indirect call and decodes by reflection, which
// made a 1 KiB call cost 40 times the raw call and a 64 KiB one 230 times
// (docs/plugins.md, "Costs"). Reader and Writer scan strings eight bytes
// per iteration (SWAR: the bytes that need attention are found with word
// arithmetic), copy runs of plain bytes in one memmove, and never reflect;
// the generated code walks the message types field by field.
//
// The result is the same as encoding/json's, byte for byte, and a fuzz
// test holds it to that: Reader accepts exactly the documents
// json.Unmarshal accepts and decodes them to the same values (member names
// matched exactly, then case-insensitively; invalid UTF-8 and lone
// surrogates replaced by U+FFFD; null leaving strings, numbers and structs
// unchanged; duplicate members merged the same way), and Writer writes what
// json.Marshal writes (HTML characters escaped, map keys sorted, floats
// formatted alike, NaN and infinities refused). Plugins in other languages
// see the same JSON.
//
// A Reader or Writer is used by one goroutine; neither is safe for
// concurrent use.
package wire
