package main

import (
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestExtractTitleOfBefore reads "the <post> of <organisation>, <name>,"
// and "the <relative> of <person>, <name>," before a verb: the name
// holds the post or the tie, and is the verb's subject; the organisation
// is no short name of the person.
func TestExtractTitleOfBefore(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a post that is left", source: "text",
			content: "The chief executive of Quillary, Ingunn Dahl, resigned on 2 May.",
			want:    []wf{{"HAS_CEO", "Quillary", "Ingunn Dahl", "", "2024-05-02"}}},
		{name: "a post held, and a verb of saying", source: "text",
			content: "The chief executive of Brackley Freight, Ingunn Dahl, said profits rose.",
			want:    []wf{{"HAS_CEO", "Brackley Freight", "Ingunn Dahl", "ref", ""}}},
		{name: "a club's coach who moves", source: "text",
			content: "The coach of Fenlow Rovers, Ingunn Dahl, moved to Tarnwell.",
			want:    []wf{{"COACHES", "Ingunn Dahl", "Fenlow Rovers", "ref", ""}, {"LIVES_IN", "Ingunn Dahl", "Tarnwell", "ref", ""}}},
		{name: "a relative", source: "message",
			content: "Vesna: The sister of Sigvald, Ingunn, lives in Tarnwell.",
			want:    []wf{{"SISTER_OF", "Ingunn", "Sigvald", "ref", ""}, {"LIVES_IN", "Ingunn", "Tarnwell", "ref", ""}}},
	})
}

// TestFullNameAfterPreposition keeps an organisation named after "of"
// apart from the full name set off after it.
func TestFullNameAfterPreposition(t *testing.T) {
	req := abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "text", Content: "The owner of Quillary, Ingunn Dahl, said hello.", ReferenceTime: refTime}}
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, req, &resp)
	for _, e := range resp.Entities {
		if e.Name == "Ingunn Dahl" && e.Attributes["aliases"] != nil {
			t.Errorf("Ingunn Dahl has aliases %v, want none", e.Attributes["aliases"])
		}
	}
}
