package llm_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

func TestCompleteStructuredOutput(t *testing.T) {
	tests := []struct {
		name   string
		answer string
	}{
		{"plain", validEntities},
		{"code fence", "```json\n" + validEntities + "\n```"},
		{"think block", "<think>The user wants entities. Alice is a person.</think>\n" + validEntities},
		{"think without opening tag", "Alice is a person.</think>" + validEntities},
		{"prose around", "Here is the JSON you asked for:\n" + validEntities + "\nHope it helps."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Script("extract", llmtest.Text(tt.answer))
			c := newClient(t, srv, newFakeClock(), nil)
			got, err := c.Complete(context.Background(), userRequest("extract", "Alice works at Acme.", entitiesSchema))
			if err != nil {
				t.Fatalf("Complete: %v", err)
			}
			if got.Content != validEntities {
				t.Errorf("Complete(...).Content = %q, want %q", got.Content, validEntities)
			}
			var parsed struct {
				Entities []struct{ Name, Kind string }
			}
			if err := json.Unmarshal([]byte(got.Content), &parsed); err != nil || len(parsed.Entities) != 2 {
				t.Errorf("Content does not parse into 2 entities: %v, %+v", err, parsed)
			}
			reqs := srv.Requests()
			if len(reqs) != 1 {
				t.Fatalf("server got %d requests, want 1", len(reqs))
			}
			r := reqs[0]
			if r.ResponseFormat != "json_schema" || r.SchemaName != "extract" {
				t.Errorf("response_format = %q named %q, want json_schema named extract", r.ResponseFormat, r.SchemaName)
			}
			var sent, want any
			json.Unmarshal(r.Schema, &sent)
			json.Unmarshal(entitiesSchema, &want)
			if diff := cmp.Diff(want, sent); diff != "" {
				t.Errorf("schema sent differs (-want +got):\n%s", diff)
			}
			if strings.Contains(r.LastUser(), "JSON Schema") {
				t.Errorf("json_schema mode put the schema in the prompt: %q", r.LastUser())
			}
			if r.Model != "test-main" || r.Prompt != "extract" {
				t.Errorf("model, prompt = %q, %q; want test-main, extract", r.Model, r.Prompt)
			}
			if got.Model != "test-main" || got.Usage.Calls != 1 || got.Usage.PromptTokens == 0 {
				t.Errorf("Completion model %q usage %+v, want test-main with 1 call and tokens", got.Model, got.Usage)
			}
		})
	}
}

