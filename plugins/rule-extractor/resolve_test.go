package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/wasm/abi"
)

func TestResolveEntities(t *testing.T) {
	person := func(uuid, name string) abi.Entity {
		return abi.Entity{UUID: uuid, Name: name, Labels: []string{"Person"}}
	}
	org := func(uuid, name string) abi.Entity {
		return abi.Entity{UUID: uuid, Name: name, Labels: []string{"Organization"}}
	}
	untyped := func(uuid, name string) abi.Entity { return abi.Entity{UUID: uuid, Name: name} }
	tests := []struct {
		name       string
		entity     abi.ExtractedEntity
		candidates []abi.Entity
		want       abi.EntityAnswer
	}{
		{"acronym to expansion", abi.ExtractedEntity{Name: "IBM", Type: "Organization"},
			[]abi.Entity{org("u1", "International Business Machines")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"expansion to acronym takes the fuller name", abi.ExtractedEntity{Name: "International Business Machines"},
			[]abi.Entity{org("u1", "IBM")},
			abi.EntityAnswer{DuplicateOf: "u1", Name: "International Business Machines"}},
		{"acronym skipping small words", abi.ExtractedEntity{Name: "BoA"},
			[]abi.Entity{org("u1", "Bank of America")},
			abi.EntityAnswer{}},
		{"acronym with small words", abi.ExtractedEntity{Name: "UCLA"},
			[]abi.Entity{org("u1", "University of California Los Angeles")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"a short form of a first name", abi.ExtractedEntity{Name: "Gwen", Type: "Person"},
			[]abi.Entity{person("u1", "Gwendolyn Achterberg")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"a given name and a first surname", abi.ExtractedEntity{Name: "Inés Huamán", Type: "Person"},
			[]abi.Entity{person("u1", "Inés Huamán Ccori")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"an honorific and a first surname", abi.ExtractedEntity{Name: "Ms. Huamán", Type: "Person"},
			[]abi.Entity{person("u1", "Inés Huamán Ccori")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"a name after a job title", abi.ExtractedEntity{Name: "Inés Huamán", Type: "Person"},
			[]abi.Entity{person("u1", "Staff Nurse Inés Huamán")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"a name after a job title, neither typed", abi.ExtractedEntity{Name: "Inés Huamán"},
			[]abi.Entity{{UUID: "u1", Name: "Staff Nurse Inés Huamán"}},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"a company without its trade word and suffix", abi.ExtractedEntity{Name: "Varde", Type: "Organization"},
			[]abi.Entity{org("u1", "Varde Grain Co.")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"a company without its trade word, no suffix told", abi.ExtractedEntity{Name: "Varde", Type: "Organization"},
			[]abi.Entity{org("u1", "Varde Grain")},
			abi.EntityAnswer{}},
		{"a name after another name", abi.ExtractedEntity{Name: "Inés Huamán", Type: "Person"},
			[]abi.Entity{person("u1", "Rosa Inés Huamán")},
			abi.EntityAnswer{}},
		{"a name and its relative", abi.ExtractedEntity{Name: "Inés Huamán", Type: "Person"},
			[]abi.Entity{person("u1", "Inés Huamán's brother")},
			abi.EntityAnswer{}},
		{"an honorific and the surname of a relative", abi.ExtractedEntity{Name: "Ms. Huamán", Type: "Person"},
			[]abi.Entity{person("u1", "Inés Huamán's sister")},
			abi.EntityAnswer{}},
		{"a given name and another surname", abi.ExtractedEntity{Name: "Inés Ccori", Type: "Person"},
			[]abi.Entity{person("u1", "Inés Huamán Ccori")},
			abi.EntityAnswer{}},
		{"a short form of a name said alone", abi.ExtractedEntity{Name: "Gwen", Type: "Person"},
			[]abi.Entity{person("u1", "Gwendolyn")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"two letters are no short form", abi.ExtractedEntity{Name: "Gw", Type: "Person"},
			[]abi.Entity{person("u1", "Gwendolyn Achterberg")},
			abi.EntityAnswer{}},
		{"a name without its marks", abi.ExtractedEntity{Name: "Selin Aydin", Type: "Person"},
			[]abi.Entity{person("u1", "Selin Aydın")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"a thing by its make", abi.ExtractedEntity{Name: "Volvo", Type: "Product"},
			[]abi.Entity{{UUID: "u1", Name: "Volvo V70", Labels: []string{"Product"}}},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"a club without its town", abi.ExtractedEntity{Name: "Herons", Type: "Organization"},
			[]abi.Entity{org("u1", "Harrowgate Herons")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"a generic last word is no club's name", abi.ExtractedEntity{Name: "Labs", Type: "Organization"},
			[]abi.Entity{org("u1", "Brightwater Labs")},
			abi.EntityAnswer{}},
		{"a name the candidate was given as an alias", abi.ExtractedEntity{Name: "Sig", Type: "Person"},
			[]abi.Entity{{UUID: "u1", Name: "Ingrid Solvang", Labels: []string{"Person"}, Attributes: map[string]any{"aliases": []any{"Sig"}}}, person("u2", "Sigrid Holm")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"first name, one candidate", abi.ExtractedEntity{Name: "Alice", Type: "Person"},
			[]abi.Entity{person("u1", "Alice Smith"), person("u2", "Bob Jones")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"first name, two Alices stay apart", abi.ExtractedEntity{Name: "Alice", Type: "Person"},
			[]abi.Entity{person("u1", "Alice Smith"), person("u2", "Alice Jones")},
			abi.EntityAnswer{}},
		{"full name onto a first name", abi.ExtractedEntity{Name: "Alice Smith", Type: "Person"},
			[]abi.Entity{person("u1", "Alice")},
			abi.EntityAnswer{DuplicateOf: "u1", Name: "Alice Smith"}},
		{"full name with another Alice around", abi.ExtractedEntity{Name: "Alice Smith", Type: "Person"},
			[]abi.Entity{person("u1", "Alice"), person("u2", "Alice Jones")},
			abi.EntityAnswer{}},
		{"honorific kept as the fuller name", abi.ExtractedEntity{Name: "Dr. Lee", Attributes: map[string]any{"kind": "Person"}},
			[]abi.Entity{untyped("u1", "Lee")},
			abi.EntityAnswer{DuplicateOf: "u1", Name: "Dr. Lee"}},
		{"bare surname onto an honorific", abi.ExtractedEntity{Name: "Lee"},
			[]abi.Entity{person("u1", "Dr. Lee")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"surname onto a full name", abi.ExtractedEntity{Name: "Dr. Lee"},
			[]abi.Entity{person("u1", "John Lee")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"corporate suffix", abi.ExtractedEntity{Name: "Acme"},
			[]abi.Entity{org("u1", "Acme Corp.")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"corporate suffix is more complete", abi.ExtractedEntity{Name: "Acme Corporation"},
			[]abi.Entity{org("u1", "Acme")},
			abi.EntityAnswer{DuplicateOf: "u1", Name: "Acme Corporation"}},
		{"leading the", abi.ExtractedEntity{Name: "Beatles"},
			[]abi.Entity{untyped("u1", "The Beatles")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"spelling: possessive", abi.ExtractedEntity{Name: "Katherine Johnson's", Type: "Person"},
			[]abi.Entity{person("u1", "Katherine Johnson")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"a person one letter apart is another person", abi.ExtractedEntity{Name: "Katherine Jonson", Type: "Person"},
			[]abi.Entity{person("u1", "Katherine Johnson")},
			abi.EntityAnswer{}},
		{"an untyped name one letter apart is another", abi.ExtractedEntity{Name: "Sven Moller"},
			[]abi.Entity{untyped("u1", "Sven Maller")},
			abi.EntityAnswer{}},
		{"an organisation's typo merges", abi.ExtractedEntity{Name: "Brightwater Logistcs", Type: "Organization"},
			[]abi.Entity{org("u1", "Brightwater Logistics")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"identifiers one character apart stay apart", abi.ExtractedEntity{Name: "INV-3308", Type: "Identifier"},
			[]abi.Entity{{UUID: "u1", Name: "INV-3380", Labels: []string{"Identifier"}}, {UUID: "u2", Name: "INV-3309", Labels: []string{"Identifier"}}},
			abi.EntityAnswer{}},
		{"an identifier with its noun is the identifier", abi.ExtractedEntity{Name: "invoice INV-3308", Type: "Identifier"},
			[]abi.Entity{{UUID: "u1", Name: "INV-3308", Labels: []string{"Identifier"}}},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"spelling: title", abi.ExtractedEntity{Name: "Dr. Katherine Johnson", Type: "Person"},
			[]abi.Entity{person("u1", "Katherine Johnson")},
			abi.EntityAnswer{DuplicateOf: "u1", Name: "Dr. Katherine Johnson"}},
		{"plural", abi.ExtractedEntity{Name: "Smiths"},
			[]abi.Entity{untyped("u1", "Smith")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"typo in a short name is not merged", abi.ExtractedEntity{Name: "Anna", Type: "Person"},
			[]abi.Entity{person("u1", "Anne")},
			abi.EntityAnswer{}},
		{"different first letter is another person", abi.ExtractedEntity{Name: "Catherine Smith", Type: "Person"},
			[]abi.Entity{person("u1", "Katherine Smith")},
			abi.EntityAnswer{}},
		{"a person never merges with a place", abi.ExtractedEntity{Name: "Paris", Type: "Location"},
			[]abi.Entity{person("u1", "Paris")},
			abi.EntityAnswer{}},
		{"kind attribute counts as a type", abi.ExtractedEntity{Name: "Jordan", Attributes: map[string]any{"kind": "Person"}},
			[]abi.Entity{{UUID: "u1", Name: "Jordan", Attributes: map[string]any{"kind": "Location"}}},
			abi.EntityAnswer{}},
		{"unrelated names", abi.ExtractedEntity{Name: "Google"},
			[]abi.Entity{org("u1", "Alphabet")},
			abi.EntityAnswer{}},
		{"no candidates", abi.ExtractedEntity{Name: "Google"}, nil, abi.EntityAnswer{}},
		{"an organisation's short form", abi.ExtractedEntity{Name: "Tollgate", Type: "Organization"},
			[]abi.Entity{org("u1", "Tollgate Academy"), person("u2", "Rhona Tollgate")},
			abi.EntityAnswer{DuplicateOf: "u1"}},
		{"an organisation's full name onto its short form", abi.ExtractedEntity{Name: "Dunlin Rovers"},
			[]abi.Entity{org("u1", "Dunlin")},
			abi.EntityAnswer{DuplicateOf: "u1", Name: "Dunlin Rovers"}},
		{"a plan named with its class noun is the plan", abi.ExtractedEntity{Name: "Pro subscription", Type: "Plan"},
			[]abi.Entity{{UUID: "u1", Name: "Pro", Labels: []string{"Plan"}}},
			abi.EntityAnswer{DuplicateOf: "u1", Name: "Pro subscription"}},
		{"a vaccine named with its class noun is the vaccine", abi.ExtractedEntity{Name: "MMR booster", Type: "Vaccine"},
			[]abi.Entity{{UUID: "u1", Name: "MMR", Labels: []string{"Vaccine"}}},
			abi.EntityAnswer{DuplicateOf: "u1", Name: "MMR booster"}},
		{"a plan is no organisation of its name", abi.ExtractedEntity{Name: "Pro subscription", Type: "Plan"},
			[]abi.Entity{org("u1", "Pro")},
			abi.EntityAnswer{}},
		{"a short form of two organisations stays apart", abi.ExtractedEntity{Name: "Tollgate", Type: "Organization"},
			[]abi.Entity{org("u1", "Tollgate Academy"), org("u2", "Tollgate Bank")},
			abi.EntityAnswer{}},
		{"an industry word is no generic tail", abi.ExtractedEntity{Name: "Orvell", Type: "Organization"},
			[]abi.Entity{org("u1", "Orvell Therapeutics")},
			abi.EntityAnswer{}},
		{"a place is not the organisation named after it", abi.ExtractedEntity{Name: "Tollgate", Type: "Location"},
			[]abi.Entity{org("u1", "Tollgate Academy")},
			abi.EntityAnswer{}},
		{"best match wins", abi.ExtractedEntity{Name: "Acme", Type: "Organization"},
			[]abi.Entity{org("u1", "Acmes"), org("u2", "Acme Inc")},
			abi.EntityAnswer{DuplicateOf: "u2"}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := abi.ResolveEntitiesRequest{Questions: []abi.EntityQuestion{{ID: i, Entity: tt.entity, Candidates: tt.candidates}}}
			var resp abi.ResolveEntitiesResponse
			roundTrip(t, abi.CapResolveEntities, req, &resp)
			want := tt.want
			want.ID = i
			if diff := cmp.Diff([]abi.EntityAnswer{want}, resp.Answers); diff != "" {
				t.Errorf("resolveEntities(%q) mismatch (-want +got):\n%s", tt.entity.Name, diff)
			}
		})
	}
}

func TestResolveEntitiesOneAnswerPerQuestion(t *testing.T) {
	req := abi.ResolveEntitiesRequest{Questions: []abi.EntityQuestion{
		{ID: 7, Entity: abi.ExtractedEntity{Name: "IBM"}, Candidates: []abi.Entity{{UUID: "a", Name: "International Business Machines"}}},
		{ID: 3, Entity: abi.ExtractedEntity{Name: "Nobody"}},
	}}
	var resp abi.ResolveEntitiesResponse
	roundTrip(t, abi.CapResolveEntities, req, &resp)
	want := []abi.EntityAnswer{{ID: 7, DuplicateOf: "a"}, {ID: 3}}
	if diff := cmp.Diff(want, resp.Answers); diff != "" {
		t.Errorf("resolveEntities answers mismatch (-want +got):\n%s", diff)
	}
}

// fct builds a fact between names; dates are days as in wf.
func fct(uuid, rel, src, dst, text, valid, invalid string) abi.Fact {
	return abi.Fact{UUID: uuid, Relation: rel, Source: src, Target: dst, Fact: text, ValidAt: rfc(valid), InvalidAt: rfc(invalid)}
}

func TestResolveFacts(t *testing.T) {
	tests := []struct {
		name              string
		fact              abi.Fact
		existing, related []abi.Fact
		want              abi.FactAnswer
	}{
		{"same text",
			fct("", "WORKS_AT", "Alice", "Acme", "Alice works at Acme", "2024-05-01", ""),
			[]abi.Fact{fct("e1", "WORKS_AT", "Alice", "Acme", "Alice works at Acme.", "2023-01-01", "")}, nil,
			abi.FactAnswer{Duplicates: []string{"e1"}}},
		{"same relation under a synonym",
			fct("", "WORKS_AT", "Alice", "Acme", "Alice is employed at Acme", "2024-05-01", ""),
			[]abi.Fact{fct("e1", "EMPLOYED_BY", "Alice", "Acme", "Alice has a job with Acme", "", "")}, nil,
			abi.FactAnswer{Duplicates: []string{"e1"}}},
		{"explicit end is a duplicate, not a contradiction",
			fct("", "WORKS_AT", "Alice", "Acme", "Alice quit Acme", "", "2024-05-15"),
			[]abi.Fact{fct("e1", "WORKS_AT", "Alice", "Acme", "Alice works at Acme", "2020-01-01", "")}, nil,
			abi.FactAnswer{Duplicates: []string{"e1"}}},
		{"an end of one tie of a couple ends another",
			fct("", "MARRIED_TO", "Ines", "Aivar", "Ines separated from Aivar", "", "2024-04-01"),
			[]abi.Fact{fct("e1", "IS_DATING", "Aivar", "Ines", "Ines and Aivar are a couple", "2021-01-01", "")}, nil,
			abi.FactAnswer{Duplicates: []string{"e1"}}},
		{"selling a thing ends driving it",
			fct("", "OWNS", "Oddny", "Skoda Octavia", "Oddny sold Skoda Octavia", "", "2024-04-01"),
			[]abi.Fact{fct("e1", "DRIVES", "Oddny", "Skoda Octavia", "Oddny drives Skoda Octavia", "2022-01-01", "")}, nil,
			abi.FactAnswer{Duplicates: []string{"e1"}}},
		{"selling a business ends running it",
			fct("", "OWNS", "Oddny", "Tarnwell Bakehouse", "Oddny sold Tarnwell Bakehouse", "", "2024-04-01"),
			[]abi.Fact{fct("e1", "RUNS", "Oddny", "Tarnwell Bakehouse", "Oddny runs Tarnwell Bakehouse", "2021-01-01", "")}, nil,
			abi.FactAnswer{Duplicates: []string{"e1"}}},
		{"no longer driving a thing does not sell it",
			fct("", "DRIVES", "Oddny", "Skoda Octavia", "Oddny no longer drives Skoda Octavia", "", "2024-04-01"),
			[]abi.Fact{fct("e1", "OWNS", "Oddny", "Skoda Octavia", "Oddny owns Skoda Octavia", "2022-01-01", "")}, nil,
			abi.FactAnswer{}},
		{"an end of a couple's tie ends no job",
			fct("", "MARRIED_TO", "Ines", "Aivar", "Ines separated from Aivar", "", "2024-04-01"),
			[]abi.Fact{fct("e1", "WORKS_AT", "Ines", "Aivar", "Ines works at Aivar", "2021-01-01", "")}, nil,
			abi.FactAnswer{}},
		{"an end told from the other side of a tie ends it",
			fct("", "REPORTS_TO", "Ines", "Hanne", "Ines no longer reports to Hanne", "", "2024-10-14"),
			[]abi.Fact{fct("e1", "MANAGER_OF", "Hanne", "Ines", "Hanne is Ines's manager", "2024-02-05", "")}, nil,
			abi.FactAnswer{Duplicates: []string{"e1"}}},
		{"leaving an organisation ends the office it gave",
			fct("", "WORKS_AT", "Priya Raman", "Brightwater Foods", "Priya Raman left Brightwater Foods", "", "2024-08-31"),
			[]abi.Fact{fct("e1", "HAS_CFO", "Brightwater Foods", "Priya Raman", "Priya Raman is the CFO of Brightwater Foods", "2023-04-01", "")}, nil,
			abi.FactAnswer{Duplicates: []string{"e1"}}},
		{"leaving an organisation ends no order it holds",
			fct("", "WORKS_AT", "Priya Raman", "Brightwater Foods", "Priya Raman left Brightwater Foods", "", "2024-08-31"),
			[]abi.Fact{fct("e1", "HAS_ORDER", "Brightwater Foods", "Priya Raman", "Brightwater Foods has an order of Priya Raman", "2023-04-01", "")}, nil,
			abi.FactAnswer{}},
		{"an end of a tie the other way round ends nothing",
			fct("", "REPORTS_TO", "Ines", "Hanne", "Ines no longer reports to Hanne", "", "2024-10-14"),
			[]abi.Fact{fct("e1", "MANAGER_OF", "Ines", "Hanne", "Ines is Hanne's manager", "2024-02-05", "")}, nil,
			abi.FactAnswer{}},
		{"functional relation, new target",
			fct("", "LIVES_IN", "Alice", "Berlin", "Alice moved to Berlin", "2024-05-15", ""),
			nil, []abi.Fact{fct("r1", "LIVES_IN", "Alice", "Paris", "Alice lives in Paris", "2020-01-01", "")},
			abi.FactAnswer{Contradicts: []string{"r1"}}},
		{"functional relation, unknown old start",
			fct("", "WORKS_AT", "Alice", "Globex", "Alice works at Globex", "2024-05-15", ""),
			nil, []abi.Fact{fct("r1", "WORKS_AT", "Alice", "Acme", "Alice works at Acme", "", "")},
			abi.FactAnswer{Contradicts: []string{"r1"}}},
		{"non-overlapping intervals are no contradiction",
			fct("", "LIVES_IN", "Alice", "Berlin", "Alice lives in Berlin", "2024-05-15", ""),
			nil, []abi.Fact{fct("r1", "LIVES_IN", "Alice", "Paris", "Alice lived in Paris", "2010-01-01", "2012-01-01")},
			abi.FactAnswer{}},
		{"new fact ended before the old began",
			fct("", "LIVES_IN", "Alice", "Rome", "Alice lived in Rome", "2001-01-01", "2005-01-01"),
			nil, []abi.Fact{fct("r1", "LIVES_IN", "Alice", "Paris", "Alice lives in Paris", "2020-01-01", "")},
			abi.FactAnswer{}},
		{"an end alone contradicts nothing",
			fct("", "LIVES_IN", "Alice", "Boston", "Alice moved away from Boston", "", "2024-05-15"),
			nil, []abi.Fact{fct("r1", "LIVES_IN", "Alice", "Seattle", "Alice lives in Seattle", "2024-05-15", "")},
			abi.FactAnswer{}},
		{"not functional",
			fct("", "LIKES", "Alice", "tea", "Alice likes tea", "2024-05-15", ""),
			nil, []abi.Fact{fct("r1", "LIKES", "Alice", "coffee", "Alice likes coffee", "2023-01-01", "")},
			abi.FactAnswer{}},
		{"antonym of the same target",
			fct("", "DISLIKES", "Alice", "tea", "Alice dislikes tea", "2024-05-15", ""),
			[]abi.Fact{fct("e1", "LOVES", "Alice", "tea", "Alice loves tea", "2023-01-01", "")}, nil,
			abi.FactAnswer{Contradicts: []string{"e1"}}},
		{"another person's facts",
			fct("", "WORKS_AT", "Alice", "Acme", "Alice works at Acme", "2024-05-15", ""),
			nil, []abi.Fact{fct("r1", "WORKS_AT", "Bob", "Globex", "Bob works at Globex", "2023-01-01", "")},
			abi.FactAnswer{}},
		{"symmetric relation seen from the other end",
			fct("", "MARRIED_TO", "Alice", "Noor", "Alice married Noor", "2024-05-15", ""),
			nil, []abi.Fact{fct("r1", "MARRIED_TO", "Tom", "Alice", "Tom is married to Alice", "2015-01-01", "")},
			abi.FactAnswer{Contradicts: []string{"r1"}}},
		{"symmetric duplicate either way round",
			fct("", "MARRIED_TO", "Noor", "Alice", "Noor is married to Alice", "2024-05-15", ""),
			[]abi.Fact{fct("e1", "MARRIED_TO", "Alice", "Noor", "Alice is married to Noor", "2019-01-01", "")}, nil,
			abi.FactAnswer{Duplicates: []string{"e1"}}},
		{"events on different days are two events",
			fct("", "VISITED", "Alice", "Rome", "Alice visited Rome", "2023-06-01", ""),
			[]abi.Fact{fct("e1", "VISITED", "Alice", "Rome", "Alice visited Rome in winter", "2022-01-01", "")}, nil,
			abi.FactAnswer{}},
		{"event on the same day",
			fct("", "VISITED", "Alice", "Rome", "Alice visited Rome", "2023-06-01", ""),
			[]abi.Fact{fct("e1", "TRAVELED_TO", "Alice", "Rome", "Alice traveled to Rome", "2023-06-01", "")}, nil,
			abi.FactAnswer{Duplicates: []string{"e1"}}},
		{"same place again after a gap",
			fct("", "LIVES_IN", "Alice", "Paris", "Alice moved to Paris", "2020-01-01", ""),
			[]abi.Fact{fct("e1", "LIVES_IN", "Alice", "Paris", "Alice lived in Paris", "2010-01-01", "2012-01-01")}, nil,
			abi.FactAnswer{}},
		{"open relation with similar text",
			fct("", "RELATES_TO", "Alice", "Bob", "Alice met Bob at a conference in Rome", "", ""),
			[]abi.Fact{
				fct("e1", "RELATES_TO", "Alice", "Bob", "Alice and Bob met at the conference in Rome", "", ""),
				fct("e2", "RELATES_TO", "Alice", "Bob", "Alice sued Bob", "", ""),
			}, nil,
			abi.FactAnswer{Duplicates: []string{"e1"}}},
		{"a move to another ward ends the stay on the last",
			fct("", "PLACED_IN", "Cathal Brennock", "Ward 12", "Cathal Brennock moved to Ward 12", "2025-02-07", ""),
			nil, []abi.Fact{fct("r1", "PLACED_IN", "Cathal Brennock", "Ward 7", "Cathal Brennock is on Ward 7", "2025-02-03", "")},
			abi.FactAnswer{Contradicts: []string{"r1"}}},
		{"selling a company ends the acquisition that made it the seller's",
			fct("", "OWNS", "Tarnwell Group", "Fenlow Analytics", "Tarnwell Group sold Fenlow Analytics", "", "2024-09-01"),
			[]abi.Fact{fct("e1", "ACQUIRED", "Tarnwell Group", "Fenlow Analytics", "Fenlow Analytics was acquired by Tarnwell Group", "2022-02-01", "")}, nil,
			abi.FactAnswer{Duplicates: []string{"e1"}}},
		{"a later buyer ends the earlier acquisition",
			fct("", "ACQUIRED", "Brackley Capital", "Fenlow Analytics", "Fenlow Analytics was sold to Brackley Capital", "2024-09-01", ""),
			nil, []abi.Fact{fct("r1", "ACQUIRED", "Tarnwell Group", "Fenlow Analytics", "Fenlow Analytics was acquired by Tarnwell Group", "2022-02-01", "")},
			abi.FactAnswer{Contradicts: []string{"r1"}}},
		{"duplicate and contradiction together",
			fct("", "LIVES_IN", "Alice", "Berlin", "Alice lives in Berlin", "2024-05-15", ""),
			[]abi.Fact{fct("e1", "LIVES_IN", "Alice", "Berlin", "Alice lives in Berlin", "2024-01-01", "")},
			[]abi.Fact{fct("r1", "LIVES_IN", "Alice", "Paris", "Alice lives in Paris", "2019-01-01", ""), fct("r2", "LIVES_IN", "Alice", "Rome", "Alice lives in Rome", "2021-01-01", "")},
			abi.FactAnswer{Duplicates: []string{"e1"}, Contradicts: []string{"r1", "r2"}}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := abi.ResolveFactsRequest{Questions: []abi.FactQuestion{{ID: i, Fact: tt.fact, Existing: tt.existing, Related: tt.related}}}
			var resp abi.ResolveFactsResponse
			roundTrip(t, abi.CapResolveFacts, req, &resp)
			want := tt.want
			want.ID = i
			if diff := cmp.Diff([]abi.FactAnswer{want}, resp.Answers); diff != "" {
				t.Errorf("resolveFacts(%q) mismatch (-want +got):\n%s", tt.fact.Fact, diff)
			}
		})
	}
}

func TestResolveFactsByUUID(t *testing.T) {
	n := abi.Fact{Relation: "LIVES_IN", Fact: "Alice lives in Berlin", Source: "Alice", Target: "Berlin", SourceUUID: "a", TargetUUID: "b", ValidAt: rfc("2024-05-15")}
	// Same names, other entities: a different Alice's home is not contradicted.
	other := abi.Fact{UUID: "r1", Relation: "LIVES_IN", Fact: "Alice lives in Paris", Source: "Alice", Target: "Paris", SourceUUID: "a2", TargetUUID: "p", ValidAt: rfc("2020-01-01")}
	same := abi.Fact{UUID: "r2", Relation: "LIVES_IN", Fact: "Alice lives in Rome", Source: "Alice", Target: "Rome", SourceUUID: "a", TargetUUID: "r", ValidAt: rfc("2020-01-01")}
	req := abi.ResolveFactsRequest{Questions: []abi.FactQuestion{{ID: 1, Fact: n, Related: []abi.Fact{other, same}}}}
	var resp abi.ResolveFactsResponse
	roundTrip(t, abi.CapResolveFacts, req, &resp)
	want := []abi.FactAnswer{{ID: 1, Contradicts: []string{"r2"}}}
	if diff := cmp.Diff(want, resp.Answers); diff != "" {
		t.Errorf("resolveFacts mismatch (-want +got):\n%s", diff)
	}
}

func TestResolveFactsFunctionalKinds(t *testing.T) {
	tests := []struct {
		name              string
		source            string // the episode's source; default "message"
		fact              abi.Fact
		existing, related []abi.Fact
		want              abi.FactAnswer
	}{
		{name: "an organisation has one chief executive",
			fact:    fct("", "HAS_CEO", "Marlow Tea", "Ben Ochoa", "Ben Ochoa became the CEO of Marlow Tea", "2019-08-19", ""),
			related: []abi.Fact{fct("r1", "HAS_CEO", "Marlow Tea", "Ada Quist", "Ada Quist is the CEO of Marlow Tea", "2016-04-11", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "any chief officer",
			fact:    fct("", "HAS_CMO", "Marlow Tea", "Ben Ochoa", "Ben Ochoa is the CMO of Marlow Tea", "2019-08-19", ""),
			related: []abi.Fact{fct("r1", "HAS_CMO", "Marlow Tea", "Ada Quist", "Ada Quist is the CMO of Marlow Tea", "2016-04-11", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "a company has one general counsel",
			fact:    fct("", "HAS_GENERAL_COUNSEL", "Marlow Tea", "Ben Ochoa", "Ben Ochoa is the general counsel of Marlow Tea", "2019-08-19", ""),
			related: []abi.Fact{fct("r1", "HAS_GENERAL_COUNSEL", "Marlow Tea", "Ada Quist", "Ada Quist is the general counsel of Marlow Tea", "2016-04-11", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "a ticket has one passenger",
			fact:    fct("", "PASSENGER", "TK-5521", "Sigvald Dahl", "TK-5521 passenger is Sigvald Dahl", "2024-06-04", ""),
			related: []abi.Fact{fct("r1", "PASSENGER", "TK-5521", "Ingunn Dahl", "TK-5521 passenger Ingunn Dahl", "2024-06-01", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "a ticket has one origin",
			fact:    fct("", "ORIGIN", "TK-5521", "Bergen", "TK-5521 goes from Bergen", "2024-06-04", ""),
			related: []abi.Fact{fct("r1", "ORIGIN", "TK-5521", "Oslo", "TK-5521 goes from Oslo", "2024-06-01", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "one has one manager at a time",
			fact:    fct("", "MANAGER_OF", "Vesna", "Oddny", "Vesna is Oddny's manager", "2023-03-01", ""),
			related: []abi.Fact{fct("r1", "MANAGER_OF", "Ottoline", "Oddny", "Ottoline is Oddny's manager", "2022-02-01", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "a manager has many reports",
			fact:    fct("", "MANAGER_OF", "Vesna", "Oddny", "Vesna is Oddny's manager", "2023-03-01", ""),
			related: []abi.Fact{fct("r1", "MANAGER_OF", "Vesna", "Ingunn", "Vesna is Ingunn's manager", "2022-02-01", "")},
			want:    abi.FactAnswer{}},
		{name: "a switch ends the drug before",
			fact:    fct("", "SWITCHED_TO_MEDICATION", "Ayla", "sitagliptin", "Ayla takes sitagliptin instead", "2024-04-01", ""),
			related: []abi.Fact{fct("r1", "TAKES_MEDICATION", "Ayla", "metformin", "Ayla takes metformin", "2024-02-01", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "a drug told late is ended by the switch",
			fact:    fct("", "TAKES_MEDICATION", "Ayla", "metformin", "Ayla takes metformin", "2024-02-01", ""),
			related: []abi.Fact{fct("r1", "SWITCHED_TO_MEDICATION", "Ayla", "sitagliptin", "Ayla takes sitagliptin instead", "2024-04-01", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "two drugs at once",
			fact:    fct("", "TAKES_MEDICATION", "Ayla", "metformin", "Ayla takes metformin", "2024-02-01", ""),
			related: []abi.Fact{fct("r1", "TAKES_MEDICATION", "Ayla", "statin", "Ayla takes statin", "2023-04-01", "")},
			want:    abi.FactAnswer{}},
		{name: "a record's field holds one value", source: "json",
			fact:    fct("", "ASSIGNEE", "ticket T-7", "Ana", "The assignee of ticket T-7 is Ana", "2024-06-04", ""),
			related: []abi.Fact{fct("r1", "ASSIGNEE", "ticket T-7", "Bo", "The assignee of ticket T-7 is Bo", "2024-06-01", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "an amount told in words holds one value", source: "message",
			fact:    fct("", "HAS_MONTHLY_RENT", "14 Orchard Row", "1,300 pounds", "The monthly rent of 14 Orchard Row is 1,300 pounds", "2024-06-01", ""),
			related: []abi.Fact{fct("r1", "HAS_MONTHLY_RENT", "14 Orchard Row", "1,240 pounds", "The monthly rent of 14 Orchard Row is 1,240 pounds", "2023-08-01", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "a record's list holds several", source: "json",
			fact:    fct("", "TAGS", "ticket T-7", "urgent", "The tags of ticket T-7 include urgent", "2024-06-04", ""),
			related: []abi.Fact{fct("r1", "TAGS", "ticket T-7", "billing", "The tags of ticket T-7 include billing", "2024-06-01", "")},
			want:    abi.FactAnswer{}},
		{name: "a company appoints another officer without replacing one", source: "json",
			fact:    fct("", "OFFICER", "Tallowmere Data Ltd", "Ana Ruud", "The officer of Tallowmere Data Ltd is Ana Ruud", "2023-03-10", ""),
			related: []abi.Fact{fct("r1", "OFFICER", "Tallowmere Data Ltd", "Ingrid Solheim", "The officers of Tallowmere Data Ltd include Ingrid Solheim", "2020-01-28", "")},
			want:    abi.FactAnswer{}},
		{name: "a patient is in one bed at a time", source: "json",
			fact:    fct("", "IN_BED", "Ana Ruud", "7C-11", "Ana Ruud is in bed 7C-11", "2024-06-04", ""),
			related: []abi.Fact{fct("r1", "IN_BED", "Ana Ruud", "7C-03", "Ana Ruud is in bed 7C-03", "2024-06-01", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "text is not a record",
			fact:    fct("", "ASSIGNEE", "ticket T-7", "Ana", "The assignee of ticket T-7 is Ana", "2024-06-04", ""),
			related: []abi.Fact{fct("r1", "ASSIGNEE", "ticket T-7", "Bo", "The assignee of ticket T-7 is Bo", "2024-06-01", "")},
			want:    abi.FactAnswer{}},
		{name: "one manager to report to",
			fact:    fct("", "REPORTS_TO", "Teo", "Oskar", "Teo reports to Oskar", "2024-09-16", ""),
			related: []abi.Fact{fct("r1", "REPORTS_TO", "Teo", "Hanna", "Teo reports to Hanna", "2024-04-02", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "a new manager ends the manager told from the other end",
			fact:    fct("", "REPORTS_TO", "Teo", "Oskar", "Teo reports to Oskar", "2024-09-16", ""),
			related: []abi.Fact{fct("r1", "MANAGER_OF", "Hanna", "Teo", "Hanna is Teo's manager", "2024-04-02", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "a manager told late is ended by the one reported to after",
			fact:    fct("", "MANAGER_OF", "Hanna", "Teo", "Hanna is Teo's manager", "2024-04-02", ""),
			related: []abi.Fact{fct("r1", "REPORTS_TO", "Teo", "Oskar", "Teo reports to Oskar", "2024-09-16", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "a manager of two",
			fact:    fct("", "MANAGER_OF", "Hanna", "Teo", "Hanna is Teo's manager", "2024-04-02", ""),
			related: []abi.Fact{fct("r1", "MANAGER_OF", "Hanna", "Ines", "Hanna is Ines's manager", "2024-04-02", "")},
			want:    abi.FactAnswer{}},
		{name: "a business taken over has a new owner",
			fact:    fct("", "ACQUIRED", "Tomas Novak", "The Brass Kettle", "Tomas Novak took over The Brass Kettle", "2024-11-18", ""),
			related: []abi.Fact{fct("r1", "OWNS", "Odile Marsh", "The Brass Kettle", "Odile Marsh owns The Brass Kettle", "2019-06-03", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "a house bought from its owner",
			fact:    fct("", "OWNS", "Yusuf Adeyemi", "4 Quarry Lane", "Yusuf Adeyemi bought 4 Quarry Lane", "2022-03-01", ""),
			related: []abi.Fact{fct("r1", "OWNS", "Elin Marsh", "4 Quarry Lane", "Elin Marsh owns 4 Quarry Lane", "2010-05-01", "")},
			want:    abi.FactAnswer{Contradicts: []string{"r1"}}},
		{name: "co-owners named together",
			fact: fct("", "ACQUIRED", "Pavel Novak", "The Brass Kettle", "Pavel Novak took over The Brass Kettle", "2024-11-18", ""),
			related: []abi.Fact{fct("r1", "ACQUIRED", "Tomas Novak", "The Brass Kettle", "Tomas Novak took over The Brass Kettle", "2024-11-18", ""),
				fct("r2", "OWNS", "Tomas Novak", "The Brass Kettle", "Tomas Novak owns The Brass Kettle", "2024-11-18", "")},
			want: abi.FactAnswer{}},
		{name: "an owner told before the one who owned it earlier",
			fact:    fct("", "OWNS", "Elin Marsh", "4 Quarry Lane", "Elin Marsh owns 4 Quarry Lane", "2010-05-01", ""),
			related: []abi.Fact{fct("r1", "OWNS", "Yusuf Adeyemi", "4 Quarry Lane", "Yusuf Adeyemi bought 4 Quarry Lane", "2022-03-01", "")},
			want:    abi.FactAnswer{}},
		{name: "a thing bought is not the one owned",
			fact:    fct("", "OWNS", "Yusuf", "bike", "Yusuf bought a bike", "2022-03-01", ""),
			related: []abi.Fact{fct("r1", "OWNS", "Elin", "bike", "Elin owns a bike", "2010-05-01", "")},
			want:    abi.FactAnswer{}},
		{name: "a brand bought is not the one owned",
			fact:    fct("", "OWNS", "Yusuf", "Vespa", "Yusuf bought a Vespa", "2022-03-01", ""),
			related: []abi.Fact{fct("r1", "OWNS", "Elin", "Vespa", "Elin owns a Vespa", "2010-05-01", "")},
			want:    abi.FactAnswer{}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.source
			if src == "" {
				src = "message"
			}
			req := abi.ResolveFactsRequest{Episode: abi.Episode{Source: src}, Questions: []abi.FactQuestion{{ID: i, Fact: tt.fact, Existing: tt.existing, Related: tt.related}}}
			var resp abi.ResolveFactsResponse
			roundTrip(t, abi.CapResolveFacts, req, &resp)
			want := tt.want
			want.ID = i
			if diff := cmp.Diff([]abi.FactAnswer{want}, resp.Answers); diff != "" {
				t.Errorf("resolveFacts(%q) mismatch (-want +got):\n%s", tt.fact.Fact, diff)
			}
		})
	}
}

func TestResolveFactsLifeEvents(t *testing.T) {
	engaged := fct("e1", "ENGAGED_TO", "Ilka", "Jonas", "Ilka is engaged to Jonas", "2022-05-14", "")
	married := fct("e2", "MARRIED_TO", "Jonas", "Ilka", "Jonas married Ilka", "2023-07-22", "")
	for _, tt := range []struct {
		name     string
		fact     abi.Fact
		existing []abi.Fact
		want     abi.FactAnswer
	}{
		{"a marriage ends the engagement", married, []abi.Fact{engaged}, abi.FactAnswer{Contradicts: []string{"e1"}}},
		{"an engagement told late is ended by the marriage", engaged, []abi.Fact{married}, abi.FactAnswer{Contradicts: []string{"e2"}}},
		{"an engagement after a marriage does not end it",
			fct("", "ENGAGED_TO", "Ilka", "Jonas", "Ilka is engaged to Jonas", "2025-01-01", ""), []abi.Fact{married}, abi.FactAnswer{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := tt.fact
			f.UUID = ""
			req := abi.ResolveFactsRequest{Questions: []abi.FactQuestion{{ID: 1, Fact: f, Existing: tt.existing}}}
			var resp abi.ResolveFactsResponse
			roundTrip(t, abi.CapResolveFacts, req, &resp)
			want := tt.want
			want.ID = 1
			if diff := cmp.Diff([]abi.FactAnswer{want}, resp.Answers); diff != "" {
				t.Errorf("resolveFacts(%q) mismatch (-want +got):\n%s", f.Fact, diff)
			}
		})
	}
}

// TestKindOfTypeNameIsStable: a type name that several kinds accept maps
// to one kind, the same on every call (a map's order is random).
func TestKindOfTypeNameIsStable(t *testing.T) {
	for _, tc := range []struct {
		name string
		want kind
	}{{"Product", kindProduct}, {"medication", kindDrug}, {"Vaccine", kindVaccine}, {"subscription", kindPlan}} {
		for range 50 {
			if got := kindOfTypeName(tc.name); got != tc.want {
				t.Fatalf("kindOfTypeName(%q) = %q, want %q", tc.name, got, tc.want)
			}
		}
	}
	if len(kindOrder) != len(kindSynonyms) {
		t.Errorf("kindOrder has %d kinds, kindSynonyms %d", len(kindOrder), len(kindSynonyms))
	}
}
