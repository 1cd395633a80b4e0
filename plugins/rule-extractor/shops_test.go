package main

import "testing"

// TestExtractBoughtFrom reads the shop a thing was bought, got or picked
// up at, beside the thing owned, and no shop in a person or a thing
// that is none.
func TestExtractBoughtFrom(t *testing.T) {
	runConstructions(t, []construction{
		{name: "bought at a named shop", source: "message",
			content: "I bought a new racket at Quillary last week.",
			want:    []wf{{"BOUGHT_FROM", "User", "Quillary", "2024-05-08", ""}, {"OWNS", "User", "new racket", "2024-05-08", ""}}},
		{name: "picked up at a market", source: "message",
			content: "I've been using a lavender shampoo that I picked up on a whim at Brackley Market.",
			want:    []wf{{"BOUGHT_FROM", "User", "Brackley Market", "", ""}}},
		{name: "got one's own new thing from a shop", source: "message",
			content: "I got my new bookshelf from Quillary.",
			want:    []wf{{"BOUGHT_FROM", "User", "Quillary", "", ""}, {"OWNS", "User", "new bookshelf", "ref", ""}}},
		{name: "from a person", source: "message",
			content: "I got my new stand mixer from my sister.",
			absent:  []wf{{"BOUGHT_FROM", "*", "*", "", ""}}},
		{name: "a cold got at work", source: "message",
			content: "I got a cold at work.",
			absent:  []wf{{"BOUGHT_FROM", "*", "*", "", ""}, {"OWNS", "*", "*", "", ""}}},
	})
}

// TestExtractGotThing reads a made thing got, received or picked up as
// owned from then, and neither a job, a call, a cold nor a person.
func TestExtractGotThing(t *testing.T) {
	runConstructions(t, []construction{
		{name: "got a thing WordNet files as made", source: "message",
			content: "I just got a new kettle today.",
			want:    []wf{{"OWNS", "User", "new kettle", "2024-05-15", ""}}},
		{name: "got a new thing whose noun's first sense is none", source: "message",
			content: "I just got my new phone case about a month ago.",
			want:    []wf{{"OWNS", "User", "new phone case", "2024-04-15", ""}}},
		{name: "received", source: "message",
			content: "I received a bike for my birthday.",
			want:    []wf{{"OWNS", "User", "bike", "ref", ""}}},
		{name: "picked up", source: "message",
			content: "I picked up a new tennis racket from a sports store downtown.",
			want:    []wf{{"OWNS", "User", "new tennis racket", "ref", ""}}},
		{name: "a job, a boss, a call", source: "message",
			content: "I got a new job at Quillary. I got a new boss. I got a call from Vesna.",
			absent:  []wf{{"OWNS", "*", "*", "", ""}}},
	})
}

// TestExtractGiftsAndVenues reads a made thing given (GAVE, from the
// giver), the venue of an occasion attended (HELD_AT), a relative's
// occasion by the relative's name, and a shop with where it is.
func TestExtractGiftsAndVenues(t *testing.T) {
	runConstructions(t, []construction{
		{name: "got from an aunt", source: "message",
			content: "I also got a crystal chandelier from my aunt today.",
			want:    []wf{{"GAVE", "User's aunt", "crystal chandelier", "2024-05-15", ""}},
			absent:  []wf{{"BOUGHT_FROM", "*", "*", "", ""}}},
		{name: "a letter is no gift", source: "message",
			content: "I received a letter from Vesna.",
			absent:  []wf{{"GAVE", "*", "*", "", ""}}},
		{name: "a service at a church", source: "message",
			content: "I attended the evening service at St Oddny's Church.",
			want:    []wf{{"HELD_AT", "evening service", "St Oddny's Church", "", ""}, {"ATTENDED", "User", "evening service", "", ""}}},
		{name: "an exhibit at a museum", source: "message",
			content: "I attended the Ancient Worlds exhibit at the Fenlow Museum of Art today.",
			want:    []wf{{"HELD_AT", "Ancient Worlds", "Fenlow Museum of Art", "2024-05-15", ""}}},
		{name: "a meeting at work", source: "message",
			content: "I attended a meeting at work.",
			absent:  []wf{{"HELD_AT", "*", "*", "", ""}}},
		{name: "a cousin's wedding", source: "message",
			content: "I just got back from my cousin's wedding.",
			want:    []wf{{"ATTENDED", "User", "User's cousin's wedding", "", ""}}},
		{name: "a shop downtown, in a relative clause", source: "message",
			content: "I'm really happy with my new tennis racket, which I got from a sports store downtown.",
			want:    []wf{{"BOUGHT_FROM", "User", "sports store downtown", "", ""}}},
	})
}

// TestExtractUses reads a product or a service one uses, from when the
// clause dates it, and no use of a time or a question's.
func TestExtractUses(t *testing.T) {
	runConstructions(t, []construction{
		{name: "using a device for months", source: "message",
			content: "I've been using my Fitbit Charge 3 for 9 months now.",
			want:    []wf{{"USES", "User", "Fitbit Charge 3", "2023-08-15", ""}}},
		{name: "using an app", source: "message",
			content: "I've been using Lightroom for most of my editing.",
			want:    []wf{{"USES", "User", "Lightroom", "ref", ""}}},
		{name: "used to use", source: "message",
			content: "I used to use a loofah.",
			want:    []wf{{"USES", "User", "loofah", "", "ref"}}},
		{name: "a time used", source: "message",
			content: "I use that time to read.",
			absent:  []wf{{"USES", "*", "*", "", ""}}},
		{name: "a question", source: "message",
			content: "Can I use your phone?",
			absent:  []wf{{"USES", "*", "*", "", ""}}},
	})
}

// TestExtractAppositiveThing reads a thing of one's own named beside it
// as owned by that name, and a relative named so as the relative.
func TestExtractAppositiveThing(t *testing.T) {
	runConstructions(t, []construction{
		{name: "my car, a make", source: "message",
			content: "My car, a Skoda Fabia, broke down.",
			want:    []wf{{"OWNS", "User", "Skoda Fabia", "ref", ""}}},
		{name: "my neighbour, a name", source: "message",
			content: "My neighbour, Vesna Holm, called.",
			want:    []wf{{"NEIGHBOR_OF", "Vesna Holm", "User", "ref", ""}},
			absent:  []wf{{"OWNS", "*", "*", "", ""}}},
	})
}

// TestExtractCamelBrands reads a brand written with a small first letter
// and a capital after it ("iMac", "iPad") as a name.
func TestExtractCamelBrands(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an iMac bought", source: "message",
			content: "I bought an iMac from Quillary.",
			want:    []wf{{"OWNS", "User", "iMac", "ref", ""}, {"BOUGHT_FROM", "User", "Quillary", "", ""}}},
		{name: "an iPad used", source: "message",
			content: "I use my iPad every day.",
			want:    []wf{{"USES", "User", "iPad", "ref", ""}}},
	})
}
