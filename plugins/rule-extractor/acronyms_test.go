package main

import (
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestExtractBracketAcronym reads an acronym in brackets after a name as
// that name's short form: one entity, with the acronym as its alias.
func TestExtractBracketAcronym(t *testing.T) {
	for _, tt := range []struct {
		content string
		one     bool
	}{
		{"Tarnwell Allotment Society (TAS) has a new chair.", true},
		{"Tarnwell Allotment Society (BBC) has a new chair.", false},
	} {
		req := abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "text", Content: tt.content, ReferenceTime: refTime}}
		var resp abi.ExtractResponse
		roundTrip(t, abi.CapExtract, req, &resp)
		names := map[string]bool{}
		for _, e := range resp.Entities {
			names[e.Name] = true
		}
		if got := !names["TAS"] && !names["BBC"]; got != tt.one {
			t.Errorf("extract(%q) entities %v: one entity = %v, want %v", tt.content, names, got, tt.one)
		}
	}
}
