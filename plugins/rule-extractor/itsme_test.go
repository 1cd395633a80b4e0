package main

import "testing"

// TestExtractSelfAnnounced reads "it's your brother", said at a door or
// on the telephone to one called by name or to the voice that answers,
// as "I'm your brother"; "it's your brother's car", a question and a
// relative clause announce no one.
func TestExtractSelfAnnounced(t *testing.T) {
	runConstructions(t, []construction{
		{name: "at the door, to the next voice", source: "message",
			content: "Vesna: Ingunn! Open up! It's your brother! I have to talk to you!\nIngunn: Go away, Sigvald.",
			want:    []wf{{"BROTHER_OF", "Vesna", "Ingunn", "ref", ""}}},
		{name: "a name called first", source: "message",
			content: "Oddny: Hi Ingunn, it's your mother. Call me back when you can.\nIngunn: Hi.",
			want:    []wf{{"MOTHER_OF", "Oddny", "Ingunn", "ref", ""}}},
		{name: "calling about something", source: "message",
			content: "Ysolde: Hello Sigvald, it's your landlord, calling about the boiler.\nSigvald: Oh, hello.",
			want:    []wf{{"LANDLORD_OF", "Ysolde", "Sigvald", "ref", ""}}},
		{name: "something of the relative's", source: "message",
			content: "Vesna: Ingunn, it's your brother's car outside.\nIngunn: Oh no.",
			absent:  []wf{{"BROTHER_OF", "*", "*", "", ""}}},
		{name: "a question", source: "message",
			content: "Vesna: Ingunn, is it your brother?\nIngunn: No.",
			absent:  []wf{{"BROTHER_OF", "*", "*", "", ""}}},
		{name: "a relative clause", source: "message",
			content: "Vesna: Ingunn, it's your brother who called.\nIngunn: Oh.",
			absent:  []wf{{"BROTHER_OF", "Vesna", "*", "", ""}}},
	})
}
