package main

import (
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestExtractEarlierPet holds a name an earlier episode gave an animal
// as the animal's, though this episode has it do a person's things; a
// name after a noun that is no animal, or said by its own voice, stays
// a person.
func TestExtractEarlierPet(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a spaniel named before", source: "message",
			previous: []string{"Vesna: My spaniel Oddny has been limping all week."},
			content:  "Vesna: The vet switched Oddny over to meloxicam on Thursday.",
			want:     []wf{{"SWITCHED_TO_MEDICATION", "Oddny", "meloxicam", "2024-05-09", ""}},
			absent:   []wf{{"*", "Vesna", "Oddny", "", ""}}},
	})
	for _, tt := range []struct {
		name, previous, content, entity, want string
	}{
		{"a spaniel named before", "Vesna: My spaniel Oddny has been limping all week.",
			"Vesna: The carprofen was upsetting Oddny's stomach, so the vet put Oddny on meloxicam.", "Oddny", "Pet"},
		{"a cat called so", "Vesna: We adopted a cat called Ysolde in March.",
			"Vesna: The vet put Ysolde on meloxicam.", "Ysolde", "Pet"},
		{"the animal after the name", "Vesna: Ysolde, our old tabby cat, is at the vet.",
			"Vesna: The vet put Ysolde on meloxicam.", "Ysolde", "Pet"},
		{"no animal before the name", "Vesna: My dog walker Sigvald is away.",
			"Vesna: Sigvald moved to Oslo.", "Sigvald", ""},
		{"a speaker is a person", "Vesna: My spaniel Oddny has been limping.",
			"Oddny: I moved to Oslo.", "Oddny", "Person"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req := abi.ExtractRequest{
				Episode:  abi.Episode{Source: "message", ReferenceTime: refTime, Content: tt.content},
				Previous: []abi.Episode{{Source: "message", ReferenceTime: "2024-05-14T09:00:00Z", Content: tt.previous}},
			}
			got, _ := entityType(t, req, tt.entity)
			if got != tt.want {
				t.Errorf("type of %s after %q, %q = %q, want %q", tt.entity, tt.previous, tt.content, got, tt.want)
			}
		})
	}
}
