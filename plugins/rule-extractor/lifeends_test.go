package main

import "testing"

// TestExtractLifeEnds: a pet an earlier episode named dies; studies end
// with a graduation or a degree finished, at the one school told; an
// activity given up ends its one tie, and the one who takes over takes
// it; one elected after a holder stood down holds that office.
func TestExtractLifeEnds(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a pet named in another sentence dies", source: "message",
			previous: []string{"Oddny: We got a kitten! She's called Juniper and she's already destroyed the curtains."},
			content:  "Oddny: Juniper died last week, she was only two.",
			want:     []wf{{"HAS_PET", "Oddny", "Juniper", "", "2024-05-08"}}},
		{name: "graduated", source: "message",
			previous: []string{"Ysolde: I'm doing an MSc in Marine Biology at Tarnwell University, part time."},
			content:  "Ysolde: I graduated last week!",
			want:     []wf{{"STUDIES_AT", "Ysolde", "Tarnwell University", "", "2024-05-08"}, {"GRADUATED_FROM", "Ysolde", "Tarnwell University", "2024-05-08", ""}},
			absent:   []wf{{"STUDIES_AT", "Ysolde", "Marine Biology", "", ""}}},
		{name: "finished the degree", source: "message",
			previous: []string{"Ysolde: I'm doing an MSc in Marine Biology at Tarnwell University, part time."},
			content:  "Ysolde: Handed in my dissertation and I've officially finished the MSc!",
			want:     []wf{{"STUDIES_AT", "Ysolde", "Tarnwell University", "", "ref"}}},
		{name: "stepped back from coaching, another took over", source: "message",
			previous: []string{"Vesna: Sigvald coaches the under-12s at Fenlow Rangers on Saturdays."},
			content:  "Vesna: Sigvald has stepped back from coaching the under-12s, Oddny's taken over.",
			want:     []wf{{"COACHES", "Sigvald", "Fenlow Rangers", "", "ref"}, {"COACHES", "Oddny", "Fenlow Rangers", "ref", ""}}},
		{name: "stopped coaching, two clubs", source: "message",
			previous: []string{"Vesna: Sigvald coaches at Fenlow Rangers and at Tarnwell Rovers."},
			content:  "Vesna: Sigvald stopped coaching in May.",
			absent:   []wf{{"COACHES", "*", "*", "", "*"}}},
		{name: "left teaching, the school told before", source: "message",
			previous: []string{"My sister Ysolde teaches maths at Tarnwell High."},
			content:  "Ysolde left teaching this summer to retrain as an accountant.",
			want:     []wf{{"WORKS_AT", "Ysolde", "Tarnwell High", "", "2024-06-01"}},
			absent:   []wf{{"WORKS_AT", "Ysolde", "Tarnwell High", "2024-06-01", ""}}},
		{name: "moved on, the work told before",
			previous: []string{"Vesna Holt works at Quillary Ltd."},
			content:  "Vesna Holt has moved on.",
			want:     []wf{{"WORKS_AT", "Vesna Holt", "Quillary Ltd", "", "ref"}}},
		{name: "moved on from something",
			previous: []string{"Vesna Holt works at Quillary Ltd."},
			content:  "Vesna Holt has moved on from the argument.",
			absent:   []wf{{"WORKS_AT", "*", "*", "", "*"}}},
		{name: "gave up coaching", source: "message",
			previous: []string{"Vesna: Sigvald coaches the under-12s at Fenlow Rangers on Saturdays."},
			content:  "Vesna: Sigvald gave up coaching in February.",
			want:     []wf{{"COACHES", "Sigvald", "Fenlow Rangers", "", "2024-02-01"}}},
		{name: "elected after the chair stood down",
			previous: []string{"Thorfinn Aas was elected chair of the Tarnwell Allotment Society in 2021."},
			content:  "At this year's AGM, Thorfinn Aas stood down as chair after three years and Vesna Kolar was elected unopposed.",
			want:     []wf{{"HAS_CHAIR", "Tarnwell Allotment Society", "Vesna Kolar", "ref", ""}}},
		{name: "names joined after 'that' are both subjects",
			content: "Ingunn Dahl confirmed this week that brothers Thorfinn and Brannoc Vale took over the Quillary Cafe on 25 November.",
			want:    []wf{{"ACQUIRED", "Thorfinn Vale", "Quillary Cafe", "2023-11-25", ""}, {"ACQUIRED", "Brannoc Vale", "Quillary Cafe", "2023-11-25", ""}}},
		{name: "elected with no one leaving",
			content: "Vesna Kolar was elected unopposed.",
			absent:  []wf{{"*", "*", "Vesna Kolar", "", ""}}},
	})
}
