package wasm_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestSmoke runs the smoke request of every capability through the echo
// fixture, whose answers follow from the requests, and checks that a
// capability mnemo does not call and a plugin that traps are errors.
func TestSmoke(t *testing.T) {
	rt := shared(t)
	p := load(t, rt, "echo", wasm.Manifest{})
	want := map[string]string{
		abi.CapExtract:         "facts",
		abi.CapResolveEntities: "answers (Acme → ",
		abi.CapResolveFacts:    "contradictions (Berlin vs Paris)",
		abi.CapRerank:          "order ",
		abi.CapSummarize:       ": ",
	}
	for _, c := range p.Describe().Capabilities {
		got, err := wasm.Smoke(context.Background(), p, c)
		if err != nil {
			t.Errorf("Smoke(%s) = %v", c, err)
			continue
		}
		t.Logf("%s: %s", c, got)
		if !strings.Contains(got, want[c]) {
			t.Errorf("Smoke(%s) = %q, want it to contain %q", c, got, want[c])
		}
		delete(want, c)
	}
	if len(want) > 0 {
		t.Errorf("echo lacks capabilities %v: the fixture has every capability", want)
	}
	if _, err := wasm.Smoke(context.Background(), p, "translate"); err == nil || !strings.Contains(err.Error(), `"translate"`) {
		t.Errorf("Smoke(translate) = %v, want an error naming the capability", err)
	}
	trap := load(t, rt, "trap", wasm.Manifest{})
	if len(trap.Describe().Capabilities) == 0 {
		t.Fatal("the trap fixture has no capability")
	}
	for _, c := range trap.Describe().Capabilities {
		if _, err := wasm.Smoke(context.Background(), trap, c); err == nil {
			t.Errorf("Smoke(trap, %s) = nil error, want the trap", c)
		}
	}
}
