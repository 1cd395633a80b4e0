//go:build wasip1

// Command keyword-boost is an example third-party mnemo plugin, written
// from docs/plugins.md alone: it uses neither mnemo's SDK nor its packages,
// only the ABI as documented, so it reads like a plugin written outside
// this repository (or in another language).
//
// It reranks search candidates by reciprocal rank fusion of their
// per-method ranks, plus a boost for every configured keyword the
// candidate's text contains. Configuration:
//
//	{"keywords": ["lisbon", "acme"], "boost": 0.05}
//
// Build it as a reactor:
//
//	GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared -o keyword-boost.wasm .
package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"unsafe"
)

// Messages, as docs/plugins.md section 5 defines them (only the members
// this plugin reads or writes).

type describe struct {
	Name         string   `json:"name"`
	Version      string   `json:"version"`
	ABIVersion   int      `json:"abi_version"`
	Description  string   `json:"description"`
	Capabilities []string `json:"capabilities"`
	Imports      []string `json:"imports"`
}

type rerankRequest struct {
	Query      string `json:"query"`
	Limit      int    `json:"limit"`
	Candidates []struct {
		UUID  string         `json:"uuid"`
		Text  string         `json:"text"`
		Ranks map[string]int `json:"ranks"`
	} `json:"candidates"`
}

type scored struct {
	UUID  string  `json:"uuid"`
	Score float64 `json:"score"`
}

type rerankResponse struct {
	Results []scored `json:"results"`
}

type errorAnswer struct {
	Error string `json:"error"`
}

type config struct {
	Keywords []string `json:"keywords"`
	Boost    float64  `json:"boost"`
}

// The plugin's state: its configuration, and the two buffers that cross
// the boundary. Package variables keep them referenced, and Go's garbage
// collector does not move objects, so their addresses stay valid until
// they are replaced (section 2, memory ownership).
var (
	keywords []string
	boost    = 0.1

	input  []byte // filled by the host after mnemo_alloc
	output []byte // the last answer, read by the host after the export returns
)

// main never runs in a reactor; the host calls the exports.
func main() {}

//go:wasmexport mnemo_abi_version
func abiVersion() int32 { return 1 }

//go:wasmexport mnemo_alloc
func alloc(size uint32) uint32 {
	input = make([]byte, size)
	if size == 0 {
		return 0
	}
	return uint32(uintptr(unsafe.Pointer(&input[0])))
}

//go:wasmexport mnemo_describe
func mnemoDescribe() uint64 {
	return answer(describe{
		Name:         "keyword-boost",
		Version:      "1.0.0",
		ABIVersion:   1,
		Description:  "boosts candidates whose text contains configured keywords",
		Capabilities: []string{"rerank"},
		Imports:      []string{"log"},
	})
}

//go:wasmexport mnemo_configure
func configure(ptr, n uint32) uint64 {
	var c config
	if err := json.Unmarshal(request(ptr, n), &c); err != nil {
		return fail("read configuration: " + err.Error())
	}
	if len(c.Keywords) == 0 {
		return fail("configuration has no keywords")
	}
	keywords = keywords[:0]
	for _, k := range c.Keywords {
		keywords = append(keywords, strings.ToLower(k))
	}
	if c.Boost != 0 {
		boost = c.Boost
	}
	return answer(struct{}{})
}

//go:wasmexport mnemo_rerank
func rerank(ptr, n uint32) uint64 {
	var req rerankRequest
	if err := json.Unmarshal(request(ptr, n), &req); err != nil {
		return fail("read rerank request: " + err.Error())
	}
	logLine(0, fmt.Sprintf("candidates=%d keywords=%d", len(req.Candidates), len(keywords)))
	resp := rerankResponse{Results: make([]scored, 0, len(req.Candidates))}
	for _, c := range req.Candidates {
		score := 0.0
		for _, rank := range c.Ranks {
			score += 1 / float64(60+rank)
		}
		text := strings.ToLower(c.Text)
		for _, k := range keywords {
			if strings.Contains(text, k) {
				score += boost
			}
		}
		resp.Results = append(resp.Results, scored{UUID: c.UUID, Score: score})
	}
	sort.SliceStable(resp.Results, func(i, j int) bool { return resp.Results[i].Score > resp.Results[j].Score })
	if req.Limit > 0 && len(resp.Results) > req.Limit {
		resp.Results = resp.Results[:req.Limit]
	}
	return answer(resp)
}

// request returns the message the host wrote into the buffer mnemo_alloc
// handed out. A (ptr, len) that is not that buffer is an empty message.
func request(ptr, n uint32) []byte {
	if n == 0 || len(input) == 0 || ptr != uint32(uintptr(unsafe.Pointer(&input[0]))) || int(n) > len(input) {
		return nil
	}
	return input[:n]
}

// answer encodes v as the export's answer and packs its location: pointer
// in the high 32 bits, length in the low 32 bits. Every export returns
// through it, so it also yields to the runtime's other goroutines, among
// them the garbage collector's workers, which Go does not run once the
// export has returned (docs/plugins.md, section 9).
func answer(v any) uint64 {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(errorAnswer{Error: "encode answer: " + err.Error()})
	}
	runtime.Gosched()
	output = b
	return uint64(uintptr(unsafe.Pointer(&output[0])))<<32 | uint64(len(output))
}

func fail(msg string) uint64 { return answer(errorAnswer{Error: msg}) }

//go:wasmimport mnemo log
func hostLog(level int32, ptr unsafe.Pointer, n uint32)

// logLine writes msg to the host's log (level 0 debug to 3 error).
func logLine(level int32, msg string) {
	if msg != "" {
		hostLog(level, unsafe.Pointer(unsafe.StringData(msg)), uint32(len(msg)))
	}
}
