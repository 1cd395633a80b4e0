package wasm_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// These tests load tiny modules assembled here byte by byte, as a non-Go
// toolchain would emit them: no WASI imports, no _initialize, answers kept
// in data segments. They show that the host needs nothing from a plugin
// beyond docs/plugins.md, and exercise the import and export checks.

// tinyModule describes a module to assemble.
type tinyModule struct {
	imports  []tinyImport
	describe string            // placed at offset 1024
	answer   string            // placed at offset 2048; every capability returns it
	exports  map[string]string // export name -> function kind (see funcs below)
	// probe, when set, makes function kind "probe" call host function
	// probe.fn (the module's only import) with (ptr, len) and answer with
	// answer if it returns want, or with a failure otherwise.
	probe *hostProbe
}

type tinyImport struct {
	module, name string
	typ          byte // 4 unless set
}

type hostProbe struct {
	fn       string
	ptr, len uint32
	want     int32
	atLeast  bool // the call must return want or more, not exactly want
}

// probeFailure is the answer of a probe whose host call returned
// something else than expected; it sits at offset 3072.
const probeFailure = `{"error":"the host function returned an unexpected code"}`

// Function kinds: name -> (type index, body).
var tinyFuncs = map[string]struct {
	typ  byte
	body []byte
}{
	"abi_version":     {0, []byte{0x41, 0x01}},                               // i32.const 1
	"abi_version_2":   {0, []byte{0x41, 0x02}},                               // i32.const 2
	"alloc":           {1, []byte{0x41, 0x80, 0x20}},                         // i32.const 4096
	"alloc_i64":       {5, []byte{0x42, 0x80, 0x20}},                         // (i64) -> i64: i64.const 4096
	"describe":        {2, nil},                                              // i64.const packed(1024, len(describe))
	"capability":      {3, nil},                                              // i64.const packed(2048, len(answer))
	"capability_loop": {3, []byte{0x03, 0x40, 0x0c, 0x00, 0x0b, 0x42, 0x00}}, // loop br 0 end; i64.const 0
	"probe":           {3, nil},                                              // see tinyModule.probe
}

func uleb(v uint64) []byte {
	var out []byte
	for {
		b := byte(v & 0x7f)
		v >>= 7
		if v != 0 {
			out = append(out, b|0x80)
			continue
		}
		return append(out, b)
	}
}

func sleb(v int64) []byte {
	var out []byte
	for {
		b := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && b&0x40 == 0) || (v == -1 && b&0x40 != 0) {
			return append(out, b)
		}
		out = append(out, b|0x80)
	}
}

func name(s string) []byte { return append(uleb(uint64(len(s))), s...) }

func section(id byte, items ...[]byte) []byte {
	body := uleb(uint64(len(items)))
	for _, it := range items {
		body = append(body, it...)
	}
	return append(append([]byte{id}, uleb(uint64(len(body)))...), body...)
}

