package main

import "testing"

// TestExtractTieStopped reads a subscription or a membership stopped,
// dropped or let lapse as ended, and "let" with an object and a bare
// verb as the verb it is.
func TestExtractTieStopped(t *testing.T) {
	runConstructions(t, []construction{
		{name: "stopped a subscription", source: "message",
			content: "I stopped my Fenlow Gazette subscription in February.",
			want:    []wf{{"SUBSCRIBED_TO", "User", "Fenlow Gazette", "", "2024-02-01"}}},
		{name: "dropped a membership", source: "message",
			content: "I dropped my membership at Kestrel Gym last week.",
			want:    []wf{{"MEMBER_OF", "User", "Kestrel Gym", "", "2024-05-08"}}},
		{name: "let a membership lapse", source: "message",
			content: "I let my Brackley Chess Club membership lapse in February.",
			want:    []wf{{"MEMBER_OF", "User", "Brackley Chess Club", "", "2024-02-01"}}},
		{name: "let a membership renew", source: "message",
			content: "I let my Brackley Chess Club membership renew in February.",
			absent:  []wf{{"MEMBER_OF", "*", "*", "", "2024-02-01"}}},
	})
}
