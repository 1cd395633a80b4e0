package llmtest

import (
	"cmp"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/host/llm"
)

// Endpoint kinds (Request.Kind).
const (
	KindChat       = "chat"
	KindEmbeddings = "embeddings"
)

// DefaultDimension is the embedding dimension of a new Server.
const DefaultDimension = 64

// Message is one chat message of a request.
type Message struct {
	Role    string
	Content string
}

// Request is one request the server received, parsed.
type Request struct {
	// Seq numbers requests in order of arrival, from 1.
	Seq int
	// Kind is KindChat or KindEmbeddings.
	Kind string
	// Prompt is the llm.PromptHeader header.
	Prompt string
	Model  string
	Header http.Header
	// Body is the raw request body.
	Body []byte

	// Chat requests.
	Messages []Message
	// ResponseFormat is response_format.type: "", "text", "json_schema" or
	// "json_object".
	ResponseFormat string
	// SchemaName, Schema and Strict are response_format.json_schema's.
	SchemaName string
	Schema     json.RawMessage
	Strict     bool
	// Temperature is nil when the request sent none.
	Temperature *float64
	// MaxTokens is max_completion_tokens or max_tokens, and MaxTokensParam
	// says which one was sent ("" if neither).
	MaxTokens      int
	MaxTokensParam string

	// Embedding requests.
	Input []string
	// Dimensions is the dimensions parameter, zero when not sent.
	Dimensions     int
	EncodingFormat string
}

// LastUser returns the content of the request's last user message.
func (r Request) LastUser() string {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == "user" {
			return r.Messages[i].Content
		}
	}
	return ""
}

// Answer is what the server sends back. The zero Answer is a chat answer
// with empty content.
type Answer struct {
	// Content is the assistant message of a chat answer.
	Content string
	// Refusal, when set, is sent as the message's refusal.
	Refusal string
	// FinishReason defaults to "stop".
	FinishReason string
	// Model defaults to the request's model.
	Model string
	// Vectors answers an embedding request (one per input); nil gives the
	// default hashembed vectors.
	Vectors [][]float32
	// PromptTokens and CompletionTokens are the reported usage; zero
	// computes it (see the package documentation).
	PromptTokens     int
	CompletionTokens int

	// Status, when not zero or 200, sends an OpenAI-style error body with
	// Message instead of an answer.
	Status  int
	Message string
	// RetryAfter sets Retry-After (in seconds, rounded up) and, when it is
	// not a whole number of seconds, retry-after-ms.
	RetryAfter time.Duration
	// Header holds more response headers (an HTTP-date Retry-After...).
	Header http.Header
	// Delay waits before answering, or until the client goes away.
	Delay time.Duration
	// Malformed sends status 200 with a body that is not valid JSON.
	Malformed bool
	// RawBody, when set, is sent verbatim with Status (200 if zero) and
	// Content-Type text/html unless Header sets one: what a proxy in front
	// of the model sends when it fails.
	RawBody string
}

// Text returns a chat answer with the given content.
func Text(content string) Answer { return Answer{Content: content} }

// JSON returns a chat answer whose content is v marshaled to JSON. It
// panics if v does not marshal.
func JSON(v any) Answer {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("llmtest.JSON: %v", err))
	}
	return Answer{Content: string(b)}
}

// Error returns an error answer with the given status and Retry-After.
func Error(status int, retryAfter time.Duration) Answer {
	return Answer{Status: status, Message: http.StatusText(status), RetryAfter: retryAfter}
}

// fault is a one-shot answer for the next request of any kind.
type fault struct {
	answer Answer
	delay  bool // only delay, then answer normally
}

// Server is an OpenAI-compatible test server. Create it with New; it is
// safe for concurrent use, and its methods may be called while requests
// are being served.
type Server struct {
	tb  testing.TB
	srv *httptest.Server

	mu       sync.Mutex
	scripts  map[string][]Answer
	handlers []func(Request) (Answer, bool)
	faults   []fault
	requests []Request
	refused  map[string]bool
	dim      int
	inFlight int
	peak     int
}

// New starts a server and closes it when the test ends.
func New(tb testing.TB) *Server {
	tb.Helper()
	s := &Server{tb: tb, scripts: map[string][]Answer{}, dim: DefaultDimension}
	mux := http.NewServeMux()
	for _, prefix := range []string{"/v1", ""} {
		mux.HandleFunc("POST "+prefix+"/chat/completions", s.serve(KindChat))
		mux.HandleFunc("POST "+prefix+"/embeddings", s.serve(KindEmbeddings))
	}
	s.srv = httptest.NewServer(mux)
	tb.Cleanup(s.Close)
	return s
}