func (m tinyModule) assemble() []byte {
	out := []byte{0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00}
	out = append(out, section(1,
		[]byte{0x60, 0x00, 0x01, 0x7f},             // 0: () -> i32
		[]byte{0x60, 0x01, 0x7f, 0x01, 0x7f},       // 1: (i32) -> i32
		[]byte{0x60, 0x00, 0x01, 0x7e},             // 2: () -> i64
		[]byte{0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7e}, // 3: (i32, i32) -> i64
		[]byte{0x60, 0x00, 0x00},                   // 4: () -> ()
		[]byte{0x60, 0x01, 0x7e, 0x01, 0x7e},       // 5: (i64) -> i64
		[]byte{0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f}, // 6: (i32, i32) -> i32
	)...)
	if m.probe != nil {
		m.imports = []tinyImport{{module: "mnemo", name: m.probe.fn, typ: 6}}
	}
	if len(m.imports) > 0 {
		var items [][]byte
		for _, im := range m.imports {
			typ := im.typ
			if typ == 0 {
				typ = 4
			}
			items = append(items, append(append(name(im.module), name(im.name)...), 0x00, typ))
		}
		out = append(out, section(2, items...)...)
	}
	names := make([]string, 0, len(m.exports))
	for n := range m.exports {
		names = append(names, n)
	}
	var types, bodies, exports [][]byte
	exports = append(exports, append(name("memory"), 0x02, 0x00))
	for i, n := range names {
		f := tinyFuncs[m.exports[n]]
		body := f.body
		switch m.exports[n] {
		case "describe":
			body = append([]byte{0x42}, sleb(int64(abi.Pack(1024, uint32(len(m.describe)))))...)
		case "capability":
			body = append([]byte{0x42}, sleb(int64(abi.Pack(2048, uint32(len(m.answer)))))...)
		case "probe":
			// call host(ptr, len); i32.const want; i32.eq;
			// if (result i64) answer else failure end
			body = append([]byte{0x41}, sleb(int64(int32(m.probe.ptr)))...)
			body = append(append(body, 0x41), sleb(int64(int32(m.probe.len)))...)
			body = append(body, 0x10, 0x00, 0x41)
			body = append(body, sleb(int64(m.probe.want))...)
			cmp := byte(0x46) // i32.eq
			if m.probe.atLeast {
				cmp = 0x4e // i32.ge_s
			}
			body = append(body, cmp, 0x04, 0x7e, 0x42)
			body = append(body, sleb(int64(abi.Pack(2048, uint32(len(m.answer)))))...)
			body = append(body, 0x05, 0x42)
			body = append(body, sleb(int64(abi.Pack(3072, uint32(len(probeFailure)))))...)
			body = append(body, 0x0b)
		}
		types = append(types, []byte{f.typ})
		code := append(append([]byte{0x00}, body...), 0x0b) // no locals, body, end
		bodies = append(bodies, append(uleb(uint64(len(code))), code...))
		exports = append(exports, append(append(name(n), 0x00), uleb(uint64(len(m.imports)+i))...))
	}
	out = append(out, section(3, types...)...)
	out = append(out, section(5, []byte{0x00, 0x01})...) // one memory, min 1 page
	out = append(out, section(7, exports...)...)
	out = append(out, section(10, bodies...)...)
	segment := func(offset int64, data string) []byte {
		s := append([]byte{0x00, 0x41}, sleb(offset)...)
		s = append(s, 0x0b)
		return append(s, name(data)...)
	}
	out = append(out, section(11, segment(1024, m.describe), segment(2048, m.answer), segment(3072, probeFailure))...)
	return out
}

// validTiny is a rerank plugin of ABI version 1.
func validTiny() tinyModule {
	return tinyModule{
		describe: `{"name":"tiny","version":"1","abi_version":1,"capabilities":["rerank"]}`,
		answer:   `{"results":[{"uuid":"b","score":2},{"uuid":"a","score":1}]}`,
		exports: map[string]string{
			abi.ExportABIVersion: "abi_version",
			abi.ExportAlloc:      "alloc",
			abi.ExportDescribe:   "describe",
			"mnemo_rerank":       "capability",
		},
	}
}

