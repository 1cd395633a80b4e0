package main

import (
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestExtractNewHolder reads "X's new coach is Y" as the end of the
// coaching the episodes before told, and a coach's retirement as the end
// of coaching a person, who stays a person.
func TestExtractNewHolder(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a new coach", source: "message",
			previous: []string{"Ingunn: My daughter Vesna is coached by Thorfinn Aas at the Fenlow swimming club."},
			content:  "Ingunn: Vesna's new coach is Brannoc Hale.",
			want:     []wf{{"COACHES", "Brannoc Hale", "Vesna", "ref", ""}, {"COACHES", "Thorfinn Aas", "Vesna", "", "ref"}}},
		{name: "a new landlord", source: "message",
			previous: []string{"Ingunn: My landlord is Sigvald Brekke."},
			content:  "Ingunn: My new landlord is Thorfinn Aas.",
			want:     []wf{{"LANDLORD_OF", "Sigvald Brekke", "Ingunn", "", "ref"}}},
		{name: "a coach, no new one", source: "message",
			previous: []string{"Ingunn: My daughter Vesna is coached by Thorfinn Aas."},
			content:  "Ingunn: Vesna's coach is Thorfinn Aas.",
			absent:   []wf{{"COACHES", "*", "*", "", "*"}}},
		{name: "the coach retires", source: "message",
			previous: []string{"Ingunn: My daughter Vesna is coached by Thorfinn Aas at the Fenlow swimming club."},
			content:  "Ingunn: Thorfinn retired over Christmas.",
			want:     []wf{{"COACHES", "Thorfinn Aas", "Vesna", "", "2023-12-25"}}},
	})
}

// TestExtractRetiredCoachKeepsPerson: the one a retiring coach coached
// is typed a person, not a team, so that the end finds the tie it ends.
func TestExtractRetiredCoachKeepsPerson(t *testing.T) {
	req := abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "message", Content: "Ingunn: Thorfinn retired over Christmas.", ReferenceTime: refTime},
		Previous: []abi.Episode{{Source: "message", Content: "Ingunn: My daughter Vesna is coached by Thorfinn Aas at the Fenlow swimming club.", ReferenceTime: "2024-05-14T09:00:00Z"}}}
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, req, &resp)
	for _, e := range resp.Entities {
		if e.Name == "Vesna" && e.Type != "Person" {
			t.Errorf("Vesna typed %q, want Person", e.Type)
		}
	}
}