func TestCompleteRequestSettings(t *testing.T) {
	temp, reqTemp := 0.2, 0.9
	tests := []struct {
		name      string
		edit      func(*llm.Options)
		req       func(*core.CompletionRequest)
		wantModel string
		wantTemp  *float64
		wantMax   int
		wantParam string
	}{
		{"defaults", nil, nil, "test-main", nil, llm.DefaultMaxTokens, "max_completion_tokens"},
		{"small model", nil, func(r *core.CompletionRequest) { r.Model = core.ModelSmall }, "test-small", nil, llm.DefaultMaxTokens, "max_completion_tokens"},
		{"configured temperature and tokens", func(o *llm.Options) { o.Temperature = &temp; o.MaxTokens = 300 }, nil, "test-main", &temp, 300, "max_completion_tokens"},
		{"request overrides", func(o *llm.Options) { o.Temperature = &temp }, func(r *core.CompletionRequest) { r.Temperature = &reqTemp; r.MaxTokens = 77 }, "test-main", &reqTemp, 77, "max_completion_tokens"},
		{"legacy max_tokens", func(o *llm.Options) { o.MaxTokensParam = llm.MaxTokensLegacy }, nil, "test-main", nil, llm.DefaultMaxTokens, "max_tokens"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Script("summarize", llmtest.Text("Alice is an engineer."))
			c := newClient(t, srv, newFakeClock(), tt.edit)
			req := userRequest("summarize", "Summarize Alice.", nil)
			if tt.req != nil {
				tt.req(&req)
			}
			got, err := c.Complete(context.Background(), req)
			if err != nil {
				t.Fatalf("Complete: %v", err)
			}
			if got.Content != "Alice is an engineer." {
				t.Errorf("Content = %q, want the scripted text", got.Content)
			}
			r := srv.Requests()[0]
			if r.Model != tt.wantModel || r.MaxTokens != tt.wantMax || r.MaxTokensParam != tt.wantParam {
				t.Errorf("model, max tokens = %q, %s=%d; want %q, %s=%d", r.Model, r.MaxTokensParam, r.MaxTokens, tt.wantModel, tt.wantParam, tt.wantMax)
			}
			if diff := cmp.Diff(tt.wantTemp, r.Temperature); diff != "" {
				t.Errorf("temperature differs (-want +got):\n%s", diff)
			}
			if r.ResponseFormat != "" {
				t.Errorf("response_format = %q for a text prompt, want none", r.ResponseFormat)
			}
			wantMsgs := []llmtest.Message{{Role: "system", Content: "You extract entities."}, {Role: "user", Content: "Summarize Alice."}}
			if diff := cmp.Diff(wantMsgs, r.Messages); diff != "" {
				t.Errorf("messages differ (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCompleteFallbackModes(t *testing.T) {
	tests := []struct {
		mode       string
		wantFormat string
	}{
		{llm.JSONObject, "json_object"},
		{llm.PromptOnly, ""},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Script("extract", llmtest.Text(validEntities))
			c := newClient(t, srv, newFakeClock(), func(o *llm.Options) { o.StructuredOutput = tt.mode })
			got, err := c.Complete(context.Background(), userRequest("extract", "Alice works at Acme.", entitiesSchema))
			if err != nil {
				t.Fatalf("Complete: %v", err)
			}
			if got.Content != validEntities {
				t.Errorf("Content = %q, want %q", got.Content, validEntities)
			}
			r := srv.Requests()[0]
			if r.ResponseFormat != tt.wantFormat || r.Schema != nil {
				t.Errorf("response_format = %q with schema %s, want %q without schema", r.ResponseFormat, r.Schema, tt.wantFormat)
			}
			last := r.LastUser()
			if !strings.HasPrefix(last, "Alice works at Acme.") || !strings.Contains(last, "JSON Schema") || !strings.Contains(last, `"additionalProperties": false`) {
				t.Errorf("last user message = %q, want the prompt followed by the schema", last)
			}
		})
	}
}

func TestRetryHonoursRetryAfter(t *testing.T) {
	clock := newFakeClock()
	tests := []struct {
		name   string
		answer llmtest.Answer
		want   time.Duration
	}{
		{"seconds", llmtest.Error(http.StatusTooManyRequests, 7*time.Second), 7 * time.Second},
		{"milliseconds", llmtest.Error(http.StatusTooManyRequests, 1500*time.Millisecond), 1500 * time.Millisecond},
		{"HTTP date", llmtest.Answer{Status: http.StatusServiceUnavailable, Header: http.Header{
			"Retry-After": {clock.Now().Add(42 * time.Second).Format(http.TimeFormat)}}}, 42 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := newFakeClock()
			srv := llmtest.New(t)
			srv.Script("extract", tt.answer, llmtest.Text(validEntities))
			c := newClient(t, srv, clock, func(o *llm.Options) { o.BackoffBase = time.Hour; o.BackoffMax = time.Hour })
			got, err := c.Complete(context.Background(), userRequest("extract", "x", entitiesSchema))
			if err != nil {
				t.Fatalf("Complete: %v", err)
			}
			if got.Content != validEntities {
				t.Errorf("Content = %q, want %q", got.Content, validEntities)
			}
			if diff := cmp.Diff([]time.Duration{tt.want}, clock.Sleeps()); diff != "" {
				t.Errorf("waits differ (-want +got):\n%s", diff)
			}
			if n := len(srv.Requests()); n != 2 {
				t.Errorf("server got %d requests, want 2", n)
			}
			if u := c.Usage()["extract"]; u.Calls != 2 || got.Usage.Calls != 2 {
				t.Errorf("Usage()[extract].Calls = %d, Completion.Usage.Calls = %d; want 2 and 2", u.Calls, got.Usage.Calls)
			}
		})
	}
}

func TestRetryBackoff(t *testing.T) {
	tests := []struct {
		name   string
		status int
	}{
		{"500", http.StatusInternalServerError},
		{"502", http.StatusBadGateway},
		{"429 without Retry-After", http.StatusTooManyRequests},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := newFakeClock()
			srv := llmtest.New(t)
			srv.FailNext(3, tt.status, 0)
			srv.Script("extract", llmtest.Text(validEntities))
			base := 100 * time.Millisecond
			c := newClient(t, srv, clock, func(o *llm.Options) { o.BackoffBase = base; o.BackoffMax = 250 * time.Millisecond })
			if _, err := c.Complete(context.Background(), userRequest("extract", "x", entitiesSchema)); err != nil {
				t.Fatalf("Complete: %v", err)
			}
			sleeps := clock.Sleeps()
			if len(sleeps) != 3 {
				t.Fatalf("waits = %v, want 3", sleeps)
			}
			for i, d := range sleeps {
				ceil := min(base<<i, 250*time.Millisecond)
				if d < 0 || d > ceil {
					t.Errorf("wait %d = %v, want within [0, %v]", i, d, ceil)
				}
			}
			if n := len(srv.Requests()); n != 4 {
				t.Errorf("server got %d requests, want 4", n)
			}
		})
	}
}

