package main

import "testing"

// TestExtractBeforeThat reads the dates a clause takes from another: the
// date "before that", "until then" and "prior to that" stand for; an
// "until" after a comma that closes the sentence; the year of a season;
// a span that ends where a "before" clause is dated; an organisation
// named in an aside of one's past ("previously … at Garrick Holdings"),
// which gives no later title; and a role one retrains or qualifies as,
// begun, by the subject of the clause that governs the participle.
func TestExtractBeforeThat(t *testing.T) {
	runConstructions(t, []construction{
		{name: "before that, the sentence before",
			content: "Thorfinn has lived in Tarnwell since 2012. Before that, he lived in Brackley.",
			want: []wf{
				{"LIVES_IN", "Thorfinn", "Tarnwell", "2012-01-01", ""},
				{"LIVES_IN", "Thorfinn", "Brackley", "", "2012-01-01"},
			}},
		{name: "before that, the clause before",
			content: "Vesna joined Quillary Ltd in February 2019, and before that she worked at Garrick Holdings.",
			want:    []wf{{"WORKS_AT", "Vesna", "Garrick Holdings", "", "2019-02-01"}}},
		{name: "until then",
			content: "Ysolde moved to Lisbon in 2020. Until then, she lived in Fenlow.",
			want:    []wf{{"LIVES_IN", "Ysolde", "Fenlow", "", "2020-01-01"}}},
		{name: "before that meeting names its own time", source: "message",
			content: "I moved to Tarnwell in 2021. I need to call Vesna before that meeting.",
			absent:  []wf{{"*", "*", "*", "", "2021-01-01"}}},
		{name: "until after a comma, closing the sentence", source: "message",
			content: "I lived in Brackley for most of my twenties, until 2016.",
			want:    []wf{{"LIVES_IN", "User", "Brackley", "", "2016-01-01"}}},
		{name: "since a season",
			content: "Ingunn has coached the Fenlow Rovers since the 2019 season.",
			want:    []wf{{"COACHES", "Ingunn", "Fenlow Rovers", "2019-01-01", ""}}},
		{name: "a span before a dated clause", source: "message",
			content: "I worked at Garrick Holdings for four years before joining Quillary Ltd in 2019.",
			want: []wf{
				{"WORKS_AT", "User", "Garrick Holdings", "2015-01-01", "2019-01-01"},
				{"WORKS_AT", "User", "Quillary Ltd", "2019-01-01", ""},
			}},
		{name: "a former post's organisation, in an aside",
			content: "Ingunn Lade has left Brackley Foods. Thorfinn Aas, previously finance director at Garrick Holdings, takes over as CFO on 1 December.",
			want:    []wf{{"HAS_CFO", "Brackley Foods", "Thorfinn Aas", "2024-12-01", ""}},
			absent:  []wf{{"HAS_CFO", "Garrick Holdings", "*", "", ""}}},
		{name: "a present post's organisation, in an aside",
			content: "Thorfinn Aas, a partner at Garrick Holdings, is now the CFO.",
			want:    []wf{{"HAS_CFO", "Garrick Holdings", "Thorfinn Aas", "ref", ""}}},
		{name: "retrained as, begun",
			content: "Brannoc was a nurse for six years before retraining as a paramedic.",
			want:    []wf{{"HAS_JOB_TITLE", "Brannoc", "paramedic", "ref", ""}}},
	})
}
