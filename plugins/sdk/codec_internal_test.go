package sdk

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/plugins/sdk/internal/wire"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// The generated codec must behave as encoding/json does: accept exactly
// the documents json.Unmarshal accepts, decode them to the same values, and
// encode values to the same bytes as json.Marshal. checkCodec holds it to
// that for one message type; the fuzz test runs it on every message type.

type codecCase struct {
	name  string
	check func(t *testing.T, data []byte)
}

func caseFor[T any](name string, dec func(*wire.Reader, *T), enc func(*wire.Writer, *T)) codecCase {
	return codecCase{name: name, check: func(t *testing.T, data []byte) {
		t.Helper()
		var want T
		stdErr := json.Unmarshal(data, &want)
		got, err := decode(data, dec)
		if (stdErr == nil) != (err == nil) {
			t.Fatalf("decode %s %q: error %v, encoding/json: %v", name, data, err, stdErr)
		}
		if stdErr != nil {
			return
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("decode %s %q differs from encoding/json (-json +codec):\n%s", name, data, diff)
		}
		wantOut, stdErr := json.Marshal(&want)
		var w wire.Writer
		enc(&w, &want)
		if (stdErr == nil) != (w.Err() == nil) {
			t.Fatalf("encode %s %+v: error %v, encoding/json: %v", name, want, w.Err(), stdErr)
		}
		if stdErr == nil && !bytes.Equal(w.Bytes(), wantOut) {
			t.Fatalf("encode %s %+v:\n got %s\nwant %s", name, want, w.Bytes(), wantOut)
		}
	}}
}

var codecCases = []codecCase{
	caseFor("Describe", decodeDescribe, encodeDescribe),
	caseFor("Error", decodeError, encodeError),
	caseFor("ExtractRequest", decodeExtractRequest, encodeExtractRequest),
	caseFor("ExtractResponse", decodeExtractResponse, encodeExtractResponse),
	caseFor("ResolveEntitiesRequest", decodeResolveEntitiesRequest, encodeResolveEntitiesRequest),
	caseFor("ResolveEntitiesResponse", decodeResolveEntitiesResponse, encodeResolveEntitiesResponse),
	caseFor("ResolveFactsRequest", decodeResolveFactsRequest, encodeResolveFactsRequest),
	caseFor("ResolveFactsResponse", decodeResolveFactsResponse, encodeResolveFactsResponse),
	caseFor("RerankRequest", decodeRerankRequest, encodeRerankRequest),
	caseFor("RerankResponse", decodeRerankResponse, encodeRerankResponse),
	caseFor("SummarizeRequest", decodeSummarizeRequest, encodeSummarizeRequest),
	caseFor("SummarizeResponse", decodeSummarizeResponse, encodeSummarizeResponse),
	caseFor("LLMRequest", decodeLLMRequest, encodeLLMRequest),
	caseFor("LLMResponse", decodeLLMResponse, encodeLLMResponse),
	caseFor("EmbedRequest", decodeEmbedRequest, encodeEmbedRequest),
	caseFor("EmbedResponse", decodeEmbedResponse, encodeEmbedResponse),
}

