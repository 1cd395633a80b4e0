package wasm_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// scriptedLLM is a core.LLM answering with the upper-cased last message. It
// records the requests and adds usage to the core.Meter of the context, as
// the host's real client does. (Once the project's OpenAI-compatible test
// server is available, TestHostFunctions can run against it through the
// host's client instead.)
type scriptedLLM struct {
	mu   sync.Mutex
	reqs []core.CompletionRequest
	err  error
}

func (l *scriptedLLM) Complete(ctx context.Context, req core.CompletionRequest) (core.Completion, error) {
	l.mu.Lock()
	l.reqs = append(l.reqs, req)
	l.mu.Unlock()
	if l.err != nil {
		return core.Completion{}, l.err
	}
	core.MeterFrom(ctx).Add(req.Prompt, core.Usage{Calls: 1, PromptTokens: 10, CompletionTokens: 2})
	return core.Completion{Content: strings.ToUpper(req.Messages[len(req.Messages)-1].Content), Model: "scripted"}, nil
}

// lengthEmbedder is a core.Embedder whose vectors have Dimension entries
// equal to the text's length.
type lengthEmbedder struct{ dim int }

func (e lengthEmbedder) Dimension() int { return e.dim }

func (e lengthEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = make([]float32, e.dim)
		for j := range out[i] {
			out[i][j] = float32(len(t))
		}
	}
	return out, nil
}

// syncBuffer is a goroutine-safe log sink.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func TestHostFunctions(t *testing.T) {
	llm := &scriptedLLM{}
	var logs syncBuffer
	rt := openRuntime(t, wasm.Options{
		LLM:      llm,
		Embedder: lengthEmbedder{dim: 3},
		Logger:   slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	})
	p := load(t, rt, "hostcalls", wasm.Manifest{AllowLLM: true, AllowEmbed: true})
	x, err := wasm.NewExtractor(p)
	if err != nil {
		t.Fatal(err)
	}
	meter := core.NewMeter()
	ctx := core.WithMeter(context.Background(), meter)
	got, err := x.Extract(ctx, core.ExtractRequest{Episode: core.Episode{UUID: "ep-1", GroupID: "g", Content: "hello", ValidAt: refTime}})
	if err != nil {
		t.Fatal(err)
	}
	// The plugin sees the model the LLM says answered, not the size it asked for.
	want := core.Extraction{Entities: []core.ExtractedEntity{{Name: "HELLO", Attributes: map[string]any{"dims": 3.0, "model": "scripted"}}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Extract() mismatch (-want +got):\n%s", diff)
	}

	wantReq := core.CompletionRequest{
		Prompt:   "hostcalls-extract",
		Model:    core.ModelSmall,
		Messages: []core.Message{{Role: "system", Content: "Answer in JSON."}, {Role: "user", Content: "hello"}},
		Schema:   []byte(`{"type":"object","properties":{"name":{"type":"string"}}}`),
	}
	if diff := cmp.Diff([]core.CompletionRequest{wantReq}, llm.reqs); diff != "" {
		t.Errorf("LLM requests mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]core.Usage{"hostcalls-extract": {Calls: 1, PromptTokens: 10, CompletionTokens: 2}}, meter.Snapshot()); diff != "" {
		t.Errorf("meter of the caller's context mismatch (-want +got):\n%s", diff)
	}
	if !strings.Contains(logs.String(), "extracting ep-1") || !strings.Contains(logs.String(), "plugin=hostcalls") {
		t.Errorf("the plugin's log line is not in the host's log:\n%s", logs.String())
	}
}

func TestHostFunctionsDenied(t *testing.T) {
	rt := openRuntime(t, wasm.Options{LLM: &scriptedLLM{}, Embedder: lengthEmbedder{dim: 3}})
	tests := []struct {
		name string
		m    wasm.Manifest
		want string
	}{
		{"no grants", wasm.Manifest{}, "complete: llm_complete: sdk: host function not granted"},
		{"llm without embed", wasm.Manifest{AllowLLM: true}, "embed: embed: sdk: host function not granted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := load(t, rt, "hostcalls", tt.m)
			x, err := wasm.NewExtractor(p)
			if err != nil {
				t.Fatal(err)
			}
			_, err = x.Extract(context.Background(), core.ExtractRequest{Episode: core.Episode{Content: "hello", ValidAt: refTime}})
			wantPluginError(t, err, "hostcalls", "mnemo_extract", wasm.ErrFailed)
			if err != nil && !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Extract() = %q, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestHostCallBudget(t *testing.T) {
	llm := &scriptedLLM{}
	rt := openRuntime(t, wasm.Options{LLM: llm})
	p := load(t, rt, "hostcalls", wasm.Manifest{AllowLLM: true, MaxHostCalls: 5})
	got := summarize(t, p, abi.SummarizeRequest{})
	if got.Name != "5" || !strings.Contains(got.Summary, "budget") {
		t.Errorf("budget of 5 calls: the plugin made %s calls and then saw %q, want 5 and a budget error", got.Name, got.Summary)
	}
	// The budget is per call: the next call gets a fresh one.
	if got := summarize(t, p, abi.SummarizeRequest{}); got.Name != "5" {
		t.Errorf("second call made %s calls, want 5", got.Name)
	}
	if len(llm.reqs) != 10 {
		t.Errorf("the LLM saw %d requests, want 10", len(llm.reqs))
	}
}

func TestHostLLMErrorReachesPlugin(t *testing.T) {
	tests := []struct {
		name string
		opts wasm.Options
		want string
	}{
		{"llm fails", wasm.Options{LLM: &scriptedLLM{err: errors.New("model overloaded")}}, "model overloaded"},
		{"no llm configured", wasm.Options{}, "no LLM is configured"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := load(t, openRuntime(t, tt.opts), "hostcalls", wasm.Manifest{AllowLLM: true})
			x, err := wasm.NewExtractor(p)
			if err != nil {
				t.Fatal(err)
			}
			_, err = x.Extract(context.Background(), core.ExtractRequest{Episode: core.Episode{Content: "hello", ValidAt: refTime}})
			wantPluginError(t, err, "hostcalls", "mnemo_extract", wasm.ErrFailed)
			if err != nil && !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Extract() = %q, want it to contain %q", err, tt.want)
			}
		})
	}
}
