package main

import "testing"

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
