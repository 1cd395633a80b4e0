package httpapi_test

import (
	"context"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/httpapi"
	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

func TestMetrics(t *testing.T) {
	srvLLM := llmtest.New(t)
	srvLLM.Script("rerank", llmtest.Text("ok"))
	client, err := llm.New(srvLLM.ClientOptions())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := client.Complete(context.Background(), core.CompletionRequest{Prompt: "rerank", Messages: []core.Message{{Role: "user", Content: "hi"}}}); err != nil {
		t.Fatal(err)
	}
	h := *shared
	h.LLM = client
	srv := httptest.NewServer(httpapi.New(&h, httpapi.Options{Version: "test"}).Handler())
	defer srv.Close()
	a := &api{t: t, base: srv.URL}

	var acc accepted
	a.do("POST", "/v1/groups/metrics-1/episodes", map[string]any{"content": "Hana: I work at Umbrella.", "reference_time": "2024-01-01"}, &acc)
	a.waitDone(acc.Episodes[0].StatusURL)
	a.do("POST", "/v1/groups/metrics-1/episodes", `{"content": `, nil)
	code, raw := a.do("GET", "/metrics", nil, nil)
	if code != 200 {
		t.Fatalf("GET /metrics = %d", code)
	}
	text := string(raw)
	for _, want := range []string{
		"# TYPE mnemo_http_requests_total counter",
		`mnemo_http_requests_total{route="POST /v1/groups/{group}/episodes",code="202"} 1`,
		`mnemo_http_requests_total{route="POST /v1/groups/{group}/episodes",code="400"} 1`,
		"# TYPE mnemo_http_request_duration_seconds histogram",
		`mnemo_http_request_duration_seconds_bucket{route="POST /v1/groups/{group}/episodes",code="202",le="+Inf"} 1`,
		`mnemo_http_request_duration_seconds_count{route="GET /v1/groups/{group}/episodes/{uuid}/status",code="200"}`,
		"mnemo_episodes_accepted_total 1",
		"mnemo_queue_pending_episodes ",
		"mnemo_queue_failed_episodes 0",
		`mnemo_llm_calls_total{prompt="rerank"} 1`,
		`mnemo_llm_prompt_tokens_total{prompt="rerank"}`,
		`mnemo_plugin_calls_total{plugin="rule-extractor"}`,
		"mnemo_plugin_reload_failed 0",
		"# TYPE mnemo_store_call_duration_seconds histogram",
		`mnemo_store_call_errors_total{store="kuzu",op="write"}`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	if strings.Contains(text, `mnemo_plugin_calls_total{plugin="rule-extractor"} 0`) {
		t.Errorf("rule-extractor calls = 0 after an ingestion")
	}
	// The host is shared with the package's other tests, whose plugin
	// calls count too (a trapped call is retried, and counted): the
	// errors are exported, whatever their number.
	if !regexp.MustCompile(`mnemo_plugin_errors_total\{plugin="rule-extractor"\} [0-9]+\n`).MatchString(text) {
		t.Errorf("metrics lack mnemo_plugin_errors_total for the rule-extractor")
	}
	// The ingestion wrote and the status reads read: the store's calls
	// were timed.
	for _, op := range []string{"read", "write"} {
		re := regexp.MustCompile(`mnemo_store_call_duration_seconds_count\{store="kuzu",op="` + op + `"\} [1-9]`)
		if !re.MatchString(text) {
			t.Errorf("no kuzu %s call counted", op)
		}
	}
	// Every line is a comment or "name{labels} value" in the text format.
	sample := regexp.MustCompile(`^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-z_]+="([^"\\]|\\.)*",?)*\})? -?[0-9.]+(e[+-]?[0-9]+)?$`)
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if !strings.HasPrefix(line, "# HELP ") && !strings.HasPrefix(line, "# TYPE ") && !sample.MatchString(line) {
			t.Errorf("malformed line %q", line)
		}
	}
}
