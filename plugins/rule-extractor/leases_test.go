package main

import "testing"

// TestExtractLeases holds a place let to a tenant, from either side.
func TestExtractLeases(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the landlord lets a unit to the tenant",
			content: "Brackwater Estates Ltd lets Unit 5 to Quillon Pottery Ltd from 1 May 2022.",
			want: []wf{{"RENTS", "Quillon Pottery Ltd", "Unit 5", "2022-05-01", ""},
				{"LANDLORD_OF", "Brackwater Estates Ltd", "Quillon Pottery Ltd", "2022-05-01", ""}}},
		{name: "the tenant leases it from the landlord",
			content: "Quillon Pottery Ltd leases Unit 5 from Brackwater Estates Ltd.",
			want: []wf{{"RENTS", "Quillon Pottery Ltd", "Unit 5", "ref", ""},
				{"LANDLORD_OF", "Brackwater Estates Ltd", "Quillon Pottery Ltd", "ref", ""}}},
		{name: "the place let, in the passive",
			content: "Unit 5 is let to Quillon Pottery Ltd by Brackwater Estates Ltd.",
			want: []wf{{"RENTS", "Quillon Pottery Ltd", "Unit 5", "ref", ""},
				{"LANDLORD_OF", "Brackwater Estates Ltd", "Quillon Pottery Ltd", "ref", ""}}},
		{name: "a thing rented is no lease of a place",
			content: "Quillon Pottery Ltd rented a van for the fair.",
			absent:  []wf{{"LANDLORD_OF", "*", "*", "", ""}, {"RENTS", "*", "van", "", ""}}},
	})
}
