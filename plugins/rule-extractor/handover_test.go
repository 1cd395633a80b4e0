package main

import "testing"

// TestExtractOwnershipHandedOn holds a thing or a pet handed on: the one it is
// handed to owns it from then, its owner before no longer.
func TestExtractOwnershipHandedOn(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a pet's registration transferred, its owner told in an earlier record",
			previous: []string{"Consult record. Patient: Biscuit, 3-year-old male terrier. Owner: Henrik Sola. Started meloxicam."},
			content:  "Admin note. Biscuit's registration has been transferred to Maren Sola (Henrik's sister) of Bergen.",
			want: []wf{
				{"HAS_PET", "Maren Sola", "Biscuit", "ref", ""},
				{"HAS_PET", "Henrik Sola", "Biscuit", "", "ref"},
			}},
		{name: "the ownership of a business handed over, dated",
			content: "Torvald Berg handed the ownership of the Larkspur Cafe over to Ines Vik in March.",
			want: []wf{
				{"OWNS", "Ines Vik", "Larkspur Cafe", "2024-03-01", ""},
				{"OWNS", "Torvald Berg", "Larkspur Cafe", "", "2024-03-01"},
			}},
		{name: "a person transferred is no handover",
			content: "Ines Vik was transferred to the Bergen office in March.",
			absent:  []wf{{"OWNS", "*", "*", "", ""}, {"HAS_PET", "*", "*", "", ""}}},
	})
}
