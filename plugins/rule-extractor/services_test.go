package main

import "testing"

// TestExtractServiceWithProvider holds a service said to be with a
// provider, or moved to one: its possessor holds it there.
func TestExtractServiceWithProvider(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an insurance with an insurer since a year",
			content: "Mrs Aud Berg's home insurance has been with Tollan Mutual since 2019.",
			want:    []wf{{"INSURED_WITH", "Mrs Aud Berg", "Tollan Mutual", "2019-01-01", ""}}},
		{name: "an insurance moved", source: "message",
			content: "Aud: My home insurance moved to Kestrel & Lowe on 1 January 2024.",
			want:    []wf{{"INSURED_WITH", "Aud", "Kestrel & Lowe", "2024-01-01", ""}},
			absent:  []wf{{"LIVES_IN", "*", "*", "", ""}}},
		{name: "savings moved from a bank to another", source: "message",
			content: "Aud: My savings went from Fenwick Bank to Marden Building Society in March.",
			want: []wf{{"BANKS_WITH", "Aud", "Fenwick Bank", "", "2024-03-01"},
				{"BANKS_WITH", "Aud", "Marden Building Society", "2024-03-01", ""}}},
	})
}
