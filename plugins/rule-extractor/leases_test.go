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

// TestExtractDefinedTermsInALease: the parties a lease defines are who its
// terms name, in it and in the letters after it; a firm's legal form
// closes its name before the unit let.
func TestExtractDefinedTermsInALease(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the landlord lets to the tenant",
			content: `This lease is made on 2 April 2023 between Fjordhus Eiendom AS (the "Landlord") and Saltvik Glass Ltd (the "Tenant"). The Landlord lets to the Tenant Unit 7, Kaiveien 3, for a term of five years commencing on 1 June 2023.`,
			want: []wf{{"RENTS", "Saltvik Glass Ltd", "Unit 7", "2023-06-01", ""},
				{"LANDLORD_OF", "Fjordhus Eiendom AS", "Saltvik Glass Ltd", "2023-06-01", ""}}},
		{name: "a later letter uses the lease's terms",
			previous: []string{`Lease of Unit 7 between Fjordhus Eiendom AS (the "Landlord") and Saltvik Glass Ltd (the "Tenant").`},
			content:  "The Tenant rents Unit 7 from the Landlord.",
			want:     []wf{{"RENTS", "Saltvik Glass Ltd", "Unit 7", "ref", ""}}},
	})
}
