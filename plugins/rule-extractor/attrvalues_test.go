package main

import "testing"

// TestExtractAmounts reads an amount a thing or a person has, stated or
// changed "to" a value, with its holder: the possessor, the name after
// the noun, or the speaker; and nothing for a noun of no amount, a value
// of no number or an amount of something unnamed.
func TestExtractAmounts(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the name after the noun",
			content: "The monthly rent on 14 Orchard Row is 1,240 pounds.",
			want:    []wf{{"HAS_MONTHLY_RENT", "14 Orchard Row", "1,240 pounds", "ref", ""}}},
		{name: "a possessor, and a unit",
			content: "Vesna's salary is 52,000 a year.",
			want:    []wf{{"HAS_SALARY", "Vesna", "52,000 a year", "ref", ""}},
			absent:  []wf{{"HAS_AGE", "*", "*", "", ""}}},
		{name: "a currency sign",
			content: "The asking price for 8 Tamarind Close is £310,000.",
			want:    []wf{{"HAS_ASKING_PRICE", "8 Tamarind Close", "£310,000", "ref", ""}}},
		{name: "raised to, dated", source: "message",
			content: "Our landlord raised the rent to 1,300 in February.",
			want:    []wf{{"HAS_RENT", "User", "1,300", "2024-02-01", ""}}},
		{name: "going up, from a date to come", source: "message",
			content: "The rent on 14 Orchard Row is going up from £1,150 to £1,240 a month from 1 July.",
			want:    []wf{{"HAS_RENT", "14 Orchard Row", "£1,240 a month", "2024-07-01", ""}},
			absent:  []wf{{"HAS_RENT", "*", "£1,150", "", ""}}},
		{name: "the speaker's", source: "message",
			content: "My rent is 800 a month.",
			want:    []wf{{"HAS_RENT", "User", "800 a month", "ref", ""}}},
		{name: "no number", source: "message",
			content: "My rent is too high.",
			absent:  []wf{{"HAS_RENT", "*", "*", "", ""}}},
		{name: "something unnamed", source: "message",
			content: "The cost of the trip was about 2,000 dollars.",
			absent:  []wf{{"HAS_COST", "*", "*", "", ""}}},
		{name: "an age is an age",
			content: "Vesna is 52.",
			want:    []wf{{"HAS_AGE", "Vesna", "52", "ref", ""}}},
	})
}
