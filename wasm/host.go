package wasm

import (
	"bytes"
	"context"
	"log/slog"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// The host functions of module "mnemo". Each runs on the goroutine of the
// call into the plugin, with that call's context: its deadline bounds an LLM
// request, and the core.Meter of the caller's context counts its usage.

// Log limits: a plugin cannot flood the host's log.
const (
	maxLogLine     = 4096 // bytes kept of one line
	maxLogsPerCall = 100  // lines kept of one export call
)

// callState is the host's state of one export call (or instantiation): the
// plugin making it (plugins share the host module), the result waiting for
// result_read and the budgets used so far.
type callState struct {
	p          *Plugin
	pending    []byte
	hasPending bool
	hostCalls  int
	logLines   int
}

type stateKey struct{}

func withState(ctx context.Context, st *callState) context.Context {
	return context.WithValue(ctx, stateKey{}, st)
}

func stateFrom(ctx context.Context) *callState {
	st, _ := ctx.Value(stateKey{}).(*callState)
	return st
}

var hostSignatures = map[string]funcSignature{
	abi.HostLLMComplete: {[]api.ValueType{i32, i32}, []api.ValueType{i32}},
	abi.HostEmbed:       {[]api.ValueType{i32, i32}, []api.ValueType{i32}},
	abi.HostResultRead:  {[]api.ValueType{i32, i32}, []api.ValueType{i32}},
	abi.HostLog:         {[]api.ValueType{i32, i32, i32}, nil},
}

// instantiateHost defines module "mnemo" in a wazero runtime. The plugins
// of the runtime share it: each host function finds the calling plugin in
// the call's state.
func instantiateHost(ctx context.Context, wr wazero.Runtime) error {
	b := wr.NewHostModuleBuilder(abi.HostModule)
	funcs := map[string]api.GoModuleFunc{
		abi.HostLLMComplete: func(ctx context.Context, mod api.Module, stack []uint64) {
			stack[0] = api.EncodeI32(request(ctx, mod, abi.HostLLMComplete, api.DecodeU32(stack[0]), api.DecodeU32(stack[1])))
		},
		abi.HostEmbed: func(ctx context.Context, mod api.Module, stack []uint64) {
			stack[0] = api.EncodeI32(request(ctx, mod, abi.HostEmbed, api.DecodeU32(stack[0]), api.DecodeU32(stack[1])))
		},
		abi.HostResultRead: func(ctx context.Context, mod api.Module, stack []uint64) {
			stack[0] = api.EncodeI32(resultRead(ctx, mod, api.DecodeU32(stack[0]), api.DecodeU32(stack[1])))
		},
		abi.HostLog: func(ctx context.Context, mod api.Module, stack []uint64) {
			if st := stateFrom(ctx); st != nil && st.p != nil {
				st.p.log(ctx, mod, api.DecodeI32(stack[0]), api.DecodeU32(stack[1]), api.DecodeU32(stack[2]))
			}
		},
	}
	names := map[string][]string{
		abi.HostLLMComplete: {"ptr", "len"},
		abi.HostEmbed:       {"ptr", "len"},
		abi.HostResultRead:  {"ptr", "len"},
		abi.HostLog:         {"level", "ptr", "len"},
	}
	for name, fn := range funcs {
		sig := hostSignatures[name]
		b.NewFunctionBuilder().
			WithGoModuleFunction(fn, sig.params, sig.results).
			WithParameterNames(names[name]...).
			Export(name)
	}
	_, err := b.Instantiate(ctx)
	return err
}

// request serves llm_complete and embed: it checks the grant, the size and
// the budget, reads the JSON request, runs it and leaves the JSON result
// pending for result_read. It returns the result's length or an abi.Err
// code.
func request(ctx context.Context, mod api.Module, fn string, ptr, n uint32) int32 {
	st := stateFrom(ctx)
	if st == nil || st.p == nil {
		return abi.ErrDenied
	}
	p := st.p
	st.pending, st.hasPending = nil, false
	granted := fn == abi.HostLLMComplete && p.manifest.AllowLLM || fn == abi.HostEmbed && p.manifest.AllowEmbed
	if !granted {
		p.logger.LogAttrs(ctx, slog.LevelDebug, "host function denied", slog.String("func", fn))
		return abi.ErrDenied
	}
	if int64(n) > int64(p.manifest.MaxMessageBytes) {
		return abi.ErrTooLarge
	}
	view, ok := mod.Memory().Read(ptr, n)
	if !ok {
		return abi.ErrBadMemory
	}
	if st.hostCalls >= p.manifest.MaxHostCalls {
		return abi.ErrLimit
	}
	st.hostCalls++
	req := bytes.Clone(view)

	var result []byte
	if fn == abi.HostLLMComplete {
		result = p.complete(ctx, req)
	} else {
		result = p.embed(ctx, req)
	}
	if len(result) > p.manifest.MaxMessageBytes {
		return abi.ErrTooLarge
	}
	st.pending, st.hasPending = result, true
	return int32(len(result))
}

// resultRead serves result_read: it copies at most n bytes of the pending
// result to ptr and discards the result. On a bad pointer the result stays
// pending.
func resultRead(ctx context.Context, mod api.Module, ptr, n uint32) int32 {
	st := stateFrom(ctx)
	if st == nil || !st.hasPending {
		return abi.ErrNoResult
	}
	k := min(int(n), len(st.pending))
	if !mod.Memory().Write(ptr, st.pending[:k]) {
		return abi.ErrBadMemory
	}
	st.pending, st.hasPending = nil, false
	return int32(k)
}

// complete runs an llm_complete request on the runtime's core.LLM.
func (p *Plugin) complete(ctx context.Context, in []byte) []byte {
	var req abi.LLMRequest
	if err := jsonAPI.Unmarshal(in, &req); err != nil {
		return llmError("decode llm request: " + oneLine(err.Error(), 200))
	}
	llm := p.rt.opts.LLM
	if llm == nil {
		return llmError("no LLM is configured on this host")
	}
	var model core.ModelSize
	switch req.Model {
	case "", string(core.ModelMain):
		model = core.ModelMain
	case string(core.ModelSmall):
		model = core.ModelSmall
	default:
		return llmError("unknown model " + req.Model + ": want main or small")
	}
	creq := core.CompletionRequest{
		Prompt:      req.Prompt,
		Model:       model,
		Messages:    make([]core.Message, len(req.Messages)),
		Temperature: req.Temperature,
		MaxTokens:   req.MaxTokens,
	}
	if creq.Prompt == "" {
		creq.Prompt = p.name
	}
	if len(req.Schema) > 0 && !bytes.Equal(bytes.TrimSpace(req.Schema), []byte("null")) {
		creq.Schema = bytes.Clone(req.Schema)
	}
	for i, m := range req.Messages {
		creq.Messages[i] = core.Message{Role: m.Role, Content: m.Content}
	}
	c, err := llm.Complete(ctx, creq)
	if err != nil {
		p.logger.LogAttrs(ctx, slog.LevelWarn, "plugin llm request failed", slog.String("prompt", creq.Prompt), slog.Any("error", err))
		return llmError(err.Error())
	}
	// The model is the core.LLM's account of who answered (host/llm: the
	// endpoint's name for it, else the configured name for the size), not
	// the size the plugin asked for: a plugin that says which model made
	// something (the llm-extractor's "why" rule) wants the real name.
	return mustMarshal(abi.LLMResponse{Content: c.Content, Model: c.Model})
}

// embed runs an embed request on the runtime's core.Embedder.
func (p *Plugin) embed(ctx context.Context, in []byte) []byte {
	var req abi.EmbedRequest
	if err := jsonAPI.Unmarshal(in, &req); err != nil {
		return mustMarshal(abi.EmbedResponse{Error: "decode embed request: " + oneLine(err.Error(), 200)})
	}
	emb := p.rt.opts.Embedder
	if emb == nil {
		return mustMarshal(abi.EmbedResponse{Error: "no embedder is configured on this host"})
	}
	vecs, err := emb.Embed(ctx, req.Texts)
	if err != nil {
		p.logger.LogAttrs(ctx, slog.LevelWarn, "plugin embed request failed", slog.Any("error", err))
		return mustMarshal(abi.EmbedResponse{Error: err.Error()})
	}
	return mustMarshal(abi.EmbedResponse{Vectors: vecs})
}

func llmError(msg string) []byte { return mustMarshal(abi.LLMResponse{Error: msg}) }

// mustMarshal encodes a host-built result; these types always encode.
func mustMarshal(v any) []byte {
	out, err := jsonAPI.Marshal(v)
	if err != nil {
		out, _ = jsonAPI.Marshal(abi.Error{Error: "encode result: " + err.Error()})
	}
	return out
}

// log serves the log host function.
func (p *Plugin) log(ctx context.Context, mod api.Module, level int32, ptr, n uint32) {
	if st := stateFrom(ctx); st != nil {
		st.logLines++
		if st.logLines > maxLogsPerCall {
			if st.logLines == maxLogsPerCall+1 {
				p.logger.LogAttrs(ctx, slog.LevelWarn, "plugin log lines dropped: over the per-call budget", slog.Int("budget", maxLogsPerCall))
			}
			return
		}
	}
	view, ok := mod.Memory().Read(ptr, min(n, maxLogLine))
	if !ok {
		return
	}
	var l slog.Level
	switch level {
	case abi.LogDebug:
		l = slog.LevelDebug
	case abi.LogWarn:
		l = slog.LevelWarn
	case abi.LogError:
		l = slog.LevelError
	default:
		l = slog.LevelInfo
	}
	p.logger.LogAttrs(ctx, l, string(view), slog.Bool("from_plugin", true))
}