func TestRetryTransientFailures(t *testing.T) {
	tests := []struct {
		name   string
		inject func(*llmtest.Server)
		edit   func(*llm.Options)
	}{
		{"malformed body", func(s *llmtest.Server) { s.MalformNext(1) }, nil},
		{"timeout", func(s *llmtest.Server) { s.DelayNext(1, 5*time.Second) }, func(o *llm.Options) { o.RequestTimeout = 100 * time.Millisecond }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.New(t)
			tt.inject(srv)
			srv.Script("extract", llmtest.Text(validEntities))
			c := newClient(t, srv, newFakeClock(), tt.edit)
			got, err := c.Complete(context.Background(), userRequest("extract", "x", entitiesSchema))
			if err != nil {
				t.Fatalf("Complete: %v", err)
			}
			if got.Content != validEntities {
				t.Errorf("Content = %q, want %q", got.Content, validEntities)
			}
			if n := len(srv.Requests()); n != 2 {
				t.Errorf("server got %d requests, want 2", n)
			}
		})
	}
}

func TestRetryConnectionRefused(t *testing.T) {
	srv := llmtest.New(t)
	o := srv.ClientOptions()
	srv.Close()
	clock := newFakeClock()
	o.Sleep, o.Now, o.MaxRetries = clock.Sleep, clock.Now, 2
	c, err := llm.New(o)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Complete(context.Background(), userRequest("extract", "x", nil))
	if !errors.Is(err, core.ErrUnavailable) || !strings.Contains(err.Error(), "giving up after 3 attempts") {
		t.Errorf("Complete on a closed server: error = %v, want ErrUnavailable after 3 attempts", err)
	}
	if n := len(clock.Sleeps()); n != 2 {
		t.Errorf("waits = %d, want 2", n)
	}
}

func TestFinalErrors(t *testing.T) {
	tests := []struct {
		name      string
		inject    func(*llmtest.Server)
		wantErr   error
		wantCalls int
		wantText  []string
	}{
		{
			name: "400 is not retried",
			inject: func(s *llmtest.Server) {
				s.Script("extract", llmtest.Answer{Status: 400, Message: "unknown parameter foo"})
			},
			wantErr:   core.ErrInvalid,
			wantCalls: 1,
			wantText:  []string{`complete prompt "extract"`, "status 400", "unknown parameter foo"},
		},
		{
			name:      "401 is not retried",
			inject:    func(s *llmtest.Server) { s.FailNext(1, http.StatusUnauthorized, 0) },
			wantErr:   core.ErrInvalid,
			wantCalls: 1,
			wantText:  []string{`complete prompt "extract"`, "status 401"},
		},
		{
			name:      "503 until retries are spent",
			inject:    func(s *llmtest.Server) { s.FailNext(10, http.StatusServiceUnavailable, 0) },
			wantErr:   core.ErrUnavailable,
			wantCalls: 3,
			wantText:  []string{`complete prompt "extract"`, "giving up after 3 attempts", "status 503"},
		},
		{
			name:      "Retry-After beyond MaxRetryAfter",
			inject:    func(s *llmtest.Server) { s.FailNext(1, http.StatusTooManyRequests, 10*time.Minute) },
			wantErr:   core.ErrUnavailable,
			wantCalls: 1,
			wantText:  []string{`complete prompt "extract"`, "server asks to wait 10m0s", "status 429"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.New(t)
			tt.inject(srv)
			srv.Script("extract", llmtest.Text(validEntities))
			// A settled mode: under Auto a 400 is first taken for a
			// refusal of the response format (TestAutoStructuredOutput).
			c := newClient(t, srv, newFakeClock(), func(o *llm.Options) { o.MaxRetries, o.StructuredOutput = 2, llm.JSONSchema })
			_, err := c.Complete(context.Background(), userRequest("extract", "x", entitiesSchema))
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Complete error = %v, want %v", err, tt.wantErr)
			}
			for _, s := range tt.wantText {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("Complete error = %q, want it to contain %q", err, s)
				}
			}
			var se *llm.StatusError
			if !errors.As(err, &se) {
				t.Errorf("Complete error = %v, want a *StatusError in the chain", err)
			}
			if n := len(srv.Requests()); n != tt.wantCalls {
				t.Errorf("server got %d requests, want %d", n, tt.wantCalls)
			}
			if u := c.Usage()["extract"]; u.Calls != tt.wantCalls {
				t.Errorf("Usage()[extract].Calls = %d, want %d", u.Calls, tt.wantCalls)
			}
		})
	}
}

