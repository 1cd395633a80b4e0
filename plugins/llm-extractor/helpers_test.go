package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// scripted is a Completer that answers each prompt name from a script and
// records the requests. A prompt's answers are used in order, the last one
// for every further request. Each answer names models[role] as the model
// that gave it; a role without an entry gets no name, as from a host that
// does not report it.
type scripted struct {
	answers map[string][]string
	models  map[string]string
	err     error
	reqs    []abi.LLMRequest
}

func (s *scripted) complete(req abi.LLMRequest) (sdk.Completion, error) {
	s.reqs = append(s.reqs, req)
	if s.err != nil {
		return sdk.Completion{}, s.err
	}
	q := s.answers[req.Prompt]
	if len(q) == 0 {
		return sdk.Completion{}, fmt.Errorf("no answer scripted for prompt %q", req.Prompt)
	}
	a := q[0]
	if len(q) > 1 {
		s.answers[req.Prompt] = q[1:]
	}
	return sdk.Completion{Content: a, Model: s.models[req.Model]}, nil
}

// logs records log lines.
type logs []string

func (l *logs) log(level int32, msg string) { *l = append(*l, fmt.Sprintf("%d %s", level, msg)) }

// newTest returns an extractor on a script of answers (prompt name →
// answers, each a value marshaled to JSON or a string taken verbatim),
// configured with config (none if empty).
func newTest(t *testing.T, config string, answers map[string][]any) (*extractor, *scripted, *logs) {
	t.Helper()
	s := &scripted{answers: map[string][]string{}}
	for prompt, as := range answers {
		for _, a := range as {
			if str, ok := a.(string); ok {
				s.answers[prompt] = append(s.answers[prompt], str)
				continue
			}
			b, err := json.Marshal(a)
			if err != nil {
				t.Fatal(err)
			}
			s.answers[prompt] = append(s.answers[prompt], string(b))
		}
	}
	l := &logs{}
	x := newExtractor(s.complete, l.log)
	if config != "" {
		if _, err := sdk.Call(x.plugin(), sdk.FuncConfigure, []byte(config)); err != nil {
			t.Fatalf("configure(%s) = %v", config, err)
		}
	}
	return x, s, l
}

// call runs a capability through the SDK's JSON boundary, as the module's
// exports do, and decodes the answer into out.
func call(t *testing.T, x *extractor, fn string, req, out any) error {
	t.Helper()
	in, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	got, err := sdk.Call(x.plugin(), fn, in)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(got, out); err != nil {
		t.Fatalf("decode %s answer %s: %v", fn, got, err)
	}
	return nil
}

// mustCall is call for requests that must succeed.
func mustCall(t *testing.T, x *extractor, fn string, req, out any) {
	t.Helper()
	if err := call(t, x, fn, req, out); err != nil {
		t.Fatalf("%s(%+v) = %v", fn, req, err)
	}
}

// errModel is a model failure, as sdk.Complete reports one.
var errModel = errors.New("llm endpoint unavailable")

// containsAll reports the first of wants that s does not contain.
func containsAll(s string, wants ...string) (string, bool) {
	for _, w := range wants {
		if !strings.Contains(s, w) {
			return w, false
		}
	}
	return "", true
}
