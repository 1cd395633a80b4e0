package llmtest_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

// post sends a raw request, as a client other than llm.Client would.
func post(t *testing.T, url, prompt, body string) (int, http.Header, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if prompt != "" {
		req.Header.Set(llm.PromptHeader, prompt)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var m map[string]any
	json.Unmarshal(b, &m)
	return res.StatusCode, res.Header, m
}

func content(m map[string]any) string {
	defer func() { recover() }()
	return m["choices"].([]any)[0].(map[string]any)["message"].(map[string]any)["content"].(string)
}

func TestScriptOrderAndRepeat(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("p", llmtest.Text("one"), llmtest.Text("two"))
	srv.Script("q", llmtest.Text("q"))
	chat := `{"model":"m","messages":[{"role":"user","content":"hi"}]}`
	var got []string
	for _, p := range []string{"p", "q", "p", "p", "p"} {
		_, _, m := post(t, srv.URL()+"/chat/completions", p, chat)
		got = append(got, content(m))
	}
	if diff := cmp.Diff([]string{"one", "q", "two", "two", "two"}, got); diff != "" {
		t.Errorf("answers differ (-want +got):\n%s", diff)
	}
}

func TestHandleBeforeScript(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("p", llmtest.Text("scripted"))
	srv.Handle(func(r llmtest.Request) (llmtest.Answer, bool) {
		return llmtest.Text("handled " + r.LastUser()), strings.Contains(r.LastUser(), "special")
	})
	c, err := llm.New(srv.ClientOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ text, want string }{{"plain", "scripted"}, {"special one", "handled special one"}} {
		got, err := c.Complete(context.Background(), core.CompletionRequest{Prompt: "p", Messages: []core.Message{{Role: "user", Content: tt.text}}})
		if err != nil || got.Content != tt.want {
			t.Errorf("Complete(%q) = %q, %v; want %q", tt.text, got.Content, err, tt.want)
		}
	}
}

func TestPathsWithoutV1(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("p", llmtest.Text("ok"))
	base := strings.TrimSuffix(srv.URL(), "/v1")
	if code, _, m := post(t, base+"/chat/completions", "p", `{"model":"m","messages":[{"role":"user","content":"x"}]}`); code != 200 || content(m) != "ok" {
		t.Errorf("POST /chat/completions = %d %v, want 200 ok", code, m)
	}
	if code, _, _ := post(t, base+"/embeddings", "", `{"model":"m","input":"x"}`); code != 200 {
		t.Errorf("POST /embeddings = %d, want 200", code)
	}
}

func TestFaults(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("p", llmtest.Text("ok"))
	srv.FailNext(1, http.StatusTooManyRequests, 1500*time.Millisecond)
	srv.FailNext(1, http.StatusInternalServerError, 0)
	srv.MalformNext(1)
	chat := `{"model":"m","messages":[{"role":"user","content":"x"}]}`

	code, h, m := post(t, srv.URL()+"/chat/completions", "p", chat)
	if code != 429 || h.Get("Retry-After") != "2" || h.Get("Retry-After-Ms") != "1500" {
		t.Errorf("first answer = %d, Retry-After %q, ms %q; want 429, 2, 1500", code, h.Get("Retry-After"), h.Get("Retry-After-Ms"))
	}
	if e, _ := m["error"].(map[string]any); e == nil || e["type"] != "rate_limit_exceeded" {
		t.Errorf("429 body = %v, want an OpenAI-style error", m)
	}
	// Faults apply to any endpoint, in order.
	if code, _, _ := post(t, srv.URL()+"/embeddings", "", `{"model":"m","input":["x"]}`); code != 500 {
		t.Errorf("second answer = %d, want 500", code)
	}
	if code, _, m := post(t, srv.URL()+"/chat/completions", "p", chat); code != 200 || m != nil {
		t.Errorf("third answer = %d %v, want 200 with a body that is not JSON", code, m)
	}
	if _, _, m := post(t, srv.URL()+"/chat/completions", "p", chat); content(m) != "ok" {
		t.Errorf("fourth answer = %v, want ok", m)
	}
}

func TestDelayNextAndInFlight(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("p", llmtest.Text("ok"))
	srv.DelayNext(1, 200*time.Millisecond)
	done := make(chan string)
	go func() {
		_, _, m := post(t, srv.URL()+"/chat/completions", "p", `{"model":"m","messages":[]}`)
		done <- content(m)
	}()
	for deadline := time.Now().Add(2 * time.Second); srv.InFlight() == 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	if got := srv.InFlight(); got != 1 {
		t.Errorf("InFlight() during a delayed answer = %d, want 1", got)
	}
	if got := <-done; got != "ok" {
		t.Errorf("delayed answer = %q, want ok after the delay", got)
	}
	if srv.InFlight() != 0 || srv.PeakInFlight() != 1 {
		t.Errorf("InFlight, PeakInFlight = %d, %d; want 0, 1", srv.InFlight(), srv.PeakInFlight())
	}
}

func TestRequestsParsed(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("extract", llmtest.JSON(map[string]any{"ok": true}))
	temp := 0.5
	o := srv.ClientOptions()
	o.Temperature = &temp
	c, err := llm.New(o)
	if err != nil {
		t.Fatal(err)
	}
	schema := []byte(`{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}`)
	if _, err := c.Complete(context.Background(), core.CompletionRequest{
		Prompt: "extract", Model: core.ModelSmall, Schema: schema, MaxTokens: 99,
		Messages: []core.Message{{Role: "system", Content: "sys"}, {Role: "user", Content: "hello"}},
	}); err != nil {
		t.Fatal(err)
	}
	e, err := llm.NewEmbedder(srv.EmbedderOptions())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Embed(context.Background(), []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("Requests() has %d requests, want 2", len(reqs))
	}
	chat, emb := reqs[0], reqs[1]
	wantChat := llmtest.Request{
		Seq: 1, Kind: llmtest.KindChat, Prompt: "extract", Model: "test-small",
		Messages:       []llmtest.Message{{Role: "system", Content: "sys"}, {Role: "user", Content: "hello"}},
		ResponseFormat: "json_schema", SchemaName: "extract", Schema: schema,
		Temperature: &temp, MaxTokens: 99, MaxTokensParam: "max_completion_tokens",
	}
	chat.Header, chat.Body = nil, nil
	var gotSchema, wantSchema any
	json.Unmarshal(chat.Schema, &gotSchema)
	json.Unmarshal(schema, &wantSchema)
	chat.Schema, wantChat.Schema = nil, nil
	if diff := cmp.Diff(wantChat, chat); diff != "" {
		t.Errorf("chat request differs (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(wantSchema, gotSchema); diff != "" {
		t.Errorf("schema differs (-want +got):\n%s", diff)
	}
	wantEmb := llmtest.Request{Seq: 2, Kind: llmtest.KindEmbeddings, Prompt: "embed", Model: "test-embed", Input: []string{"a", "b"}, EncodingFormat: "float"}
	emb.Header, emb.Body = nil, nil
	if diff := cmp.Diff(wantEmb, emb); diff != "" {
		t.Errorf("embedding request differs (-want +got):\n%s", diff)
	}
	if got := srv.RequestsFor("embed"); len(got) != 1 || got[0].Seq != 2 {
		t.Errorf("RequestsFor(embed) = %+v, want the second request", got)
	}
}

func TestEmbeddingsDefaultAndBase64(t *testing.T) {
	srv := llmtest.New(t)
	srv.SetDimension(8)
	want := hashembed.New(8).Vector("Alice")
	_, _, m := post(t, srv.URL()+"/embeddings", "", `{"model":"m","input":"Alice","encoding_format":"base64"}`)
	s := m["data"].([]any)[0].(map[string]any)["embedding"].(string)
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]float32, len(b)/4)
	binary.Read(bytes.NewReader(b), binary.LittleEndian, got)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("base64 vector differs from hashembed's (-want +got):\n%s", diff)
	}
	_, _, m = post(t, srv.URL()+"/embeddings", "", `{"model":"m","input":["Alice"],"dimensions":16}`)
	if n := len(m["data"].([]any)[0].(map[string]any)["embedding"].([]any)); n != 16 {
		t.Errorf("vector with dimensions 16 has %d components", n)
	}
	usage := m["usage"].(map[string]any)["prompt_tokens"].(float64)
	if usage != 2 || math.IsNaN(usage) {
		t.Errorf("usage.prompt_tokens = %v, want 2", usage)
	}
}

// recorder is a testing.TB that records Errorf instead of failing.
type recorder struct {
	testing.TB
	mu   sync.Mutex
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
	r.mu.Unlock()
}

func TestUnscriptedPromptFailsTheTest(t *testing.T) {
	rec := &recorder{TB: t}
	srv := llmtest.New(rec)
	c, err := llm.New(srv.ClientOptions())
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Complete(context.Background(), core.CompletionRequest{Prompt: "nobody", Messages: []core.Message{{Role: "user", Content: "x"}}})
	if err == nil || !strings.Contains(err.Error(), `no answer scripted for prompt "nobody"`) {
		t.Errorf("Complete error = %v, want the server's explanation", err)
	}
	srv.Close()
	if len(rec.errs) != 1 || !strings.Contains(rec.errs[0], `prompt "nobody"`) {
		t.Errorf("test errors = %q, want one naming the prompt", rec.errs)
	}
}