// URL returns the base URL for llm.Options.BaseURL, ending in /v1.
func (s *Server) URL() string { return s.srv.URL + "/v1" }

// Close stops the server, waiting for requests being served. New arranges
// it; calling it twice is harmless.
func (s *Server) Close() { s.srv.Close() }

// ClientOptions returns llm.Options that talk to the server: models
// "test-main" and "test-small", and a Sleep that returns at once, so that
// retries do not really wait. Set Sleep to observe the waits.
func (s *Server) ClientOptions() llm.Options {
	return llm.Options{
		BaseURL:    s.URL(),
		APIKey:     "llmtest",
		Model:      "test-main",
		SmallModel: "test-small",
		Sleep:      noSleep,
	}
}

// EmbedderOptions returns llm.EmbedderOptions that talk to the server:
// model "test-embed" with the server's current dimension, and a Sleep
// that returns at once.
func (s *Server) EmbedderOptions() llm.EmbedderOptions {
	s.mu.Lock()
	defer s.mu.Unlock()
	return llm.EmbedderOptions{
		BaseURL:   s.URL(),
		APIKey:    "llmtest",
		Model:     "test-embed",
		Dimension: s.dim,
		Sleep:     noSleep,
	}
}

func noSleep(ctx context.Context, _ time.Duration) error { return ctx.Err() }

// Script queues answers for chat requests with the given prompt name. They
// are used in order; the last one then answers every further request.
// Calling Script again appends.
func (s *Server) Script(prompt string, answers ...Answer) {
	s.mu.Lock()
	s.scripts[prompt] = append(s.scripts[prompt], answers...)
	s.mu.Unlock()
}

// Handle adds a function consulted, in the order added, for every request
// before the scripts; it answers by returning true.
func (s *Server) Handle(h func(Request) (Answer, bool)) {
	s.mu.Lock()
	s.handlers = append(s.handlers, h)
	s.mu.Unlock()
}

// RefuseFormats makes the server play one that does not know these
// response formats ("json_schema", "json_object"): a chat request asking
// for one gets status 400, as such servers answer, before any fault,
// handler or script is consulted.
func (s *Server) RefuseFormats(formats ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refused == nil {
		s.refused = map[string]bool{}
	}
	for _, f := range formats {
		s.refused[f] = true
	}
}

// FailNext makes the next n requests, of any kind, fail with status and
// Retry-After (zero: none).
func (s *Server) FailNext(n, status int, retryAfter time.Duration) {
	s.inject(n, fault{answer: Error(status, retryAfter)})
}

// MalformNext makes the next n requests get status 200 with a body that is
// not JSON.
func (s *Server) MalformNext(n int) { s.inject(n, fault{answer: Answer{Malformed: true}}) }

// DelayNext makes the next n requests wait d (or until the client goes
// away) before being answered as usual.
func (s *Server) DelayNext(n int, d time.Duration) {
	s.inject(n, fault{answer: Answer{Delay: d}, delay: true})
}

func (s *Server) inject(n int, f fault) {
	s.mu.Lock()
	for range n {
		s.faults = append(s.faults, f)
	}
	s.mu.Unlock()
}

// SetDimension sets the dimension of default embedding vectors for
// requests that send no dimensions parameter.
func (s *Server) SetDimension(d int) {
	s.mu.Lock()
	s.dim = d
	s.mu.Unlock()
}

// Requests returns every request received so far, in order of arrival.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// RequestsFor returns the requests received with the given prompt name.
func (s *Server) RequestsFor(prompt string) []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.Prompt == prompt {
			out = append(out, r)
		}
	}
	return out
}

// InFlight returns the number of requests being served now.
func (s *Server) InFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.inFlight
}

// PeakInFlight returns the most requests served at once so far.
func (s *Server) PeakInFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.peak
}

