package llm_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

// TestAutoStructuredOutput plays servers that know fewer response formats:
// under Auto (the default) the first request finds the strongest format the
// endpoint takes, and the requests after it use that one at once.
func TestAutoStructuredOutput(t *testing.T) {
	tests := []struct {
		name    string
		refuse  []string
		want    []string // response formats of the first request's attempts
		settled string   // response format of the next request
	}{
		{name: "json_schema", want: []string{"json_schema"}, settled: "json_schema"},
		{name: "no json_schema", refuse: []string{"json_schema"}, want: []string{"json_schema", "json_object"}, settled: "json_object"},
		{name: "no response format", refuse: []string{"json_schema", "json_object"}, want: []string{"json_schema", "json_object", ""}, settled: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.RefuseFormats(tt.refuse...)
			srv.Script("extract", llmtest.Text(validEntities))
			c := newClient(t, srv, newFakeClock(), nil)
			for i := range 2 {
				got, err := c.Complete(context.Background(), userRequest("extract", "Alice works at Acme.", entitiesSchema))
				if err != nil {
					t.Fatalf("Complete %d: %v", i+1, err)
				}
				if got.Content != validEntities {
					t.Errorf("Complete %d = %q, want %q", i+1, got.Content, validEntities)
				}
			}
			var formats []string
			for _, r := range srv.RequestsFor("extract") {
				formats = append(formats, r.ResponseFormat)
			}
			if want := append(append([]string(nil), tt.want...), tt.settled); !cmp.Equal(formats, want) {
				t.Errorf("response formats sent = %q, want %q", formats, want)
			}
			// Without a json_schema format the schema travels in the prompt.
			last := srv.RequestsFor("extract")[len(formats)-1]
			if inPrompt := strings.Contains(last.LastUser(), `"entities"`); inPrompt != (tt.settled != "json_schema") {
				t.Errorf("schema in the prompt = %v with format %q", inPrompt, tt.settled)
			}
		})
	}
}

// TestAutoStructuredOutputRefusedRequest checks that a request refused in
// every format is the request's fault: the first refusal is returned, and
// nothing is settled, so the next request starts from json_schema again.
// Other refusals (401) are never taken for the format's.
func TestAutoStructuredOutputRefusedRequest(t *testing.T) {
	srv := llmtest.New(t)
	srv.Script("extract", llmtest.Answer{Status: http.StatusBadRequest, Message: "prompt too long"}, llmtest.Answer{Status: http.StatusBadRequest, Message: "prompt too long"}, llmtest.Answer{Status: http.StatusBadRequest, Message: "prompt too long"}, llmtest.Text(validEntities))
	c := newClient(t, srv, newFakeClock(), nil)
	_, err := c.Complete(context.Background(), userRequest("extract", "x", entitiesSchema))
	if !errors.Is(err, core.ErrInvalid) || !strings.Contains(err.Error(), "prompt too long") {
		t.Fatalf("Complete error = %v, want ErrInvalid with the server's message", err)
	}
	if _, err := c.Complete(context.Background(), userRequest("extract", "x", entitiesSchema)); err != nil {
		t.Fatalf("second Complete: %v", err)
	}
	var formats []string
	for _, r := range srv.RequestsFor("extract") {
		formats = append(formats, r.ResponseFormat)
	}
	if want := []string{"json_schema", "json_object", "", "json_schema"}; !cmp.Equal(formats, want) {
		t.Errorf("response formats sent = %q, want %q", formats, want)
	}

	srv = llmtest.New(t)
	srv.FailNext(1, http.StatusUnauthorized, 0)
	srv.Script("extract", llmtest.Text(validEntities))
	c = newClient(t, srv, newFakeClock(), nil)
	if _, err := c.Complete(context.Background(), userRequest("extract", "x", entitiesSchema)); !errors.Is(err, core.ErrInvalid) {
		t.Fatalf("Complete after a 401 error = %v, want ErrInvalid", err)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("a 401 made %d requests, want 1", n)
	}
}

// TestProbe checks what `mnemo llm check` prints: each format tried, the
// refused ones with the server's reason, and the strongest that works.
func TestProbe(t *testing.T) {
	srv := llmtest.New(t)
	srv.RefuseFormats("json_schema")
	c := newClient(t, srv, newFakeClock(), nil)
	rep, err := c.Probe(context.Background(), core.ModelMain)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Model != "test-main" || rep.Chosen != llm.JSONObject || len(rep.Modes) != 3 {
		t.Fatalf("Probe = %+v, want test-main, json_object chosen, three modes", rep)
	}
	if m := rep.Modes[0]; m.Mode != llm.JSONSchema || m.Works || !strings.Contains(m.Detail, "not supported") {
		t.Errorf("Probe json_schema = %+v, want refused with the server's reason", m)
	}
	if m := rep.Modes[1]; m.Mode != llm.JSONObject || !m.Works {
		t.Errorf("Probe json_object = %+v, want working", m)
	}
	if m := rep.Modes[2]; m.Mode != llm.PromptOnly || !m.Works {
		t.Errorf("Probe prompt = %+v, want working", m)
	}

	// A model that answers anything but the schema: the probe says so, and
	// prompt-only (validated and repaired) is what is left.
	srv = llmtest.New(t)
	srv.Script(llm.ProbePrompt, llmtest.Text("Sure! Blue is a lovely colour."))
	c = newClient(t, srv, newFakeClock(), nil)
	if rep, err = c.Probe(context.Background(), core.ModelMain); err != nil {
		t.Fatal(err)
	}
	if rep.Chosen != llm.PromptOnly || rep.Modes[0].Works || !strings.Contains(rep.Modes[0].Detail, "not JSON") {
		t.Errorf("Probe of a model that ignores the format = %+v, want prompt chosen and json_schema's answer reported as not JSON", rep)
	}
}