func TestRepromptThenSuccess(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("extract",
		llmtest.Text("Sure! Alice is a person and Acme is an org."),
		llmtest.Text(`{"entities": 3}`),
		llmtest.Text(validEntities))
	c := newClient(t, srv, newFakeClock(), nil)
	got, err := c.Complete(context.Background(), userRequest("extract", "Alice works at Acme.", entitiesSchema))
	if err != nil {
		t.Fatalf("Complete: %v", err)
	}
	if got.Content != validEntities || got.Usage.Calls != 3 {
		t.Errorf("Complete = %q with %d calls, want %q with 3", got.Content, got.Usage.Calls, validEntities)
	}
	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("server got %d requests, want 3", len(reqs))
	}
	// The second request carries the first answer and what was wrong.
	m := reqs[1].Messages
	if len(m) != 4 || m[2].Role != "assistant" || m[2].Content != "Sure! Alice is a person and Acme is an org." || m[3].Role != "user" {
		t.Fatalf("second request messages = %+v, want the prompt, the answer and a correction", m)
	}
	if !strings.Contains(m[3].Content, "not JSON") {
		t.Errorf("correction = %q, want it to say the answer is not JSON", m[3].Content)
	}
	m = reqs[2].Messages
	if len(m) != 6 || !strings.Contains(m[5].Content, "/entities: got integer, want array") {
		t.Errorf("third request's correction = %+v, want the schema violation at /entities", m[len(m)-1])
	}
}

func TestRepromptBound(t *testing.T) {
	tests := []struct {
		name      string
		reprompts int
		wantCalls int
	}{
		{"default", 0, 1 + llm.DefaultMaxReprompts},
		{"one", 1, 2},
		{"none", -1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Script("extract", llmtest.Text(`{"entities":[{"name":"Alice","kind":"robot"}]}`))
			c := newClient(t, srv, newFakeClock(), func(o *llm.Options) { o.MaxReprompts = tt.reprompts })
			_, err := c.Complete(context.Background(), userRequest("extract", "x", entitiesSchema))
			if !errors.Is(err, core.ErrUnavailable) {
				t.Fatalf("Complete error = %v, want ErrUnavailable", err)
			}
			for _, s := range []string{`complete prompt "extract"`, "no valid answer", `/entities/0/kind: "robot" is not one of ["person","org"]`} {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("Complete error = %q, want it to contain %q", err, s)
				}
			}
			if n := len(srv.Requests()); n != tt.wantCalls {
				t.Errorf("server got %d requests, want %d", n, tt.wantCalls)
			}
		})
	}
}

func TestRepromptMentionsCutOff(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("extract",
		llmtest.Answer{Content: `{"entities":[{"name":"Al`, FinishReason: "length"},
		llmtest.Text(validEntities))
	c := newClient(t, srv, newFakeClock(), func(o *llm.Options) { o.MaxTokens = 10 })
	if _, err := c.Complete(context.Background(), userRequest("extract", "x", entitiesSchema)); err != nil {
		t.Fatalf("Complete: %v", err)
	}
	fix := srv.Requests()[1].LastUser()
	if !strings.Contains(fix, "cut off at the token limit, 10") {
		t.Errorf("correction = %q, want it to say the answer was cut off", fix)
	}
}

func TestCompleteRejectsBadRequests(t *testing.T) {
	srv := llmtest.New(t)
	c := newClient(t, srv, newFakeClock(), nil)
	tests := []struct {
		name string
		req  core.CompletionRequest
	}{
		{"no prompt name", core.CompletionRequest{Messages: []core.Message{{Role: "user", Content: "x"}}}},
		{"no messages", core.CompletionRequest{Prompt: "extract"}},
		{"bad schema", userRequest("extract", "x", []byte(`{"type": 3}`))},
		{"schema not JSON", userRequest("extract", "x", []byte(`{`))},
		{"remote $ref", userRequest("extract", "x", []byte(`{"$ref": "http://example.com/s.json"}`))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := c.Complete(context.Background(), tt.req); !errors.Is(err, core.ErrInvalid) {
				t.Errorf("Complete(%s) error = %v, want ErrInvalid", tt.name, err)
			}
		})
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("server got %d requests, want 0", n)
	}
}

