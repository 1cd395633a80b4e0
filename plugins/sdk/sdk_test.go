package sdk_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

var plugin = sdk.Plugin{
	Name:    "test",
	Version: "0.1.0",
	Imports: []string{abi.HostEmbed},
	Configure: func(c []byte) error {
		if string(c) != `{"ok":true}` {
			return errors.New("want ok")
		}
		return nil
	},
	Rerank: func(req abi.RerankRequest) (abi.RerankResponse, error) {
		switch req.Query {
		case "fail":
			return abi.RerankResponse{}, errors.New("no can do")
		case "panic":
			var m map[string]int
			//lint:ignore SA5000 the handler panics with a runtime error on purpose
			m["boom"]++ // a nil map write panics
		}
		out := abi.RerankResponse{Results: []abi.Scored{}}
		for i := len(req.Candidates) - 1; i >= 0; i-- {
			out.Results = append(out.Results, abi.Scored{UUID: req.Candidates[i].UUID, Score: float64(i)})
		}
		return out, nil
	},
}

func TestCall(t *testing.T) {
	tests := []struct {
		name    string
		fn      string
		in      string
		want    string
		wantErr string
	}{
		{name: "describe", fn: sdk.FuncDescribe, want: `{"name":"test","version":"0.1.0","abi_version":1,"capabilities":["rerank"],"imports":["embed"]}`},
		{name: "configure", fn: sdk.FuncConfigure, in: `{"ok":true}`, want: `{}`},
		{name: "configure rejected", fn: sdk.FuncConfigure, in: `{}`, wantErr: "want ok"},
		{name: "rerank", fn: abi.CapRerank, in: `{"candidates":[{"uuid":"a"},{"uuid":"b"}]}`, want: `{"results":[{"uuid":"b","score":1},{"uuid":"a","score":0}]}`},
		{name: "handler error", fn: abi.CapRerank, in: `{"query":"fail"}`, wantErr: "no can do"},
		{name: "handler panic", fn: abi.CapRerank, in: `{"query":"panic"}`, wantErr: "plugin panicked in rerank: assignment to entry in nil map"},
		{name: "request does not decode", fn: abi.CapRerank, in: `{"candidates":7}`, wantErr: "decode rerank request"},
		{name: "missing capability", fn: abi.CapExtract, in: `{}`, wantErr: "plugin has no extract capability"},
		{name: "unknown function", fn: "fly", in: `{}`, wantErr: `unknown function "fly"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := sdk.Call(plugin, tt.fn, []byte(tt.in))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Call(%s, %s) = %s, %v; want error containing %q", tt.fn, tt.in, got, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Call(%s, %s) = %v", tt.fn, tt.in, err)
			}
			if string(got) != tt.want {
				t.Errorf("Call(%s, %s) = %s, want %s", tt.fn, tt.in, got, tt.want)
			}
		})
	}
}

func TestConfigureWithoutHandler(t *testing.T) {
	p := sdk.Plugin{Name: "plain"}
	if _, err := sdk.Call(p, sdk.FuncConfigure, nil); err != nil {
		t.Errorf("empty configuration = %v, want accepted", err)
	}
	if _, err := sdk.Call(p, sdk.FuncConfigure, []byte(`{"a":1}`)); err == nil || !strings.Contains(err.Error(), "takes no configuration") {
		t.Errorf("configuration for a plugin without Configure = %v, want refused", err)
	}
}

func TestDescribeCapabilities(t *testing.T) {
	noop := func(abi.SummarizeRequest) (abi.SummarizeResponse, error) { return abi.SummarizeResponse{}, nil }
	p := sdk.Plugin{Name: "x", Summarize: noop, Extract: func(abi.ExtractRequest) (abi.ExtractResponse, error) { return abi.ExtractResponse{}, nil }}
	out, err := sdk.Call(p, sdk.FuncDescribe, nil)
	if err != nil {
		t.Fatal(err)
	}
	var d abi.Describe
	if err := json.Unmarshal(out, &d); err != nil {
		t.Fatal(err)
	}
	want := abi.Describe{Name: "x", ABIVersion: abi.Version, Capabilities: []string{abi.CapExtract, abi.CapSummarize}}
	if diff := cmp.Diff(want, d); diff != "" {
		t.Errorf("describe mismatch (-want +got):\n%s", diff)
	}
}

func TestHostFunctionsOutsideHost(t *testing.T) {
	if _, err := sdk.Complete(abi.LLMRequest{Prompt: "p"}); !errors.Is(err, sdk.ErrNoHost) {
		t.Errorf("Complete() = %v, want ErrNoHost", err)
	}
	if _, err := sdk.Embed([]string{"a"}); !errors.Is(err, sdk.ErrNoHost) {
		t.Errorf("Embed() = %v, want ErrNoHost", err)
	}
	sdk.Log(abi.LogInfo, "ignored") // must not panic
}
