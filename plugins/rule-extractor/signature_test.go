package main

import "testing"

// TestExtractSignatures holds letters and emails whose closing block
// says who wrote them and where they work, and whose "From:" line says
// whose "I" the body's is.
func TestExtractSignatures(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a post and an organisation under the sender's name",
			content: "Morning all,\n\nJust a reminder that the flour comes from Millbrook Grain Co.\n\nThanks,\nIlse Varga\nHead Baker, Kelso Bakery",
			want:    []wf{{"WORKS_AT", "Ilse Varga", "Kelso Bakery", "ref", ""}, {"HAS_JOB_TITLE", "Ilse Varga", "head baker", "ref", ""}}},
		{name: "a department and an organisation",
			content: "Dear Ms Lehto,\n\nWe confirm that your policy has been renewed.\n\nKind regards,\nTuomas Varga\nCustomer Service, Harbour Mutual",
			want:    []wf{{"WORKS_AT", "Tuomas Varga", "Harbour Mutual", "ref", ""}}},
		{name: "a town and a county under a name are no employer",
			content: "See you at the fair.\n\nBest wishes,\nIlse Varga\nLeeds, Yorkshire",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
		{name: "two people sign",
			content: "See you at the fair.\nIlse Varga\nTuomas Lehto",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
		{name: "the sender an email's From line names",
			content: "From: Ilse Varga\nTo: Kitchen team\nSubject: News\n\nI have moved to Perth.",
			want:    []wf{{"LIVES_IN", "Ilse Varga", "Perth", "ref", ""}}},
	})
}