func TestRefusal(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("extract", llmtest.Answer{Refusal: "I can't help with that."})
	c := newClient(t, srv, newFakeClock(), nil)
	_, err := c.Complete(context.Background(), userRequest("extract", "x", entitiesSchema))
	if !errors.Is(err, core.ErrInvalid) || !strings.Contains(err.Error(), "I can't help with that.") {
		t.Errorf("Complete error = %v, want ErrInvalid with the refusal", err)
	}
}

func TestUsageRecorded(t *testing.T) {
	srv := llmtest.New(t)
	srv.FailNext(1, http.StatusInternalServerError, 0)
	srv.Script("extract", llmtest.Answer{Content: validEntities, PromptTokens: 100, CompletionTokens: 20})
	srv.Script("summarize", llmtest.Answer{Content: "short", PromptTokens: 50, CompletionTokens: 5})
	c := newClient(t, srv, newFakeClock(), nil)
	e := newEmbedder(t, srv, nil)

	meter := core.NewMeter()
	ctx := core.WithMeter(context.Background(), meter)
	if _, err := c.Complete(ctx, userRequest("extract", "x", entitiesSchema)); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := c.Complete(ctx, userRequest("summarize", "y", nil)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.Embed(ctx, []string{"abcdefgh", "abcd"}); err != nil {
		t.Fatal(err)
	}
	// Not counted in meter: another context.
	if _, err := c.Complete(context.Background(), userRequest("summarize", "y", nil)); err != nil {
		t.Fatal(err)
	}

	want := map[string]core.Usage{
		"extract":   {Calls: 2, PromptTokens: 100, CompletionTokens: 20}, // the 500 counts as a call
		"summarize": {Calls: 2, PromptTokens: 100, CompletionTokens: 10},
		"embed":     {Calls: 1, PromptTokens: 3},
	}
	if diff := cmp.Diff(want, meter.Snapshot()); diff != "" {
		t.Errorf("meter differs (-want +got):\n%s", diff)
	}
	wantClient := map[string]core.Usage{
		"extract":   {Calls: 2, PromptTokens: 100, CompletionTokens: 20},
		"summarize": {Calls: 3, PromptTokens: 150, CompletionTokens: 15},
	}
	if diff := cmp.Diff(wantClient, c.Usage()); diff != "" {
		t.Errorf("Client.Usage() differs (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]core.Usage{"embed": {Calls: 1, PromptTokens: 3}}, e.Usage()); diff != "" {
		t.Errorf("Embedder.Usage() differs (-want +got):\n%s", diff)
	}
}

// TestCompleteNamesTheModel checks the Completion's Model: the name the
// endpoint reported for the model that answered, else the configured name
// for the request's size; a cache hit names the model of the cached
// answer.
func TestCompleteNamesTheModel(t *testing.T) {
	noModel := `{"id":"x","object":"chat.completion","created":1,"choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}]}`
	tests := []struct {
		name   string
		size   core.ModelSize
		answer llmtest.Answer
		want   string
	}{
		{"echoed", core.ModelMain, llmtest.Text("ok"), "test-main"},
		{"echoed small", core.ModelSmall, llmtest.Text("ok"), "test-small"},
		{"reported", core.ModelMain, llmtest.Answer{Content: "ok", Model: "test-main-2025-01-01"}, "test-main-2025-01-01"},
		{"none reported", core.ModelMain, llmtest.Answer{RawBody: noModel, Header: http.Header{"Content-Type": {"application/json"}}}, "test-main"},
		{"none reported small", core.ModelSmall, llmtest.Answer{RawBody: noModel, Header: http.Header{"Content-Type": {"application/json"}}}, "test-small"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Script("summarize", tt.answer)
			dir := t.TempDir()
			req := userRequest("summarize", "a", nil)
			req.Model = tt.size
			got, err := newClient(t, srv, newFakeClock(), func(o *llm.Options) { o.CacheDir = dir }).Complete(context.Background(), req)
			if err != nil || got.Content != "ok" || got.Model != tt.want {
				t.Fatalf("Complete() = %q by %q, %v; want ok by %q", got.Content, got.Model, err, tt.want)
			}
			cached, err := newClient(t, srv, newFakeClock(), func(o *llm.Options) { o.CacheDir = dir }).Complete(context.Background(), req)
			if err != nil || cached.Model != tt.want || len(srv.Requests()) != 1 {
				t.Errorf("Complete() from the cache = %q by %q, %v after %d requests; want ok by %q after 1", cached.Content, cached.Model, err, len(srv.Requests()), tt.want)
			}
		})
	}
}

func TestCache(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("extract", llmtest.Text("not json"), llmtest.Text(validEntities))
	srv.Script("summarize", llmtest.Text("first"), llmtest.Text("second"))
	dir := t.TempDir()
	c := newClient(t, srv, newFakeClock(), func(o *llm.Options) { o.CacheDir = dir })
	ctx := context.Background()

	first, err := c.Complete(ctx, userRequest("extract", "Alice works at Acme.", entitiesSchema))
	if err != nil {
		t.Fatal(err)
	}
	second, err := c.Complete(ctx, userRequest("extract", "Alice works at Acme.", entitiesSchema))
	if err != nil {
		t.Fatal(err)
	}
	if first.Content != validEntities || second.Content != validEntities {
		t.Errorf("contents = %q, %q; want both %q", first.Content, second.Content, validEntities)
	}
	if n := len(srv.RequestsFor("extract")); n != 2 {
		t.Errorf("server got %d extract requests (an invalid answer and its re-prompt), want 2: the repeat must hit the cache", n)
	}
	if second.Usage != (core.Usage{}) {
		t.Errorf("cache hit usage = %+v, want none", second.Usage)
	}

	// A different prompt text misses; a new Client on the same directory hits.
	if got, _ := c.Complete(ctx, userRequest("summarize", "a", nil)); got.Content != "first" {
		t.Errorf("summarize a = %q, want first", got.Content)
	}
	if got, _ := c.Complete(ctx, userRequest("summarize", "b", nil)); got.Content != "second" {
		t.Errorf("summarize b = %q, want second", got.Content)
	}
	c2 := newClient(t, srv, newFakeClock(), func(o *llm.Options) { o.CacheDir = dir })
	if got, _ := c2.Complete(ctx, userRequest("summarize", "a", nil)); got.Content != "first" {
		t.Errorf("summarize a from a new Client = %q, want first from the cache", got.Content)
	}
	if n := len(srv.RequestsFor("summarize")); n != 2 {
		t.Errorf("server got %d summarize requests, want 2", n)
	}
	// Another temperature is another request.
	temp := 1.0
	req := userRequest("summarize", "a", nil)
	req.Temperature = &temp
	if got, _ := c.Complete(ctx, req); got.Content != "second" {
		t.Errorf("summarize a at temperature 1 = %q, want a new answer", got.Content)
	}
}

func TestProxyErrorPages(t *testing.T) {
	page := "<html><body><h1>502 Bad Gateway</h1></body></html>"
	tests := []struct {
		name      string
		status    int
		wantErr   error
		wantCalls int
	}{
		{"502 page is retried", http.StatusBadGateway, nil, 2},
		{"403 page is final", http.StatusForbidden, core.ErrInvalid, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Script("summarize", llmtest.Answer{Status: tt.status, RawBody: page}, llmtest.Text("ok"))
			c := newClient(t, srv, newFakeClock(), nil)
			_, err := c.Complete(context.Background(), userRequest("summarize", "x", nil))
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Complete error = %v, want %v", err, tt.wantErr)
			}
			var se *llm.StatusError
			if err != nil && (!errors.As(err, &se) || se.StatusCode != tt.status) {
				t.Errorf("Complete error = %v, want a *StatusError with status %d", err, tt.status)
			}
			if n := len(srv.Requests()); n != tt.wantCalls {
				t.Errorf("server got %d requests, want %d", n, tt.wantCalls)
			}
		})
	}
}

func TestTextAnswerLosesReasoning(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("summarize", llmtest.Text("<think>\nShort, factual.\n</think>\n\nAlice is an engineer at Acme."))
	c := newClient(t, srv, newFakeClock(), nil)
	got, err := c.Complete(context.Background(), userRequest("summarize", "x", nil))
	if err != nil || got.Content != "Alice is an engineer at Acme." {
		t.Errorf("Complete = %q, %v; want the answer without the reasoning", got.Content, err)
	}
}
