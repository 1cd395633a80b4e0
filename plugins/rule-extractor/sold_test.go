package main

import (
	"slices"
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestExtractSoldUnnamed holds a sale that names neither seller nor
// buyer: the owner the text or an earlier episode told owns the thing
// no more, from the sale.
func TestExtractSoldUnnamed(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the owner told in the same text",
			content: "Odile Marsh has owned The Brass Kettle since 2009. The Brass Kettle was sold last month.",
			want:    []wf{{"OWNS", "Odile Marsh", "The Brass Kettle", "2009-01-01", "2024-04-01"}}},
		{name: "the owner told in an earlier episode",
			previous: []string{"Odile Marsh owns The Brass Kettle on Fenwick Street."},
			content:  "The Brass Kettle has been sold.",
			want:     []wf{{"OWNS", "Odile Marsh", "Brass Kettle", "", "ref"}}},
		{name: "a sale to someone is read by its frames",
			previous: []string{"Odile Marsh owns The Brass Kettle on Fenwick Street."},
			content:  "The Brass Kettle has been sold to Tomas Novak.",
			absent:   []wf{{"OWNS", "Odile Marsh", "*", "", ""}}},
		{name: "no owner told, no end",
			content: "The Brass Kettle has been sold.",
			absent:  []wf{{"OWNS", "*", "*", "", ""}}},
	})
}

// TestExtractBuildingSales holds a building sold by its address, owned
// since a decade, the sale completing on a day to come (reference time:
// 15 May 2024).
func TestExtractBuildingSales(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a building at an address is the address, the sale completing later", source: "message",
			content: "Rafael: Halden Estates, who have owned our building at Vestgata 12 since the nineties, have sold it to Moe Bolig. The sale completes on 1 June.",
			want: []wf{
				{"OWNS", "Halden Estates", "Vestgata 12", "1990-01-01", "2024-06-01"},
				{"OWNS", "Moe Bolig", "Vestgata 12", "2024-06-01", ""},
			},
			absent: []wf{{"OWNS", "*", "building", "", ""}}},
		{name: "a decade in figures", source: "message",
			content: "Rafael: Halden Estates has owned the flat on Strandveien 3 since the 1980s.",
			want:    []wf{{"OWNS", "Halden Estates", "Strandveien 3", "1980-01-01", ""}}},
		{name: "a decade with an apostrophe", source: "message",
			content: "Rafael: Halden Estates has owned Vestgata 12 since the '70s.",
			want:    []wf{{"OWNS", "Halden Estates", "Vestgata 12", "1970-01-01", ""}}},
	})
}

// TestExtractStakes holds a stake in a thing bought, sold or held as a
// tie to the thing, the stake kept in the fact's words; an interest in
// a pastime stays no ownership.
func TestExtractStakes(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a freehold interest sold to a buyer",
			content: "On 31 August 2023 Fenlow Holdings sold its freehold interest in Gullet Yard to Tarnwell Partners.",
			want: []wf{{"OWNS", "Fenlow Holdings", "Gullet Yard", "", "2023-08-31"},
				{"ACQUIRED", "Tarnwell Partners", "Gullet Yard", "2023-08-31", ""}},
			absent: []wf{{"OWNS", "*", "freehold interest", "", ""}}},
		{name: "a stake bought",
			content: "Oddny bought a 40% stake in Brackley Freight in 2021.",
			want:    []wf{{"OWNS", "Oddny", "Brackley Freight", "2021-01-01", ""}}},
		{name: "an interest in a pastime",
			content: "Oddny has an interest in painting.",
			absent:  []wf{{"OWNS", "*", "*", "", ""}}},
	})
}

// TestExtractStakeTexts holds the stake in the words of the facts.
func TestExtractStakeTexts(t *testing.T) {
	req := abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "text", ReferenceTime: refTime,
		Content: "Oddny sold her shares in Brackley Freight to Ross Tilde in March."}}
	texts := extractTexts(t, req)
	for _, w := range []string{"Oddny sold shares in Brackley Freight", "The shares in Brackley Freight were sold to Ross Tilde"} {
		if !slices.Contains(texts, w) {
			t.Errorf("facts %q, want %q among them", texts, w)
		}
	}
}
