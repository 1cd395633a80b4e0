package main

import (
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestExtractHotelStays holds stays at hotels: one's own bookings, those
// of a list of travellers, a room moved to another hotel, and a booking
// code cancelled (reference time: 15 May 2024).
func TestExtractHotelStays(t *testing.T) {
	const own = "Ines Kallas(user): Could you confirm my two hotel bookings for July? Hotel Viru Park in Tallinn from 3 to 6 July, then Lahe Suites in Pärnu from 6 to 9 July."
	const codes = "(assistant): Both are confirmed, Ines: reference TR-2231 is Hotel Viru Park and TR-2238 is Lahe Suites."
	runConstructions(t, []construction{
		{name: "one's own bookings, named after the question", source: "message",
			content: own,
			want:    []wf{{"STAYS_AT", "Ines Kallas", "Hotel Viru Park", "ref", ""}, {"STAYS_AT", "Ines Kallas", "Lahe Suites", "ref", ""}}},
		{name: "the travellers of a confirmation stay at its accommodation",
			content: "Confirmation: travellers Oskar Tamm and Liis Mets, Riga to Vilnius by bus on 3 July. Accommodation: Hotel Neris, two single rooms.",
			want:    []wf{{"STAYS_AT", "Oskar Tamm", "Hotel Neris", "ref", ""}, {"STAYS_AT", "Liis Mets", "Hotel Neris", "ref", ""}}},
		{name: "a room moved to another hotel, the hotel that overbooked left",
			content: "Because Hotel Neris overbooked, Oskar Tamm's room for 3-6 July has been moved to the Vilnia Residence.",
			want:    []wf{{"STAYS_AT", "Oskar Tamm", "Vilnia Residence", "ref", ""}, {"STAYS_AT", "Oskar Tamm", "Hotel Neris", "", "ref"}},
			absent:  []wf{{"STAYS_AT", "Oskar Tamm", "Hotel Neris", "ref", ""}}},
		{name: "a booking code said to be a hotel's, cancelled, ends the stay", source: "message",
			previous: []string{own, codes},
			content:  "(assistant): Done. TR-2238 is cancelled.",
			want:     []wf{{"STAYS_AT", "Ines Kallas", "Lahe Suites", "", "ref"}},
			absent:   []wf{{"STAYS_AT", "Ines Kallas", "Hotel Viru Park", "", "ref"}}},
		{name: "a traveller who cancels their place leaves the hotel",
			previous: []string{"Confirmation: travellers Oskar Tamm and Liis Mets, Riga to Vilnius by bus on 3 July. Accommodation: Hotel Neris, two single rooms."},
			content:  "Booking update: Liis Mets has cancelled her place and will not be travelling.",
			want:     []wf{{"STAYS_AT", "Liis Mets", "Hotel Neris", "", "ref"}},
			absent:   []wf{{"STAYS_AT", "Oskar Tamm", "Hotel Neris", "", "ref"}}},
		{name: "a hotel one works at is no stay, booking or not", source: "message",
			content: "Ines Kallas(user): My sister works at Hotel Viru Park, so I booked a room near the harbour.",
			absent:  []wf{{"STAYS_AT", "*", "*", "", ""}}},
	})
}

// TestExtractHotelStayEndedLater: a confirmation read after the update
// that moved its room, which was told later, is bounded by that update.
func TestExtractHotelStayEndedLater(t *testing.T) {
	req := abi.ExtractRequest{GroupID: "g",
		Episode: abi.Episode{Source: "text", ReferenceTime: "2024-04-02T09:00:00Z",
			Content: "Confirmation: travellers Oskar Tamm and Liis Mets, Riga to Vilnius by bus on 3 July. Accommodation: Hotel Neris, two single rooms."},
		Previous: []abi.Episode{{Source: "text", ReferenceTime: "2024-05-20T09:00:00Z",
			Content: "Because Hotel Neris overbooked, Oskar Tamm's room for 3-6 July has been moved to the Vilnia Residence."}}}
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, req, &resp)
	got := gotFacts(resp.Facts)
	for _, w := range []wf{
		{"STAYS_AT", "Oskar Tamm", "Hotel Neris", "2024-04-02T09:00:00Z", "2024-05-20T09:00:00Z"},
		{"STAYS_AT", "Liis Mets", "Hotel Neris", "2024-04-02T09:00:00Z", ""},
	} {
		if !containsFact(got, w) {
			t.Errorf("facts = %+v\nwant among them %+v", got, w)
		}
	}
}