func (s *Server) serve(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		req, err := parse(kind, r, body)
		if err != nil {
			writeError(w, Answer{Status: http.StatusBadRequest, Message: "llmtest: " + err.Error()})
			return
		}

		s.mu.Lock()
		req.Seq = len(s.requests) + 1
		s.requests = append(s.requests, req)
		s.inFlight++
		s.peak = max(s.peak, s.inFlight)
		// A refused format is answered first; the faults are for the
		// requests the server takes.
		refused := s.refused[req.ResponseFormat]
		var f *fault
		if !refused && len(s.faults) > 0 {
			f = &s.faults[0]
			s.faults = s.faults[1:]
		}
		dim := s.dim
		s.mu.Unlock()
		defer func() {
			s.mu.Lock()
			s.inFlight--
			s.mu.Unlock()
		}()
		if refused {
			writeError(w, Answer{Status: http.StatusBadRequest, Message: fmt.Sprintf("llmtest: response_format type %q is not supported", req.ResponseFormat)})
			return
		}

		if f != nil {
			if !wait(r.Context(), f.answer.Delay) {
				return
			}
			if !f.delay {
				s.write(w, req, f.answer, dim)
				return
			}
		}
		a, ok := s.choose(req)
		if !ok {
			s.tb.Errorf("llmtest: no answer for %s request with prompt %q (Script or Handle one)", kind, req.Prompt)
			a = Answer{Status: http.StatusBadRequest, Message: fmt.Sprintf("llmtest: no answer scripted for prompt %q", req.Prompt)}
		}
		if !wait(r.Context(), a.Delay) {
			return
		}
		s.write(w, req, a, dim)
	}
}