func TestHandAssembledModule(t *testing.T) {
	p, err := shared(t).Load(context.Background(), "tiny", validTiny().assemble(), wasm.Manifest{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close(context.Background())
	r, err := wasm.NewReranker(p, "g")
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Rerank(context.Background(), core.RerankRequest{Candidates: []core.RerankCandidate{{UUID: "a"}, {UUID: "b"}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != (core.Scored{UUID: "b", Score: 2}) || got[1] != (core.Scored{UUID: "a", Score: 1}) {
		t.Errorf("Rerank() = %+v, want b then a", got)
	}
}

func TestHandAssembledModuleLoops(t *testing.T) {
	m := validTiny()
	m.exports["mnemo_rerank"] = "capability_loop"
	p, err := shared(t).Load(context.Background(), "tiny-loop", m.assemble(), wasm.Manifest{CallTimeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close(context.Background())
	_, err = p.Call(context.Background(), abi.CapRerank, []byte(`{}`))
	wantPluginError(t, err, "tiny-loop", "mnemo_rerank", context.DeadlineExceeded)
}

func TestLoadChecksImportsAndExports(t *testing.T) {
	tests := []struct {
		name   string
		change func(*tinyModule)
		fn     string
		want   string
	}{
		{"foreign import", func(m *tinyModule) { m.imports = []tinyImport{{module: "env", name: "abort"}} }, "compile", "imports env.abort"},
		{"unknown host function", func(m *tinyModule) { m.imports = []tinyImport{{module: "mnemo", name: "shell"}} }, "compile", "imports mnemo.shell"},
		{"host function with the wrong signature", func(m *tinyModule) { m.imports = []tinyImport{{module: "mnemo", name: "log"}} }, "compile", "mnemo.log with signature ()"},
		{"WASI function the host lacks", func(m *tinyModule) {
			m.imports = []tinyImport{{module: "wasi_snapshot_preview1", name: "sock_open"}}
		}, "compile", "imports wasi_snapshot_preview1.sock_open, which is not part of WASI"},
		{"WASI function with the wrong signature", func(m *tinyModule) {
			m.imports = []tinyImport{{module: "wasi_snapshot_preview1", name: "fd_write"}}
		}, "compile", "fd_write with signature ()"},
		{"missing alloc", func(m *tinyModule) { delete(m.exports, abi.ExportAlloc) }, "compile", "does not export mnemo_alloc"},
		{"alloc with the wrong signature", func(m *tinyModule) { m.exports[abi.ExportAlloc] = "alloc_i64" }, "compile", "mnemo_alloc with signature (i64) -> i64, want (i32) -> i32"},
		{"capability with the wrong signature", func(m *tinyModule) { m.exports["mnemo_extract"] = "describe" }, "compile", "mnemo_extract with signature () -> i64"},
		{"other ABI version", func(m *tinyModule) { m.exports[abi.ExportABIVersion] = "abi_version_2" }, abi.ExportABIVersion, "ABI version 2"},
		{"describe lists a missing export", func(m *tinyModule) {
			m.describe = `{"name":"tiny","version":"1","abi_version":1,"capabilities":["rerank","summarize"]}`
		}, abi.ExportDescribe, "does not export mnemo_summarize"},
		{"describe lists an unknown capability", func(m *tinyModule) {
			m.describe = `{"name":"tiny","version":"1","abi_version":1,"capabilities":["fly"]}`
		}, abi.ExportDescribe, `unknown capability "fly"`},
		{"describe without a name", func(m *tinyModule) {
			m.describe = `{"version":"1","abi_version":1,"capabilities":[]}`
		}, abi.ExportDescribe, "no name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := validTiny()
			tt.change(&m)
			_, err := shared(t).Load(context.Background(), "tiny", m.assemble(), wasm.Manifest{})
			wantPluginError(t, err, "tiny", tt.fn, core.ErrInvalid)
			if err != nil && !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load() = %q, want it to contain %q", err, tt.want)
			}
		})
	}
}

// TestHostFunctionsCheckTheirArguments calls the host functions with
// pointers outside memory, oversized requests and calls out of order, from
// a module with no SDK to keep it honest; each must return its documented
// code, and nothing else may happen.
func TestHostFunctionsCheckTheirArguments(t *testing.T) {
	tests := []struct {
		name  string
		probe hostProbe
		m     wasm.Manifest
	}{
		{"request outside memory", hostProbe{fn: abi.HostLLMComplete, ptr: 0xfffffff0, len: 16, want: abi.ErrBadMemory}, wasm.Manifest{AllowLLM: true}},
		{"request running past the end of memory", hostProbe{fn: abi.HostEmbed, ptr: 65530, len: 100, want: abi.ErrBadMemory}, wasm.Manifest{AllowEmbed: true}},
		{"not granted", hostProbe{fn: abi.HostLLMComplete, ptr: 1024, len: 10, want: abi.ErrDenied}, wasm.Manifest{AllowEmbed: true}},
		{"request over the size limit", hostProbe{fn: abi.HostEmbed, len: 2 << 20, want: abi.ErrTooLarge}, wasm.Manifest{AllowEmbed: true, MaxMessageBytes: 1 << 20}},
		{"read with nothing pending", hostProbe{fn: abi.HostResultRead, ptr: 1024, len: 10, want: abi.ErrNoResult}, wasm.Manifest{}},
		// 4 bytes of the describe answer, `{"na`, do not decode: that is a
		// result with an "error" member, not an ABI error.
		{"request that is not JSON is an error result", hostProbe{fn: abi.HostLLMComplete, ptr: 1024, len: 4, want: 1, atLeast: true}, wasm.Manifest{AllowLLM: true}},
	}
	llm := &scriptedLLM{}
	rt := openRuntime(t, wasm.Options{LLM: llm, Embedder: lengthEmbedder{dim: 2}})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := validTiny()
			m.exports["mnemo_rerank"] = "probe"
			probe := tt.probe
			m.probe = &probe
			p, err := rt.Load(context.Background(), "probe", m.assemble(), tt.m)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close(context.Background())
			if _, err := p.Call(context.Background(), abi.CapRerank, []byte(`{}`)); err != nil {
				t.Errorf("%s(%#x, %d) did not return %d: %v", probe.fn, probe.ptr, probe.len, probe.want, err)
			}
		})
	}
	if len(llm.reqs) != 0 {
		t.Errorf("the LLM saw %d requests, want none", len(llm.reqs))
	}
}