// codecSeeds are documents of the ABI (from docs/plugins.md) and the
// corners where a JSON decoder may differ from encoding/json.
var codecSeeds = []string{
	`{"name":"keyword-boost","version":"1.0.0","abi_version":1,"description":"boosts candidates whose text contains configured keywords","capabilities":["rerank"],"imports":["log"]}`,
	`{"group_id":"acme","episode":{"uuid":"0195a4c2","name":"chat 12","source":"message","source_description":"support chat","content":"alice: I moved to Lisbon last month.","reference_time":"2025-03-14T09:26:53+01:00"},"previous":[{"source":"message","content":"bob: where do you live now?","reference_time":"2025-03-14T09:25:00+01:00"}],"ontology":{"entity_types":[{"name":"Person","description":"a human","attributes":[{"name":"role"}]}],"fact_types":[{"name":"LIVES_IN","source_types":["Person"],"target_types":["City"]}],"excluded_entity_types":["Date"],"instructions":"Prefer full names."}}`,
	`{"entities":[{"name":"alice","type":"Person","summary":"moved to Lisbon","attributes":{"role":"customer","age":41,"tags":["a",null,true],"nested":{"x":1.5e-7}}},{"name":"Lisbon","type":"City"}],"facts":[{"source":"alice","target":"Lisbon","relation":"LIVES_IN","fact":"alice lives in Lisbon","valid_at":"2025-02-01T00:00:00+01:00"}],"warnings":[]}`,
	`{"group_id":"acme","questions":[{"id":3,"fact":{"relation":"LIVES_IN","fact":"alice lives in Lisbon","source":"alice","target":"Lisbon","source_uuid":"e-17","target_uuid":"e-40"},"existing":[],"related":[{"uuid":"f-9","relation":"LIVES_IN","fact":"alice lives in Porto","source":"alice","target":"Porto","valid_at":"2021-06-01T00:00:00Z"}]}]}`,
	`{"answers":[{"id":3,"duplicates":[],"contradicts":["f-9"]}]}`,
	`{"group_id":"acme","query":"where does alice live","scope":"facts","limit":10,"now":"2025-03-14T09:30:00Z","candidates":[{"uuid":"f-9","text":"alice lives in Porto","scores":{"cosine":0.82,"bm25":4.1},"ranks":{"cosine":2,"bm25":1},"mentions":3,"distance":1,"embedding":[0.1,-2.5e-8,3e38]}]}`,
	`{"results":[{"uuid":"f-31","score":0.91},{"uuid":"f-9","score":1e21},{"uuid":"x","score":-0.000001}]}`,
	`{"prompt":"extract","model":"main","messages":[{"role":"system","content":"You extract facts."}],"schema":{"type":"object", "b": [1, 2]},"temperature":0,"max_tokens":800}`,
	`{"schema":null,"temperature":null}`,
	`{"content":"{\"facts\": []}","model":"gpt-4o-mini-2024-07-18"}`, `{"content":"","error":"llm: rate limited"}`,
	`{"vectors":[[0.012,-0.3],[0.2,0.01]],"error":""}`,
	`{"kind":"community","texts":["a <b> & \"c\"\\ \u2028 \ud83d\ude00 \ud800 \u00e9 é \t\n"],"max_chars":1000}`,
	"{\"kind\":\"a\x01b\"}",
	"{\"kind\":\"\xff\xfe ok \xe2\x82\"}",
	`{"KIND":"upper","Texts":["case"],"\u006bind":"escaped key"}`,
	`{"texts":["a","b","c"],"texts":["d"],"texts":["e","f"]}`,
	`{"questions":[{"id":1,"candidates":[{"uuid":"a","labels":["x","y"]}]}],"questions":[{"candidates":[{"name":"b"}]}]}`,
	`{"ontology":{"instructions":"a"},"ontology":{"entity_types":[]}}`,
	`{"scores":{"a":1},"candidates":[{"scores":{"a":1,"b":null},"ranks":null}]}`,
	`{"limit":1.0}`, `{"limit":1e2}`, `{"limit":-0}`, `{"limit":99999999999999999999}`, `{"score":1e400}`,
	`{"embedding":[1e39]}`, `{"candidates":[{"embedding":[1e39]}]}`,
	`{"kind":null,"texts":null}`, `{"texts":[null,"x"]}`, `null`, ` {} `, `{}x`, `[]`, `"s"`, `{"a":}`, `{"a":1,}`, `{,}`,
	`{"kind":"\u12"}`, `{"kind":"\q"}`, `{"limit":01}`, `{"limit":-}`, `{"limit":1.}`, `{"limit":1e}`, `{"limit":tru}`,
	`{"max_chars":"1"}`, `{"texts":"x"}`, `{"texts":{}}`, `{"kind":1}`, `{"kind":true}`, `{"unknown":[{"deep":[[[{}]]]}],"kind":"k"}`,
	`{"attributes":{"a":{"b":[1,"2",false,null]}}}`, `{"entities":[{"attributes":{"a":1},"attributes":{"b":2}}]}`,
	``, ` `, `{"kind":"x"`, `{"texts":["x"`,
}

func TestCodecMatchesEncodingJSON(t *testing.T) {
	for _, c := range codecCases {
		t.Run(c.name, func(t *testing.T) {
			for _, s := range codecSeeds {
				c.check(t, []byte(s))
			}
		})
	}
}

func FuzzCodec(f *testing.F) {
	for _, s := range codecSeeds {
		for i := range codecCases {
			f.Add(uint8(i), []byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		codecCases[int(which)%len(codecCases)].check(t, data)
	})
}

// TestCodecEncodesLikeEncodingJSON covers what decoding valid JSON cannot
// produce: invalid UTF-8 in strings, and the floats encoding/json refuses.
func TestCodecEncodesLikeEncodingJSON(t *testing.T) {
	tests := []struct {
		name string
		v    abi.RerankResponse
	}{
		{"invalid UTF-8", abi.RerankResponse{Results: []abi.Scored{{UUID: "a\xffb\xe2\x82", Score: 1}}}},
		{"NaN", abi.RerankResponse{Results: []abi.Scored{{UUID: "a", Score: math.NaN()}}}},
		{"infinity", abi.RerankResponse{Results: []abi.Scored{{UUID: "a", Score: math.Inf(-1)}}}},
		{"nil results", abi.RerankResponse{}},
		{"small and large", abi.RerankResponse{Results: []abi.Scored{{Score: 1e-7}, {Score: 123456789e20}, {Score: -1e-320}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, wantErr := json.Marshal(&tt.v)
			var w wire.Writer
			encodeRerankResponse(&w, &tt.v)
			if (wantErr == nil) != (w.Err() == nil) {
				t.Fatalf("encode error = %v, encoding/json: %v", w.Err(), wantErr)
			}
			if wantErr == nil && !bytes.Equal(w.Bytes(), want) {
				t.Errorf("encode = %s, want %s", w.Bytes(), want)
			}
		})
	}
}

// TestCodecGenerated fails while codec_gen.go differs from what
// internal/tools/abicodec writes for the current message types.
func TestCodecGenerated(t *testing.T) {
	want, err := exec.Command("go", "run", "../../internal/tools/abicodec").Output()
	if err != nil {
		t.Fatalf("go run abicodec: %v\n%s", err, exitStderr(err))
	}
	got, err := os.ReadFile("codec_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("codec_gen.go is stale: run go generate ./plugins/sdk/")
	}
}

func exitStderr(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}
