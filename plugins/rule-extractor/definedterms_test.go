package main

import "testing"

// TestDefinedTerms: a term a text defines in brackets is the party it
// names wherever the text uses it afterwards.
func TestDefinedTerms(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`This lease is made between (1) Fjordhus Eiendom AS (the "Landlord") and (2) Saltvik Glass Ltd (the "Tenant"). The Landlord lets to the Tenant Unit 3.`,
			`This lease is made between (1) Fjordhus Eiendom AS and (2) Saltvik Glass Ltd. Fjordhus Eiendom AS lets to Saltvik Glass Ltd Unit 3.`},
		{`Orla Byrne (“the Seller”) agrees to sell. The Seller's agent is Kline LLP (hereinafter "Counsel"). Counsel Services Ltd is unrelated; Counsel acts for the Seller.`,
			`Orla Byrne agrees to sell. Orla Byrne's agent is Kline LLP. Counsel Services Ltd is unrelated; Kline LLP acts for Orla Byrne.`},
		{`Ann Berg (42) moved to Oslo.`, `Ann Berg (42) moved to Oslo.`},
	} {
		if got, _ := definedTerms(c.in, nil); got != c.want {
			t.Errorf("definedTerms(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
	_, lease := definedTerms(`Fjordhus Eiendom AS (the "Landlord") and Saltvik Glass Ltd (the "Tenant")`, nil)
	want := "Saltvik Glass Ltd will pay Fjordhus Eiendom AS."
	if got, _ := definedTerms("The Tenant will pay the Landlord.", lease); got != want {
		t.Errorf("with the lease's terms: got %q, want %q", got, want)
	}
}