// choose finds the answer to a request (steps 2 to 3 of the package
// documentation); embeddings always have one.
func (s *Server) choose(req Request) (Answer, bool) {
	s.mu.Lock()
	handlers := append([]func(Request) (Answer, bool)(nil), s.handlers...)
	s.mu.Unlock()
	for _, h := range handlers {
		if a, ok := h(req); ok {
			return a, true
		}
	}
	if req.Kind == KindEmbeddings {
		return Answer{}, true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	q := s.scripts[req.Prompt]
	if len(q) == 0 && req.Prompt == llm.ProbePrompt {
		// Client.Probe's question, answered as a model would.
		return JSON(map[string]any{"ok": true, "colour": "blue"}), true
	}
	if len(q) == 0 {
		return Answer{}, false
	}
	a := q[0]
	if len(q) > 1 {
		s.scripts[req.Prompt] = q[1:]
	}
	return a, true
}

// wait sleeps d unless ctx ends first; it reports whether to go on.
func wait(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

func (s *Server) write(w http.ResponseWriter, req Request, a Answer, dim int) {
	for k, vs := range a.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	switch {
	case a.RawBody != "":
		if w.Header().Get("Content-Type") == "" {
			w.Header().Set("Content-Type", "text/html")
		}
		w.WriteHeader(cmp.Or(a.Status, http.StatusOK))
		io.WriteString(w, a.RawBody)
	case a.Status != 0 && a.Status != http.StatusOK:
		writeError(w, a)
	case a.Malformed:
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id": "llmtest-malformed", "choices": [{"index": 0, "message": {"role": "assis`)
	case req.Kind == KindEmbeddings:
		writeEmbeddings(w, req, a, dim)
	default:
		writeChat(w, req, a)
	}
}

func writeError(w http.ResponseWriter, a Answer) {
	if a.RetryAfter > 0 {
		secs := int64(math.Ceil(a.RetryAfter.Seconds()))
		w.Header().Set("Retry-After", strconv.FormatInt(secs, 10))
		if a.RetryAfter%time.Second != 0 {
			w.Header().Set("Retry-After-Ms", strconv.FormatInt(a.RetryAfter.Milliseconds(), 10))
		}
	}
	typ := "server_error"
	if a.Status < 500 {
		typ = "invalid_request_error"
	}
	if a.Status == http.StatusTooManyRequests {
		typ = "rate_limit_exceeded"
	}
	writeJSON(w, a.Status, map[string]any{"error": map[string]any{
		"message": a.Message, "type": typ, "param": nil, "code": typ,
	}})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func tokens(s string) int { return max(1, (len(s)+3)/4) }

func writeChat(w http.ResponseWriter, req Request, a Answer) {
	pt, ct := a.PromptTokens, a.CompletionTokens
	if pt == 0 {
		for _, m := range req.Messages {
			pt += tokens(m.Content)
		}
	}
	if ct == 0 {
		ct = tokens(a.Content)
	}
	model := a.Model
	if model == "" {
		model = req.Model
	}
	finish := a.FinishReason
	if finish == "" {
		finish = "stop"
	}
	msg := map[string]any{"role": "assistant", "content": a.Content}
	if a.Refusal != "" {
		msg["content"] = nil
		msg["refusal"] = a.Refusal
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id":      fmt.Sprintf("chatcmpl-llmtest-%d", req.Seq),
		"object":  "chat.completion",
		"created": 1700000000,
		"model":   model,
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish, "logprobs": nil}},
		"usage":   map[string]any{"prompt_tokens": pt, "completion_tokens": ct, "total_tokens": pt + ct},
	})
}

func writeEmbeddings(w http.ResponseWriter, req Request, a Answer, dim int) {
	if req.Dimensions > 0 {
		dim = req.Dimensions
	}
	vecs := a.Vectors
	if vecs == nil {
		e := hashembed.New(dim)
		for _, in := range req.Input {
			vecs = append(vecs, e.Vector(in))
		}
	}
	pt := a.PromptTokens
	if pt == 0 {
		for _, in := range req.Input {
			pt += tokens(in)
		}
	}
	data := make([]any, len(vecs))
	for i, v := range vecs {
		var emb any = v
		if req.EncodingFormat == "base64" {
			b := make([]byte, 4*len(v))
			for j, x := range v {
				binary.LittleEndian.PutUint32(b[4*j:], math.Float32bits(x))
			}
			emb = base64.StdEncoding.EncodeToString(b)
		}
		data[i] = map[string]any{"object": "embedding", "index": i, "embedding": emb}
	}
	model := a.Model
	if model == "" {
		model = req.Model
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"object": "list", "data": data, "model": model,
		"usage": map[string]any{"prompt_tokens": pt, "total_tokens": pt},
	})
}

// parse decodes a request body.
func parse(kind string, r *http.Request, body []byte) (Request, error) {
	req := Request{Kind: kind, Prompt: r.Header.Get(llm.PromptHeader), Header: r.Header.Clone(), Body: body}
	if kind == KindEmbeddings {
		var in struct {
			Model          string          `json:"model"`
			Input          json.RawMessage `json:"input"`
			Dimensions     int             `json:"dimensions"`
			EncodingFormat string          `json:"encoding_format"`
		}
		if err := json.Unmarshal(body, &in); err != nil {
			return req, fmt.Errorf("decode embeddings request: %w", err)
		}
		req.Model, req.Dimensions, req.EncodingFormat = in.Model, in.Dimensions, in.EncodingFormat
		var one string
		if err := json.Unmarshal(in.Input, &one); err == nil {
			req.Input = []string{one}
		} else if err := json.Unmarshal(in.Input, &req.Input); err != nil {
			return req, fmt.Errorf("decode embeddings input (want a string or strings): %w", err)
		}
		return req, nil
	}
	var in struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
		ResponseFormat *struct {
			Type       string `json:"type"`
			JSONSchema *struct {
				Name   string          `json:"name"`
				Schema json.RawMessage `json:"schema"`
				Strict bool            `json:"strict"`
			} `json:"json_schema"`
		} `json:"response_format"`
		Temperature         *float64 `json:"temperature"`
		MaxTokens           *int     `json:"max_tokens"`
		MaxCompletionTokens *int     `json:"max_completion_tokens"`
	}
	if err := json.Unmarshal(body, &in); err != nil {
		return req, fmt.Errorf("decode chat request: %w", err)
	}
	req.Model, req.Temperature = in.Model, in.Temperature
	for _, m := range in.Messages {
		req.Messages = append(req.Messages, Message{Role: m.Role, Content: contentText(m.Content)})
	}
	if rf := in.ResponseFormat; rf != nil {
		req.ResponseFormat = rf.Type
		if js := rf.JSONSchema; js != nil {
			req.SchemaName, req.Schema, req.Strict = js.Name, js.Schema, js.Strict
		}
	}
	switch {
	case in.MaxCompletionTokens != nil:
		req.MaxTokens, req.MaxTokensParam = *in.MaxCompletionTokens, "max_completion_tokens"
	case in.MaxTokens != nil:
		req.MaxTokens, req.MaxTokensParam = *in.MaxTokens, "max_tokens"
	}
	return req, nil
}

// contentText flattens a message content: a string, or an array of parts
// whose text parts are joined.
func contentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return string(raw)
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}
